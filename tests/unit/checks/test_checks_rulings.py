"""Candidate rulings of open questions (models/rulings.py, checks/rulings.py, models/ruled.py): the fixture game
Harbour Lights checks clean; each broken ruling is a located error naming what to fix; two questions that
change one dice table or one constant are refused (not worked out in combination); a ruled table reads the
ruling's counts and rows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gamekit import assert_at, check, only, where

from rulecraft.loader import load_rulebook
from rulecraft.models.ruled import constant_rulings, questions_at, ruled_table, table_rulings

HARBOUR = Path(__file__).resolve().parents[2] / "data" / "rulings" / "harbour"


@pytest.fixture
def harbour(tmp_path) -> Path:
    folder = tmp_path / "harbour"
    shutil.copytree(HARBOUR, folder)
    return folder


def edit(folder: Path, old: str, new: str, name: str = "game.yaml") -> Path:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_fixture_game_checks_clean_and_every_effect_kind_is_read(harbour):
    result = check(harbour)
    assert not result.errors and not result.warnings, [p.format() for p in result.problems]
    info = load_rulebook(harbour.parent).games["harbour"].info
    assert [q.id for q in questions_at(info, "dice", "storm")] == ["storm-seven", "pilot-bonus"]
    assert [q.id for q in questions_at(info, "end")] == ["cargo-goal"]
    assert table_rulings(info)["storm"].id == "storm-seven"
    assert constant_rulings(info)["cargo-to-win"].id == "cargo-goal"
    kinds = {r.id: ("const" if r.const else "dice" if r.dice else "text")
             for q in info.open_questions for r in q.rulings}
    assert set(kinds.values()) == {"const", "dice", "text"}


def test_a_ruled_table_reads_the_rulings_rows_and_counts(harbour):
    game = load_rulebook(harbour.parent).games["harbour"]
    storm, question = game.tables[0], game.info.open_questions[1]
    ruled = ruled_table(storm, question.rulings[0])
    assert [r.roll for r in ruled.rows] == ["2-7", "8+"] and [r.roll for r in storm.rows] == ["2-6", "7+"]
    edit(harbour, "          rows:\n            - {roll: 2-7", "          modifiers: {pilot: {count: [0, 3]}}\n"
         "          rows:\n            - {roll: 2-7")
    game = load_rulebook(harbour.parent).games["harbour"]
    ruled = ruled_table(game.tables[0], game.info.open_questions[1].rulings[0])
    assert ruled.modifiers[0].count == (0, 3) and game.tables[0].modifiers[0].count == (0, 1)


@pytest.mark.parametrize("old, new, code, needle", [
    ("const: cargo-to-win\n        value: 10", "const: cargo-to-wim\n        value: 10", "ruling-unknown-constant",
     "cargo-to-wim"),
    ("value: 10", "value: 10.5", "ruling-value-type", "10.5"),
    ("at: [dice:storm]\n    rulings:\n      - id: seven-loses",
     "at: [dice:stormy]\n    rulings:\n      - id: seven-loses", "ruling-unknown-rule", "dice:stormy"),
    ("          table: storm\n          rows:\n            - {roll: 2-7", "          table: stormy\n          rows:\n"
     "            - {roll: 2-7", "ruling-unknown-table", "stormy"),
    ("          table: storm\n          rows:\n            - {roll: 2-7",
     "          table: storm\n          modifiers: {captain: {count: [0, 2]}}\n          rows:\n"
     "            - {roll: 2-7", "ruling-unknown-modifier", "captain: {count"),
])
def test_a_broken_ruling_is_a_located_error(harbour, old, new, code, needle):
    path = edit(harbour, old, new)
    problem = only(check(harbour).errors, code)
    line, _ = where(harbour, "game.yaml", needle)
    assert_at(problem, path, line)


def test_ruled_rows_must_still_cover_every_roll(harbour):
    path = edit(harbour, "            - {roll: 2-7, result: Lose a crate.}\n            - {roll: 8+",
                "            - {roll: 2-7, result: Lose a crate.}\n            - {roll: 9+")
    problem = only(check(harbour).errors, "ruling-dice")
    assert "seven-loses" in problem.message and "no row covers total 8" in problem.message
    assert_at(problem, path, where(harbour, "game.yaml", "table: storm")[0])  # at the ruling's 'dice:'


def test_two_questions_changing_one_table_are_refused_with_both_places(harbour):
    path = edit(harbour, "        label: Once per pilot\n        text: Each pilot aboard adds +1.\n",
                "        label: Once per pilot\n        text: Each pilot aboard adds +1.\n"
                "        dice: {table: storm, modifiers: {pilot: {count: [0, 3]}}}\n")
    problem = only(check(harbour).errors, "ruling-shared")
    assert "'storm-seven' and 'pilot-bonus'" in problem.message
    first = where(harbour, "game.yaml", "table: storm")[0]
    assert f"game.yaml:{first}" in problem.message  # the first question's ruling, file:line
    assert_at(problem, path, where(harbour, "game.yaml", "dice: {table: storm")[0])


def test_a_table_a_ruling_changes_is_named_where_the_question_arises(harbour):
    path = edit(harbour, "    at: [dice:storm]\n    rulings:\n      - id: seven-loses",
                "    at: [phase:sail]\n    rulings:\n      - id: seven-loses")
    problem = only(check(harbour).errors, "ruling-not-at")
    assert_at(problem, path, where(harbour, "game.yaml", "at: [phase:sail]")[0])


@pytest.mark.parametrize("old, new, said", [
    ("      - id: ten\n        label: 10 crates (the rules)\n        text: The first captain to land 10 crates wins.\n"
     "        const: cargo-to-win\n        value: 10\n", "", "two or more rulings"),
    ("      - id: ten\n", "      - id: eight\n", "its own id"),
    ("        const: cargo-to-win\n        value: 10\n", "        const: cargo-to-win\n", "both 'const' and 'value'"),
    ("    at: [end, phase:dock]\n", "", "names where it arises"),
    ("    at: [end, phase:dock]\n", "    at: [end, turn]\n", "at"),
])
def test_a_misshapen_question_is_refused_when_loaded(harbour, old, new, said):
    edit(harbour, old, new)
    found = [p for p in check(harbour).errors if "open_questions" in p.message or said in p.message]
    assert found and any(said in p.message for p in found), [p.format() for p in check(harbour).problems]
    assert all(p.location.line for p in found)


def test_a_ruled_table_renders_the_same_from_the_snapshot(tmp_path):
    """A build from the snapshot (records, no pydantic) draws the marker and each ruling's table as a fresh
    load does."""
    from xml.etree import ElementTree as etree

    from rulecraft import snapshot
    from rulecraft.models import records
    from rulecraft.models.index import build_index
    from rulecraft.render.base import RenderContext
    from rulecraft.render.dice import render_table

    shutil.copytree(HARBOUR, tmp_path / "rules_data" / "harbour")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")

    def page(b) -> str:
        game = b.games["harbour"]
        root = etree.Element("div")
        render_table(root, game.tables[0], RenderContext(build_index(game), "harbour/dice.md",
                                                         lambda parent, text: None))
        return etree.tostring(root, encoding="unicode")

    assert isinstance(again.games["harbour"].info.open_questions[1].rulings[0].dice, records.Record)
    shown = page(again)
    assert shown == page(book) and shown.count('class="rc-ruled-table') == 2 and "21/36" in shown
