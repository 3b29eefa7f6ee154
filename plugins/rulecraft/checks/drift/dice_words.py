"""Dice written in words or notation: "2d6", "2D6", "D6", "d66", "two six-sided dice", "roll a die".

A recogniser with no game behind it (the importer reads source text with it too): ``find_dice(text)`` gives
each mention with how many dice and of how many sides, where the text says so. Generic words ("the dice go
back in the bag", "each die") are no mention: a mention states a count or a notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "twenty": 20, "hundred": 100}
# Sides a die is made with; "D7" or "d1" is more likely a label (a region, a row) than a die, and "D2" a
# result code (defender loses 2) more often than a coin.
COMMON_SIDES = frozenset({3, 4, 6, 8, 10, 12, 16, 20, 30, 66, 100})

_COUNT_WORDS = ("a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve")
_COUNT = rf"(?:\d{{1,2}}|{'|'.join(_COUNT_WORDS)})"
# 2d6, 2D6, D6, d66, 3d6+1 (the modifier is left to the prose around it)
_NOTATION_RE = re.compile(r"(?<![\w{:/.-])(\d{1,2})?[dD](\d{1,3})(?![\w-]|\.\d)")
_D_DIGIT_RE = re.compile(r"[dD]\d")  # a quick look first: most texts hold no notation at all
# The word a worded mention ends on; what comes before it is read backwards from there (a scan for the
# rare word is much faster than trying the counts at every word of the text).
# It opens with a character set, so the engine skips to each "d" in C; "\b" before it becomes a look-behind
# (200 pages: 25 -> 20 ms). No IGNORECASE for the whole pattern: the engine does not skip to a set of
# cased letters under it (only the parts that need it are case-blind: 200 pages, 6.7 -> 3.4 ms).
_DIE_WORD_RE = re.compile(r"[dD](?<!\w.)(?i:i(?:ce|e))\b(?!(?i:[- ]?(?:table|roll\w*\s+table)))")
# two six-sided dice, a 20-sided die, one ten-sided die (before the die word)
_SIDED_RE = re.compile(rf"\b({_COUNT})[ -]((?:\d{{1,3}})|[a-z]+)[ -]sided\s+$", re.IGNORECASE)
# roll a die, one die per employee, two dice, a single die, three extra dice (no "the": a count is stated)
_EXTRA_WORDS = ("single", "extra", "more", "additional", "white", "black", "red", "blue", "green", "normal", "regular",
                "standard")
_COUNTED_RE = re.compile(rf"\b({_COUNT})\s+(?:(?:{'|'.join(_EXTRA_WORDS)})\s+)?$", re.IGNORECASE)
_BEFORE = 40  # characters read back from the die word
# What the two searches back from a die word need at the end of their window: "sided", or a count or one of
# the adjectives, before the spaces. Looked at first, with the window folded as the searches' IGNORECASE
# folds it ("ſ" is an "s", the Kelvin sign a "k", both dotted and dotless i an "i"): a search back tries every
# position of the window, and most die words follow a word that is neither (200 pages: 2 000 die words,
# 21 -> 4 ms).
_FOLDS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_COUNTED_ENDS = _COUNT_WORDS + _EXTRA_WORDS  # and a digit


@dataclass(frozen=True)
class DiceMention:
    start: int
    end: int
    count: int | None  # None: not stated ("D6" alone reads as one die)
    sides: int | None  # None: not stated ("a die"); 66 for d66
    text: str

    @property
    def notation(self) -> str:
        """As a dice table's ``dice:`` writes it: 2d6, 1d6, d66; '' when the sides are not stated."""
        if self.sides is None:
            return ""
        if self.sides == 66:
            return "d66"
        return f"{self.count or 1}d{self.sides}"


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


def find_dice(text: str) -> list[DiceMention]:
    """Every dice mention of ``text`` in order, none inside another."""
    found: list[DiceMention] = []
    notations = _NOTATION_RE.finditer(text) if _D_DIGIT_RE.search(text) else ()
    for m in notations:
        sides = int(m.group(2))
        if sides in COMMON_SIDES:
            found.append(DiceMention(m.start(), m.end(), int(m.group(1)) if m.group(1) else None, sides, m.group()))
    lower = text.lower()
    words = _DIE_WORD_RE.finditer(text) if "die" in lower or "dice" in lower else ()
    for m in words:
        window = max(0, m.start() - _BEFORE)
        tail = text[window:m.start()].rstrip()
        folded = tail.translate(_FOLDS).lower()
        sided = _SIDED_RE.search(text, window, m.start()) if folded.endswith("sided") else None
        if sided is not None:
            found.append(DiceMention(sided.start(), m.end(), _number(sided.group(1)), _number(sided.group(2)),
                                     text[sided.start():m.end()]))
            continue
        counted = (_COUNTED_RE.search(text, window, m.start())
                   if folded.endswith(_COUNTED_ENDS) or tail[-1:].isdecimal() else None)
        if counted is not None:
            found.append(DiceMention(counted.start(), m.end(), _number(counted.group(1)), None,
                                     text[counted.start():m.end()]))
    found.sort(key=lambda d: (d.start, -d.end))
    out: list[DiceMention] = []
    for mention in found:
        if out and mention.start < out[-1].end:
            continue  # inside a longer mention already taken ("two six-sided dice" holds "six-sided dice")
        out.append(mention)
    return out
