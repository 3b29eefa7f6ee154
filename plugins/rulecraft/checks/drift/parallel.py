"""Parallel sections: sibling headings of one pattern that differ by a number or a letter ("Mission 1",
"Mission 2"; "Scenario A: The Ford", "Scenario B: The Bridge"; "1. Label", "2. Walkie-Talkies").

Each is one of a list of like things (a mission's set-up, a card), so a count written in several of them is
each one's own figure, not one figure typed again: "2 red wires" in the set-ups of 13 missions needs no
constant. Bare numbers ("1. Setup", "2. Play") are often a book's chapters, whose figures are the game's: they
are parallel only below its chapters, in a named section ("Missions" > "1. Training").

Read by the repeated-number check (:mod:`.constants`) on docs pages, and by the importer when it makes
constants of repeated thresholds, so the two agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

# An optional lead of words ("Mission", "Scenario"), the number (or letter, or Roman numeral) that tells the
# siblings apart, and what follows it: nothing, or a separator before a name. A word with a full stop stands
# for a number too ("Yellow. False Bottom" among "1. Label", "2. Walkie-Talkies": a card of no number).
_NUMBERED_RE = re.compile(r"(?P<lead>(?:[^\W\d_]+ ){0,2}?)(?:(?P<tag>\d{1,3}|[A-Z]|[IVX]{1,5})(?P<sep>[.:)]?)"
                          r"|[A-Z][a-z]+(?P<stop>\.))(?:\s|$)")
# Parts of one procedure or of the book, not like things: a figure in "Step 1" and "Step 3" is one rule's.
_PARTS = frozenset({"step", "phase", "stage", "part", "chapter", "section"})
# A section naming a procedure: its subsections numbered "1. Draw", "2. Play" are its steps, whose figures are
# one procedure's (as a book's numbered chapters' are the game's); "2 Players", "3 Players" under "Set-up" are
# still a set-up per player count, and "1. Two players", "2. Solo" under "Playing with fewer" are variants.
_PROCEDURE_RE = re.compile(r"\b(?:turns?|sequence|phases?|steps?|set-?up|setting up|order of play|procedure|"
                           r"how to play|game ?play|playing (?:a|the|your) (?:round|turn|game))\b", re.I)
_ATX_RE = re.compile(r"^(#{1,6})[ \t]+(\S.*?)[ \t#]*$", re.M)


def pattern(title: str) -> tuple[str, str] | None:
    """The pattern of a numbered heading, the same for all its siblings: its lead in lower case ("mission "
    for "Mission 1" and "Mission 2: The Ford"), or the separator after a bare number ("1. Label")."""
    match = _NUMBERED_RE.match(title.strip())
    if match is None:
        return None
    lead, sep = match.group("lead").lower(), match.group("sep") or match.group("stop") or ""
    if lead.split(" ", 1)[0] in _PARTS or not (lead or sep or match.group("tag").isdigit()):
        return None  # a letter alone opens a name: "A Sense of Priorities", "X or Y ray"
    return (lead, "") if lead else ("", sep)


def _members(titles: Sequence[str], chapters: bool, steps: bool = False) -> list[int]:
    """The indices of the sibling headings ``titles`` that stand in a run of two or more of one pattern
    (``chapters``: they are the book's chapters, where only a run with a lead word counts; ``steps``: they are a
    procedure's, where a number with a full stop after it is a step's)."""
    runs: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, title in enumerate(titles):
        shape = pattern(title)
        if shape is not None and (shape[0] or not chapters) and not (steps and shape[1]):
            runs[shape].append(i)
    return [i for run in runs.values() if len(run) >= 2 for i in run]


def parallel_sections(top: Sequence[T], kids: Callable[[T], Sequence[T]], title: Callable[[T], str]) -> list[T]:
    """The sections of an outline (its ``top`` sections, each one's subsections ``kids``) that stand in a run of
    parallel siblings. The chapters are the top sections, or those of the book's title when it is alone."""
    chapters = kids(top[0]) if len(top) == 1 and kids(top[0]) else top
    found: list[T] = []

    def walk(siblings: Sequence[T], steps: bool = False) -> None:
        found.extend(siblings[i] for i in _members([title(s) for s in siblings], siblings is chapters, steps))
        for section in siblings:
            walk(kids(section), bool(_PROCEDURE_RE.search(title(section))))

    walk(top)
    return found


class PageSections:
    """The parallel sections of one page (Markdown ``#`` headings; code already blanked): which one holds
    an offset, found by bisection."""

    def __init__(self, text: str) -> None:
        headings = [(m.start(), len(m.group(1)), m.group(2)) for m in _ATX_RE.finditer(text)]
        # Each heading's subsections (-1: the page's top ones) and the end of its section.
        children: dict[int, list[int]] = defaultdict(list)
        ends, open_ = [len(text)] * len(headings), []
        for i, (start, level, _) in enumerate(headings):
            while open_ and headings[open_[-1]][1] >= level:
                ends[open_.pop()] = start
            children[open_[-1] if open_ else -1].append(i)
            open_.append(i)
        found = parallel_sections(children[-1], lambda i: children.get(i, []), lambda i: headings[i][2])
        # Sorted by start, a section nested in another comes after it: the innermost is the last to hold.
        self._spans = sorted((headings[i][0], ends[i]) for i in found)
        self._starts = [start for start, _ in self._spans]

    def section_at(self, offset: int) -> int | None:
        """The start of the innermost parallel section holding ``offset``, None outside all of them."""
        i = bisect_right(self._starts, offset) - 1
        while i >= 0:
            start, end = self._spans[i]
            if offset < end:
                return start
            i -= 1
        return None
