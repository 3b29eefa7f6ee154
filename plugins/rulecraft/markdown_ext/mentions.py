"""The build's glossary mentions, (game, term id, page, section anchor) each, kept compactly.

A 2 000-page rulebook records tens of thousands of mentions for the glossary's "Used in" lists, all kept
until the build ends. As a list of 4-tuples that is ~95 bytes a mention; here a mention is two list
slots (its term and section, strings shared with the rule book and the page) and each run of mentions
of one game on one page shares one (game, page) record and its start: ~16 bytes a mention. It reads as
the list of tuples it replaces: same order, same items (made again when read), same length.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence

Mention = tuple[str, str, str, str]  # (game, term id, page, section anchor)


class Mentions(Sequence):
    __slots__ = ("terms", "sections", "runs", "starts")

    def __init__(self, mentions: Iterable[Mention] = ()) -> None:
        self.terms: list[str] = []
        self.sections: list[str] = []
        self.runs: list[tuple[str, str]] = []  # (game, page) of each run of mentions
        self.starts: list[int] = []  # index of each run's first mention
        self.extend(mentions)

    def append(self, mention: Mention) -> None:
        game, term, page, section = mention
        if not self.runs or self.runs[-1] != (game, page):
            self.runs.append((game, page))
            self.starts.append(len(self.terms))
        self.terms.append(term)
        self.sections.append(section)

    def extend(self, mentions: Iterable[Mention]) -> None:
        for mention in mentions:
            self.append(mention)

    def clear(self) -> None:
        self.terms, self.sections, self.runs, self.starts = [], [], [], []

    def __len__(self) -> int:
        return len(self.terms)

    def _runs(self) -> Iterator[tuple[str, str, int, int]]:
        """(game, page, first, end) of each run of mentions."""
        ends = [*self.starts[1:], len(self.terms)]
        for (game, page), start, end in zip(self.runs, self.starts, ends):
            yield game, page, start, end

    def __iter__(self) -> Iterator[Mention]:
        for game, page, start, end in self._runs():
            for term, section in zip(self.terms[start:end], self.sections[start:end]):
                yield game, term, page, section

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("mention index out of range")
        game, page = self.runs[bisect_right(self.starts, index) - 1]
        return game, self.terms[index], page, self.sections[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Mentions, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # mutable, equal by value (as the list it replaces)

    def __repr__(self) -> str:
        return f"Mentions({list(self)!r})"

    def by_term(self, game: str | None, exclude_page: str) -> dict[str, list[str]]:
        """term id -> [page, section, page, section, ...] of its mentions in ``game`` (in order), pages other
        than ``exclude_page`` only: what one glossary's "Used in" lists read, without a tuple per mention."""
        found: dict[str, list[str]] = {}
        for run_game, page, start, end in self._runs():
            if run_game != game or page == exclude_page:
                continue
            for term, section in zip(self.terms[start:end], self.sections[start:end]):
                places = found.get(term)
                if places is None:
                    places = found[term] = []
                places += (page, section)
        return found
