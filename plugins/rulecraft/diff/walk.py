"""One version of a game as the diff reads it: every rule item that is reported on its own (a subject: a
phase, a term, a constant, a dice table...), found by walking the models, keyed by (kind, id), with where
it sits (its parent subject, the field and position), and for every model object the subject holding it
(where a reference in its text is reported)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..book import Game
from ..models import records
from ..models.index import GameIndex, build_index
from . import registry

Key = tuple[str, str]  # (kind, id)


@dataclass
class Entry:
    kind: str
    id: str
    obj: Any
    parent: Key | None  # the subject holding it (a sub-phase's phase); None at the top of its file
    field: str  # the parent's field it is listed in
    position: int  # its place in that list (0 for a single value)

    @property
    def key(self) -> Key:
        return (self.kind, self.id)


@dataclass
class Side:
    """One version of one game."""

    game: Game
    index: GameIndex
    subjects: dict[Key, Entry] = field(default_factory=dict)
    owners: dict[int, Key] = field(default_factory=dict)  # id(model object) -> its subject
    # Texts outside any subject that a reader knows by their place: a set-up step ("Set-up, step 2"),
    # by id(model object); their owner is a key of STEP_LISTS' kinds.
    step_labels: dict[int, str] = field(default_factory=dict)
    # Where a part sits inside its subject, in words ("step 3 › step 1"), by id(model object).
    trails: dict[int, tuple[str, ...]] = field(default_factory=dict)
    objects: list[Any] = field(default_factory=list)  # every model object, in file order
    pages: dict[str, str] = field(default_factory=dict)  # its prose pages, by path under docs/ (pages.py)


def read_side(game: Game, pages: dict[str, str] | None = None) -> Side:
    side = Side(game, build_index(game), pages=dict(pages or {}))
    roots = [("game", game.info), ("phases", game.phases_file), ("dice", game.dice_file),
             ("terms", game.glossary_file), ("icons", game.icons_file), ("cards", game.cards_file),
             ("catalog", game.catalog_file), ("tables", game.tables_file), ("faq", game.faq_file)]
    for stem, root in roots:
        if root is not None:
            _visit(side, root, stem, None, stem, 0)
    for position, term in enumerate(game.shared_terms):
        _visit(side, term, term.id, None, "shared glossary", position)
    return side


# game.yaml's lists of steps: (kind, id) their changes are reported under, and how a step there reads.
STEP_LISTS = {"setup": ("setup", "Set-up"), "end_of_game": ("end-of-game", "End of the game"),
              "scoring": ("scoring", "Scoring")}


def _visit_steps(side: Side, step: records.Model, key: Key, label: str) -> None:
    side.owners[id(step)] = key
    side.step_labels[id(step)] = label
    side.objects.append(step)
    for i, sub in enumerate(step.steps):
        _visit_steps(side, sub, key, f"{label}.{i + 1}")


def _visit(side: Side, obj: records.Model, name: str, owner: Key | None, field_name: str, position: int,
           trail: tuple[str, ...] = ()) -> None:
    handler = registry.handler_for(obj)
    if handler.role == "part":
        trail = trail + (handler.part_label(obj, position),)
    if handler.role == "subject":
        kind, ident = handler.kind, handler.subject_id(obj, name, position, side.game)
        key = (kind, ident)
        n = 2
        while key in side.subjects:  # the checker reports a duplicate id; the diff keeps both apart
            key, n = (kind, f"{ident}#{n}"), n + 1
        side.subjects[key] = Entry(key[0], key[1], obj, owner, field_name, position)
        owner, trail = key, ()
    if owner is not None:
        side.owners[id(obj)] = owner
    side.trails[id(obj)] = trail
    side.objects.append(obj)
    for child_field, value in obj.__dict__.items():
        if isinstance(obj, records.Model) and owner is not None and owner[0] == "game" and child_field in STEP_LISTS:
            kind, word = STEP_LISTS[child_field]
            for i, step in enumerate(value):
                _visit_steps(side, step, (kind, kind), f"{word}, step {i + 1}")
            continue
        if isinstance(value, records.Model):
            _visit(side, value, child_field, owner, child_field, 0, trail)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, records.Model):
                    _visit(side, item, child_field, owner, child_field, i, trail)
        elif isinstance(value, dict):
            for i, (key_name, item) in enumerate(value.items()):
                if isinstance(item, records.Model):
                    _visit(side, item, str(key_name), owner, child_field, i, trail)
