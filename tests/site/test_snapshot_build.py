"""A build whose inputs did not change reads the checked book from the snapshot as plain records
(models/records.py), without pydantic: it must write the very same site as the build that read the YAML."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys

from sitekit import REPO, make_project

GAMES = tuple(sorted(p.name for p in (REPO / "rules_data").iterdir() if p.is_dir() and not p.name.startswith("_")))

# One build in this process, then whether pydantic and the loader were imported, and the class of a model.
BUILD = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config(sys.argv[1], site_dir=sys.argv[2]))
print("pydantic" in sys.modules, "rulecraft.loader" in sys.modules)
"""


def _build(project, site) -> list[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-c", BUILD, str(project / "mkdocs.yml"), str(site)], cwd=project,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


def _differences(left, right) -> list[str]:
    found = []
    compared = filecmp.dircmp(left, right, ignore=["sitemap.xml.gz"])
    stack = [("", compared)]
    while stack:
        where, cmp = stack.pop()
        found += [f"{where}{name}" for name in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files]
        stack += [(f"{where}{name}/", sub) for name, sub in cmp.subdirs.items()]
    return found


def test_a_build_from_the_snapshot_writes_the_same_site_without_pydantic(tmp_path):
    assert len(GAMES) >= 5
    project = make_project(tmp_path / "project", GAMES, plugin_extra="cheatsheet_pdf: false")
    for game in GAMES:  # the games' own prose pages, as in the repository's site
        assert (project / "docs" / game).is_dir() or not (REPO / "docs" / game).is_dir()
    first = _build(project, tmp_path / "from-yaml")
    second = _build(project, tmp_path / "from-snapshot")
    assert first == ["True", "True"]  # the first build read and validated the YAML
    assert second == ["False", "False"]  # the second took the checked book from the snapshot
    assert (tmp_path / "from-yaml" / "john-company" / "turn" / "index.html").is_file()
    assert _differences(tmp_path / "from-yaml", tmp_path / "from-snapshot") == []
