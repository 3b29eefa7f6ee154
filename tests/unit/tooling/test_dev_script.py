"""The ./dev script's set-up steps, run with stand-in tools (the script is sourced, so only its steps run)."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def tool(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/usr/bin/env bash\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def stand_ins(tmp_path: Path) -> Path:
    """A PATH folder where every tool the step asks for is present, and apt-get only records its call."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name in ("chromium", "pdfinfo", "java"):
        tool(bin_, name, "exit 0")
    tool(bin_, "apt-get", f'echo "$*" >> {tmp_path / "apt-calls"}')
    tool(bin_, "id", "echo 0")
    return bin_


def system_packages(bin_: Path) -> subprocess.CompletedProcess:
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "HOME": str(bin_.parent)}
    return subprocess.run(["bash", "-c", f"source {REPO / 'dev'} && system_packages"], env=env,
                          capture_output=True, text=True, timeout=120)


def test_installed_fonts_are_not_installed_again_whatever_the_list_length(stand_ins):
    # A long font list with the wanted fonts first: grep -q quits at the first match while fc-list still
    # writes, so a pipe from fc-list dies of SIGPIPE (141) and, under pipefail, read as "missing".
    wanted = ["DejaVu Sans", "Liberation Sans", "Noto Color Emoji"]
    filler = "printf '/usr/share/fonts/x%d.ttf: Filler %d:style=Regular\\n' $(seq 1 200000 | sed 'p')"
    tool(stand_ins, "fc-list", "".join(f"echo '/f/{n}.ttf: {n}:style=Regular'\n" for n in wanted) + filler)
    for _ in range(3):  # the pipe failed at random: try a few times
        result = system_packages(stand_ins)
        assert result.returncode == 0, result.stderr
        assert not (stand_ins.parent / "apt-calls").exists(), result.stderr


def test_missing_fonts_are_installed(stand_ins):
    tool(stand_ins, "fc-list", "echo '/f/d.ttf: DejaVu Sans:style=Book'")
    result = system_packages(stand_ins)
    assert result.returncode == 0, result.stderr
    calls = (stand_ins.parent / "apt-calls").read_text(encoding="utf-8")
    assert "fonts-liberation" in calls and "fonts-noto-color-emoji" in calls and "fonts-dejavu-core" not in calls


def test_the_script_run_without_a_command_says_how_to_use_it():
    result = subprocess.run([str(REPO / "dev")], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2 and "usage: ./dev serve | ./dev test" in result.stderr
