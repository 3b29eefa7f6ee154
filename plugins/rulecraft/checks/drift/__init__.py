"""Drift in prose: what the rules' words say that the data does not (or says twice, differently).

Every detector reads the same published texts (``texts.published_texts``): each docs page of the game and
every text field of its data, with code blanked out so examples in code are not read as rules.
"""

from __future__ import annotations

from ...models.index import GameIndex
from ...problems import Problem
from .numbers import NounIndex
from .texts import published_texts


def check_numbers(index: GameIndex, prose: dict[str, str]) -> list[Problem]:
    """Counts that disagree (counts.py) and numbers that should be constants (constants.py)."""
    from . import constants, counts

    texts = list(published_texts(index, prose))
    nouns = NounIndex.of_game(index)
    values = {key: c.value for key, c in index.constants.items() if not isinstance(c.value, bool)}
    return [*counts.check(texts, nouns, values, index.game.id),
            *constants.check(texts, nouns, index.constants, index.game.id)]
