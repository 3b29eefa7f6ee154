"""The conditions rules carry (``only_when:``) as the game declares them: the expression language's scope
for one game (its states, events, constants and the round), and each condition in words.

Pydantic-free, like every module a build reads: the renderers and the checker share it.
"""

from __future__ import annotations

from ..expr import ExprError, Scope, State, parse, words
from .index import GameIndex


def game_scope(index: GameIndex) -> Scope:
    """What a game's conditions may name: ``state.<id>`` (compared with one of its values), ``event.<id>``,
    ``const.<id>`` and ``round``. Cached on the index: every condition of the game reads it."""
    if index.condition_scope is None:
        info = index.game.info
        states = {s.id: State(s.name, tuple(s.values)) for s in (info.states if info else [])}
        events = {e.id: e.name for e in (info.events if info else [])}
        constants = {cid: c.value for cid, c in index.constants.items()}
        labels = {cid: c.label or cid.replace("-", " ") for cid, c in index.constants.items()}
        index.condition_scope = Scope(constants=constants, constant_labels=labels, states=states, events=events)
    return index.condition_scope


def condition_words(index: GameIndex, text: str) -> str:
    """``only_when`` as players read it ("the time of day is night"); the text as written if it cannot be
    read (the checker reports it at its character)."""
    try:
        return words(parse(text), game_scope(index))
    except ExprError:
        return text
