"""`mkdocs serve` rebuilds reuse unchanged pages' HTML (mkdocs_plugin/render_cache.py): after every kind
of edit, the rebuilt site must be byte for byte the site rendered from scratch, and a page that linked a
changed term must show the change. Rebuilds run in this process the way `mkdocs serve` runs them (the
plugin instance lives on); no timing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitekit import make_project

pytestmark = pytest.mark.site

URL = "http://127.0.0.1:8000/"
GAMES = ("corporate-warfare", "straits")
FILES = {
    "docs/corporate-warfare/notes.md": "# Notes\n\nEach Employee rolls one die in a Department.\n",
    "docs/about.md": "# About\n\nThe straits have Districts.\n\n/// turn | corporate-warfare\n///\n",
}


class Server:
    """Rebuilds like `mkdocs serve`: a fresh config each time, the plugin instance kept."""

    def __init__(self, project: Path, site: Path):
        from mkdocs.config.defaults import MkDocsConfig

        MkDocsConfig.plugins.plugin_cache.clear()  # no plugin instance from another test
        self.project, self.site, self.started = project, site, False

    def rebuild(self):
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        config = load_config(config_file=str(self.project / "mkdocs.yml"), site_dir=str(self.site))
        config.site_url = URL
        if not self.started:
            config.plugins.on_startup(command="serve", dirty=False)
            self.started = True
        build(config, serve_url=URL)
        return config.plugins["rulecraft"]

    def snapshot(self) -> dict[str, bytes]:
        return {p.relative_to(self.site).as_posix(): p.read_bytes() for p in sorted(self.site.rglob("*"))
                if p.is_file() and p.suffix in (".html", ".json")}

    def from_scratch(self) -> dict[str, bytes]:
        plugin = self.rebuild()
        plugin.render_cache.entries.clear()
        plugin.search_entries.clear()  # the search entries kept for unchanged pages (mkdocs_plugin/search.py)
        plugin = self.rebuild()
        assert plugin.render_cache.reused == 0
        return self.snapshot()


@pytest.fixture()
def server(tmp_path):
    project = make_project(tmp_path / "project", GAMES, FILES, plugin_extra="cheatsheet_pdf: false\nlink_spacing: 0")
    return Server(project, tmp_path / "site")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _pages(snapshot: dict[str, bytes], prefix: str) -> dict[str, bytes]:
    return {k: v for k, v in snapshot.items() if k.startswith(prefix)}


def test_an_unchanged_rebuild_reuses_every_page_and_writes_the_same_site(server):
    cache = server.rebuild().render_cache
    pages = cache.rendered
    assert pages > 10 and cache.reused == 0
    built = server.snapshot()
    server.rebuild()
    assert cache.rendered == 0 and cache.reused == pages
    assert server.snapshot() == built


def test_a_term_edit_updates_every_page_linking_it_and_reuses_the_other_game(server):
    server.rebuild()
    before = server.snapshot()
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    _edit(terms, "short: A token that works in one department each turn",
          "short: A worker token that staffs one department each turn")
    plugin = server.rebuild()
    after = server.snapshot()
    assert plugin.render_cache.reused > 0
    notes = after["corporate-warfare/notes/index.html"].decode()
    assert re.search(r'<a class="rc-term" [^>]*title="[^"]*A worker token that staffs', notes)
    assert "A worker token that staffs" in after["about/index.html"].decode()  # shows that game's turn
    assert _pages(after, "straits/") == _pages(before, "straits/")
    assert after == server.from_scratch()


def test_renaming_a_term_relinks_prose_and_updates_used_in_lists(server):
    server.rebuild()
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    _edit(terms, "term: Employee", "term: Staffer")
    _edit(terms, "plurals: [Employees, employee tokens]", "plurals: [Staffers, employee tokens]")
    server.rebuild()
    after = server.snapshot()
    assert after == server.from_scratch()
    notes = after["corporate-warfare/notes/index.html"].decode()
    assert not re.search(r'<a class="rc-term" [^>]*>Employee</a>', notes)


def test_a_markdown_edit_renders_that_page_again(server):
    server.rebuild()
    _edit(server.project / "docs/corporate-warfare/notes.md", "Each Employee", "Each new Employee")
    plugin = server.rebuild()
    assert plugin.render_cache.rendered == 1
    after = server.snapshot()
    assert "Each new" in after["corporate-warfare/notes/index.html"].decode()
    assert after == server.from_scratch()  # the glossary's "Used in" lists included


def test_only_a_changed_page_is_parsed_again_for_the_search_index(server, monkeypatch):
    from material.plugins.search import plugin as search

    server.rebuild()
    built = server.snapshot()["search/search_index.json"]
    parsed = []
    feed = search.Parser.feed
    monkeypatch.setattr(search.Parser, "feed", lambda self, data: (parsed.append(data), feed(self, data))[1])
    server.rebuild()
    assert parsed == []  # nothing changed: every page's entries as last time
    assert server.snapshot()["search/search_index.json"] == built
    _edit(server.project / "docs/corporate-warfare/notes.md", "Each Employee", "Each new Employee")
    server.rebuild()
    assert len(parsed) == 1 and "Each new" in parsed[0]
    assert server.snapshot() == server.from_scratch()


def test_a_front_matter_edit_alone_updates_the_page_search_entries_and_a_removed_page_s_go(server):
    notes = server.project / "docs/corporate-warfare/notes.md"
    plugin = server.rebuild()
    assert "corporate-warfare/notes/" in plugin.search_entries
    notes.write_text("---\ntags: [Staff]\nsearch:\n  boost: 2\n---\n" + notes.read_text(encoding="utf-8"),
                     encoding="utf-8")  # the same HTML: only its metadata changes its entries
    server.rebuild()
    after = server.snapshot()
    assert b'"tags":["Staff"]' in after["search/search_index.json"]
    assert after == server.from_scratch()
    notes.rename(notes.with_name("staff.md"))
    plugin = server.rebuild()
    assert "corporate-warfare/staff/" in plugin.search_entries
    assert "corporate-warfare/notes/" not in plugin.search_entries


def test_a_new_page_a_new_game_and_a_removed_page(server):
    server.rebuild()
    (server.project / "docs/straits/extra.md").parent.mkdir(parents=True, exist_ok=True)
    (server.project / "docs/straits/extra.md").write_text("# Extra\n\nSee [the notes](../corporate-warfare/notes.md).\n",
                                                      encoding="utf-8")
    server.rebuild()
    assert server.snapshot() == server.from_scratch()
    import shutil

    from sitekit import REPO
    shutil.copytree(REPO / "rules_data/1800", server.project / "rules_data/1800")
    server.rebuild()  # new pages: every page renders again (links are checked against all files)
    after = server.snapshot()
    assert "1800/glossary/index.html" in after
    assert after == server.from_scratch()
    (server.project / "docs/corporate-warfare/notes.md").unlink()
    server.rebuild()
    assert server.snapshot() == server.from_scratch()


def test_broken_data_shows_the_last_good_book_and_the_fix_shows_the_new_one(server):
    server.rebuild()
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    good = terms.read_text(encoding="utf-8")
    terms.write_text(good.replace("term: Employee", "term: Employee\n    tremm: typo", 1), encoding="utf-8")
    plugin = server.rebuild()
    assert plugin.live_errors and not plugin.render_cache.enabled
    terms.write_text(good.replace("A token that works", "A fixed token that works", 1), encoding="utf-8")
    plugin = server.rebuild()
    assert not plugin.live_errors
    after = server.snapshot()
    assert "A fixed token that works" in after["corporate-warfare/notes/index.html"].decode()
    assert after == server.from_scratch()


def test_a_reused_page_logs_its_link_warnings_again(server, caplog):
    """`mkdocs serve --strict` and anyone reading the log must see a broken link on every rebuild."""
    (server.project / "docs/about.md").write_text("# About\n\nSee [the rules](missing.md).\n", encoding="utf-8")
    with caplog.at_level("INFO"):
        server.rebuild()
        first = [r.getMessage() for r in caplog.records if "missing.md" in r.getMessage()]
        caplog.clear()
        plugin = server.rebuild()
        again = [r.getMessage() for r in caplog.records if "missing.md" in r.getMessage()]
    assert plugin.render_cache.rendered == 0
    assert first and again == first


def test_a_site_with_an_extension_that_reads_files_renders_every_page_again(server):
    docs = server.project / "docs"
    _edit(server.project / "mkdocs.yml", "  - pymdownx.superfences\n",
          f"  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: ['{docs}']\n      check_paths: true\n")
    (server.project / "docs/part.txt").write_text("First words.\n", encoding="utf-8")
    (server.project / "docs/about.md").write_text('# About\n\n--8<-- "part.txt"\n', encoding="utf-8")
    server.rebuild()
    (server.project / "docs/part.txt").write_text("Second words.\n", encoding="utf-8")
    plugin = server.rebuild()
    assert plugin.render_cache.reused == 0 and not plugin.render_cache.enabled
    assert "Second words." in server.snapshot()["about/index.html"].decode()


def test_a_save_while_the_rules_load_is_never_hidden_by_a_reused_page(server, monkeypatch):
    """The watcher saw the save and rebuilds again, but that rebuild must not reuse pages rendered from
    the data loaded just before the save (they would be stored under the new files' fingerprint)."""
    import rulecraft.mkdocs_plugin.plugin as plugin_module

    server.rebuild()
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    load = plugin_module.load_and_check

    def load_then_save(*args, **kwargs):
        loaded = load(*args, **kwargs)
        _edit(terms, "short: A token that works in one department each turn",
              "short: A worker token that staffs one department each turn")
        return loaded

    monkeypatch.setattr(plugin_module, "load_and_check", load_then_save)
    server.rebuild()  # renders from the data read before the save
    monkeypatch.setattr(plugin_module, "load_and_check", load)
    server.rebuild()  # the rebuild the save triggers
    notes = server.snapshot()["corporate-warfare/notes/index.html"].decode()
    assert "A worker token that staffs" in notes
    assert server.snapshot() == server.from_scratch()


def test_a_parent_config_and_env_values_are_followed_and_an_unchanged_one_still_reuses(server, monkeypatch):
    """mkdocs.yml pulls its settings from a parent (INHERIT:) with an !ENV value: MkDocs loads both again
    on every rebuild, and the pages must follow them as they follow mkdocs.yml itself."""
    config = server.project / "mkdocs.yml"
    parent = config.read_text(encoding="utf-8").replace("permalink: true", "permalink: !ENV [RC_PERMALINK, '¶']")
    (server.project / "base.yml").write_text(parent, encoding="utf-8")
    config.write_text("INHERIT: base.yml\n", encoding="utf-8")
    monkeypatch.delenv("RC_PERMALINK", raising=False)
    cache = server.rebuild().render_cache
    pages = cache.rendered
    server.rebuild()
    assert cache.rendered == 0 and cache.reused == pages  # loaded again, unchanged: every page reused

    monkeypatch.setenv("RC_PERMALINK", "§")
    server.rebuild()
    assert cache.reused == 0 and 'class="headerlink" href="#' in server.snapshot()["about/index.html"].decode()
    assert "§</a>" in server.snapshot()["about/index.html"].decode()
    # Any setting of the parent counts as one of mkdocs.yml does (the signature is of the loaded config,
    # not of mkdocs.yml's text, which did not change).
    _edit(server.project / "base.yml", "site_name: Test rulebooks", "site_name: Other rulebooks")
    server.rebuild()
    assert cache.reused == 0
    assert server.snapshot() == server.from_scratch()


DEEP = "A " + "*" * 6000 + "x" + "*" * 6000 + " token that works"


def test_an_edit_too_deep_to_render_keeps_the_last_good_book_with_its_line_and_the_fix_recovers(server):
    server.rebuild()
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    good = terms.read_text(encoding="utf-8")
    terms.write_text(good.replace("A token that works", DEEP, 1), encoding="utf-8")
    line = good[:good.index("A token that works")].count("\n") + 1
    plugin = server.rebuild()  # no exception: the server goes on serving
    assert len(plugin.live_errors) == 1
    assert re.search(rf"rules_data/corporate-warfare/terms\.yaml:{line}:\d+: error\[markdown-too-deep\]",
                     plugin.live_errors[0]), plugin.live_errors
    glossary = (server.site / "corporate-warfare/glossary/index.html").read_text(encoding="utf-8")
    assert "A token that works" in glossary and "*" * 100 not in glossary  # the last good rules
    assert 'class="rc-live-error"' in glossary and "error[markdown-too-deep]" in glossary
    terms.write_text(good.replace("A token that works", "A fixed token that works", 1), encoding="utf-8")
    plugin = server.rebuild()
    assert not plugin.live_errors
    assert "A fixed token that works" in (server.site / "corporate-warfare/glossary/index.html").read_text("utf-8")


def test_a_page_that_cannot_render_shows_its_error_and_the_rest_is_served(server, monkeypatch):
    """Were the checker's measure to miss it (switched off here), the RecursionError is caught per page."""
    import rulecraft.checks.markdown_depth as markdown_depth

    server.rebuild()
    monkeypatch.setattr(markdown_depth, "too_deep", lambda text: None)
    terms = server.project / "rules_data/corporate-warfare/terms.yaml"
    good = terms.read_text(encoding="utf-8")
    terms.write_text(good.replace("A token that works", DEEP, 1), encoding="utf-8")
    plugin = server.rebuild()
    assert plugin.live_errors and all("error[markdown-too-deep]" in e for e in plugin.live_errors)
    glossary = (server.site / "corporate-warfare/glossary/index.html").read_text(encoding="utf-8")
    assert "rc-error" in glossary and "rules_data/corporate-warfare/terms.yaml" in glossary
    assert 'class="rc-live-error"' in (server.site / "straits/index.html").read_text(encoding="utf-8")
    terms.write_text(good, encoding="utf-8")
    plugin = server.rebuild()
    assert not plugin.live_errors
    assert "nested too deeply" not in (server.site / "corporate-warfare/glossary/index.html").read_text("utf-8")
