"""Conditional rules: 'from round N' only where there are rounds (not on set-up steps, which come before
the first round), a phase's parts never start before the phase itself, and every ``only_when:`` is a
condition the game can state: its names are the game's states (with one of their values), events,
constants or the round, located at the character of the expression that is wrong."""

from __future__ import annotations

from collections.abc import Iterator

from ..expr import check as check_expression
from ..models import Phase, Step
from ..models.conditions import game_scope
from ..models.index import GameIndex, iter_models
from ..problems import Problem, error


def _steps(steps: list[Step]) -> Iterator[Step]:
    for step in steps:
        yield step
        yield from _steps(step.steps)


def _phase(index: GameIndex, phase: Phase, first: int) -> Iterator[Problem]:
    game = index.game
    for child in [*phase.subphases, *phase.alternatives]:
        if (child.from_round or child.skip_first_round) and child.first_round < first:
            yield error("round-before-parent", f"phase '{child.id}' starts in round {child.first_round} but its "
                        f"parent '{phase.id}' is only played from round {first}",
                        game.where(child, "from_round" if child.from_round else "id"),
                        f"remove it or give it 'from_round: {first}' or later", game.id)
        yield from _phase(index, child, max(first, child.first_round))


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for step in _steps(game.info.setup if game.info else []):
        if step.from_round:
            text = step.text if len(step.text) <= 40 else step.text[:39].rstrip() + "…"
            yield error("setup-from-round", f"set-up step '{text}' has 'from_round: {step.from_round}', "
                        "but set-up happens before the first round", game.where(step, "from_round"),
                        "move the rule to the phase or section where it applies", game.id)
    for phase in game.phases:
        yield from _phase(index, phase, phase.first_round)
    yield from _only_when(index)


def _only_when(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    if "game" in game.failed:
        return  # the states and events are declared there: every name would look unknown
    scope = game_scope(index)
    for obj in iter_models(game):
        text = getattr(obj, "only_when", None)
        if not text:
            continue
        for problem in check_expression(text, scope, want="condition").problems:
            offset = min(problem.offset, max(len(text) - 1, 0))
            yield error("condition-expression", f"only_when {text!r}: {problem.message}",
                        game.where_in_text(obj, "only_when", offset, text[offset:] or None),
                        problem.hint or "write a condition such as state.time == night or round >= 12", game.id)

