"""What players read on the built seed site: no words about how the rules were written down, and no wording
slips the templates make (a sentence opening in lower case, a word written twice, "1 credits"), on every page
and in every cheat-sheet PDF. The checks themselves are tested in tests/unit/render/test_player_text_checks.py."""

from __future__ import annotations

import re

import pytest
from pdfkit import text as pdf_text
from playertext import (banned_words, blocks, broken_lines, lower_case_sentences, one_plurals, player_pages,
                        repeated_words)

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def player_blocks(seed_site):
    return [(rel, block) for rel, article in player_pages(seed_site) for block in blocks(article)]


def _found(player_blocks, check):
    return [(rel, hit, block[:140]) for rel, block in player_blocks for hit in check(block)]


def test_every_game_page_is_read(player_blocks):
    pages = {rel for rel, _ in player_blocks}
    for game in ("john-company", "straits", "corporate-warfare", "asean-2090", "1800"):
        assert f"{game}/index.html" in pages and f"{game}/glossary/index.html" in pages
        assert f"{game}/status/index.html" not in pages  # the designers' page
    assert len(player_blocks) > 2000


def test_no_process_words_in_player_text(player_blocks):
    assert _found(player_blocks, banned_words) == []


def test_no_sentence_starts_in_lower_case(player_blocks):
    assert _found(player_blocks, lower_case_sentences) == []


def test_no_word_written_twice(player_blocks):
    assert _found(player_blocks, repeated_words) == []


def test_one_is_never_followed_by_a_plural(player_blocks):
    assert _found(player_blocks, one_plurals) == []


def test_designer_notes_are_there_for_the_switch(seed_site):
    """What left the player text is still on the page, in notes: the test above cannot pass by deleting."""
    from sitekit import page

    home = page(seed_site, "straits/")
    notes = " ".join(n.get_text(" ") for n in home.select(".rc-dnote"))
    assert "colonial Singapore" in notes and "not how the game is won" in notes
    dice = page(seed_site, "corporate-warfare/dice/")
    for box in dice.select(".rc-dice"):
        assumed = box.select(".rc-assumed")
        assert all(a.find_parent(class_="rc-dnote") is not None for a in assumed)
        texts = [a.get_text(" ", strip=True) for a in assumed]
        assert len(texts) == len(set(texts))  # each assumption once per table


@pytest.mark.parametrize("game", ["john-company", "straits", "corporate-warfare", "asean-2090", "1800"])
def test_cheat_sheet_pdf_reads_clean(seed_site, game):
    text = pdf_text(seed_site / game / "cheatsheet.pdf")
    squeezed = re.sub(r"\s+", " ", text)
    assert banned_words(squeezed) == []
    # A PDF's text runs cells together ("… in Era I" / "1" / "Citizens a Population Boom…"): "1 <plural>" is
    # looked for within a line, and repeats are checked on the pages.
    assert one_plurals(re.sub(r"[ \t]*\n[ \t]*", " ¶ ", text)) == []
    assert broken_lines(text) == []
