"""Plain-text rulebooks (a .txt file, a transcribed booklet): their layout conventions as Markdown.

A plain-text author marks structure with layout, not syntax: a heading is a line underlined with dashes or
equals signs (in any case, numbered or not), a short numbered line standing alone ('4.1  MEASURE',
'§ 3. Preparing the Pans'), or a line in capitals on its own; the first line, or the line inside an opening
banner of '=====', is the title; indentation is layout, never code; '(a)'/'a)' lines start a new entry; and
'GUILD MARK ...... a victory point' pairs a name with its meaning by a dot leader. :func:`to_markdown`
rewrites those lines into the Markdown the reader knows, one output line per input line, so every location
stays the source's own.
"""

from __future__ import annotations

import re

from .layout_lines import HEADER_WORDS, column_tables, drop_furniture
from .outline import Remark
from .pdf_reader import join_hyphens

AUTO_NUMBER = re.compile(r"^(?P<indent>\s*)#[.)]\s+")  # reST's '#.' item, typed in a text as in reST

Line = tuple[int, str]

ATX_HEADING = re.compile(r"^ {0,3}#{1,6}\s+\S", re.M)
RULE = re.compile(r"^\s*([-=~*_#+])\1{2,}\s*$")
LIST_LINE = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
# '4.1  MEASURE', '§ 3. Preparing the Pans', '2.0 GAME EQUIPMENT', 'IV. THE WEATHER': a section number, a title
NUMBERED_HEADING = re.compile(r"^(?P<number>(?:§\s*)?\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.)\s+"
                              r"(?P<title>[A-Z\"'‘“][^.!?:;]{0,58})$")
ENUMERATED = re.compile(r"^\s*(?:\([a-z0-9]\)|[a-z][.)]|\d{1,2}[.)])\s+\S")
# '**4.4 Renown.** Victory …', '**3.7** The player …': a numbered case led by its number in bold
CASE_LEAD = re.compile(r"^\s*\*\*\s*\d{1,2}(?:\.\d{1,3})+\b")
# '3.2 Place the nine mill tiles face up': a numbered case of a section, its sentence in plain type
CASE_LINE = re.compile(r"^\s*\d{1,2}\.\d{1,2}\s+[A-Z][a-z]")
# 'GUILD MARK ...... a victory point': a name, a dot leader, a meaning (a roll before the dots is a dice row)
DOT_LEADER = re.compile(r"^(?P<name>[A-Za-z][\w'’ /-]{0,40}?)\s*\.{2,}\s*(?P<body>\S.*)$")

# 'Fell – Stack – Kindle – Tend – Sell', 'Dawn • Market • Dusk': three or more short names on a line of their own,
# apart by one dash, bullet or arrow: a sequence the author set as a line, never a sentence to run on
_NAME = r"[A-Z][\w'’]*(?: [\w'’]+){0,2}"
SEQUENCE_LINE = re.compile(rf"^{_NAME}\s+(?P<sep>[–—•·→>|])\s+{_NAME}(?:\s+(?P=sep)\s+{_NAME})+$")


# '1) Market    2) Soak    3) Tan': three or more short names numbered from one on a line of their own
_NUMBERED_NAME = rf"\d{{1,2}}\\?[.)]\s+{_NAME}"
NUMBERED_SEQUENCE_LINE = re.compile(rf"^{_NUMBERED_NAME}(?:\s+{_NUMBERED_NAME}){{2,}}$")
_NUMBER_MARK = re.compile(r"(?:^|\s+)(\d{1,2})\\?[.)]\s+")


def _numbered_names(text: str) -> list[str]:
    """The names of a numbered sequence line, numbered 1, 2, 3 … in order, else []."""
    if not NUMBERED_SEQUENCE_LINE.match(text):
        return []
    parts = _NUMBER_MARK.split(text)[1:]  # [number, name, number, name, ...]
    numbers, names = parts[0::2], parts[1::2]
    return [n.strip() for n in names] if numbers == [str(k) for k in range(1, len(numbers) + 1)] else []


def is_sequence_line(text: str) -> bool:
    """A line naming a sequence: 'Fell – Stack – Tend' or '1) Market  2) Soak  3) Tan'."""
    return bool(sequence_names(text))


def sequence_names(text: str) -> list[str]:
    """The names of a sequence line (:data:`SEQUENCE_LINE`, or numbered: :data:`NUMBERED_SEQUENCE_LINE`), else
    []."""
    match = SEQUENCE_LINE.match(text.strip())
    if match:
        return [n.strip() for n in text.strip().split(match.group("sep"))]
    return _numbered_names(text.strip())


# what only Markdown types: a fenced code block, a callout ('> [!note]')
MARKDOWN_BLOCK = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(?:[^\n]*\n)*? {0,3}\1|^ {0,3}>[ \t]*\[![A-Za-z]+\]", re.M)


def is_plain(text: str, suffix: str = "") -> bool:
    """The text marks its structure by layout alone. A '.txt' file is plain unless it has real Markdown
    structure (front matter or two ATX headings: a stray '#', '---' or '*' is no Markdown); any other file is
    plain when it has no Markdown or HTML heading at all (a setext underline counts only unindented) and no
    block only Markdown types (MARKDOWN_BLOCK)."""
    if re.search(r"<h[1-6]\b", text, re.I):
        return False
    if suffix.lower() == ".txt":
        return not (text.startswith("---\n") or len(ATX_HEADING.findall(text)) >= 2)
    if ATX_HEADING.search(text) or MARKDOWN_BLOCK.search(text):
        return False
    lines = text.split("\n")
    for i in range(len(lines) - 1):  # a setext heading: one text line, not a list item, then ==== or ----
        if RULE.match(lines[i + 1]) and lines[i].strip() and not LIST_LINE.match(lines[i]) \
                and (i == 0 or not lines[i - 1].strip()) and lines[i + 1].strip()[0] in "=-" \
                and not lines[i + 1].startswith(" "):
            return False
    return True


def letters_closed(text: str) -> str:
    """'B U R R O W M A R K' -> 'BURROWMARK', 'S A L T   M A R S H' -> 'SALT MARSH': a title letter-spaced by
    typing a space between letters (words apart by two or more) is written as its words."""
    words = re.split(r"\s{2,}", text.strip())
    if sum(len(w.split()) for w in words) >= 4 and all(len(c) == 1 for w in words for c in w.split()):
        return " ".join(w.replace(" ", "") for w in words)
    return text


def _capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


# 'THE WEATHER ROLL (1 die)', 'A FEW WORDS (since you asked)': a title in capitals with a short aside in
# brackets after it, typed in ordinary case
ASIDE_AFTER = re.compile(r"^(?P<title>[^()]{3,50}?)\s*\((?P<aside>[^()]{1,40})\)$")


def _capitals_title(text: str) -> bool:
    """A title in capitals, perhaps followed by a bracketed aside in ordinary case."""
    aside = ASIDE_AFTER.match(text)
    return _capitals(aside.group("title") if aside else text)


# a cell naming a row: 'Blank', 'Spring Tide', 'Low Water (×2)', '2–3' (no sentence: no closing stop)
NAME_CELL = re.compile(r"(?:[A-Z][\w'’()×-]*(?: [\w'’()×-]+){0,2}|\d{1,2}(?:\s*[–—-]\s*\d{1,2})?)")


def _cell_rows(lines: list[Line], i: int) -> list[Line] | None:
    """A two-column table saved one cell per line (a PDF viewer's text of a table: 'Face' / 'Result' / 'Blank'
    / 'The fire is steady.' / 'Wisp' / 'Good smoke: add one log' / 'to the clamp.' …) starting at line ``i``:
    two lines naming the columns, then three rows or more, each a short name and its result's lines up to the
    one closing a sentence. As '| … |' rows, one per line: the name's row, then each result line as a row with
    its first cell empty, which the reader joins to the row above (a wrapped cell)."""
    heads = [lines[k][1].strip() for k in (i, i + 1) if k < len(lines)]
    if len(heads) < 2 or not all(h.lower() in HEADER_WORDS for h in heads) or heads[0].lower() == heads[1].lower():
        return None
    out = [(lines[i][0], f"| {heads[0]} |  |"), (lines[i + 1][0], f"|  | {heads[1]} |")]
    k, rows = i + 2, 0
    while k + 1 < len(lines) and NAME_CELL.fullmatch(name := lines[k][1].strip()):
        j, result = k + 1, []
        while j < len(lines) and lines[j][1].strip() and not (result and re.search(r"[.!?]$", result[-1][1])):
            result.append((lines[j][0], lines[j][1].strip()))
            j += 1
        if not result or NAME_CELL.fullmatch(result[0][1]) or not re.search(r"[.!?]$", result[-1][1]):
            break
        out += [(lines[k][0], f"| {name} |  |")] + [(ln, f"|  | {text} |") for ln, text in result]
        k, rows = j, rows + 1
    return out if rows >= 3 else None


def _one_cell_a_line(lines: list[Line]) -> list[Line]:
    out: list[Line] = []
    i = 0
    while i < len(lines):
        table = _cell_rows(lines, i)
        if table is None:
            out.append(lines[i])
            i += 1
            continue
        out += table
        i += len(table)
    return out


def _blank(lines: list[Line], i: int) -> bool:
    return i < 0 or i >= len(lines) or not lines[i][1].strip()


DENSE_SHARE = 0.05  # fewer blank lines than this share of the text lines: paragraphs are not set apart


def _dense(lines: list[Line]) -> bool:
    """Text whose paragraphs are not set apart by blank lines (copied from a PDF viewer: every printed line
    kept, no blank line anywhere), so a blank line above cannot be what marks a title."""
    text = [t for _, t in lines if t.strip()]
    return len(text) >= 20 and len(lines) - len(text) < DENSE_SHARE * len(text)


# '**What you need**', '**Variant: Londoners**', '__Setup:__': a line all in bold (a forum post's section title)
BOLD_TITLE = re.compile(r"^(\*\*|__)(?P<title>[^*_]{1,60}?):?\1:?$")


def _bold_titles(lines: list[Line]) -> set[int]:
    """Indices of lines all in bold standing after a blank line, when the text has two or more: a post typed in
    Markdown on a forum (Reddit, BoardGameGeek) marks its sections so, having no headings to type."""
    found = {k for k, (_, t) in enumerate(lines) if (m := BOLD_TITLE.match(t.strip())) and _blank(lines, k - 1)
             and not m.group("title").rstrip().endswith((".", "!", "?"))}  # '**Never show your hand.**': a rule
    return found if len(found) >= 2 else set()


def _runs_on(text: str, below: str) -> bool:
    """The line under a numbered line carries its sentence on: indented further, starting in lower case, and
    the numbered line does not end one (a list item typed across two lines, not a numbered title over text)."""
    indent, below_indent = len(text) - len(text.lstrip()), len(below) - len(below.lstrip())
    return bool(below.strip()) and below_indent > indent and below.lstrip()[0].islower() \
        and not text.rstrip().endswith((".", "!", "?", ":"))


def to_markdown(lines: list[Line], remarks: list[Remark] | None = None, typed: bool = False) -> list[Line]:
    """The same lines, as Markdown: headings marked with '#', indentation removed, page furniture blank,
    tables as '| … |' rows (:mod:`layout_lines`). An enumerated line ('(a) Spread ...') starting a new
    paragraph is the reader's part (:data:`ENUMERATED`). ``typed``: the lines are a file as its author typed
    it, so a line all in '**' is one they marked so (a forum post's section title); a PDF's or Word file's
    lines carry their bold runs so, which say nothing of the kind."""
    dense = _dense(lines)  # judged before furniture lines turn blank
    lines = drop_furniture(lines, remarks if remarks is not None else [])
    if dense:  # every printed line kept, as a PDF viewer saves it: 'clear-' / 'ed; turn it over' is one word
        joined = [(text, ln) for ln, text in lines]
        join_hyphens(joined)
        lines = _one_cell_a_line([(ln, text) for text, ln in joined])
    out = column_tables([(ln, text.rstrip()) for ln, text in lines])
    levels: dict[str, int] = {}  # underline character -> heading level, in order of first use
    underlined = [m.group(1) for k, (_, t) in enumerate(out)  # underlines: a rule under a text line standing alone
                  if (m := RULE.match(t)) and k >= 1 and out[k - 1][1].strip() and _blank(out, k - 2)]
    used = set(underlined)
    if {"=", "-"} <= used:  # Markdown's convention: '=' underlines a higher level than '-', whichever comes first
        levels.update({"=": 2, "-": 3})
    # a post's sections under bold titles: judged before the title is marked (no other headings in the text)
    bold_titles = set() if not typed or used or any(ATX_HEADING.match(t) for _, t in out) else _bold_titles(out)
    first = next((i for i in range(len(out)) if out[i][1].strip()), None)
    title_at = None
    if first is not None and RULE.match(out[first][1]):  # an opening banner: its first text line is the title
        title_at = next((j for j in range(first + 1, len(out)) if out[j][1].strip()), None)
        out[first] = (out[first][0], "")
    elif first is not None and (_blank(out, first + 1) or _capitals(out[first][1])) \
            and len(out[first][1].strip()) <= 60 and not out[first][1].strip().endswith((".", "!", "?", ":", ",")):
        title_at = first  # the first line standing alone, or set in capitals: the title
    elif bold_titles and first is not None and first not in bold_titles and _blank(out, first + 1) \
            and len(out[first][1].strip()) <= 120 and not out[first][1].strip().endswith(","):  # no greeting
        title_at = first  # a post's subject line: '[WIP] Hoppickers - full rules v0.4, looking for feedback!'
    if first is not None and out[first][1].startswith("#"):
        title_at = None  # the lines come with their headings marked (a pdftohtml page's bold titles)
    if title_at is None and underlined.count("=") == 1 and "-" in underlined:
        levels["="] = 1  # no title on the first line (a greeting): the one line underlined with '=' is the title
    if title_at is not None:
        out[title_at] = (out[title_at][0], "# " + letters_closed(out[title_at][1].strip()))
    # a PDF's headings come marked by their type size: a line in capitals it left unmarked (a sidebar's small
    # bold 'DESIGNER'S NOTE') ranks below every one of them, so the sections after it are not taken into it
    marked = [len(m.group(1)) for _, t in out if (m := re.match(r"^(#{1,6})\s", t))]
    caps_level = min(max(marked) + 1, 6) if len(marked) >= 3 else 2
    for i, (ln, text) in enumerate(out):
        if i == title_at or ATX_HEADING.match(text):
            continue
        if i in bold_titles:
            out[i] = (ln, "## " + BOLD_TITLE.match(text.strip()).group("title").strip())
            continue
        stripped = text.strip()
        rule = RULE.match(text)
        if rule:
            above = out[i - 1][1].strip() if i > 0 else ""
            if above and not above.startswith("#") and _blank(out, i - 2) and len(stripped) * 2 >= len(above):
                level = levels.setdefault(rule.group(1), 2 + len(levels))
                out[i - 1] = (out[i - 1][0], "#" * min(level, 6) + " " + above)
            out[i] = (ln, "")  # a banner or separator rule: layout only
            continue
        heading = NUMBERED_HEADING.match(stripped)
        below = out[i + 1][1] if i + 1 < len(out) else ""
        alone = _blank(out, i - 1) and (_blank(out, i + 1) or len(below) - len(below.lstrip()) >
                                        len(text) - len(text.lstrip()))
        if heading and _runs_on(text, below):
            heading = None  # '  1. Put the board in the middle and the' over '     marker on space 1.': a wrapped item
        # in a text pasted from a PDF viewer, '3. KINDLE' over its text: a numbered title in capitals after a
        # line that ends its sentence (a set-up step '3. Place your hut …' is no title)
        if heading and not alone and _capitals(heading.group("title")) and not _blank(out, i + 1) \
                and not _capitals(below) and (_blank(out, i - 1) or out[i - 1][1].rstrip()[-1:] in ".!?:)"):
            alone = True
        if heading and alone and not (i + 1 < len(out) and RULE.match(below)):
            parts = [p for p in re.findall(r"\d+", heading.group("number"))]
            while len(parts) > 1 and parts[-1] == "0":  # '2.0 GAME EQUIPMENT' is a top section
                parts.pop()
            out[i] = (ln, "#" * min(1 + len(parts), 6) + " " + stripped)
            continue
        # a short line in capitals on its own, or above its text (a PDF's section title has no blank below);
        # in a text pasted from a PDF viewer (no blank lines), after a line that ends its sentence
        above_ends = _blank(out, i - 1) or (dense and out[i - 1][1].rstrip().endswith((".", "!", "?", ":", ")")))
        aside = ASIDE_AFTER.match(stripped)
        if above_ends and (_blank(out, i + 1) or not _capitals(below)) and _capitals_title(stripped) \
                and len(aside.group("title") if aside else stripped) <= 50 \
                and not stripped.endswith((".", "!", "?", ":")) \
                and not LIST_LINE.match(stripped) and not stripped.startswith("|") and not RULE.match(below):
            out[i] = (ln, "#" * caps_level + " " + stripped)
            continue
        if _numbered_names(stripped):  # '1) Market  2) Soak  3) Tan' names the steps: a line of text, no list
            stripped = re.sub(r"^(\d{1,2})([.)])", r"\1\\\2", stripped)
        if AUTO_NUMBER.match(stripped):  # '#. Give each player …': reST's auto-numbered item, printed as typed
            stripped = AUTO_NUMBER.sub("1. ", stripped)
        if stripped.startswith(("• ", "· ", "◦ ")):
            stripped = "- " + stripped[2:]  # a typed bullet: a list item
        leader = DOT_LEADER.match(stripped)
        if leader:
            stripped = f"{leader.group('name').strip()} — {leader.group('body')}"
        out[i] = (ln, stripped)
    return out
