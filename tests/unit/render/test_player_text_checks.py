"""The player-text checks (tests/playertext.py) catch what the review saw and pass what is fine."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bs4 import BeautifulSoup  # noqa: E402
from playertext import (banned_words, blocks, broken_lines, lower_case_sentences, one_plurals,  # noqa: E402
                        repeated_words)


def test_process_words_are_caught_as_whole_words():
    assert banned_words("This data covers only the concepts; how the game is won is not stated.") == \
        ["This data", "not stated"]
    assert banned_words("Up to 4 (assumed); see the open questions. The source says so.") == \
        ["assumed", "open questions", "The source"]
    assert banned_words("The players' summary says all of this shows as VPs.") == ["The players' summary"]
    assert banned_words("Seedlings grow; the sourced goods are encoders' delight.") == []


def test_a_sentence_opening_in_lower_case():
    assert lower_case_sentences("(each die costs £1). phase 7b (Governor General), as often as wished.") == \
        ["£1). phase"]
    assert lower_case_sentences("Roll a storm. Phase 16 (Events). Costs 1.5 gold, e.g. a ship; vs. them.") == []


def test_a_word_twice_or_once_in_the_plural():
    assert repeated_words("gains VPs VP equal to the District Multiplier") == ["VPs VP"]
    assert repeated_words("3 credits Credits per counted marker") == ["credits Credits"]
    assert repeated_words("gains VPs equal to the multiplier; roll 2 2s") == []


def test_one_and_a_plural():
    assert one_plurals("1 credits per marker; 1–4 players; 1 players") == ["1 credits", "1 players"]
    assert one_plurals("1 credit, 1 success, 1 bonus, 21 credits, 1.5 credits, 2–1 players, cube 1 goes") == []


def test_blocks_keep_cells_apart_and_drop_notes():
    soup = BeautifulSoup('<article><table><tr><td>3 credits</td><td>Credits per marker</td></tr></table>'
                         '<p>Rule. <span class="rc-dnote">This data is assumed.</span></p>'
                         '<ol class="rc-sequence"><li><a>Governors</a> <span class="rc-summary">Governors tax.</span>'
                         '</li></ol></article>', "html.parser")
    for note in soup.select(".rc-dnote"):
        note.decompose()
    assert blocks(soup.article) == ["3 credits", "Credits per marker", "Rule.", "Governors", "Governors tax."]


def test_a_line_broken_before_a_word_that_fitted():
    text = "The attacker loses that\nmany dollars. If they\ncannot\npay, they lose an\nemployee token\ninstead.\n"
    assert broken_lines(text) == ["many dollars. If they / cannot / pay, they lose an"]
    assert broken_lines("Roll the die.\nthen\nmove on.\nKEY TERMS\nupkeep\nrate") == []
