"""Kinds whose change means more than their fields: a constant's value (with every text where it shows),
a term renamed (and whether its old word still links to it), a card's quantity (with its deck)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .handlers import Subject
from .places import places
from .result import ADDED, MOVED, REMOVED, Detail

if TYPE_CHECKING:
    from .compare import Pair
    from .walk import Entry, Side


class ConstantSubject(Subject):
    def __init__(self):
        super().__init__("const", "Constant", id_from="key")

    def label(self, entry: Entry, side: Side) -> str:
        label = entry.obj.label
        return f"Constant `{entry.id}`" + (f" ({label})" if label else "")

    def summary(self, obj) -> str:
        return obj.unit_text(obj.shown)

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        if a.obj.value == b.obj.value and a.obj.variants == b.obj.variants:
            return []
        shows = places(pair.new, "const", b.id)
        return [Detail(("shows in",), note=f"the value shows in {len(shows)} place(s)" if shows else
                       "no rule text refers to it", places=shows)]


class TermSubject(Subject):
    def __init__(self):
        super().__init__("term", "Term")

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        old, new = a.obj.term, b.obj.term
        if old == new:
            return []
        kept = old in b.obj.aliases
        return [Detail(("renamed",), note=f"“{old}” is now “{new}”; " + (
            "the old word is kept as an alias, so it still links here" if kept else
            "the old word is no longer one of its words: texts writing it no longer link here"))]


class CardSubject(Subject):
    def __init__(self):
        super().__init__("card", "Card")

    def label(self, entry: Entry, side: Side) -> str:
        deck = side.subjects.get(entry.parent) if entry.parent else None
        name = side.index.plain(entry.obj.name)
        return f"Card “{name}”" + (f" (deck {deck.obj.name})" if deck is not None else "")

    def added(self, b: Entry, pair: Pair) -> list[Detail]:
        qty = b.obj.qty
        return [*super().added(b, pair), *([Detail(("qty",), ADDED, after=qty)] if qty is not None else [])]

    def removed(self, a: Entry, pair: Pair) -> list[Detail]:
        return [*super().removed(a, pair), *([Detail(("qty",), REMOVED, before=a.obj.qty)]
                                             if a.obj.qty is not None else [])]

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        return card_moved(a, b, pair)


def card_moved(a: Entry, b: Entry, pair: Pair) -> list[Detail]:
    if a.parent == b.parent:
        return []
    was, now = pair.old.subjects.get(a.parent), pair.new.subjects.get(b.parent)
    return [Detail(("deck",), MOVED, before=was.obj.name if was else None, after=now.obj.name if now else None)]


class CombinationSubject(Subject):
    """Variants played together: known by its id, else by the id the game gives it (dragons-and-sieges)."""

    def __init__(self):
        super().__init__("combination", "Combination")

    def subject_id(self, obj, name: str, position: int, game) -> str:
        return obj.id or "-and-".join(obj.variants)
