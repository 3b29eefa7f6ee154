"""The bad input corpus (tests/bad_input/cases.py): every broken variant of a seed game fails cleanly.

For each case, in a throw-away project holding a copy of the base game with one thing broken:

* the real ``rulecraft check`` (a subprocess) exits 1 and names the file and line of the mistake
  with the expected problem code, and prints no traceback;
* a real MkDocs build of the project fails and logs the same ``file:line: error[code]`` message, no
  traceback. The builds run in-process (``mkdocs.config.load_config`` + ``mkdocs.commands.build``,
  what ``mkdocs build`` runs) because a subprocess costs ~3 s of imports per case; a sample of cases
  also goes through ``sitekit.build`` (the ``mkdocs build`` command itself) to keep the two honest.
"""

from __future__ import annotations

import io
import logging
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bad_input.cases import BY_NAME, CASES, Case
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort
from sitekit import build, make_project

pytestmark = pytest.mark.site

_SCRIPT = Path(sys.executable).with_name("rulecraft")
RULECRAFT = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "rulecraft.cli.main"]


def broken_project(root: Path, case: Case) -> tuple[Path, int]:
    project = make_project(root / "project", games=(case.game,))
    return project, case.apply(project)


def located(case: Case, line: int) -> re.Pattern:
    """``path:line[:col]: error[code]`` at the start of a line; ``path: error[code]`` for a whole file."""
    where = re.escape(case.path) + (rf":{line}(?::\d+)?" if line else "")
    return re.compile(rf"^{where}: error\[{re.escape(case.code)}\]", re.MULTILINE)


def run_check(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*RULECRAFT, "check", "rules_data"], cwd=project, capture_output=True, text=True,
                          timeout=120)


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.buffer = io.StringIO()

    def emit(self, record):
        self.buffer.write(self.format(record) + "\n")


def build_in_process(project: Path, monkeypatch) -> tuple[bool, str]:
    """``mkdocs build`` without the subprocess: (succeeded, everything logged at warning level or above)."""
    monkeypatch.chdir(project)  # as the command runs: messages show paths relative to the project
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    handler = _Collect()
    handler.setLevel(logging.WARNING)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / "site"), strict=False)
        mkdocs_build(config)
        ok = True
    except Abort as exc:
        handler.buffer.write(f"Aborted: {exc}\n")
        ok = False
    finally:
        logger.removeHandler(handler)
    return ok, handler.buffer.getvalue()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_broken_input_fails_check_and_build_at_its_line(tmp_path, monkeypatch, case):
    project, line = broken_project(tmp_path, case)
    expected = located(case, line)

    result = run_check(project)
    output = result.stdout + result.stderr
    assert result.returncode == 1, f"rulecraft check exited {result.returncode}:\n{output}"
    assert "Traceback" not in output, output
    assert expected.search(result.stdout), f"expected {expected.pattern} in:\n{output}"
    if case.category in ("yaml", "file"):  # a file that does not load is one error, not a cascade of
        errors = [text for text in result.stdout.splitlines() if ": error[" in text]  # dangling refs to it
        assert len(errors) == 1, "\n".join(errors)

    ok, log = build_in_process(project, monkeypatch)
    assert not ok, f"mkdocs build passed:\n{log}"
    assert "Traceback" not in log, log
    assert expected.search(log), f"expected {expected.pattern} in the build log:\n{log}"


# One case per category through the `mkdocs build` command itself (a subprocess, as people run it).
COMMAND_SAMPLE = ["tab-indentation", "latin-1-byte", "missing-card-name", "dice-gap", "dangling-icon",
                  "docs-bad-block-id", "right-to-left-override-in-id"]


@pytest.mark.parametrize("name", COMMAND_SAMPLE)
def test_mkdocs_build_command_fails_at_the_line(tmp_path, name):
    case = BY_NAME[name]
    project, line = broken_project(tmp_path, case)
    result = build(project, strict=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "Traceback" not in output, output
    assert located(case, line).search(output), output


@pytest.mark.parametrize("game", sorted({case.game for case in CASES}))
def test_unbroken_base_games_pass(tmp_path, monkeypatch, game):
    """The control: without the one mistake, the base game checks and builds cleanly."""
    project = make_project(tmp_path / "project", games=(game,))
    result = run_check(project)
    assert result.returncode == 0, result.stdout + result.stderr
    ok, log = build_in_process(project, monkeypatch)
    assert ok, log


def test_corpus_covers_every_category():
    categories = {case.category for case in CASES}
    assert categories == {"yaml", "file", "schema", "dice", "reference", "consistency", "look-alike", "docs",
                          "unbounded"}
    assert len(CASES) >= 40
    assert {case.game for case in CASES} == {"corporate-warfare", "john-company"}


def test_a_page_too_deep_for_python_markdown_is_a_located_error_even_unchecked(tmp_path, monkeypatch):
    """The build is safe on its own: were the checker's measure to miss a text Python-Markdown cannot
    take (played here by switching the measure off), the RecursionError is an error naming the data file."""
    import rulecraft.checks.markdown_depth as markdown_depth

    monkeypatch.setattr(markdown_depth, "too_deep", lambda text: None)
    case = BY_NAME["nested-emphasis-in-term"]
    project, _line = broken_project(tmp_path, case)
    (project / "mkdocs.yml").write_text((project / "mkdocs.yml").read_text(encoding="utf-8")
                                        .replace("rules_data: rules_data", "rules_data: rules_data\n      cache_dir: ''"),
                                        encoding="utf-8")
    ok, log = build_in_process(project, monkeypatch)
    assert not ok, log
    assert "Traceback" not in log, log
    assert re.search(r"^(rules_data/corporate-warfare/terms\.yaml|docs/corporate-warfare/\S+\.md): "
                     r"error\[markdown-too-deep\]: .* is nested too deeply to render", log, re.MULTILINE), log
