"""Which generated pages a game gets, and the tiny Markdown stub each one is.

A stub is ordinary Markdown with one block (``/// turn``), so a hand-written
page can do the same, and another engine running the Markdown extension
(without MkDocs) can build the same pages.
"""

from __future__ import annotations

import html
import json

from ..book import Game, RuleBook
from ..models.links import GAME_PAGES, pages_for_game, variant_sheets  # noqa: F401 - part of this module's API

# page -> block that renders it (game pages always render the "current" game)
PAGE_BLOCK = {"overview": "overview", "turn": "turn", "dice": "dice-tables", "cards": "cards", "icons": "icons",
              "catalog": "catalog",
              "glossary": "glossary", "cheatsheet": "cheatsheet", "changes": "changelog", "status": "status"}

# which data file a generated page is made from ("edit this page")
PAGE_SOURCE = {"overview": "game", "turn": "phases", "dice": "dice", "cards": "cards", "icons": "icons",
               "catalog": "catalog", "glossary": "terms", "cheatsheet": "game", "changes": "game", "status": "game"}


def page_title(game: Game, page: str) -> str:
    return game.title if page == "overview" else f"{GAME_PAGES[page][1]} — {game.title}"


def page_stub(game: Game, page: str) -> str:
    title = game.title if page == "overview" else GAME_PAGES[page][1]
    # The title goes through YAML front matter (JSON is valid YAML) and the heading block, never
    # through Markdown source, so a title cannot inject markup. Page titles are HTML to MkDocs and
    # Material (printed as they are in <title>, the header and the nav), so the front matter's is escaped.
    return (f"---\ntitle: {json.dumps(html.escape(page_title(game, page)), ensure_ascii=False)}\n---\n\n"
            f"/// title\n{json.dumps(title, ensure_ascii=False)}\n///\n\n/// {PAGE_BLOCK[page]}\n///\n")


def variant_sheet_stub(game: Game, variant: str) -> str:
    """The page of one variant's cheat sheet (see links.variant_sheets)."""
    name = next(v.name for v in game.info.variants if v.id == variant)
    title = f"Cheat sheet: {name}"
    return (f"---\ntitle: {json.dumps(html.escape(f'{title} — {game.title}'), ensure_ascii=False)}\n---\n\n"
            f"/// title\n{json.dumps(title, ensure_ascii=False)}\n///\n\n/// cheatsheet-variant | {variant}\n///\n")


def home_stub(book: RuleBook) -> str:
    return ("---\ntitle: Rulebooks\n---\n\n# Rulebooks\n\n"
            "Every game's rules as checked data: turn sequence, dice tables with exact odds, glossary, "
            "cards and a printable cheat sheet.\n\n/// games\n///\n")
