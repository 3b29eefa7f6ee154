"""Two-dimensional dice tables (combat results tables): every grid row has a cell per column, every cell's
codes are the legend's, and every reachable (column, total) has exactly one cell under every combination of
column shifts and die modifiers — a column or a roll past the table's edges only where a rule resolves it."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..dice.grid_odds import grid_coverage, grid_ranges
from ..dice.shape import ShapeError, shape_of
from ..models.index import GameIndex
from ..models.records import cell_tokens
from ..problems import Problem, error


def check(index: GameIndex) -> Iterator[Problem]:
    for table in index.game.tables:
        if table.columns is not None:
            yield from _grid(index, table)


def _grid(index: GameIndex, table) -> Iterator[Problem]:
    game = index.game
    count = len(table.columns.values)
    bad_rows = False
    for r, row in enumerate(table.grid):
        if len(row.cells) != count:
            bad_rows = True
            yield error("grid-cells", f"table '{table.id}': grid row {r + 1} (roll {row.roll}) has "
                        f"{len(row.cells)} cell(s) but the table has {count} columns "
                        f"({', '.join(map(str, table.columns.values))})", game.where(row, "cells"),
                        "give the row one cell per column, left to right ('—' for no effect)", game.id)
    yield from _codes(index, table)
    try:
        shape_of(table, index.dice)
    except (ShapeError, ValueError):
        return  # the dice themselves are reported by dice_coverage
    if bad_rows:
        return  # odds over rows of the wrong width would report gaps that are the same mistake
    cov = grid_coverage(table)
    heads = ", ".join(map(str, table.columns.values))
    for position, how in cov.lost_columns:
        side = "left of the first" if position < 0 else "right of the last"
        yield error("grid-beyond", f"table '{table.id}': {how} lands {side} column ({heads}), and the table "
                    "does not say what happens there", game.where(table, "columns"),
                    "add 'beyond: clamp' under 'columns' (the edge column counts) or a stated result: "
                    "'beyond: {low: AE, high: DE}'", game.id)
    span = _span(table)
    ranges = grid_ranges(table)
    for total, how in cov.gaps:
        yield error("grid-gap", f"table '{table.id}': no grid row covers a total of {total} (the rows cover "
                    f"{span}; e.g. {how})", game.where(table.grid[_nearest(ranges, total)], "roll"),
                    "add a row for it, widen the end row ('6+', '1-'), or say what a roll past the rows gives: "
                    "'rolls_beyond: clamp' or 'rolls_beyond: {low: ..., high: ...}'", game.id)
    for i, j, shared in cov.overlaps:
        yield error("grid-overlap", f"table '{table.id}': grid rows {i + 1} ('{table.grid[i].roll}') and {j + 1} "
                    f"('{table.grid[j].roll}') both cover {shared.label}", game.where(table.grid[j], "roll"),
                    "each total must belong to exactly one row", game.id)
    for i in cov.unreachable:
        yield error("grid-unreachable", f"table '{table.id}': grid row {i + 1} ('{table.grid[i].roll}') can "
                    "never be rolled, with or without the modifiers", game.where(table.grid[i], "roll"),
                    "fix the roll or remove the row", game.id)


def _nearest(ranges, total: int) -> int:
    """The row closest to an uncovered total: the one to widen, or to add a row next to."""
    def distance(i: int) -> int:
        r = ranges[i]
        return min(abs(total - b) for b in (r.low, r.high) if b is not None)
    return min(range(len(ranges)), key=distance)


def _span(table) -> str:
    ranges = grid_ranges(table)
    lows = [r.low for r in ranges]
    highs = [r.high for r in ranges]
    low = "any" if None in lows else str(min(lows))
    high = "any" if None in highs else str(max(highs))
    return f"{low} to {high}"


def _codes(index: GameIndex, table) -> Iterator[Problem]:
    """Each code of a cell, and each stated result past an edge, is one the table's legend declares."""
    game = index.game
    legend = index.legends.get(table.legend) if table.legend else None
    if legend is None:
        return  # no legend (cells are plain results), or a dangling one (checks.references says so)
    known = [c.code for c in legend.codes]

    def undefined(token: str, where, what: str) -> Problem:
        close = difflib.get_close_matches(token, known, n=1, cutoff=0.5)
        hint = f"did you mean '{close[0]}'?" if close else \
            f"add it to legend '{legend.id}' (codes: {', '.join(known)})"
        return error("legend-undefined-code", f"table '{table.id}': {what} shows '{token}', which legend "
                     f"'{legend.id}' does not declare", where, hint, game.id)

    for r, row in enumerate(table.grid):
        for c, text in enumerate(row.cells):
            for token in cell_tokens(text):
                if legend.entry_for(token) is None:
                    column = table.columns.values[c] if c < len(table.columns.values) else c + 1
                    where = game.where_in_text(row, ("cells", c), text.find(token), token)
                    yield undefined(token, where, f"grid row {r + 1} (roll {row.roll}), column {column},")
    for rule, path in ((table.columns.beyond, ("columns", "beyond")), (table.rolls_beyond, ("rolls_beyond",))):
        if rule is None or rule == "clamp":
            continue
        for side in ("low", "high"):
            text = getattr(rule, side)
            for token in cell_tokens(text or ""):
                if legend.entry_for(token) is None:
                    yield undefined(token, game.where(table, *path, side), f"'{path[-1]}: {side}'")
