"""What is still missing from a game: TODOs, placeholder text, open questions, phases without rules.

Read by the checker (as warnings) and by the Status page (as lists), so it lives below both."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..problems import Location
from .index import NON_PROSE_FIELDS, GameIndex, iter_models, iter_strings
from .textrefs import PLACEHOLDER_RE, find_placeholders

if TYPE_CHECKING:
    from . import OpenQuestion


@dataclass
class GameSummary:
    game: str
    title: str
    phases_with_rules: int
    phases: int
    todos: int
    open_questions: int
    terms: int
    dice_tables: int
    cards: int
    icons: int
    accepted: int = 0  # warnings accepted with a reason (set by the checker: checks/accept.py)

    def line(self) -> str:
        return (f"{self.game}: phases with rules {self.phases_with_rules}/{self.phases}, TODOs {self.todos}, "
                f"open questions {self.open_questions}, terms {self.terms}, dice tables {self.dice_tables}, "
                f"cards {self.cards}, icons {self.icons}, accepted warnings {self.accepted}")


def todo_items(index: GameIndex) -> Iterator[tuple[object, str, Location]]:
    """(owner, what is missing, where) for every todo field and placeholder in the data (cached)."""
    game = index.game
    if game.cache.todo_items is None:
        game.cache.todo_items = list(_find_todo_items(game))
    return iter(game.cache.todo_items)


def _find_todo_items(game) -> Iterator[tuple[object, str, Location]]:
    for obj in iter_models(game):
        todo = getattr(obj, "todo", None)
        if todo:
            yield obj, todo, game.where(obj, "todo", key=True)
        for subpath, name, text in iter_strings(obj):
            if name in NON_PROSE_FIELDS:
                continue  # ids and notation ('todo-list') are not unfinished text
            for match in find_placeholders(text):
                location = game.where_in_text(obj, subpath, match.start(), match.group(0))
                yield obj, text.strip().splitlines()[0][:120], location
                break


def designer_notes(index: GameIndex) -> Iterator[tuple[object, str, Location]]:
    """(owner, note, where) for every ``designer_note`` in the data: remarks players do not see (cached)."""
    game = index.game
    if game.cache.designer_notes is None:
        game.cache.designer_notes = list(_find_designer_notes(game))
    return iter(game.cache.designer_notes)


def _find_designer_notes(game) -> Iterator[tuple[object, str, Location]]:
    for obj in iter_models(game):
        note = getattr(obj, "designer_note", None)
        if note and note.strip():
            yield obj, note.strip(), game.where(obj, "designer_note", key=True)


# `/// designer-note | todo` (any case): one TODO, whatever its text says (a TODO in it is not a second one).
_TODO_NOTE = re.compile(r"^[ ]{0,3}(/{3,})[ ]*designer-note[ ]*\|[ ]*todo[ ]*$", re.IGNORECASE)


_NOTE_WORD = re.compile(r"designer-note", re.IGNORECASE)
# What a placeholder or a todo note holds, lower case: in ASCII text, ignoring case is lowering it.
_MARKS = ("todo", "tbd", "fixme", "???", "lorem ipsum", "designer-note")


def prose_todos(file: str, text: str) -> Iterator[tuple[str, Location]]:
    # Most pages hold neither a placeholder nor a todo note: one look at the page instead of two regexes per
    # line (the 200-page book's pages, each read by check and summary: 80 -> 5 ms).
    if text.isascii():
        lower = text.lower()
        if not any(mark in lower for mark in _MARKS):
            return
    elif PLACEHOLDER_RE.search(text) is None and _NOTE_WORD.search(text) is None:
        return
    lines = text.splitlines()
    lineno = 0
    while lineno < len(lines):
        line = lines[lineno]
        lineno += 1
        note = _TODO_NOTE.match(line)
        if note:
            opened, fence, body = lineno, note.group(1), []
            while lineno < len(lines) and lines[lineno].strip() != fence:  # to the closing fence (or the end)
                body.append(lines[lineno].strip())
                lineno += 1
            lineno += 1
            said = next((b for b in body if b), "")
            yield ("designer note: " + said if said else line.strip())[:120], Location(file, opened, note.start(1) + 1)
            continue
        match = next(iter(find_placeholders(line)), None)
        if match:
            yield line.strip()[:120], Location(file, lineno, match.start() + 1)


def summarise(index: GameIndex, prose_files: dict[str, str]) -> GameSummary:
    game = index.game
    todos = sum(1 for _ in todo_items(index)) + sum(1 for f, t in prose_files.items() for _ in prose_todos(f, t))
    questions: list[OpenQuestion] = game.info.open_questions if game.info else []
    return GameSummary(
        game=game.id, title=game.title,
        phases_with_rules=sum(1 for n in index.numbered if n.phase.has_rules and not n.phase.todo),
        phases=len(index.numbered), todos=todos, open_questions=len(questions), terms=len(game.terms),
        dice_tables=len(game.tables), cards=sum(c.qty or 0 for d in game.decks for c in d.cards), icons=len(game.icons))
