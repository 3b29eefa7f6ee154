"""Terms used but not defined: capitalised game words ("Bellows", "Guild Seal") the glossary does not hold.

A word the rules capitalise again and again is a word of the game; when it is neither a glossary term (nor an
alias, nor a plural) nor the name of anything the data holds (a phase, card, deck, component, item, resource,
table, section...), a player meets it with nothing to look up. Ordinary capitalised words are kept out by the
text itself: a word that is also written in lowercase is an ordinary word; a word only seen at the start of a
sentence, a heading or a list item is no evidence; a word must come back (``MIN_USES`` uses in at least
``MIN_PLACES`` paragraphs, one of them mid-sentence); and it must be counted somewhere ("an Apprentice", "two
Bellows tokens"), which a place or a person (Bombay, France) seldom is. A word of a longer name is named
("Bombay" of "Presidency of Bombay"). One warning per word, at its first use mid-sentence.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate

from ...models.index import GameIndex
from ...problems import Location, Problem, warning
from .scope import paragraph_starts, refs_blanked
from .texts import Text

CODE = "drift-term"
MIN_USES = 3
MIN_PLACES = 2  # paragraphs (of pages or of text fields): one paragraph repeating a name is no pattern

# A run of capitalised words, "of" allowed inside (Master of Coin); no all-capitals (abbreviations), no digits.
_WORD = r"[A-Z][a-z]+(?:['’][a-z]+)?"
# Both open with their first letter's character set, the look-behind one character further on: the regex
# engine then skips in C to each capital (or lowercase letter), where a look-behind first is tried at every
# position (200 pages: runs 27 -> 12 ms, lowercase words 31 -> 27 ms).
_RUN_RE = re.compile(rf"[A-Z](?<![\w'’-].)[a-z]+(?:['’][a-z]+)?(?:[ \t]+(?:of[ \t]+)?{_WORD})*(?![\w'’-])")
_LOWER_RE = re.compile(r"[a-z](?<![\w'’-].)[a-z'’]*")
_NAME_FILLERS = frozenset({"the", "a", "an", "of", "and", "or", "in", "on", "at", "to", "for", "with", "by"})
_POSSESSIVE_RE = re.compile(r"['’]s?$")
_HEADING_RE = re.compile(r"^[ \t]*#.*$", re.MULTILINE)
_HTML_RE = re.compile(r"<[^<>\n]*>|\]\([^)\n]*\)|https?://\S+")
_MARKUP = "*_\"'“‘`([>~ \t"
_SENTENCE_END = ".!?:;|•–—=+"
_LIST_RE = re.compile(r"(?:^|\n)[ \t]*(?:[-*+]|\d+[.)]|[a-z][.)])[ \t]*$")
# Capitalised whatever the text: calendar words and the pronoun.
STOP_WORDS = frozenset({
    "i", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
    "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "ok", "okay", "yes", "no", "mr", "mrs", "ms", "dr", "st", "vs", "etc", "eg", "ie", "see", "note", "example",
})


# Words that make what follows a common noun ("an Apprentice", "two Bellows tokens"): a proper name (Bombay,
# France) is seldom counted or owned. "the" says nothing (the Ottomans, the Port).
_DETERMINER_RE = re.compile(r"(?:^|[^\w'’])(?:a|an|each|every|any|no|one|two|three|four|five|six|your|their|his|"
                            r"her|its|our|my|per|this|that|these|those|another|some|more|fewer|many|several|"
                            r"\d+)[ \t]+$", re.IGNORECASE)


# Words that open a sentence before a name ("Two Lanterns", "When Bellows..."), whatever else the text holds.
_OPENERS = frozenset({"a", "an", "the", "each", "every", "any", "no", "one", "two", "three", "four", "five", "six",
                      "your", "their", "his", "her", "its", "our", "this", "that", "these", "those", "another",
                      "some", "when", "if", "then", "in", "on", "at", "after", "before", "during", "until", "while",
                      "all", "both", "only", "with", "without", "from", "for", "by", "as", "so", "and", "but", "or"})


@dataclass
class _Uses:
    shown: str
    counted: bool = False  # some use has a determiner before it: a common noun of the game, not a proper name
    count: int = 0
    places: set = field(default_factory=set)
    first_mid: tuple[Text, int] | None = None  # the first use mid-sentence: where the warning goes
    others: list[tuple[Text, int]] = field(default_factory=list)


def check(index: GameIndex, texts: Iterable[Text], known: Iterable[str] | None = None) -> Iterator[Problem]:
    """``known``: the names the data holds (``known_names``; worked out when not given)."""
    texts = list(texts)
    given = [n for n in (known if known is not None else known_names(index)) if n]
    names = {_key(n) for n in given}
    # a capitalised word of a longer name is named too: "Bombay" of "Presidency of Bombay", "East" of "East
    # India Company" (not "guild" of a section called "The guild")
    name_words = {_key(_unpossessive(w)) for n in given if " " in n.strip() for w in n.split()
                  if w[:1].isupper() and w.lower() not in _NAME_FILLERS}
    bodies = [_readable(t.text) for t in texts]
    lowercase = _lowercase_words(bodies)
    # one word alone is most runs: those already known or ordinary are dropped before any other work
    known_single = names | name_words | {_key(w) for w in lowercase} | STOP_WORDS
    # and the names as they are written (with a plural s), looked up before any folding
    surface = {form for n in given for form in (n, n + "s")} | {w.capitalize() for w in lowercase}
    uses: dict[str, _Uses] = {}
    # The runs are found in all texts at once, one new line apart (a run never crosses one, and a new line
    # before or after a run is what a text's start or end is to the regex): one scan instead of one a text
    # (10 000 terms: 16 800 texts). Most runs are known names, dropped before their text is looked up.
    corpus = "\n".join(bodies)
    bases = list(accumulate((len(body) + 1 for body in bodies[:-1]), initial=0))  # where each text starts
    n, next_base = -1, 0
    text = body = None
    base = paragraph = 0
    starts: list[int] | None = None
    for m in _RUN_RE.finditer(corpus):
        run = m.group()
        if run in surface:
            continue
        if " " not in run and "\t" not in run and _key(_unpossessive(run)) in known_single:
            continue
        at = m.start()
        if at >= next_base:  # a run of a later text
            n = bisect_right(bases, at) - 1
            text, body, base = texts[n], bodies[n], bases[n]
            next_base = bases[n + 1] if n + 1 < len(bases) else len(corpus) + 1
            starts, paragraph = None, 0  # worked out for the text's first run worth counting
        at -= base
        starts = starts if starts is not None else paragraph_starts(body)
        while paragraph + 1 < len(starts) and starts[paragraph + 1] <= at:
            paragraph += 1
        for start, words, initial in _candidates(body, run, at, lowercase):
            shown = " ".join(words)
            key = _key(shown)
            if len(words) == 1 and (_ordinary(words[0], lowercase) or key in name_words):
                continue
            if key in names or _holds_name(words, names):
                continue
            use = uses.setdefault(key, _Uses(shown))
            use.count += 1
            use.places.add((n, paragraph))
            if not use.counted and _DETERMINER_RE.search(body, max(0, start - 12), start):
                use.counted = True
            if initial or use.first_mid is not None:
                use.others.append((text, start))
            else:
                use.first_mid = (text, start)
                use.shown = shown
    for key, use in uses.items():
        if use.count < MIN_USES or len(use.places) < MIN_PLACES or use.first_mid is None or not use.counted:
            continue
        if " " in use.shown and _written_lowercase(use.shown, corpus):
            continue
        text, start = use.first_mid
        here = _short(text.at(start, use.shown))
        places = dict.fromkeys(_short(t.at(s, use.shown)) for t, s in use.others[:6])
        also = ", ".join(str(p) for p in list(places)[:3] if p != here)
        yield warning(CODE, f"'{use.shown}' is used {use.count} times in {len(use.places)} places, but no term "
                      f"defines it", text.at(start, use.shown),
                      f"add a glossary term '{use.shown}' (or, if it is an ordinary word, write it in lowercase)"
                      + (f"; also at {also}" if also else ""), index.game.id, f"word:{_slug(use.shown.casefold())}")


# ASCII byte -> itself for a-z and "'", 0x01 for the other bytes of a word (A-Z, 0-9, "_", "-"), else a space.
_LOWER_BYTES = bytes(c if 97 <= c <= 122 or c == 39 else 1 if 65 <= c <= 90 or 48 <= c <= 57 or c in (45, 95)
                     else 32 for c in range(128)) + bytes(128)


def _lowercase_words(bodies: list[str]) -> set[str]:
    """Every word ``_LOWER_RE`` finds in ``bodies``. The ASCII ones (most) are read in C instead of a match per
    word: a lowercase word starts a run of word bytes (letters, digits, '_', "'", '-') with a-z and ends at its
    first byte that is not a-z or "'", so the set of such runs, each cut at its first 0x01, is the same set
    (200 pages, 125 000 words: 18 -> 11 ms)."""
    found: set[str] = set()
    ascii_bodies = []
    for body in bodies:
        if body.isascii():
            ascii_bodies.append(body)
        else:
            found.update(_LOWER_RE.findall(body))
    runs = set(" ".join(ascii_bodies).encode("ascii").translate(_LOWER_BYTES).split())
    found.update(run.split(b"\x01", 1)[0].decode("ascii") for run in runs if 97 <= run[0] <= 122)
    return found


def known_names(index: GameIndex) -> list[str]:
    """Every name the game's data gives something: terms with their aliases and plurals, phases and stages,
    decks and cards, components, items, resources, tables, sections, formulas, variants, the game's title."""
    game = index.game
    names: list[str] = []
    for term in index.terms.values():
        names += [term.term, *term.aliases, *term.plurals, getattr(term, "category", None) or ""]
    names += [n.phase.name for n in index.numbered] + [g.name for g in game.phase_groups]
    names += [d.name for d in index.decks.values()] + [c.name for _, c in index.cards.values()]
    names += [getattr(c, "type", None) or "" for _, c in index.cards.values()]
    names += [c.name for c in index.components.values()] + [i.name for i in index.items.values()]
    names += [getattr(i, "kind", None) or "" for i in index.items.values()]
    names += [r.name for r in index.resources.values()] + [t.title for t in index.tables.values()]
    names += [t.title for t in index.reference_tables.values()] + [s.title for s in index.sections.values()]
    names += [f.name for f in index.formulas.values()] + [getattr(d, "name", "") or "" for d in index.dice.values()]
    names += [i.label for i in index.icons.values()]
    for legend in index.legends.values():
        names += [c.meaning for c in legend.codes]
    if game.info is not None:
        names += [game.info.title, game.info.subtitle or ""]
        names += [v.name for v in game.info.variants] + [c.label or "" for c in game.info.constants.values()]
    return names


def _readable(text: str) -> str:
    """The words a reader reads: references, headings, HTML tags, link targets and URLs blanked (offsets kept)."""
    body = refs_blanked(text)
    if "#" in body:
        body = _HEADING_RE.sub(_blank, body)
    if "<" in body or "](" in body or "://" in body:
        body = _HTML_RE.sub(_blank, body)
    return body


def _unpossessive(word: str) -> str:
    """A word without its "'s" (or a closing apostrophe); the regex only for the few words with one (10 000
    terms: 28 000 words, 11 -> 3 ms)."""
    return _POSSESSIVE_RE.sub("", word) if "'" in word or "’" in word else word


def _blank(match: re.Match) -> str:
    return " " * len(match.group())


def _candidates(body: str, run: str, start: int, lowercase: set[str]) -> Iterator[tuple[int, list[str], bool]]:
    """(start, words, sentence-initial) of the run: an ordinary first word that only starts the sentence is
    dropped ("Each Foreman" is about the Foreman; "Pig Iron" stays whole)."""
    words = [_unpossessive(w) for w in run.split()]
    initial = _sentence_start(body, start)
    if initial and len(words) > 1 and words[1] != "of" and (
            words[0].lower() in lowercase or words[0].lower() in STOP_WORDS or words[0].lower() in _OPENERS):
        start = body.index(words[1], start + len(words[0]))
        words, initial = words[1:], False
    while words and words[-1] == "of":
        words.pop()
    if words and words[0].lower() not in STOP_WORDS:
        yield start, words, initial


def _sentence_start(body: str, start: int) -> bool:
    i = start - 1
    newlines = 0
    while i >= 0 and body[i] in _MARKUP or (i >= 0 and body[i] == "\n"):
        newlines += body[i] == "\n"
        i -= 1
    if i < 0 or body[i] in _SENTENCE_END or newlines >= 2:
        return True
    return bool(_LIST_RE.search(body, max(0, i - 12), i + 1))


def _ordinary(word: str, lowercase: set[str]) -> bool:
    """Whether the text also writes this word in lowercase (then it is an ordinary word, capitalised here for
    a title or by habit), in the singular or the plural."""
    return any(form in lowercase for form in _forms(word.lower()))


def _written_lowercase(phrase: str, corpus: str) -> bool:
    """Whether the texts also write these words in lowercase ("guild seal" makes "Guild Seal" ordinary)."""
    return re.search(rf"(?<![\w-]){re.escape(phrase.lower())}(?:e?s)?(?![\w-])", corpus) is not None


def _forms(word: str) -> tuple[str, ...]:
    """A word with its singular and plural."""
    if word.endswith("ies"):
        return word, word[:-3] + "y"
    if word.endswith("es"):
        return word, word[:-2], word[:-1]
    if word.endswith("s"):
        return word, word[:-1]
    return word, word + "s", word + "es"


def _holds_name(words: list[str], names: set[str]) -> bool:
    """Whether some part of the run is a known name ("Furnace Board" holds the component "Furnace board")."""
    if len(words) == 1:
        return False
    for size in range(len(words) - 1, 0, -1):
        for i in range(len(words) - size + 1):
            if _key(" ".join(words[i:i + size])) in names:
                return True
    return False


@functools.lru_cache(maxsize=65536)
def _key(name: str) -> str:
    """A name folded for comparing: case, spacing and a plural's s do not count."""
    folded = " ".join(name.casefold().split())
    if folded.endswith("ies"):
        return folded[:-3] + "y"
    if folded.endswith("s") and not folded.endswith("ss"):
        return folded[:-1]
    return folded


def _slug(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", key).strip("-")[:100] or "word"


def _short(location: Location) -> Location:
    return Location(location.file, location.line)
