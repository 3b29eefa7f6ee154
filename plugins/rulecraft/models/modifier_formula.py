"""Dice-table modifiers written as a formula of one input (``formula: "-half(input.fatigue, down)"``): what
each adds to the roll for every value of its input, worked out once when the game is loaded, so the odds, the
coverage proofs and the page read a modifier's amount per count (``Modifier.amounts``) as for any other.

A formula that cannot be worked out (an unknown name, a fraction, a second input) is left with no amounts
and the count of its input's range: checks/modifier_formula.py reports it at its character."""

from __future__ import annotations

from fractions import Fraction

from ..expr import ExprError, Input, Scope, evaluate, parse, words
from ..expr.nodes import Name, walk


def modifier_scope(game) -> Scope:
    """What a modifier's formula may name: the game's inputs and constants (no states, events or round)."""
    info = game.info
    constants = {cid: c.value for cid, c in (info.constants if info else {}).items()}
    labels = {cid: c.label or cid.replace("-", " ") for cid, c in (info.constants if info else {}).items()}
    inputs = {i.id: Input(i.label, i.range[0], i.range[1]) for i in game.inputs}
    return Scope(constants=constants, constant_labels=labels, inputs=inputs, rounds=False)


def read_input(text: str) -> str | None:
    """The one input a formula reads (None if it reads none, several, or cannot be parsed)."""
    try:
        node = parse(text)
    except ExprError:
        return None
    names = {n.name.partition(".")[2] for n in walk(node) if isinstance(n, Name) and n.name.startswith("input.")}
    return names.pop() if len(names) == 1 else None


def work_out(text: str, scope: Scope, input_id: str) -> list[Fraction]:
    """The formula's value for each value of its input, lowest first (raises ExprError)."""
    node = parse(text)
    spec = scope.inputs[input_id]
    return [Fraction(evaluate(node, scope, {f"input.{input_id}": v})) for v in range(spec.low, spec.high + 1)]


def modifier_words(game, mod) -> str:
    """"− half of your fatigue, rounded down": the formula's words with its sign in front."""
    try:
        text = words(parse(mod.formula.strip().removeprefix("-").strip()), modifier_scope(game))
    except ExprError:
        return mod.formula
    return ("−" if mod.formula.strip().startswith("-") else "+") + " " + text


def bind(game) -> None:
    """Give every formula modifier of the game's tables its input's range as count and its amounts."""
    scope = modifier_scope(game)
    for table in game.tables:
        for mod in table.modifiers:
            if mod.formula is None:
                continue
            input_id = read_input(mod.formula)
            if input_id not in scope.inputs:
                mod.count = (0, 0)
                continue
            spec = scope.inputs[input_id]
            mod.count = (spec.low, spec.high)
            mod.said, mod.asks = modifier_words(game, mod), spec.label
            try:
                values = work_out(mod.formula, scope, input_id)
            except (ExprError, TypeError, ValueError, ZeroDivisionError):
                continue
            if all(v.denominator == 1 for v in values):
                mod.worked_out = [int(v) for v in values]
