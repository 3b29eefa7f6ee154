"""Dice tables: roll, result and exact odds per row, plus the roll panel the interactive layer reveals.

The static table answers "what happens on what roll, and how likely" without JavaScript and in print.
``data-rc-dice`` holds the table's data as JSON (outcome weights from dice_math, the module the checker
uses) and ``.rc-dice-ui`` is a roll panel written ``hidden``: assets/dice.lazy.js shows it and wires the Roll
button, the modifier steppers (odds recomputed live) and the roll history.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice.conditions import has_conditions
from ..dice.modifiers import modifier_text, modifier_words, signed
from ..dice.notation import RollRange, parse_dice
from ..dice.number_result import number_totals
from ..dice.odds import (
    by_face,
    face_distribution,
    has_odds,
    outcome_weights,
    reachable_offsets,
    row_odds,
    row_ranges,
    shape_distribution,
    table_shape,
)
from ..dice.shape import Shape
from ..models import links, textrefs
from ..models.conditions import condition_words
from .base import (Element, RenderContext, badge, designer_note, heading, item_notes, note_box, sub, variant_markers,
                   when_badge)
from .change_marks import change_marks, has_changes
from .dice_conditions import condition_cell, condition_data, render_order_note
from .modifier_value import page_value
from .faq import render_faq_at

if TYPE_CHECKING:
    from ..models import CustomDie, DiceExpr, DiceTable, Modifier

D6_FACES = "⚀⚁⚂⚃⚄⚅"
MAX_PER_ROLLS = 20  # the "once per ship" counter goes up to this many rolls at once


def percent(chance: Fraction) -> str:
    """'33.3%', '50%', '<0.1%': rounded half up to tenths; dice.lazy.js formats the same way."""
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


def modifier_range(mod: Modifier) -> str:
    """' (up to 3)', ' (1–2)'. Whether the limit is an assumption is a designer note (render_assumptions),
    not player text."""
    low, high = mod.count
    if (low, high) == (0, 1):
        return ""
    if low == high:
        return " (always)" if low == 1 else f" (always ×{low})"
    return f" (up to {high})" if low == 0 else f" ({low}–{high})"


def assumptions(table: DiceTable) -> list[tuple[str, str]]:
    """(the assumed number, why) for every number of the table that the encoding assumes, not the rules."""
    found = [(f"up to {m.count[1]}", m.assumed) for m in [*table.modifiers, *table.shifts] if m.assumed]
    spans = [table.opposed.difference] if table.opposed else []
    if table.target:
        spans += [s for s in (table.target.bonus, table.target.against) if s]
    if table.chart:  # the characteristics a chart is read by
        chart = table.chart
        spans += [chart.axis] if chart.axis else [chart.difference.over, chart.difference.under]
    if table.pool:
        spans.append(table.pool.dice)
    found += [(f"{s.range[0]} to {s.range[1]}", s.assumed) for s in spans if s.assumed]
    return found


def render_assumptions(box: Element, table: DiceTable, ctx: RenderContext) -> None:
    """The table's assumed numbers, once, in one designer note: players see the numbers, not remarks on them."""
    found = assumptions(table)
    if not found:
        return
    notes = note_box(box, "note")
    for what, why in found:
        note = sub(notes, "p", cls="rc-assumed")
        sub(note, "strong", f"Assumed, {what}: ").tail = why


def roll_text(expr: DiceExpr, ctx: RenderContext) -> str:
    """'2d6', '2 Island dice', 'the Combat die'."""
    if expr.custom_die is None:
        return expr.dice
    die = ctx.index.dice.get(expr.custom_die)
    name = die.name if die else expr.custom_die
    count = expr.count or 1
    if count > 1:
        plural = name[:-3] + "dice" if name.lower().endswith("die") else name if name.endswith("s") else name + "s"
        return f"{count} {plural}"
    return name


def needs_more(shape: Shape) -> bool:
    """Whether dice.lazy.js needs dice-more.lazy.js to roll this: anything but N plain dice plus a bonus."""
    plain = shape.faces == tuple(range(1, len(shape.faces) + 1))
    return not shape.d66 and not (plain and not (shape.keep or shape.reroll or shape.explode))


def roll_data(shape: Shape) -> dict:
    """How dice.lazy.js rolls the expression physically: faces, count, keep, reroll, explode, bonus."""
    return {"faces": list(shape.faces), "count": shape.count, "bonus": shape.bonus,
            "keep": list(shape.keep) if shape.keep else None,
            "reroll": [list(shape.reroll[0]), shape.reroll[1]] if shape.reroll else None,
            "explode": [list(shape.explode[0]), shape.explode[1]] if shape.explode else None}


def modifiers_text(table: DiceTable) -> str:
    """'+1 the family member is the Chairman; +1 per Fatigue Cube on their Office card (up to 3)'."""
    return "; ".join(modifier_words(m) + ("" if m.formula else modifier_range(m)) for m in table.modifiers)


def _custom_die(table: DiceTable, ctx: RenderContext) -> CustomDie | None:
    return ctx.index.dice.get(table.custom_die) if table.custom_die else None


def _single_d6(table: DiceTable) -> bool:
    """Die faces can stand for the roll: one plain d6 and no modifiers (with modifiers the key is a total)."""
    if not table.dice or table.modifiers or table.keep or table.reroll or table.explode or table.form != "table":
        return False
    spec = parse_dice(table.dice)
    return (spec.count, spec.sides, spec.bonus, spec.d66) == (1, 6, 0, False)


def roll_heading(table: DiceTable, die: CustomDie | None = None) -> str:
    if by_face(table, die):
        return "Face"
    if has_conditions(table):  # the cells say what the dice show: 'A double', 'Any die shows 1'
        return "Roll"
    if table.custom_die:
        return "Total" if (table.count or 1) > 1 or table.modifiers else "Roll"
    spec = parse_dice(table.dice)
    if spec.d66 or (spec.count == 1 and not spec.bonus and not table.modifiers and not table.explode):
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
    die = _custom_die(table, ctx)
    if not has_odds(table, die):
        data.update(kind="unknown")
        return data
    if by_face(table, die):
        den, weights = outcome_weights(face_distribution(die) if die else {})
        data.update(kind="custom", den=den,
                    faces=[{"id": f.id, "label": f.label, "glyph": f.glyph, "weight": weights.get(f.id, 0)}
                           for f in (die.faces if die else [])],
                    rows=[row.face for row in table.rows])
        return data
    shape = table_shape(table, die)
    den, weights = outcome_weights(shape_distribution(shape))
    offsets = sorted(reachable_offsets(table.modifiers))
    sides = len(shape.faces)
    data.update(kind="d66" if shape.d66 else "sum", dice=roll_text(table, ctx), count=shape.count, sides=sides,
                bonus=shape.bonus, den=den, dist=[[t, w] for t, w in sorted(weights.items())],
                roll=None if shape.d66 else roll_data(shape), more=needs_more(shape),
                mods=[{"id": m.id, "value": page_value(m), "min": m.count[0], "max": m.count[1]} for m in table.modifiers],
                rows=[[r.low, r.high] if r else [1, 0] for r in row_ranges(table)],  # [1, 0] contains nothing
                offsets=[offsets[0], offsets[-1]])
    totals = number_totals(table, die)
    if totals is not None:  # the result is the total: one row per total (dice/number_result.py)
        data.update(rows=[[t, t] for t in totals])
    cond = condition_data(table, shape, offsets)
    if cond is not None:  # rows read top-down: each outcome's row and each row's weight, per modifier total
        data.update(cond=cond, den=cond.pop("den"))
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
    """'− [n] +' with a caption: a number input (arrow keys, typing) flanked by buttons, each a Tab stop
    (a keyboard reaches every control the pointer can)."""
    box = sub(parent, "span", cls=f"rc-step {cls}")
    sub(box, "button", "−", "rc-dec", type="button", aria_label=f"One fewer: {name}")
    sub(box, "input", cls="rc-n", type="number", min=str(low), max=str(high), step="1", value=str(low),
        inputmode="numeric", aria_label=name, **attrs)
    sub(box, "button", "+", "rc-inc", type="button", aria_label=f"One more: {name}")
    sub(box, "span", text, "rc-step-text")


def render_controls(box: Element, table: DiceTable, ctx: RenderContext, what: str,
                    steppers: tuple[tuple[int, int, str, str], ...] = ()) -> Element:
    """The roll panel, hidden until dice.lazy.js wires it (no dead buttons without JavaScript).

    ``steppers`` are (low, high, class, caption) of a form's own numbers: the difference of an opposed
    roll, the row of a target table, the number of dice of a pool.
    """
    plain = lambda text: textrefs.plain_text(text, ctx.index.name_of)  # noqa: E731 - labels, no links in controls
    ui = sub(box, "div", cls="rc-dice-ui rc-nolink-terms")
    ui.set("hidden", "")
    # Controls are not rules: search indexes leave them out (MkDocs Material's convention; valueless,
    # so the search plugin leaves the page's HTML as it is).
    ui.set("data-search-exclude", "")
    for low, high, cls, caption in steppers:
        _stepper(ui, cls, low, high, plain(caption), plain(caption))
    for mod in table.modifiers:
        label = plain(mod.label)
        low, high = mod.count
        if high <= 1:  # applies or not: a checkbox ('always' modifiers show checked and fixed)
            opt = sub(ui, "label", cls="rc-mod rc-check")
            check = sub(opt, "input", type="checkbox", data_mod=mod.id)
            if low:
                check.set("checked", "")
                check.set("disabled", "")
            check.tail = " " + (modifier_text(mod.value, label) if mod.formula is None else mod.said)
        else:
            name = f"{label} ({signed(mod.value)} each)" if mod.formula is None else f"{plain(mod.asks or label)} ({mod.said})"
            _stepper(ui, "rc-mod", low, high, name, name, data_mod=mod.id)
    if table.per:
        per = plain(table.per)
        _stepper(ui, "rc-times", 1, MAX_PER_ROLLS, f"Number of rolls, one per {per}", f"rolls, one per {per}")
    sub(ui, "button", f"Roll {what}", "md-button md-button--primary rc-roll-btn", type="button")
    out = sub(ui, "div", cls="rc-out", role="status", aria_live="polite", aria_atomic="true")
    out.text = ""
    sub(ui, "ol", cls="rc-hist", aria_label=f"Recent rolls: {plain(table.title)}").text = ""
    return ui


def render_head(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None, data: dict) -> Element:
    """The table's box, heading, what to roll, how (keep / reroll / explode), modifiers and assumptions."""
    die = _custom_die(table, ctx)
    box = sub(parent, "div", cls="rc-dice" + ("" if table.form == "table" else f" rc-dice-{table.form}"))
    box.set("data-rc-dice", json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    if level:
        heading(box, level, table.title, links.anchor("dice", table.id))
    else:
        box.set("id", links.anchor("dice", table.id))
    meta = sub(box, "p", cls="rc-dice-meta")
    what = roll_text(table, ctx)
    shown = f"the {what}" if die and (table.count or 1) == 1 and not what.lower().startswith(("the ", "a ", "an ")) \
        else what
    if table.pool:
        sub(meta, "strong", f"Roll {shown} per {table.pool.dice.label}").tail = \
            f": each die that shows {table.pool.success} succeeds."
    else:
        sub(meta, "strong", f"Roll {shown}").tail = f" once per {table.per}." if table.per else "."
    if table.when:
        sub(meta, "span", " " + table.when, "rc-when")
    if table.from_round or table.only_when:
        meta[-1].tail = (meta[-1].tail or "") + " "
        if table.from_round:
            badge(meta, f"From round {table.from_round}", "skip")
        when_badge(meta, table, ctx)
    if table.variant:
        meta[-1].tail = (meta[-1].tail or "") + " "
        variant_markers(meta, table, ctx, box)
    if has_changes(ctx, "dice", table.id, None):  # the rows and chances it had, one tap away
        meta[-1].tail = (meta[-1].tail or "") + " "
        change_marks(meta, box, ctx, "dice", table.id, None)
    how = table_shape(table, die).describe() if data.get("kind") not in ("unknown", "custom") else ""
    if how:
        sub(sub(box, "p", cls="rc-dice-how"), "strong", "How: ").tail = how[0].upper() + how[1:] + "."
    if table.modifiers:
        mods = sub(box, "p", cls="rc-modifiers")
        sub(mods, "strong", "Modifiers (added to each die): " if table.pool else "Modifiers: ").tail = \
            modifiers_text(table)
        for mod in table.modifiers:  # a modifier that applies only in some state of the game says which
            if mod.only_when:
                mods[-1].tail = (mods[-1].tail or "") + " "
                badge(mods, f"{mod.label}: only when {condition_words(ctx.index, mod.only_when)}", "when")
    render_assumptions(box, table, ctx)
    render_order_note(box, table)
    item_notes(box, ctx, table)
    render_faq_at(box, ctx, "dice", table.id)  # its rows' entries too
    return box


def render_table(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None = 2) -> Element:
    """The table, after the marker of any open question that arises at it (rulings.py)."""
    from .rulings import render_markers, ruled_copies

    # The ruled copies have no heading: the script keeps the page's own.
    render_markers(parent, ctx, "dice", table.id)
    box = _render_table(parent, table, ctx, level)
    # After the table, so a page's first table, panel and button are the live ones.
    ruled_copies(parent, table, ctx, lambda holder, ruled: _render_table(holder, ruled, ctx, None))
    return box


def _render_table(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None) -> Element:
    if table.columns is not None:
        from .dice_grid import render_grid  # a two-dimensional table: one grid and its calculator

        return render_grid(parent, table, ctx, level)
    if table.form != "table":
        from .dice_forms import render_form  # the forms reuse this module's cells and panel

        return render_form(parent, table, ctx, level)
    data = table_data(table, ctx)
    die = _custom_die(table, ctx)
    box = render_head(parent, table, ctx, level, data)
    odds = has_odds(table, die)
    if odds:
        render_controls(box, table, ctx, roll_text(table, ctx))
    else:
        # Players see that the chances are unknown; why (a remark on the rules) is a designer note.
        sub(box, "p", "No chances shown: how many faces show each result is not known.", "rc-no-odds")
        designer_note(box, ctx, die.unknown_counts)
    totals = number_totals(table, die) if odds else None
    if totals is not None:
        return _render_number(box, table, ctx, data, totals)
    # the rulebook's own headings ('Roll', 'What happens') when the table names them
    roll, result = table.headings or (roll_heading(table, die), "Result")
    columns = [(roll, "rc-col-roll"), (result, "rc-col-result")]
    if odds:
        den = data["den"]
        chances = row_odds(table, 0, die)
        weights = [int(p * den) for p in chances]
        most = max(weights, default=0)
        columns.append(("Chance", "rc-col-odds"))
    ranges = row_ranges(table) if not by_face(table, die) else [None] * len(table.rows)
    faces = {f.id: f for f in die.faces} if die else {}
    draw_faces = _single_d6(table)

    grid = sub(box, "table", cls="rc-dice-table" + (" rc-faces" if by_face(table, die) else "")
               + (" rc-conds" if has_conditions(table) else ""))  # words in the roll column: they wrap
    head = sub(sub(grid, "thead"), "tr")
    for title, cls in columns:
        sub(head, "th", title, cls, scope="col")
    body = sub(grid, "tbody")
    for i, row in enumerate(table.rows):
        tr = sub(body, "tr", cls="rc-row" + ("" if not odds or weights[i] else " rc-zero"))
        tr.set("data-row", str(i))
        roll = sub(tr, "td", cls="rc-roll")
        if row.face is not None:
            face = faces.get(row.face)
            if face and face.glyph:
                glyph = sub(roll, "span", face.glyph, "rc-die-faces rc-glyph")
                glyph.set("aria-hidden", "true")
                glyph.tail = " "
            sub(roll, "span", face.label if face else row.face, "rc-roll-label rc-face-label")
        elif row.on is not None:
            condition_cell(roll, row.on)
        else:
            _roll_cell(roll, ranges[i], draw_faces)
        sub(tr, "td", row.result, "rc-result")
        if odds:
            _odds_cell(sub(tr, "td", cls="rc-odds"), weights[i], den, most)
    if table.any_result:
        foot = sub(sub(grid, "tfoot"), "tr", cls="rc-any")
        sub(foot, "th", "Any roll", "rc-roll", scope="row")
        sub(foot, "td", table.any_result, "rc-result", colspan=str(len(columns) - 1))
    if table.notes:
        notes = sub(box, "div", cls="rc-dice-notes")
        ctx.markdown(notes, table.notes)
    return box


def _render_number(box: Element, table: DiceTable, ctx: RenderContext, data: dict, totals: list[int]) -> Element:
    """A table whose result is the total (dice/number_result.py): the result once, then each total's chance.
    Totals that need modifiers are written too, hidden while they cannot come up (rc-zero), so the page's
    modifiers shift the spread as they shift any table's rows (dice.lazy.js reads the result from the line
    above the grid)."""
    result = sub(box, "p", cls="rc-dice-number")
    sub(result, "strong", "Result: ")
    sub(result, "span", table.rows[0].result, "rc-result")
    den = data["den"]
    weights = dict(data["dist"])
    most = max(weights.values(), default=0)
    grid = sub(box, "table", cls="rc-dice-table rc-dice-number-table")
    head = sub(sub(grid, "thead"), "tr")
    sub(head, "th", table.headings[0] if table.headings else "Total", "rc-col-roll", scope="col")  # the book's
    sub(head, "th", "Chance", "rc-col-odds", scope="col")
    body = sub(grid, "tbody")
    for i, total in enumerate(totals):
        weight = weights.get(total, 0)
        tr = sub(body, "tr", cls="rc-row" + ("" if weight else " rc-zero"))
        tr.set("data-row", str(i))
        _roll_cell(sub(tr, "td", cls="rc-roll"), RollRange(total, total), _single_d6(table))
        _odds_cell(sub(tr, "td", cls="rc-odds"), weight, den, most)
    if table.any_result:
        foot = sub(sub(grid, "tfoot"), "tr", cls="rc-any")
        sub(foot, "th", "Any roll", "rc-roll", scope="row")
        sub(foot, "td", table.any_result, "rc-result")
    if table.notes:
        ctx.markdown(sub(box, "div", cls="rc-dice-notes"), table.notes)
    return box


def render_in_phase(parent: Element, table: DiceTable, ctx: RenderContext, phase_anchor: str) -> Element:
    """A table inside the phase that uses it: collapsed, rollable, the same odds as on the dice page.

    Its id is the phase's anchor, "~" and the table's, so it stays unique on a page that also shows the
    table itself (the dice page, a prose page with ``/// dice``) or another phase using it."""
    box = sub(parent, "details", cls="rc-phase-dice")
    sub(box, "summary", f"Dice table: {table.title}", "rc-phase-dice-title")
    shown = render_table(box, table, ctx, level=None)
    shown.set("id", f"{phase_anchor}~{links.anchor('dice', table.id)}")  # "~": never in a data id
    box.set("data-rc-table", table.id)
    if table.custom_die and table.custom_die in ctx.index.dice:
        render_custom_die(shown, table.custom_die, ctx)
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
        if face.value is not None and face.label != str(face.value):
            li.text += f" (counts {face.value})"
        if face.count > 1:
            li.text += f" (×{face.count})"
    if die.has_odds:
        sub(box, "p", f"{total} faces in all.", "rc-die-total")
    else:
        sub(box, "p", "How many faces show each result is not known.", "rc-die-total")


def render_all(parent: Element, ctx: RenderContext) -> None:
    for table in ctx.game.tables:
        render_table(parent, table, ctx, 2)
        die = _custom_die(table, ctx)
        if die is not None:
            render_custom_die(parent[-1], die.id, ctx)  # the die's faces, under its table
