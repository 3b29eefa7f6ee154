"""What a Word user types with tabs, read from pandoc's tree: lists, die rolls, tab-stop tables and glossaries.

pandoc reads a tab as a space; :mod:`docx_reader` keeps each as a private mark (``TAB``) so that runs of
paragraphs typed '1.⇥Place …', '2-3⇥Dead calm.', 'Loft⇥the part of your board …' or cut by tab stops into
columns become the list, table or definition list the user means. Every other tab is a space again.
"""

from __future__ import annotations

import re

from .docx_reader import SPACE, TAB

ITEM = re.compile(r"^\s*(?:(?P<number>\d{1,2})[.)]|(?P<bullet>[•●▪■◦‣○–-]))\s*$")
ROLL = re.compile(r"^\s*\d{1,2}(?:\s*[-–]\s*\d{1,2}|\+)?\s*$")


def _split(inlines: list) -> list[list]:
    """The inlines cut at each tab mark (a Str holding one is cut in two)."""
    cells: list[list] = [[]]
    for node in inlines:
        if node["t"] == "Str" and TAB in node["c"]:
            parts = node["c"].split(TAB)
            for k, part in enumerate(parts):
                if k:
                    cells.append([])
                if part:
                    cells[-1].append({"t": "Str", "c": part})
        else:
            cells[-1].append(node)
    return [_trim(c) for c in cells]


def _trim(inlines: list) -> list:
    while inlines and inlines[0]["t"] in ("Space", "SoftBreak"):
        inlines = inlines[1:]
    while inlines and inlines[-1]["t"] in ("Space", "SoftBreak"):
        inlines = inlines[:-1]
    return inlines


def text(inlines) -> str:
    if isinstance(inlines, list):
        return "".join(text(i) for i in inlines)
    if isinstance(inlines, dict):
        if inlines["t"] == "Str":
            return inlines["c"].replace(SPACE, " ")
        if inlines["t"] in ("Space", "SoftBreak", "LineBreak"):
            return " "
        c = inlines.get("c")
        return text(c[-1] if inlines["t"] in ("Span", "Link", "Quoted") else c) if isinstance(c, list) else ""
    return ""


def _cells(block: dict) -> list[list] | None:
    if block["t"] not in ("Para", "Plain"):
        return None
    return _split(block["c"])


def _item(block: dict):
    """('ol', number, rest) / ('ul', None, rest) of a paragraph typed '1.⇥Rest' or '•⇥Rest'."""
    cells = _cells(block)
    if not cells or len(cells) < 2 or not any(cells[1:]):
        return None
    found = ITEM.match(text(cells[0]))  # '1.', or '**1.**'
    if not found:
        return None
    return ("ol" if found.group("number") else "ul", found.group("number"), _joined(cells[1:]))


def _joined(cells: list[list]) -> list:
    out: list = []
    for cell in cells:
        if cell:
            out += ([{"t": "Space"}] if out else []) + cell
    return out


def _para(inlines: list) -> dict:
    return {"t": "Plain", "c": inlines}


def _cell(inlines: list) -> list:
    return [["", [], []], {"t": "AlignDefault"}, 1, 1, [_para(inlines)] if inlines else []]


def table(rows: list[list[list]], head: list[list] | None = None) -> dict:
    """A pandoc Table of rows of cells (inline lists), with a header row when given."""
    width = max(len(r) for r in rows + ([head] if head else []))
    spec = [[{"t": "AlignDefault"}, {"t": "ColWidthDefault"}] for _ in range(width)]

    def row(cells):
        return [["", [], []], [_cell(c) for c in cells]]

    return {"t": "Table", "c": [["", [], []], [None, []], spec, [["", [], []], [row(head)] if head else []],
                                [[["", [], []], 0, [], [row(r) for r in rows]]], [["", [], []], []]]}


def _runs(blocks: list, test, least: int) -> list[tuple[int, int]]:
    out, i = [], 0
    while i < len(blocks):
        j = i
        while j < len(blocks) and test(blocks[i], blocks[j]):
            j += 1
        if j - i >= least:
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


def _lists(blocks: list) -> list:
    def same(first, block):
        a, b = _item(first), _item(block)
        return bool(a and b and a[0] == b[0])

    for i, j in reversed(_runs(blocks, same, 2)):
        items = [_item(b) for b in blocks[i:j]]
        entries = [[_para(rest)] for _, _, rest in items]
        if items[0][0] == "ol":
            new = {"t": "OrderedList", "c": [[int(items[0][1]), {"t": "Decimal"}, {"t": "Period"}], entries]}
        else:
            new = {"t": "BulletList", "c": entries}
        blocks[i:j] = [new]
    return blocks


def _tab_width(block: dict) -> int:
    cells = _cells(block)
    return len(cells) if cells and len(cells) >= 3 and all(cells) else 0


def _tables(blocks: list) -> list:
    for i, j in reversed(_runs(blocks, lambda a, b: _tab_width(a) and _tab_width(b) == _tab_width(a), 2)):
        width = _tab_width(blocks[i])
        rows = [_cells(b) for b in blocks[i:j]]
        head, start = None, i
        above = blocks[i - 1] if i else None
        if above is not None and above["t"] in ("Header", "Para"):
            inlines = above["c"][2] if above["t"] == "Header" else above["c"]
            cells = [[{"t": "Str", "c": c.strip()}] for c in text(inlines).split(TAB)]
            bold = above["t"] == "Para" and len(inlines) == 1 and inlines[0]["t"] == "Strong"
            if len(cells) == width and (above["t"] == "Header" or bold):
                head, start = cells, i - 1
        blocks[start:j] = [table(rows, head)]
    return blocks


def _term(block: dict):
    if block["t"] != "Para" or len(block["c"]) < 2 or block["c"][0]["t"] != "Strong":
        return None
    term = text(block["c"][0]["c"]).strip()
    rest = _split(block["c"][1:])
    if not term or TAB in term or len(term) > 60 or rest[0] or len(rest) != 2 or not rest[1]:
        return None
    return block["c"][0]["c"], rest[1]


def _glossary(blocks: list) -> list:
    for i, j in reversed(_runs(blocks, lambda a, b: bool(_term(a) and _term(b)), 2)):
        entries = [[_trim(term), [[_para(rest)]]] for term, rest in map(_term, blocks[i:j])]
        blocks[i:j] = [{"t": "DefinitionList", "c": entries}]
    return blocks


def _roll(block: dict):
    cells = _cells(block)
    if not cells or len(cells) < 2 or not cells[0] or not ROLL.match(text(cells[0])) or not _joined(cells[1:]):
        return None
    return cells[0], _joined(cells[1:])


def _rolls(blocks: list) -> list:
    for i, j in reversed(_runs(blocks, lambda a, b: bool(_roll(a) and _roll(b)), 3)):
        rows = [_roll(b) for b in blocks[i:j]]
        if all(text(r[0]).strip().isdigit() for r in rows):
            continue
        blocks[i:j] = [table([[roll, rest] for roll, rest in rows])]
    return blocks


BANNER_LEVEL = 2
# a layout table's label: a few words naming a section ('Setting up', 'Phase 1 – Set'), never a number or a roll
LAYOUT_LABEL = re.compile(r"(?=.*[^\W\d_]{2})(?!\W*\d+\W*$)(?!.*[.!?]\s+\S).{1,60}", re.S)


def _layout(block: dict) -> list | None:
    """A page laid out as one table, each row a section: a short label in the left cell, the section's blocks
    (paragraphs, lists, nested tables) in the right, in three rows or more, a third of them at least: the
    blocks, each label a heading; a row of one cell (a title across the page) its blocks. None for data."""
    _, _, _, head, bodies, foot = block["c"]
    rows = [r[1] for r in head[1]] + [r[1] for body in bodies for r in body[2] + body[3]] + [r[1] for r in foot[1]]
    pairs = [cells for cells in rows if len(cells) == 2]
    if len(rows) < 4 or len(pairs) * 10 < len(rows) * 8 or any(len(cells) > 2 or not cells for cells in rows):
        return None
    labels = [text(left[4]).strip() for left, _ in pairs]
    if any(not LAYOUT_LABEL.fullmatch(label) for label in labels) or any(
            b["t"] in ("Table", "BulletList", "OrderedList") for left, _ in pairs for b in left[4]):
        return None
    blocky = sum(1 for _, right in pairs if len(right[4]) >= 2)
    if blocky < 3 or blocky * 3 < len(pairs):
        return None
    out: list = []
    for cells in rows:
        if len(cells) == 2:
            label = text(cells[0][4]).strip()
            out.append({"t": "Header", "c": [BANNER_LEVEL, ["", [], []], [{"t": "Str", "c": label}]]})
        out += cells[-1][4]
    return out


def layout_tables(blocks: list) -> list:
    """Layout tables unwrapped; in a table of data, a cell's paragraph set as a heading (a bold '1–2') is text."""
    out: list = []
    for block in blocks:
        inner = _layout(block) if block["t"] == "Table" else None
        if inner is None and block["t"] == "Table":
            _, _, _, head, bodies, foot = block["c"]
            for row in [r for r in head[1]] + [r for body in bodies for r in body[2] + body[3]] + foot[1]:
                for cell in row[1]:
                    cell[4] = [{"t": "Para", "c": b["c"][2]} if b["t"] == "Header" else b for b in cell[4]]
        out += layout_tables(inner) if inner is not None else [block]
    return out


def read_typed(blocks: list) -> list:
    """The blocks with typed lists, tab tables, glossaries and roll tables read as such (in each list of
    blocks: the body, a cell, a quote)."""
    blocks = _rolls(_glossary(_tables(_lists(layout_tables(list(blocks))))))
    for block in blocks:
        if block["t"] in ("BlockQuote", "Div"):
            inner = block["c"] if block["t"] == "BlockQuote" else block["c"][1]
            inner[:] = read_typed(inner)
    return blocks


def untab(node, mark: str = " "):
    """The tree with every tab mark left written as ``mark``."""
    if isinstance(node, list):
        for child in node:
            untab(child, mark)
    elif isinstance(node, dict):
        if node.get("t") == "Str":
            node["c"] = node["c"].replace(TAB, mark).replace(SPACE, " ")
        elif isinstance(node.get("c"), list):
            untab(node["c"], mark)
    return node
