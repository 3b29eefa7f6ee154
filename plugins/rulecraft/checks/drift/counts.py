"""Counted nouns that disagree: "all twenty of their influence markers" here, "all fifteen of their influence"
there (``drift-count``).

Two numbers of one noun differ all the time ("2 ships per player", "4 ships in total", "up to 3 ships"), so
a number is compared only where its words say it is the whole set: a player's own ("your 5 ships", "all
twenty of their markers", "each player has 4 ships", "each player starts with..."), or all there are ("all
30 crates"). Such counts of the same noun (a glossary term under any of its forms, or the same words) must
agree across every text of the game; a count qualified as part of a whole ("per", "more", "up to",
"remaining"...) is never compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...problems import Problem, warning
from .numbers import NumberPhrase
from .phrased import Phrased
from .texts import Text

CODE = "drift-count"

# The whole set a player holds, or all there are, said just before the number.
_OWNED_RE = re.compile(
    r"(?:\b(?:your|their|his|her)"
    r"|\b(?:each|every)\s+(?:player|house|merchant|faction|side|team)(?:\s+\w+)?\s+(?:has|have|owns|own|starts|"
    r"begins|receives|gets|takes|is|draws|keeps|holds)(?:\s+(?:with|dealt|given))?"
    r"|\ball(?:\s+(?:of\s+)?(?:your|their|his|her|the))?)$")
# Words that make the count a part, an extra, a limit or a rate: not the whole set.
_PART_BEFORE_RE = re.compile(r"\b(?:up to|at least|at most|more than|fewer than|less than|over|another|extra|"
                             r"additional|further|more|other|remaining|only|per|next|first|last|spare|free|"
                             r"new|every|each|than|about|around|nearly|almost|exactly|to|least|most)$")
_PART_AFTER_RE = re.compile(r"^(?:per|each|in total|total|more|less|fewer|extra|additional|left|remaining|"
                            r"at a time|at once|or more|or fewer|or less|instead|apiece|a |an |every|too)\b")

_LIST_GAP_RE = re.compile(r"\s*(?:,|,?\s+and)\s+")
_PART_ADJECTIVES = frozenset({"remaining", "extra", "additional", "spare", "unused", "new", "free", "other", "more",
                              "last", "first", "next", "left", "leftover", "surplus", "excess", "further", "lost"})


@dataclass(frozen=True)
class Count:
    """A whole-set count found in a text, where it is."""

    phrase: NumberPhrase
    text: Text

    @property
    def variant(self) -> str | None:
        return getattr(self.text.owner, "variant", None) if self.text.owner is not None else None


# The last words the two searches back can match (a search with "$" tries every position of the words before
# the number; the words are lower-case words one space apart): looked at first.
_PART_BEFORE_ENDS = ("to", "least", "most", "than", "over", "another", "extra", "additional", "further", "more",
                     "other", "remaining", "only", "per", "next", "first", "last", "spare", "free", "new", "every",
                     "each", "about", "around", "nearly", "almost", "exactly")
_OWNED_ENDS = ("your", "their", "his", "her", "has", "have", "owns", "own", "starts", "begins", "receives", "gets",
               "takes", "is", "draws", "keeps", "holds", "with", "dealt", "given", "all", "the")


def whole_set(phrase: NumberPhrase) -> bool:
    """Whether the words around the number say it counts the whole set (see the module's note)."""
    before = phrase.before
    if phrase.threshold or _PART_AFTER_RE.match(phrase.after + " ") or (
            before.endswith(_PART_BEFORE_ENDS) and _PART_BEFORE_RE.search(before)):
        return False
    if phrase.noun.text.split()[0].lower() in _PART_ADJECTIVES:  # "your 2 remaining ships"
        return False
    return before.endswith(_OWNED_ENDS) and _OWNED_RE.search(before) is not None


def counts_in(texts: Iterable[Phrased]) -> Iterator[Count]:
    for phrased in texts:
        text = phrased.text
        previous: NumberPhrase | None = None  # the last whole-set count of this text
        for phrase in phrased.phrases:
            # "each player starts with 10 doubloons and one warehouse": the list shares its words
            listed = previous is not None and _LIST_GAP_RE.fullmatch(text.text, previous.end, phrase.start)
            if whole_set(phrase) or listed and not _PART_AFTER_RE.match(phrase.after + " "):
                previous = phrase
                yield Count(phrase, text)
            else:
                previous = None


def check(texts: Iterable[Phrased], game_id: str) -> list[Problem]:
    """A warning at each count of a noun that differs from the first count of it, naming that first place."""
    first: dict[str, Count] = {}  # by noun: the first whole-set count
    seen: set[tuple[str, int]] = set()  # (noun, value) already reported
    problems: list[Problem] = []
    for count in counts_in(texts):
        key = count.phrase.noun.key
        earlier = first.setdefault(key, count)
        if earlier is count or earlier.phrase.value == count.phrase.value:
            continue
        if count.variant != earlier.variant or (key, count.phrase.value) in seen:
            continue  # a variant may count differently
        if earlier.text is count.text and count.phrase.start - earlier.phrase.end < 40:
            continue  # "(15 or 20 markers)": one sentence weighing two figures
        seen.add((key, count.phrase.value))
        here, there = count.text.at(count.phrase.start), earlier.text.at(earlier.phrase.start)
        problems.append(warning(
            CODE, f"'{_shown(count.phrase)}' counts {count.phrase.value}, but '{_shown(earlier.phrase)}' at "
            f"{there} counts {earlier.phrase.value}",
            here, "if both count the same thing, fix the one that is wrong, or write the number once as a "
            "constant and use {const:id} in both places; if the source itself disagrees, accept this warning "
            "with that reason", game_id, count.text.subject))
    return problems


def _shown(phrase: NumberPhrase) -> str:
    return phrase.written if len(phrase.written) <= 60 else phrase.written[:57] + "…"
