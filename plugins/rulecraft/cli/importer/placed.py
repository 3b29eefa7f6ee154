"""Text placed on a page in frames rather than flowed: numbered callouts round a picture, and two columns
of a short block whose lines do not share baselines.

A quick-start page sets its set-up as numbered callouts round a drawn board ('1 Lay out the board', '2 Each
player takes …' in circles, left and right of it). Read across, the left and the right callouts interleave
line by line, and the picture's own labels fall between them. :func:`callout_order` finds them by their bold
numbers, each followed on its row by the start of its text, standing at two or more places across the page
and counting 1, 2, 3 …; it gathers each callout's wrapped lines below its number and puts the callouts in
their order, each a row for its number and first line ('1. Lay out …') then its own lines, so the reader sees
a numbered list. The rest (labels, captions) follows in its own order.

A glossary set in two columns of a page otherwise in one (CSS columns over a definition list) has no gutter
the page shows, and its two columns' lines, in different sizes, fall on different baselines, so read across
they alternate: :func:`staggered_columns` reads such a block column by column. Both work on the PDF reader's
rows; nothing is dropped.
"""

from __future__ import annotations

import re
from dataclasses import replace

NUMBER = re.compile(r"^\d{1,2}$")


def _text(seg) -> str:
    return "".join(c.text for c in seg).strip()


def _heads(rows) -> list[tuple[int, int, int]]:
    """(row index, segment index, number) of each bold number followed on its row by plain text within an em
    or two (a numbered circle and its callout's first words)."""
    out = []
    for i, row in enumerate(rows):
        for k, seg in enumerate(row.segments[:-1]):
            after = row.segments[k + 1]
            letters = [c for c in seg if c.text.strip()]
            if NUMBER.match(_text(seg)) and all(c.bold for c in letters) and not after[0].bold \
                    and after[0].x0 - seg[-1].x1 <= 2.5 * after[0].size and _text(after)[:1].isalpha():
                out.append((i, k, int(_text(seg))))
    return out


def callout_order(rows, width: float) -> list:
    """The page's rows with its numbered callouts gathered and in order (see the module); the rows unchanged
    when the page has none: fewer than three numbers, numbers not counting 1, 2, 3 …, or all at one place
    (a numbered list down a column is read as it stands)."""
    heads = _heads(rows)
    numbers = [n for _, _, n in heads]
    if len(heads) < 3 or sorted(numbers) != list(range(1, len(heads) + 1)):
        return rows
    xs = [rows[i].segments[k][0].x0 for i, k, _ in heads]
    if max(xs) - min(xs) < width / 4:
        return rows
    taken: dict[int, set[int]] = {}  # row index -> indexes of its segments a callout took
    callouts: dict[int, list] = {}
    for i, k, n in heads:
        row = rows[i]
        number, first = row.segments[k], row.segments[k + 1]
        size = first[0].size
        lo = number[0].x0 - 3 * size  # wrapped lines may start left of the number, under the circle
        hi = min([row.segments[kk][0].x0 - 3 * size for r, kk, _ in heads if r == i and kk > k], default=width)
        mark = [replace(number[-1], text=number[-1].text + ".", bold=False)]
        head_chars = [replace(c, bold=False) for c in number[:-1]] + mark + first
        lines = [type(row)(head_chars, row.y, row.page, [head_chars])]
        taken.setdefault(i, set()).update({k, k + 1})
        last_y = row.y
        for j in range(i + 1, len(rows)):
            below = rows[j]
            if last_y - below.y > 1.75 * size:
                break
            segs = [m for m, s in enumerate(below.segments) if lo <= s[0].x0 < hi and m not in taken.get(j, set())]
            if len(segs) != 1 or NUMBER.match(_text(below.segments[segs[0]])):
                break
            seg = below.segments[segs[0]]
            lines.append(type(below)(list(seg), below.y, below.page, [list(seg)]))
            taken.setdefault(j, set()).add(segs[0])
            last_y = below.y
        callouts[n] = lines
    out: list = []
    first_head = min(i for i, _, _ in heads)
    for i, row in enumerate(rows):
        if i == first_head:
            for n in sorted(callouts):
                out.extend(callouts[n])
        left = [s for m, s in enumerate(row.segments) if m not in taken.get(i, set())]
        if len(left) == len(row.segments):
            out.append(row)
        elif left:
            chars = [c for s in left for c in s]
            out.append(replace(row, chars=chars, segments=left))
    return out


def _side(row, gutter: float) -> int | None:
    """0 or 1: the row's one segment stands left or right of the gutter; None when it crosses, or has more."""
    if len(row.segments) != 1:
        return None
    seg = row.segments[0]
    return 0 if seg[-1].x1 < gutter else 1 if seg[0].x0 > gutter else None


def _staggered(band: list, width: float) -> float | None:
    """The gutter of a block of one-segment rows in two columns whose rows alternate (each column two rows or
    more, a clear strip of an em and a half between them, the right column starting past a third of the
    page), or None."""
    if len(band) < 4:
        return None
    lefts = sorted(r.segments[0][0].x0 for r in band)
    for x0 in lefts:
        if x0 < width / 3:
            continue
        left = [r for r in band if r.segments[0][0].x0 < x0]
        right = [r for r in band if r.segments[0][0].x0 >= x0]
        if len(left) < 2 or len(right) < 2:
            return None
        edge = max(r.segments[0][-1].x1 for r in left)
        size = min(r.size() for r in band)
        sides = [0 if r in left else 1 for r in band]
        alternate = any(a == 1 and b == 0 for a, b in zip(sides, sides[1:]))
        return (edge + x0) / 2 if x0 - edge >= 1.5 * size and alternate else None
    return None


def staggered_columns(rows: list) -> list:
    """The page's rows (a page without gutters, in reading order) with each block of two staggered columns
    (see the module) read left column first; each column's rows measured from its own edge. A block is a run
    of rows each one segment narrower than half the text's width, none far below the one before."""
    if not rows:
        return rows
    lo, hi = min(r.x0 for r in rows), max(r.x1 for r in rows)

    def narrow(k: int) -> bool:
        row = rows[k]
        return len(row.segments) == 1 and row.x1 - row.x0 < 0.5 * (hi - lo)

    out: list = []
    i = 0
    while i < len(rows):
        if not narrow(i):
            out.append(rows[i])
            i += 1
            continue
        j = i + 1
        while j < len(rows) and narrow(j) and 0 <= rows[j - 1].y - rows[j].y <= 2.5 * rows[j].size():
            j += 1
        band = rows[i:j]
        gutter = _staggered(band, hi)
        if gutter is not None and all(_side(r, gutter) is not None for r in band):
            for side in (0, 1):
                column = [r for r in band if _side(r, gutter) == side]
                edge = min(r.x0 for r in column)
                for row in column:
                    row.left = edge
                out.extend(column)
        else:
            out.extend(band)
        i = j
    return out


def panel_gutters(rows: list, width: float, height: float) -> list[float]:
    """The folds of a tri-fold leaflet's page (landscape, three panels of a third each, the text in frames
    placed on each): [a third, two thirds] when no text crosses either fold and each panel holds text, else []
    (the page's own gutters, or none, are then read as usual)."""
    text_rows = [r for r in rows if r.segments]
    if width < 1.2 * height or len(text_rows) < 8:
        return []
    folds = [width / 3, 2 * width / 3]
    if any(s[0].x0 < x < s[-1].x1 for r in text_rows for s in r.segments for x in folds):
        return []
    edges = [0.0, *folds, width]
    filled = [sum(1 for r in text_rows for s in r.segments if a <= s[0].x0 < b) for a, b in zip(edges, edges[1:])]
    return folds if min(filled) >= 2 else []


def frame_gutters(rows: list, boxes: list, width: float) -> list[float]:
    """The gutters between the columns of a sheet of cards to cut out: four or more drawn frames of one size
    (within 2 pt), each as wide as a tenth of the page or more, standing in two or more columns and holding
    nearly all the page's text (a title and a footer aside). Read across, each row of cards interleaves its
    cards' lines ('Burn: every foe in' 'Chill: a foe skips' 'loses one.'); a gutter midway between each two
    columns of frames, which no text crosses, reads each card whole."""
    sheet = card_sheet(rows, boxes, width)
    return sheet[1] if sheet else []


def frame_cuts(rows: list, boxes: list, width: float) -> list[float]:
    """Where a sheet of cards (see :func:`frame_gutters`) passes from one row of cards to the next, top to
    bottom: midway between the rows' frames. Cards are read as a page is, along each row of cards in turn
    ('Setting Up (1/2)' then '(2/2)' beside it), not down each column of the sheet."""
    sheet = card_sheet(rows, boxes, width)
    if not sheet:
        return []
    tops: list[tuple[float, float]] = []  # (top, bottom) of each row of frames
    for box in sorted(sheet[0], key=lambda b: -b[3]):
        if not tops or tops[-1][0] - box[3] > 2:
            tops.append((box[3], box[1]))
    return [(above[1] + below[0]) / 2 for above, below in zip(tops, tops[1:]) if below[0] <= above[1] + 1]


def card_sheet(rows: list, boxes: list, width: float) -> tuple[list, list[float]] | None:
    """(the frames holding text, the gutters between their columns) of a sheet of cards, None if none."""
    frames = [b for b in boxes if b[2] - b[0] >= 0.1 * width and b[3] - b[1] >= 0.1 * width]
    sizes: dict[tuple[int, int], list] = {}
    for box in frames:
        key = next((k for k in sizes if abs(k[0] - (box[2] - box[0])) <= 2 and abs(k[1] - (box[3] - box[1])) <= 2),
                   (round(box[2] - box[0]), round(box[3] - box[1])))
        sizes.setdefault(key, []).append(box)
    text = [s for r in rows for s in r.segments]
    for group in sorted(sizes.values(), key=len, reverse=True):
        held = [b for b in group if any(b[0] <= s[0].x0 and s[-1].x1 <= b[2] and b[1] <= s[0].y <= b[3] for s in text)]
        if len(held) < 4:
            break
        framed = sum(1 for s in text if any(b[0] <= s[0].x0 and s[-1].x1 <= b[2] and b[1] <= s[0].y <= b[3]
                                            for b in held))
        if framed < 0.8 * len(text):
            continue  # boxes on a page of rules (a grid of die faces beside the text): no sheet of cards
        lefts: list[float] = []
        for box in sorted(held):
            if not lefts or box[0] - lefts[-1] > 2:
                lefts.append(box[0])
        if len(lefts) < 2:
            continue
        rights = [max(b[2] for b in held if abs(b[0] - x) <= 2) for x in lefts]
        xs = [(right + left) / 2 for right, left in zip(rights, lefts[1:]) if left > right - 1]
        top, bottom = max(b[3] for b in held), min(b[1] for b in held)  # a title over the sheet may cross
        inside = [seg for seg in text if bottom <= seg[0].y <= top]
        if len(xs) == len(lefts) - 1 and not any(s[0].x0 < x < s[-1].x1 for s in inside for x in xs):
            return held, xs
    return None


def _disc(seg, boxes) -> tuple | None:
    """The small drawn shape (a disc, a rounded square) round a number that leads a segment, or None."""
    digits = []
    for char in seg:
        if not char.text.isdigit() or len(digits) == 2:
            break
        digits.append(char)
    if not digits or (len(seg) > len(digits) and seg[len(digits)].text in ".)"):
        return None  # '1.', '2)': a list marker typed as such needs no help
    size = digits[0].size
    x0, x1, y = digits[0].x0, digits[-1].x1, digits[0].y
    for box in boxes:
        w, h = box[2] - box[0], box[3] - box[1]
        if 1.1 * size <= w <= 3 * size and 1.1 * size <= h <= 3 * size and 0.75 <= w / h <= 1.33 \
                and box[0] <= x0 and x1 <= box[2] and box[1] <= y + 0.3 * size <= box[3]:
            return box
    return None


def disc_numbers(rows, boxes) -> None:
    """Step numbers printed in drawn discs ('①Tide', '② Lay the tiles …'): two or more rows on the page each
    led by a number standing alone in a small square-ish shape, counting 1, 2 … (each number's one before it
    there too). The disc is the list
    marker's full stop: the number is written '1.' and joined to its text, so the row reads as a numbered item
    ('1. Lay …', not a two-cell row '1 — Lay …') and, as a bold name, as a numbered heading. A number a shape
    holds among other text (a cost in a card's corner) does not lead its row and is left alone."""
    led = []
    for row in rows:
        number = re.match(r"\d{1,2}", _text(row.segments[0])) if row.segments else None
        if number and _disc(row.segments[0], boxes) is not None:
            led.append((row, int(number.group(0))))
    numbers = [n for _, n in led]
    if len(led) < 2 or not {1, 2} <= set(numbers) or any(n - 1 not in numbers for n in numbers if n > 1):
        return  # the numbers count 1, 2 … (a page may hold two runs: the set-up's, the turn's)
    for row, number in led:
        seg = row.segments[0]
        last = len(str(number)) - 1
        seg[last].text += "."
        seg[last].disc = True
        alone = not "".join(c.text for c in seg[last + 1:]).strip()  # a space after it drawn in the disc's cell
        if alone and len(row.segments) > 1:  # the number alone in its cell: one with its text
            seg = seg + row.segments[1]
            row.segments[0:2] = [seg]
        for char in seg[:last + 1]:  # the number set bold in its disc takes the weight of the words it leads
            char.bold = seg[last + 1].bold if len(seg) > last + 1 else char.bold
