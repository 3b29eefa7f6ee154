"""Framed boxes side by side on a PDF page, read box by box as the page is read.

A print-and-play sheet sets its turn as four boxes in a row ('STEP 1' … 'STEP 4', each a name over a short
paragraph) and its glossary as a grid of small cards (a bold term over its meaning). Read across, the boxes'
lines interleave ('Move your splitter to any' 'Each slab you took' …), a table finder sees columns, and a page
gutter may cut the row of boxes in two. Read here instead: each box whole (its title, then its text), the boxes
of a row left to right, then the next row; a tab set small over the box's title ('STEP 1' over 'Blast') is
the title's first words, as on the page.

A row of boxes: two or more drawn frames, each a tenth of the page wide or more, their tops and bottoms level
(a flexbox or grid row stretches its items), side by side a few points apart (or one alone, as large as those
of another row: the last of a wrapping row), each holding two or more lines of
text wholly inside it, the first bold (a title or a tab) and some plain (its text), and no line of that band
running out of its frame (a table's cells do not read as boxes: a cell rarely opens bold and goes on plain,
and a striped row's cells touch). A sheet of cards to cut out (:func:`placed.card_sheet`) keeps its own rule.
"""

from __future__ import annotations

from dataclasses import replace

from .placed import card_sheet

TOLERANCE = 3.0  # pt: frames level, text inside its frame


def _bold(seg) -> bool:
    letters = [c for c in seg if c.text.strip()]
    return bool(letters) and all(c.bold for c in letters)


def _inside(seg, box) -> bool:
    x0, y0, x1, y1 = box
    return x0 - 1 <= seg[0].x0 and seg[-1].x1 <= x1 + 1 and y0 <= seg[0].y <= y1


def _same(box, other) -> bool:
    return all(abs(a - b) <= TOLERANCE for a, b in zip(box, other))


def _frames(rows: list, shapes: list, width: float) -> list[tuple]:
    """(frame, [(row, segment) it holds, top to bottom]) for each frame that holds a box's text."""
    out: list[tuple] = []
    for box in shapes:
        if not 0.1 * width <= box[2] - box[0] <= 0.9 * width or box[3] - box[1] < 18 \
                or any(_same(box, o) for o, _ in out):
            continue  # too small for a box of text, the page's own colour, or a frame kept (its fill, its border)
        held = [(row, seg) for row in rows for seg in row.segments if _inside(seg, box)]
        if len({id(row) for row, _ in held}) >= 2 and _bold(held[0][1]) and not all(_bold(s) for _, s in held):
            out.append((box, held))
    return out


def _bands(frames: list[tuple], rows: list, width: float) -> list[list[tuple]]:
    """The rows of boxes among the frames, top to bottom, each box left to right."""
    groups: list[list[tuple]] = []
    for frame in sorted(frames, key=lambda f: (-f[0][3], f[0][0])):
        group = next((g for g in groups if abs(g[0][0][3] - frame[0][3]) <= TOLERANCE
                      and abs(g[0][0][1] - frame[0][1]) <= TOLERANCE), None)
        if group is None:
            groups.append([frame])
        else:
            group.append(frame)
    def size(frame) -> tuple[float, float]:
        return frame[0][2] - frame[0][0], frame[0][3] - frame[0][1]

    rows_of_boxes = [g for g in groups if len(g) >= 2]
    bands = []
    for group in groups:
        group.sort(key=lambda f: f[0][0])
        # a box alone in its row: the last of a wrapping row of boxes, as large as theirs
        alone = len(group) == 1 and any(all(abs(a - b) <= TOLERANCE for a, b in zip(size(group[0]), size(f)))
                                        for g in rows_of_boxes for f in g)
        if (len(group) < 2 and not alone) \
                or any(not -1 <= b[0][0] - a[0][2] <= 0.06 * width for a, b in zip(group, group[1:])):
            continue
        x0, x1 = group[0][0][0], group[-1][0][2]
        y0, y1 = min(f[0][1] for f in group), max(f[0][3] for f in group)
        held = {id(seg) for _, segs in group for _, seg in segs}
        if any(id(seg) in {id(s) for _, segs in band for _, s in segs} for band in bands for seg in held):
            continue  # a panel round boxes already read
        if any(id(seg) not in held and y0 <= seg[0].y <= y1 and seg[0].x0 < x1 and seg[-1].x1 > x0
               for row in rows for seg in row.segments):
            continue  # text in the band outside its boxes (running across them): no row of boxes
        bands.append(group)
    return bands


def _box_rows(held: list[tuple], extent: tuple[float, float]) -> list:
    """One box's lines as rows of their own, measured from the box's text edge; a small bold tab over a larger
    bold title joins it ('STEP 1' over 'Blast': one heading, 'STEP 1 Blast')."""
    left = min(seg[0].x0 for _, seg in held)
    out: list = []
    for row, seg in held:
        if out and out[-1].y == row.y:
            out[-1].segments.append(list(seg))
            out[-1].chars.extend(seg)
        else:
            out.append(replace(row, chars=list(seg), segments=[list(seg)], left=left, box=extent, bottom=None))
    if len(out) >= 3 and all(len(r.segments) == 1 and r.bold() for r in out[:2]):
        tab, title = out[0], out[1]
        words = "".join(c.text for c in tab.chars).split()
        if len(words) <= 3 and title.size() >= 1.15 * tab.size() \
                and 0 < tab.y - title.y <= 3 * title.size() and not "".join(c.text for c in title.chars).rstrip().endswith((".", ":")):
            size = title.size()
            chars = [replace(c, size=size) for c in tab.chars]
            chars.append(replace(chars[-1], text=" ", x0=chars[-1].x1))
            chars += title.chars
            out[:2] = [replace(title, chars=chars, segments=[chars])]
    return out


def read_boxes(rows: list, shapes: list, width: float) -> list:
    """The page's rows with each row of framed boxes (see the module) read box by box: its lines as rows of
    their own in reading order, standing where its first line stood, marked with the band's extent (``box``)
    so the page's columns are found from the text around it and the band is read whole across a gutter."""
    if len(rows) < 3 or not shapes or card_sheet(rows, shapes, width) is not None:
        return rows
    bands = _bands(_frames(rows, shapes, width), rows, width)
    if not bands:
        return rows
    taken: dict[int, int] = {}  # id(segment) -> band
    first: dict[int, int] = {}  # band -> index of the row holding its first line
    for number, band in enumerate(bands):
        for _, held in band:
            for row, seg in held:
                taken[id(seg)] = number
    for k, row in enumerate(rows):
        for seg in row.segments:
            if id(seg) in taken:
                first.setdefault(taken[id(seg)], k)
    out: list = []
    for k, row in enumerate(rows):
        for number, band in enumerate(bands):
            if first[number] == k:
                extent = (band[0][0][0], band[-1][0][2])
                for _, held in band:
                    out += _box_rows(held, extent)
        rest = [seg for seg in row.segments if id(seg) not in taken]
        if len(rest) == len(row.segments):
            out.append(row)
        elif rest:
            out.append(replace(row, chars=[c for seg in rest for c in seg], segments=rest))
    return out
