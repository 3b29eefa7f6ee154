"""Rulecraft's Python-Markdown extension: data blocks and inline references.

Usable without MkDocs (any engine that runs Python-Markdown extensions):

    markdown.Markdown(extensions=[RulecraftExtension(rules_data="rules_data", game="john-company")])

An engine that renders many pages (the MkDocs plugin) builds one instance and hands it, explicitly,
the already-loaded rule book and a ``PageState`` it owns: before each page it calls
``state.start(...)`` with that page's path, game and glossary URL; afterwards it reads the page's
``problems`` and the build's glossary ``mentions`` from the same object (as mkdocstrings hands its
handlers to its extension).

An engine that builds the extension from configuration instead (Zensical: ``markdown_extensions:
- rulecraft: {rules_data: ...}``, a fresh instance per page) hands in nothing: the rule book is
shared between pages and the page is read from the engine's rendering context (engine_page.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as etree

from markdown import Markdown
from pymdownx.blocks import BlocksExtension

from ..book import RuleBook
from ..diff.history import GameHistory, History
from ..models.index import GameIndex, build_index
from ..render.base import RenderContext
from . import sanitize
from .blocks import ALL_BLOCKS
from .engine_page import announced_page, shared_rulebook
from .inline import RefInlineProcessor
from .mentions import Mentions
from .since import PRIORITY as SINCE_SLOT_PRIORITY
from .since import SinceSlotTreeprocessor
from .termlinks import TermLinkTreeprocessor
from .variants import PRIORITY as VARIANT_SLOT_PRIORITY
from .variants import VALUES_PRIORITY as VARIANT_VALUES_PRIORITY
from .variants import VariantSlotTreeprocessor, VariantValuesTreeprocessor


@dataclass
class PageState:
    """The page being rendered, as the engine tells it; the extension writes back what it found."""

    src: str | None = None  # docs path of the page ("john-company/turn.md"); None outside an engine
    game: str | None = None  # the game the page belongs to
    # game id -> final URL of that game's glossary page from this page (None if it has none). Automatic
    # term links then skip the engine's per-link URL resolution. None: links point to the glossary's .md.
    glossary_url: Callable[[str], str | None] | None = None
    problems: list[str] = field(default_factory=list)  # unknown ids met while rendering this page
    # every glossary mention of the build: (game, term id, page, section anchor), for "Used in" lists
    mentions: Mentions = field(default_factory=Mentions)  # reads as a list of those tuples, kept compactly
    # the games whose data this page read (unknown ids too), or used_all: the whole book. What the
    # page's HTML depends on besides its text (mkdocs_plugin/render_cache.py reuses it while they hold).
    used_games: set[str] = field(default_factory=set)
    used_all: bool = False

    def start(self, src: str | None, game: str | None,
              glossary_url: Callable[[str], str | None] | None = None) -> None:
        self.src, self.game, self.glossary_url = src, game, glossary_url
        self.problems = []
        self.used_games = set()
        self.used_all = False


class RulecraftExtension(BlocksExtension):
    def __init__(self, book: RuleBook | None = None, state: PageState | None = None, **kwargs):
        self.config = {
            "rules_data": ["rules_data", "Folder with one sub-folder per game (read when no book is given)"],
            "game": ["", "Default game id when the page does not say (outside an engine)"],
            "link_terms": [True, "Link glossary terms automatically"],
            "link_first_only": [True, "Link only the first mention of a term per section"],
            "link_spacing": [25, "At most about one term link per this many words of body text (0: no limit)"],
        }
        super().__init__(**kwargs)
        self.book = book  # loaded on first use from rules_data when not handed in
        self.engine_state = state is not None  # an engine (the MkDocs plugin) tells us each page
        self.state = state if state is not None else PageState()
        self.link_hrefs: dict[tuple[str, str, str], str] = {}  # cache of the term linker
        self.history: History | None = None  # the games' tagged versions, read once per extension (build)

    # --- state --------------------------------------------------------------------------------------
    def rulebook(self) -> RuleBook:
        """The whole rule book: the page then depends on every game (``PageState.used_all``)."""
        self.state.used_all = True
        return self._book()

    def game(self, game_id: str):
        """One game of the book (None when unknown): the page then depends on that game only."""
        self.state.used_games.add(game_id)
        return self._book().games.get(game_id)

    def _book(self) -> RuleBook:
        if self.book is None:
            from ..loader import load_rulebook  # pydantic: only for pages rendered without the MkDocs plugin

            folder = Path(self.getConfig("rules_data"))
            # Built from configuration by an engine (a new instance per page): share one load.
            self.book = shared_rulebook(folder) if self._from_config else load_rulebook(folder)
        return self.book

    _from_config = False  # set when an engine announced the page (see extendMarkdownBlocks)

    def _page_from_engine(self, md: Markdown) -> None:
        """No plugin tells us the page: read it from the engine's rendering context, if it has one."""
        src = announced_page(md)
        if src is None:
            return
        self._from_config = True
        first = src.split("/", 1)[0] if "/" in src else None
        games = self._book().games
        self.state.start(src, first if first in games else None)

    def game_id(self, explicit: str | None = None) -> str | None:
        return explicit or self.state.game or self.getConfig("game") or None

    def index(self, explicit: str | None = None) -> GameIndex:
        game_id = self.game_id(explicit)
        book = self._book()
        if not game_id:
            raise LookupError("this page belongs to no game; name one: `/// block | game-id:item`")
        self.state.used_games.add(game_id)  # before the unknown-id error: the page changes if it appears
        if game_id not in book.games or book.games[game_id].info is None:
            raise LookupError(f"unknown game '{game_id}'")
        return build_index(book.games[game_id])

    def game_history(self, game) -> GameHistory:
        """The game's tagged versions and their diffs (git is read on the first page that asks)."""
        if self.history is None:
            root = getattr(self._book(), "root", None)
            self.history = History(Path(root) if root else Path(self.getConfig("rules_data")))
        return self.history.of(game)

    def context(self, md: Markdown, explicit_game: str | None = None) -> RenderContext:
        index = self.index(explicit_game)
        return RenderContext(index, self.state.src, lambda parent, text: md.parser.parseChunk(parent, text),
                             self.game_history(index.game))

    def report(self, message: str) -> None:
        self.state.problems.append(message)

    # --- registration -------------------------------------------------------------------------------
    def extendMarkdownBlocks(self, md: Markdown, block_mgr) -> None:
        md.registerExtension(self)
        if not self.engine_state:
            self._page_from_engine(md)
        sanitize.register(md)  # no raw HTML in blocks, no javascript: URLs or on* attributes anywhere
        for block in ALL_BLOCKS:
            block_mgr.register(block, {"ext": self})
        # After inline code (190) so `{term:x}` in backticks stays literal; before links and HTML.
        md.inlinePatterns.register(RefInlineProcessor(md, self), "rulecraft-ref", 185)
        md.treeprocessors.register(VariantSlotTreeprocessor(md, self), "rulecraft-variants", VARIANT_SLOT_PRIORITY)
        md.treeprocessors.register(SinceSlotTreeprocessor(md, self), "rulecraft-since", SINCE_SLOT_PRIORITY)
        md.treeprocessors.register(VariantValuesTreeprocessor(md), "rulecraft-variant-values",
                                   VARIANT_VALUES_PRIORITY)
        if self.getConfig("link_terms"):
            # After inline processing (20) so it sees final text nodes, after toc (5) so headings have
            # their ids (sections). Handed final glossary URLs by an engine (the MkDocs plugin), last:
            # after relpath (0), which need not resolve thousands of identical links. Otherwise the
            # links point to the glossary's .md file, so just before relpath, which turns them into URLs.
            priority = -1 if self.engine_state else 0.5
            md.treeprocessors.register(TermLinkTreeprocessor(md, self), "rulecraft-termlinks", priority)

    def reset(self) -> None:
        pass  # the page state is owned by the engine (or the caller) and survives md.reset()


def makeExtension(**kwargs):  # noqa: N802 - Python-Markdown's entry point name
    return RulecraftExtension(**kwargs)


__all__ = ["PageState", "RulecraftExtension", "makeExtension", "etree"]
