"""Conditional rules: 'from round N' only where there are rounds (not on set-up steps, which come before
the first round), and a phase's parts never start before the phase itself."""

from __future__ import annotations

from collections.abc import Iterator

from ..models import Phase, Step
from ..models.index import GameIndex
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
