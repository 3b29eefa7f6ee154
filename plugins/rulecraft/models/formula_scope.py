"""The game's formulas as the pages, the sheet and the checker read them (pydantic-free, like every
module a build reads): the scope a formula or a formula cost is worked out in (the game's constants, its
named inputs, states and events), a formula in words, its value for given inputs with its rounding, and
what the page's calculator needs."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from ..expr import ExprError, Input, Scope, evaluate, parse, words
from ..expr.nodes import Name, walk
from ..expr.serial import fraction_text, to_json
from .conditions import game_scope
from .index import GameIndex

ROUNDINGS = {"up": math.ceil, "down": math.floor, "nearest": lambda x: math.floor(x + Fraction(1, 2))}
ROUNDING_WORDS = {"up": "rounded up", "down": "rounded down", "nearest": "rounded to the nearest whole number"}


def formula_scope(index: GameIndex) -> Scope:
    """What formulas and formula costs may name: the condition scope (constants, states, events, the round)
    and the game's inputs (``input.<id>``)."""
    inputs = {i.id: Input(i.label, i.range[0], i.range[1]) for i in index.game.inputs}
    return dataclasses.replace(game_scope(index), inputs=inputs)


def expression_words(index: GameIndex, text: str) -> str:
    """A formula's words ("half of resource tiles you own, rounded up"); as written if it cannot be read
    (the checker reports it at its character)."""
    try:
        return words(parse(text), formula_scope(index))
    except ExprError:
        return text


def formula_words(index: GameIndex, formula) -> str:
    text = expression_words(index, formula.value)
    return f"{text}, {ROUNDING_WORDS[formula.rounding]}" if formula.rounding else text


def formula_value(index: GameIndex, formula, values: dict[str, int]) -> Fraction:
    """The formula's value for ``values`` (input id -> number), rounded as it says."""
    result = evaluate(parse(formula.value), formula_scope(index), {f"input.{k}": v for k, v in values.items()})
    return Fraction(ROUNDINGS[formula.rounding](result)) if formula.rounding else result


def read_inputs(formula) -> list[str]:
    """The input ids the formula reads, in the order they first appear."""
    try:
        node = parse(formula.value)
    except ExprError:
        return []
    names = sorted((n for n in walk(node) if isinstance(n, Name) and n.name.startswith("input.")),
                   key=lambda n: n.at)
    return list(dict.fromkeys(n.name.partition(".")[2] for n in names))


def calculator_data(index: GameIndex, formula) -> dict | None:
    """The calculator's data: the formula's tree, its rounding, the constants it reads; None when it cannot
    be worked out in the page (it does not parse, or rolls dice)."""
    try:
        node = parse(formula.value)
        tree = to_json(node)
    except ExprError:
        return None
    # Fraction(value) exactly, as the Python evaluator reads a constant: the page shows what the checker proved
    read = [n.name[6:] for n in walk(node) if isinstance(n, Name) and n.name.startswith("const.")
            and n.name[6:] in index.constants]
    constants = {f"const.{c}": fraction_text(Fraction(index.constants[c].value)) for c in read}
    # A way to play that sets a constant the formula reads (the variant switch picks it in the page).
    views = {view.id: {f"const.{c}": fraction_text(Fraction(view.values[c])) for c in read if c in view.values}
             for view in index.ways.values()}
    return {"tree": tree, "round": formula.rounding, "consts": constants,
            "views": {view: values for view, values in views.items() if values}}
