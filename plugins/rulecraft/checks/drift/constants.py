"""Numbers that should be constants.

* ``drift-constant``: a number written in a text that a constant holds: the same value, counting what the
  constant's label or unit names ("a warehouse holds 5 crates", constant warehouse-capacity: 5, "Crates a
  warehouse holds") -> write ``{const:id}``.
* ``drift-repeated-number``: the same number of the same noun written in several places (three, or two
  when it is a threshold: "17+ fame") and held by no constant -> make it one. Not when each place stands in
  a different one of a run of parallel sections ("Mission 1", "Mission 2": :mod:`.parallel`): each is that
  mission's own figure. Once more outside them, or twice in one, and it is a figure typed again.

Numbers below 2 are left out ("1 credit", "one card" are everywhere and rarely a rule's figure), as are
counts of players, dice and times. Constants are indexed once by (value, noun): one look-up per number.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ...problems import Location, Problem, warning
from .numbers import NounIndex, NumberPhrase
from .parallel import PageSections
from .phrased import Phrased
from .texts import Text

CONSTANT_CODE = "drift-constant"
REPEATED_CODE = "drift-repeated-number"
MIN_VALUE = 2
REPEATS = 3  # places of one number-with-noun that make a constant worth having
THRESHOLD_REPEATS = 2  # ... when it is written as a threshold ("17+ fame", "12 or more gold")
# Nouns whose counts are seldom one rule's figure: the player count, dice (their own check), time.
_IGNORED_NOUNS = frozenset({"word:player", "word:die", "word:time", "word:minute", "word:hour", "word:way",
                            "word:other", "word:side", "word:year", "word:day", "word:sided die"})


@dataclass(frozen=True)
class Written:
    """A literal number of a noun in a text."""

    phrase: NumberPhrase
    text: Text

    @property
    def location(self):
        return self.text.at(self.phrase.start)


def constant_nouns(constants: dict, nouns: NounIndex) -> dict[tuple[int, str], list[str]]:
    """Constant ids by (value, noun key): the nouns its unit and label name (glossary terms anywhere in
    them, and the label's leading words)."""
    found: dict[tuple[int, str], list[str]] = defaultdict(list)
    for key, constant in constants.items():
        value = constant.value
        if isinstance(value, bool) or value != int(value):
            continue
        keys: set[str] = set()
        for words in (constant.unit, constant.label):
            if not words:
                continue
            noun = nouns.noun_at(words, 0)
            if noun is None:
                continue
            keys.add(noun.key)
            head = nouns.key_of([noun.text.lower().split()[-1]])  # "Starting doubloons": the glossary's doubloon
            if head.startswith("term:"):
                keys.add(head)
        for noun_key in keys:
            found[(int(value), noun_key)].append(key)
    return found


# A relation between things, not a rule's figure: "the border between two provinces", "Two provinces are
# adjacent when...", "links two provinces".
# Also "those two provinces": a number pointing back at things already counted.
_RELATION_BEFORE_RE = re.compile(r"(?:\bbetween(?: any| the)?|\blinks?|\bjoins?|\bconnects?|\bseparates?|"
                                 r"\bshared by|\bthose|\bthese)$")
_GENERIC_AFTER_RE = re.compile(r"^(?:are|is)\b")
_TOTAL_BEFORE_RE = re.compile(r"\b(?:total of|sum of|totalling|totaling)$")
# The words the two searches back need at the end (a search with "$" tries every position of the words before
# the number): looked at first, as the words are one line of lower-case words.
_RELATION_ENDS = ("between", "any", "the", "link", "links", "join", "joins", "connect", "connects", "separate",
                  "separates", "by", "those", "these")
_TOTAL_ENDS = ("of", "totalling", "totaling")
_TOTAL_AFTER_RE = re.compile(r"^(?:in total|total|in all|altogether)\b")


def _written(texts: Iterable[Phrased]) -> list[Written]:
    return [Written(phrase, each.text) for each in texts for phrase in each.phrases
            if phrase.const is None and phrase.value >= MIN_VALUE and phrase.noun.key not in _IGNORED_NOUNS
            and not (phrase.before.endswith(_RELATION_ENDS) and _RELATION_BEFORE_RE.search(phrase.before))
            and not (not phrase.before and _GENERIC_AFTER_RE.match(phrase.after))]


def _repeatable(written: Written) -> bool:
    """Whether a number may stand for a rule's figure repeated: not a sum worked out ("4 Influence in total"),
    nor a figure of a worked example (its numbers are one situation's)."""
    owner = written.text.owner
    before = written.phrase.before
    return not (_TOTAL_AFTER_RE.match(written.phrase.after)
                or (before.endswith(_TOTAL_ENDS) and _TOTAL_BEFORE_RE.search(before))
                or type(owner).__name__ == "Example")


def check(texts: Iterable[Phrased], nouns: NounIndex, constants: dict, game_id: str) -> list[Problem]:
    """Both warnings, over every text of a game (``constants``: the game's, by id)."""
    by_noun = constant_nouns(constants, nouns)
    problems: list[Problem] = []
    groups: dict[tuple[int, str], list[Written]] = defaultdict(list)
    pages: dict[str, PageSections] = {}  # each page's parallel sections, read when a repeat is in it
    for written in _written(texts):
        key = (written.phrase.value, written.phrase.noun.key)
        held = by_noun.get(key)
        if held:
            problems.append(_constant(written, held, constants, game_id))
        elif _repeatable(written):
            groups[key].append(written)
    for places in groups.values():
        if len(places) < THRESHOLD_REPEATS:
            continue  # most numbers are written once: no place worked out for them
        by_line: dict[tuple[str, int], tuple[Written, Location]] = {}  # each place worked out once
        for w in places:
            where = w.location
            by_line[(where.file, where.line)] = (w, where)
        distinct = list(by_line.values())
        needed = THRESHOLD_REPEATS if any(w.phrase.threshold for w, _ in distinct) else REPEATS
        if len(distinct) >= needed and not _parallel(distinct, pages):
            problems.append(_repeated(distinct, game_id))
    return problems


def _parallel(places: list[tuple[Written, Location]], pages: dict[str, PageSections]) -> bool:
    """Whether each place stands in a different parallel section of a page (a text of the data is in none)."""
    seen = set()
    for written, _ in places:
        text = written.text
        if text.owner is not None:
            return False
        if text.file not in pages:
            pages[text.file] = PageSections(text.text)
        section = pages[text.file].section_at(written.phrase.start)
        if section is None or (text.file, section) in seen:
            return False
        seen.add((text.file, section))
    return True


def _constant(written: Written, held: list[str], constants: dict, game_id: str) -> Problem:
    ids = " or ".join(f"{{const:{key}}}" for key in held)
    label = constants[held[0]].label
    about = f" ({label})" if label and len(held) == 1 else ""
    return warning(CONSTANT_CODE, f"'{written.phrase.written}' writes by hand the value of constant "
                   f"'{held[0]}'{about}" if len(held) == 1 else
                   f"'{written.phrase.written}' writes by hand a value constants hold: {', '.join(held)}",
                   written.location, f"write {ids} in place of {written.phrase.number}, so the figure is kept "
                   "in one place (or, if this counts something else, accept this warning with the reason)",
                   game_id, written.text.subject)


def _repeated(places: list[tuple[Written, Location]], game_id: str) -> Problem:
    # Reported at the first place with a subject (a term, a phase...), so that the data can accept it.
    first, here = next((p for p in places if p[0].text.subject), places[0])
    others = [where for w, where in places if w is not first]
    where = ", ".join(str(w) for w in others[:4]) + (f" and {len(others) - 4} more" if len(others) > 4 else "")
    return warning(REPEATED_CODE, f"'{first.phrase.written}' is written by hand in {len(places)} places "
                   f"(also {where}) and no constant holds it",
                   here, "add a constant (constants: in game.yaml, with a label) and write {const:id} "
                   "in each place, so the figure cannot drift", game_id, first.text.subject)
