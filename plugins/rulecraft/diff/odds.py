"""A dice table's chances as the site shows them, one labelled chance per outcome, for the diff to compare.

Every number comes from the odds code the pages use (dice/odds.py row_odds for rows, dice/target_odds.py
for targets and charts, dice/forms.py for opposed rolls and pools, dice/grid_odds.py for a combat results
table's columns), so a diff's "1/3 → 1/2" is what the page showed and now shows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice.forms import opposed_chances, pool_distribution
from ..dice.grid_odds import column_odds
from ..dice.modifiers import signed
from ..dice.odds import by_face, row_odds, table_shape
from ..dice.shape import BudgetError, ShapeError, shape_of
from ..dice.target_odds import earlier_shape, rows_of, table_chances
from ..models.index import GameIndex
from .handlers import short

if TYPE_CHECKING:
    from ..models import DiceTable


def row_label(table: DiceTable, row, index: GameIndex) -> tuple[str, str]:
    """A row as its table reads, (roll, result): ('5-6', 'Retire'), ('Storm', 'Lose a ship') (a custom die's
    face by its label)."""
    if row.face is not None:
        die = index.dice.get(table.custom_die)
        face = next((f for f in die.faces if f.id == row.face), None) if die else None
        key = face.label if face else row.face
    elif row.on is not None:
        key = f"on {row.on}"
    else:
        key = str(row.roll)
    return key, short(index.plain(row.result))


def chances(table: DiceTable, index: GameIndex, offset: int = 0) -> list[tuple[tuple[str, str], Fraction]] | None:
    """((what is rolled, what it does), chance) of each outcome with ``offset`` added by the modifiers; None
    where the page shows no chances (a custom die of unknown faces, a roll too large to work out, a broken
    table)."""
    die = index.dice.get(table.custom_die) if table.custom_die else None
    try:
        return _chances(table, index, die, offset)
    except (BudgetError, ShapeError, ValueError, KeyError, IndexError, ZeroDivisionError):
        return None  # the checker reports what is wrong with the table


def _chances(table, index: GameIndex, die, offset: int) -> list[tuple[tuple[str, str], Fraction]] | None:
    if table.columns is not None:
        out = []
        for column, heading in enumerate(table.columns.values):
            for result, p in column_odds(table, column, offset).items():
                out.append(((f"column {heading}", result or "nothing stated"), p))
        return out
    form = table.form
    if form in ("table", "pool") and table.rows:
        odds = row_odds(table, offset, die)
        if any(p is None for p in odds):
            return None
        if by_face(table, die) and offset:
            return None  # faces are read as shown: modifiers do not move them
        return [(row_label(table, row, index), p) for row, p in zip(table.rows, odds)]
    shape = table_shape(table, die)
    if form == "pool":
        pool = table.pool
        dist = pool_distribution(shape, pool.shown_dice, pool.threshold - offset)
        return [((f"{k} successes of {pool.shown_dice} dice", ""), p) for k, p in enumerate(dist)]
    if form == "opposed":
        o = table.opposed
        defender = shape_of(o.defender_dice, index.dice) if o.defender_dice else shape
        out = []
        for d in o.difference.values:
            win, _, _ = opposed_chances(shape, defender, d, o.ties)
            out.append(((f"difference {signed(d) if d else '0'}", o.attacker.wins(start=True)), win))
        return out
    earlier = earlier_shape(table, index.tables, index.dice)
    axis = table.chart.axis_label if table.chart is not None else "target"
    return [((f"{axis} {row.label}", "success"), p)
            for row, p in zip(rows_of(table), table_chances(table, die, earlier, offset))]


def modifier_offset(mod) -> int:
    """What a modifier adds at the count the rules name most often: once, else its highest count."""
    counts = [c for c, _ in mod.amounts() if c]
    if not counts:
        return 0
    return mod.amount(1 if 1 in counts else counts[-1])
