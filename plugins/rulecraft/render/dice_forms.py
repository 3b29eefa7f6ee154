"""Opposed rolls, target numbers and success pools: exact chance tables plus the roll panel dice.lazy.js wires.

Like render/dice.py the static table answers the question without JavaScript and in print:
an opposed roll shows each side's chance to win by the difference of bonuses, a target table the chance
of success by target, bonus or their difference, a pool the chance of each number of successes (and of
at least that many) for the printed number of dice; the panel's steppers pick a row or a pool size.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice.forms import opposed_chances, pool_distribution
from ..dice.odds import outcome_weights, reachable_offsets, row_odds, row_ranges, table_shape
from ..dice.shape import shape_of
from .base import Element, RenderContext, sub
from .dice import percent, render_controls, render_head, roll_data, roll_text, signed
from .modifier_value import page_value

if TYPE_CHECKING:
    from ..models import DiceTable


def _chance(cell: Element, chance: Fraction, den: int | None = None, bar: Fraction | None = None) -> None:
    """'3/8 37.5%' (over ``den`` when the column shares one) and, if asked, a bar scaled to ``bar``."""
    weight = chance * den if den else None
    text = f"{int(weight)}/{den}" if den else f"{chance.numerator}/{chance.denominator}"
    sub(cell, "span", text if chance else "0", "rc-frac").tail = " "
    sub(cell, "span", percent(chance), "rc-pct")
    if bar is not None:
        el = sub(cell, "span", cls="rc-bar")
        el.set("style", f"--rc-w:{float(100 * chance / bar):.1f}%" if bar else "--rc-w:0%")
        el.set("aria-hidden", "true")


def _grid(box: Element, columns: list[tuple[str, str]]) -> Element:
    grid = sub(box, "table", cls="rc-dice-table")
    head = sub(sub(grid, "thead"), "tr")
    for title, cls in columns:
        sub(head, "th", title, cls, scope="col")
    return sub(grid, "tbody")


def _outcomes(box: Element, pairs: list[tuple[str, str | None]]) -> None:
    """'Attacker wins: ...' lines: what each result does, as the rules word it."""
    shown = [(who, text) for who, text in pairs if text]
    if not shown:
        return
    dl = sub(box, "dl", cls="rc-dice-outcomes")
    for who, text in shown:
        sub(dl, "dt", who)
        sub(dl, "dd", text, "rc-result")


def _opposed(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None) -> Element:
    opposed = table.opposed
    attacker = table_shape(table, ctx.index.dice.get(table.custom_die) if table.custom_die else None)
    defender = shape_of(opposed.defender_dice, ctx.index.dice) if opposed.defender_dice else attacker
    diffs = opposed.difference.values
    att, dfn = opposed.attacker, opposed.defender
    # dice.lazy.js writes "You 7 vs the Monster 5" and "You win", and finds the outcome under the same words.
    data = {"id": table.id, "kind": "opposed", "more": True, "att": roll_data(attacker), "def": roll_data(defender),
            "ties": opposed.ties, "names": [att.subject(start=True), dfn.subject()],
            "wins": [att.wins(start=True), dfn.wins(start=True)], "diffs": [diffs[0], diffs[-1]]}
    box = render_head(parent, table, ctx, level, data)
    meta = sub(box, "p", cls="rc-dice-meta rc-opposed-meta")
    against = roll_text(opposed.defender_dice, ctx) if opposed.defender_dice else "the same dice"
    sub(meta, "strong", f"{dfn.says('rolls', 'roll', start=True)} {against}").tail = (
        "; the higher total wins. " + {"reroll": "Ties: both roll again (the chances below are of the roll that "
                                       "decides).", "attacker": f"Ties: {att.wins()}.",
                                       "defender": f"Ties: {dfn.wins()}."}[opposed.ties])
    sub(sub(box, "p", cls="rc-dice-axis"), "strong", "Difference: ").tail = \
        f"{opposed.difference.label} (added to {att.possessive_form()} total)."
    _outcomes(box, [(att.wins(start=True), opposed.attacker_wins), (dfn.wins(start=True), opposed.defender_wins)])
    start = 0 if 0 in diffs else diffs[0]
    # "Roll for you and the Monster": the button names who rolls (not "Roll you vs the Monster").
    render_controls(box, table, ctx, f"for {att.subject()} and {dfn.subject()}",
                    ((diffs[0], diffs[-1], "rc-diff", "difference"),))
    _set_start(box, start)
    body = _grid(box, [("Difference", "rc-col-roll"), (att.wins(start=True), "rc-col-odds"),
                       (dfn.wins(start=True), "rc-col-odds")])
    for i, d in enumerate(diffs):
        win, lose, _ = opposed_chances(attacker, defender, d, opposed.ties)
        tr = sub(body, "tr", cls="rc-row")
        tr.set("data-row", str(i))
        sub(sub(tr, "td", cls="rc-roll"), "span", signed(d) if d else "0", "rc-roll-label")
        _chance(sub(tr, "td", cls="rc-odds"), win, bar=Fraction(1))
        _chance(sub(tr, "td", cls="rc-odds"), lose, bar=Fraction(1))
    return box


def _pool(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None) -> Element:
    pool = table.pool
    die = ctx.index.dice.get(table.custom_die) if table.custom_die else None
    shape = table_shape(table, die)
    low, high = pool.dice.range
    shown = pool.shown_dice
    declared = bool(table.rows)
    ranges = row_ranges(table) if declared else []
    offsets = sorted(reachable_offsets(table.modifiers))
    data = {"id": table.id, "kind": "pool", "more": True, "faces": list(shape.faces), "threshold": pool.threshold,
            "n": [low, high], "shown": shown, "offsets": [offsets[0], offsets[-1]],
            "mods": [{"id": m.id, "value": page_value(m), "min": m.count[0], "max": m.count[1]} for m in table.modifiers],
            "rows": [[r.low, r.high] if r else [1, 0] for r in ranges] if declared else None}
    box = render_head(parent, table, ctx, level, data)
    if pool.per_success:
        _outcomes(box, [("Each success", pool.per_success)])
    render_controls(box, table, ctx, roll_text(table, ctx),
                    ((low, high, "rc-pool-n", f"dice, one per {pool.dice.label}"),))
    _set_start(box, shown)
    caption = sub(box, "p", cls="rc-pool-caption")
    caption.text = f"Chances with {shown} {'die' if shown == 1 else 'dice'}"
    sub(caption, "span", "", "rc-pool-threshold").text = f" (success on {pool.threshold}+)"
    caption[-1].tail = ":"
    dist = pool_distribution(shape, shown, pool.threshold)
    if declared:
        chances = row_odds(table, 0, die)
        den, _ = outcome_weights(dict(enumerate(chances)))
        body = _grid(box, [("Successes", "rc-col-roll"), ("Result", "rc-col-result"), ("Chance", "rc-col-odds")])
        most = max(chances)
        for i, (row, rng) in enumerate(zip(table.rows, ranges)):
            tr = sub(body, "tr", cls="rc-row" + ("" if chances[i] else " rc-zero"))
            tr.set("data-row", str(i))
            sub(sub(tr, "td", cls="rc-roll"), "span", rng.label if rng else "", "rc-roll-label")
            sub(tr, "td", row.result, "rc-result")
            _chance(sub(tr, "td", cls="rc-odds"), chances[i], den, bar=most)
        return box
    den, _ = outcome_weights(dict(enumerate(dist)))
    body = _grid(box, [("Successes", "rc-col-roll"), ("Exactly", "rc-col-odds"), ("At least", "rc-col-odds")])
    most = max(dist)
    for k in range(high + 1):
        tr = sub(body, "tr", cls="rc-row")
        tr.set("data-row", str(k))
        sub(sub(tr, "td", cls="rc-roll"), "span", str(k), "rc-roll-label")
        if k > shown:
            tr.set("hidden", "")  # the stepper shows the rows of larger pools
        exact = dist[k] if k <= shown else Fraction(0)
        _chance(sub(tr, "td", cls="rc-odds"), exact, den, bar=most)
        _chance(sub(tr, "td", cls="rc-odds rc-cumulative"), sum(dist[k:], Fraction(0)), den)
    return box


def _set_start(box: Element, value: int) -> None:
    """The form's own stepper starts on ``value`` (0 difference, the printed pool size)."""
    for el in box.iter("input"):
        if el.get("class") == "rc-n" and el.get("data-mod") is None:
            el.set("value", str(value))
            break


def render_form(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None) -> Element:
    from .dice_target import render_test  # target numbers and charts: tests against a number

    box = {"opposed": _opposed, "target": render_test, "chart": render_test, "pool": _pool}[table.form](
        parent, table, ctx, level)
    if table.notes:
        ctx.markdown(sub(box, "div", cls="rc-dice-notes"), table.notes)
    return box
