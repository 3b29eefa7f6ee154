"""The date a cheat sheet shows when the changelog has none: the last commit to the game's folder, found
again after every commit (a `mkdocs serve` session lives through many), also in a git worktree."""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulecraft.mkdocs_plugin.render_cache import game_fingerprints
from rulecraft.models.cheatsheet import data_date, head_state

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(cwd: Path, *args: str, day: str = "2020-01-02") -> None:
    stamp = f"{day}T12:00:00+00:00"
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "init.defaultBranch=main",
                    *args], cwd=cwd, env=env, check=True, capture_output=True)


def commit(repo: Path, text: str, day: str) -> None:
    (repo / "rules_data" / "isle" / "game.yaml").write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", text, day=day)


@pytest.fixture
def repo(tmp_path):
    (tmp_path / "repo" / "rules_data" / "isle").mkdir(parents=True)
    repo = tmp_path / "repo"
    git(repo, "init", "-q")
    commit(repo, "id: isle\n", "2020-01-02")
    return repo


def game(folder: Path):
    return SimpleNamespace(info=None, folder=folder)


def test_a_commit_during_a_session_shows_its_date(repo):
    isle = game(repo / "rules_data" / "isle")
    assert data_date(isle) == datetime.date(2020, 1, 2)
    commit(repo, "id: isle\ntitle: Isle\n", "2021-03-04")
    assert data_date(isle) == datetime.date(2021, 3, 4)
    git(repo, "pack-refs", "--all")  # the branch now lives in packed-refs only: the same state, read there
    assert data_date(isle) == datetime.date(2021, 3, 4)
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    assert data_date(isle) == datetime.date(2020, 1, 2)


def test_in_a_worktree_too(repo, tmp_path):
    git(repo, "worktree", "add", "-q", "-b", "other", str(tmp_path / "wt"))
    isle = game(tmp_path / "wt" / "rules_data" / "isle")
    assert data_date(isle) == datetime.date(2020, 1, 2)
    commit(tmp_path / "wt", "id: isle\nversion: '2'\n", "2022-05-06")
    assert data_date(isle) == datetime.date(2022, 5, 6)
    assert data_date(game(repo / "rules_data" / "isle")) == datetime.date(2020, 1, 2)  # main kept its own


def test_outside_a_repository_there_is_no_state(tmp_path):
    assert head_state(tmp_path) == "" and data_date(game(tmp_path)) is None


def test_served_pages_of_the_game_render_again_after_a_commit(repo):
    """The render cache reuses a page while its game's fingerprint holds: a commit changes no data file,
    but the cheat sheet's date, so it must change the fingerprint."""
    data = repo / "rules_data"
    games = {"isle": game(data / "isle")}
    before = game_fingerprints(data, games)
    assert game_fingerprints(data, games) == before
    git(repo, "commit", "-q", "--allow-empty", "-m", "nothing changed but the date", day="2023-07-08")
    assert game_fingerprints(data, games) != before


def hostile(tmp_path: Path) -> tuple[Path, Path]:
    """A project under a .git folder that is not git's own (an unpacked archive, a folder above it)."""
    (tmp_path / "p" / "rules_data" / "isle").mkdir(parents=True)
    (tmp_path / "p" / ".git").mkdir()
    return tmp_path / "p" / ".git", tmp_path / "p" / "rules_data" / "isle"


def test_a_fifo_for_head_is_not_read(tmp_path):
    """Reading a FIFO blocks until someone writes to it: the build would hang."""
    import threading

    dot_git, isle = hostile(tmp_path)
    os.mkfifo(dot_git / "HEAD")
    found = []
    reader = threading.Thread(target=lambda: found.append(head_state(isle)), daemon=True)
    reader.start()
    reader.join(60)  # not a timing: without the guard the read never returns
    assert found == ["\0\0"]


def test_a_huge_head_is_not_read(tmp_path):
    dot_git, isle = hostile(tmp_path)
    (dot_git / "HEAD").write_bytes(b"ref: refs/heads/" + b"x" * 10_000_000)
    assert head_state(isle) == "\0\0"


def test_head_cannot_name_a_file_outside_the_git_folder(tmp_path):
    dot_git, isle = hostile(tmp_path)
    outside = tmp_path / "secret"
    outside.write_text("one", encoding="utf-8")
    for ref in (str(outside), "../../secret", "refs/../../../secret"):
        (dot_git / "HEAD").write_text(f"ref: {ref}\n", encoding="utf-8")
        before = head_state(isle)
        outside.write_text(before + "two", encoding="utf-8")  # read, it would change the state
        assert head_state(isle) == before, ref


def test_git_is_not_started_when_head_is_unreadable(tmp_path, monkeypatch):
    """git would block on the FIFO until its 10 s timeout: no date is better than a stalled build."""
    from rulecraft.models import cheatsheet

    dot_git, isle = hostile(tmp_path)
    os.mkfifo(dot_git / "HEAD")
    started = []
    monkeypatch.setattr(cheatsheet.subprocess, "run",
                        lambda *a, **k: started.append(a) or subprocess.CompletedProcess(a, 128, "", ""))
    assert data_date(game(isle)) is None and started == []
    (dot_git / "HEAD").unlink()
    (dot_git / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    data_date(game(isle))  # a readable HEAD: git is asked (it finds no commit here)
    assert len(started) == 1
