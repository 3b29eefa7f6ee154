"""The common English words an alias is not linked as (common_words.txt): "A" for Attacks would link the
article "a" wherever a sentence starts with it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path


@cache
def common_words() -> frozenset[str]:
    text = (Path(__file__).parent / "common_words.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def common_word_matched(word: str, case_sensitive: bool) -> str | None:
    """The common word an alias would link in ordinary text, or None: matched ignoring case, any spelling of
    it; matched as written, the word itself or its form at a sentence's start ("A", "I", "It")."""
    words = common_words()
    if not case_sensitive:
        return word.casefold() if word.casefold() in words else None
    lower = word.lower()
    if lower in words and word in (lower, lower[:1].upper() + lower[1:]):
        return lower
    return None


# A word that is a glossary term as a noun ("a Round", "the Round") but an adverb after a verb of motion:
# "bidding goes round", "pass the cards round", "turn round". Such a use is not the term and is not linked.
_ADVERBS = frozenset({"round", "around", "back", "over", "through"})
_MOTION_VERBS = frozenset({
    "go", "goes", "went", "going", "gone", "come", "comes", "came", "coming", "turn", "turns", "turned", "turning",
    "pass", "passes", "passed", "passing", "move", "moves", "moved", "moving", "hand", "hands", "handed",
    "get", "gets", "got", "getting", "play", "plays", "played", "continue", "continues", "continued",
    "carry", "carries", "carried", "travel", "travels", "travelled", "traveled", "spin", "spins", "spun"})
_WORD_BEFORE = re.compile(r"(\w+)\W*$")


def adverb_use(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is an adverb after a verb of motion ("goes round"), not the noun."""
    if text[start:end].casefold() not in _ADVERBS:
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    return before is not None and before.group(1).casefold() in _MOTION_VERBS
