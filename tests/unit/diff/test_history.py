"""diff/history.py: a game's tagged versions (the tag rule of game.yaml), each diffed against the one before,
once per build and once per pair of commits; without git or tags, no diff and a note saying why."""

from __future__ import annotations

import shutil

import pytest
from diffkit import commit, make_repo

from rulecraft.diff import history as history_module
from rulecraft.diff.history import History, tag_regex, tagged_versions, version_key
from rulecraft.loader import load_rulebook

GAME = """\
    id: demo
    title: Demo Game
    summary: Players trade widgets.
    versions: {{tags: "{rule}"}}
    """
PHASES = """\
    phases:
      - id: income
        name: Income
        rules: Take {gold} gold.
    """


def repo_with(tmp_path, rule: str, tags: list[tuple[str, int]]):
    root = make_repo(tmp_path / "repo", {"game.yaml": GAME.format(rule=rule), "phases.yaml": PHASES.format(gold=9)})
    for tag, gold in tags:
        commit(root, tag, {"phases.yaml": PHASES.format(gold=gold)}, tag=tag)
    return root


def test_versions_are_ordered_as_numbers_and_read_by_the_games_own_rule():
    assert sorted(["0.10", "0.9", "1.0", "0.2"], key=version_key) == ["0.2", "0.9", "0.10", "1.0"]
    assert tag_regex("straits-v{version}").match("straits-v1.2").group("version") == "1.2"
    assert not tag_regex("straits-v{version}").match("v1.2")
    tags = {"straits-v0.10": "c3", "straits-v0.9": "c2", "other-v5": "x", "straits-v0.1": "c1"}
    assert [t.version for t in tagged_versions(tags, "straits-v{version}")] == ["0.1", "0.9", "0.10"]


def test_consecutive_tags_are_diffed_once_each(tmp_path, monkeypatch):
    root = repo_with(tmp_path, "demo-v{version}", [("demo-v0.1", 3), ("demo-v0.2", 2), ("demo-v0.3", 2),
                                                   ("unrelated-1", 7)])
    history_module._DIFFS.clear()
    calls = []
    original = History._diff
    monkeypatch.setattr(History, "_diff", lambda self, *a: calls.append(a[1:]) or original(self, *a))
    book = load_rulebook(root / "rules_data")
    history = History(root / "rules_data")
    found = history.of(book.games["demo"])
    assert history.of(book.games["demo"]) is found  # asked by every page: worked out once
    assert [t.version for t in found.tagged] == ["0.1", "0.2", "0.3"]
    assert found.previous == {"0.2": "0.1", "0.3": "0.2"} and found.note is None
    change = found.diffs["0.2"].changes[0]
    assert (change.kind, change.id) == ("phase", "income")
    assert change.details[0].before == "Take 3 gold." and change.details[0].after == "Take 2 gold."
    assert found.diffs["0.3"].changes == []
    assert [version for version, _ in found.changes_of("phase", "income")] == ["0.2"]
    assert len(calls) == 2
    history.close()
    again = History(root / "rules_data").of(book.games["demo"])  # the next build (mkdocs serve): reused
    assert len(calls) == 2 and again.diffs["0.2"] is found.diffs["0.2"]


def test_without_git_or_with_one_tag_there_is_a_note_and_no_diff(tmp_path):
    root = repo_with(tmp_path, "v{version}", [("v0.1", 3)])
    book = load_rulebook(root / "rules_data")
    one = History(root / "rules_data").of(book.games["demo"])
    assert one.diffs == {} and "1 git tag(s) read as 'v{version}'" in one.note
    plain = tmp_path / "tarball"
    shutil.copytree(root / "rules_data", plain / "rules_data")
    history = History(plain / "rules_data")
    none = history.of(load_rulebook(plain / "rules_data").games["demo"])
    assert none.diffs == {} and "not in a git repository" in none.note
    assert history.notes == [f"demo: {none.note}; the Changes page shows the written notes only"]


def test_a_game_without_a_tag_rule_reads_no_git(tmp_path, monkeypatch):
    root = make_repo(tmp_path / "repo", {"game.yaml": "id: demo\ntitle: Demo\nsummary: A game.\n"})
    monkeypatch.setattr(history_module, "repository_root", lambda *_: pytest.fail("git was read"))
    found = History(root / "rules_data").of(load_rulebook(root / "rules_data").games["demo"])
    assert found.tagged == [] and found.note is None


@pytest.mark.parametrize("rule", ["v{version}{version}", "v", "{version}}"])
def test_a_tag_rule_needs_one_version_placeholder(tmp_path, rule):
    root = make_repo(tmp_path / "repo", {"game.yaml": GAME.format(rule=rule)})
    problems = [p for p in load_rulebook(root / "rules_data").problems if p.is_error]
    assert problems and "game.yaml" in problems[0].format() and "tags" in problems[0].format()


def test_a_shallow_clone_has_no_tags_to_compare_and_says_how_to_fetch_them(tmp_path):
    from diffkit import git

    root = repo_with(tmp_path, "v{version}", [("v0.1", 3), ("v0.2", 2)])
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{root}", "shallow")
    shallow = tmp_path / "shallow" / "rules_data"
    found = History(shallow).of(load_rulebook(shallow).games["demo"])
    assert found.diffs == {} and "git fetch --tags" in found.note
