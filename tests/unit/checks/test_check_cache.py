"""checks.cache: a build whose inputs did not change reuses the checker's last result."""

from __future__ import annotations

import json

import pytest
from gamekit import check, copy_example, dedent

import rulecraft.checks.cache as check_cache


@pytest.fixture
def runs(monkeypatch):
    """Counts how often the checks really run."""
    calls = []
    real = check_cache.check_book

    def counting(book, docs_dir=None, summaries=True):
        calls.append(book)
        return real(book, docs_dir, summaries=summaries)

    monkeypatch.setattr(check_cache, "check_book", counting)
    return calls


def project(tmp_path):
    game = copy_example(tmp_path / "rules_data")
    docs = tmp_path / "docs"
    (docs / game.name).mkdir(parents=True)
    (docs / game.name / "notes.md").write_text("# Notes\n\nTODO: say who goes first.\n", encoding="utf-8")
    return tmp_path / "rules_data", docs, game


def test_unchanged_inputs_reuse_the_result_and_any_change_runs_the_checks(tmp_path, runs):
    data, docs, game = project(tmp_path)
    cache_file = tmp_path / ".cache" / "check.json"
    _, first = check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 1 and cache_file.is_file()
    assert first.problems == check(data, docs).problems and first.summaries == []
    assert any(p.code == "todo" and p.location.file.endswith("notes.md") for p in first.problems)

    book, again = check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 1 and again.problems == first.problems and book.games  # the book is still loaded

    (docs / game.name / "notes.md").write_text("# Notes\n\nThe oldest player goes first.\n", encoding="utf-8")
    _, prose_changed = check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 2 and not any(p.location.file.endswith("notes.md") for p in prose_changed.problems)

    terms = game / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8").replace("terms:", "terms:\n  - id: Bad Id\n", 1),
                     encoding="utf-8")
    _, data_changed = check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 3 and data_changed.errors and data_changed.problems == check(data, docs).problems
    _, same_errors = check_cache.load_and_check(data, docs, cache_file)  # errors are reused as well
    assert len(runs) == 3 and same_errors.problems == data_changed.problems

    (game / "notes.txt").write_text("not data, but in the folder", encoding="utf-8")
    check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 4


def test_a_damaged_cache_is_a_miss_and_is_replaced(tmp_path, runs):
    data, docs, _ = project(tmp_path)
    cache_file = tmp_path / "check.json"
    _, first = check_cache.load_and_check(data, docs, cache_file)
    entry = json.loads(cache_file.read_text(encoding="utf-8"))
    for damaged in ("{not json", json.dumps({**entry, "problems": [["warning", 1]]}),
                    json.dumps({**entry, "problems": [["fatal", *entry["problems"][0][1:]]]}),
                    json.dumps([entry]), ""):
        cache_file.write_text(damaged, encoding="utf-8")
        _, result = check_cache.load_and_check(data, docs, cache_file)
        assert result.problems == first.problems
    assert len(runs) == 6
    check_cache.load_and_check(data, docs, cache_file)
    assert len(runs) == 6  # rewritten by the last miss


def test_no_cache_file_always_checks(tmp_path, runs):
    data, docs, _ = project(tmp_path)
    for _ in range(2):
        check_cache.load_and_check(data, docs, None)
    assert len(runs) == 2 and not (tmp_path / ".cache").exists()


def test_a_file_saved_during_the_check_is_not_cached_under_the_old_contents(tmp_path, monkeypatch):
    data, docs, game = project(tmp_path)
    real = check_cache.check_book

    def edit_while_checking(book, docs_dir=None, summaries=True):
        result = real(book, docs_dir, summaries)
        (docs / game.name / "notes.md").write_text(dedent("# Notes\n\nSaved meanwhile.\n"), encoding="utf-8")
        return result

    monkeypatch.setattr(check_cache, "check_book", edit_while_checking)
    cache_file = tmp_path / "check.json"
    check_cache.load_and_check(data, docs, cache_file)
    assert not cache_file.exists()


def test_the_key_follows_rulecraft_code_and_the_working_directory(tmp_path, monkeypatch):
    data, docs, _ = project(tmp_path)
    key = check_cache.input_key(data, docs)
    assert check_cache.input_key(data, docs) == key
    monkeypatch.setattr(check_cache, "_code_digest", lambda: b"other code")
    assert check_cache.input_key(data, docs) != key
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)  # problems name files relative to it
    assert check_cache.input_key(data, docs) != key
