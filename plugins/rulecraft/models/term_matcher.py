"""Finds glossary terms in plain text: whole words, longest match first.

Text is split into word tokens (``\\w+``); a term can only start at a token that is
the first word of some term, so the cost is about one dict lookup per word
whatever the glossary size (a regex alternation of 5 000 terms is far slower), and
a text none of whose words starts a term is rejected with one set operation.
From such a token the glossary words are followed in a trie, one step per token, so
the work per position is at most the length of the longest glossary word (a few
tokens; never more than a name's 300 characters allow): linear in the text, whatever
the aliases (``a``, ``a a``, ... ``a a ... a b`` cost the same per word as ``Company``).
ASCII text (most text) is split with ``bytes.translate``/``split`` instead of a regex, and
offsets are found (``bytes.find``) only for words that start a glossary word: the same
matches, about 40 % faster.

* Whole words: a match never starts or ends inside a word joined by a hyphen or an
  apostrophe ("Company-wide", "non-Company", "l'Office" do not match "Company" or
  "Office"), except a possessive "'s": "the Company's debt" links "Company".
* Between the words of a multi-word term any run of whitespace matches one space;
  other separators ('-', "'", '/') must be written as in the glossary ("face-up"), with or
  without spaces around them ("Lawful / Neutral" and "Lawful/Neutral" are one word).
  The glossary check compares words by the same key (``normalise``), so what it counts as one
  word is what the matcher finds.
* Case: insensitive, except words written all in capitals, aliases of one or two letters
  (``records.Term.linked_words``), and terms marked ``case_sensitive``, which must match exactly.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress
from typing import NamedTuple

_TOKEN_RE = re.compile(r"\w+")
_SPLIT_RE = re.compile(r"(\w+)")
_SPACE_RE = re.compile(r"\s+")
_JOINERS = frozenset("-‐‑'’")  # characters that glue two words into one
_APOSTROPHES = frozenset("'’")
# ASCII byte -> itself lower-cased for a letter, digit or '_' (\w in ASCII), else b" ": the words of
# ``text.encode().translate(_ASCII_WORDS)`` are the \w+ tokens of ``text.casefold()``, at the same offsets.
_ASCII_WORDS = bytes(ord(chr(c).lower()) if chr(c).isalnum() or c == 0x5F else 0x20 for c in range(128)) + b" " * 128


class TermMatch(NamedTuple):
    start: int
    end: int
    term_id: str
    word: str  # the glossary word (term, alias or plural) that matched


def _gap(text: str) -> str:
    # Whitespace of any kind is one space; other separators ('-', "'", '/') must be there, the spaces around
    # them are free: "Lawful / Neutral" is also "Lawful/Neutral" and, wrapped, "Lawful /\nNeutral".
    return " " if _SPACE_RE.fullmatch(text) else _SPACE_RE.sub("", text)


@lru_cache(maxsize=65536)  # the glossary check and the matcher normalise the same words
def normalise(word: str) -> str:
    """The key two wordings share when they mean the same glossary word ('' if no letters/digits)."""
    tokens = list(_TOKEN_RE.finditer(word))
    if not tokens:
        return ""
    parts = [tokens[0].group(0)]
    for prev, cur in zip(tokens, tokens[1:]):
        parts.append(_gap(word[prev.end():cur.start()]))
        parts.append(cur.group(0))
    return "".join(parts).casefold().replace("’", "'")


def normalise_case(text: str) -> str:
    return _SPACE_RE.sub(" ", text).replace("’", "'")


def is_case_sensitive(word: str, flag: bool | None) -> bool:
    if flag is not None:
        return flag
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


class _Node(dict):
    """A trie node: the symbols that may follow (dict keys), and, when the symbols so far spell a glossary
    word, that word's entry in its slots (``term_id`` None otherwise). One object a node: the matcher lives
    as long as the rule book, and a 5 000-term glossary has ~16 000 nodes, most of them a word's end only."""

    __slots__ = ("term_id", "word", "case_sensitive", "exact")

    def __init__(self) -> None:
        self.term_id = None  # the rest are set with it

    def set_entry(self, term_id: str, word: str, case_sensitive: bool) -> None:
        self.term_id, self.word, self.case_sensitive = term_id, word, case_sensitive
        self.exact = normalise_case(word) if case_sensitive else word  # compared when case_sensitive


class TermMatcher:
    def __init__(self, words: list[tuple[str, str, bool | None]]):
        """``words``: (word, term id, case_sensitive flag or None for the default rule)."""
        # trie over symbols: word, gap, word, ... (as normalise() writes them); the node a word ends at holds
        # its entry. The trie is all the matcher keeps (it lives as long as the rule book): the words' keys are not.
        self.trie: dict[str, _Node] = {}
        keys: set[str] = set()
        for word, term_id, flag in words:
            key = normalise(word)
            if not key or key in keys:
                continue  # clashes are the checker's business
            keys.add(key)
            node = self.trie
            for symbol in _SPLIT_RE.split(key)[1:-1]:  # [word, gap, word, ...]: the key has no outer gaps
                child = node.get(symbol)
                node = child if child is not None else node.setdefault(symbol, _Node())
            node.set_entry(term_id, word, is_case_sensitive(word, flag))
        self.firsts = self.trie  # first tokens: a text none of whose words is one has no match
        self.ascii_firsts = frozenset(w.encode("ascii") for w in self.trie if w.isascii())

    def __bool__(self) -> bool:
        return bool(self.trie)

    def find(self, text: str) -> list[TermMatch]:
        return self.locate(text)[0]

    def locate(self, text: str) -> tuple[list[TermMatch], list[int], int]:
        """``find``, and where the matches are among the text's words: (matches, index of each match's first
        word, number of words). Words are the ``\\w+`` tokens the matcher reads (of the case-folded text, or of
        the text itself when folding changes its length); the count is -1 when the matcher read none (an
        empty glossary). The term linker spreads its links by words, and so need not count them again."""
        if not self.trie:
            return [], [], -1
        if not text:
            return [], [], 0
        return self._locate_ascii(text) if text.isascii() else self._locate_any(text)

    def _locate_any(self, text: str) -> tuple[list[TermMatch], list[int], int]:
        folded = text.casefold()
        parts = _SPLIT_RE.split(folded)  # [gap, word, gap, word, ..., gap]: tokenised in C
        if self.firsts.keys().isdisjoint(parts):  # gaps are never keys: no need to pick the words out
            return [], [], len(parts) // 2  # the common case for most text nodes: nothing to do
        words = parts[1::2]
        sizes = parts  # the parts whose lengths are offsets in ``text``
        if len(folded) != len(text):  # rare letters whose case folding changes length (ß -> ss)
            sizes = _SPLIT_RE.split(text)
            parts = [p if k % 2 == 0 else p.casefold() for k, p in enumerate(sizes)]
            words = parts[1::2]
        starts: list[int] = []
        return self._scan(text, parts, words, sizes, starts), starts, len(words)

    def _scan(self, text: str, parts: list[str], words: list[str], sizes: list[str],
              starts: list[int]) -> list[TermMatch]:
        trie = self.trie
        count = len(parts)
        matches: list[TermMatch] = []
        free = 0  # first word not covered by a match yet
        done = offset = 0  # offset: where parts[done] starts in ``text`` (summed only up to where it is asked)
        # Only words that start some glossary word are looked at (indices found at C speed).
        for i in compress(range(len(words)), map(trie.__contains__, words)):
            if i < free:
                continue
            k = 2 * i + 1  # index of words[i] in parts
            if i and parts[k - 1] in _JOINERS:  # "non-Company": inside a hyphenated word
                continue
            offset += sum(map(len, sizes[done:k]))
            done = k
            found = None
            node = trie[words[i]]
            last = k
            while True:  # one step per token: the longest valid glossary word starting here wins
                if node.term_id is not None and self._valid(node, text, parts, last, offset, sizes, k):
                    found = (node, last)
                if last + 2 >= count:
                    break
                gap = parts[last + 1]
                node = node.get(gap if gap == " " else _gap(gap).replace("’", "'"))
                if node is None:
                    break
                node = node.get(parts[last + 2])
                if node is None:
                    break
                last += 2
            if found is None:
                continue
            entry, last = found
            matches.append(TermMatch(offset, offset + sum(map(len, sizes[k:last + 1])), entry.term_id, entry.word))
            starts.append(i)
            free = (last + 1) // 2
        return matches

    def _locate_ascii(self, text: str) -> tuple[list[TermMatch], list[int], int]:
        """``_locate_any`` for ASCII text (most text), about 40 % faster: its words come from
        ``bytes.split`` (no regex, no string per gap), and offsets are looked up only for the words that
        start a glossary word, with ``bytes.find``."""
        marks = text.encode("ascii").translate(_ASCII_WORDS)  # one byte a character: offsets are the text's
        words = marks.split()
        if self.ascii_firsts.isdisjoint(words):
            return [], [], len(words)
        trie, count, size = self.trie, len(words), len(marks)
        matches: list[TermMatch] = []
        starts: list[int] = []  # index of each match's first word
        free = 0  # first word not covered by a match yet
        pos = 0  # where the next word looked at is searched from: no whole word equal to it lies in between
        for i in compress(range(count), map(self.ascii_firsts.__contains__, words)):
            if i < free:
                continue
            word = words[i]
            start = marks.find(word, pos)
            while (start and marks[start - 1] != 0x20) or (start + len(word) < size
                                                            and marks[start + len(word)] != 0x20):
                start = marks.find(word, start + 1)  # inside a longer word
            end = pos = start + len(word)
            if i and text[start - 1] in _JOINERS and marks[start - 2] != 0x20:  # "non-Company"
                continue
            found = None
            node = trie[word.decode("ascii")]
            last = i
            while True:  # one step per word: the longest valid glossary word starting here wins
                if node.term_id is not None and not (  # not followed by "-word" or "'word", but for a possessive "'s"
                        last + 1 < count and text[end] in _JOINERS and marks[end + 1] != 0x20
                        and not (text[end] in _APOSTROPHES and words[last + 1] == b"s")) and (
                        not node.case_sensitive or normalise_case(text[start:end]) == node.exact):
                    found = (node, last, end)
                if last + 1 >= count:
                    break
                following = marks.find(words[last + 1], end)  # the next word: only gap bytes (b" ") before it
                gap = text[end:following]
                node = node.get(gap if gap == " " else _gap(gap))
                if node is None:
                    break
                node = node.get(words[last + 1].decode("ascii"))
                if node is None:
                    break
                last += 1
                end = following + len(words[last])
            if found is None:
                continue
            entry, last, end = found
            matches.append(TermMatch(start, end, entry.term_id, entry.word))
            starts.append(i)
            free, pos = last + 1, end
        return matches, starts, count

    @staticmethod
    def _valid(entry: _Node, text: str, parts: list[str], last: int, start: int, sizes: list[str], first: int) -> bool:
        """A glossary word from parts[first] (at ``start`` in ``text``) to parts[last]: not followed by "-word"
        or "'word" (part of a longer word) unless a possessive "'s"; exact case when the word is case-sensitive."""
        after = parts[last + 1]
        if after in _JOINERS and last + 2 < len(parts) and not (after in _APOSTROPHES and parts[last + 2] == "s"):
            return False
        return not entry.case_sensitive or normalise_case(
            text[start:start + sum(map(len, sizes[first:last + 1]))]) == entry.exact
