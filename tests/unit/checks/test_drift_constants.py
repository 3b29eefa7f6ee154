"""checks/drift/constants.py: numbers a constant holds (drift-constant), numbers repeated with none
(drift-repeated-number)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rulecraft.checks.drift import constants
from rulecraft.checks.drift.numbers import NounIndex
from rulecraft.checks.drift.phrased import phrased
from rulecraft.checks.drift.texts import Text

NOUNS = NounIndex([("crate", ["Cargo crate", "crate", "crates"]), ("doubloon", ["Doubloon", "Doubloons"]),
                   ("contract", ["Contract", "charter", "Contracts"])])
CONSTANTS = {
    "warehouse-capacity": SimpleNamespace(value=5, label="Crates a warehouse holds", unit="crates"),
    "starting-doubloons": SimpleNamespace(value=10, label="Starting doubloons", unit=None),
    "fee": SimpleNamespace(value=3, label="Fee paid to the bank", unit="doubloons"),
    "flag": SimpleNamespace(value=True, label="A switch", unit=None),
}


def findings(*texts: str):
    values = {key: c.value for key, c in CONSTANTS.items()}
    return constants.check(phrased([Text(t, f"p{i}.md") for i, t in enumerate(texts)], NOUNS, values), NOUNS,
                           CONSTANTS, "demo")


@pytest.mark.parametrize(("text", "constant"), [
    ("A warehouse holds 5 crates.", "warehouse-capacity"),  # the label's noun
    ("A warehouse holds five cargo crates.", "warehouse-capacity"),  # a number word, the term's other form
    ("Each player starts with ten doubloons.", "starting-doubloons"),  # the label's head noun
    ("Pay 3 doubloons to the bank.", "fee"),  # the unit
])
def test_a_number_a_constant_holds(text, constant):
    problem, = findings(text)
    assert problem.code == "drift-constant" and f"{{const:{constant}}}" in problem.hint
    assert problem.location.line == 1


@pytest.mark.parametrize("text", [
    "A warehouse holds {const:warehouse-capacity} crates.",  # already the constant
    "A ship carries 5 passengers.",  # the value, another noun
    "A warehouse holds 4 crates.",  # the noun, another value
    "Each warehouse holds 2–5 crates.",  # a range
    "Roll 5d6 for the crates.",  # dice
    "The 5th crate is lost.",  # an ordinal
])
def test_quiet_where_no_constant_matches(text):
    assert findings(text) == []


def test_repeated_three_times_with_no_constant():
    problem, = findings("Gain 2 tide tokens.", "A waiting ship takes 2 tide tokens.", "Storms give 2 tide tokens.")
    assert problem.code == "drift-repeated-number" and "3 places" in problem.message
    assert "p1.md:1:" in problem.message and "p2.md:1:" in problem.message


def test_a_threshold_repeated_twice_is_enough():
    problem, = findings("A player with 17+ fame wins.", "Reach 17+ fame to end the game.")
    assert problem.code == "drift-repeated-number"


@pytest.mark.parametrize("texts", [
    ("Gain 2 tide tokens.", "A waiting ship takes 2 tide tokens."),  # twice, no threshold
    ("Gain 1 tide token.", "Take one tide token.", "Lose 1 tide token."),  # ones are everywhere
    ("for 2–4 players", "for 2–4 players", "for 2–4 players"),  # ranges
    ("the border between two regions", "Two regions are adjacent when...", "links two regions"),  # relations
    ("a total of 4 fame", "4 fame in total", "you have 4 fame in all"),  # sums worked out
    ("Roll 2 dice.", "Roll 2 dice again.", "Roll 2 dice once more."),  # dice are the dice checks' business
])
def test_quiet_on_repeats_that_are_no_figure(texts):
    assert findings(*texts) == []
