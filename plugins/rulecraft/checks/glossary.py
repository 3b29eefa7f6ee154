"""Glossary consistency: no two terms may claim the same word, and an alias that is an everyday word, which
the site therefore never links by itself, is pointed out (alias-common-word)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from ..models.index import GameIndex
from ..models.term_matcher import is_case_sensitive, normalise
from ..problems import Problem, error, warning


def clash_key(word: str) -> str:
    """The key two words share when readers cannot tell them apart: compatibility forms folded (NFKC:
    fullwidth 'Ｅｍｐｌｏｙｅｅ' is 'Employee', the ligature 'ﬁ' is 'fi') and case ignored."""
    return unicodedata.normalize("NFKC", normalise(unicodedata.normalize("NFKC", word)))


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    owner: dict[str, tuple] = {}  # normalised word -> (term, word, subpath)
    for term in game.terms:
        claims = [("term", None, term.term)] + [("aliases", i, w) for i, w in enumerate(term.aliases)] + \
                 [("plurals", i, w) for i, w in enumerate(term.plurals)]
        for field, i, word in claims:
            key = clash_key(word)
            subpath = (field,) if i is None else (field, i)
            if not key:
                location = game.where(term, *subpath)
                yield error("term-word", f"term '{term.id}': '{word}' has no letters or digits to match",
                            location, "use a real word", game.id)
                continue
            if key in owner:
                other, other_word, other_subpath = owner[key]
                if other.id == term.id:
                    continue  # the same term listing a word twice is harmless
                yield error("term-clash", f"'{word}' is claimed by term '{term.id}' and by term '{other.id}' "
                            f"('{other_word}' at {game.where(other, *other_subpath)}); words are compared "
                            "ignoring case and look-alike forms (fullwidth letters, ligatures)",
                            game.where(term, *subpath),
                            "keep the word on one term; link the other through see_also", game.id)
            else:
                owner[key] = (term, word, subpath)  # located only if another term claims it too
    for term in game.terms:
        yield from _common_aliases(game, term)
        if term.id in term.see_also:
            yield error("term-see-also-self", f"term '{term.id}' lists itself in see_also",
                        game.where(term, "see_also"), "remove it", game.id)


def _common_aliases(game, term) -> Iterator[Problem]:
    """An alias that is an everyday word in the way it is matched (as written, or ignoring case) would link
    every use of that word (the article "a" to Attacks), so it is not linked automatically: the designer is
    told, since the alias then links nowhere unless a reference writes it."""
    for i, alias in enumerate(term.aliases):
        word = term.everyday_alias(alias)
        if word is None:
            continue
        how = "as written" if is_case_sensitive(alias, term.alias_flag(alias)) else "ignoring case"
        yield warning("alias-common-word", f"term '{term.id}': alias '{alias}' is the common word '{word}' "
                      f"(matched {how}), so it is not linked by itself: an ordinary '{alias}' stays a word",
                      game.where(term, "aliases", i),
                      f"write {{term:{term.id}|{alias}}} where it means {term.term}, list it in common_aliases "
                      f"if every '{alias}' in the rules means {term.term}, or remove it",
                      game.id, f"term:{term.id}")
