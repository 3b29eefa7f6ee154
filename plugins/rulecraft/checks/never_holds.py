"""An ``only_when:`` that can never hold (``state.time == day and state.time == night``, ``round < 1``): the
rule would never be played. Found by working the condition out for every way the game can be: each value of
each state it reads, each event happened or not, and the rounds where a comparison can turn (1, and each
number the round is compared with, one either side). Only conditions over states, events, constants and a
round compared directly are read so; any other condition is left to the other checks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

from ..expr import ExprError, parse
from ..expr.evaluate import evaluate
from ..expr.nodes import BinOp, Call, Compare, Name, Neg, Num, walk
from ..models.accepts import subject_of
from ..models.conditions import condition_words, game_scope
from ..models.index import GameIndex, iter_models
from ..problems import Problem, warning

MAX_CASES = 20_000  # ways of the game a condition is worked out for; more: it is not read so


def _domains(node, scope) -> dict[str, list] | None:
    """The values each name of the condition can take, or None when it reads what this check cannot list."""
    domains: dict[str, list] = {}
    round_marks: set[int] = {1}
    for part in walk(node):
        if isinstance(part, (BinOp, Call, Neg)) and any(isinstance(n, Name) and n.name == "round"
                                                        for n in walk(part)):
            return None  # the round computed with: its turning points are not simply the numbers written
        if isinstance(part, Compare):
            for side, other in ((part.left, part.right), (part.right, part.left)):
                if isinstance(side, Name) and side.name == "round":
                    if isinstance(other, Num):
                        value = other.value
                    elif isinstance(other, Name) and other.name.startswith("const."):
                        value = Fraction(scope.constants.get(other.name[6:], 0))
                    else:
                        return None
                    round_marks.update(n for n in (math.floor(value) - 1, math.floor(value), math.ceil(value),
                                                   math.ceil(value) + 1) if n >= 1)
        if not isinstance(part, Name):
            continue
        kind, _, rest = part.name.partition(".")
        if kind == "state" and rest in scope.states:
            domains[part.name] = list(scope.states[rest].values)
        elif kind == "event" and rest in scope.events:
            domains[part.name] = [False, True]
        elif part.name == "round":
            domains["round"] = []
        elif kind == "const" and rest in scope.constants:
            continue
        elif "." not in part.name:
            continue  # a state's value across a comparison (night)
        else:
            return None
    if "round" in domains:
        domains["round"] = sorted(round_marks)
    return domains


def can_hold(text: str, scope) -> bool | None:
    """Whether the condition holds in some way the game can be; None when it cannot be told this way."""
    try:
        node = parse(text)
    except ExprError:
        return None
    domains = _domains(node, scope)
    if domains is None or math.prod(len(v) for v in domains.values()) > MAX_CASES:
        return None
    names = list(domains)
    try:
        for case in itertools.product(*(domains[n] for n in names)):
            if evaluate(node, scope, dict(zip(names, case))) is True:
                return True
    except (ExprError, ArithmeticError, TypeError, ValueError):
        return None  # the expression checker reports what is wrong with it
    return False


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    if "game" in game.failed:
        return
    scope = game_scope(index)
    for obj in iter_models(game):
        text = getattr(obj, "only_when", None)
        if text and can_hold(text, scope) is False:
            yield warning("condition-never-holds", f"only_when {text!r} can never hold: "
                          f"{condition_words(index, text)} is true in no state of the game, so the rule is "
                          "never played", game.where(obj, "only_when"),
                          "check the condition (two values of one state joined by 'and'? a round before 1?) "
                          "or remove the rule", game.id, subject_of(obj))
