"""Two versions of a game in a temporary git repository: write, commit, change, commit."""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
           "GIT_COMMITTER_EMAIL": "test@example.org", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}


def git(repo: Path, *args: str) -> str:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | GIT_ENV
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, env=env, timeout=60, check=True)
    return done.stdout


def write_files(game: Path, files: dict[str, str | None]) -> None:
    game.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        if text is None:
            (game / name).unlink(missing_ok=True)
        else:
            (game / name).write_text(textwrap.dedent(text), encoding="utf-8")


def make_repo(root: Path, first: dict[str, str], game_id: str = "demo") -> Path:
    """A repository holding rules_data/<game_id>/ with ``first`` committed (and nothing else)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    write_files(root / "rules_data" / game_id, first)
    commit(root, "first version")
    return root


def commit(repo: Path, message: str, files: dict[str, str | None] | None = None, game_id: str = "demo",
           tag: str | None = None) -> None:
    if files:
        write_files(repo / "rules_data" / game_id, files)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    if tag:
        git(repo, "tag", tag)
