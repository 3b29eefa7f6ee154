"""What a player reads on a built page, and the checks run over it (tests/site/test_player_text.py).

The player's text is a page's article without designer notes (``.rc-dnote``: hidden unless the Designer notes
switch is on), scripts and the controls' hidden templates; a game's Status page is the designers' page and is
not player text. Text is taken block by block (a paragraph, a list item, a table cell, a heading), so words
of two cells never read as one sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

# Process words: text about how the rules were written down, never the rules. Each is matched as whole words,
# ignoring case. A page may cite where a rule comes from ("Cards › Province Cards") but not comment on it.
BANNED = ("seed", "encoded", "encoding", "this data", "the data", "the source", "source says", "source's",
          "source rules", "the players' summary", "summary says", "assumed", "assumption", "not stated",
          "no stated", "does not say", "do not say", "does not show", "do not show", "not given",
          "open question", "open questions", "not in the source", "not part of the source", "leftover")
BANNED_RE = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in BANNED) + r")\b", re.I)

BLOCKS = ("p", "li", "td", "th", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "figcaption",
          "summary", "label", "output", "legend")
NOT_PLAYER_PAGES = ("authoring/", "offline/", "search/", "404")
HIDDEN = ".rc-dnote, script, style, template, .headerlink, [data-search-exclude] .rc-dnote"


def player_pages(site: Path):
    """(URL path, parsed article) of every page a player reads."""
    from bs4 import BeautifulSoup

    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(NOT_PLAYER_PAGES) or rel.split("/")[-2:-1] == ["status"]:
            continue
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article") or soup.body
        if article is None:
            continue
        for hidden in article.select(HIDDEN):
            hidden.decompose()
        yield rel, article


# Spans the site's stylesheet shows on a line of their own (rulecraft.css): read as blocks.
SHOWN_AS_BLOCKS = ".rc-sequence .rc-summary, .rc-stage-band .rc-summary"


def blocks(article) -> list[str]:
    """The article's text, one string per innermost block, whitespace squeezed."""
    for span in article.select(SHOWN_AS_BLOCKS):
        span.name = "p"
    out = []
    for el in article.find_all(BLOCKS):
        if el.find(BLOCKS):  # a block holding blocks: only the words whose nearest block is this one
            text = " ".join(s for s in el.find_all(string=True) if s.find_parent(BLOCKS) is el)
        else:
            text = el.get_text(" ")
        text = re.sub(r"\s+", " ", text).strip()
        if text:
            out.append(text)
    return out


def banned_words(text: str) -> list[str]:
    return [m.group(0) for m in BANNED_RE.finditer(text)]


# A sentence that starts in lower case after a full stop ("…£1). phase 7b"); abbreviations and numbers
# ("e.g. a", "1.5", "vs. b") are not sentence ends.
_ABBREVIATIONS = {"e.g", "i.e", "etc", "vs", "cf", "approx", "no", "p", "pp"}
_LOWER_AFTER_STOP_RE = re.compile(r"(\S+)\. +([a-z][\w’']*)")


def lower_case_sentences(text: str) -> list[str]:
    found = []
    for m in _LOWER_AFTER_STOP_RE.finditer(text):
        before = m.group(1).rstrip(")]»”\"'").lower()
        if before in _ABBREVIATIONS or re.fullmatch(r"[\d.,]*", before) or "." in before or "/" in before:
            continue
        found.append(m.group(0))
    return found


# A word written twice, as is or once in the plural ("VPs VP", "credits credit"): an icon's text beside its
# term, a unit beside a label.
_REPEAT_RE = re.compile(r"\b(\w{2,}?)(s|es)? (\1)(s|es)?\b", re.I)
_REPEAT_ALLOWED = {"that that", "had had"}


def repeated_words(text: str) -> list[str]:
    return [m.group(0) for m in _REPEAT_RE.finditer(text)
            if m.group(0).lower() not in _REPEAT_ALLOWED and not m.group(1).isdigit()]


# "1 credits", "1 players": the number one with a plural noun. Words that end in s but are not plurals
# ("1 bonus", "1 success", "1 is") are not counted.
_ONE_PLURAL_RE = re.compile(r"(?<![\d.,/×−+–-])\b1 ([A-Za-z]+s)\b")
_NOT_PLURALS = {"is", "was", "has", "does", "goes", "times", "means", "remains", "becomes", "counts", "gives", "plus", "minus", "bonus", "us", "this", "its", "thus", "as", "less",
                "success", "loss", "class", "pass", "across", "address", "progress", "status", "focus"}


def one_plurals(text: str) -> list[str]:
    return [m.group(0) for m in _ONE_PLURAL_RE.finditer(text)
            if m.group(1).lower() not in _NOT_PLURALS and not m.group(1).endswith(("ss", "us"))]


# A line of a PDF's text holding one short word alone mid-sentence, between a line that does not end a sentence
# and one that goes on in lower case ("If they" / "cannot" / "pay, they lose"): the line was broken before a
# word that fitted. Lines are pdftotext's, in reading order.
_LONE_WORD_RE = re.compile(r"[a-z][\w’'-]*")


def broken_lines(text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines()]
    found = []
    for before, line, after in zip(lines, lines[1:], lines[2:]):
        if (_LONE_WORD_RE.fullmatch(line) and len(line) <= 8 and before and not before.endswith((".", ":", "!", "?"))
                and after[:1].islower() and len(before.split()) > 1 and not before.isupper()):
            found.append(f"{before} / {line} / {after}")
    return found
