"""What is still missing. Recorded gaps (TODOs, placeholder text, open questions) are gaps: listed and
counted, not failures (checks/strictness.py); a phase without rules and without a todo saying so is a
warning, since nothing records why it is empty."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.accepts import subject_of
from ..models.completeness import GameSummary, prose_todos, summarise, todo_items
from ..models.index import GameIndex
from ..problems import Problem, gap, warning

__all__ = ["GameSummary", "check", "summarise"]


def check(index: GameIndex, prose_files: dict[str, str]) -> Iterator[Problem]:
    game = index.game
    for obj, what, location in todo_items(index):
        name = getattr(obj, "name", None) or getattr(obj, "term", None) or getattr(obj, "title", None) or \
            getattr(obj, "id", None) or type(obj).__name__
        yield gap("todo", f"incomplete: {name}: {what}", location, "", game.id, subject_of(obj))
    for file, text in prose_files.items():
        for what, location in prose_todos(file, text):
            yield gap("todo", f"incomplete prose: {what}", location, "", game.id)
    if game.info:
        for question in game.info.open_questions:
            yield gap("open-question", f"open question '{question.id}': {question.question.strip()}",
                      game.where(question, "id"), "", game.id, subject_of(question))
    for node in index.numbered:
        phase = node.phase
        if not phase.has_rules and not phase.todo:
            yield warning("phase-without-rules", f"phase {node.number} '{phase.name}' has no rules yet",
                          game.where(phase, "id"), "add rules/steps, or a todo saying what is missing", game.id,
                          subject_of(phase))
