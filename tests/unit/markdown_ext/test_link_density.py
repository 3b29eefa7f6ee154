"""Reading density of glossary links: the page budget, term lists that always keep their links,
explicit references the budget cannot pay for, designer notes and self-links left unlinked, and
{dice:x} inside a phase pointing at the phase's own copy of the table."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree as etree

import mdkit
import pytest
from gamekit import write_game

from rulecraft.markdown_ext.termlinks import HEADINGS, _count, count_words
from rulecraft.render.base import linked_term

TERMS = """\
terms:
  - {id: office, term: Office, plurals: [Offices], short: A job held by a family member.}
  - {id: company, term: Company, short: The trading company everyone runs.}
  - {id: ship, term: Ship, plurals: [Ships], short: A vessel of the Company.}
  - {id: army, term: Army, plurals: [Armies], short: Troops in India.}
  - {id: storm, term: Storm, plurals: [Storms], short: Bad weather at sea.}
  - {id: prize, term: Prize, plurals: [Prizes], short: Where retired members end up.}
"""

PHASES = """\
phases:
  - id: shipping
    name: Shipping
    rules: >-
      The Company buys a Ship for each Office it holds; see {phase:shipping} and roll on {dice:storm-roll}.
      Then every Army rests and each Prize is counted. A Storm may sink a Ship.
    terms: [ship, storm]
    dice: [storm-roll]
    designer_note: The source does not say whether an Army or an Office pays for the Ship.
  - id: hiring
    name: Hiring
    summary: Offices are filled.
    todo: The source leaves the Hiring section empty.
"""

DICE = """\
tables:
  - id: storm-roll
    title: Storm roll
    dice: 1d6
    rows:
      - {roll: 1-3, result: Nothing.}
      - {roll: 4-6, result: A Ship sinks.}
"""

WORDS = ["the", "Company", "sends", "an", "Office", "to", "sea", "with", "a", "Ship", "and", "an", "Army", "while", "a", "Storm", "may", "take", "the", "Prize", "so", "every", "player", "watches", "the", "weather", "and", "counts", "the", "money", "before", "the", "next", "round", "begins"]


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    write_game(tmp_path, {"game.yaml": "id: demo\ntitle: Demo\nsummary: A demo.\n", "terms.yaml": TERMS,
                          "phases.yaml": PHASES, "dice.yaml": DICE}, base={})
    return tmp_path


def prose(paragraphs: int) -> str:
    """Paragraphs of ordinary text in which every term turns up again and again."""
    return "\n\n".join(" ".join(WORDS) + "." for _ in range(paragraphs))


def body_words(soup) -> int:
    return len(re.findall(r"[^\W_]+", soup.get_text(" ")))


def test_a_page_gets_at_most_one_link_per_25_words(rules):
    text = "\n\n".join(f"## Part {i}\n\n{prose(2)}" for i in range(8))  # 8 sections: per-section firsts
    dense, _ = mdkit.render(rules, text, game="demo", link_spacing=0)
    spaced, _ = mdkit.render(rules, text, game="demo")  # the default budget: 25 words a link
    words = body_words(spaced)
    assert len(dense.select("a.rc-term")) > words / 15  # every first mention per section
    links = spaced.select("a.rc-term")
    assert links and len(links) <= words / 25
    assert len(mdkit.render(rules, text, game="demo", link_spacing=50)[0].select("a.rc-term")) <= words / 50


def test_links_are_spread_through_the_text(rules):
    soup, _ = mdkit.render(rules, prose(6), game="demo")
    position, starts = 0, []  # word position of each link
    for string in soup.find_all(string=True):
        if string.parent.name == "a":
            starts.append(position)
        position += len(re.findall(r"[^\W_]+", string))
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert len(starts) >= 3 and min(gaps) >= 20  # never a row of links; the budget holds between any two


def test_unlinked_mentions_still_count_for_used_in(rules):
    _, ext = mdkit.render(rules, prose(1), game="demo")
    mentioned = {term for _, term, _, _ in ext.state.mentions}
    assert mentioned == {"office", "company", "ship", "army", "storm", "prize"}


def test_an_explicit_reference_the_budget_cannot_pay_for_shows_its_words(rules):
    soup, _ = mdkit.render(rules, "The {term:company} and the {term:ship|Ships} and {term:army}.", game="demo")
    assert soup.select("a.rc-term") == []  # nine words: no link earned yet
    assert soup.get_text() == "The Company and the Ships and Army."
    long, _ = mdkit.render(rules, prose(1) + "\n\nThen the {term:company|firm} pays.", game="demo")
    assert "firm" in [a.get_text() for a in long.select("a.rc-term")]


def test_term_lists_keep_their_links_and_the_phase_text_links_other_terms(rules):
    soup, _ = mdkit.render(rules, "/// phase | shipping\n///\n", game="demo")
    listed = soup.select(".rc-term-list a.rc-term")
    assert [a.get_text() for a in listed] == ["Ship", "Storm"]
    in_text = [a["href"].rpartition("#")[2] for a in soup.select(".rc-phase > p:not(.rc-term-list) a.rc-term")]
    assert "ship" not in in_text and "storm" not in in_text


def test_designer_notes_never_take_a_terms_link(rules):
    soup, _ = mdkit.render(rules, "/// phase | shipping\n///\n", game="demo", link_spacing=0)
    note = soup.select_one(".rc-dnote")
    assert note is not None and "Army" in note.get_text() and not note.select("a.rc-term")
    assert "army" in [a["href"].rpartition("#")[2] for a in soup.select(".rc-phase > p:not(.rc-term-list) a.rc-term")]


def test_a_phase_never_links_to_itself_and_its_dice_links_stay_inside(rules):
    soup, _ = mdkit.render(rules, "/// phase | shipping\n///\n", game="demo")
    section = soup.select_one("section.rc-phase")
    assert not [a for a in section.select("a") if a.get("href", "").endswith("#shipping")
                and "headerlink" not in a.get("class", [])]
    assert "phase 1 (Shipping)" in section.get_text()
    (dice_link,) = section.select("a.rc-dice-ref")
    copy = section.select_one("details.rc-phase-dice .rc-dice")
    assert dice_link["href"] == "#" + copy["id"] == "#shipping~storm-roll"


# --- the budget's word counts: counted once, the same as counting every piece of text with _WORD_RE ----

WORD_RE = re.compile(r"[^\W_]+")


@pytest.mark.parametrize("text", ["", " ", "one", "one two", "  Company's 3rd-turn: 2d6+1, A_B_c __x__ _",
                                  "\t\nx\x02y\x03z", "naïve café — 1½ Straße ǰ", "snake_case and ΣΑΣ ٣"])
def test_count_words_counts_what_the_word_pattern_finds(text):
    assert count_words(text) == len(WORD_RE.findall(text))


def _reference_count(el, listed=False):
    """The budget's page count as first written: one findall per text, recursively."""
    words = len(WORD_RE.findall(el.text)) if el.text else 0
    links = 1 if listed and linked_term(el) else 0
    for child in el:
        cls = child.get("class") or ""
        if child.tag not in HEADINGS and child.tag not in ("script", "style") and \
                not any(c in cls for c in ("rc-dnote", "headerlink")):
            w, n = _reference_count(child, listed or "rc-term-list" in cls)
            words, links = words + w, links + n
        if child.tail:
            words += len(WORD_RE.findall(child.tail))
    return words, links


def test_the_page_count_leaves_out_headings_scripts_and_designer_notes(rules):
    soup_html = ('<div><h2 id="a">Head words<a class="headerlink" href="#a">¶</a></h2>tail one'
                 '<p>The Company_Ship sails.<script>var x = 1;</script> after script</p>'
                 '<p class="rc-term-list">Terms: <a class="rc-term" href="g.md#term-ship">Ship</a>, '
                 '<a class="rc-term" href="g.md#term-storm">Storm</a>.<em>deep <b>bold</b> é</em></p>'
                 '<div class="admonition rc-dnote"><p>hidden note words</p></div> tail two'
                 '<section class="rc-phase"><p class="x rc-term-list"><a class="rc-term" href="#term-army">Army</a>'
                 '</p>naïve text</section></div>')
    root = etree.fromstring(soup_html)
    assert _count(root) == _reference_count(root)
    assert _count(root)[1] == 3


@pytest.mark.parametrize("variant", ["sea_side", "seá side"])
def test_the_budget_is_the_same_whichever_way_a_text_is_counted(rules, variant):
    """ASCII text without '_' is counted from the matcher's words; other text word by word. Text of the
    same number of words must get its links in the same places."""
    text = "\n\n".join(f"## Part {i}\n\n{prose(2)}" for i in range(3)).replace(" sea ", " sea side ")
    plain = str(mdkit.render(rules, text, game="demo")[0])
    other = str(mdkit.render(rules, text.replace("sea side", variant), game="demo")[0])
    assert plain.count('class="rc-term"') >= 4
    assert other.replace(variant, "sea side") == plain


@pytest.mark.parametrize(("filler", "linked"), [("a_b", True), ("a b", True), ("ab", False), ("á_b", True)])
def test_the_budget_counts_words_split_at_underscores(rules, filler, linked):
    """'a_b' is two words of reading, as 'a b' is (not one, as the matcher's \\w+ tokens would have it)."""
    soup, _ = mdkit.render(rules, f"{' '.join([filler] * 10)} then the Company pays.", game="demo", link_spacing=15)
    assert bool(soup.select("a.rc-term")) is linked
