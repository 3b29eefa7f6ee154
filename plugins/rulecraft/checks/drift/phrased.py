"""Each published text with the counted numbers in it, found once and read by every number detector."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .numbers import NounIndex, NumberPhrase, number_phrases
from .texts import Text


@dataclass(frozen=True)
class Phrased:
    text: Text
    phrases: list[NumberPhrase]


def phrased(texts: Iterable[Text], nouns: NounIndex, constants: dict[str, float] | None = None) -> list[Phrased]:
    """The texts that count something, each with its counts (``constants``: values for ``{const:id}``)."""
    found = []
    for text in texts:
        phrases = number_phrases(text.text, nouns, constants)
        if phrases:
            found.append(Phrased(text, phrases))
    return found
