"""Numbers that count something in prose: "all twenty of their influence markers", "take your 5 ships".

``NounIndex`` knows a game's nouns (its glossary: terms, plurals and aliases, each also inflected) and
``number_phrases`` finds each number written before a noun, with the words around it, leaving out what is
no count: ranges ("2–4 players"), ordinals ("3rd"), dates and years, dice ("2d6", "two six-sided dice"),
modifiers ("+1", "×2"), decimals, percentages, times and labels ("phase 3", "space 2").

Shared by the drift checks (counts.py, constants.py) and meant for the importer: nothing here knows checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["NUMBER_WORDS", "Noun", "NounIndex", "NumberPhrase", "number_phrases", "number_value", "singular"]

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
for _ten in _TENS:  # twenty-one .. ninety-nine
    for _unit in _UNITS:
        NUMBER_WORDS[f"{_ten}-{_unit}"] = NUMBER_WORDS[_ten] + NUMBER_WORDS[_unit]

_IRREGULAR = {"dice": "die", "people": "person", "men": "man", "women": "woman", "children": "child",
              "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth", "lives": "life",
              "knives": "knife", "wolves": "wolf", "halves": "half", "thieves": "thief", "leaves": "leaf"}
_NO_SINGULAR = {"gas", "glass", "boss", "class", "mass", "pass", "bus", "status", "bonus", "plus", "chaos",
                "minus", "series", "species", "news", "axis", "thus", "this", "its", "his", "is", "was", "has"}


@lru_cache(maxsize=8192)
def singular(word: str) -> str:
    """The singular of a lower-case English noun, by simple inflection ("cities" -> "city")."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _NO_SINGULAR or len(word) < 3 or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zes", "sses")):
        return word[:-2]
    return word[:-1]


def number_value(token: str) -> int | None:
    """The value of a number as written: digits or an English number word ("Fifteen" -> 15)."""
    token = token.strip()
    if token.isdigit():
        return int(token)
    return NUMBER_WORDS.get(token.lower())


def _is_plural(word: str) -> bool:
    return word in _IRREGULAR or (singular(word) != word)


@dataclass(frozen=True)
class Noun:
    """What a number counts: ``key`` names it across wordings ("term:influence-marker" for a glossary term,
    else "word:" and the singular phrase), ``text`` is how it is written here."""

    key: str
    text: str
    start: int
    end: int

    @property
    def glossary(self) -> bool:
        return self.key.startswith("term:")


_WORD_RE = re.compile(r"[A-Za-z][A-Za-z-]*")
# Nouns that count what follows them: "five kinds of cards" counts kinds of cards, "two kinds" nothing to compare.
CLASSIFIERS = frozenset({"kind", "type", "sort", "pair", "set", "group", "piece", "stack", "pile", "copy", "lot",
                         "handful", "batch", "bundle", "load", "unit", "sheet", "box", "bag", "deck", "row"})
_CLASSIFIER_OF_RE = re.compile(r"\s+of\s+(?:(?:the|their|your|its|his|her)\s+)?")
# What a noun starts with (``noun_at``): a word, or a term's reference.
_NOUN_STARTS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ{")
_TERM_REF_RE = re.compile(r"\{term:([a-z0-9][a-z0-9_-]*)(?:\|([^}]*))?\}")
_ARTICLES = {"the", "a", "an"}
# Words that end a generic noun phrase: a number counts the words before them.
_STOP = frozenset("""
a an the and or nor but of in on at to from for with by per each every into onto over under than as
that which who whom whose this these those it its their your his her our my is are was were be been being
has have had do does did may must can cannot could should would will shall not no
if when while until unless then so also only more less fewer most least other another any all some
up down out off away back here there where how what why
wins gets takes gives scores counts costs moves makes goes comes lies stays remains returns becomes means needs
pays earns allows ends starts holds lets sets keeps loses draws places puts adds
""".split())  # the verbs: "17+ fame wins" counts fame, not "fame wins"


class NounIndex:
    """A game's nouns, to name what a number counts: each glossary term under all its written forms.

    Built once per game; ``noun_at`` is a dictionary look-up per candidate length, never a scan of the
    glossary."""

    def __init__(self, terms: Iterable[tuple[str, Iterable[str]]] = ()) -> None:
        self._forms: dict[str, str] = {}  # lower-case form, singular last word -> term id
        self._longest = 1
        self._firsts: set[str] = set()  # the first words of the forms (a lone word: its singular)
        self._run_re: re.Pattern = _WORD_RE
        for term_id, words in terms:
            for form in words:
                parts = form.lower().split()
                if not parts:
                    continue
                key = " ".join([*parts[:-1], singular(parts[-1])])
                self._forms.setdefault(key, term_id)
                self._firsts.update((parts[0], singular(parts[0])))
                self._longest = max(self._longest, len(parts))
        self._run_re = re.compile(rf"[A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){{0,{max(self._longest, 3) - 1}}}")

    @classmethod
    def of_game(cls, index) -> NounIndex:
        """The nouns of a game's glossary (``GameIndex``)."""
        return cls((term.id, [*term.words, *term.common_aliases])
                   for term in index.terms.values())

    def key_of(self, words: list[str]) -> str:
        """The key of a noun phrase given as lower-case words."""
        joined = " ".join([*words[:-1], singular(words[-1])])
        term = self._forms.get(joined)
        return f"term:{term}" if term else f"word:{joined}"

    def keys_in(self, text: str) -> set[str]:
        """The glossary terms written anywhere in a short text (a constant's label), as keys."""
        words = [m.group(0).lower() for m in _WORD_RE.finditer(text)]
        found = set()
        for i in range(len(words)):
            for n in range(min(self._longest, len(words) - i), 0, -1):
                term = self._forms.get(" ".join([*words[i:i + n - 1], singular(words[i + n - 1])]))
                if term:
                    found.add(f"term:{term}")
                    break
        return found

    def noun_at(self, text: str, pos: int, plural: bool = True) -> Noun | None:
        """The noun a number just before ``pos`` counts: the longest glossary form starting there, else the
        words up to the first plural (``plural``: the number is more than one), at most three."""
        ref = _TERM_REF_RE.match(text, pos) if text.startswith("{term:", pos) else None
        if ref is not None:  # {term:ship|ships}: the glossary term it names
            return Noun(f"term:{ref.group(1)}", ref.group(2) or ref.group(1), pos, ref.end())
        run = self._run_re.match(text, pos)  # the words after pos, one space apart: punctuation ends the phrase
        if run is None:
            return None
        words = run.group(0).split(" ")
        ends: list[int] = []  # where each word ends in the text
        start = pos
        for word in words:
            start += len(word)
            ends.append(start)
            start += 1
        lower = [word.lower().strip("-") for word in words]
        known = lower[0] in self._firsts or singular(lower[0]) in self._firsts  # a glossary form starts here
        if not known and (lower[0] in _STOP or lower[0] in NUMBER_WORDS):
            return None
        for n in range(min(self._longest, len(words)) if known else 0, 0, -1):
            if not lower[n - 1]:
                continue
            term = self._forms.get(" ".join([*lower[:n - 1], singular(lower[n - 1])]))
            if term:
                return Noun(f"term:{term}", text[pos:ends[n - 1]], pos, ends[n - 1])
        phrase = []
        for word in lower[:3]:
            if not word or word in _STOP or word in NUMBER_WORDS:
                break
            phrase.append(word)
            if not plural or _is_plural(word):
                break
        if not phrase:
            return None
        if plural and not _is_plural(phrase[-1]):
            phrase = phrase[:1]  # a mass noun: "3 gold"
        last = ends[len(phrase) - 1]
        if singular(phrase[-1]) in CLASSIFIERS:  # "five kinds of cards": what is counted comes after "of"
            of = _CLASSIFIER_OF_RE.match(text, last)
            inner = self.noun_at(text, of.end(), plural) if of else None
            if inner is None:
                return None
            return Noun(f"{inner.key}/{singular(phrase[-1])}", text[pos:inner.end], pos, inner.end)
        key = self.key_of(phrase)
        for i in range(1, len(phrase)):  # "face-up development cards": the glossary's development card
            term = self._forms.get(" ".join([*phrase[i:-1], singular(phrase[-1])]))
            if term:
                key = f"term:{term}"
                break
        return Noun(key, text[pos:last], pos, last)


@dataclass(frozen=True)
class NumberPhrase:
    """A number and the noun it counts, with the words just before and after (lower case, one sentence)."""

    value: int
    start: int  # of the number
    end: int  # of the noun
    number: str  # as written: "twenty", "20", "{const:markers}"
    noun: Noun
    before: str  # the sentence's words before the number, at most six
    after: str  # the sentence's words after the noun, at most four
    threshold: bool = False  # "17+ fame", "12 or more gold"
    const: str | None = None  # the constant written instead of a number ({const:id})
    of: str = ""  # the words between number and noun ("of their" in "all twenty of their markers")
    written: str = ""  # the phrase as written, number to noun, on one line


# What ``(?i:x)`` matches besides x.lower() and x.upper() (tests/unit/checks/test_drift_numbers.py checks these
# against every character).
_CASE_FOLDS = {"i": "\u0130\u0131", "s": "\u017f", "k": "\u212a"}  # İ ı, ſ (long s), K (kelvin)


def _cased(letter: str, fold: bool) -> str:
    """A letter as a regex: as written, or (``fold``) as ``(?i:letter)`` reads it, spelt out as a set."""
    if not fold or letter.lower() == letter.upper():
        return re.escape(letter)
    return "[" + "".join(dict.fromkeys(letter.lower() + letter.upper() + _CASE_FOLDS.get(letter.lower(), ""))) + "]"


def _trie(words: Iterable[str], fold: bool = False) -> str:
    """One regex alternation matching any of ``words``, longest first, nested by first letters: the regex
    engine tries a handful of letters at each position instead of every word. ``fold``: in any case, as
    ``(?i:...)`` would, but with each letter a set of its cases (a case-blind regex folds each character of
    the text it reads: 200 pages, numbers found in 18 -> 11 ms)."""
    heads: dict[str, list[str]] = {}
    ends = False
    for word in words:
        if word:
            heads.setdefault(word[0], []).append(word[1:])
        else:
            ends = True
    parts = [_cased(head, fold) + _trie(rests, fold) for head, rests in sorted(heads.items())]
    if not parts:
        return ""
    body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
    return f"(?:{body})?" if ends else body


_WORD_NUMBERS = _trie(NUMBER_WORDS)
# Words that cannot begin what a number counts ("of" and "or" can: "all twenty of their markers", "12 or more").
_STOP_AFTER = _trie(sorted(_STOP - {"of", "or"}))
# A number: digits, a number word, or a constant written in its place. Not a part of a word, a decimal,
# a time, a fraction, a dice formula, a modifier or a hyphenated adjective ("two-player", "4-sided").
_NUMBER_RE = re.compile(
    r"(?=[0-9{otfsenhdOTFSENHD])(?<![\w.,:/+×−\-–—])(?<![+×−]\s)"
    rf"(?P<num>\d{{1,3}}|{_trie(NUMBER_WORDS, fold=True)}|\{{const:(?P<const>[a-z0-9][a-z0-9_-]*)(?:\|[^}}]*)?\}})"
    r"(?P<plus>\+)?"
    rf"(?!\s+(?:{_STOP_AFTER})\b)"  # "one of", "two in", "three is": rejected by the regex engine, not by Python
    r"(?![\w%°]|[.,:/]\d|\s*[-–—]\s*\w|-|\s*[×x]\s*\d|\s*(?:to|or|and|through|-)\s+(?:\d|\{const:|"
    rf"(?i:(?:{_WORD_NUMBERS})\b)))")
# The same numbers, found from the character before them. A regex opening with a look-ahead (or a look-behind)
# is tried at every position of the text, one opening with a character set only where the set matches, which
# the engine finds in C: a number never starts inside a word, so the scan consumes the character before it
# (any but an ASCII letter, digit or one of the look-behind's; the look-behind itself then decides) and matches
# the number inside a look-ahead, whose groups are the number's (200 pages: 18 -> 11 ms). ``_numbers`` drops
# what this finds inside a number already found and reads the text's first character with ``_NUMBER_RE``, as
# ``_NUMBER_RE.finditer`` would.
_NUMBER_SCAN_RE = re.compile(rf"[^0-9A-Za-z_.,:/+\-](?={_NUMBER_RE.pattern})")
# Words that make the number a label or a position, not a count: "phase 3", "space 2", "page 5".
_LABEL_WORDS = frozenset("""
phase phases step steps round turn page pages section chapter rule level row column space spaces no number part
version box track slot position stage act scenario year years age era table card mission chart figure fig item
option line paragraph seat player type tier grade rank
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec
""".split())
_RANGE_WORDS = ("to", "or", "and", "through")


def _last_word(head: str) -> str:
    words = head.rsplit(None, 1)
    return words[-1] if words else ""


def _ends_range(head: str) -> bool:
    """Whether the number ends a range ("2 to 4", "two or three", "2–4") or continues a list ("1, 2 and 3")."""
    head = head.rstrip()
    if head.endswith(("-", "–", "—", ",")):
        head = head[:-1].rstrip()
    elif _last_word(head).lower() in _RANGE_WORDS:
        head = head[:-len(_last_word(head))].rstrip()
    else:
        return False
    if head.endswith("}"):
        return "{const:" in head[head.rfind("{"):]
    last = _last_word(head).lstrip("([")
    return last.isdigit() or last.lower() in NUMBER_WORDS


def _after_label(head: str) -> bool:
    """Whether the number follows a word that makes it a label ("phase 3", "space 2", "no. 5")."""
    return _last_word(head.rstrip(" \t#.")).lower().lstrip("([") in _LABEL_WORDS


_MONTH_AFTER = (r"\s+(?:of\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|"
                r"december)\b")
_SIDED = r"\s*(?:[a-z]+|\d+)[- ]sided\b"
# "two-sided", "5 of May": no count (one regex, one call)
_SIDED_OR_MONTH_RE = re.compile(f"{_SIDED}|{_MONTH_AFTER}", re.IGNORECASE)
_OF_RE = re.compile(r"(?i)\s+(of\s+(?:their|your|his|her|its|our|the|these|those|them)\s+)")
_OR_MORE_RE = re.compile(r"(?i)\s+or\s+more\b")
_SENTENCE_END_RE = re.compile(r"[.!?;:\n|()\[\]]\s|[\n|]")
_LOWER_WORDS_RE = re.compile(r"[a-z']+|\d+\+?")


# A window's last clause end, in one regex: greedy ".*" backs off from the end, so the match ends at the latest
# (". ", "! ", "? ", "; ", ": ", a new line, "|", a bracket; ".\n" ends where its "\n" does). The definition:
# _words_before finds the same end with rfind (a test holds them equal).
_LAST_CLAUSE_END_RE = re.compile(r"(?s).*(?:[.!?;:] |[\n|()\[\]])")


def _words_before(text: str, start: int) -> str:
    window = text[max(0, start - 80):start]
    # where _LAST_CLAUSE_END_RE's match ends, found with rfind: the latest clause end (a regex backing off
    # from the end of the window tries each position in turn)
    pair = max(window.rfind(". "), window.rfind("! "), window.rfind("? "), window.rfind("; "), window.rfind(": "))
    single = max(window.rfind("\n"), window.rfind("|"), window.rfind("("), window.rfind(")"), window.rfind("["),
                 window.rfind("]"))
    cut = pair + 2 if pair > single else single + 1  # 0 (the whole window) when neither is there
    return " ".join(_LOWER_WORDS_RE.findall(window[cut:].lower())[-6:])


def _words_after(text: str, end: int) -> str:
    window = text[end:end + 60]
    cut = _SENTENCE_END_RE.search(window)
    if cut is not None:
        window = window[:cut.start()]
    return " ".join(_LOWER_WORDS_RE.findall(window.lower())[:4])


_SHOWN_REF_RE = re.compile(r"\{(?!const:)[a-z]+:([a-z0-9][a-z0-9_-]*)(?:\|([^}]*))?\}")


def _shown(written: str) -> str:
    """A phrase as a reader sees it: on one line, "{term:ship|ships}" as "ships"."""
    if "{" in written:
        written = _SHOWN_REF_RE.sub(lambda m: m.group(2) or m.group(1), written)
    return " ".join(written.split())


def _numbers(text: str) -> Iterator[tuple[int, int, str, str | None, bool]]:
    """(start, end, number, constant id, "+" after it) of each match of ``_NUMBER_RE.finditer(text)``, found
    faster (``_NUMBER_SCAN_RE``)."""
    end = 0
    first = _NUMBER_RE.match(text)
    if first is not None:
        end = first.end()
        yield 0, end, first.group("num"), first.group("const"), first.group("plus") is not None
    for match in _NUMBER_SCAN_RE.finditer(text):
        start = match.start("num")
        if start >= end:  # not inside the last number ("{const:a|two ships}" holds no number)
            plus = match.group("plus") is not None
            end = match.end("plus") if plus else match.end("num")
            yield start, end, match.group("num"), match.group("const"), plus


def number_phrases(text: str, nouns: NounIndex, constants: Mapping[str, float] | None = None) -> list[NumberPhrase]:
    """Every number in ``text`` that counts a noun, in text order. ``constants``: a constant's value by id,
    for ``{const:id}`` written in place of a number (unknown ids are skipped)."""
    found: list[NumberPhrase] = []
    for start, end, token, const, plus in _numbers(text):
        if const is not None:
            raw = (constants or {}).get(const)
            if raw is None or raw != int(raw):
                continue
            value = int(raw)
        else:
            value = number_value(token)
            if value is None:
                continue
        # What follows first: most numbers that count nothing have no word after them (a table's "| 3 |"), and
        # the look at one character spares them the rest (200 pages: 1 500 of 4 100 numbers).
        cursor = end
        threshold = plus
        or_more = _OR_MORE_RE.match(text, cursor)
        if or_more:  # "12 or more gold"
            threshold, cursor = True, or_more.end()
        of = ""
        of_match = _OF_RE.match(text, cursor)
        if of_match:
            of = of_match.group(1)
            cursor = of_match.end()
        elif text[cursor:cursor + 1] == " ":
            cursor += 1
        else:
            continue
        if text[cursor:cursor + 1] not in _NOUN_STARTS:
            continue  # noun_at finds nothing there (articles skipped below start with a letter too)
        head = text[max(0, start - 40):start]
        if _ends_range(head) or _after_label(head):
            continue
        if _SIDED_OR_MONTH_RE.match(text, end):
            continue
        while not of and text[cursor:cursor + 1] in "aAtT":  # "the"/"a" do not belong to the noun
            article = _WORD_RE.match(text, cursor)
            if article is None or article.group(0).lower() not in _ARTICLES:
                break
            cursor = article.end() + 1
        noun = nouns.noun_at(text, cursor, plural=value != 1)
        if noun is None:
            continue
        after = _words_after(text, noun.end)
        threshold = threshold or bool(_OR_MORE_RE.match(text, noun.end))
        found.append(NumberPhrase(value, start, noun.end, token, noun, _words_before(text, start),
                                  after, threshold, const, " ".join(of.split()) + (" " if of else ""),
                                  _shown(text[start:noun.end])))
    return found
