"""What a finding in prose is about, and how far "nearby" reaches: the paragraph of a page, the object of the data.

A text field of the data belongs to the nearest object a warning can be about (a step belongs to its phase, a
dice row to its table): that object is the finding's ``subject`` (so it can be accepted) and its texts are one
scope (a phase's summary is explained by its rules). A docs page is cut into paragraphs at blank lines.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from ...models.accepts import subject_of
from ...models.index import GameIndex, iter_models
from ...models.textrefs import REF_RE
from .texts import Text

_BLANK_LINE_RE = re.compile(r"\n[ \t]*\n")


class Owners:
    """The subject-bearing ancestor of each model of one game, found by its place in its file (built once)."""

    def __init__(self, index: GameIndex) -> None:
        self._by_place: dict[tuple[str, tuple], object] = {}
        for obj in iter_models(index.game):
            if subject_of(obj):
                self._by_place.setdefault((obj.source_file, tuple(obj.source_path)), obj)

    def scope_of(self, owner) -> object:
        """The nearest object with a subject holding ``owner`` (itself when it has one; else ``owner``)."""
        if subject_of(owner):
            return owner
        path = tuple(owner.source_path)
        for cut in range(len(path) - 1, -1, -1):
            found = self._by_place.get((owner.source_file, path[:cut]))
            if found is not None:
                return found
        return owner

    def subject(self, text: Text) -> str:
        return subject_of(self.scope_of(text.owner)) if text.owner is not None else ""


def paragraph_starts(text: str) -> list[int]:
    """The offsets at which the paragraphs of ``text`` start (0 first)."""
    return [0, *(m.end() for m in _BLANK_LINE_RE.finditer(text))]


def paragraph_span(starts: list[int], text: str, offset: int) -> tuple[int, int]:
    """(start, end) of the paragraph of ``text`` holding ``offset`` (``starts`` from paragraph_starts)."""
    i = bisect_right(starts, offset) - 1
    return starts[i], starts[i + 1] if i + 1 < len(starts) else len(text)


@lru_cache(maxsize=4096)  # three detectors blank the same texts (dice, phase references, undefined terms)
def refs_blanked(text: str) -> str:
    """References blanked, offsets kept: an id or a reference's shown words are no words typed by hand."""
    if "{" not in text:
        return text
    return REF_RE.sub(lambda m: " " * len(m.group()), text)
