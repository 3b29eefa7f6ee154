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
