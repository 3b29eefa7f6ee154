"""The search index, tuned for players once the search plugin has written it.

* Every result names its game: the search shows each page's title above the sections found on it,
  and "Glossary" or "Turn sequence" alone does not say which game's, so game pages are indexed as
  "Glossary — John Company" (the title of the page's browser tab).
* A glossary entry, a dice table and a card are what a player searching for their name wants: their
  sections get a document boost, so their own title outranks pages that merely mention it.
(Putting a game's own results first depends on the page being read: searchorder.js does that in the
browser. The dice tables' roll controls are kept out of the index by their ``data-search-exclude``.)

Works on ``search/search_index.json`` as MkDocs' and Material's search plugins write it
(``{"config": ..., "docs": [{"location", "title", "text", "boost"?}]}``).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..book import RuleBook
from ..models.links import GAME_PAGES, anchor

INDEX = Path("search") / "search_index.json"
# Lunr multiplies a document's score by its boost; titles already weigh 1000x the text, so this only
# decides between sections whose titles match equally well (an entry's own section against a page
# section that mentions it in its heading).
BOOST = {"term": 4.0, "dice": 3.0, "card": 3.0}


def boosted_locations(book: RuleBook, url_of: dict[str, str]) -> dict[str, float]:
    """Index location -> boost for every glossary term, dice table and card (``url_of``: docs path -> page URL)."""
    found: dict[str, float] = {}

    def add(game_id: str, page: str, kind: str, item_id: str) -> None:
        url = url_of.get(f"{game_id}/{GAME_PAGES[page][0]}")
        if url is not None:
            found[f"{url}#{anchor(kind, item_id)}"] = BOOST[kind]

    for game in book.games.values():
        for term in game.terms:
            add(game.id, "glossary", "term", term.id)
        for table in game.tables:
            add(game.id, "dice", "dice", table.id)
        for deck in game.decks:
            for card in deck.cards:
                add(game.id, "cards", "card", card.id)
    return found


def tune_index(site_dir: Path, page_games: dict[str, str], boosts: dict[str, float]) -> bool:
    """Name the game in the title of each game page (``page_games``: page URL -> game title, HTML as
    index titles are) and boost entries in the written index.

    False when there is no index (no search plugin, or one writing elsewhere)."""
    path = site_dir / INDEX
    if not path.is_file():
        return False
    data = json.loads(path.read_text(encoding="utf-8"))
    for doc in data.get("docs", []):
        location = doc.get("location")
        if location in page_games:
            doc["title"] = game_page_title(doc.get("title", ""), page_games[location])
        if location in boosts:
            doc["boost"] = max(boosts[location], doc.get("boost", 1))
    path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return True


def game_page_title(page_title: str, game_title: str) -> str:
    """"Glossary — John Company" for a game's page; a title naming the game already stays as it is."""
    if not page_title:
        return game_title
    return page_title if game_title.casefold() in page_title.casefold() else f"{page_title} — {game_title}"
