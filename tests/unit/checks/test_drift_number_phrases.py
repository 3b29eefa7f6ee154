"""checks/drift/numbers.py: numbers that count a noun, and what is no count (ranges, ordinals, dates, dice)."""

from __future__ import annotations

import re

import pytest

from rulecraft.checks.drift.numbers import NounIndex, number_phrases, number_value, singular

NOUNS = NounIndex([("influence-marker", ["Influence marker", "influence", "Influence markers"]),
                   ("ship", ["Ship", "vessel", "Ships", "vessels"]), ("crate", ["Cargo crate", "crate"])])


def found(text: str) -> list[tuple[int, str]]:
    return [(p.value, p.noun.key) for p in number_phrases(text, NOUNS, {"markers": 15})]


@pytest.mark.parametrize(("word", "value"), [("twenty", 20), ("Fifteen", 15), ("twenty-eight", 28), ("7", 7),
                                             ("dozen", 12), ("ninety-nine", 99), ("eleventh", None)])
def test_number_words_and_digits(word, value):
    assert number_value(word) == value


@pytest.mark.parametrize(("plural", "one"), [("cities", "city"), ("boxes", "box"), ("dice", "die"),
                                             ("ships", "ship"), ("gas", "gas"), ("class", "class")])
def test_simple_inflection(plural, one):
    assert singular(plural) == one


@pytest.mark.parametrize(("text", "expected"), [
    ("placed all twenty of their influence markers", [(20, "term:influence-marker")]),
    ("placed all fifteen of their influence", [(15, "term:influence-marker")]),  # an alias
    ("take your 5 vessels", [(5, "term:ship")]),  # a plural alias
    ("each player has 4 {term:ship|ships}", [(4, "term:ship")]),  # a reference names its term
    ("every one of their {const:markers} markers", [(15, "word:marker")]),  # a constant in place of a number
    ("all 30 wooden crates", [(30, "term:crate")]),  # a glossary noun after an adjective
    ("17+ fame and 12 or more gold", [(17, "word:fame"), (12, "word:gold")]),
    ("five kinds of ships", [(5, "term:ship/kind")]),  # a classifier counts what follows it
])
def test_counts_and_their_nouns(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "for 2–4 players", "for 2-4 ships", "for 2 to 4 ships", "two or three ships", "between 2 and 4 ships",
    "1, 2 and 3 ships",  # ranges and lists
    "on the 3rd ship", "the 2nd round",  # ordinals
    "on 12 March the ships", "founded in 1702 ships", "4 July",  # dates and years
    "roll 2d6 ships", "roll 2D6", "roll two six-sided dice", "a d6 roll", "1d10 ships",  # dice
    "+1 ships", "×2 ships", "1.5 ships", "10% ships", "3/4 ships", "a two-player game",  # no counts
    "in phase 3 ships", "space 2 ships", "page 5 ships", "step 4 ships",  # labels
    "there are five kinds.",  # a classifier with nothing after it
])
def test_what_is_no_count(text):
    assert found(text) == []


def test_a_phrase_knows_its_words_around_and_how_it_is_written():
    phrase = number_phrases("Each player has 4 {term:ship|ships} in the harbour.", NOUNS)[0]
    assert (phrase.before, phrase.after, phrase.written) == ("each player has", "in the harbour", "4 ships")


def test_noun_index_of_a_game_reads_terms_plurals_and_aliases():
    from types import SimpleNamespace

    term = SimpleNamespace(id="influence-marker", words=["Influence marker", "influence", "Influence markers"],
                           common_aliases=["cube"])
    nouns = NounIndex.of_game(SimpleNamespace(terms={"influence-marker": term}))
    assert nouns.key_of(["cubes"]) == "term:influence-marker"
    assert nouns.keys_in("Influence markers per player") == {"term:influence-marker"}


def test_number_words_are_matched_in_any_case_as_a_case_blind_regex_would():
    """The number regex spells each letter's cases out as a set (faster than ``(?i:...)``): the same characters,
    every Unicode case folding included ("ſix" has a long s)."""
    from rulecraft.checks.drift.numbers import NUMBER_WORDS, _cased

    everything = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    for letter in sorted(set("".join(NUMBER_WORDS)) | set("k")):
        assert re.findall(_cased(letter, True), everything) == re.findall(f"(?i:{re.escape(letter)})", everything), letter


@pytest.mark.parametrize("text", [
    "two ships", "Two ships and (3 crates)", "{const:markers}{const:markers} ships", "{const:markers|two ships} left",
    "TWENTY-ONE ships", "ſix ships", "x2 ships, 3, 4 and 5 ships", "-3 ships +2 ships\n+ 4 ships", "“Twelve” crates",
])
def test_the_number_scan_finds_what_the_number_regex_finds(text):
    from rulecraft.checks.drift.numbers import _NUMBER_RE, _numbers

    expected = [(m.start(), m.end(), m.group("num"), m.group("const"), m.group("plus") is not None)
                for m in _NUMBER_RE.finditer(text)]
    assert list(_numbers(text)) == expected


@pytest.mark.parametrize("text", ["", "no end here", "a. b", "a.b c", "x: y; z (w) [v] | u\nt", "end. ", "(", "a!\n",
                                  "one. two? three! ", "a ] b. ", ". ) ", "x;y ; z"])
def test_the_words_before_a_number_start_where_the_clause_does(text):
    """_words_before finds the last clause end with rfind: where _LAST_CLAUSE_END_RE's match ends."""
    from rulecraft.checks.drift.numbers import _LAST_CLAUSE_END_RE, _LOWER_WORDS_RE, _words_before

    cut = _LAST_CLAUSE_END_RE.match(text)
    expected = " ".join(_LOWER_WORDS_RE.findall(text[cut.end() if cut else 0:].lower())[-6:])
    assert _words_before(text + "7", len(text)) == expected
