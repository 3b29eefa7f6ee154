"""A designer's first steps, as the README gives them: install the package from a copy beside the project
(the README's own command, not editable) into a fresh virtualenv, `rulecraft new` in an empty folder,
`mkdocs build --strict`.

Slow (dependencies come from the package index; pip's own cache is reused), so marked `site`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv

import pytest
from gamekit import REPO

pytestmark = pytest.mark.site


def run(cmd, cwd=None, timeout=900):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)  # the installed package only, never this checkout
    result = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{cmd}\n{result.stdout}\n{result.stderr}"
    return result


def readme_install_line() -> str:
    """The README's install command (its first `pip install` line for your own game), as written."""
    own = (REPO / "README.md").read_text(encoding="utf-8").split("## Use Rulecraft for your own game", 1)[1]
    return next(line.split("#")[0].strip() for line in own.splitlines() if line.startswith(".venv/bin/pip install"))


def test_install_new_and_strict_build_in_an_empty_folder(tmp_path):
    # The README's layout: a copy of Rulecraft in rulecraft/ beside the new, empty my-rules/ (a copy:
    # installing builds in place and would leave build/ in the checkout).
    source = tmp_path / "rulecraft"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "plugins", source / "plugins", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    project = tmp_path / "my-rules"
    project.mkdir()
    env = project / ".venv"
    venv.create(env, with_pip=True)
    bin_ = env / "bin"
    line = readme_install_line()
    assert line.startswith(".venv/bin/pip install "), line
    run(["sh", "-c", line + " -q"], cwd=project)  # the README's command, run by a shell as written
    assert run([bin_ / "rulecraft", "--version"]).stdout.startswith("rulecraft ")
    out = run([bin_ / "rulecraft", "new", "my-game"], cwd=project).stdout
    assert "check rules_data/my-game" in out
    for path in (project / "rules_data" / "my-game").glob("*.yaml"):
        line = path.read_text(encoding="utf-8").splitlines()[0]
        target = (path.parent / line.split("$schema=", 1)[1]).resolve()
        # the project's own schemas/, committed with the data; not the package inside the git-ignored .venv
        assert line.endswith(f"=../../schemas/{path.stem}.schema.json") and target.is_file(), f"{path}: {line}"
    installed = next(env.glob("lib/python*/site-packages/rulecraft/schemas"))
    before = {p.name: p.stat().st_mtime_ns for p in installed.iterdir()}
    (project / "schemas" / "game.schema.json").write_text("{}", encoding="utf-8")  # stale
    assert "schemas/game.schema.json" in run([bin_ / "rulecraft", "schema"], cwd=project).stdout
    assert run([bin_ / "rulecraft", "schema", "--check"], cwd=project).returncode == 0
    assert {p.name: p.stat().st_mtime_ns for p in installed.iterdir()} == before  # site-packages untouched
    run([bin_ / "rulecraft", "check", "rules_data", "--strict"], cwd=project)
    run([bin_ / "mkdocs", "build", "--strict", "-d", tmp_path / "site"], cwd=project)
    assert (tmp_path / "site" / "my-game" / "turn" / "index.html").is_file()
    assert (tmp_path / "site" / "sitemap.xml").read_text(encoding="utf-8").count("<loc>") > 3
    # The README's extras include `import`: a PDF and a Word rulebook import in the installed package.
    import formatkit

    html = formatkit.source_html(REPO / "tests" / "unit" / "cli" / "rulebooks" / "market-day.md")
    for made in (formatkit.to_pdf(html, tmp_path / "market.pdf"), formatkit.to_docx(html, tmp_path / "market.docx")):
        out = run([bin_ / "rulecraft", "import", made, "--id", f"market-{made.suffix[1:]}"], cwd=project).stdout
        assert "| top-level phases | 5" in out, out
