"""Accepted warnings as the data declares them: what is about which object, and where it is written.

A designer accepts a warning by its code and the object it is about, either on the object itself
(``accept: {unused-term: "reason"}``) or in game.yaml (``check: accept: [{code, at: term:gem, reason}]``).
Objects are named ``kind:id`` (``subject_of``), the same key the checks put on their problems
(``Problem.subject``). Read by the checker (checks/accept.py matches them) and by the Status page (which
lists them), so it lives below both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..problems import Location
from .index import GameIndex, iter_models

# A model class's name -> the kind word of its subject; mostly the kinds of inline references ({term:x}).
SUBJECT_KINDS = {
    "Term": "term", "Icon": "icon", "Constant": "const", "Phase": "phase", "PhaseGroup": "group",
    "DiceTable": "dice", "CustomDie": "die", "Card": "card", "Deck": "deck", "Section": "section",
    "Component": "component", "CatalogItem": "item", "Resource": "resource", "Variant": "variant",
    "ChangelogEntry": "changelog", "OpenQuestion": "question", "ReferenceTable": "table", "Legend": "legend",
    "FaqEntry": "faq",
}
# The game's one object of a kind: its subject is the bare kind.
SINGLE_KINDS = {"CheatsheetConfig": "cheatsheet"}


def subject_of(obj) -> str:
    """``kind:id`` of a model object ('' for one that is no subject of a warning: a step, a dice row)."""
    name = type(obj).__name__
    if name in SINGLE_KINDS:
        return SINGLE_KINDS[name]
    kind = SUBJECT_KINDS.get(name)
    if kind is None:
        return ""
    if name == "Constant":  # its id is its key under constants:
        key = obj.source_path[-1] if obj.source_path else None
        return f"{kind}:{key}" if isinstance(key, str) else ""
    ident = getattr(obj, "version", None) if name == "ChangelogEntry" else getattr(obj, "id", None)
    return f"{kind}:{ident}" if ident else ""


@dataclass(frozen=True)
class DeclaredAccept:
    """One accept written in the data: ``code`` accepted on ``subject`` because of ``reason``."""

    code: str
    subject: str
    reason: str
    where: Location  # where the accept is written: stale and refused accepts are reported here
    owner: object | None = None  # the object it is written on (None: game.yaml's check: accept: list)


def declared_accepts(index: GameIndex) -> Iterator[DeclaredAccept]:
    """Every accept in the game's data: game.yaml's ``check: accept:`` list, then those on objects."""
    game = index.game
    if game.info is not None:
        for i, entry in enumerate(game.info.check.accept):
            yield DeclaredAccept(entry.code, entry.at, " ".join(entry.reason.split()),
                                 game.where(game.info.check, "accept", i), None)
    for obj in iter_models(game):
        accepted = getattr(obj, "accept", None)
        if not isinstance(accepted, dict) or not accepted:
            continue
        subject = subject_of(obj)
        for code, reason in accepted.items():
            yield DeclaredAccept(code, subject, " ".join(reason.split()), game.where(obj, "accept", code, key=True),
                                 obj)
