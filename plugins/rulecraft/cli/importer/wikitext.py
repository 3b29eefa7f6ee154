"""MediaWiki wikitext (a fan wiki's page source, Fandom or Wikipedia style) as Markdown.

A wiki page marks structure with its own markup: ``== Setup ==`` headings, ``#`` numbered and ``*`` bulleted
lists, ``; Term`` / ``: definition`` pairs, ``'''bold'''`` and ``''italic''``, ``[[Page|label]]`` links and
``{| class="wikitable"`` tables (``|+`` caption, ``!`` header cells, ``|-`` row breaks, ``||`` between cells).
:func:`to_markdown` rewrites those lines into the Markdown the reader knows, each with its source line.
Templates (``{{Infobox …}}``, ``{{citation needed}}``), references (``<ref>…</ref>``), files and categories
are no rules text: they leave the text and are listed with their line, so nothing goes unmentioned; an
infobox's ``title`` becomes the page title.
"""

from __future__ import annotations

import re

from .outline import Remark
from .text import excerpt

Line = tuple[int, str]

HEADING = re.compile(r"^(?P<marks>={1,6})\s*(?P<text>.+?)\s*(?P=marks)\s*$")
REF = re.compile(r"<ref\b[^>/]*/>|<ref\b[^>]*>.*?</ref\s*>", re.I)
TEMPLATE = re.compile(r"\{\{(?:[^{}]|\{\{[^{}]*\}\})*\}\}")  # one level of nesting ('{{cite|{{date}}}}')
FILE_LINK = re.compile(r"\[\[(?:File|Image):(?P<body>[^\]]*)\]\]", re.I)
CATEGORY = re.compile(r"\[\[Category:(?P<name>[^\]|]*)(?:\|[^\]]*)?\]\]", re.I)
WIKI_LINK = re.compile(r"\[\[(?P<target>[^\]|]*)(?:\|(?P<label>[^\]]*))?\]\]")
EXTERNAL = re.compile(r"\[(?P<url>https?://\S+)\s+(?P<label>[^\]]+)\]")
MAGIC = re.compile(r"__[A-Z]+__")


def is_wikitext(text: str) -> bool:
    """Two or more '== Heading ==' lines and some other wiki markup ('[[…]]', '{{…}}', "'''", '{|'), and no
    HTML heading."""
    if re.search(r"<h[1-6]\b", text, re.I):  # '# …' lines are the wiki's numbered lists, not headings
        return False
    headings = sum(1 for line in text.split("\n") if HEADING.match(line) and line.startswith("=="))
    return headings >= 2 and bool(re.search(r"\[\[|\{\{|'''|^\{\|", text, re.M))


def _inline(text: str, ln: int, remarks: list[Remark]) -> str:
    for match in REF.finditer(text):
        body = re.sub(r"<[^>]+>", "", match.group(0)).strip()
        remarks.append(Remark("markup", f"reference dropped: '{excerpt(body)}'" if body else
                              "reference mark dropped (a footnote the page repeats)", ln))
    text = REF.sub("", text)
    while TEMPLATE.search(text):
        for match in TEMPLATE.finditer(text):
            remarks.append(Remark("markup", f"wiki template dropped: '{excerpt(match.group(0))}'", ln))
        text = TEMPLATE.sub("", text)
    for match in CATEGORY.finditer(text):
        remarks.append(Remark("markup", f"wiki category dropped: '{match.group('name').strip()}'", ln))
    text = CATEGORY.sub("", text)

    def file_link(match: re.Match) -> str:
        parts = match.group("body").split("|")
        options = re.compile(r"^(?:thumb|thumbnail|frame|frameless|left|right|center|none|upright.*|\d+px|"
                             r"\d*x\d+px|alt=.*|link=.*)$", re.I)
        caption = next((p for p in reversed(parts[1:]) if not options.match(p.strip())), "")
        return f"![{caption.strip()}]({parts[0].strip()})"

    text = FILE_LINK.sub(file_link, text)
    text = WIKI_LINK.sub(lambda m: (m.group("label") or m.group("target").lstrip("#")).strip(), text)
    text = EXTERNAL.sub(lambda m: f"[{m.group('label').strip()}]({m.group('url')})", text)
    text = re.sub(r"'''''(.+?)'''''", r"***\1***", text)
    text = re.sub(r"'''(.+?)'''", r"**\1**", text)
    text = re.sub(r"''(.+?)''", r"*\1*", text)
    text = re.sub(r"<br\s*/?>", " ", text, flags=re.I)
    if re.search(r"<references\s*/?>", text, re.I):
        text = re.sub(r"<references\s*/?>", "", text, flags=re.I)
    return MAGIC.sub("", text).rstrip()


def _table(lines: list[Line], i: int, remarks: list[Remark]) -> tuple[list[Line], int]:
    """The '{| … |}' table starting at line ``i``: its caption as a bold lead-in line, then '| … |' rows
    (a separator after the first), each at the line of its first cell. Returns (lines, next index)."""
    caption: Line | None = None
    rows: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    j = i + 1
    while j < len(lines):
        ln, raw = lines[j]
        text = raw.strip()
        j += 1
        if text.startswith("|}"):
            break
        if text.startswith("|+"):
            caption = (ln, _inline(text[2:].strip(), ln, remarks))
        elif text.startswith("|-"):
            current = None
        elif text.startswith(("!", "|")):
            sep = "!!" if text.startswith("!") else "||"
            cells = [_inline(re.sub(r"^[^|]*=\"[^\"]*\"\s*\|(?!\|)", "", c).strip(), ln, remarks)
                     for c in re.split(re.escape(sep) + r"|\|\|", text[1:])]
            if current is None:
                current = []
                rows.append((ln, current))
            current.extend(cells)
        elif current is not None and text:
            current[-1] = f"{current[-1]} {_inline(text, ln, remarks)}".strip()
    out: list[Line] = []
    if caption and caption[1]:
        out += [(caption[0], f"**{caption[1]}**"), (caption[0], "")]
    for n, (ln, cells) in enumerate(rows):
        out.append((ln, "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"))
        if n == 0:
            out.append((ln, "|" + " --- |" * len(cells)))
    out.append((lines[j - 1][0], ""))
    return out, j


def _template_block(lines: list[Line], i: int, remarks: list[Remark]) -> tuple[list[Line], int]:
    """A template spanning lines ('{{Infobox board game' … '}}'): listed, left out; an infobox's title
    becomes the page title."""
    depth, j, body = 0, i, []
    while j < len(lines):
        depth += lines[j][1].count("{{") - lines[j][1].count("}}")
        body.append(lines[j][1])
        j += 1
        if depth <= 0:
            break
    out: list[Line] = []
    name = lines[i][1].strip()[2:].split("|")[0].strip()
    for k in range(i, j):
        field = re.match(r"^\s*\|\s*title\s*=\s*(?P<title>\S.*)$", lines[k][1])
        if field and name.lower().startswith("infobox"):
            out.append((lines[k][0], "# " + _inline(field.group("title"), lines[k][0], remarks)))
    fields = "; ".join(excerpt(line.strip().lstrip("|").strip()) for line in body[1:-1] if line.strip().lstrip("|"))
    remarks.append(Remark("markup", f"wiki template '{name}' dropped" + (f": {excerpt(fields)}" if fields else ""),
                          lines[i][0]))
    return out, j


def to_markdown(lines: list[Line], remarks: list[Remark]) -> list[Line]:
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln, raw = lines[i]
        text = raw.rstrip()
        if text.startswith("{|"):
            table, i = _table(lines, i, remarks)
            out += [(ln, "")] + table
            continue
        if text.startswith("{{") and text.count("{{") > text.count("}}"):
            block, i = _template_block(lines, i, remarks)
            out += block
            continue
        i += 1
        heading = HEADING.match(text)
        if heading:
            out.append((ln, "#" * len(heading.group("marks")) + " " + _inline(heading.group("text"), ln, remarks)))
            continue
        marker = re.match(r"^(?P<marks>[*#:;]+)\s*(?P<rest>.*)$", text)
        if marker:
            marks, rest = marker.group("marks"), marker.group("rest")
            if marks == ";":  # '; Term' (or '; Term : definition' on one line)
                term, _, definition = rest.partition(" : ")
                body = _inline(term, ln, remarks)
                out.append((ln, f"**{body}**: {_inline(definition, ln, remarks)}" if definition else body))
            elif marks == ":":
                out.append((ln, ": " + _inline(rest, ln, remarks)))
                if i < len(lines) and not lines[i][1].startswith(":"):
                    out.append((ln, ""))  # the next '; Term' starts an entry of its own
            elif set(marks) <= {"*", "#"}:
                indent = "   " * (len(marks) - 1)
                bullet = "1." if marks[-1] == "#" else "-"
                out.append((ln, f"{indent}{bullet} {_inline(rest, ln, remarks)}"))
            else:
                out.append((ln, _inline(text, ln, remarks)))
            continue
        out.append((ln, _inline(text, ln, remarks)))
    return out
