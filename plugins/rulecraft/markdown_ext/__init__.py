"""Rulecraft's Python-Markdown extension: data blocks and inline references.

Usable without MkDocs (any engine that runs Python-Markdown extensions):

    markdown.Markdown(extensions=[RulecraftExtension(rules_data="rules_data", game="john-company")])

The MkDocs plugin creates one instance, hands it the already-loaded rule book and
tells it which page (and so which game) is being rendered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable
from xml.etree import ElementTree as etree

from markdown import Markdown
from pymdownx.blocks import BlocksExtension

from ..models.index import GameIndex, build_index
from ..loader import RuleBook, load_rulebook
from ..render.base import RenderContext
from .blocks import ALL_BLOCKS
from .inline import RefInlineProcessor
from .termlinks import TermLinkTreeprocessor
from . import sanitize


class RulecraftExtension(BlocksExtension):
    def __init__(self, **kwargs):
        self.config = {
            "rules_data": ["rules_data", "Folder with one sub-folder per game"],
            "game": ["", "Default game id when the page does not say (outside MkDocs)"],
            "link_terms": [True, "Link glossary terms automatically"],
            "link_first_only": [True, "Link only the first mention of a term per section"],
        }
        super().__init__(**kwargs)
        self.book: RuleBook | None = None
        self.page: str | None = None  # docs path of the current page, set by the MkDocs plugin
        self.page_game: str | None = None
        self.problems: list[str] = []  # unknown ids met while rendering the current page
        self.mentions: list[tuple[str, str, str, str]] = []  # (game, term id, page, section anchor)
        # Set by the MkDocs plugin per page: game id -> final URL of that game's glossary page from this
        # page (None if it has none). Automatic term links then skip MkDocs' per-link URL resolution.
        # None (outside MkDocs): links point to the glossary's .md path.
        self.glossary_url: Callable[[str], str | None] | None = None
        self.link_attrs: dict[tuple[str, str, str], dict[str, str]] = {}  # cache of the term linker

    # --- state --------------------------------------------------------------------------------------
    def rulebook(self) -> RuleBook:
        if self.book is None:
            self.book = load_rulebook(Path(self.getConfig("rules_data")))
        return self.book

    def game_id(self, explicit: str | None = None) -> str | None:
        return explicit or self.page_game or self.getConfig("game") or None

    def index(self, explicit: str | None = None) -> GameIndex:
        game_id = self.game_id(explicit)
        book = self.rulebook()
        if not game_id:
            raise LookupError("this page belongs to no game; name one: `/// block | game-id:item`")
        if game_id not in book.games or book.games[game_id].info is None:
            raise LookupError(f"unknown game '{game_id}'")
        return build_index(book.games[game_id])

    def context(self, md: Markdown, explicit_game: str | None = None) -> RenderContext:
        return RenderContext(self.index(explicit_game), self.page, lambda parent, text: md.parser.parseChunk(parent, text))

    def report(self, message: str) -> None:
        self.problems.append(message)

    # --- registration -------------------------------------------------------------------------------
    def extendMarkdownBlocks(self, md: Markdown, block_mgr) -> None:
        md.registerExtension(self)
        sanitize.register(md)  # no raw HTML in blocks, no javascript: URLs or on* attributes anywhere
        for block in ALL_BLOCKS:
            block_mgr.register(block, {"ext": self})
        # After inline code (190) so `{term:x}` in backticks stays literal; before links and HTML.
        md.inlinePatterns.register(RefInlineProcessor(md, self), "rulecraft-ref", 185)
        if self.getConfig("link_terms"):
            # Last: after inline processing (20) so it sees final text nodes, after toc (5) so headings
            # have their ids (sections), after MkDocs' relpath (0) which need not resolve its links.
            md.treeprocessors.register(TermLinkTreeprocessor(md, self), "rulecraft-termlinks", -1)

    def reset(self) -> None:
        pass  # page state is owned by the MkDocs plugin (or the caller) and survives md.reset()


def makeExtension(**kwargs):  # noqa: N802 - Python-Markdown's entry point name
    return RulecraftExtension(**kwargs)


__all__ = ["RulecraftExtension", "makeExtension", "etree"]
