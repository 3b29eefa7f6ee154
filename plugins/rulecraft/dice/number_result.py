"""Tables whose result is the total itself ("the total is this turn's market demand", "lose that many dollars").

A table is known to be one by its shape, not by a key: a single row of totals that every reachable total
falls in (under every combination of modifiers). Such a row cannot tell one roll from another, so the only
thing the roll decides is the number, and the row's result must be using it. Its chance is always 100 %,
which says nothing; what a player wants is the number's spread. The dice page lists each total with its
chance (render/dice.py: the page's modifiers shift it, as they shift any table's rows), the cheat sheet
prints the spread in one run (``spread_parts``, joined by ' · ').
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .conditions import has_conditions
from .odds import has_odds, numeric_coverage, row_ranges, shape_distribution, table_shape
from .shape import BudgetError, ShapeError

if TYPE_CHECKING:
    from ..models import CustomDie, DiceTable

MAX_TOTALS = 60  # more totals than this are not listed one per line: the single row stays as it is


def number_totals(table: DiceTable, die: CustomDie | None = None) -> list[int] | None:
    """Every total the roll can reach under some modifiers, lowest first, when the table's result is the
    total itself (see the module); None for any other table."""
    if table.form != "table" or table.columns is not None or len(table.rows) != 1 or has_conditions(table):
        return None
    row = table.rows[0]
    if row.roll is None or row.face is not None or not has_odds(table, die) or (table.custom_die and die is None):
        return None
    if table.custom_die and not die.numeric:
        return None
    (rng,) = row_ranges(table)
    if rng is None:
        return None
    try:
        reachable = numeric_coverage(table, die).reachable
    except (BudgetError, ShapeError):
        return None  # reported by the checker
    if not reachable or len(reachable) > MAX_TOTALS or not all(rng.contains(t) for t in reachable):
        return None
    return reachable


def total_chances(table: DiceTable, die: CustomDie | None = None, offset: int = 0) -> list[tuple[int, Fraction]]:
    """(total, chance) for every total of ``number_totals`` with ``offset`` added to the roll."""
    dist = shape_distribution(table_shape(table, die))
    return [(total, dist.get(total - offset, Fraction(0))) for total in number_totals(table, die) or []]


def spread_parts(chances: list[tuple[int, Fraction]], percent) -> list[str]:
    """The spread in parts, as the sheet prints them joined by ' · ', each kept on one line: '1–6 (17% each)' (a
    flat d6), '2 (2.8%)', '3 (5.6%)', … (2d6); totals that cannot come up are left out, neighbours with the
    same chance joined."""
    runs: list[list] = []  # [low, high, chance]
    for total, chance in chances:
        if not chance:
            continue
        if runs and runs[-1][2] == chance and runs[-1][1] == total - 1:
            runs[-1][1] = total
        else:
            runs.append([total, total, chance])
    return [f"{low} ({percent(chance)})" if low == high else f"{low}–{high} ({percent(chance)} each)"
            for low, high, chance in runs]
