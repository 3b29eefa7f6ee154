"""Dice tables: roll, result and exact odds per row, plus the roll panel the interactive layer reveals.

The static table answers "what happens on what roll, and how likely" without JavaScript and in print.
``data-rc-dice`` holds the table's data as JSON (outcome weights from dice_math, the module the checker
uses) and ``.rc-dice-ui`` is a roll panel written ``hidden``: assets/dice.js shows it and wires the Roll
button, the modifier steppers (odds recomputed live) and the roll history.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

from ..dice.notation import RollRange, parse_dice
from ..dice.odds import distribution, face_distribution, outcome_weights, reachable_offsets, row_odds, row_ranges
from ..models import CustomDie, DiceTable, Modifier, links, textrefs
from .base import Element, RenderContext, heading, item_notes, sub

D6_FACES = "⚀⚁⚂⚃⚄⚅"
MAX_PER_ROLLS = 20  # the "once per ship" counter goes up to this many rolls at once


def percent(chance: Fraction) -> str:
    """'33.3%', '50%', '<0.1%': rounded half up to tenths; dice.js formats the same way."""
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    tenths = math.floor(chance * 1000 + Fraction(1, 2))
    if tenths < 1:
        return "<0.1%"  # possible, however unlikely: never shown as 0%
    if tenths > 999:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%".replace(".0%", "%")


def fraction_text(weight: int, den: int) -> str:
    """Over the table's common denominator, so rows compare at a glance: 2d6 shows 1/36 ... 6/36."""
    return f"{weight}/{den}" if weight else "0"


def signed(value: int) -> str:
    """'+1', '−1' (a real minus sign, as dice.js writes it)."""
    return f"{value:+d}".replace("-", "−")


def modifier_range(mod: Modifier) -> str:
    low, high = mod.count
    if (low, high) == (0, 1):
        return ""
    if low == high:
        return " (always)" if low == 1 else f" (always ×{low})"
    return f" (up to {high})" if low == 0 else f" ({low}–{high})"


def modifiers_text(table: DiceTable) -> str:
    """'+1 the family member is the Chairman; +1 per Fatigue Cube on their Office card (up to 3)'."""
    return "; ".join(f"{signed(m.value)} {m.label}{modifier_range(m)}" for m in table.modifiers)


def _custom_die(table: DiceTable, ctx: RenderContext) -> CustomDie | None:
    return ctx.index.dice.get(table.custom_die) if table.custom_die else None


def _single_d6(table: DiceTable) -> bool:
    """Die faces can stand for the roll: one plain d6 and no modifiers (with modifiers the key is a total)."""
    if not table.dice or table.modifiers:
        return False
    spec = parse_dice(table.dice)
    return (spec.count, spec.sides, spec.bonus, spec.d66) == (1, 6, 0, False)


def roll_heading(table: DiceTable) -> str:
    if table.custom_die:
        return "Face"
    spec = parse_dice(table.dice)
    if spec.d66 or (spec.count == 1 and not spec.bonus and not table.modifiers):
        return "Roll"
    return "Total"


def table_data(table: DiceTable, ctx: RenderContext) -> dict:
    """Everything the interactive layer needs, computed by the same dice module as the checker.

    Chances are whole-number weights over ``den`` so the browser recomputes them exactly:
    sum/d66 tables give ``dist`` ([total, weight] pairs, before modifiers), ``mods`` (value and count
    range of each modifier) and ``rows`` ([low, high] of each row, null for an open end); custom dice
    give ``faces`` (weight, label, glyph) and the face of each row.
    """
    data: dict = {"id": table.id}
    if table.custom_die:
        die = _custom_die(table, ctx)
        den, weights = outcome_weights(face_distribution(die) if die else {})
        data.update(kind="custom", den=den,
                    faces=[{"id": f.id, "label": f.label, "glyph": f.glyph, "weight": weights.get(f.id, 0)}
                           for f in (die.faces if die else [])],
                    rows=[row.face for row in table.rows])
        return data
    spec = parse_dice(table.dice)
    den, weights = outcome_weights(distribution(spec))
    offsets = sorted(reachable_offsets(table.modifiers))
    data.update(kind="d66" if spec.d66 else "sum", dice=spec.text, count=spec.count, sides=spec.sides,
                bonus=spec.bonus, den=den, dist=[[t, w] for t, w in sorted(weights.items())],
                mods=[{"id": m.id, "value": m.value, "min": m.count[0], "max": m.count[1]} for m in table.modifiers],
                rows=[[r.low, r.high] if r else [1, 0] for r in row_ranges(table)],  # [1, 0] contains nothing
                offsets=[offsets[0], offsets[-1]])
    return data


def _roll_cell(cell: Element, rng: RollRange | None, faces: bool) -> None:
    if rng is None:
        return
    if faces:
        low, high = max(rng.low if rng.low is not None else 1, 1), min(rng.high if rng.high is not None else 6, 6)
        if low <= high:
            drawn = sub(cell, "span", D6_FACES[low - 1:high], "rc-die-faces")
            drawn.set("aria-hidden", "true")
            drawn.tail = " "
    sub(cell, "span", rng.label, "rc-roll-label")


def _odds_cell(cell: Element, weight: int, den: int, most: int) -> None:
    sub(cell, "span", fraction_text(weight, den), "rc-frac").tail = " "
    sub(cell, "span", percent(Fraction(weight, den)), "rc-pct")
    bar = sub(cell, "span", cls="rc-bar")
    # Bars are scaled to the most likely row, so 2d6 shows its bell and rare rows stay visible.
    bar.set("style", f"--rc-w:{100 * weight / most:.1f}%" if most else "--rc-w:0%")
    bar.set("aria-hidden", "true")


def _stepper(parent: Element, cls: str, low: int, high: int, name: str, text: str, **attrs: str) -> None:
    """'− [n] +' with a caption: a number input (arrow keys, typing) flanked by buttons for touch."""
    box = sub(parent, "span", cls=f"rc-step {cls}")
    sub(box, "button", "−", "rc-dec", type="button", aria_label=f"One fewer: {name}", tabindex="-1")
    sub(box, "input", cls="rc-n", type="number", min=str(low), max=str(high), step="1", value=str(low),
        inputmode="numeric", aria_label=name, **attrs)
    sub(box, "button", "+", "rc-inc", type="button", aria_label=f"One more: {name}", tabindex="-1")
    sub(box, "span", text, "rc-step-text")


def render_controls(box: Element, table: DiceTable, ctx: RenderContext, what: str) -> Element:
    """The roll panel, hidden until dice.js wires it (no dead buttons without JavaScript)."""
    plain = lambda text: textrefs.plain_text(text, ctx.index.name_of)  # noqa: E731 - labels, no links in controls
    ui = sub(box, "div", cls="rc-dice-ui rc-nolink-terms")
    ui.set("hidden", "")
    # Controls are not rules: search indexes leave them out (MkDocs Material's convention; valueless,
    # so the search plugin leaves the page's HTML as it is).
    ui.set("data-search-exclude", "")
    for mod in table.modifiers:
        label = plain(mod.label)
        low, high = mod.count
        if high <= 1:  # applies or not: a checkbox ('always' modifiers show checked and fixed)
            opt = sub(ui, "label", cls="rc-mod rc-check")
            check = sub(opt, "input", type="checkbox", data_mod=mod.id)
            if low:
                check.set("checked", "")
                check.set("disabled", "")
            check.tail = f" {signed(mod.value)} {label}"
        else:
            name = f"{label} ({signed(mod.value)} each)"
            _stepper(ui, "rc-mod", low, high, name, name, data_mod=mod.id)
    if table.per:
        per = plain(table.per)
        _stepper(ui, "rc-times", 1, MAX_PER_ROLLS, f"Number of rolls, one per {per}", f"rolls, one per {per}")
    sub(ui, "button", f"Roll {what}", "md-button md-button--primary rc-roll-btn", type="button")
    out = sub(ui, "div", cls="rc-out", role="status", aria_live="polite", aria_atomic="true")
    out.text = ""
    sub(ui, "ol", cls="rc-hist", aria_label=f"Recent rolls: {plain(table.title)}").text = ""
    return ui


def render_table(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None = 2) -> Element:
    data = table_data(table, ctx)
    die = _custom_die(table, ctx)
    box = sub(parent, "div", cls="rc-dice")
    box.set("data-rc-dice", json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    if level:
        heading(box, level, table.title, links.anchor("dice", table.id))
    else:
        box.set("id", links.anchor("dice", table.id))
    meta = sub(box, "p", cls="rc-dice-meta")
    what = die.name if die else (table.custom_die if table.custom_die else table.dice)
    shown = f"the {what}" if die and not what.lower().startswith(("the ", "a ", "an ")) else what
    sub(meta, "strong", f"Roll {shown}").tail = f" once per {table.per}." if table.per else "."
    if table.when:
        sub(meta, "span", " " + table.when, "rc-when")
    if table.modifiers:
        mods = sub(box, "p", cls="rc-modifiers")
        sub(mods, "strong", "Modifiers: ").tail = modifiers_text(table)
    item_notes(box, ctx, table)
    render_controls(box, table, ctx, what)

    den = data["den"]
    chances = row_odds(table, 0, die)
    weights = [int(p * den) for p in chances]
    most = max(weights, default=0)
    ranges = row_ranges(table) if table.dice else [None] * len(table.rows)
    faces = {f.id: f for f in die.faces} if die else {}
    draw_faces = _single_d6(table)

    grid = sub(box, "table", cls="rc-dice-table" + (" rc-faces" if table.custom_die else ""))
    head = sub(sub(grid, "thead"), "tr")
    for title, cls in ((roll_heading(table), "rc-col-roll"), ("Result", "rc-col-result"), ("Chance", "rc-col-odds")):
        sub(head, "th", title, cls, scope="col")
    body = sub(grid, "tbody")
    for i, row in enumerate(table.rows):
        tr = sub(body, "tr", cls="rc-row" + ("" if weights[i] else " rc-zero"))
        tr.set("data-row", str(i))
        roll = sub(tr, "td", cls="rc-roll")
        if row.face is not None:
            face = faces.get(row.face)
            if face and face.glyph:
                glyph = sub(roll, "span", face.glyph, "rc-die-faces rc-glyph")
                glyph.set("aria-hidden", "true")
                glyph.tail = " "
            sub(roll, "span", face.label if face else row.face, "rc-roll-label rc-face-label")
        else:
            _roll_cell(roll, ranges[i], draw_faces)
        sub(tr, "td", row.result, "rc-result")
        _odds_cell(sub(tr, "td", cls="rc-odds"), weights[i], den, most)
    if table.any_result:
        foot = sub(sub(grid, "tfoot"), "tr", cls="rc-any")
        sub(foot, "th", "Any roll", "rc-roll", scope="row")
        sub(foot, "td", table.any_result, "rc-result", colspan="2")
    if table.notes:
        notes = sub(box, "div", cls="rc-dice-notes")
        ctx.markdown(notes, table.notes)
    return box


def render_in_phase(parent: Element, table: DiceTable, ctx: RenderContext, phase_anchor: str) -> Element:
    """A table inside the phase that uses it: collapsed, rollable, the same odds as on the dice page.

    Its id is the phase's anchor, "~" and the table's, so it stays unique on a page that also shows the
    table itself (the dice page, a prose page with ``/// dice``) or another phase using it."""
    box = sub(parent, "details", cls="rc-phase-dice")
    sub(box, "summary", f"Dice table: {table.title}", "rc-phase-dice-title")
    render_table(box, table, ctx, level=None)
    box[-1].set("id", f"{phase_anchor}~{links.anchor('dice', table.id)}")  # "~": never in a data id
    box.set("data-rc-table", table.id)
    if table.custom_die and table.custom_die in ctx.index.dice:
        render_custom_die(box[-1], table.custom_die, ctx)
    return box


def render_custom_die(parent: Element, die_id: str, ctx: RenderContext) -> None:
    die = ctx.index.dice[die_id]
    box = sub(parent, "div", cls="rc-custom-die")
    sub(sub(box, "p", cls="rc-die-name"), "strong", die.name)
    if die.description:
        ctx.markdown(box, die.description)
    faces = sub(box, "ul", cls="rc-die-faces-list")
    total = sum(f.count for f in die.faces)
    for face in die.faces:
        li = sub(faces, "li", face.label)
        if face.count > 1:
            li.text += f" (×{face.count})"
    sub(box, "p", f"{total} faces in all.", "rc-die-total")


def render_all(parent: Element, ctx: RenderContext) -> None:
    for table in ctx.game.tables:
        render_table(parent, table, ctx, 2)
        if table.custom_die and table.custom_die in ctx.index.dice:
            render_custom_die(parent[-1], table.custom_die, ctx)  # the die's faces, under its table
