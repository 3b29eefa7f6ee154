"""Phases: matched by id wherever they sit, so a phase moved under another or among its siblings reads
as moved, and one whose number now reads otherwise (7b → 8b) as renumbered, with every reference to it
({phase:id}) whose shown number changes with it."""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from .handlers import Subject
from .places import places
from .result import CHANGED, MOVED, RENUMBERED, Detail

if TYPE_CHECKING:
    from .compare import Pair
    from .walk import Entry, Side


def number_of(side: Side, phase_id: str) -> str | None:
    node = side.index.phases.get(phase_id)
    return node.number if node is not None else None


def _siblings(side: Side, entry: Entry) -> list[str]:
    return [e.id for e in side.subjects.values()
            if e.kind == "phase" and e.parent == entry.parent and e.field == entry.field]


def _kept_in_order(pair: Pair, a: Entry, b: Entry) -> set[str]:
    """The sibling phases that kept their order (the longest run common to both versions); one that is
    not among them moved."""
    memo_key = ("phase-order", a.parent, b.parent, b.field)
    if memo_key not in pair.memo:
        old, new = _siblings(pair.old, a), _siblings(pair.new, b)
        common = set(old) & set(new)
        old, new = [p for p in old if p in common], [p for p in new if p in common]
        kept: set[str] = set()
        for block in SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks():
            kept.update(old[block.a:block.a + block.size])
        pair.memo[memo_key] = kept
    return pair.memo[memo_key]


def _parent_words(side: Side, entry: Entry) -> str:
    if entry.parent is None or entry.parent[0] != "phase":
        return "the turn"
    parent = side.subjects[entry.parent]
    what = "an alternative of" if entry.field == "alternatives" else "a sub-phase of"
    return f"{what} phase {number_of(side, parent.id) or ''} {parent.obj.name}".replace("  ", " ")


class PhaseSubject(Subject):
    def __init__(self):
        super().__init__("phase", "Phase")

    def label(self, entry: Entry, side: Side) -> str:
        number = number_of(side, entry.id)
        return f"Phase {number} {entry.obj.name}" if number else f"Phase {entry.obj.name}"

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        out: list[Detail] = []
        if a.parent != b.parent or a.field != b.field:
            out.append(Detail(("place",), MOVED, before=_parent_words(pair.old, a), after=_parent_words(pair.new, b)))
        elif a.id not in _kept_in_order(pair, a, b):
            out.append(Detail(("place",), MOVED, note="moved among its neighbours in the turn"))
        old_number, new_number = number_of(pair.old, a.id), number_of(pair.new, b.id)
        if old_number != new_number:
            refs = places(pair.new, "phase", b.id, shown_only=True)
            out.append(Detail(("number",), RENUMBERED, before=old_number, after=new_number, places=refs,
                              note=f"{len(refs)} reference(s) now read {new_number} instead of {old_number}"
                              if refs else None))
        return out

    def action(self, details: list[Detail]) -> str:
        actions = {d.action for d in details}
        if actions <= {RENUMBERED}:
            return RENUMBERED
        if actions <= {MOVED, RENUMBERED}:
            return MOVED
        return CHANGED
