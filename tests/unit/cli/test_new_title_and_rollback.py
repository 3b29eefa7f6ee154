"""`rulecraft new`: the title follows the loader's rule before anything is written, any printable title
round-trips through game.yaml, and a failed run leaves nothing behind, so a retry succeeds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import rulecraft.cli.scaffold as scaffold
from rulecraft.cli.main import main
from rulecraft.cli.scaffold import ScaffoldError, create_game
from rulecraft.loader import load_game

PLUGINS = Path(scaffold.__file__).resolve().parents[2]


def everything_under(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")) if root.exists() else []


@pytest.mark.parametrize("title, shown", [
    ("Caf\x7fe", "U+007F"), ("Emplo\u200byee", "U+200B ZERO WIDTH SPACE"), ("Tab\tbed", "U+0009"),
    ("Two\nlines", "U+000A"), ("\u202eevil", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("x" * 301, "at most 300"),
])
def test_a_title_the_loader_would_refuse_exits_2_and_writes_nothing(tmp_path, capsys, title, shown):
    root = tmp_path / "project"
    assert main(["new", "demo", "--root", str(root), "--title", title]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulecraft new: --title") and shown in err and "Traceback" not in err
    assert not root.exists()


@pytest.mark.parametrize("title", ['Say "hi"', "Yes", "1.0", "null", "- dash", "# hash", "a: b", "{braces}",
                                   "[x, y]", "'single'", "back\\slash \\n", "%tag", "@at", "`tick`", "  spaced  ",
                                   "Café 🎲 \u05e9\u05dc\u05d5\u05dd", "10\u00a0km", "&anchor *alias", "!tag",
                                   "x" * 300])
def test_any_printable_title_round_trips(tmp_path, title):
    create_game(tmp_path, "demo", title=title)
    game, problems = load_game(tmp_path / "rules_data" / "demo")
    assert problems == [] and game.info.title == title


def test_a_title_in_latin_1_bytes_is_refused_and_a_retry_succeeds(tmp_path):
    root = tmp_path / "project"
    env = {**os.environ, "PYTHONPATH": str(PLUGINS), "LC_ALL": "C.UTF-8", "PYTHONUTF8": "1"}
    command = [sys.executable, "-m", "rulecraft.cli.main", "new", "demo", "--root", str(root)]
    result = subprocess.run([*command, b"--title=Caf\xe9"], capture_output=True, env=env, timeout=120)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, err
    assert "Traceback" not in err and "--title is not UTF-8 text: byte 0xE9" in err
    assert not root.exists()
    result = subprocess.run([*command, "--title=Café".encode()], capture_output=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert load_game(root / "rules_data" / "demo")[0].info.title == "Café"


def fail_while_writing_the_page(monkeypatch, error: BaseException):
    def page(title):
        raise error
    monkeypatch.setattr(scaffold, "prose_page", page)


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()],
                         ids=["disk-full", "ctrl-c"])
def test_a_failed_new_leaves_nothing_and_a_retry_succeeds(tmp_path, monkeypatch, error):
    root = tmp_path / "project"
    fail_while_writing_the_page(monkeypatch, error)
    with pytest.raises(ScaffoldError if isinstance(error, OSError) else KeyboardInterrupt) as exc:
        create_game(root, "demo")
    if isinstance(error, OSError):
        assert "nothing was left behind" in str(exc.value)
    assert not root.exists()  # not even the project folder, nor schemas/, mkdocs.yml, rules_data/
    monkeypatch.undo()
    create_game(root, "demo")
    assert load_game(root / "rules_data" / "demo")[1] == []


def test_a_failure_after_the_folders_are_in_place_removes_them(tmp_path, monkeypatch):
    create_game(tmp_path, "first")
    (tmp_path / "mkdocs.yml").write_text((tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
                                         + "nav:\n  - Home: index.md\n", encoding="utf-8")
    before = everything_under(tmp_path)
    mkdocs = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")

    def nav(*args, **kwargs):
        raise OSError(13, "Permission denied")
    monkeypatch.setattr(scaffold, "add_game_to_nav", nav)
    with pytest.raises(ScaffoldError):
        create_game(tmp_path, "second")
    assert everything_under(tmp_path) == before
    assert (tmp_path / "mkdocs.yml").read_text(encoding="utf-8") == mkdocs
