"""checks/drift/parallel.py and drift-repeated-number: a count in each of parallel sections ("Mission 1",
"Mission 2") is each one's own figure; once more outside them, or twice in one, it is a figure typed again."""

from __future__ import annotations

import pytest

from rulecraft.checks.drift import constants
from rulecraft.checks.drift.numbers import NounIndex
from rulecraft.checks.drift.parallel import PageSections, pattern
from rulecraft.checks.drift.phrased import phrased
from rulecraft.checks.drift.texts import Text

NOUNS = NounIndex([("scout", ["Scout", "scouts"]), ("supply crate", ["Supply crate", "supply crates"])])

# A co-operative skirmish game's campaign: each mission its own set-up, several of them the same counts.
CAMPAIGN = """\
# Ashfall Rangers

## Set-up

Each ranger takes a ranger board.

## Missions

### Mission 1: The Ford

- 3 scouts
- 2 supply crates

### Mission 2: The Watchtower

- 3 scouts
- 4 supply crates

### Mission 3: Night March

#### Set-up

- 3 scouts
- 2 supply crates

#### Special rule

Scouts move twice.

## Scenarios

### Scenario A

Place 2 supply crates.

### Scenario B

Place 3 supply crates.
"""


def findings(page: str):
    return constants.check(phrased([Text(page, "rules.md")], NOUNS), NOUNS, {}, "ashfall")


def repeated(page: str) -> list[str]:
    return [p.message.split("'")[1] for p in findings(page) if p.code == "drift-repeated-number"]


def test_counts_of_parallel_set_ups_are_no_constant():
    # '3 scouts' in missions 1 to 3; '2 supply crates' in missions 1 and 3 (the third, under a subsection of
    # mission 3) and in scenario A, another run of parallel sections
    assert repeated(CAMPAIGN) == []


def test_the_same_count_outside_them_is_still_repeated():
    page = CAMPAIGN.replace("Each ranger takes a ranger board.", "Each ranger takes a ranger board and 3 scouts.")
    problem, = findings(page)
    assert problem.code == "drift-repeated-number" and "'3 scouts' is written by hand in 4 places" in problem.message
    assert problem.location.file == "rules.md" and problem.location.line == 5
    assert "rules.md:11:" in problem.message and "{const:id}" in problem.hint


def test_twice_in_one_mission_is_still_repeated():
    page = CAMPAIGN.replace("Scouts move twice.", "The 3 scouts move twice.")
    assert repeated(page) == ["3 scouts"]


def test_a_threshold_in_two_missions_is_no_constant_but_in_two_rules_it_is():
    missions = "## Missions\n\n### Mission 1\n\nWin with 5+ scouts.\n\n### Mission 2\n\nWin with 5+ scouts.\n"
    assert findings("# Game\n\n" + missions) == []
    rules = "## Scoring\n\nWin with 5+ scouts.\n\n## End\n\nWin with 5+ scouts.\n"
    assert [p.code for p in findings("# Game\n\n" + rules)] == ["drift-repeated-number"]


def test_numbered_chapters_are_no_parallel_sections():
    # "1. Set-up", "2. Play": the book's chapters, whose figures are the game's
    page = ("# Game\n\n## 1. Set-up\n\nTake 3 scouts.\n\n## 2. Play\n\nMove 3 scouts.\n\n"
            "## 3. End\n\nCount 3 scouts.\n")
    assert repeated(page) == ["3 scouts"]
    assert repeated(page.replace("# Game\n\n", "")) == ["3 scouts"]  # no title: the top headings are chapters


def test_numbered_steps_of_a_turn_are_no_parallel_sections():
    # "Your Turn" > "1. Draw", "2. Play": one procedure's steps, whose figures are one rule's; under "Missions"
    # the same numbering is a list of like things, and under "Set-up" a set-up per player count is too
    steps = ("# Game\n\n## Your Turn\n\n### 1. Draw\n\nDraw 3 scouts.\n\n### 2. Play\n\nPlay 3 scouts.\n\n"
             "### 3. Rest\n\nRest 3 scouts.\n")
    assert repeated(steps) == ["3 scouts"]
    assert repeated(steps.replace("Your Turn", "Missions")) == []
    counts = ("# Game\n\n## Set-up\n\n### 2 Players\n\nTake 3 scouts.\n\n### 3 Players\n\nTake 3 scouts.\n\n"
              "### 4 Players\n\nTake 3 scouts.\n")
    assert repeated(counts) == []
    assert repeated(steps.replace("Your Turn", "Playing a round")) == ["3 scouts"]
    variants = steps.replace("Your Turn", "Playing with fewer")  # '1. Two players', '2. Solo': like things
    assert repeated(variants) == []


@pytest.mark.parametrize(("titles", "same"), [
    (["Mission 1", "Mission 2: The Watchtower"], True),
    (["Scenario A: The Ford", "Scenario B"], True),
    (["1. Label", "Yellow. False Bottom"], True),  # a card with a colour for its number
    (["IV. Endgame", "V. Epilogue"], True),
    (["2 Players", "3 Players"], True),  # a set-up per player count
    (["Mission 1", "Scenario 2"], False),
])
def test_patterns_of_siblings(titles, same):
    first, second = (pattern(t) for t in titles)
    assert first is not None and second is not None and (first == second) is same


@pytest.mark.parametrize("title", ["A Sense of Priorities", "X or Y ray", "Step 1", "Phase 2: Trade",
                                   "2.1 Turn order", "Double Detector"])
def test_no_pattern(title):
    assert pattern(title) is None  # a name opening with a letter; parts of one procedure; a sub-chapter


def test_a_lone_numbered_heading_is_no_run():
    page = "# Game\n\n## Missions\n\n### Mission 1\n\nText.\n\n### Epilogue\n\nText.\n"
    assert PageSections(page).section_at(page.index("Text.")) is None
