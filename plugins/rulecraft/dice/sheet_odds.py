"""The odds a cheat sheet prints for the roll forms without rows of results (opposed rolls, target numbers,
charts, pools without rows): a header and one line of text cells per row, shared by the sheet's renderer and
its fit estimate (models/cheatsheet.py), so what is measured is what is printed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .forms import opposed_chances, pool_distribution
from .modifiers import signed
from .odds import table_shape
from .shape import BudgetError, ShapeError, shape_of
from .target_odds import bound_text, earlier_shape, natural_distribution, natural_overrides, table_chances, rows_of

if TYPE_CHECKING:
    from ..models import DiceTable
    from ..models.index import GameIndex


def sheet_percent(chance) -> str:
    """'17%', '2.8%', '0%': as the sheet prints a table row's chance."""
    pct = float(chance) * 100
    if pct in (0, 100):
        return f"{pct:.0f}%"
    return f"{pct:.0f}%" if pct >= 10 else f"{pct:.1f}%".replace(".0%", "%")


def has_form_odds(table: DiceTable) -> bool:
    """A form whose odds are not already rows of the table (a pool with rows prints them as rows)."""
    return table.form in ("opposed", "target", "chart") or (table.form == "pool" and not table.rows)


def form_odds(table: DiceTable, index: GameIndex) -> tuple[list[str], list[list[str]]]:
    """(column titles, rows of cells) of the form's chances without modifiers; ([], []) when none."""
    die = index.dice.get(table.custom_die) if table.custom_die else None
    try:
        shape = table_shape(table, die)
    except (BudgetError, ShapeError):
        return [], []  # reported by the checker
    if table.form == "opposed":
        o = table.opposed
        defender = shape_of(o.defender_dice, index.dice) if o.defender_dice else shape
        rows = []
        for d in o.difference.values:
            win, lose, _ = opposed_chances(shape, defender, d, o.ties)
            rows.append([signed(d) if d else "0", sheet_percent(win), sheet_percent(lose)])
        return ["Diff.", o.attacker.wins(start=True), o.defender.wins(start=True)], rows
    if table.form == "pool":
        pool = table.pool
        dist = pool_distribution(shape, pool.shown_dice, pool.threshold)
        return ([f"Successes ({pool.shown_dice} dice)", "Exactly", "At least"],
                [[str(k), sheet_percent(p), sheet_percent(sum(dist[k:]))] for k, p in enumerate(dist)])
    if table.form not in ("target", "chart"):
        return [], []
    earlier_roll = earlier_shape(table, {t.id: t for t in index.game.tables}, index.dice)
    rows = rows_of(table)
    chances = table_chances(table, die, earlier_roll)
    totals = [t + shape.bonus for t in natural_distribution(shape)]
    low, high = min(totals), max(totals)
    target = table.target
    if target is not None and target.from_roll is not None:
        earlier = next((t.title for t in index.game.tables if t.id == target.from_roll), target.from_roll)
        if target.axis == "from":
            return ["Against", "Success"], [[f"the {earlier} roll", sheet_percent(chances[0])]]
        return [target.bonus.label, "Success"], [[r.label, sheet_percent(p)] for r, p in zip(rows, chances)]
    axis = table.chart.axis_label if table.chart is not None else {
        "bonus": target.bonus.label if target.bonus else "", "against": target.against.label,
        "difference": "Difference"}[target.axis]
    return [axis[:1].upper() + axis[1:], "Needs", "Success"], [
        [r.label, r.shown if r.shown is not None else bound_text(r.test, low, high, natural_overrides(table), short=True), sheet_percent(p)]
        for r, p in zip(rows, chances)]
