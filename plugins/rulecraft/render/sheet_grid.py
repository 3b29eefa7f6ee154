"""A two-dimensional dice table on the cheat sheet: one compact grid (the columns' headings on top, a row per
roll, the codes as printed), the column shifts and the edge rules in a line each, and the legend in one run
under it, where the one-dimensional tables print roll -> result."""

from __future__ import annotations

from ..dice.grid_odds import grid_ranges
from ..dice.grid_words import heading_text, sheet_lines
from ..models.records import cell_tokens
from .base import Element, RenderContext, sub


def render_sheet_grid(unit: Element, table, ctx: RenderContext) -> None:
    for line in sheet_lines(table):
        sub(unit, "p", line, "rc-sheet-dice-meta rc-sheet-grid-line")
    grid = sub(unit, "table", cls="rc-sheet-table rc-sheet-grid")
    head = sub(sub(grid, "thead"), "tr")
    sub(head, "th", "", scope="col")
    for value in table.columns.values:
        sub(head, "th", heading_text(table, value, short=True), scope="col")
    body = sub(grid, "tbody")
    for row, rng in zip(table.grid, grid_ranges(table)):
        tr = sub(body, "tr")
        sub(tr, "th", rng.label, "rc-sheet-roll", scope="row")
        for text in row.cells:
            sub(tr, "td", "/".join(cell_tokens(text)) or text.strip() or "—")
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    if legend is not None:
        line = sub(unit, "p", cls="rc-sheet-legend")
        sub(line, "strong", legend.title + ":").tail = " "
        for i, entry in enumerate(legend.codes):
            code, meaning = legend.shown(entry)
            sub(line, "strong", code, "rc-sheet-code").tail = " "
            sub(line, "span", meaning).tail = " · " if i < len(legend.codes) - 1 else None
