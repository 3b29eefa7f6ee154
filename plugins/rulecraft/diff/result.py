"""What a diff finds, as plain data: a site page, the terminal, a pull-request comment and JSON all read it.

A ``DiffResult`` holds one ``GameDiff`` per game that differs; each lists ``Change``s, one per rule item
(a phase, a term, a constant, a dice table...) matched by id, each with its ``Detail``s: a field changed
(with a word diff for rule text), a part added or removed (a row, a step, a modifier), the odds of a dice
table's rows before and after, the places a value or a number shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

ADDED, REMOVED, CHANGED, MOVED, RENUMBERED = "added", "removed", "changed", "moved", "renumbered"


@dataclass(frozen=True)
class Word:
    """One run of a word diff: ``op`` is '=' (kept), '-' (removed) or '+' (added)."""

    op: str
    text: str


@dataclass(frozen=True)
class Odds:
    """The chance of one outcome (a row, a target, a column's result) before and after; None: not there."""

    label: str
    before: Fraction | None
    after: Fraction | None


@dataclass(frozen=True)
class Place:
    """A rule text where a value or a number shows: what holds it and in which field."""

    kind: str
    id: str
    label: str
    field: str


@dataclass
class Detail:
    """One difference inside a changed item. ``path`` names where, in words ("row 5-6", "result")."""

    path: tuple[str, ...]
    action: str = CHANGED
    before: Any = None
    after: Any = None
    words: list[Word] | None = None
    odds: list[Odds] | None = None
    places: list[Place] | None = None
    note: str | None = None

    @property
    def where(self) -> str:
        return " › ".join(self.path)


@dataclass
class Change:
    """One rule item added, removed or changed; ``kind`` is the reference kind (phase, term, const...)."""

    kind: str
    id: str
    label: str
    action: str
    details: list[Detail] = field(default_factory=list)


@dataclass
class GameDiff:
    game: str
    title: str
    action: str = CHANGED  # the whole game added or removed, else changed
    changes: list[Change] = field(default_factory=list)


@dataclass
class DiffResult:
    before: str  # how each version was named: a tag, a revision, a folder, "the working tree"
    after: str
    games: list[GameDiff] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.games)

    def to_dict(self) -> dict:
        return {"before": self.before, "after": self.after, "changed": self.changed,
                "games": [_game_dict(g) for g in self.games]}


def fraction_text(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _detail_dict(d: Detail) -> dict:
    out: dict[str, Any] = {"path": list(d.path), "action": d.action}
    if d.before is not None:
        out["before"] = _plain(d.before)
    if d.after is not None:
        out["after"] = _plain(d.after)
    if d.words is not None:
        out["words"] = [{"op": w.op, "text": w.text} for w in d.words]
    if d.odds is not None:
        out["odds"] = [{"label": o.label, "before": fraction_text(o.before), "after": fraction_text(o.after)}
                       for o in d.odds]
    if d.places is not None:
        out["places"] = [{"kind": p.kind, "id": p.id, "label": p.label, "field": p.field} for p in d.places]
    if d.note:
        out["note"] = d.note
    return out


def _game_dict(g: GameDiff) -> dict:
    return {"game": g.game, "title": g.title, "action": g.action,
            "changes": [{"kind": c.kind, "id": c.id, "label": c.label, "action": c.action,
                         "details": [_detail_dict(d) for d in c.details]} for c in g.changes]}
