"""A two-dimensional dice table (a combat results table): one grid, the columns as headings and a row per
roll, its codes linked to the legend (printed under it), the column shifts, die modifiers and edge rules in
words, and a calculator assets/crt.lazy.js wires (written ``hidden``: no dead controls without script).

The calculator's data (``data-rc-crt``) holds every chance it shows, worked out here by dice/grid_odds.py
(the module the checker proves coverage with): per column and per total added to the die, each result's
weight over a common denominator and the result of each roll. The script only finds the column (the
rounding of dice/grid.py, in words) and looks the chances up.

On a phone the grid keeps its shape and scrolls sideways inside its own box, the roll column staying in view:
a combat results table is read across a row and down a column at once, which stacked cards would break
apart. The calculator, the part a player uses at the table, wraps to fit 390 px without scrolling."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..dice.grid import ROUNDING_WORDS, parse_heading
from ..dice.grid_odds import column_odds, die_offsets, grid_ranges, roll_distribution, row_for
from ..dice.grid_words import axis_words, count_text, edge_words, heading_text, shift_text
from ..dice.modifiers import signed
from ..dice.odds import outcome_weights
from ..models import textrefs
from ..models.conditions import condition_words
from ..models.records import cell_tokens
from .base import Element, RenderContext, badge, sub
from .tables import code_anchor, render_legend
from .modifier_value import page_value

if TYPE_CHECKING:
    from ..models import DiceTable, Modifier


def grid_data(table: DiceTable, ctx: RenderContext) -> dict:
    """The calculator's data: how the column is found, the shifts and modifiers, and every chance."""
    columns = table.columns
    axis = columns.axis
    dist = roll_distribution(table)
    den, weights = outcome_weights(dist)
    totals = sorted(dist)
    dies = sorted(die_offsets(table))
    ranges = grid_ranges(table)
    odds, rolls = [], []
    order = _legend_order(table, ctx)
    for c in range(len(columns.values)):
        odds.append([[[r, int(p * den)] for r, p in sorted(column_odds(table, c, die).items(), key=order)]
                     for die in dies])
        rolls.append([[_cell_at(table, c, t + die, ranges) for t in totals] for die in dies])
    data: dict = {"id": table.id, "axis": axis, "values": [str(v) for v in columns.values],
                  "heads": [heading_text(table, v) for v in columns.values],
                  "beyond": _edge(columns.beyond), "dice": table.dice, "den": den,
                  "dist": [[t, weights[t]] for t in totals], "dies": dies, "odds": odds, "rolls": rolls,
                  "shifts": [_mod(s) for s in table.shifts], "mods": [_mod(m) for m in table.modifiers],
                  "meanings": _meanings(table, ctx)}
    if axis == "ratio":
        data["rounding"] = columns.ratio.rounding
        data["words"] = ROUNDING_WORDS[columns.ratio.rounding]
        data["steps"] = [parse_heading(axis, v).steps for v in columns.values]
    elif axis == "difference":
        heads = [parse_heading(axis, v) for v in columns.values]
        data["ranges"] = [[h.low, h.high] for h in heads]
    return data


def _legend_order(table: DiceTable, ctx: RenderContext):
    """Results in the order the legend declares their (first) codes; results it does not know, last."""
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    codes = [c.code for c in legend.codes] if legend else []

    def key(item) -> int:
        tokens = cell_tokens(item[0] or "")
        entry = legend.entry_for(tokens[0]) if legend and tokens else None
        return codes.index(entry.code) if entry else len(codes)
    return key


def _cell_at(table: DiceTable, column: int, total: int, ranges) -> str | None:
    row, stated = row_for(table, total, ranges)
    return stated if stated is not None else None if row is None else table.grid[row].cells[column]


def _edge(rule) -> str | dict | None:
    return rule if rule is None or rule == "clamp" else {"low": rule.low, "high": rule.high}


def _mod(mod: Modifier) -> dict:
    return {"id": mod.id, "value": page_value(mod), "min": mod.count[0], "max": mod.count[1]}


def _meanings(table: DiceTable, ctx: RenderContext) -> dict[str, str]:
    """Each code the grid can show, with its meaning: the announced outcome says both."""
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    if legend is None:
        return {}
    texts = [c for row in table.grid for c in row.cells]
    for rule in (table.columns.beyond, table.rolls_beyond):
        if rule is not None and rule != "clamp":
            texts += [t for t in (rule.low, rule.high) if t]
    found = {}
    for text in texts:
        for token in cell_tokens(text):
            meaning = legend.meaning_of(token)
            if meaning is not None:
                found[token] = ctx.index.plain(meaning)
    return found


def _cell(cell: Element, text: str, table: DiceTable, ctx: RenderContext) -> None:
    """A cell's codes linked to the legend with the meaning as a preview; plain results as rule text."""
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    tokens = cell_tokens(text)
    if legend is None or not tokens:
        sub(cell, "span", text.strip() or "—")
        return
    for i, token in enumerate(tokens):
        entry = legend.entry_for(token)
        sep = "/" if i < len(tokens) - 1 else None
        if entry is None:  # the checker reports it (legend-undefined-code); shown as written
            sub(cell, "span", token).tail = sep
            continue
        a = sub(cell, "a", token, "rc-code rc-nolink-terms", href=ctx.href("legend", code_anchor(legend.id, entry.code)),
                title=ctx.index.plain(legend.meaning_of(token) or ""))
        a.tail = sep


def render_grid(parent: Element, table: DiceTable, ctx: RenderContext, level: int | None = 2) -> Element:
    from .dice import render_head  # the box, heading, what to roll and the die modifiers, as every table

    box = render_head(parent, table, ctx, level, {"id": table.id, "kind": "grid"})
    box.attrib.pop("data-rc-dice")  # dice.lazy.js wires tables with rows; crt.lazy.js wires this one
    box.set("class", box.get("class") + " rc-dice-grid")
    box.set("data-rc-crt", json.dumps(grid_data(table, ctx), separators=(",", ":"), ensure_ascii=False))
    meta = box.find("p[@class='rc-dice-meta']")
    at = list(box).index(meta) + 1 if meta is not None else len(box)
    column = Element("p", {"class": "rc-crt-axis"})
    box.insert(at, column)
    sub(column, "strong", "Column: ").tail = axis_words(table)[0].upper() + axis_words(table)[1:] + "."
    if table.shifts:
        shifts = Element("p", {"class": "rc-modifiers rc-crt-shifts"})
        box.insert(at + 1, shifts)
        sub(shifts, "strong", "Column shifts: ").tail = "; ".join(shift_text(s) + count_text(s) for s in table.shifts)
        for shift in table.shifts:
            if shift.only_when:
                shifts[-1].tail = (shifts[-1].tail or "") + " "
                badge(shifts, f"{shift.label}: only when {condition_words(ctx.index, shift.only_when)}", "when")
    _calculator(box, table, ctx)
    _grid(box, table, ctx)
    for sentence in edge_words(table):
        sub(box, "p", sentence, "rc-crt-edges")
    legend = ctx.index.legends.get(table.legend) if table.legend else None
    if legend is not None:
        render_legend(box, legend, ctx, anchors=False)  # the tables page holds the anchors the codes link to
    if table.notes:
        ctx.markdown(sub(box, "div", cls="rc-dice-notes"), table.notes)
    return box


def _grid(box: Element, table: DiceTable, ctx: RenderContext) -> None:
    plain = textrefs.plain_text(table.title, ctx.index.name_of)
    # Scrolls inside itself even before crt.css is linked (or without script): the page never does.
    scroll = sub(box, "div", cls="rc-crt-scroll", role="region", tabindex="0", aria_label=f"{plain}: the grid",
                 style="overflow-x:auto")
    grid = sub(scroll, "table", cls="rc-crt-grid")
    head = sub(grid, "thead")
    over = sub(head, "tr", cls="rc-crt-axis-row")
    sub(over, "td", "")
    label = sub(over, "th", scope="colgroup", colspan=str(len(table.columns.values)))
    sub(label, "span", axis_words(table)[0].upper() + axis_words(table)[1:])  # sticky on a phone (crt.css)
    row = sub(head, "tr")
    sub(row, "th", "Roll", "rc-crt-roll", scope="col")
    for i, value in enumerate(table.columns.values):
        sub(row, "th", heading_text(table, value), scope="col", data_col=str(i))
    body = sub(grid, "tbody")
    for grid_row, rng in zip(table.grid, grid_ranges(table)):
        tr = sub(body, "tr")
        sub(tr, "th", rng.label, "rc-crt-roll", scope="row")
        for i, text in enumerate(grid_row.cells):
            _cell(sub(tr, "td", data_col=str(i)), text, table, ctx)


def _calculator(box: Element, table: DiceTable, ctx: RenderContext) -> None:
    plain = lambda text: textrefs.plain_text(text, ctx.index.name_of)  # noqa: E731 - labels, no links in controls
    calc = sub(box, "div", cls="rc-crt-calc rc-nolink-terms")
    calc.set("hidden", "")
    calc.set("data-search-exclude", "")
    inputs = sub(calc, "div", cls="rc-crt-inputs")
    columns = table.columns
    spans = columns.ratio or columns.difference
    if spans is not None:
        for side, cls in ((spans.over, "rc-crt-over"), (spans.under, "rc-crt-under")):
            label = sub(inputs, "label", cls=f"rc-crt-field {cls}")
            sub(label, "span", plain(side.label)[0].upper() + plain(side.label)[1:])
            low, high = side.range
            sub(label, "input", type="number", min=str(low), max=str(high), step="1", value=str(low),
                inputmode="numeric")
    else:
        label = sub(inputs, "label", cls="rc-crt-field rc-crt-pick")
        sub(label, "span", plain(columns.pick.label))
        select = sub(label, "select")
        for i, value in enumerate(columns.values):
            sub(select, "option", heading_text(table, value), value=str(i))
    for kind, mods in (("shift", table.shifts), ("mod", table.modifiers)):
        for mod in mods:
            text = shift_text(mod) if kind == "shift" else f"{signed(mod.value)} {mod.label}" if mod.formula is None else mod.said
            low, high = mod.count
            if high <= 1:
                opt = sub(calc, "label", cls="rc-check")
                check = sub(opt, "input", type="checkbox", **{f"data_{kind}": mod.id})
                if low:
                    check.set("checked", "")
                    check.set("disabled", "")
                check.tail = " " + plain(text)
            else:
                name = plain(text) + count_text(mod)
                step = sub(calc, "span", cls="rc-step")
                sub(step, "button", "−", "rc-dec", type="button", aria_label=f"One fewer: {name}")
                sub(step, "input", cls="rc-n", type="number", min=str(low), max=str(high), step="1", value=str(low),
                    inputmode="numeric", aria_label=name, **{f"data_{kind}": mod.id})
                sub(step, "button", "+", "rc-inc", type="button", aria_label=f"One more: {name}")
                sub(step, "span", name, "rc-step-text")
    sub(calc, "p", "", "rc-crt-column", aria_live="polite")
    chances = sub(calc, "table", cls="rc-crt-chances")
    sub(chances, "caption", "Chance of each result")
    sub(chances, "tbody").text = ""
    sub(calc, "button", f"Roll {table.dice}", "md-button md-button--primary rc-roll-btn rc-crt-roll", type="button")
    sub(calc, "div", "", "rc-out", role="status", aria_live="polite", aria_atomic="true")
