"""Two builds of the same sources give byte-identical pages (sitemap dates aside)."""

from __future__ import annotations

import pytest
from sitekit import build, make_project

pytestmark = pytest.mark.site


def _files(site):
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
            if p.is_file() and not p.name.startswith("sitemap.xml")}


def test_two_builds_are_byte_identical(tmp_path):
    project = make_project(tmp_path, ("john-company", "corporate-warfare"))
    first, second = tmp_path / "one", tmp_path / "two"
    assert build(project, site=first).returncode == 0
    assert build(project, site=second).returncode == 0
    a, b = _files(first), _files(second)
    assert a.keys() == b.keys()
    different = sorted(name for name in a if a[name] != b[name])
    assert not different, different[:10]
    assert any(name.endswith("turn/index.html") for name in a)
