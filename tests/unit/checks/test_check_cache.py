"""checks.cache: a build whose inputs did not change reuses the checker's last result."""

from __future__ import annotations

import json
import os
import threading

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


def test_an_unchanged_build_reads_its_book_from_the_snapshot(tmp_path, runs, monkeypatch):
    data, docs, _ = project(tmp_path)
    cache_file = tmp_path / ".cache" / "check.json"
    first_book, first = check_cache.load_and_check(data, docs, cache_file)
    assert (tmp_path / ".cache" / check_cache.BOOK_FILE).is_file()
    loads = []
    real = check_cache._load_rulebook
    monkeypatch.setattr(check_cache, "_load_rulebook", lambda folder: loads.append(folder) or real(folder))
    book, again = check_cache.load_and_check(data, docs, cache_file)
    assert not loads and len(runs) == 1 and again.problems == first.problems
    assert book is not first_book and list(book.games) == list(first_book.games)
    (game,) = book.games.values()
    assert game.info == first_book.games[game.id].info and game.terms == first_book.games[game.id].terms
    (tmp_path / ".cache" / check_cache.BOOK_FILE).write_bytes(b"rulecraft-book-1\0damaged")
    check_cache.load_and_check(data, docs, cache_file)  # a damaged snapshot: read the YAML, write it again
    assert len(loads) == 1 and len(runs) == 1
    check_cache.load_and_check(data, docs, cache_file)
    assert len(loads) == 1


def test_a_build_from_the_snapshot_does_not_import_pydantic(tmp_path):
    """The point of the snapshot: the book comes back as plain records, without pydantic (~0.15 s, ~6 MiB)."""
    import subprocess
    import sys

    data, docs, _ = project(tmp_path)
    script = (
        "import sys; from pathlib import Path\n"
        "import rulecraft.mkdocs_plugin.plugin; from rulecraft.checks.cache import load_and_check\n"
        "book, result = load_and_check(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))\n"
        "(game,) = book.games.values()\n"
        "print(len(book.games), len(result.problems), 'pydantic' in sys.modules, type(game.info).__module__,"
        " type(game.info).__name__)\n")
    args = [sys.executable, "-c", script, str(data), str(docs), str(tmp_path / ".cache" / "check.json")]
    first = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    second = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    assert first[:2] == second[:2]
    assert first[2:] == ["True", "rulecraft.models.game", "GameFile"]  # read from the YAML: validated
    assert second[2:] == ["False", "rulecraft.models.records", "GameFile"]


def test_an_edit_in_a_linked_game_folder_is_a_change(tmp_path):
    """A game folder may be a link to one kept elsewhere (the loader follows it): so does the key."""
    data, docs, game = project(tmp_path)
    kept = tmp_path / "games" / game.name
    kept.parent.mkdir()
    game.rename(kept)
    game.symlink_to(kept, target_is_directory=True)
    cache_file = tmp_path / ".cache" / "check.json"
    check_cache.load_and_check(data, docs, cache_file)
    game_yaml = kept / "game.yaml"
    title = next(line for line in game_yaml.read_text(encoding="utf-8").splitlines() if line.startswith("title:"))
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(title, "title: Renamed"), encoding="utf-8")
    book, _ = check_cache.load_and_check(data, docs, cache_file)
    assert book.games[game.name].title == "Renamed"
    (game / "loop").symlink_to(kept, target_is_directory=True)  # a link back up: each folder is read once
    assert check_cache.input_key(data, docs) != check_cache.input_key(data, docs.parent / "elsewhere")


def test_a_file_saved_while_the_snapshot_is_made_again_is_not_filed_under_the_old_key(tmp_path, monkeypatch):
    data, docs, game = project(tmp_path)
    cache_file = tmp_path / ".cache" / "check.json"
    check_cache.load_and_check(data, docs, cache_file)
    (tmp_path / ".cache" / check_cache.BOOK_FILE).unlink()  # the check's result is kept, the snapshot is not
    game_yaml = game / "game.yaml"
    original = game_yaml.read_text(encoding="utf-8")
    title = next(line for line in original.splitlines() if line.startswith("title:"))
    real = check_cache._load_rulebook

    def saved_meanwhile(root):
        game_yaml.write_text(original.replace(title, "title: Saved meanwhile"), encoding="utf-8")
        return real(root)

    monkeypatch.setattr(check_cache, "_load_rulebook", saved_meanwhile)
    check_cache.load_and_check(data, docs, cache_file)
    assert not (tmp_path / ".cache" / check_cache.BOOK_FILE).exists()
    monkeypatch.setattr(check_cache, "_load_rulebook", real)
    game_yaml.write_text(original, encoding="utf-8")  # undone: the inputs of the stored key again
    book, _ = check_cache.load_and_check(data, docs, cache_file)
    assert book.games[game.name].title == title.split(":", 1)[1].strip()


def test_odd_files_in_the_inputs_or_the_cache_are_no_error(tmp_path):
    data, docs, game = project(tmp_path)
    (game / "caf\udce9.png").write_bytes(b"x")  # a file name that is not UTF-8
    cache_dir = tmp_path / ".cache"
    cache_dir.mkdir()
    for name in ("check.json", check_cache.BOOK_FILE):  # pipes where the cache files go: never read (blocks)
        os.mkfifo(cache_dir / name)
    done = []
    reader = threading.Thread(target=lambda: done.append(check_cache.load_and_check(data, docs,
                                                                                    cache_dir / "check.json")),
                              daemon=True)
    reader.start()
    reader.join(60)
    assert done, "the build waits on a pipe in the cache folder"
    book, result = done[0]
    assert book.games and not result.errors


def test_the_snapshot_leaves_out_the_checks_list_of_strings(tmp_path):
    """Only the checks read every string of the data (``all_strings``), and a build from the snapshot runs
    none: the list is not stored (~2.6 MiB at 5 000 terms), and is made again if anything asks."""
    from rulecraft.models.index import all_strings, build_index

    data, docs, _ = project(tmp_path)
    cache_file = tmp_path / ".cache" / "check.json"
    first_book, _ = check_cache.load_and_check(data, docs, cache_file)
    (first,) = first_book.games.values()
    assert first.cache.strings  # the checks made it
    book, _ = check_cache.load_and_check(data, docs, cache_file)
    (game,) = book.games.values()
    assert game.cache.strings is None and game.cache.index is build_index(game)  # the index is kept
    assert [text for *_, text in all_strings(game)] == [text for *_, text in all_strings(first)]
