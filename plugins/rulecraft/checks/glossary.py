"""Glossary consistency: no two terms may claim the same word."""

from __future__ import annotations

from typing import Iterator

from ..index import GameIndex
from ..problems import Problem, error
from ..term_matcher import normalise


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    owner: dict[str, tuple[str, str, object]] = {}  # normalised word -> (term id, word, location)
    for term in game.terms:
        claims = [("term", None, term.term)] + [("aliases", i, w) for i, w in enumerate(term.aliases)] + \
                 [("plurals", i, w) for i, w in enumerate(term.plurals)]
        for field, i, word in claims:
            key = normalise(word)
            location = game.where(term, field) if i is None else game.where(term, field, i)
            if not key:
                yield error("term-word", f"term '{term.id}': '{word}' has no letters or digits to match",
                            location, "use a real word", game.id)
                continue
            if key in owner:
                other_id, other_word, other_loc = owner[key]
                if other_id == term.id:
                    continue  # the same term listing a word twice is harmless
                yield error("term-clash", f"'{word}' is claimed by term '{term.id}' and by term '{other_id}' "
                            f"('{other_word}' at {other_loc}); words are compared ignoring case",
                            location, "keep the word on one term; link the other through see_also", game.id)
            else:
                owner[key] = (term.id, word, location)
    for term in game.terms:
        if term.id in term.see_also:
            yield error("term-see-also-self", f"term '{term.id}' lists itself in see_also",
                        game.where(term, "see_also"), "remove it", game.id)
