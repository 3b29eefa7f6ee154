"""Duplicate ids: two things of one kind with the same id in a game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..models import RuleModel
from ..models.index import GameIndex
from ..models.links import OVERVIEW_ANCHORS
from ..models.numbering import TURN_START_ANCHOR
from ..problems import Problem, error


def _groups(index: GameIndex) -> Iterator[tuple[str, Iterable[RuleModel]]]:
    game = index.game
    yield "phase", [node.phase for node in index.numbered]
    yield "stage", game.phase_groups
    yield "dice table", game.tables
    yield "custom die", game.custom_dice
    yield "term", game.terms
    yield "icon", game.icons
    yield "deck", game.decks
    yield "card", [card for deck in game.decks for card in deck.cards]
    if game.info:
        yield "component", game.info.components
        yield "open question", game.info.open_questions
        yield "section", game.info.sections
        yield "variant", game.info.variants
    for die in game.custom_dice:
        yield f"face of die '{die.id}'", die.faces
    for table in game.tables:
        yield f"modifier of table '{table.id}'", table.modifiers


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for section in game.info.sections if game.info else []:
        if section.id in OVERVIEW_ANCHORS:
            yield error("reserved-id", f"section id '{section.id}' is taken by the overview page's own heading",
                        game.where(section, "id"), f"rename it, e.g. '{section.id}-rules'", game.id)
    if game.turn_start is not None:
        for node in index.numbered:
            if node.id == TURN_START_ANCHOR:
                yield error("reserved-id", f"phase id '{node.id}' is taken by the turn page's start of turn "
                            "(start_of_turn)", game.where(node.phase, "id"), f"rename it, e.g. '{node.id}-phase'",
                            game.id)
    for kind, items in _groups(index):
        first: dict[str, RuleModel] = {}
        for item in items:
            if item.id in first:
                earlier = game.where(first[item.id], "id")
                yield error("duplicate-id", f"duplicate {kind} id '{item.id}' (first used at {earlier})",
                            game.where(item, "id"), "give each one its own id", game.id)
            else:
                first[item.id] = item
