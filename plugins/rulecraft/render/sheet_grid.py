"""A two-dimensional dice table on the cheat sheet: one compact grid (the columns' headings on top, a row per
roll, the codes as printed), the column shifts and the edge rules in a line each, and the legend in one run
under it, where the one-dimensional tables print roll -> result. A grid wider than it is tall (a CRT's ten
odds by six rolls) is printed turned, the columns down the side and the rolls across, so it fits a column of
the sheet with its codes apart."""

from __future__ import annotations

from ..dice.grid_odds import grid_ranges
from ..dice.grid_words import heading_text, sheet_lines, sheet_turned
from ..models.records import cell_tokens
from .base import Element, RenderContext, sub


def render_sheet_grid(unit: Element, table, ctx: RenderContext) -> None:
    for line in sheet_lines(table):
        sub(unit, "p", line, "rc-sheet-dice-meta rc-sheet-grid-line")
    heads = [heading_text(table, value, short=True) for value in table.columns.values]
    rolls = [rng.label for rng in grid_ranges(table)]
    cells = [["/".join(cell_tokens(text)) or text.strip() or "—" for text in row.cells] for row in table.grid]
    turned = sheet_turned(table)
    # codes of three letters or more ('A-E', 'AR/EX') in smaller type, apart: a narrow cell would clip them
    long = max((len(text) for row in cells for text in row), default=0) >= 3
    grid = sub(unit, "table", cls="rc-sheet-table rc-sheet-grid" + (" rc-sheet-grid--turned" if turned else "")
               + (" rc-sheet-grid--long" if long else ""))
    head = sub(sub(grid, "thead"), "tr")
    sub(head, "th", "Roll →" if turned else "", scope="col")  # turned, the rolls run across
    for label in rolls if turned else heads:
        sub(head, "th", label, scope="col")
    body = sub(grid, "tbody")
    lines = zip(heads, zip(*cells)) if turned else zip(rolls, cells)
    for label, row in lines:
        tr = sub(body, "tr")
        sub(tr, "th", label, "rc-sheet-roll", scope="row")
        for text in row:
            sub(tr, "td", text)
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    if legend is not None:
        line = sub(unit, "p", cls="rc-sheet-legend")
        sub(line, "strong", legend.title + ":").tail = " "
        for i, entry in enumerate(legend.codes):
            code, meaning = legend.shown(entry)
            sub(line, "strong", code, "rc-sheet-code").tail = " "
            sub(line, "span", meaning).tail = " · " if i < len(legend.codes) - 1 else None
