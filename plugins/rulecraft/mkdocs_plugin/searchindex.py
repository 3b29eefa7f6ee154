"""The search index, tuned for players once the search plugin has written it.

* Every result names its game: the search shows each page's title above the sections found on it,
  and "Glossary" or "Turn sequence" alone does not say which game's, so game pages are indexed as
  "Glossary — John Company" (the title of the page's browser tab).
* A glossary entry, a dice table and a card are what a player searching for their name wants: their
  sections get a document boost, so their own title outranks pages that merely mention it; a term's
  entry also lists its other wordings (``rc_words``: aliases, plurals), which the search passes on
  with each result.
The order that depends on the page being read and on the exact words typed is searchorder.js's, in
the browser, loaded before Material's bundle creates its search worker: each result message of that
worker is reordered before Material renders it (listeners of one message share its data object).
1. On a game's pages that game's result groups come first (the first folder of the page's URL).
2. An entry named exactly as typed (its title, or one of its ``rc_words``) gets its page's best
   score + 1 — so it leads the page's results and is not folded under "more on this page" — and that
   page leads its part of the list. Otherwise the worker's order stands.
3. With Designer notes off (no ``rc-notes-on`` on <html>), a game's Status page is left out of the results:
   designer notes are never indexed on the rule pages, and the Status page, which lists them, is found only
   with the switch on.
The dice tables' roll controls are kept out of the index by their ``data-search-exclude``.

Works on Material's search entries before they are written, else on ``search/search_index.json`` as
MkDocs' search plugin writes it (``{"config": ..., "docs": [{"location", "title", "text", "boost"?}]}``).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from ..book import RuleBook
from ..models.links import GAME_PAGES, anchor

INDEX = Path("search") / "search_index.json"
# Lunr multiplies a document's score by its boost; titles already weigh 1000x the text, so this only
# decides between sections whose titles match equally well (an entry's own section against a page
# section that mentions it in its heading).
BOOST = {"term": 4.0, "dice": 3.0, "card": 3.0}


def entry_fields(book: RuleBook, url_of: dict[str, str]) -> dict[str, dict]:
    """Index location -> fields to set, for every glossary term, dice table and card (``url_of``: docs
    path -> page URL)."""
    found: dict[str, dict] = {}

    def add(game_id: str, page: str, kind: str, item_id: str, **fields) -> None:
        url = url_of.get(f"{game_id}/{GAME_PAGES[page][0]}")
        if url is not None:
            found[f"{url}#{anchor(kind, item_id)}"] = {"boost": BOOST[kind], **fields}

    for game in book.games.values():
        for term in game.terms:
            words = [escape(w, quote=False) for w in (*term.aliases, *term.plurals)]
            add(game.id, "glossary", "term", term.id, **({"rc_words": words} if words else {}))
        for table in game.tables:
            add(game.id, "dice", "dice", table.id)
        for deck in game.decks:
            for card in deck.cards:
                add(game.id, "cards", "card", card.id)
    return found


def tune_index(site_dir: Path, page_games: dict[str, str], fields: dict[str, dict]) -> bool:
    """Name the game in the title of each game page (``page_games``: page URL -> game title, HTML as
    index titles are) and set the ``fields`` of entries (location -> {"boost": ..., ...}), in the index file.

    False when there is no index (no search plugin, or one writing elsewhere)."""
    path = site_dir / INDEX
    if not path.is_file():
        return False
    data = json.loads(path.read_text(encoding="utf-8"))
    tune_entries(data.get("docs", []), page_games, fields)
    path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return True


def tune_search_entries(config, page_games: dict[str, str], fields: dict[str, dict]) -> bool:
    """The same, on Material's search plugin's entries before it writes them; False when the site has no
    such plugin with entries kept as this was written for (``search_index.entries``, a list of dicts)."""
    tuned = False
    for handler in config.plugins.events["post_build"]:
        plugin = getattr(handler, "__self__", None)
        entries = getattr(getattr(plugin, "search_index", None), "entries", None)
        if type(plugin).__module__.startswith("material.plugins.search.") and isinstance(entries, list):
            tune_entries(entries, page_games, fields)
            tuned = True
    return tuned


def tune_entries(docs: list[dict], page_games: dict[str, str], fields: dict[str, dict]) -> None:
    """Tune index entries in place; tuning an entry twice changes nothing (a served site's rebuild keeps
    the previous build's entries of unchanged pages)."""
    for doc in docs:
        location = doc.get("location")
        if location in page_games:
            doc["title"] = game_page_title(doc.get("title", ""), page_games[location])
        if location in fields:
            extra = dict(fields[location])
            extra["boost"] = max(extra["boost"], doc.get("boost", 1))  # a page's own search: boost stays
            doc.update(extra)


def game_page_title(page_title: str, game_title: str) -> str:
    """"Glossary — John Company" for a game's page; a title naming the game already stays as it is."""
    if not page_title:
        return game_title
    return page_title if game_title.casefold() in page_title.casefold() else f"{page_title} — {game_title}"
