"""Where things live on the site: one URL/anchor scheme for plugin, blocks and links.

Generated pages sit at predictable paths inside docs (``<game>/turn.md`` is
served as ``/<game>/turn/``); every phase, table, term, card and icon is an
anchor made from its id, so links survive reordering and renumbering.
"""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING

from .variant_views import declared_views

if TYPE_CHECKING:
    from ..book import Game

# page key -> (file name inside the game's folder, title)
GAME_PAGES: dict[str, tuple[str, str]] = {
    "overview": ("index.md", "Overview"),
    "turn": ("turn.md", "Turn sequence"),
    "play": ("play.md", "Play a turn"),
    "dice": ("dice.md", "Dice tables"),
    "cards": ("cards.md", "Cards"),
    "icons": ("icons.md", "Icons"),
    "catalog": ("catalog.md", "Catalog"),
    "tables": ("tables.md", "Reference tables"),
    "formulas": ("formulas.md", "Formulas"),
    "glossary": ("glossary.md", "Glossary"),
    "faq": ("faq.md", "Errata and FAQ"),
    "cheatsheet": ("cheatsheet.md", "Cheat sheet"),
    "changes": ("changes.md", "Changes"),
    "status": ("status.md", "Status"),
}

# Which page holds the anchor for each kind of reference.
PAGE_FOR_KIND = {"term": "glossary", "phase": "turn", "dice": "dice", "card": "cards", "deck": "cards",
                 "icon": "icons", "section": "overview", "question": "status", "component": "overview",
                 "item": "catalog", "resource": "catalog", "table": "tables", "legend": "tables",
                 "formula": "formulas"}


def page_path(game_id: str, page: str) -> str:
    return f"{game_id}/{GAME_PAGES[page][0]}"


def anchor(kind: str, item_id: str) -> str:
    # Terms and phases share nothing but a page with other kinds; prefixes keep anchors unique per page.
    prefix = {"term": "", "phase": "", "dice": "", "card": "card-", "deck": "deck-", "icon": "icon-",
              "section": "", "question": "q-", "component": "c-", "item": "item-", "resource": "resource-",
              "table": "table-", "legend": "legend-", "formula": "formula-"}[kind]
    return prefix + item_id


def relative(from_page: str | None, to_path: str) -> str:
    """Link from one docs file to another, as MkDocs expects (it turns .md links into URLs)."""
    if from_page is None:
        return "/" + to_path  # outside MkDocs: site-absolute
    if from_page == to_path:
        return ""
    return posixpath.relpath(to_path, posixpath.dirname(from_page) or ".")


def href(from_page: str | None, game_id: str, kind: str, item_id: str) -> str:
    target = page_path(game_id, PAGE_FOR_KIND[kind])
    return f"{relative(from_page, target)}#{anchor(kind, item_id)}"


# Headings the overview page always has; a game.yaml section cannot take these ids.
OVERVIEW_ANCHORS = frozenset({"objective", "components", "setup", "end-of-game", "scoring", "constants", "pages"})


def has_open_items(game: Game) -> bool:
    from .accepts import declared_accepts
    from .completeness import designer_notes, todo_items
    from .index import build_index

    info = game.info
    index = build_index(game)
    return bool(info and info.open_questions) or any(True for _ in todo_items(index)) or any(
        not n.phase.has_rules for n in index.numbered) or any(True for _ in designer_notes(index)) or any(
        True for _ in declared_accepts(index))


def variant_sheets(game: Game) -> list[tuple[str, str, str]]:
    """(docs path, navigation title, view id) of the extra cheat sheet of each variant the game's
    ``cheatsheet: variants:`` lists, then of each combination of variants: ``<game>/cheatsheet-<id>.md``,
    served next to the base sheet."""
    if game.info is None:
        return []
    views = declared_views(game.info)
    listed = [*game.info.cheatsheet.variants, *(v.id for v in views.values() if v.combined)]
    return [(f"{game.id}/cheatsheet-{v}.md", f"Cheat sheet: {views[v].name}", v)
            for v in dict.fromkeys(listed) if v in views]


def pages_for_game(game: Game) -> list[str]:
    """Generated pages for a game, in navigation order; pages without data are left out."""
    if game.info is None:
        return []
    present = {
        "overview": True,
        "turn": bool(game.phases),
        "play": bool(game.phases),
        "dice": bool(game.tables),
        "cards": bool(game.decks),
        "icons": bool(game.icons),
        "catalog": bool(game.items),
        "tables": bool(game.reference_tables or game.legends),  # a legend alone: the codes a dice grid links to
        "formulas": bool(game.formulas),
        "glossary": bool(game.terms),
        "faq": bool(game.faq_entries),
        "cheatsheet": True,
        "changes": bool(game.info.changelog) or getattr(game.info, "versions", None) is not None,
        "status": has_open_items(game),
    }
    return [page for page in GAME_PAGES if present[page]]
