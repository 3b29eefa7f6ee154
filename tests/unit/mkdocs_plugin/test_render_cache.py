"""The serve-time render cache's invalidation rules (no timing): what a page depends on is recorded
while it renders, and an entry is reused only while all of it holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2
from mdkit import render

from rulecraft.markdown_ext import RulecraftExtension
from rulecraft.mkdocs_plugin.render_cache import (
    RenderCache,
    Rendered,
    extensions_signature,
    game_fingerprints,
    site_signature,
)
from rulecraft.mkdocs_plugin.templates import TemplateCodeCache
from rulecraft.mkdocs_plugin.watch import faster_polling

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "rules_data"


# --- what a page reads --------------------------------------------------------------------------------
def test_a_game_page_depends_on_its_own_game_only():
    _, ext = render(DATA, "Each Employee rolls one die.\n", game="corporate-warfare")
    assert ext.state.used_games == {"corporate-warfare"} and not ext.state.used_all


def test_a_page_outside_the_games_depends_on_the_games_it_names():
    _, ext = render(DATA, "/// turn | corporate-warfare\n///\n", page="about.md")
    assert ext.state.used_games == {"corporate-warfare"} and not ext.state.used_all
    _, ext = render(DATA, "Plain words, no game.\n", page="about.md")
    assert ext.state.used_games == set() and not ext.state.used_all


def test_an_unknown_game_is_a_dependency_too():
    """The page shows an error box today; when the game appears it must render again."""
    _, ext = render(DATA, "/// turn | no-such-game\n///\n", page="about.md", allow_problems=True)
    assert ext.state.problems and ext.state.used_games == {"no-such-game"}


def test_the_games_list_depends_on_the_whole_book():
    _, ext = render(DATA, "/// games\n///\n", page="index.md")
    assert ext.state.used_all


def test_starting_a_page_forgets_the_previous_pages_reads():
    _, ext = render(DATA, "/// games\n///\n", page="index.md")
    ext.state.start("other.md", None)
    assert ext.state.used_games == set() and not ext.state.used_all


# --- when an entry is reused ----------------------------------------------------------------------------
def _entry(key=("text",), games=None, all_games=None) -> Rendered:
    return Rendered(key=key, games=games or {}, all_games=all_games, content="<p>x</p>", toc=None, title=None,
                    anchors=set(), links_to_anchors=None)


def test_reused_while_the_games_it_read_are_unchanged():
    cache = RenderCache()
    cache.start_build(True, {"a": "1", "b": "2"})
    cache.store("a/rules.md", _entry(games={"a": "1"}))
    assert cache.lookup("a/rules.md", ("text",)) is not None
    cache.start_build(True, {"a": "1", "b": "changed"})  # another game's data: still valid
    assert cache.lookup("a/rules.md", ("text",)) is not None
    cache.start_build(True, {"a": "changed", "b": "changed"})
    assert cache.lookup("a/rules.md", ("text",)) is None


def test_not_reused_when_the_text_or_site_changed():
    cache = RenderCache()
    cache.start_build(True, {"a": "1"})
    cache.store("a/rules.md", _entry(key=("text", "site-1"), games={"a": "1"}))
    assert cache.lookup("a/rules.md", ("text", "site-2")) is None
    assert cache.lookup("a/rules.md", ("other text", "site-1")) is None
    assert cache.lookup("a/other.md", ("text", "site-1")) is None


def test_a_page_showing_the_whole_book_follows_every_game():
    cache = RenderCache()
    cache.start_build(True, {"a": "1", "b": "2"})
    cache.store("index.md", _entry(all_games={"a": "1", "b": "2"}))
    assert cache.lookup("index.md", ("text",)) is not None
    cache.start_build(True, {"a": "1", "b": "3"})
    assert cache.lookup("index.md", ("text",)) is None
    cache.start_build(True, {"a": "1", "b": "2", "c": "new game"})
    assert cache.lookup("index.md", ("text",)) is None


def test_a_missing_game_that_appears_invalidates():
    cache = RenderCache()
    cache.start_build(True, {"a": "1"})
    cache.store("about.md", _entry(games={"c": None}))
    assert cache.lookup("about.md", ("text",)) is not None
    cache.start_build(True, {"a": "1", "c": "9"})
    assert cache.lookup("about.md", ("text",)) is None


def test_a_build_without_the_cache_forgets_everything():
    """Broken data (the last good book is shown) or an extension that reads files: nothing kept."""
    cache = RenderCache()
    cache.start_build(True, {"a": "1"})
    cache.store("a/rules.md", _entry(games={"a": "1"}))
    cache.start_build(False, {})
    cache.store("a/rules.md", _entry(games={"a": "1"}))
    cache.start_build(True, {"a": "1"})
    assert cache.lookup("a/rules.md", ("text",)) is None


def test_a_save_during_the_build_drops_what_it_rendered():
    cache = RenderCache()
    cache.start_build(True, {"a": "1"})
    cache.store("a/rules.md", _entry(games={"a": "1"}))
    cache.forget_unless({"a": "1"})
    assert cache.entries
    cache.forget_unless({"a": "saved meanwhile"})
    assert not cache.entries


# --- fingerprints ------------------------------------------------------------------------------------
def test_fingerprints_change_with_a_games_files_and_the_shared_glossaries(tmp_path):
    for game in ("a", "b"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "terms.yaml").write_text("terms: []\n", encoding="utf-8")
    (tmp_path / "_shared").mkdir()
    (tmp_path / "_shared" / "common.yaml").write_text("terms: []\n", encoding="utf-8")

    class G:
        def __init__(self, folder):
            self.folder = folder

    games = {"a": G(tmp_path / "a"), "b": G(tmp_path / "b")}
    first = game_fingerprints(tmp_path, games)
    assert first == game_fingerprints(tmp_path, games) and first["a"] != first["b"]
    (tmp_path / "a" / "terms.yaml").write_text("terms: [] # edited\n", encoding="utf-8")
    second = game_fingerprints(tmp_path, games)
    assert second["a"] != first["a"] and second["b"] == first["b"]
    (tmp_path / "a" / "board.png").write_bytes(b"\x89PNG")  # icons' images live beside the data
    third = game_fingerprints(tmp_path, games)
    assert third["a"] != second["a"] and third["b"] == first["b"]
    (tmp_path / "_shared" / "common.yaml").write_text("terms: [] # edited\n", encoding="utf-8")
    fourth = game_fingerprints(tmp_path, games)
    assert fourth["a"] != third["a"] and fourth["b"] != third["b"]


# --- which extensions allow reuse ---------------------------------------------------------------------
SITE = ["toc", "tables", "fenced_code", "admonition", "attr_list", "md_in_html", "pymdownx.details",
        "pymdownx.superfences", "material.extensions.emoji"]


def test_known_pure_extensions_allow_reuse_and_their_settings_count():
    ext = RulecraftExtension()
    first = extensions_signature([*SITE, ext], {"toc": {"permalink": True}}, RulecraftExtension)
    assert first is not None
    assert extensions_signature([*SITE, ext], {"toc": {"permalink": False}}, RulecraftExtension) != first
    other = RulecraftExtension(link_spacing=5)
    assert extensions_signature([*SITE, other], {"toc": {"permalink": True}}, RulecraftExtension) != first


def test_an_extension_that_may_read_files_turns_reuse_off():
    assert extensions_signature([*SITE, "pymdownx.snippets"], {}, RulecraftExtension) is None
    assert extensions_signature([*SITE, "someone.else.extension"], {}, RulecraftExtension) is None

    class Foreign:
        pass

    assert extensions_signature([*SITE, Foreign()], {}, RulecraftExtension) is None


# --- compiled templates ------------------------------------------------------------------------------
def template_env(folder: Path, cache: TemplateCodeCache, **options) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), **options)
    env.bytecode_cache = cache.bind(env)  # as the plugin's on_env does
    return env


def test_compiled_templates_are_kept_and_an_edited_template_compiles_again(tmp_path):
    cache = TemplateCodeCache()
    (tmp_path / "main.html").write_text("Hello {{ name }}", encoding="utf-8")
    assert template_env(tmp_path, cache).get_template("main.html").render(name="A") == "Hello A"
    assert len(cache.store) == 1
    stored = dict(cache.store)
    assert template_env(tmp_path, cache).get_template("main.html").render(name="B") == "Hello B"
    assert cache.store == stored  # loaded, not compiled and stored again
    (tmp_path / "main.html").write_text("Goodbye {{ name }}", encoding="utf-8")
    assert template_env(tmp_path, cache).get_template("main.html").render(name="C") == "Goodbye C"


def test_another_environments_settings_compile_the_template_apart(tmp_path, monkeypatch):
    """Other delimiters compile the same source differently: a rebuild with other settings (a plugin added
    an extension, say) gets its own entry, and the first environment's entry still serves it."""
    (tmp_path / "main.html").write_text("Hello {{ name }}", encoding="utf-8")
    cache = TemplateCodeCache()
    assert template_env(tmp_path, cache).get_template("main.html").render(name="A") == "Hello A"
    compiled = []
    real_compile = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile",
                        lambda self, *a, **k: compiled.append(a[1] if len(a) > 1 else k.get("name"))
                        or real_compile(self, *a, **k))
    other = template_env(tmp_path, cache, variable_start_string="[[", variable_end_string="]]")
    assert other.get_template("main.html").render(name="C") == "Hello {{ name }}"
    assert compiled == ["main.html"] and len(cache.store) == 2
    assert template_env(tmp_path, cache).get_template("main.html").render(name="D") == "Hello D"
    assert compiled == ["main.html"]


# --- the watcher -------------------------------------------------------------------------------------
def test_the_server_polls_faster_and_keeps_every_watched_path(tmp_path):
    from mkdocs.livereload import LiveReloadServer

    (tmp_path / "docs").mkdir()
    (tmp_path / "rules").mkdir()
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path))
    try:
        server.watch(str(tmp_path / "docs"))
        server.watch(str(tmp_path / "rules"))
        server.watch(str(tmp_path / "rules"))
        before = dict(server._watched_paths)
        assert faster_polling(server, 0.1)
        assert server.observer.timeout == 0.1
        assert server._watched_paths == before
        assert {Path(w.path) for w in server._watch_refs.values()} == {tmp_path / "docs", tmp_path / "rules"}
        assert not faster_polling(server, 0.1)  # already as fast
    finally:
        server.server_close()
    shutil.rmtree(tmp_path, ignore_errors=True)


# --- log records kept with a page ---------------------------------------------------------------------
def test_only_the_rendering_threads_log_records_are_kept():
    import logging
    import threading

    from rulecraft.mkdocs_plugin.render_cache import LogCapture

    logger = logging.getLogger("mkdocs.test-render-cache")
    capture = LogCapture()
    logger.addHandler(capture)
    try:
        logger.warning("a link on this page is broken")
        other = threading.Thread(target=lambda: logger.info("cheat-sheet PDFs up to date"))
        other.start()
        other.join()
    finally:
        logger.removeHandler(capture)
    assert [r.getMessage() for r in capture.records] == ["a link on this page is broken"]


# --- the site's config --------------------------------------------------------------------------------
def _load(project: Path):
    from mkdocs.config import load_config

    return load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / "site"))


def test_the_site_signature_follows_a_parent_config_and_env_values_not_the_file_text(tmp_path, monkeypatch):
    """mkdocs.yml's text stays the same; what MkDocs loads from it (the INHERIT: parent, !ENV) does not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("INHERIT: base.yml\nsite_name: !ENV [RC_SITE_NAME, Rules]\n",
                                         encoding="utf-8")
    (tmp_path / "base.yml").write_text("docs_dir: docs\nextra: {edition: first}\n", encoding="utf-8")
    monkeypatch.delenv("RC_SITE_NAME", raising=False)
    before = site_signature([], _load(tmp_path), "ext")
    assert site_signature([], _load(tmp_path), "ext") == before  # loaded again, unchanged: the same
    monkeypatch.setenv("RC_SITE_NAME", "Other rules")
    by_env = site_signature([], _load(tmp_path), "ext")
    (tmp_path / "base.yml").write_text("docs_dir: docs\nextra: {edition: second}\n", encoding="utf-8")
    by_parent = site_signature([], _load(tmp_path), "ext")
    assert len({before, by_env, by_parent}) == 3
