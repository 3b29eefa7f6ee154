"""Pictures are files of the project, never ``data:`` URIs.

A picture embedded in text is not a file anyone reviews, and an embedded SVG can cost a renderer
without limit (nested ``<use>`` elements: a million copies drawn from 3 KB, and WeasyPrint renders
the cheat sheet several times while fitting it). So any ``data:`` URI in rule data (a Markdown
image or link, an HTML ``src``, written in any text field) and every ``data:`` picture in a docs
page is refused with its place. The icons' ``image`` field refuses every URL already (models/icons.py).
Rulecraft's own emoji pictures are the one exception, and they come from the package, not from data.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex, all_strings
from ..models.textrefs import code_blanked
from ..models.urls import find_urls, url_scheme
from ..problems import Location, Problem, error, excerpt

HINT = "pictures are files: put it under docs/ (e.g. docs/img/ship.svg) and write its path, ![Ship](img/ship.svg)"


def _data_uris(text: str) -> Iterator[tuple[int, str, bool]]:
    if "data" not in text.lower() and "&" not in text:  # no 'data:', even written with character references
        return
    for offset, url, picture in find_urls(text):
        if url_scheme(url) == "data":
            yield offset, url, picture


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for obj, subpath, _name, text in all_strings(game):
        for offset, url, picture in _data_uris(text):
            what = "picture" if picture else "link"
            yield error("data-uri", f"a {what} embedded as a data: URI ({excerpt(url)})",
                        game.where_in_text(obj, subpath, offset, url[:20]), HINT, game.id)


def check_page(file: str, text: str, game_id: str = "", shown: str | None = None) -> Iterator[Problem]:
    """A docs page's pictures (Markdown images, <img src>); code shown on the page is not a picture.
    ``shown``: ``code_blanked(text, always=True)`` when the caller has it (check_book blanks each page once)."""
    if shown is None:
        shown = code_blanked(text, always=True)
    for offset, url, picture in _data_uris(shown):
        if not picture:
            continue  # a Markdown link loses a data: target (markdown_ext/sanitize.py); raw HTML is the page's own
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        yield error("data-uri", f"a picture embedded as a data: URI ({excerpt(url)})",
                    Location(file, line, column), HINT, game_id)
