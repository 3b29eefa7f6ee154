"""Markdown nested too deeply for Python-Markdown (models/markdown_depth.py): refused before the site
build sees it, where a RecursionError or minutes of backtracking would name no rule file."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex, iter_prose
from ..models.markdown_depth import TooDeep, too_deep
from ..models.textrefs import code_blanked
from ..problems import Location, Problem, error

HINT = "no rules text needs this: close what is open, or write the marks as text (\\*, \\[)"


def _problem(found: TooDeep, location: Location, game_id: str) -> Problem:
    return error("markdown-too-deep", f"{found.what} nested {found.depth} deep here (at most {found.limit})",
                 location, HINT, game_id)


def check(index: GameIndex) -> Iterator[Problem]:
    """Every string people read (names and labels too: the site parses them as inline Markdown)."""
    game = index.game
    for obj, subpath, text in iter_prose(game):
        found = too_deep(text)
        if found is None:
            continue
        needle = text[found.offset:found.offset + 12].split("\n", 1)[0]
        yield _problem(found, game.where_in_text(obj, subpath, found.offset, needle), game.id)


def check_page(file: str, text: str, game_id: str = "", shown: str | None = None) -> Iterator[Problem]:
    """A docs page, parsed by the same Python-Markdown; code shown on it (fences, spans) is not measured.
    ``shown``: ``code_blanked(text, always=True)`` when the caller has it (check_book blanks each page once)."""
    found = too_deep(shown if shown is not None else code_blanked(text, always=True))
    if found is not None:
        line = text.count("\n", 0, found.offset) + 1
        column = found.offset - (text.rfind("\n", 0, found.offset) + 1) + 1
        yield _problem(found, Location(file, line, column), game_id)
