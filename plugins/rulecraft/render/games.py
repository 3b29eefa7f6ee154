"""The site's home: every game as a card (title, players, time, version, and links straight to the
pages a player uses at the table, so a phase's rules are two taps from the home page)."""

from __future__ import annotations

from ..book import RuleBook
from ..models import links
from ..models.index import build_index
from ..models.textrefs import plain_text
from .base import Element, link, range_text, sub

# The pages read at the table, in this order; the overview is the card's title, and the status and
# change pages stay one step further (overview, navigation).
TABLE_PAGES = ("turn", "dice", "cards", "icons", "glossary", "cheatsheet")


def render_games(parent: Element, book: RuleBook, page: str | None) -> None:
    grid = sub(parent, "div", cls="grid cards rc-games")
    lst = sub(grid, "ul")
    for game in sorted(book.games.values(), key=lambda g: g.title.casefold()):
        info = game.info
        if info is None:
            continue
        item = sub(lst, "li", cls="rc-game-card")
        title = sub(item, "p", cls="rc-game-title")
        link(sub(title, "strong"), info.title,
             links.relative(page, links.page_path(game.id, "overview")) or "#")
        if info.subtitle:
            sub(item, "p", info.subtitle, "rc-subtitle")
        facts = []
        if info.players:
            facts.append(range_text(info.players.min, info.players.max, "players"))
        if info.play_time:
            facts.append(range_text(info.play_time.min, info.play_time.max, "min"))
        if info.version:
            facts.append(f"v{info.version}")
        if facts:
            sub(item, "p", " · ".join(facts), "rc-game-facts")
        # References belong to each game's own namespace: show them as plain words here.
        summary = sub(item, "p", plain_text(info.summary.strip(), build_index(game).name_of), "rc-game-summary")
        summary.set("class", "rc-game-summary rc-nolink-terms")
        present = set(links.pages_for_game(game))
        shortcuts = [key for key in TABLE_PAGES if key in present]
        if shortcuts:
            pages = sub(item, "ul", cls="rc-game-pages", aria_label=f"{info.title}: pages")
            for key in shortcuts:
                link(sub(pages, "li"), links.GAME_PAGES[key][1], links.relative(page, links.page_path(game.id, key)))
