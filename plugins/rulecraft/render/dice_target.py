"""Tests against a number on the page: target tables (reach a value, roll under it, beat an earlier roll) and
charts of minimum rolls by a characteristic (to hit by BS, to wound by Strength − Toughness).

The static table gives each row's exact chance without modifiers; ``data-rc-dice`` carries each row's test and
its chance under every total the modifiers reach (whole weights over one denominator), so dice-more.lazy.js
updates the odds as modifiers are ticked and rolls with the same rules: natural results first, then the test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice.odds import outcome_weights, table_shape
from ..dice.target_odds import (
    bound_text,
    chances_by_offset,
    earlier_shape,
    natural_distribution,
    natural_overrides,
    natural_words,
    rows_of,
)
from .base import Element, RenderContext, sub
from .dice import render_controls, render_head, roll_data, roll_text
from .modifier_value import page_value

if TYPE_CHECKING:
    from ..models import DiceTable


def _earlier(table: DiceTable, ctx: RenderContext):
    return earlier_shape(table, {t.id: t for t in ctx.game.tables}, ctx.index.dice)


def test_data(table: DiceTable, ctx: RenderContext) -> dict:
    """What dice-more.lazy.js needs to roll the test and show its odds under each modifier total."""
    die = ctx.index.dice.get(table.custom_die) if table.custom_die else None
    shape = table_shape(table, die)
    earlier = _earlier(table, ctx)
    by_offset = chances_by_offset(table, shape, earlier)
    den, _ = outcome_weights({(o, i): p for o, row in by_offset.items() for i, p in enumerate(row)})
    rows = rows_of(table)
    return {"id": table.id, "kind": table.form, "more": True, "roll": roll_data(shape),
            "test": rows[0].test.test, "rows": [[r.value, r.last, r.test.bound] for r in rows],
            "natural": {str(face): int(good) for face, good in natural_overrides(table).items()},
            "earlier": roll_data(earlier) if earlier is not None else None, "den": den,
            "chances": {str(o): [int(p * den) for p in row] for o, row in by_offset.items()},
            "mods": [{"id": m.id, "value": page_value(m), "min": m.count[0], "max": m.count[1]} for m in table.modifiers]}


def _chance_cell(cell: Element, chance: Fraction, den: int) -> None:
    from .dice_forms import _chance  # the forms' own cell: fraction, percent, bar

    _chance(cell, chance, den, bar=Fraction(1))


def _axis_label(table: DiceTable) -> str:
    if table.chart is not None:
        return table.chart.axis_label
    target = table.target
    if target.axis == "from":
        return "Against"
    if target.from_roll is not None:
        return target.bonus.label
    return {"difference": f"{target.against.label} − {target.bonus.label if target.bonus else ''}",
            "bonus": target.bonus.label if target.bonus else "", "against": target.against.label}[target.axis]


def _success_line(box: Element, table: DiceTable, ctx: RenderContext) -> None:
    line = sub(box, "p", cls="rc-dice-axis")
    if table.chart is not None:
        sub(line, "strong", "Success: ").tail = (f"the roll must reach the value the chart gives for "
                                                 f"{table.chart.axis_label}.")
    else:
        target = table.target
        bonus = f" + {target.bonus.label}" if target.bonus else ""
        if target.from_roll is not None:
            earlier = next((t for t in ctx.game.tables if t.id == target.from_roll), None)
            name = earlier.title if earlier is not None else target.from_roll
            verb = "beat" if target.exceed else "equal or beat"
            text = f"the roll{bonus} must {verb} the earlier roll of {name} ({roll_text(earlier, ctx) if earlier else ''})."
        elif target.under:
            verb = "under" if target.exceed else "equal to or under"
            text = f"the roll{bonus} must be {verb} {target.against.label}."
        else:
            text = f"the roll{bonus} must {'beat' if target.exceed else 'reach'} {target.against.label}."
        sub(line, "strong", "Success: ").tail = text
    natural = natural_words(table)
    if natural:
        sub(sub(box, "p", cls="rc-dice-axis rc-dice-natural"), "strong", "Natural results: ").tail = \
            natural[:1].upper() + natural[1:] + ", whatever the modifiers."
    if table.modifiers and table.target is not None and table.target.under:
        sub(box, "p", "A modifier adds to the value rolled under: + helps, − hinders.", "rc-dice-how")


def _start(box: Element, values: list[int]) -> None:
    """The form's own steppers (not the modifiers') start on ``values``."""
    steppers = [el for el in box.iter("input") if el.get("class") == "rc-n" and el.get("data-mod") is None]
    for el, value in zip(steppers, values):
        el.set("value", str(value))


def _earlier_title(table: DiceTable, ctx: RenderContext) -> str:
    earlier = next((t for t in ctx.game.tables if t.id == table.target.from_roll), None)
    return earlier.title if earlier is not None else table.target.from_roll


def render_test(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None) -> Element:
    data = test_data(table, ctx)
    box = render_head(parent, table, ctx, level, data)
    _success_line(box, table, ctx)
    form = table.chart if table.chart is not None else table.target
    from .dice_forms import _outcomes

    _outcomes(box, [("Success", form.success), ("Failure", form.failure)])
    rows = rows_of(table)
    axis = _axis_label(table)
    low, high = rows[0].value, rows[-1].last
    difference = table.chart.difference if table.chart is not None else None
    if data["test"] == "from" and len(rows) == 1:
        render_controls(box, table, ctx, roll_text(table, ctx))
    elif difference is not None:  # one stepper per characteristic: S and T, the row is their difference
        over, under = difference.over, difference.under
        render_controls(box, table, ctx, roll_text(table, ctx), ((*over.range, "rc-pick", over.label),
                                                                 (*under.range, "rc-pick-under", under.label)))
        _start(box, [over.range[0], under.range[0]] if over.range[0] - under.range[0] in table.chart.values
                     else [over.range[0], over.range[0]])
    else:
        render_controls(box, table, ctx, roll_text(table, ctx), ((low, high, "rc-pick", axis),))
        # The stepper starts on 0 (the even difference, no bonus) where that row can succeed, else on the
        # first row that can (a chart's BS 0 "—" is no place to start).
        possible = [r for r in rows if r.test.bound is not None] or rows
        _start(box, [0 if any(r.value <= 0 <= r.last for r in possible) else possible[0].value])
    shape = table_shape(table, ctx.index.dice.get(table.custom_die) if table.custom_die else None)
    totals = [t + shape.bonus for t in natural_distribution(shape)]
    low_total, high_total = min(totals), max(totals)
    den = data["den"]
    # Without modifiers (offset 0 is always reachable: every count range starts at its lowest, possibly 0).
    offset = min(data["chances"], key=lambda o: abs(int(o)))
    chances = [Fraction(w, den) for w in data["chances"][offset]]
    grid = sub(box, "table", cls="rc-dice-table")
    head = sub(sub(grid, "thead"), "tr")
    columns = [(axis[:1].upper() + axis[1:], "rc-col-roll")]
    if data["test"] != "from":
        columns.append(("Dice must show", "rc-col-need"))
    columns.append(("Success", "rc-col-odds"))
    for title, cls in columns:
        sub(head, "th", title, cls, scope="col")
    body = sub(grid, "tbody")
    natural = natural_overrides(table)
    for i, (row, p) in enumerate(zip(rows, chances)):
        tr = sub(body, "tr", cls="rc-row" + ("" if p else " rc-zero"))
        tr.set("data-row", str(i))
        label = f"the earlier {_earlier_title(table, ctx)} roll" if axis == "Against" else row.label
        sub(sub(tr, "td", cls="rc-roll"), "span", label, "rc-roll-label")
        if data["test"] != "from":
            need = row.shown if row.shown is not None else bound_text(row.test, low_total, high_total, natural)
            sub(tr, "td", need, "rc-need")
        _chance_cell(sub(tr, "td", cls="rc-odds"), p, den)
    return box
