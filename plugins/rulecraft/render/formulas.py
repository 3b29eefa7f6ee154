"""Formulas (game.yaml ``formulas:``): each in words ("Loot = half of resource tiles you own, rounded up"),
with its notes and a calculator: one field per input it reads, within the range the rules allow (a box to
tick for a yes/no input), and the result, announced as it changes. The calculator is rendered hidden and
shown by formula.lazy.js, which works the formula out from its tree (expr/serial.py): without script the
words remain. The Formulas page lists every formula; ``/// formula | id`` places one on any page."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..models import links
from ..models.formula_scope import calculator_data, formula_words, read_inputs
from .base import Element, RenderContext, heading, sub
from .faq import render_faq_at

if TYPE_CHECKING:
    from ..models import Formula


def render_formula(parent: Element, formula: Formula, ctx: RenderContext, level: int | None = 2) -> Element:
    box = sub(parent, "div", cls="rc-formula")
    if level is not None:
        box.set("id", links.anchor("formula", formula.id))
        heading(box, level, formula.name).tail = None
    head = sub(box, "p", cls="rc-formula-head")
    sub(head, "strong", formula.name).tail = " = "
    sub(head, "span", formula_words(ctx.index, formula), "rc-formula-words")
    ctx.markdown(box, formula.notes)
    render_faq_at(box, ctx, "formula", formula.id)
    data = calculator_data(ctx.index, formula)
    inputs = {i.id: i for i in ctx.game.inputs}
    read = [inputs[i] for i in read_inputs(formula) if i in inputs]
    if data is None:
        return box
    box.set("data-rc-formula", json.dumps({**data, "name": formula.name, "unit": formula.unit},
                                          separators=(",", ":"), ensure_ascii=False))
    form = sub(box, "div", cls="rc-calc", hidden="hidden", role="group", aria_label=f"Work out {formula.name}")
    for spec in read:
        low, high = spec.range
        if (low, high) == (0, 1):
            label = sub(form, "label", cls="rc-calc-check")
            sub(label, "input", type="checkbox", name=f"input.{spec.id}", data_rc_label=spec.label).tail = \
                _capital(spec.label)
        else:
            label = sub(form, "label", f"{_capital(spec.label)} ({low}–{high})")
            sub(label, "input", type="number", name=f"input.{spec.id}", min=str(low), max=str(high),
                value=str(low), step="1", inputmode="numeric", data_rc_label=spec.label)
    sub(form, "output", cls="rc-calc-result", aria_live="polite", role="status")
    return box


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_all(parent: Element, ctx: RenderContext) -> None:
    """The Formulas page: every formula with its calculator, in the order game.yaml gives them."""
    for formula in ctx.game.formulas:
        render_formula(parent, formula, ctx, 2)
