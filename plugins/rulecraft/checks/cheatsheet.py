"""Cheat sheets: the chosen ids exist, and the sheet is likely to print on one page.

The page estimate (``models.cheatsheet.estimate``) counts the lines each phase, dice table,
term, icon, step and number needs in a column of the printed sheet, and packs them into the columns
of a page that is both A4 and US Letter. It is taken where the PDF step ends before it leaves items
out (``tightest``: smallest type, up to four columns, tight spacing). Over one page by more than the
estimate's measured error is a warning (``cheatsheet-overflow``): the game's ``cheatsheet:`` block in
game.yaml chooses less.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..models.cheatsheet import sheet_content, tightest
from ..models.index import GameIndex
from ..models.links import variant_sheets
from ..problems import Problem, warning
from .references import dangling

BLOCK_NAMES = {"turn": "turn sequence", "dice": "dice tables", "tables": "reference tables",
               "catalog": "catalog items", "cards": "cards", "terms": "key terms", "icons": "icons", "end": "end and scoring",
               "constants": "numbers", "sections": "sections"}


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    info = game.info
    if info is None:
        return
    sheet = info.cheatsheet
    for field, kind in (("dice", "dice"), ("icons", "icon"), ("catalog", "item"), ("sections", "section"),
                        ("tables", "table")):
        for i, target in enumerate(getattr(sheet, field)):
            problem = dangling(index, kind, target, game.where(sheet, field, i), f"cheatsheet.{field}")
            if problem:
                yield problem
    for i, target in enumerate(sheet.cards):  # a card, or a deck for all its cards
        if target not in index.decks:
            problem = dangling(index, "card", target, game.where(sheet, "cards", i), "cheatsheet.cards")
            if problem:
                yield problem
    for variant in [None, *(v for _path, _title, v in variant_sheets(game))]:
        yield from _overflow(index, sheet_content(index, variant))


def _overflow(index, content) -> Iterator[Problem]:
    game, info = index.game, index.game.info
    sheet = info.cheatsheet
    if not content.blocks:
        return
    fit = tightest(content, index)
    which = f" ({index.ways[content.variant].name})" if content.variant else ""
    if fit.overflows:
        biggest = sorted(fit.blocks.items(), key=lambda kv: -kv[1])
        parts = ", ".join(f"{BLOCK_NAMES[name]} {lines:.0f}" for name, lines in biggest)
        yield warning(
            "cheatsheet-overflow",
            f"the cheat sheet of '{info.title}'{which} is likely to overflow one printed page: about "
            f"{fit.fill:.0%} of an A4/Letter page even in {fit.columns} column(s) at {fit.size_pt:g} pt, tightly "
            f"spaced (lines: {parts}; {fit.lines_per_column:.0f} per column); the PDF would leave items out",
            game.where(sheet, key=True),
            "choose less in the game's cheatsheet: block — include, terms or max_terms, constants, dice, "
            "catalog, icons, summaries: false — or more columns",
            game.id, "cheatsheet")
