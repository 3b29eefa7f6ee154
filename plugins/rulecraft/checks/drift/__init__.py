"""Drift in prose: what the rules' words say that the data does not (or says twice, differently).

Every detector reads the same published texts (``texts.published_texts``): each docs page of the game and
every text field of its data, with code blanked out so examples in code are not read as rules.
"""

from __future__ import annotations

from ...models.index import GameIndex
from ...problems import Problem
from .numbers import NounIndex
from .phrased import phrased
from .texts import Text, published_texts

# Texts about the source or the past rather than the rules: a designer's note and an open question quote the
# source's figures ("the introduction says twenty") to discuss them, a changelog says what an older version
# had; a constant there would hide what was written.
COMMENTARY_FIELDS = frozenset({"designer_note", "question", "source", "changes"})


def check_numbers(index: GameIndex, prose: dict[str, str], published: list[Text] | None = None) -> list[Problem]:
    """Counts that disagree (counts.py) and numbers that should be constants (constants.py). ``published``:
    the game's published texts when the caller has them already (the other detectors read them too)."""
    from . import constants, counts

    if published is None:
        published = list(published_texts(index, prose))
    texts = [text for text in published if text.field not in COMMENTARY_FIELDS]
    nouns = NounIndex.of_game(index)
    values = {key: c.value for key, c in index.constants.items() if not isinstance(c.value, bool)}
    found = phrased(texts, nouns, values)
    return [*counts.check(found, index.game.id), *constants.check(found, nouns, index.constants, index.game.id)]
