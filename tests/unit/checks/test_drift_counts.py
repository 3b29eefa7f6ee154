"""checks/drift/counts.py: the same thing counted differently across a game's texts (drift-count)."""

from __future__ import annotations

import pytest

from rulecraft.checks.drift import counts
from rulecraft.checks.drift.numbers import NounIndex
from rulecraft.checks.drift.phrased import phrased
from rulecraft.checks.drift.texts import Text

NOUNS = NounIndex([("influence-marker", ["Influence marker", "influence", "Influence markers"]),
                   ("ship", ["Ship", "vessel", "Ships", "vessels"]), ("seal", ["Guild seal", "seal", "seals"])])


def findings(first: str, second: str, constants: dict | None = None):
    return counts.check(phrased([Text(first, "intro.md"), Text(second, "end.md")], NOUNS, constants), "demo")


@pytest.mark.parametrize(("first", "second"), [
    ("The game ends when a player has placed all twenty of their influence markers.",
     "The game ends when a player has placed all fifteen of their influence."),  # number words, an alias
    ("Each player has 4 ships.", "Take your 5 ships from the box."),  # "each player has" / "your"
    ("Each player starts with four vessels.", "Each player takes their 3 ships."),  # plural alias, digits
    ("Each player places all 10 seals of their colour.", "Once all twelve of their guild seals are placed..."),
    ("Each player starts with {const:ships} ships.", "Put your 5 ships in the harbour."),  # a constant
    ("Each player starts with 10 coins and one ship.", "Each player has 2 ships."),  # a list shares its words
])
def test_counts_of_the_whole_set_that_disagree(first, second):
    problem, = findings(first, second, {"ships": 4})
    assert problem.code == "drift-count" and problem.location.file == "end.md" and problem.location.line == 1
    assert "intro.md:1:" in problem.message and "{const:id}" in problem.hint


@pytest.mark.parametrize(("first", "second"), [
    ("Each player has 2 ships per player.", "There are 4 ships in total."),  # a rate against a total
    ("Each player has 4 ships.", "Each player may take up to 2 ships."),  # a limit
    ("Each player has 4 ships.", "Your 2 remaining ships sail on."),  # a part
    ("Each player has 4 ships.", "Take 2 more ships."),  # an extra
    ("Each player has 4 ships.", "A player with 5+ ships wins."),  # a threshold
    ("Each player has 4 ships.", "Each player has four ships."),  # agreeing: digits and words
    ("Each player has 4 ships.", "Place 5 ships on the board."),  # no whole-set words
    ("For 2–4 players, each player has 4 ships.", "In a 3-player game, each player has 4 ships."),  # ranges
    ("Each player has 4 ships.", "Your 3rd ship sails first."),  # an ordinal
    ("Each player has 4 ships.", "Roll 2d6 for your 2 dice."),  # dice, another noun
    ("Each player has 4 ships.", "Each player has 2 seals."),  # another noun
])
def test_quiet_on_counts_that_may_differ(first, second):
    assert findings(first, second) == []


def test_one_sentence_weighing_two_figures_is_no_disagreement():
    text = "Each player places all their 15 markers (or all their 20 markers, as the introduction says)."
    assert counts.check(phrased([Text(text, "a.md")], NOUNS), "demo") == []


def test_a_disagreement_is_reported_once_per_value():
    texts = [Text("Each player has 4 ships.", "a.md"), Text("Take your 5 ships.", "b.md"),
             Text("Take your 5 ships.", "c.md"), Text("Take your 6 ships.", "d.md")]
    assert [p.location.file for p in counts.check(phrased(texts, NOUNS), "demo")] == ["b.md", "d.md"]
