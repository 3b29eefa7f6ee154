"""Stages of the turn (``groups:`` in phases.yaml): every ``group:`` names a stage, only top-level
phases have one, and a stage's phases are consecutive (the sheet and the turn page draw each stage as
one band, numbered in order)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models.index import GameIndex
from ..problems import Problem, error, warning


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    groups = {g.id: g for g in game.phase_groups}
    used: list[str] = []
    for node in index.numbered:
        phase = node.phase
        if phase.group is None:
            continue
        where = game.where(phase, "group")
        if node.parent is not None:
            yield error("nested-group", f"phase '{phase.id}' is inside phase '{node.parent.phase.id}', so it is in "
                        "its parent's stage and cannot name one", where,
                        f"move 'group: {phase.group}' to the top-level phase", game.id)
            continue
        if phase.group not in groups:
            close = difflib.get_close_matches(phase.group, list(groups), n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else \
                f"add '- id: {phase.group}' with a name under groups: at the top of phases.yaml"
            yield error("dangling-group", f"phase '{phase.id}' names unknown stage '{phase.group}'", where, hint,
                        game.id)
            continue
        if used and used[-1] != phase.group and phase.group in used:
            yield error("split-group", f"stage '{phase.group}' is split: phase '{phase.id}' comes after phases "
                        f"of stage '{used[-1]}'", where,
                        "keep a stage's phases together, or make the later ones a stage of their own", game.id)
        used.append(phase.group)
    for group in game.phase_groups:
        if group.id not in used:
            yield warning("unused-group", f"stage '{group.id}' ({group.name}) has no phases", game.where(group, "id"),
                          f"add 'group: {group.id}' to its top-level phases, or remove it", game.id,
                          f"group:{group.id}")
