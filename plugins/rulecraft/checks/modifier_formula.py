"""Dice-table modifiers written as a formula (``formula: "-half(input.fatigue, down)"``): the formula reads
exactly one input of game.yaml and constants, rolls no dice, and is a whole number for every value of its
input (expr.check works it out over the input's range and names the value that gives a fraction). Each
problem is located at its character in the YAML string (``modifier-formula``)."""

from __future__ import annotations

from collections.abc import Iterator

from ..expr import ExprError
from ..expr import check as check_expression
from ..expr.nodes import Dice, Name, walk
from ..models.dice import MAX_MODIFIER_COUNT
from ..models.index import GameIndex
from ..models.modifier_formula import modifier_scope
from ..problems import Problem, error

HINT = "write a formula of one input and constants: -half(input.fatigue, down), 2 * input.allies"


def _problems(text: str, scope) -> list[ExprError]:
    checked = check_expression(text, scope, want="number", integer=True)
    if checked.problems or checked.node is None:
        return list(checked.problems)
    rolled = next((n for n in walk(checked.node) if isinstance(n, Dice)), None)
    if rolled is not None:
        return [ExprError("a modifier's formula works out a number; it does not roll dice", rolled.at,
                          "the table rolls the dice: the formula reads an input")]
    inputs = [n for n in walk(checked.node) if isinstance(n, Name) and n.name.startswith("input.")]
    if not inputs:
        return [ExprError("the formula reads no input, so it is the same at every roll", 0,
                          "write a fixed 'value' instead, or read one input (input.<id>)")]
    other = next((n for n in inputs if n.name != inputs[0].name), None)
    if other is not None:
        return [ExprError(f"a modifier's formula reads one input; '{other.name}' is a second beside "
                          f"'{inputs[0].name}'", other.at, "give each input its own modifier")]
    spec = scope.inputs[inputs[0].name.partition(".")[2]]
    if spec.high - spec.low > MAX_MODIFIER_COUNT:
        return [ExprError(f"{inputs[0].name} spans {spec.high - spec.low + 1} values; a modifier counts at most "
                          f"{MAX_MODIFIER_COUNT + 1}", inputs[0].at, "narrow the input's range in game.yaml")]
    return []


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    if "game" in game.failed:
        return  # the inputs and constants are declared there: every name would look unknown
    scope = modifier_scope(game)
    for table in game.tables:
        for mod in table.modifiers:
            if mod.formula is None:
                continue
            for problem in _problems(mod.formula, scope):
                text = mod.formula
                offset = min(problem.offset, max(len(text) - 1, 0))
                yield error("modifier-formula",
                            f"table '{table.id}' modifier '{mod.id}' formula {text!r}: {problem.message}",
                            game.where_in_text(mod, ("formula",), offset, text[offset:] or None),
                            problem.hint or HINT, game.id)
