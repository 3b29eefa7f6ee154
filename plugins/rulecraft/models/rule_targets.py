"""The rules an FAQ entry names (``kind:id``), found in a game, and the fingerprint of their text.

A fingerprint is a short hash of what a player reads of a rule: its fields as words and numbers, spaces
and layout of the file ignored, designer notes and bookkeeping (``todo``, ``accept``, ``changed_in``) left
out, and rules that have their own id inside it (a sub-phase) left to their own fingerprint. Recorded with
an entry, it tells the checker whether the rule was reworded since the answer was written; no history of
the files is needed."""

from __future__ import annotations

import datetime
import hashlib
import unicodedata
from dataclasses import dataclass

from . import records
from .index import GameIndex

# kind -> what the words of a message call it
RULE_KINDS = {"phase": "phase", "step": "step", "dice": "dice table", "term": "term", "card": "card",
              "deck": "deck", "const": "constant", "section": "section", "item": "catalog item",
              "table": "reference table", "formula": "formula", "icon": "icon"}

# Fields that are no part of what players read: notes to the designer, checker settings, the badge of a
# change (its text changes with the rule anyway), where a rule was read in the source.
_NOT_RULE_TEXT = frozenset({"designer_note", "todo", "accept", "changed_in", "source", "cheatsheet"})


@dataclass(frozen=True)
class RuleTarget:
    """A rule an entry answers: the object, and the top-level rule a page shows it with (a step's phase or
    section, a dice row's table): ``shown_kind:shown_id``."""

    kind: str
    target: str
    obj: records.Model
    shown_kind: str
    shown_id: str


def _steps_of(index: GameIndex) -> dict[str, tuple[records.Model, str, str]]:
    """Every step with an id: (step, kind and id of the rule holding it)."""
    found: dict[str, tuple[records.Model, str, str]] = {}

    def walk(steps, kind: str, owner: str) -> None:
        for step in steps:
            if step.id:
                found.setdefault(step.id, (step, kind, owner))
            walk(step.steps, kind, owner)

    for node in index.numbered:
        walk(node.phase.steps, "phase", node.id)
    info = index.game.info
    for section in info.sections if info else []:
        walk(section.steps, "section", section.id)
    for part in ("setup", "end_of_game", "scoring"):
        walk(getattr(info, part) if info else [], "overview", part)
    return found


def _top(index: GameIndex, kind: str, target: str):
    if kind == "phase":
        node = index.phases.get(target)
        return node.phase if node else None
    if kind == "card":
        pair = index.cards.get(target)
        return pair[1] if pair else None
    mapping = {"dice": index.tables, "term": index.terms, "deck": index.decks, "const": index.constants,
               "section": index.sections, "item": index.items, "table": index.reference_tables,
               "formula": index.formulas, "icon": index.icons}[kind]
    return mapping.get(target)


def resolve(index: GameIndex, ref: str) -> RuleTarget | None:
    """The rule ``ref`` names ('phase:combat', 'step:advance', 'dice:crt/six'), or None when there is none
    (an unknown kind included: the checker says which)."""
    kind, _, rest = ref.partition(":")
    target, _, part = rest.partition("/")
    if kind not in RULE_KINDS or (part and kind != "dice"):
        return None
    if kind == "step":
        found = _steps_of(index).get(target)
        return RuleTarget(kind, target, found[0], found[1], found[2]) if found else None
    obj = _top(index, kind, target)
    if obj is None:
        return None
    if part:
        row = next((r for r in obj.rows if getattr(r, "id", None) == part), None)
        return RuleTarget(kind, f"{target}/{part}", row, kind, target) if row is not None else None
    return RuleTarget(kind, target, obj, kind, target)


def candidates(index: GameIndex, kind: str) -> list[str]:
    """The ids a ``kind:`` could name (for a did-you-mean)."""
    if kind == "step":
        return list(_steps_of(index))
    if kind == "phase":
        return list(index.phases)
    if kind == "card":
        return list(index.cards)
    return list({"dice": index.tables, "term": index.terms, "deck": index.decks, "const": index.constants,
                 "section": index.sections, "item": index.items, "table": index.reference_tables,
                 "formula": index.formulas, "icon": index.icons}.get(kind, {}))


# --- the fingerprint ---------------------------------------------------------------------------------------


def _words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _lines(value, path: str, out: list[str]) -> None:
    """``path=value`` for every scalar a rule holds, in field order."""
    if isinstance(value, records.Model):
        for name, field in value.__dict__.items():
            if name in _NOT_RULE_TEXT or (path and isinstance(field, list) and name in ("subphases",
                                                                                       "alternatives")):
                continue
            _lines(field, f"{path}.{name}" if path else name, out)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _lines(item, f"{path}[{i}]", out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _lines(item, f"{path}[{key}]", out)
    elif value is None or value is False or value == "" or value == [] or value == {}:
        return  # a field left out reads the same as one at its default of nothing
    elif isinstance(value, str):
        out.append(f"{path}={_words(value)}")
    elif isinstance(value, (datetime.date, bool, int, float)):
        out.append(f"{path}={value}")
    else:
        out.append(f"{path}={value!s}")


def rule_text(obj) -> str:
    """The normalised text a fingerprint hashes: one ``field=value`` line per thing a player reads."""
    out: list[str] = []
    if isinstance(obj, records.Model):
        for name, field in obj.__dict__.items():
            if name in _NOT_RULE_TEXT or name in ("subphases", "alternatives"):
                continue  # a sub-phase is a rule of its own
            _lines(field, name, out)
    else:
        _lines(obj, "value", out)
    return "\n".join(out)


def fingerprint(objs) -> str:
    """Eight hex digits of the SHA-256 of the rules' normalised text, in the order named."""
    text = "\n\x1e\n".join(rule_text(obj) for obj in objs)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def entry_targets(index: GameIndex, entry) -> list[RuleTarget | None]:
    return [resolve(index, ref) for ref in entry.about]


def entry_fingerprint(index: GameIndex, entry) -> str | None:
    """The fingerprint of the rules ``entry`` answers as they read now; None when one of them is gone."""
    targets = entry_targets(index, entry)
    if any(t is None for t in targets):
        return None
    return fingerprint(t.obj for t in targets)


def entries_at(index: GameIndex, kind: str, target: str) -> list:
    """The FAQ entries shown at a rule: those naming it, and at a dice table those naming one of its rows
    (a row is a line of the table's grid; a step has a list item of its own, where its entries show)."""
    shown = []
    for entry in index.game.faq_entries:
        for ref in entry.about:
            found = resolve(index, ref)
            if found is not None and ((found.kind == kind and found.target == target)
                                      or (kind == "dice" and found.shown_kind == kind and found.shown_id == target)):
                shown.append(entry)
                break
    return shown


__all__ = ["RULE_KINDS", "RuleTarget", "candidates", "entries_at", "entry_fingerprint", "fingerprint", "resolve",
           "rule_text"]
