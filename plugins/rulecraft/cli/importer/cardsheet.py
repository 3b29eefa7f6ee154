"""The furniture of cards printed on a sheet to cut out, where the rules themselves are cards.

A print-and-play game prints its rules as cards, nine to a sheet (see :func:`placed.card_sheet`). Each card
repeats the furniture of its template: a small number badge beside the title in its title bar ('Setting Up
   R5'), which keeps the title from reading as a heading (a row of two cells), and a foot line naming the
game ('HOBNAIL TINKERS · RULES'), which read as text lands between every two cards' rules. Both are left out
of the text and listed as remarks, so the report shows what was dropped and where.
"""

from __future__ import annotations

import re
from collections import Counter

from .placed import card_sheet

CARD_NUMBER = re.compile(r"[#№]?[A-Z]{0,2}-?\d{1,3}[a-z]?")  # 'R5', '#12', 'A-3', '7'


def _text(seg) -> str:
    return "".join(c.text for c in seg).strip()


def _frame(row, frames: list):
    return next((b for b in frames if b[0] <= row.x0 and row.x1 <= b[2] and b[1] <= row.y <= b[3]), None)


def number_badges(rows: list, boxes: list, width: float) -> list[tuple]:
    """(row, segment) for each card's number set beside its title: a short code with a figure ('R5') at the
    card's right, set smaller than the bold title it stands by, in the title's row (a second cell) or alone on a
    row of its own a little off the title's baseline (a badge centred in the title bar)."""
    sheet = card_sheet(rows, boxes, width)
    if not sheet:
        return []
    found = []
    for k, row in enumerate(rows):
        frame = _frame(row, sheet[0])
        if frame is None or not 1 <= len(row.segments) <= 2:
            continue
        badge = row.segments[-1]
        if not CARD_NUMBER.fullmatch(_text(badge)) or badge[0].x0 < (frame[0] + frame[2]) / 2:
            continue
        if len(row.segments) == 2:
            titles = [row.segments[0]]
        else:  # alone on its row: the title is the row above or below it, close by in the same card
            titles = [r.segments[0] for r in rows[max(0, k - 1):k + 2] if r is not row and len(r.segments) == 1
                      and _frame(r, sheet[0]) == frame and abs(r.y - row.y) <= max(c.size for c in r.chars)]
        size = max(c.size for c in badge)
        if any(re.search(r"[^\W\d_]", _text(title)) and all(c.bold for c in title if c.text.strip())
               and size < 0.9 * min(c.size for c in title if c.text.strip()) for title in titles):
            found.append((row, badge))
    return found


def foot_lines(rows: list, boxes: list, width: float) -> list:
    """Each card's lowest line when it stands in the bottom fifth of its frame: a foot, if the same words (its
    figures aside) end three cards or more (the caller counts over the whole sheet set)."""
    sheet = card_sheet(rows, boxes, width)
    if not sheet:
        return []
    lowest: dict[tuple, object] = {}
    for row in rows:
        frame = _frame(row, sheet[0])
        if frame is not None and row.y - frame[1] <= 0.2 * (frame[3] - frame[1]) \
                and (frame not in lowest or row.y < lowest[frame].y):
            lowest[frame] = row
    return list(lowest.values())


def foot_key(row) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", "".join(c.text for c in row.chars).strip().lower()))


def repeated_feet(candidates: list) -> set[int]:
    """id() of the feet whose words end three cards or more."""
    counts = Counter(foot_key(row) for row in candidates)
    return {id(row) for row in candidates if counts[foot_key(row)] >= 3 and re.search(r"[^\W\d_]", foot_key(row))}
