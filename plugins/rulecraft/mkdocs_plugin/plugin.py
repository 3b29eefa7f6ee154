"""The MkDocs plugin: a thin layer over the core and the Markdown extension.

* on_config: load + check rules_data once (the check's result is reused while nothing it reads
  changes: checks/cache.py); errors fail the build (all listed),
  warnings are logged (they fail ``mkdocs build --strict``), recorded gaps counted (warnings too with
  ``strict_gaps: true``: checks/strictness.py); add the extension. Then the book's YAML
  positions are dropped until asked for, and (one-off builds) what is alive is kept out of the
  garbage collector's scans until the build ends (collector.freeze_survivors). Last of all plugins: the
  scripts that adapt Material's search join its ``extra.polyfills`` (linked in <head>, before its bundle).
* on_files: add the generated pages (a hand-written page at the same path wins),
  the site home and the CSS/JS assets; build the navigation if mkdocs.yml has none.
* on_page_markdown: tell the extension which page/game is rendering; check the
  page's own references and blocks with located messages.
* on_page_context: the search plugin indexes each page without its glossary links (the same
  index, thousands fewer tags to parse); the links are back before the page is written.
* on_nav: footer previous/next links stay inside the page's game (footer.py).
* on_post_build: name each game page's game in the search index and boost glossary entries, dice
  tables and cards there (searchindex.py); searchorder.js, linked from <head>, puts the game being
  read first among the results.
* on_post_build: fill the glossary's "Used in" backlinks into the written pages.
* on_post_page: `mkdocs build` starts fitting each cheat sheet that is not cached as soon as its page's HTML
  is final, in child processes, while the rest of the site is written (pdf_jobs.py, pdf_workers.py).
* on_config / on_post_build (``offline``): the theme's web fonts off; the search index as a script, each game's
  list of files, the service worker and the web app manifest written for offline use (offline.py).
* on_post_build: write each cheat sheet's PDFs, A4 and US Letter (pdf.py; needs WeasyPrint, optional),
  cached on disk by content (pdf_cache.py); under `mkdocs serve` after the reload (pdf_jobs.py).
* serving: a page whose text, site and rule data are unchanged since the last rebuild is not rendered
  again (render_cache.py), nor its HTML parsed again for Material's search index (search.py).
* on_env: Jinja's compiled templates are kept in memory between a serve's rebuilds, never on disk
  (templates.py).
* on_serve: watch rules_data/ so a YAML edit rebuilds the site; poll for saves every 0.1 s. While serving, a
  broken edit keeps the last good rule book and shows the errors in a banner on
  every page (and the log); fixing the file recovers on the next rebuild.
"""

from __future__ import annotations

import importlib
import logging
import sys
import threading
from html import escape
from pathlib import Path, PurePosixPath

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from .. import collector
from .. import pages as site_pages
from ..book import RuleBook
from ..checks import read_prose
from ..checks.cache import load_and_check
from ..checks.references import check_page_blocks, check_prose
from ..checks.strictness import gaps_as
from ..docpages import same_page
from ..markdown_ext import PageState, RulecraftExtension
from ..markdown_ext.termlinks import without_term_links
from ..models.index import build_index
from ..models.links import GAME_PAGES
from ..pages.assets import HEAD_SCRIPTS, asset_files, served_text, styles_and_scripts
from ..pages.nav import site_navigation
from ..problems import Location, display_path, error
from .backlinks import fill_backlinks_file
from .config import RulecraftConfig, edit_url_for
from .footer import keep_in_game
from .offline import turn_off_web_fonts, write_offline_files
from .render_cache import RenderCache, extensions_signature, folder_fingerprints, game_fingerprints, site_signature
from .search import only_search_between, reuse_search_entries, search_changes_page, speed_up_toc_lookups
from .searchindex import entry_fields, tune_index, tune_search_entries
from .watch import WATCH_INTERVAL, faster_polling


def _import_loader_soon() -> None:
    """Under `mkdocs serve`: the next edit makes the book be read from YAML, which needs the loader and
    pydantic (~0.15 s); a build from the snapshot did not import them (models/records.py), so they are
    imported now, in the background, while the author reads the page."""
    if "rulecraft.loader" not in sys.modules:
        threading.Thread(target=importlib.import_module, args=("rulecraft.loader",), name="rulecraft-loader-import",
                         daemon=True).start()


log = logging.getLogger("mkdocs.plugins.rulecraft")
ASSET_DIR = "assets/rulecraft"


class RulecraftPlugin(BasePlugin[RulecraftConfig]):
    supports_multiple_instances = False

    # Defining on_startup makes MkDocs keep this instance across `mkdocs serve` rebuilds,
    # which is what lets a broken edit fall back to the last good rule book.
    serving = False
    last_good = None
    live_errors: list[str] = []
    hide_links_from_search = False  # set per build: see on_page_context

    def __init__(self) -> None:
        super().__init__()
        # Made on first use and kept across `mkdocs serve` rebuilds (this instance survives them):
        self.pdf_jobs = None  # the cheat-sheet PDF scheduler (_pdf_jobs)
        self.bytecode_cache = None  # compiled theme templates, in memory (_bytecode_cache)
        self.render_cache = None  # serving: pages reused while unchanged (render_cache)
        # Worked out once per build and read by later hooks:
        self._shown_docs = None  # ((docs_dir, root), the docs folder from the project): _shown_path
        self._sheets = None  # (the build's files, {key: cheat-sheet page file}): _sheet_files
        self._stripped = None  # (page, its HTML, without term links) while search reads it: page context
        self.ext = None  # the build's Markdown extension (on_config)
        self.page_order: dict | None = None  # on_nav: each page's place in the navigation
        self.pages_by_src: dict = {}  # on_env: every page by its source path (backlinks)

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"
        self.search_entries: dict = {}  # serving: each page's search entries, reused while it is unchanged

    def _fail(self, message: str) -> None:
        """Fail the build; while serving, show the error in a banner instead (over the last good rules,
        or over none when the data was already broken at start: the fix then recovers)."""
        if self.serving:
            log.error(message)
            self.live_errors.append(message)
            return
        raise PluginError(message)

    def _load(self, config):
        if not self.config.enabled:
            return config
        self.live_errors = []
        self.root = Path(config.config_file_path or ".").resolve().parent
        self.data_dir = (self.root / self.config.rules_data).resolve()
        if not self.data_dir.is_dir():
            raise PluginError(f"rulecraft: rules_data folder '{self.data_dir}' does not exist "
                              f"(set plugins: rulecraft: rules_data: ... in mkdocs.yml)")
        # The check is skipped when nothing it reads changed since the last build (checks/cache.py).
        cache_dir = self._cache_dir()
        # Fingerprints of what is on disk *before* loading: a file saved while the rules load makes the next
        # rebuild's fingerprint differ, so no page rendered from the older data is reused then.
        before = folder_fingerprints(self.data_dir) if self.serving else None
        with collector.paused():  # bulk work over a heap that stays alive: see collector.py
            self.book, result = load_and_check(self.data_dir, Path(config.docs_dir),
                                               cache_dir / "check.json" if cache_dir else None)
        problems = gaps_as(result.problems, "warning") if self.config.strict_gaps else result.problems
        for problem in problems:
            if problem.is_warning:
                log.warning(problem.format())
            elif problem.is_gap:
                log.debug(problem.format())
        gaps = sum(1 for p in problems if p.is_gap)
        if gaps:
            log.info(f"rulecraft: {gaps} recorded gap(s) (TODOs, open questions) — see each game's Status page "
                     "or run `rulecraft check`")
        if result.errors:
            listing = "\n".join(p.format() for p in result.errors)
            self._fail(f"rulecraft: {len(result.errors)} error(s) in rule data:\n{listing}")
            # serving: keep showing the last good rules (none yet: an empty book, the banner says why)
            self.book = self.last_good if self.last_good is not None else RuleBook(root=self.data_dir)
        else:
            self.last_good = self.book
        # Checked: the YAML positions (most of the loaded book's memory) are read again only if asked for.
        self.book.release_positions()
        if not self.serving:  # what is alive now lives until the build ends: no collection need scan it
            collector.freeze_survivors()
        if self.serving:  # rendered pages are reused only from a book loaded without errors
            after = game_fingerprints(self.data_dir, self.book.games) if not result.errors else {}
            # A game whose files changed during the load may have been read half old, half new: no reuse.
            steady = before is None or all(before.get(g) == f for g, f in after.items())
            self._render_cache().start_build(not result.errors and steady, after)
        self.page_state = PageState()
        self.ext = RulecraftExtension(book=self.book, state=self.page_state, rules_data=str(self.data_dir),
                                      link_terms=self.config.link_terms, link_first_only=self.config.link_first_only,
                                      link_spacing=self.config.link_spacing)
        config.markdown_extensions.append(self.ext)
        if self.config.offline:
            turn_off_web_fonts(config)
        # Every stylesheet and script in assets/ (one per concept: base, dice, glossary, cheat sheet).
        for asset in styles_and_scripts():
            if asset.suffix == ".css":
                config.extra_css.append(f"{ASSET_DIR}/{asset.name}")
            elif asset.suffix == ".js" and asset.name not in HEAD_SCRIPTS:  # those: _head_scripts
                config.extra_javascript.append(f"{ASSET_DIR}/{asset.name}")
        return config

    @event_priority(-100)  # after other plugins': Material's offline plugin puts its search worker shim first
    def _head_scripts(self, config):
        """The scripts that must run before Material's bundle (HEAD_SCRIPTS: they adapt its search) go to
        Material's ``extra.polyfills``, which its template links in <head>, as Material's offline plugin
        does with its own shim of the search worker. The template writes them into every page, so no page's
        HTML is copied to add a tag after it is rendered."""
        if self.config.enabled:
            polyfills = config.extra.get("polyfills") or []
            polyfills = [polyfills] if isinstance(polyfills, str) else list(polyfills)  # one script, as a list
            for path in (f"{ASSET_DIR}/{name}" for name in sorted(HEAD_SCRIPTS)):
                if path not in polyfills:
                    polyfills.append(path)
            config.extra["polyfills"] = polyfills
        return config

    on_config = CombinedEvent(_load, _head_scripts)

    def on_pre_build(self, *, config):
        if self.config.enabled and self.pdf_jobs is not None:
            self.pdf_jobs.build_started()  # MkDocs empties the site folder next
        if self.config.enabled:
            self.site_signature = None  # of this build, for the render cache: computed at the first page
            self.hide_links_from_search = only_search_between(self, config)
            self.page_state.mentions.clear()
            self.backlink_pages: list = []  # pages with "Used in" slots (glossaries)

    def on_files(self, files: Files, *, config) -> Files:
        if not self.config.enabled:
            return files
        self.generated: dict[str, tuple[str, str]] = {}  # src path -> (game id, page key)
        self.files = files
        for game in self.book.games.values():
            for page in site_pages.pages_for_game(game):
                path = f"{game.id}/{GAME_PAGES[page][0]}"
                if any(files.get_file_from_path(same) is not None for same in same_page(path)):
                    continue  # a hand-written page at this path (with any Markdown suffix) wins
                stub = site_pages.page_stub(game, page, config.use_directory_urls)
                files.append(File.generated(config, path, content=stub))
                self.generated[path] = (game.id, page)
            for path, _title, variant in site_pages.variant_sheets(game):
                if files.get_file_from_path(path) is None:
                    stub = site_pages.variant_sheet_stub(game, variant, config.use_directory_urls)
                    files.append(File.generated(config, path, content=stub))
                    self.generated[path] = (game.id, "cheatsheet")
        if files.get_file_from_path("index.md") is None:
            files.append(File.generated(config, "index.md", content=site_pages.home_stub(self.book)))
        for asset in asset_files():
            dest, text = f"{ASSET_DIR}/{asset.name}", served_text(asset)
            source = {"content": text} if text is not None else {"abs_src_path": str(asset)}
            files.append(File.generated(config, dest, **source))
        if self.config.navigation and not config.nav:
            config.nav = site_navigation(self.book, (f.src_uri for f in files.documentation_pages()))
        if self.config.cheatsheet_pdf and not self.serving:
            self._pdf_jobs().prepare(list(self._sheet_files()))
        return files

    def _game_of(self, src_uri: str) -> str | None:
        first = src_uri.split("/", 1)[0] if "/" in src_uri else None  # src_uri: a normalised POSIX path
        return first if first in self.book.games else None

    def on_page_markdown(self, markdown: str, /, *, page, config, files):
        if not self.config.enabled:
            return markdown
        src = page.file.src_uri
        game_id = self._game_of(src)
        self.page_state.start(src, game_id, lambda game: self._glossary_url(page, game, files))
        if src not in self.generated:
            shown = self._shown_path(config.docs_dir, src)
            index = build_index(self.book.games[game_id]) if game_id else None
            problems = list(check_page_blocks(self.book, index, shown, markdown))
            if index is not None:
                problems += list(check_prose(index, shown, markdown))
            if problems:
                self._fail("rulecraft: " + "\n".join(p.format() for p in problems))
        else:
            self._set_edit_url(page, *self.generated[src])
        render = page.render
        if self.serving and self._render_cache().enabled:
            cached = render
            render = lambda config, files: self._render_reusing(page, cached, config, files)  # noqa: E731
        page.render = lambda config, files: self._render_guarded(page, render, config, files)
        return markdown

    def _render_guarded(self, page, render, config, files) -> None:
        """``render``, with a page too deep for Python-Markdown reported as a located error naming the file
        the page is made from, never as a traceback. The checker refuses such text (markdown-too-deep), so
        only what its measure misses gets here. Serving: the page shows the error, every page the banner."""
        try:
            render(config, files)
        except RecursionError:
            file, shows = self._page_source(config.docs_dir, page.file.src_uri)
            problem = error("markdown-too-deep", f"{page.file.src_uri} is nested too deeply to render"
                            f"{shows} (emphasis, brackets, lists or quotes inside one another)", Location(file),
                            "nest less: rulecraft check shows where text nests deepest")
            self._fail(f"rulecraft: 1 error(s) in rule data:\n{problem.format()}")  # raises, unless serving
            page.content = ('<div class="admonition failure rc-error"><p class="admonition-title">Rulecraft</p>'
                            f"<p>{escape(problem.format())}</p></div>")

    def _page_source(self, docs_dir: str, src: str) -> tuple[str, str]:
        """(the file a page is made from as messages name it, what else it shows): a generated page's
        data file; a hand-written page itself, and the folder of its game's data."""
        if src in self.generated:
            game_id, page_key = self.generated[src]
            game = self.book.games[game_id]
            document = game.documents.get(site_pages.PAGE_SOURCE[page_key])
            return (document.file if document else display_path(game.folder)), ""
        game_id = self._game_of(src)
        shown = self._shown_path(docs_dir, src)
        return shown, (f" with the rule data of {display_path(self.book.games[game_id].folder)}" if game_id else "")

    def _shown_path(self, docs_dir: str, src: str) -> str:
        """The page's file as messages name it: from the project folder when the docs are inside it."""
        kept = self._shown_docs
        if kept is None or kept[0] != (docs_dir, self.root):  # once per build, not per page: pathlib is slow
            docs = Path(docs_dir)
            kept = self._shown_docs = ((docs_dir, self.root),
                                       docs.relative_to(self.root) if docs.is_relative_to(self.root) else None)
        return src if kept[1] is None else str(kept[1] / src)

    def _render_cache(self) -> RenderCache:
        cache = self.render_cache
        if cache is None:
            cache = self.render_cache = RenderCache()
        return cache

    def _render_reusing(self, page, render, config, files) -> None:
        """``page.render``, or the page's last rendering when nothing it depends on changed (render_cache)."""
        cache = self._render_cache()
        if self.site_signature is None:
            extensions = extensions_signature(config.markdown_extensions, config.mdx_configs, RulecraftExtension)
            if extensions is None:
                log.debug("rulecraft: a Markdown extension may read other files: every page is rendered")
                cache.start_build(False, {})
                return render(config, files)
            self.site_signature = site_signature(files, config, extensions)
        cache.render_page(page, render, config, files, self.page_state, self.site_signature)

    def _set_edit_url(self, page, game_id: str, page_key: str) -> None:
        template = self.config.edit_url
        if not template:
            page.edit_url = None  # a generated page has no Markdown source to edit
            return
        game = self.book.games[game_id]
        kind = site_pages.PAGE_SOURCE[page_key]
        source = game.documents.get(kind)
        path = Path(source.file) if source else game.folder / f"{kind}.yaml"
        try:
            rel = (self.root / path).resolve().relative_to(self.root) if not path.is_absolute() \
                else path.resolve().relative_to(self.root)
        except ValueError:
            rel = path
        page.edit_url = edit_url_for(template, PurePosixPath(rel).as_posix())

    def on_page_content(self, html: str, /, *, page, config, files):
        if self.config.enabled and self.page_state.problems:
            self._fail(f"rulecraft: {page.file.src_uri}: " + "; ".join(self.page_state.problems))
        return html

    def _post_page(self, output: str, /, *, page, config):
        if self.config.enabled and "data-rc-backlinks" in output:
            self.backlink_pages.append(page)  # filled in on_post_build, once the file is written
        if not (self.config.enabled and self.live_errors):
            return output
        items = "".join(f"<li><pre>{escape(message)}</pre></li>" for message in self.live_errors)
        state = ("this is the last good version of the rules" if self.last_good is not None
                 else "the rules cannot be shown until they are fixed")
        banner = ('<div class="rc-live-error" role="alert"><strong>Rulecraft: the last edit has errors; '
                  f"{state}.</strong><ul>{items}</ul></div>")
        start = output.find("<body")
        end = output.find(">", start) + 1 if start >= 0 else 0
        return output[:end] + banner + output[end:]

    @event_priority(-100)  # after every other plugin's on_post_page: the page as it is written
    def _start_sheet_fit(self, output: str, /, *, page, config):
        """`mkdocs build`: a cheat sheet's PDFs are fitted from here on, while the rest of the site is
        written (pdf_jobs.PdfJobs.start); on_post_build waits for them."""
        if self.config.enabled and self.config.cheatsheet_pdf and not self.serving:
            sheets = self._sheet_files()
            key = next((k for k, f in sheets.items() if f is page.file), None)
            if key is not None:
                self._pdf_jobs().start(Path(config.site_dir), key, Path(page.file.abs_dest_path), output, ASSET_DIR,
                                       len(sheets), self._sheet_names().get(key))
        return output

    on_post_page = CombinedEvent(_post_page, _start_sheet_fit)

    def _sheet_files(self) -> dict[str, File]:
        """{key: file} of every cheat-sheet page: the game id for a game's sheet, the page's path without
        .md for a variant's (so its PDFs land next to its page). Made once per build's files: it is asked
        for on every page."""
        kept = self._sheets
        if kept is not None and kept[0] is self.files:
            return kept[1]
        sheets = {}
        for game_id, game in self.book.games.items():
            file = self.files.get_file_from_path(f"{game_id}/{GAME_PAGES['cheatsheet'][0]}")
            if file is not None:
                sheets[game_id] = file
            for path, _title, _variant in site_pages.variant_sheets(game):
                file = self.files.get_file_from_path(path)
                if file is not None:
                    sheets[path[:-3]] = file
        self._sheets = (self.files, sheets)
        return sheets

    def _sheet_names(self) -> dict[str, str]:
        """{key of ``_sheet_files``: the sheet's name as a person says it}, for warnings and log lines."""
        names = {}
        for game_id, game in self.book.games.items():
            names[game_id] = f"{game.title} cheat sheet"
            for path, title, _variant in site_pages.variant_sheets(game):
                names[path[:-3]] = f"{game.title}, {title.removeprefix('Cheat sheet: ')} cheat sheet"
        return names

    # Search plugins (MkDocs' and Material's) index page.content in on_page_context, keeping a
    # link's words but not the link. So they are given the page without its glossary links: the
    # same index, but on a prose-heavy site they no longer parse ~40 extra tags per page (the
    # largest cost of linking after the linker itself). Only done when every handler that runs
    # between the two steps below is a search plugin, and not on a page with `data-search-*="..."`
    # attributes: Material's search removes those from page.content, and the page must then keep
    # that change, so it is indexed with its links as usual. (Valueless ones, as the dice tables'
    # `data-search-exclude=""`, are left in place by it.)
    @event_priority(1)  # just before the default-priority handlers, search among them
    def _hide_links_from_search(self, context, /, *, page, config, nav):
        if self.config.enabled:
            speed_up_toc_lookups(config)  # the search index is made in on_config or on_pre_build: here it exists
            if self.serving:
                reuse_search_entries(config, self.search_entries)
        content = page.content
        if self.config.enabled and self.hide_links_from_search and content and not search_changes_page(content):
            self._stripped = (page, content, without_term_links(content))
            page.content = self._stripped[2]
        return context

    @event_priority(-1)  # just after them: the template renders the page with its links
    def _restore_links(self, context, /, *, page, config, nav):
        stripped, self._stripped = self._stripped, None
        if stripped and stripped[0] is page:
            if page.content is stripped[2]:
                page.content = stripped[1]
            else:  # not expected from a search plugin; never lose the change or the links silently
                log.warning(f"rulecraft: {page.file.src_uri}: a plugin changed the page while the search "
                            "index was built, so its glossary links could not be put back")
        return context

    on_page_context = CombinedEvent(_hide_links_from_search, _restore_links)

    def on_nav(self, nav, /, *, config, files):
        # Glossary "Used in" lists pages in navigation order.
        self.page_order = {p.file.src_uri: i for i, p in enumerate(nav.pages)}
        if self.config.enabled:
            keep_in_game(nav.pages, self._game_of)
        return nav

    def _glossary_url(self, page, game_id: str | None, files) -> str | None:
        """Final URL of the game's glossary page from ``page``: the term linker writes it directly."""
        glossary = files.get_file_from_path(f"{game_id}/{GAME_PAGES['glossary'][0]}") if game_id else None
        if glossary is None:
            return None
        return "" if glossary is page.file else get_relative_url(glossary.url, page.url)

    @event_priority(-50)  # after other plugins' on_env: every page's content is final by now
    def on_env(self, env, /, *, config, files):
        # Jinja compiles the theme's templates again for every build and rebuild (a new environment each
        # time, ~0.1 s); a serve keeps the compiled code in memory (Jinja checks it against each template's
        # source). Never on disk: see templates.py.
        if self.config.enabled and env.bytecode_cache is None:
            env.bytecode_cache = self._bytecode_cache().bind(env)
        if self.config.enabled:
            self.pages_by_src = {f.src_uri: f.page for f in files.documentation_pages() if f.page is not None}
        return env

    def _fill_backlinks(self) -> None:
        """Glossary "Used in" lists, streamed into the written glossary pages: every page has rendered
        (all mentions are known), the search index leaves them out, and a list of 100 000 mentions
        never sits in memory as one more copy of a huge page."""
        # The play view repeats the turn page's rules a phase per screen: the turn page is the place to name.
        pages = {src: page for src, page in self.pages_by_src.items() if self.generated.get(src, ("", ""))[1] != "play"}
        for page in self.backlink_pages:
            src = page.file.src_uri
            game_id = self.generated[src][0] if src in self.generated else self._game_of(src)
            fill_backlinks_file(Path(page.file.abs_dest_path), page, game_id, self.page_state.mentions, pages,
                                self.page_order)
        self.backlink_pages = []

    def _index_changes(self) -> tuple[dict[str, str], dict[str, dict]]:
        """What the search index gets: each game page's game named in its title, entries' fields."""
        url_of = {f.src_uri: f.url for f in self.files.documentation_pages()}
        page_games = {}
        for src, url in url_of.items():
            game_id = self._game_of(src)
            if game_id is not None:
                page_games[url] = escape(self.book.games[game_id].title, quote=False)
        return page_games, entry_fields(self.book, url_of)

    def _report_history(self) -> None:
        """Games whose versions come from git tags that could not be read: one info line, never a failure."""
        history = self.ext.history if self.ext is not None else None
        if history is not None:
            if history.notes:
                log.info("rulecraft: no generated changes between versions (" + "; ".join(history.notes) + ")")
            history.close()
            self.ext.history = None

    @event_priority(1)  # before the search plugins (default priority) write the index
    def _tune_search_entries(self, *, config):
        """Material's search keeps its entries in memory until it writes them: tuned there, the index is
        never read back and written again (a site's largest file, ~5 MiB of memory at 200 pages)."""
        self.index_tuned = self.config.enabled and tune_search_entries(config, *self._index_changes())

    @event_priority(-50)  # after the search plugins have written the index, before Material's offline plugin
    def _tune_search_file(self, *, config):
        if self.config.enabled and not self.index_tuned:  # another search plugin (MkDocs' own)
            tune_index(Path(config.site_dir), *self._index_changes())

    def _post_build(self, *, config):
        if self.config.enabled:
            self._fill_backlinks()
            self._report_history()
        if self.serving:
            _import_loader_soon()
            # kept search entries of pages this site no longer has (removed, renamed) are dropped
            urls = {page.url for page in self.pages_by_src.values()}
            for url in [url for url in self.search_entries if url not in urls]:
                del self.search_entries[url]
        cache = self.render_cache
        if self.config.enabled and cache is not None and cache.enabled:
            cache.forget_unless(game_fingerprints(self.data_dir, self.book.games))
            log.debug(f"rulecraft: {cache.rendered} page(s) rendered, {cache.reused} reused")
        if not (self.config.enabled and self.config.cheatsheet_pdf):
            return
        built = {key: Path(file.abs_dest_path) for key, file in self._sheet_files().items()
                 if Path(file.abs_dest_path).is_file()}
        names = self._sheet_names()
        # Serving: the PDFs are made after the reload, in the background (pdf_jobs).
        jobs = self._pdf_jobs()
        if self.serving:
            jobs.build_later(Path(config.site_dir), built, ASSET_DIR, names)
        else:
            jobs.build_now(Path(config.site_dir), built, ASSET_DIR, names)

    @event_priority(-60)  # once the pages (backlinks) and the search index are final
    def _write_offline(self, *, config):
        # Not while serving: a worker answering from its cache would hide each edit until a reload.
        if self.config.enabled and self.config.offline and not self.serving:
            write_offline_files(Path(config.site_dir), {g.id: g.title for g in self.book.games.values()},
                                site_name=config.site_name, description=config.site_description,
                                directory_urls=config.use_directory_urls)

    on_post_build = CombinedEvent(_tune_search_entries, _post_build, _tune_search_file, _write_offline)

    def _pdf_jobs(self):
        """One scheduler per plugin instance (it survives `mkdocs serve` rebuilds, see on_startup),
        with the PDFs cached on disk under cache_dir (or in memory when cache_dir is empty)."""
        jobs = self.pdf_jobs
        if jobs is None:
            from .pdf_cache import PdfCache
            from .pdf_jobs import PdfJobs

            folder = self._cache_dir()
            jobs = self.pdf_jobs = PdfJobs(PdfCache(folder / "pdf") if folder else {}, log, self.config.pdf_timeout)
        jobs.set_time_limit(self.config.pdf_timeout)  # serving: mkdocs.yml may have changed since
        return jobs

    def _cache_dir(self) -> Path | None:
        return (self.root / self.config.cache_dir).resolve() if self.config.cache_dir else None

    def _bytecode_cache(self):
        cache = self.bytecode_cache
        if cache is None:
            from .templates import TemplateCodeCache

            cache = self.bytecode_cache = TemplateCodeCache()
        return cache

    def on_shutdown(self) -> None:
        collector.thaw()  # frozen in on_config (one-off builds)
        jobs = self.pdf_jobs
        if jobs is not None:  # serve: a background fit's children end with the server, and write nothing
            jobs.stop()

    def on_build_error(self, *, error) -> None:
        collector.thaw()
        jobs = self.pdf_jobs
        if jobs is not None:
            jobs.abandon()  # sheets fitted while the site was written: their children end

    def on_serve(self, server, /, *, config, builder):
        if self.config.enabled:
            server.watch(str(self.data_dir))
            faster_polling(server, WATCH_INTERVAL)
        return server


__all__ = ["RulecraftPlugin", "read_prose"]
