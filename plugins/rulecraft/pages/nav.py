"""The site navigation when mkdocs.yml has none: home, each game's pages, then other pages.

Engine-neutral: the MkDocs plugin passes the documentation pages it has (generated and
hand-written), ``rulecraft pages`` the ones it wrote for Zensical; both get the same tree.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import PurePosixPath

from ..book import RuleBook
from ..models.links import GAME_PAGES, pages_for_game, variant_sheets


def site_navigation(book: RuleBook, doc_paths: Iterable[str]) -> list:
    """MkDocs-style ``nav`` for the docs files ``doc_paths`` (paths inside docs, "john-company/turn.md")."""
    paths = sorted(set(doc_paths))
    nav: list = [{"Home": "index.md"}]
    game_ids = set(book.games)
    for game in sorted(book.games.values(), key=lambda g: g.title.casefold()):
        if game.info is None:
            continue
        pages = pages_for_game(game)
        entries: list = []
        known = set()
        for page in pages:
            path = f"{game.id}/{GAME_PAGES[page][0]}"
            known.add(path)
            entries.append({GAME_PAGES[page][1] if page != "overview" else "Overview": path})
            if page == "cheatsheet":
                for sheet_path, title, _variant in variant_sheets(game):
                    known.add(sheet_path)
                    entries.append({title: sheet_path})
        prose = [p for p in paths if p.startswith(game.id + "/") and p not in known]
        # Hand-written prose goes right after the turn sequence (or the overview).
        insert_at = 2 if len(entries) > 1 and "turn" in pages else 1
        entries[insert_at:insert_at] = prose
        nav.append({escape(game.title): entries})  # themes print nav titles as HTML
    nav.extend(p for p in paths if p != "index.md" and PurePosixPath(p).parts[0] not in game_ids)
    return nav
