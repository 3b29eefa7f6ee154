"""A word processor's "Plain Text" save (Word's File > Save As > Plain Text): tabs carry the layout.

Word writes a list item as its marker, a tab and the text ('•⇥Place …', '1.⇥Shuffle …'), a table as one line
per row with its cells apart by tabs, a contents list as 'Setting Up⇥3', and a heading as a bare line: blank
above, its text right below, no full stop. :func:`to_layout` turns those into the layout the plain-text reader
(:mod:`plaintext`) knows, before tabs are expanded to spaces (which would lose the columns): one output line
per input line, so every location stays the source's own.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

TAB_LIST = re.compile(r"^(?P<marker>[•·◦▪–-]|\d{1,2}[.)]|[a-z][.)])\t+(?P<text>\S.*)$")
# 'Setting Up⇥3', 'Quick Reference⇥back cover': a contents entry and its page
CONTENTS_ROW = re.compile(r"^(?P<name>[^\t]{1,60}?)\t+(?P<page>\d{1,3}|[a-z]+(?: [a-z]+)?)\s*$")
BARE_HEADING = re.compile(r"^[A-Z0-9][^\t.!?:;,]{0,40}$")


def is_word_text(text: str) -> bool:
    """Two or more list items typed as a marker, a tab and the text: Word's plain-text save of its lists."""
    return sum(1 for line in text.split("\n") if TAB_LIST.match(line)) >= 2


def _blank(lines: list[Line], i: int) -> bool:
    return i < 0 or i >= len(lines) or not lines[i][1].strip()


def _runs(lines: list[Line], test) -> list[tuple[int, int]]:
    """(start, end) of each run of consecutive lines passing ``test``."""
    runs, i = [], 0
    while i < len(lines):
        j = i
        while j < len(lines) and test(lines[j][1]):
            j += 1
        if j > i:
            runs.append((i, j))
        i = max(j, i + 1)
    return runs


def to_layout(lines: list[Line]) -> list[Line]:
    out = [(ln, text.rstrip()) for ln, text in lines]
    tabbed = [i for i, (_, text) in enumerate(out) if "\t" in text and not TAB_LIST.match(text)]
    done: set[int] = set()
    # a contents list: three or more 'Name⇥page' lines, written with a dot leader the furniture pass drops
    for start, end in _runs(out, lambda t: bool(CONTENTS_ROW.match(t)) and not TAB_LIST.match(t)):
        if end - start >= 3 and sum(CONTENTS_ROW.match(out[k][1]).group("page").isdigit()
                                    for k in range(start, end)) * 2 >= end - start:
            for k in range(start, end):
                row = CONTENTS_ROW.match(out[k][1])
                out[k] = (out[k][0], f"{row.group('name').strip()} ..... {row.group('page')}")
                done.add(k)
    # a table: two or more consecutive lines with the same number of tabs, one '| … |' row each
    for start, end in _runs(out, lambda t: "\t" in t and not TAB_LIST.match(t)):
        counts = {out[k][1].count("\t") for k in range(start, end)}
        if end - start >= 2 and len(counts) == 1 and not done & set(range(start, end)):
            for k in range(start, end):
                cells = [c.strip() for c in out[k][1].split("\t")]
                out[k] = (out[k][0], "| " + " | ".join(cells) + " |")
                done.add(k)
    for i in tabbed:  # a lone tabbed line ('1–4 players⇥Ages 10+⇥30–60 minutes'): its parts side by side
        if i not in done:
            out[i] = (out[i][0], " · ".join(c.strip() for c in out[i][1].split("\t") if c.strip()))
            done.add(i)
    for i, (ln, text) in enumerate(out):
        item = TAB_LIST.match(text)
        if item:
            out[i] = (ln, f"{item.group('marker')} {item.group('text')}")
        elif i not in done and i > 0 and _blank(out, i - 1) and not _blank(out, i + 1) \
                and BARE_HEADING.match(text) and len(text.split()) <= 6 and not text.isupper():
            out[i] = (ln, f"## {text}")  # a bare line with its text right below: a heading
    return _end_blocks(out)


def _end_blocks(lines: list[Line]) -> list[Line]:
    """Each line of the save is a paragraph, so a list item or table row never runs on into the line below:
    a blank line (at the same location) ends the list or table before a line of another kind."""
    out: list[Line] = []
    for i, (ln, text) in enumerate(lines):
        out.append((ln, text))
        below = lines[i + 1][1] if i + 1 < len(lines) else ""
        kind, below_kind = _kind(text), _kind(below)
        if kind in ("item", "row") and below.strip() and below_kind != kind:
            out.append((ln, ""))
    return out


def _kind(text: str) -> str:
    if text.startswith("|"):
        return "row"
    return "item" if re.match(r"^(?:[•·◦▪–-]|\d{1,2}[.)]|[a-z][.)]) \S", text) else "text"
