"""mkdocs_plugin/offline.py on a small built site made by hand: each game's offline list, its version, the
worker and manifest written, the search index as a script, and what pages load from other sites."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from rulecraft.mkdocs_plugin.offline import loaded_urls, local_path, write_offline_files

PAGE = """<!doctype html><html><head>
<link rel="stylesheet" href="../../assets/stylesheets/main.css">
<link rel="icon" href="../../assets/images/favicon.png">
<link rel="canonical" href="https://example.org/demo/turn/">
<script src="../../assets/javascripts/bundle.js"></script>
</head><body><a href="../../other/">Other game</a><a href="../rules.pdf">PDF</a>
<img src="../board.png" srcset="../board.png 1x, ../board@2x.png 2x"></body></html>"""


def site(tmp_path: Path, page: str = PAGE) -> Path:
    files = {
        "index.html": "<html><head><link rel=stylesheet href='assets/stylesheets/main.css'></head></html>",
        "404.html": "<html></html>",
        "sitemap.xml": "<urlset/>",
        "search/search_index.json": '{"docs": []}',
        "assets/stylesheets/main.css": "body{}",
        "assets/stylesheets/unused.css": "p{}",
        "assets/images/favicon.png": "png",
        "assets/javascripts/bundle.js": "1",
        "assets/javascripts/bundle.js.map": "{}",
        "assets/javascripts/workers/search.js": "2",
        "assets/rulecraft/dice-more.lazy.js": "3",
        "demo/index.html": "<html></html>",
        "demo/turn/index.html": page,
        "demo/board.png": "b", "demo/board@2x.png": "bb", "demo/rules.pdf": "%PDF",
        "other/index.html": "<html></html>",
    }
    root = tmp_path / "site"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def write(root: Path, directory_urls: bool = True):
    return write_offline_files(root, {"demo": "Demo", "other": "Other"}, site_name="Rules", description=None,
                               directory_urls=directory_urls)


def listing(root: Path, game: str) -> dict:
    return json.loads((root / "offline" / f"{game}.json").read_text(encoding="utf-8"))


def test_a_games_list_has_its_pages_pictures_and_what_they_load_but_no_pdf_nor_other_game(tmp_path):
    root = site(tmp_path)
    write(root)
    files = listing(root, "demo")["files"]
    assert files == sorted({
        "", "404.html", "sitemap.xml", "search/search_index.json", "demo/", "demo/turn/", "demo/board.png",
        "demo/board@2x.png", "assets/stylesheets/main.css", "assets/images/favicon.png",
        "assets/javascripts/bundle.js", "assets/javascripts/workers/search.js", "assets/rulecraft/dice-more.lazy.js"})
    assert "assets/stylesheets/unused.css" not in files  # no page of the game loads it


def test_without_directory_urls_the_pages_are_listed_as_files(tmp_path):
    root = site(tmp_path)
    write(root, directory_urls=False)
    assert {"index.html", "demo/index.html", "demo/turn/index.html"} <= set(listing(root, "demo")["files"])


def test_a_changed_file_changes_its_games_version_and_the_worker(tmp_path):
    root = site(tmp_path)
    write(root)
    before = {g: listing(root, g)["version"] for g in ("demo", "other")}
    worker = (root / "sw.js").read_text(encoding="utf-8")
    assert json.dumps(before["demo"]) in worker and '"title": "Demo"' in worker
    (root / "demo" / "turn" / "index.html").write_text(PAGE.replace("Other game", "Another game"), encoding="utf-8")
    write(root)
    after = {g: listing(root, g)["version"] for g in ("demo", "other")}
    assert after["demo"] != before["demo"] and after["other"] == before["other"]
    assert (root / "sw.js").read_text(encoding="utf-8") != worker


def test_the_search_index_is_also_a_script_and_the_manifest_opens_the_home(tmp_path):
    root = site(tmp_path)
    write(root)
    assert (root / "search" / "search_index.js").read_text(encoding="utf-8") == 'var __index = {"docs": []}'
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone" and manifest["icons"]


def test_a_file_loaded_from_another_site_is_warned_of_with_its_page(tmp_path, caplog):
    page = PAGE.replace("</head>", '<link rel="stylesheet" href="https://fonts.example.com/a.css"></head>')
    page = page.replace("<img src", '<img src="//cdn.example.com/b.svg"><img src')
    root = site(tmp_path, page)
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.rulecraft"):
        write(root)
    [record] = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert "2 file(s) loaded from another site" in record.message
    assert "demo/turn/index.html: https://fonts.example.com/a.css" in record.message
    assert "demo/turn/index.html: //cdn.example.com/b.svg" in record.message
    assert "canonical" not in record.message and "example.org" not in record.message  # a link, not a load


def test_no_warning_for_a_site_that_loads_only_its_own_files(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.rulecraft"):
        write(site(tmp_path))
    assert not [r for r in caplog.records if r.levelno == logging.WARNING]


@pytest.mark.parametrize(("url", "expected"), [
    ("../../assets/a.css", "assets/a.css"), ("../", "demo/index.html"), ("x.png?v=1#k", "demo/turn/x.png"),
    ("../../../outside.css", None), ("https://example.org/a.css", None), ("data:image/png;base64,AA", None)])
def test_local_path(url, expected):
    assert local_path(url, "demo/turn/index.html") == expected


def test_loaded_urls_reads_loads_not_links():
    urls = loaded_urls(PAGE)
    assert "../../assets/stylesheets/main.css" in urls and "../board@2x.png" in urls
    assert "../../other/" not in urls and "https://example.org/demo/turn/" not in urls
