"""Dice tables: roll, result and exact odds per row; data attributes for the interactive layer."""

from __future__ import annotations

import json
from fractions import Fraction

from .. import links
from ..dice_math import distribution, face_distribution, reachable_offsets, row_odds, row_ranges
from ..dice_notation import RollRange, parse_dice
from ..models import DiceTable
from .base import Element, RenderContext, heading, sub

D6_FACES = "⚀⚁⚂⚃⚄⚅"


def _roll_cell(cell: Element, rng: RollRange | None, single_d6: bool) -> None:
    if rng is None:
        return
    if single_d6 and rng.low is not None and rng.high is not None and 1 <= rng.low and rng.high <= 6:
        faces = sub(cell, "span", "".join(D6_FACES[v - 1] for v in range(rng.low, rng.high + 1)), "rc-die-faces")
        faces.set("aria-hidden", "true")
        faces.tail = " "
    sub(cell, "span", rng.label, "rc-roll-label")


def _odds_cell(cell: Element, chance: Fraction) -> None:
    pct = float(chance) * 100
    sub(cell, "span", f"{chance.numerator}/{chance.denominator}" if chance else "0", "rc-frac").tail = " "
    sub(cell, "span", f"{pct:.1f}%".replace(".0%", "%") if pct not in (0, 100) else f"{pct:.0f}%", "rc-pct")
    bar = sub(cell, "span", cls="rc-bar")
    bar.set("style", f"--rc-p:{pct:.2f}%")
    bar.set("aria-hidden", "true")


def modifiers_text(table: DiceTable) -> str:
    parts = []
    for mod in table.modifiers:
        low, high = mod.count
        if (low, high) == (0, 1):
            parts.append(f"{mod.value:+d} {mod.label}")
        else:
            parts.append(f"{mod.value:+d} {mod.label} ({low}–{high})")
    return "; ".join(parts)


def table_data(table: DiceTable, ctx: RenderContext) -> dict:
    """Everything the interactive layer needs, computed by the same dice module as the checker."""
    data: dict = {"id": table.id}
    if table.custom_die:
        die = ctx.index.dice.get(table.custom_die)
        odds = face_distribution(die) if die else {}
        den = 1
        for p in odds.values():
            den = den * p.denominator // _gcd(den, p.denominator)
        data.update(kind="custom", faces=[{"id": f.id, "label": f.label, "weight": int(odds.get(f.id, 0) * den)}
                                          for f in (die.faces if die else [])],
                    rows=[{"face": row.face} for row in table.rows])
        return data
    spec = parse_dice(table.dice)
    dist = distribution(spec)
    den = 1
    for p in dist.values():
        den = den * p.denominator // _gcd(den, p.denominator)
    data.update(kind="d66" if spec.d66 else "sum", dice=spec.text, count=spec.count, sides=spec.sides,
                bonus=spec.bonus, den=den, dist=[[t, int(p * den)] for t, p in sorted(dist.items())],
                mods=[{"id": m.id, "label": m.label, "value": m.value, "min": m.count[0], "max": m.count[1]}
                      for m in table.modifiers],
                rows=[{"low": r.low if r else None, "high": r.high if r else None} for r in row_ranges(table)])
    offsets = sorted(reachable_offsets(table.modifiers))
    data["offsets"] = [offsets[0], offsets[-1]]
    return data


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def render_table(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None = 2) -> Element:
    box = sub(parent, "div", cls="rc-dice")
    box.set("data-rc-dice", json.dumps(table_data(table, ctx), separators=(",", ":")))
    if level:
        heading(box, level, table.title, links.anchor("dice", table.id))
    else:
        box.set("id", links.anchor("dice", table.id))
    meta = sub(box, "p", cls="rc-dice-meta")
    what = ctx.index.dice[table.custom_die].name if table.custom_die and table.custom_die in ctx.index.dice \
        else table.dice
    sub(meta, "strong", f"Roll {what}").tail = f" once per {table.per}." if table.per else "."
    if table.when:
        sub(meta, "span", " " + table.when, "rc-when")
    if table.modifiers:
        mods = sub(box, "p", cls="rc-modifiers")
        sub(mods, "strong", "Modifiers: ").tail = modifiers_text(table)
    if table.todo:
        sub(box, "p", "Incomplete: " + table.todo, "rc-todo-inline")

    single_d6 = bool(table.dice) and parse_dice(table.dice).count == 1 and parse_dice(table.dice).sides == 6 \
        and not parse_dice(table.dice).bonus
    odds = row_odds(table, 0, ctx.index.dice.get(table.custom_die) if table.custom_die else None)
    ranges = row_ranges(table) if table.dice else [None] * len(table.rows)
    faces = {f.id: f for f in ctx.index.dice[table.custom_die].faces} if table.custom_die in ctx.index.dice else {}

    grid = sub(box, "table", cls="rc-dice-table")
    head = sub(sub(grid, "thead"), "tr")
    for title, cls in (("Roll", "rc-col-roll"), ("Result", "rc-col-result"), ("Chance", "rc-col-odds")):
        th = sub(head, "th", title, cls)
        th.set("scope", "col")
    body = sub(grid, "tbody")
    for i, row in enumerate(table.rows):
        tr = sub(body, "tr", cls="rc-row")
        tr.set("data-row", str(i))
        roll = sub(tr, "td", cls="rc-roll")
        if row.face is not None:
            face = faces.get(row.face)
            if face and face.glyph:
                sub(roll, "span", face.glyph, "rc-die-faces").tail = " "
            sub(roll, "span", face.label if face else row.face, "rc-roll-label")
        else:
            _roll_cell(roll, ranges[i], single_d6)
        sub(tr, "td", row.result, "rc-result")
        _odds_cell(sub(tr, "td", cls="rc-odds"), odds[i])
    if table.any_result:
        foot = sub(sub(grid, "tfoot"), "tr", cls="rc-any")
        sub(foot, "th", "Any roll", "rc-roll").set("scope", "row")
        cell = sub(foot, "td", table.any_result, "rc-result")
        cell.set("colspan", "2")
    if table.notes:
        notes = sub(box, "div", cls="rc-dice-notes")
        ctx.markdown(notes, table.notes)
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
