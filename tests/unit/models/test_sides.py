"""The sentence builders of an opposed roll's sides (models/records.py Side): subject, possessive and verb
read right for a pronoun, a common noun with its article, a proper name, a plural name and custom forms."""

from __future__ import annotations

import pytest

from rulecraft.models.dice import Opposed, Side

DIFF = {"label": "your might minus the Monster's", "range": [-1, 1]}


def side(value) -> Side:
    return Opposed(attacker=value, difference=DIFF, ties="defender").attacker


@pytest.mark.parametrize("name, wins, possessive, at_start", [
    ("You", "you win", "your", ("You win", "Your")),
    ("you", "you win", "your", ("You win", "Your")),
    ("the attacker", "the attacker wins", "the attacker's", ("The attacker wins", "The attacker's")),
    ("The Monster", "the Monster wins", "the Monster's", ("The Monster wins", "The Monster's")),
    ("Player 1", "Player 1 wins", "Player 1's", ("Player 1 wins", "Player 1's")),
    ("Boris", "Boris wins", "Boris's", ("Boris wins", "Boris's")),  # a final s is not a plural
    ("They", "they win", "their", ("They win", "Their")),
    ("I", "I win", "my", ("I win", "My")),
])
def test_default_forms(name, wins, possessive, at_start):
    s = side(name)
    assert s.wins() == wins and s.possessive_form() == possessive
    assert (s.wins(start=True), s.possessive_form(start=True)) == at_start


def test_plural_name():
    s = side({"name": "the Romans", "plural": True})
    assert s.wins() == "the Romans win" and s.possessive_form() == "the Romans'"
    assert s.says("rolls", "roll", start=True) == "The Romans roll"
    people = side({"name": "the people", "plural": True})
    assert people.possessive_form() == "the people's"


def test_custom_forms_win_over_the_defaults():
    s = side({"name": "Thou", "possessive": "thy", "plural": True})
    assert s.wins() == "Thou win" and s.possessive_form(start=True) == "Thy"
    singular_you = side({"name": "you", "plural": False})
    assert singular_you.wins() == "you wins"  # what the data says, even when unusual


def test_defaults_are_the_attacker_and_the_defender():
    o = Opposed(difference=DIFF, ties="reroll")
    assert o.attacker.wins(start=True) == "The attacker wins"
    assert o.defender.possessive_form() == "the defender's"


def test_a_mapping_needs_a_name():
    with pytest.raises(ValueError):
        Opposed(attacker={"possessive": "your"}, difference=DIFF, ties="reroll")
