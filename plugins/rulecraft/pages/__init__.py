"""Which generated pages a game gets, and the tiny Markdown stub each one is.

A stub is ordinary Markdown with one block (``/// turn``), so a hand-written
page can do the same, and another engine running the Markdown extension
(without MkDocs) can build the same pages.
"""

from __future__ import annotations

import html
import json
import posixpath

from ..book import Game, RuleBook
from ..models.links import GAME_PAGES, page_path, pages_for_game, variant_sheets  # noqa: F401 - this module's API

# page -> block that renders it (game pages always render the "current" game)
PAGE_BLOCK = {"overview": "overview", "turn": "turn", "play": "play", "dice": "dice-tables", "cards": "cards",
              "icons": "icons", "catalog": "catalog", "tables": "reference-tables", "formulas": "formulas",
              "glossary": "glossary", "faq": "faq",
              "cheatsheet": "cheatsheet", "changes": "changelog", "status": "status"}

# Stylesheets only one kind of page needs (pages/assets.py: PAGE_STYLESHEETS, outside every page's budget):
# its stub links them itself, so the page is styled without script and no other page loads them.
PAGE_CSS = {"cheatsheet": ("cheatsheet.css",), "play": ("play.css",)}
# Front matter some pages add: the play view repeats the turn page's rules one phase at a time, so a search
# finds them on the turn page only.
PAGE_META = {"play": "search:\n  exclude: true\n"}
ASSET_DIR = "assets/rulecraft"  # where both engines serve Rulecraft's assets

# which data file a generated page is made from ("edit this page")
PAGE_SOURCE = {"overview": "game", "turn": "phases", "play": "phases", "dice": "dice", "cards": "cards",
               "icons": "icons", "catalog": "catalog", "tables": "tables", "formulas": "game", "glossary": "terms",
               "faq": "faq",
               "cheatsheet": "game", "changes": "game", "status": "game"}


def page_title(game: Game, page: str) -> str:
    return game.title if page == "overview" else f"{GAME_PAGES[page][1]} — {game.title}"


def page_stub(game: Game, page: str, directory_urls: bool | None = None) -> str:
    """The page's Markdown. ``directory_urls``: the site's ``use_directory_urls`` when the engine leaves raw
    HTML's URLs as written (MkDocs: they are relative to the page's URL, ``g/page/`` or ``g/page.html``);
    None when it resolves them from the page's file like Markdown links (Zensical)."""
    title = game.title if page == "overview" else GAME_PAGES[page][1]
    # The title goes through YAML front matter (JSON is valid YAML) and the heading block, never
    # through Markdown source, so a title cannot inject markup. Page titles are HTML to MkDocs and
    # Material (printed as they are in <title>, the header and the nav), so the front matter's is escaped.
    return (f"---\ntitle: {json.dumps(html.escape(page_title(game, page)), ensure_ascii=False)}\n"
            f"{PAGE_META.get(page, '')}---\n\n"
            f"{_stylesheet_links(page_path(game.id, page), page, directory_urls)}"
            f"/// title\n{json.dumps(title, ensure_ascii=False)}\n///\n\n/// {PAGE_BLOCK[page]}\n///\n")


def variant_sheet_stub(game: Game, variant: str, directory_urls: bool | None = None) -> str:
    """The page of one variant's cheat sheet (see links.variant_sheets); ``directory_urls`` as in page_stub."""
    source, title = next((rel, title) for rel, title, v in variant_sheets(game) if v == variant)
    return (f"---\ntitle: {json.dumps(html.escape(f'{title} — {game.title}'), ensure_ascii=False)}\n---\n\n"
            f"{_stylesheet_links(source, 'cheatsheet', directory_urls)}"
            f"/// title\n{json.dumps(title, ensure_ascii=False)}\n///\n\n/// cheatsheet-variant | {variant}\n///\n")


def _stylesheet_links(source: str, page: str, directory_urls: bool | None) -> str:
    """Raw HTML links to the stylesheets of a ``page`` kind, for the page at docs path ``source`` (a <link>
    in the body is valid HTML and loads like one in <head>; Material's instant navigation adds and removes
    it with the page's content)."""
    if page not in PAGE_CSS:
        return ""
    here = posixpath.dirname(source)  # the page file's folder, or its URL's: "g/" for "g/page.html"
    if directory_urls and posixpath.basename(source) != "index.md":
        here = source[:-3]  # "g/page/"
    hrefs = [posixpath.relpath(f"{ASSET_DIR}/{name}", here or ".") for name in PAGE_CSS[page]]
    links = "".join(f'<link rel="stylesheet" href="{html.escape(href)}">' for href in hrefs)
    return links + "\n\n"


def home_stub(book: RuleBook) -> str:
    return ("---\ntitle: Rulebooks\n---\n\n# Rulebooks\n\n"
            "Every game's rules: turn sequence, dice tables with exact odds, glossary, cards and a printable "
            "cheat sheet.\n\n/// games\n///\n")
