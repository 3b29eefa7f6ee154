"""A real build's offline files (see mkdocs_plugin/offline.py), and the theme's web fonts turned off."""

from __future__ import annotations

import json

import pytest
from sitekit import build, make_project

pytestmark = pytest.mark.site


def test_a_build_writes_the_worker_and_each_games_list_and_asks_no_font_from_another_site(tmp_path):
    project = make_project(tmp_path / "on", ("corporate-warfare",))
    result = build(project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    listing = json.loads((site / "offline" / "corporate-warfare.json").read_text(encoding="utf-8"))
    pages = {p.relative_to(site).parent.as_posix() + "/" for p in (site / "corporate-warfare").rglob("index.html")}
    assert pages <= set(listing["files"])
    assert not [f for f in listing["files"] if f.endswith(".pdf")]
    assert listing["version"] in (site / "sw.js").read_text(encoding="utf-8")
    assert (site / "search" / "search_index.js").is_file() and (site / "manifest.webmanifest").is_file()
    for page in site.rglob("*.html"):
        assert "fonts.googleapis.com" not in page.read_text(encoding="utf-8"), page


def test_offline_false_writes_none_of_it_and_keeps_the_themes_fonts(tmp_path):
    project = make_project(tmp_path / "off", ("corporate-warfare",), plugin_extra="offline: false")
    result = build(project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert not (site / "sw.js").exists() and not (site / "offline").exists()
    assert "fonts.googleapis.com" in (site / "corporate-warfare" / "turn" / "index.html").read_text(encoding="utf-8")
