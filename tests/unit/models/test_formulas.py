"""The euro fixture's formulas, as game.yaml states them, worked out against hand-computed values and read in
words; its catalog's costs in words (models.formula_scope, models.cost_words)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rulecraft.loader import load_game
from rulecraft.models.cost_words import cost_text, exchange_text, named_costs_text, requirement_text, use_text
from rulecraft.models.formula_scope import formula_value, formula_words
from rulecraft.models.index import build_index

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "euro" / "marchland"


@pytest.fixture(scope="module")
def index():
    game, problems = load_game(FIXTURE)
    assert not problems
    return build_index(game)


@pytest.mark.parametrize("formula_id, values, expected", [
    ("loot", {"tiles": 7}, 4), ("loot", {"tiles": 6}, 3), ("loot", {"tiles": 0}, 0),   # half, rounded up
    ("strength", {"magic": 29}, 10), ("strength", {"magic": 30}, 15),                 # 5 per whole 10
    ("crowns", {"attack": 3, "defence": 2, "mounted": 1}, 11),                         # 2 × 5 + 1
    ("crowns", {"attack": 3, "defence": 2, "mounted": 0}, 10),
    ("fortress-defence", {"defence": 4}, 12),                                          # × 3 in a fortress
    ("charge", {"attack": 5}, 10),                                                     # a charge doubles it
    ("rations", {"crew": 7}, 3), ("rations", {"crew": 6}, 2),                          # 7/3 rounded up
])
def test_the_fixture_formulas_against_hand_computed_values(index, formula_id, values, expected):
    value = formula_value(index, index.formulas[formula_id], values)
    assert value == expected and isinstance(value, Fraction)


def test_the_formulas_read_in_words(index):
    words = {f.id: formula_words(index, f) for f in index.formulas.values()}
    assert words == {
        "loot": "half of resource tiles you own, rounded up",
        "strength": "5 for every 10 magic points",
        "crowns": "2 × (attack points + defence points) + 1 if mounted",
        "fortress-defence": "defence points × the fortress factor",
        "charge": "attack points × 2",
        "rations": "crew ÷ 3, rounded up",
    }


def test_the_catalog_in_words(index):
    items = index.items
    assert cost_text(index, items["shield-wall"].costs) == "3 Points × defence points"
    assert cost_text(index, items["monastery"].costs) == "3 Food + 3 Gold + 1 Ore"
    assert named_costs_text(index, items["ward"].prices) == "2 Points for personal use, or 10 Points for a whole unit"
    assert use_text(index, items["forge"].uses[0]) == "1 Gold + 3 Ore → 1 Might, once per Harvest phase"
    assert requirement_text(index, items["ritual"]) == "Mage or Necromancer"
    assert requirement_text(index, items["monastery"]) == "Chapel"
    assert [exchange_text(index, e) for e in index.game.exchanges] == \
        ["2 Gold → 1 Ore", "2 of any one resource → 1 of any other resource, once per Trade phase"]
