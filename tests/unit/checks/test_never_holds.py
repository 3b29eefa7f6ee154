"""A condition that can never hold is a warning at its `only_when:`: worked out over every value of the
states it reads, each event happened or not, and each round where a comparison turns."""

from __future__ import annotations

import pytest
from gamekit import MINIMAL_GAME, assert_at, check, dedent, only, where

from rulecraft.checks.never_holds import can_hold
from rulecraft.loader import load_rulebook
from rulecraft.models.conditions import game_scope
from rulecraft.models.index import build_index
from rulecraft.problems import Severity

GAME = dedent(MINIMAL_GAME["game.yaml"]) + """\
states:
  - {id: time, name: the time of day, values: [day, night], initial: day}
  - {id: weather, name: the weather, values: [clear, rain, storm]}
events:
  - {id: army-lost, name: an army was annihilated}
constants:
  late-turn: {value: 12, label: the late turn}
sections:
  - id: night-moves
    title: Night moves
    only_when: WHEN
    text: Move one hex less from turn {const:late-turn}.
"""


def game_with(game, when: str):
    return game({"game.yaml": GAME.replace("WHEN", when)})


@pytest.mark.parametrize("when, holds", [
    ("state.time == day and state.time == night", False),
    ("state.time == night or state.time == day", True),
    ("round < 1", False),
    ("round >= 12 and round < 12", False),
    ("round > 2 and round < 3", False),  # rounds are whole numbers
    ("round > 2 and round < 4", True),
    ("round >= const.late-turn and round < 13", True),  # only round 12
    ("round >= const.late-turn and round < 12", False),
    ("event.army-lost and not event.army-lost", False),
    ("round >= 12 or event.army-lost", True),
    ("state.weather != clear and state.weather != rain", True),  # a storm
    ("state.weather != clear and state.weather != rain and state.weather != storm", False),
])
def test_can_hold(game, when, holds):
    index = build_index(load_rulebook(game_with(game, when).parent).games["demo"])
    assert can_hold(when, game_scope(index)) is holds


def test_a_condition_over_a_computed_round_is_not_judged(game):
    index = build_index(load_rulebook(game_with(game, "round * 2 < 1").parent).games["demo"])
    assert can_hold("round * 2 < 1", game_scope(index)) is None


def test_a_condition_that_never_holds_is_a_located_warning(game):
    folder = game_with(game, "state.time == day and state.time == night")
    problem = only(check(folder).problems, "condition-never-holds")
    assert problem.severity is Severity.WARNING and problem.subject == "section:night-moves"
    assert "the time of day is day and the time of day is night" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "state.time == day and"))
    assert not [p for p in check(game_with(game, "state.time == night")).problems
                if p.code == "condition-never-holds"]
