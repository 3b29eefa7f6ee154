"""The common English words an alias is not linked as (common_words.txt): "A" for Attacks would link the
article "a" wherever a sentence starts with it."""

from __future__ import annotations

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
