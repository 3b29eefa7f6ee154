"""Helpers for tests of the core: tiny games written into tmp_path, located problems.

``write_game(tmp_path, {...})`` writes a minimal *valid and clean* game folder
(no errors, no warnings) and lets a test replace, add or delete files. Tests
then locate the text they care about with ``line_col`` so every assertion on a
problem's location is exact (file, line and column) without hand-counting.
"""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

from rulecraft.checks import CheckResult, check_path
from rulecraft.problems import Location, Problem

REPO = Path(__file__).resolve().parents[1]
# The source documents of the five games: ../shared/seeds beside the repository, or beside the folder that holds
# it (a git worktree under wt/), or RULECRAFT_SEEDS; tests that need them skip, saying why, when none is found.
SEEDS = next((p for p in (Path(os.environ.get("RULECRAFT_SEEDS", REPO.parent / "shared" / "seeds")),
                          REPO.parent / "shared" / "seeds", REPO.parent.parent / "shared" / "seeds")
              if p.is_dir()), REPO.parent / "shared" / "seeds")
# the source document of each of the five games, by game id
SEED_FILES = {
    "john-company": "000_35056894ad249dc5.txt",
    "straits": "001_d143a32c821a9851.txt",
    "corporate-warfare": "002_fbb4bec90c8b7633.txt",
    "asean-2090": "003_1cc8953c7bb2732d.txt",
    "1800": "004_8880c2e035de829a.txt",
}
RULES_DATA = REPO / "rules_data"
EXAMPLE_GAME = RULES_DATA / "corporate-warfare"

MINIMAL_GAME: dict[str, str] = {
    "game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        """,
    "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
        """,
    "terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
        """,
}


def dedent(text: str) -> str:
    return textwrap.dedent(text)


def write_game(root: Path, files: dict[str, str | bytes | None] | None = None, *, game_id: str = "demo",
               base: dict[str, str] | None = None) -> Path:
    """Write ``root/<game_id>/`` from the minimal game, overridden by ``files``.

    A value of ``None`` deletes that file from the minimal game; ``str`` values are
    dedented; ``bytes`` are written as they are. Returns the game folder.
    """
    folder = root / game_id
    folder.mkdir(parents=True, exist_ok=True)
    contents: dict[str, str | bytes | None] = dict(MINIMAL_GAME if base is None else base)
    contents.update(files or {})
    for name, text in contents.items():
        if text is None:
            continue
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            if game_id != "demo" and name == "game.yaml" and base is None and "game.yaml" not in (files or {}):
                text = text.replace("id: demo", f"id: {game_id}")
            path.write_text(dedent(text), encoding="utf-8")
    return folder


def file_text(folder: Path, name: str) -> str:
    return (folder / name).read_text(encoding="utf-8")


def line_col(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``text`` (plus ``offset`` chars)."""
    start = -1
    for _ in range(nth + 1):
        start = text.find(needle, start + 1)
        assert start >= 0, f"{needle!r} (occurrence {nth}) not in fixture text"
    start += offset
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, column


def where(folder: Path, name: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """line_col of ``needle`` inside the game file ``name``."""
    return line_col(file_text(folder, name), needle, nth, offset)


def same_file(shown: str, path: Path) -> bool:
    return Path(shown).resolve() == Path(path).resolve()


def assert_at(problem: Problem, path: Path, line: int | None = None, column: int | None = None) -> None:
    """The problem is located in ``path`` at ``line`` (and ``column`` when given)."""
    loc: Location = problem.location
    assert same_file(loc.file, path), f"{problem.format()} is not in {path}"
    if line is not None:
        assert loc.line == line, f"expected line {line}: {problem.format()}"
    if column is not None:
        assert loc.column == column, f"expected column {column}: {problem.format()}"


def with_code(problems, code: str) -> list[Problem]:
    return [p for p in problems if p.code == code]


def only(problems, code: str) -> Problem:
    """The single problem with ``code`` (fails listing everything found otherwise)."""
    found = with_code(problems, code)
    assert len(found) == 1, f"expected exactly one [{code}], found {len(found)}:\n" + \
        "\n".join(p.format() for p in problems)
    return found[0]


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def check(folder: Path, docs: Path | None = None) -> CheckResult:
    return check_path(folder, docs)


def error_codes(result: CheckResult) -> list[str]:
    return [p.code for p in result.errors]


def copy_example(root: Path) -> Path:
    """A private copy of the example game, so tests never depend on files others edit."""
    target = root / EXAMPLE_GAME.name
    shutil.copytree(EXAMPLE_GAME, target)
    return target
