"""Exact odds and the coverage proof of a two-dimensional dice table (a combat results table).

A result depends on the column (the position the ratio or difference gives, moved by the column shifts and
resolved past an edge by ``beyond``) and on the total (the roll plus the die modifiers, resolved past the
first or last row by ``rolls_beyond``). Shifts move the column index: a shift past the edge never makes an
extra column. The checker (checks/dice_grid.py), the page's calculator data and the cheat sheet all read the
odds from here, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from .grid import Edge, reachable_positions, resolve
from .notation import RollRange, parse_roll
from .odds import Offset, reachable_offsets, shape_distribution, table_shape

if TYPE_CHECKING:
    from ..models import DiceTable


def grid_ranges(table: DiceTable) -> list[RollRange]:
    return [parse_roll(row.roll) for row in table.grid]


def _ends(ranges: list[RollRange]) -> tuple[int | None, int | None]:
    """The lowest and highest total the rows name (None for an open end)."""
    lows = [r.low for r in ranges]
    highs = [r.high for r in ranges]
    return (None if None in lows else min(lows)), (None if None in highs else max(highs))


def row_for(table: DiceTable, total: int, ranges: list[RollRange] | None = None) -> tuple[int | None, str | None]:
    """(row index, None) the total falls in — clamped onto the end row past the rows if ``rolls_beyond`` says
    so — or (None, stated result) past the rows, or (None, None) where nothing covers it."""
    ranges = grid_ranges(table) if ranges is None else ranges
    hits = [i for i, r in enumerate(ranges) if r.contains(total)]
    if hits:
        return hits[0], None
    low, high = _ends(ranges)
    side = "low" if low is not None and total < low else "high" if high is not None and total > high else None
    rule = table.rolls_beyond
    if side is None or rule is None:
        return None, None
    stated = None if rule == "clamp" else getattr(rule, side)
    if stated is not None:
        return None, stated
    edge = low if side == "low" else high
    return next(i for i, r in enumerate(ranges) if r.contains(edge)), None


def cell(table: DiceTable, column: int, total: int, ranges: list[RollRange] | None = None) -> str | None:
    """What the grid gives in ``column`` for a modified total (None: nothing covers it)."""
    row, stated = row_for(table, total, ranges)
    if stated is not None:
        return stated
    if row is None:
        return None
    cells = table.grid[row].cells
    return cells[column] if column < len(cells) else None


def roll_distribution(table: DiceTable) -> dict[int, Fraction]:
    return shape_distribution(table_shape(table))


def column_odds(table: DiceTable, column: int, die: int = 0) -> dict[str, Fraction]:
    """Exact chance of each result in a column with ``die`` added to the roll, in the grid's order of results."""
    ranges = grid_ranges(table)
    odds: dict[str, Fraction] = {}
    for total, p in sorted(roll_distribution(table).items()):
        result = cell(table, column, total + die, ranges)
        odds[result] = odds.get(result, Fraction(0)) + p
    return odds


def position_odds(table: DiceTable, position: int, die: int = 0) -> tuple[Edge | None, dict[str, Fraction]]:
    """The column a position (after shifts) resolves to, and each result's chance there: a stated result past
    the edge is certain; nothing stated there gives ({}, None)."""
    edge = resolve(position, len(table.columns.values), table.columns.beyond)
    if edge is None:
        return None, {}
    if edge.result is not None:
        return edge, {edge.result: Fraction(1)}
    return edge, column_odds(table, edge.column, die)


def shift_offsets(table: DiceTable) -> dict[int, Offset]:
    return reachable_offsets(table.shifts)


def die_offsets(table: DiceTable) -> dict[int, Offset]:
    return reachable_offsets(table.modifiers)


def odds_by_combination(table: DiceTable) -> dict[tuple[int, int, int], dict[str, Fraction]]:
    """(column, columns shifted, added to the die) -> each result's chance, for every column and every
    reachable total of shifts and of die modifiers."""
    found = {}
    for column in range(len(table.columns.values)):
        for shift in sorted(shift_offsets(table)):
            for die in sorted(die_offsets(table)):
                found[(column, shift, die)] = position_odds(table, column + shift, die)[1]
    return found


@dataclass
class GridCoverage:
    """What the checker reports: positions past an edge that no rule resolves, totals no row covers, totals
    two rows cover, and each grid row's cell count against the columns."""

    lost_columns: list[tuple[int, str]] = field(default_factory=list)  # (position, how it is reached)
    gaps: list[tuple[int, str]] = field(default_factory=list)  # (modified total, how it is reached)
    overlaps: list[tuple[int, int, RollRange]] = field(default_factory=list)
    unreachable: list[int] = field(default_factory=list)  # grid rows no modified roll can hit


def _how(offset: Offset, mods) -> str:
    return "" if not offset.counts else f" with {offset.describe(mods)}"


def grid_coverage(table: DiceTable) -> GridCoverage:
    """Every reachable (column, total) has exactly one cell under every combination of shifts and modifiers."""
    cov = GridCoverage()
    count = len(table.columns.values)
    low, high, examples = reachable_positions(table.columns)
    shifts = shift_offsets(table)
    said = dict(examples)
    for shift in sorted(shifts.values(), key=lambda o: (abs(o.value), o.value)):
        for base in (low, high):
            position = base + shift.value
            if not 0 <= position < count and resolve(position, count, table.columns.beyond) is None:
                if not any(p < 0 if position < 0 else p >= count for p, _ in cov.lost_columns):
                    what = said.get(base, f"the {'first' if base == 0 else 'last'} column")
                    cov.lost_columns.append((position, what + _how(shift, table.shifts)))
    ranges = grid_ranges(table)
    totals = sorted(roll_distribution(table))
    seen_gaps: set[int] = set()
    hit_rows: set[int] = set()
    for die in sorted(die_offsets(table).values(), key=lambda o: (abs(o.value), o.value)):
        for rolled in totals:
            total = rolled + die.value
            row, stated = row_for(table, total, ranges)
            if row is not None:
                hit_rows.add(row)
            elif stated is None and total not in seen_gaps:
                seen_gaps.add(total)
                cov.gaps.append((total, f"rolled {rolled}{_how(die, table.modifiers)}"))
    for i, a in enumerate(ranges):
        for j in range(i + 1, len(ranges)):
            shared = a.intersect(ranges[j])
            if shared is not None:
                cov.overlaps.append((i, j, shared))
    cov.unreachable = [i for i in range(len(ranges)) if i not in hit_rows]
    return cov
