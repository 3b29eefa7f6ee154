"""`rulecraft diff`: each format, each exit status (0 no change, 1 changed, 2 error), and the messages for a
shallow clone, a missing revision, a folder outside git and a version that does not load."""

from __future__ import annotations

import io
import json
import sys

import pytest
from diffkit import commit, git, make_repo, write_files

from rulecraft.cli.main import main
from rulecraft.diff import diff_versions
from rulecraft.diff.format_markdown import as_markdown
from rulecraft.diff.format_text import as_text

GAME = {
    "game.yaml": """\
        id: demo
        title: Demo Game
        summary: Players trade widgets.
        constants:
          hand-size: 5
        """,
    "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one widget.
        """,
}
TRADE = "phases:\n  - id: trade\n    name: Trade\n    rules: {rules}\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """v1 (tagged), then a commit changing the rules; the working tree changes them again."""
    root = make_repo(tmp_path_factory.mktemp("cli") / "repo", GAME)
    git(root, "tag", "v1")
    commit(root, "reworded", {"phases.yaml": TRADE.format(rules="Each player may trade two widgets.")})
    write_files(root / "rules_data" / "demo",
                {"phases.yaml": TRADE.format(rules="Each player may trade three widgets.")})
    return root


def run(capsys, *args):
    code = main(["diff", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_text_by_default_from_the_newest_tag_to_the_working_tree(repo, capsys, monkeypatch):
    monkeypatch.chdir(repo)
    code, out, err = run(capsys)
    assert code == 1 and err == ""
    assert out.splitlines()[0] == "Rules changed: v1 → the working tree"
    assert "Phase 1 Trade: changed" in out
    assert "rules: Each player may trade [-one-]{+three+} [-widget-]{+widgets+}." in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_without_a_tag_the_default_is_the_previous_commit(tmp_path, capsys):
    root = make_repo(tmp_path / "repo", GAME)
    commit(root, "reworded", {"phases.yaml": TRADE.format(rules="Each player may trade two widgets.")})
    code, out, _ = run(capsys, "--rules", str(root / "rules_data"))
    assert code == 1 and out.startswith("Rules changed: HEAD~1 → the working tree\n")
    code, out, _ = run(capsys, "HEAD~1", "HEAD", "--rules", str(root / "rules_data"))
    assert code == 1 and "[-one-]{+two+}" in out


def test_markdown_for_a_pull_request(repo, capsys):
    code, out, _ = run(capsys, "v1", "HEAD", "--format", "markdown", "--rules", str(repo / "rules_data"))
    assert code == 1
    assert out.startswith("## Rules changes: v1 → HEAD\n")
    assert "### Demo Game (`demo`): 1 change" in out
    assert "- **Phase 1 Trade** — changed" in out
    assert "rules: Each player may trade <del>one</del><ins>two</ins> <del>widget</del><ins>widgets</ins>." in out


def test_json(repo, capsys):
    code, out, _ = run(capsys, "v1", "HEAD", "--format", "json", "--rules", str(repo / "rules_data"))
    assert code == 1
    data = json.loads(out)
    assert (data["before"], data["after"], data["changed"]) == ("v1", "HEAD", True)
    change = data["games"][0]["changes"][0]
    assert (change["kind"], change["id"], change["action"]) == ("phase", "trade", "changed")
    assert change["details"][0]["before"] == "Each player may trade one widget."


@pytest.mark.parametrize("fmt, expected", [("text", "No rule changed: v1 → v1."), ("markdown", "No rule changed."),
                                           ("json", '"changed": false')])
def test_no_change_exits_0_in_every_format(repo, capsys, fmt, expected):
    code, out, _ = run(capsys, "v1", "v1", "--format", fmt, "--rules", str(repo / "rules_data"))
    assert code == 0 and expected in out


def test_a_missing_revision_exits_2_with_a_message(repo, capsys):
    code, out, err = run(capsys, "v9", "--rules", str(repo / "rules_data"))
    assert code == 2 and out == ""
    assert err.startswith("rulecraft diff: revision 'v9' does not exist in ")


def test_an_option_is_never_taken_for_a_revision(repo, capsys):
    code, _, err = run(capsys, "--rules", str(repo / "rules_data"), "--", "--output=/tmp/x")
    assert code == 2 and "is not a revision" in err


def test_a_shallow_clone_says_how_to_fetch_the_history(repo, tmp_path, capsys):
    git(tmp_path, "clone", "-q", "--depth", "1", repo.as_uri(), "shallow")
    rules = str(tmp_path / "shallow" / "rules_data")
    code, _, err = run(capsys, "v1", "--rules", rules)
    assert code == 2 and "revision 'v1' is not in this clone" in err and "fetch-depth: 0" in err
    code, _, err = run(capsys, "--rules", rules)  # no tag, no HEAD~1 in a clone of depth 1
    assert code == 2 and "no tag and no earlier commit" in err and "git fetch --unshallow" in err


def test_a_folder_outside_git_can_only_be_compared_with_another_folder(tmp_path, capsys):
    write_files(tmp_path / "rules_data" / "demo", GAME)
    code, _, err = run(capsys, "--rules", str(tmp_path / "rules_data"))
    assert code == 2 and "is not inside a git repository" in err and "compare two folders" in err
    code, out, _ = run(capsys, str(tmp_path / "rules_data"), str(tmp_path / "rules_data"))
    assert code == 0 and out.startswith("No rule changed")


def test_a_version_whose_files_do_not_load_is_refused(tmp_path, capsys):
    root = make_repo(tmp_path / "repo", {**GAME, "phases.yaml": "phases:\n  - id: trade\n    nme: Trade\n"})
    commit(root, "fixed", GAME)
    code, _, err = run(capsys, "HEAD~1", "HEAD", "--rules", str(root / "rules_data"))
    assert code == 2 and "the rules of HEAD~1 do not load (" in err and "phases.yaml" in err


def test_an_unknown_game_exits_2(repo, capsys):
    code, _, err = run(capsys, "v1", "HEAD", "--game", "nope", "--rules", str(repo / "rules_data"))
    assert code == 2 and "no game 'nope' in either version (games: demo)" in err


def test_the_git_revision_is_read_without_touching_the_working_tree(repo):
    before = git(repo, "status", "--porcelain")
    diff_versions("v1", "HEAD", repo / "rules_data")
    assert git(repo, "status", "--porcelain") == before
    assert "three widgets" in (repo / "rules_data" / "demo" / "phases.yaml").read_text()


def test_colour_marks_the_words_and_data_escapes_are_shown_not_acted_on(tmp_path):
    write_files(tmp_path / "old" / "demo", GAME)
    write_files(tmp_path / "new" / "demo", {**GAME, "phases.yaml": TRADE.format(rules='"Trade \\e[2J two."')})
    result = diff_versions(str(tmp_path / "old"), str(tmp_path / "new"))
    text = as_text(result, colour=True)
    assert "\x1b[31m" in text and "\x1b[32m" in text
    assert "\x1b[2J" not in text and "\\x1b[2J" in text


def test_markdown_escapes_the_rules_own_markup_and_mentions(tmp_path):
    write_files(tmp_path / "old" / "demo", GAME)
    write_files(tmp_path / "new" / "demo", {**GAME, "phases.yaml": TRADE.format(
        rules='"Ask @maintainers <img src=x onerror=alert(1)> **now** | here"')})
    out = as_markdown(diff_versions(str(tmp_path / "old"), str(tmp_path / "new")))
    assert "@maintainers" not in out and "&#64;maintainers" in out
    assert "<img" not in out and "&lt;img" in out
    assert "**now**" not in out and "\\*\\*now\\*\\*" in out and "\\| here" in out


def test_a_long_markdown_report_stops_before_the_comment_limit(tmp_path):
    many = "terms:\n" + "".join(f"  - {{id: t{i}, term: Term {i}, short: Word {i}.}}\n" for i in range(300))
    write_files(tmp_path / "old" / "demo", GAME)
    write_files(tmp_path / "new" / "demo", {**GAME, "terms.yaml": many})
    out = as_markdown(diff_versions(str(tmp_path / "old"), str(tmp_path / "new")), limit=3000)
    assert len(out) < 3300 and "more changes, left out to fit a comment" in out


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color, coloured", [(None, True), ("1", False)])
def test_colour_only_on_a_terminal_and_never_with_no_color(repo, monkeypatch, no_color, coloured):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    if no_color:
        monkeypatch.setenv("NO_COLOR", no_color)
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(["diff", "v1", "HEAD", "--rules", str(repo / "rules_data")]) == 1
    out = terminal.getvalue()
    assert ("\x1b[31mone\x1b[0m" in out) is coloured and ("[-one-]" in out) is not coloured


def test_markdown_names_an_id_as_code_and_shows_references_as_their_words(tmp_path):
    write_files(tmp_path / "old" / "demo", GAME)
    write_files(tmp_path / "new" / "demo", {
        "game.yaml": GAME["game.yaml"].replace("hand-size: 5", "hand-size: 6"),
        "phases.yaml": TRADE.format(rules="Each player may trade {const:hand-size} widgets in {phase:trade}.")})
    out = as_markdown(diff_versions(str(tmp_path / "old"), str(tmp_path / "new")))
    assert "- **Constant `hand-size`** — changed" in out  # code, not an escaped backtick shown as one
    assert "\\`" not in out
    assert "{const:" not in out and "{phase:" not in out
    assert "<del>one</del><ins>6</ins> <del>widget</del><ins>widgets in phase 1 (Trade)</ins>." in out
