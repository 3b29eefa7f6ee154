"""Formulas (game.yaml ``formulas:``) and the amounts of catalog costs that are formulas: each is read with
the game's inputs, constants, states and events and worked out over every value its inputs can take
(expr.check), so an unknown name, a division by zero or a fraction where a whole number is needed (a cost, a
formula marked ``whole`` without a ``rounding``) is reported at its character in the YAML string."""

from __future__ import annotations

from collections.abc import Iterator

from ..expr import ExprError
from ..expr import check as check_expression
from ..expr.nodes import Dice, walk
from ..models.formula_scope import formula_scope
from ..models.index import GameIndex
from ..problems import Problem, error


def _problems(index: GameIndex, obj, path: tuple, text: str, what: str, integer: bool, code: str,
              hint: str) -> Iterator[Problem]:
    game = index.game
    checked = check_expression(text, formula_scope(index), want="number", integer=integer)
    problems = list(checked.problems)
    if checked.node is not None and not problems:
        rolled = next((n for n in walk(checked.node) if isinstance(n, Dice)), None)
        if rolled is not None:
            problems = [ExprError("a formula works out a number; it does not roll dice", rolled.at,
                                  "roll dice in a dice table (dice.yaml), or ask for the roll as an input")]
    for problem in problems:
        offset = min(problem.offset, max(len(text) - 1, 0))
        yield error(code, f"{what} {text!r}: {problem.message}",
                    game.where_in_text(obj, path, offset, text[offset:] or None), problem.hint or hint, game.id)


def amounts(item) -> Iterator[tuple[object, tuple, str, object]]:
    """(owner, path, context, amount) of every amount an item's costs, prices and uses write."""
    for resource, amount in item.costs.items():
        yield item, ("cost", resource), f"catalog item '{item.id}' cost", amount
    for i, price in enumerate(item.prices):
        for resource, amount in price.cost.items():
            yield item, ("prices", i, "cost", resource), f"catalog item '{item.id}' price '{price.id}'", amount
    for i, use in enumerate(item.uses):
        for field in ("cost", "gives"):
            for resource, amount in getattr(use, field).items():
                yield item, ("uses", i, field, resource), f"catalog item '{item.id}' use {i + 1} ({field})", amount


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    if "game" in game.failed:
        return  # the inputs and constants are declared there: every name would look unknown
    for formula in game.formulas:
        yield from _problems(index, formula, ("value",), formula.value, f"formula '{formula.id}'",
                             formula.whole and not formula.rounding, "formula-expression",
                             "write a number, input.<id>, const.<id> and + - * / ( ), half(x, up), per(x, n)")
    for item in game.items:
        for owner, path, context, amount in amounts(item):
            if isinstance(amount, str):
                yield from _problems(index, owner, path, amount, context, True, "cost-expression",
                                     "a cost is a whole number: like 3 * input.defence or half(input.x, up)")
