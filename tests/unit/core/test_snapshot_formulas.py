"""The book snapshot keeps a game's inputs, formulas and the catalog's newer shapes (formula costs, prices,
uses with limits, replaces, any-of requirements, exchanges): they come back as records of the same kind,
equal to the models, and read the same in words and values."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulecraft import snapshot
from rulecraft.loader import load_rulebook
from rulecraft.models import records
from rulecraft.models.cost_words import cost_text, exchange_text, requirement_text, sheet_facts
from rulecraft.models.formula_scope import formula_value, formula_words
from rulecraft.models.index import build_index

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "euro" / "marchland"


def test_formulas_and_catalog_shapes_round_trip(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "rules_data" / "marchland")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None
    game, copy = book.games["marchland"], again.games["marchland"]
    assert copy.formulas == game.formulas and copy.inputs == game.inputs
    assert copy.items == game.items and copy.exchanges == game.exchanges
    ritual = next(i for i in copy.items if i.id == "ritual")
    assert isinstance(ritual, records.Record) and type(ritual.requires).__name__ == "Requirement"
    assert ritual.required == ["mage", "necromancer"] and ritual.requires_any
    before, after = build_index(game), build_index(copy)
    for one, other in zip(game.formulas, copy.formulas):
        assert formula_words(after, other) == formula_words(before, one)
    crowns = next(f for f in copy.formulas if f.id == "crowns")
    assert formula_value(after, crowns, {"attack": 3, "defence": 2, "mounted": 1}) == 11
    for one, other in zip(game.items, copy.items):
        assert sheet_facts(after, other) == sheet_facts(before, one)
        assert requirement_text(after, other) == requirement_text(before, one)
        assert cost_text(after, other.costs) == cost_text(before, one.costs)
    assert [exchange_text(after, e) for e in copy.exchanges] == \
        ["2 Gold → 1 Ore", "2 of any one resource → 1 of any other resource, once per Trade phase"]


def test_a_modifier_worked_out_from_an_input_round_trips(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "rules_data" / "marchland")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None
    mod = again.games["marchland"].tables[0].modifiers[0]
    assert isinstance(mod, records.Record) and isinstance(mod, records.Modifier)
    assert mod.formula == "-half(input.fatigue, down)" and mod.count == (0, 3)
    assert mod.amounts() == [(0, 0), (1, 0), (2, -1), (3, -1)] and mod.amount(2) == -1
    assert mod.said == "− half of your fatigue, rounded down" and mod.asks == "your fatigue"
