"""Finds glossary terms in plain text: whole words, longest match first.

Text is split into word tokens once; a term can only start at a token that is
the first word of some term, so the cost is about one dict lookup per word
whatever the glossary size (a regex alternation of 5 000 terms is far slower).
Case: insensitive, except terms written all in capitals (or marked
case_sensitive), which must match exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORD_RE = re.compile(r"\w+(?:['’]\w+)*")
_SPACE_RE = re.compile(r"\s+")


@dataclass(frozen=True)
class TermMatch:
    start: int
    end: int
    term_id: str
    word: str  # the glossary word (term, alias or plural) that matched


def _gap(text: str) -> str:
    # Whitespace of any kind is one space; other separators ('-', "'") must match exactly.
    return " " if _SPACE_RE.fullmatch(text) else text


def normalise(word: str) -> str:
    tokens = list(_WORD_RE.finditer(word))
    if not tokens:
        return ""
    parts = [tokens[0].group(0)]
    for prev, cur in zip(tokens, tokens[1:]):
        parts.append(_gap(word[prev.end():cur.start()]))
        parts.append(cur.group(0))
    return "".join(parts).casefold().replace("’", "'")


def is_case_sensitive(word: str, flag: bool | None) -> bool:
    if flag is not None:
        return flag
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


@dataclass(frozen=True)
class _Entry:
    term_id: str
    word: str
    case_sensitive: bool


class TermMatcher:
    def __init__(self, words: list[tuple[str, str, bool | None]]):
        """``words``: (word, term id, case_sensitive flag or None for the default rule)."""
        self.entries: dict[str, _Entry] = {}
        self.lengths: dict[str, set[int]] = {}  # first token -> word counts of terms starting with it
        for word, term_id, flag in words:
            key = normalise(word)
            if not key or key in self.entries:
                continue  # clashes are the checker's business
            self.entries[key] = _Entry(term_id, word, is_case_sensitive(word, flag))
            tokens = _WORD_RE.findall(key)
            self.lengths.setdefault(tokens[0], set()).add(len(tokens))
        self.sorted_lengths = {k: sorted(v, reverse=True) for k, v in self.lengths.items()}

    def __bool__(self) -> bool:
        return bool(self.entries)

    def find(self, text: str) -> list[TermMatch]:
        if not self.entries:
            return []
        tokens = list(_WORD_RE.finditer(text))
        matches: list[TermMatch] = []
        i = 0
        count = len(tokens)
        while i < count:
            first = tokens[i].group(0).casefold().replace("’", "'")
            lengths = self.sorted_lengths.get(first)
            matched = 0
            if lengths:
                for n in lengths:
                    if i + n > count:
                        continue
                    if n == 1:
                        key = first
                    else:
                        parts = [first]
                        for a, b in zip(tokens[i:i + n - 1], tokens[i + 1:i + n]):
                            parts.append(_gap(text[a.end():b.start()]))
                            parts.append(b.group(0).casefold())
                        key = "".join(parts).replace("’", "'")
                    entry = self.entries.get(key)
                    if entry is None:
                        continue
                    start, end = tokens[i].start(), tokens[i + n - 1].end()
                    if entry.case_sensitive and normalise_case(text[start:end]) != normalise_case(entry.word):
                        continue
                    matches.append(TermMatch(start, end, entry.term_id, entry.word))
                    matched = n
                    break
            i += matched or 1
        return matches


def normalise_case(text: str) -> str:
    return _SPACE_RE.sub(" ", text)
