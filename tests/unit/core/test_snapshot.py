"""snapshot: every kind of value a checked book holds comes back from the file as it was stored."""

from __future__ import annotations

import datetime

from gamekit import copy_example

from rulecraft import snapshot
from rulecraft.loader import load_rulebook
from rulecraft.problems import Location, warning


def test_dates_and_the_books_own_problems_come_back(tmp_path):
    game = copy_example(tmp_path / "rules_data")
    with open(game / "game.yaml", "a", encoding="utf-8") as text:
        text.write("changelog:\n  - version: '1.1'\n    date: 2026-11-30\n    summary: Scoring clarified.\n")
    book = load_rulebook(tmp_path / "rules_data")
    (info,) = [g.info for g in book.games.values()]
    assert info.changelog[0].date == datetime.date(2026, 11, 30)
    book.problems.append(warning("some-code", "a warning the loader kept", Location("x.yaml", 3, 1)))
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None and again.problems == book.problems
    (copy,) = [g.info for g in again.games.values()]
    assert copy.changelog == info.changelog and type(copy.changelog[0].date) is datetime.date


def test_a_combat_results_table_comes_back_and_renders_the_same(tmp_path):
    """The snapshot keeps a two-dimensional table's pieces (columns, shifts, edge rules, grid rows) as
    records of their kinds, and the page and the odds made from the records are those of the models."""
    import shutil
    from pathlib import Path
    from xml.etree import ElementTree as etree

    from rulecraft.dice.grid_odds import odds_by_combination
    from rulecraft.models import records
    from rulecraft.models.index import build_index
    from rulecraft.render.base import RenderContext
    from rulecraft.render.dice import render_table

    shutil.copytree(Path(__file__).parents[2] / "data" / "wargame" / "bridgehead", tmp_path / "rules_data" / "bridgehead")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None

    def page(b) -> tuple[str, dict]:
        game = b.games["bridgehead"]
        table = next(t for t in game.tables if t.id == "combat")
        root = etree.Element("div")
        render_table(root, table, RenderContext(build_index(game), "bridgehead/dice.md", lambda parent, text: None))
        return etree.tostring(root, encoding="unicode"), odds_by_combination(table)

    (model,) = [t for t in book.games["bridgehead"].tables if t.id == "combat"]
    (record,) = [t for t in again.games["bridgehead"].tables if t.id == "combat"]
    assert isinstance(record, records.Record) and record == model
    assert isinstance(record.columns, records.GridColumns) and record.columns.axis == "ratio"
    assert type(record.grid[0]).__name__ == "GridRow" and type(record.shifts[0]).__name__ == "ColumnShift"
    assert record.columns.beyond == model.columns.beyond and record.columns.beyond.high == "DE"
    assert page(again) == page(book)
