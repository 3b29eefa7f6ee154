"""game.yaml itself: its own fields (title, version, summary...) are one change, and its set-up, end of
game and scoring — lists of steps a player reads as parts of the rules — each a change of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import compare
from .handlers import Subject
from .result import CHANGED, Change

if TYPE_CHECKING:
    from .compare import Pair
    from .walk import Entry, Side

from .walk import STEP_LISTS


class GameSubject(Subject):
    def __init__(self):
        super().__init__("game", "Game")

    def subject_id(self, obj, name: str, position: int, game) -> str:
        return game.id

    def label(self, entry: Entry, side: Side) -> str:
        return f"Game “{entry.obj.title}”"

    def diff(self, a: Entry | None, b: Entry | None, pair: Pair) -> list[Change]:
        if a is None or b is None:
            return []  # a game added or removed is said once, for the whole game (engine.py)
        out: list[Change] = []
        own = compare.compare_models(a.obj, b.obj, (), pair, self, skip=frozenset(STEP_LISTS))
        if own:
            out.append(Change(self.kind, b.id, self.label(b, pair.new), CHANGED, own))
        for field_name, (kind, word) in STEP_LISTS.items():
            steps = compare.compare_models(a.obj, b.obj, (), pair, self, only=frozenset({field_name}))
            if steps:
                out.append(Change(kind, kind, word, CHANGED,
                                  [d.__class__(d.path[1:], d.action, d.before, d.after, d.words, d.odds, d.places,
                                               d.note) for d in steps]))
        return out


class ReferenceTableSubject(Subject):
    """A reference table: its rows matched by their key column ('Forest'), cells compared one by one."""

    def __init__(self):
        super().__init__("table", "Reference table")

    def row_key(self, obj, field_name: str):
        if field_name != "rows":
            return None
        return lambda row: obj.row_key(row) or None
