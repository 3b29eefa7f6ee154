"""What a text laid out by spacing alone says with its layout: page furniture and tables.

A PDF converted to text (``pdftotext -layout``) or a README drawn in monospace carries running heads and
footers, page numbers on lines of their own, form feeds, a dotted-leader contents list, and tables set as
columns separated by runs of spaces or drawn as ASCII boxes (``+----+----+`` and ``| … |``). These functions
work on ``(line number, text)`` pairs and never add or remove a line: furniture becomes a blank line (and a
:class:`Remark` with its line, so nothing is lost silently), a table row becomes a ``| … |`` row, so every
location stays the source's own.
"""

from __future__ import annotations

import re

from .outline import Remark
from .text import range_dashes

Line = tuple[int, str]

PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?\d{1,3}\s*$", re.I)
# 'Setting Up ........ 3', 'Round Summary ..... back cover': a contents entry, its page after a dot leader
CONTENTS_ENTRY = re.compile(r"^\s*[^\W\d].*?\s*\.{4,}\s*(?:\d{1,3}|[a-z]+(?: [a-z]+)?)\s*$", re.I)
BOX_RULE = re.compile(r"^\s*\+(?:[-=]+\+){1,}\s*$")
BOX_ROW = re.compile(r"^\s*\|.*\|\s*$")
GAP = re.compile(r"\S(?: ?\S)*")  # a cell: text with single spaces inside, cells apart by two or more


def drop_furniture(lines: list[Line], remarks: list[Remark]) -> list[Line]:
    """Running heads and footers (a short line repeated on three or more pages, its page number aside), page
    numbers standing alone, and a dotted-leader contents list (three or more entries) become blank lines."""
    out = [(ln, text.replace("\f", "")) for ln, text in lines]

    def key(text: str) -> str:
        return re.sub(r"\s+", " ", re.sub(r"\d+", "#", text.strip().lower()))

    counts: dict[str, int] = {}
    for _, text in out:
        if text.strip() and len(text.strip()) <= 100:
            counts[key(text)] = counts.get(key(text), 0) + 1
    n = len(out)
    heads = _heads_over_folios(out, key, counts)
    for i, (ln, text) in enumerate(out):
        stripped = text.strip()
        if not stripped:
            continue
        if i in heads:
            what = "page number" if PAGE_NUMBER.match(stripped) else "running page line"
            remarks.append(Remark("furniture", f"{what} dropped: '{stripped[:80]}'", ln))
            out[i] = (ln, "")
            continue
        around = (i == 0 or not out[i - 1][1].strip()) or (i + 1 >= n or not out[i + 1][1].strip())
        if PAGE_NUMBER.match(stripped) and around and i > 0:
            remarks.append(Remark("furniture", f"page number dropped: '{stripped}'", ln))
            out[i] = (ln, "")
        elif counts.get(key(text), 0) >= 3 and re.search(r"[a-z]", key(text)) and len(stripped) <= 100 \
                and (re.search(r"\s{3,}", stripped) or re.search(r"\d", stripped)):
            remarks.append(Remark("furniture", f"running page line dropped: '{stripped[:80]}'", ln))
            out[i] = (ln, "")
    i = 0
    while i < n:  # contents: a run of dot-leader entries, and the heading right above it
        j = i
        while j < n and (CONTENTS_ENTRY.match(out[j][1]) or (j > i and not out[j][1].strip()
                                                              and j + 1 < n and CONTENTS_ENTRY.match(out[j + 1][1]))):
            j += 1
        if j - i >= 3:
            start = i - 1 if i > 0 and re.fullmatch(r"\s*(?:table of )?contents\s*", out[i - 1][1], re.I) else i
            remarks.append(Remark("contents", f"table of contents dropped ({j - i} entries)", out[start][0]))
            for k in range(start, j):
                out[k] = (out[k][0], "")
        i = max(j, i + 1)
    return out


def _heads_over_folios(out: list[Line], key, counts: dict[str, int]) -> set[int]:
    """A running head with the folio on the next line ('CINDERMOOR COLLIERS' over '4': a PDF saved as text
    with every printed line kept, so no blank line sets either apart): a line repeated three or more times,
    at least three of them right above a page number, the numbers rising. The indexes of those heads and folios."""
    found: set[int] = set()
    for k in {key(t) for _, t in out if counts.get(key(t), 0) >= 3 and re.search(r"[a-z]", key(t))}:
        at = [i for i, (_, t) in enumerate(out) if t.strip() and key(t) == k]
        over = [i for i in at if i + 1 < len(out) and PAGE_NUMBER.match(out[i + 1][1].strip())]
        folios = [int(re.sub(r"\D", "", out[i + 1][1])) for i in over]
        if len(over) >= 3 and all(a < b for a, b in zip(folios, folios[1:])):
            found.update(over)
            found.update(i + 1 for i in over)
    return found


CONTENTS_TITLE = re.compile(r"^\W*(?:on this page|contents|table of contents|in this (?:article|guide|page))\W*$", re.I)


def _names_heading(text: str, headings: set[str], initials: set[str]) -> bool:
    if re.match(r"#{1,6}\s", text):
        return False  # the heading itself, where it stands
    words = re.sub(r"[^\w ]+", "", text).strip().lower()
    return words in headings or (text.strip().isupper() and words in initials)  # 'FAQ'


def drop_page_contents(lines: list[Line], remarks: list[Remark]) -> list[Line]:
    """A printed page's own contents ('On this page' over 'The goal', 'Setting up the river', … 'FAQ': the
    sidebar of a web page, a Word contents list without page numbers): a title such lists bear, then three or
    more lines each naming a heading of the document (or its initials), with blank lines between groups. The
    lines become blank, listed in one remark with their text (the headings they repeat are all kept)."""
    titles = [re.sub(r"^#+\s*", "", t).strip() for _, t in lines if re.match(r"#{1,6}\s", t)]
    headings = {re.sub(r"[^\w ]+", "", t).strip().lower() for t in titles}
    initials = {"".join(w[0] for w in t.split()).lower() for t in headings if len(t.split()) >= 2}
    out = list(lines)
    for i, (ln, text) in enumerate(out):
        if not CONTENTS_TITLE.match(text.strip().strip("*")):
            continue
        j, named = i + 1, []
        while j < len(out) and (not out[j][1].strip() or _names_heading(out[j][1], headings, initials)):
            if out[j][1].strip():
                named.append(j)
            j += 1
        if len(named) >= 3:
            entries = ", ".join(out[k][1].strip() for k in named)
            remarks.append(Remark("contents", f"the page's contents list dropped: '{entries[:160]}'", ln))
            for k in [i, *named]:
                out[k] = (out[k][0], "")
    return out


def _cells(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0)) for m in GAP.finditer(text)]


def grid_table(lines: list[Line], i: int) -> tuple[list[list[str]], bool, int] | None:
    """A table drawn with '+----+----+' rules and '| … |' rows from ``lines[i]`` (a pandoc grid table, an ASCII
    box in a README): (rows of cells, whether a header is marked, the index after it), or None. Cells are cut
    at the '+' columns of the first rule; between two rules, a line whose first cell is empty continues the
    row above (a pandoc cell wrapping), any other line starts a row (a box with one line a row)."""
    rule = lines[i][1].rstrip()
    if not BOX_RULE.match(rule) or i + 1 >= len(lines) or not BOX_ROW.match(lines[i + 1][1]):
        return None
    cuts = [k for k, c in enumerate(rule) if c == "+"]
    rows: list[list[str]] = []
    header = False
    header_rows = 0
    j = i
    new_group = True
    while j < len(lines):
        text = lines[j][1].rstrip()
        if BOX_RULE.match(text):
            if "=" in text and not header:
                header, header_rows = True, len(rows)
            new_group = True
            j += 1
            continue
        if not BOX_ROW.match(text):
            break
        cells = [text[a + 1:b].strip() if b <= len(text) else text[a + 1:].strip().rstrip("|").strip()
                 for a, b in zip(cuts, cuts[1:])]
        if rows and not new_group and not cells[0]:
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], cells)]
        else:
            rows.append(cells)
        new_group = False
        j += 1
    if len(rows) < 2:
        return None
    rows = [[range_dashes(c) for c in row] for row in rows]  # pandoc's '11--16'
    return rows, header and header_rows == 1, j


def _same_columns(cells: list[tuple[int, str]], starts: list[int]) -> bool:
    return len(cells) == len(starts) and abs(cells[0][0] - starts[0]) <= 2 \
        and all(abs(a - b) <= 2 for a, (b, _) in zip(starts[1:], cells[1:]))


def column_tables(lines: list[Line]) -> list[Line]:
    """Rows set in columns: three or more lines in a row, each two or more cells apart by runs of two or more
    spaces, starting at the same columns (a line with one cell under a later column continues the row above).
    With a header row (no digits, short words) the block becomes a '| … |' table; without one, a two-column
    block becomes 'name — meaning' lines (a glossary, a die's faces), the reader's entries."""
    out = list(lines)
    n = len(out)
    i = 0
    while i < n:
        first = _cells(out[i][1])
        if len(first) < 2 or out[i][1].lstrip().startswith(("|", "+")) \
                or not re.search(r"\S {2,}\S", out[i][1].strip()):
            i += 1
            continue
        starts = [s for s, _ in first]
        rows: list[list] = [[out[i][0], [c for _, c in first], i]]
        j = i + 1
        wrapped: list[int] = []

        spaced = False  # rows set apart by blank lines
        while j < n:
            if not out[j][1].strip():
                # entries set apart by a blank line (a hanging-indent glossary): the table goes on when the
                # line after the blank starts another row at the same columns, both with a meaning (three
                # words or more) beside the name, not a label over its text ('4.1  MEASURE')
                after = _cells(out[j + 1][1]) if j + 1 < n else []
                if after and not out[j + 1][1].lstrip().startswith(("|", "+")) and _same_columns(after, starts) \
                        and len(after[-1][1].split()) >= 3 and len(first[-1][1].split()) >= 3:
                    j += 1
                    spaced = True
                    continue
                break
            cells = _cells(out[j][1])
            if out[j][1].lstrip().startswith(("|", "+")):
                break
            if _same_columns(cells, starts):
                rows.append([out[j][0], [c for _, c in cells], j])
            elif len(cells) == 1 and abs(cells[0][0] - starts[-1]) <= 2:
                wrapped.append(j)  # the last cell wraps onto the next line
            else:
                break
            j += 1
        if len(rows) < 3:
            i += 1
            continue
        header = rows[0][1]
        has_header = _header_words(header) or (
            all(len(c.split()) <= 3 and not re.search(r"\d", c) for c in header)
            and all(re.search(r"\d", r[1][0]) for r in rows[1:]))
        for row_line, cells, k in rows:
            if has_header:
                text = "| " + " | ".join(cells) + " |"
            elif len(cells) == 2:  # set apart by blank lines, each is a list item (its wrapped lines join it)
                # 'Yealm   - a bundle of …': the meaning's own typed dash is the separator, not its first word
                meaning = re.sub(r"^(?:--?|[–—:])\s+", "", cells[1])
                text = ("- " if spaced else "") + f"{cells[0]} — {meaning}"
            else:
                text = out[k][1]
            out[k] = (row_line, text)
        for k in wrapped:  # a wrapped cell: a row with only its last cell (the reader joins it to the row
            # above), or, without a table, the line itself (the reader joins it to its entry)
            text = out[k][1].strip()
            out[k] = (out[k][0], "| " + " | ".join([""] * (len(starts) - 1) + [text]) + " |" if has_header else text)
        i = j
    return out


HEADER_WORDS = ("face", "effect", "result", "roll", "event", "term", "meaning", "what happens", "outcome",
                "d6", "2d6", "d66", "name", "symbol", "total")


def _header_words(cells: list[str]) -> bool:
    return any(c.strip().lower() in HEADER_WORDS for c in cells)
