"""term_matcher: whole words, longest match first, case rules, plurals and aliases."""

from __future__ import annotations

import re

from rulecraft.models.term_matcher import TermMatcher, is_case_sensitive, normalise

GLOSSARY = [
    ("Company", "company", None),
    ("Companies", "company", None),
    ("Company Standing", "standing", None),
    ("VP", "vp", None),
    ("Victory Points", "vp", None),
    ("Office", "office", None),
    ("Offices", "office", None),
    ("seat of power", "seat", None),
    ("face-up", "face-up", None),
    ("Director's Cut", "cut", None),
]


def found(text: str, glossary=GLOSSARY) -> list[tuple[str, str]]:
    return [(text[m.start:m.end], m.term_id) for m in TermMatcher(glossary).find(text)]


def test_longest_match_wins():
    assert found("Your Company Standing rises.") == [("Company Standing", "standing")]
    assert found("The Company and its standing.") == [("Company", "company")]


def test_whole_words_only():
    assert found("Companyx and xCompany and Companywide") == []
    assert found("Company.") == [("Company", "company")]
    assert found("(Company)") == [("Company", "company")]


def test_case_insensitive_by_default():
    assert found("company STANDING and COMPANY") == [("company STANDING", "standing"), ("COMPANY", "company")]


def test_all_caps_terms_are_case_sensitive():
    assert found("Score 3 VP.") == [("VP", "vp")]
    assert found("the vp of sales, a Vp") == []
    assert found("victory points") == [("victory points", "vp")]


def test_case_sensitive_flag_overrides_the_default():
    glossary = [("Bank", "bank", True), ("NATO", "nato", False)]
    assert found("bank BANK Bank", glossary) == [("Bank", "bank")]
    assert found("nato", glossary) == [("nato", "nato")]


def test_plurals_and_aliases_map_to_their_term():
    assert found("Two Companies hold three offices.") == [("Companies", "company"), ("offices", "office")]
    assert found("A Victory Points track") == [("Victory Points", "vp")]


def test_multi_word_terms_with_any_whitespace():
    text = "Your Company\n   Standing and the seat  of\tpower."
    assert found(text) == [("Company\n   Standing", "standing"), ("seat  of\tpower", "seat")]


def test_other_separators_must_match_exactly():
    assert found("place it face-up, not face up") == [("face-up", "face-up")]
    assert found("the Director's Cut and the Director’s cut") == [("Director's Cut", "cut"),
                                                                   ("Director’s cut", "cut")]


def test_match_positions_and_words():
    matcher = TermMatcher(GLOSSARY)
    (match,) = matcher.find("My offices")
    assert (match.start, match.end, match.term_id, match.word) == (3, 10, "office", "Offices")


def test_first_word_wins_when_a_word_is_claimed_twice():
    matcher = TermMatcher([("Bluff", "bluff", None), ("bluff", "other", None)])
    assert [m.term_id for m in matcher.find("a bluff")] == ["bluff"]


def test_empty_glossary_and_empty_text():
    assert TermMatcher([]).find("anything") == []
    assert not TermMatcher([])
    assert TermMatcher(GLOSSARY).find("") == []


def test_large_glossary_is_fast():
    import time

    glossary = [(f"Term{i} Word", f"t{i}", None) for i in range(5000)]
    matcher = TermMatcher(glossary)
    text = " ".join(f"term{i} word filler" for i in range(0, 5000, 7)) + " "
    text *= 3
    started = time.thread_time()
    matches = matcher.find(text)
    assert len(matches) == 3 * len(range(0, 5000, 7))
    assert time.thread_time() - started < 1


def test_normalise_and_case_rule():
    assert normalise("  Company \n Standing ") == "company standing"
    assert normalise("Director’s Cut") == "director's cut"
    assert normalise("--") == ""
    assert is_case_sensitive("VP", None) and is_case_sensitive("AP-2", None)
    assert not is_case_sensitive("A", None) and not is_case_sensitive("Vp", None)
    assert is_case_sensitive("vp", True) and not is_case_sensitive("VP", False)


def test_possessives_match_the_term():
    assert found("the Company's shares and the Company’s seat") == [("Company", "company"), ("Company", "company")]


def test_locate_gives_each_matchs_word_index_and_the_word_count():
    matcher = TermMatcher(GLOSSARY)
    text = "Each turn, your Company Standing rises; the face-up Offices and l'Office stay.  Company"
    matches, firsts, total = matcher.locate(text)
    assert matches == matcher.find(text)
    words = [(m.start(), m.group()) for m in re.finditer(r"\w+", text)]
    assert total == len(words)
    assert [words[i][0] for i in firsts] == [m.start for m in matches]  # the match starts at that word
    assert matcher.locate("no terms in here at all") == ([], [], 6)
    assert matcher.locate("") == ([], [], 0)
    assert TermMatcher([]).locate("anything") == ([], [], -1)  # an empty glossary reads no words


def test_locate_counts_the_original_words_when_case_folding_changes_the_length():
    matcher = TermMatcher([("Straße", "street", None), ("Office", "office", None)])
    text = "Die STRASSE und die Straße, the Office"
    matches, firsts, total = matcher.locate(text)
    assert [text[m.start:m.end] for m in matches] == ["STRASSE", "Straße", "Office"]
    assert firsts == [1, 4, 6] and total == 7


def test_offsets_after_words_whose_folding_changes_length():
    glossary = [("Big  Ship", "big", True), ("VP", "vp", None), ("Office", "office", None)]
    text = "Straße big ship; STRASSE Big\nShip, ßß VP-track, vp, VP's Office-holder Office"
    assert found(text, glossary) == [("Big\nShip", "big"), ("VP", "vp"), ("Office", "office")]
    assert found(text.replace("ß", "ss"), glossary) == found(text, glossary)


def test_ascii_text_is_matched_as_any_text_is():
    """ASCII text takes a faster path (bytes.split/find): it must find what the general one finds."""
    import random

    rng = random.Random(7)
    words = ["ab", "AB", "a", "b", "s", "S", "cab", "abc", "x_y", "_", "9", "Ab", "ba"]
    gaps = [" ", "  ", "-", "'", ", ", "\n", "\t", "_", ". ", " - ", "--", "''", ""]

    def phrase(n: int) -> str:
        return "".join(rng.choice(words) + rng.choice(gaps[:-1]) for _ in range(n - 1)) + rng.choice(words)

    found_some = 0
    for _ in range(300):
        matcher = TermMatcher([(phrase(rng.randint(1, 3)), f"t{j}", rng.choice([None, None, True, False]))
                               for j in range(rng.randint(1, 6))])
        for _ in range(20):
            text = rng.choice(["", " ", "-", "'"]) + "".join(rng.choice(words) + rng.choice(gaps)
                                                              for _ in range(rng.randint(0, 14)))
            assert matcher.locate(text) == matcher._locate_any(text), text
            found_some += bool(matcher.find(text))
    assert found_some > 1000
    matcher = TermMatcher(GLOSSARY)
    for text in ["cab Company, Company's Companies-wide l'Office Office", "abCompany Company", "VP VP-x vp VP's",
                 "seat  of\npower, seat of-power", "face-up, face - up"]:
        assert matcher.locate(text) == matcher._locate_any(text)


def test_the_matcher_keeps_its_trie_only():
    """It lives as long as the rule book (~16 000 nodes on a 5 000-term glossary): a word's entry is in the
    slots of the node it ends at, and no second table of the words' keys is kept."""
    clash = GLOSSARY + [("COMPANY", "other", None)]  # the same key as "Company": the first one stays
    matcher = TermMatcher(clash)
    company = matcher.trie["company"]
    assert not hasattr(matcher, "entries") and not hasattr(company, "__dict__")
    assert (company.term_id, company.word, company.case_sensitive) == ("company", "Company", False)
    assert company[" "].term_id is None and company[" "]["standing"].term_id == "standing"  # "Company Standing"
    assert matcher.trie["vp"].exact == "VP" and matcher.trie["vp"].case_sensitive
    assert found("the company", clash) == [("company", "company")]
    assert matcher and not TermMatcher([]) and not TermMatcher([("...", "dots", None)])
    text = "The Company Standing of the VP, a vp, face-up: Director's Cut."
    assert len(matcher.find(text)) == 4


def test_punctuation_between_words_must_be_there_with_any_spacing_around_it():
    glossary = [("Lawful / Neutral", "ln", None), ("Lawful", "lawful", None), ("Rock & Roll", "rr", None)]
    text = "A Lawful / Neutral model; lawful/neutral ones; a Lawful /\n  Neutral one; Lawful Neutral; Rock&Roll."
    expected = [("Lawful / Neutral", "ln"), ("lawful/neutral", "ln"), ("Lawful /\n  Neutral", "ln"),
                ("Lawful", "lawful"), ("Rock&Roll", "rr")]
    assert found(text, glossary) == expected
    assert found(text + " é", glossary) == expected  # the same on the path for any text (not only ASCII)
    assert normalise("Lawful / Neutral") == normalise("Lawful/Neutral") == "lawful/neutral"


def test_short_aliases_match_only_as_written():
    from rulecraft.models.glossary import Term

    attacks = Term(id="attacks", term="Attacks", aliases=["A", "Atk", "S"], short="Blows.")
    glossary = [(w, "attacks", flag) for w, flag in attacks.linked_words()]
    # "A" as written is the article starting a sentence: an everyday word, never linked by itself
    assert found("A model with A 3 and S 2 makes a atk and an ATK; s", glossary) == [
        ("S", "attacks"), ("atk", "attacks"), ("ATK", "attacks")]
    meant = Term(id="attacks", term="Attacks", aliases=["A"], common_aliases=["A"], short="Blows.")
    assert found("a model with A 3", [(w, "attacks", f) for w, f in meant.linked_words()]) == [("A", "attacks")]
    marked = Term(id="attacks", term="Attacks", aliases=["A"], common_aliases=["A"], short="Blows.",
                  case_sensitive=False)
    assert found("a model", [(w, "attacks", f) for w, f in marked.linked_words()]) == [("a", "attacks")]
