"""The player view in rendered HTML: designer notes marked (hidden by CSS, listed on Status), the quiet
line of a phase without rules, plain-text attributes, no empty columns, honest deck counts, the
glossary's filter and folded word forms, dice tables carried by their phase with unique ids."""

from __future__ import annotations

from pathlib import Path

import mdkit
import pytest
from gamekit import write_game

from rulecraft.pages.assets import ASSETS

GAME = """\
id: demo
title: Demo
summary: A demo.
components:
  - {id: board, name: Board}
  - {id: dice, name: Dice, designer_note: The source never says how many.}
open_questions:
  - {id: q, question: Who goes first?}
"""
TERMS = """\
terms:
  - {id: law, term: Law, plurals: [Laws, laws], aliases: [Act], short: "A rule {term:parliament} passes."}
  - {id: parliament, term: Parliament, short: "Where a **law** is voted."}
"""
PHASES = """\
phases:
  - id: vote
    name: Vote
    optional: true
    condition: "The {term:law} card is out."
    rules: Vote on {dice:vote-roll}.
    dice: [vote-roll]
    see: [vote, count]
    steps:
      - text: Count the votes.
        todo: Ties are not covered.
  - id: count
    name: Count
    summary: Votes are counted.
    todo: The source leaves this phase empty.
"""
DICE = """\
tables:
  - id: vote-roll
    title: Vote roll
    dice: 1d6
    designer_note: Chances assumed.
    rows:
      - {roll: 1-3, result: Fails.}
      - {roll: 4-6, result: Passes.}
"""
CARDS = """\
decks:
  - id: empty
    name: Empty deck
  - id: examples
    name: Examples
    cards:
      - {id: real, name: Real, qty: 1}
      - {id: shown, name: Shown, qty: 0}
      - {id: also, name: Also shown, qty: 0}
      - {id: untold, name: Untold}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("player")
    write_game(root, {"game.yaml": GAME, "terms.yaml": TERMS, "phases.yaml": PHASES, "dice.yaml": DICE,
                      "cards.yaml": CARDS}, base={})
    return root


def render(rules: Path, block: str):
    return mdkit.render(rules, f"/// {block}\n///\n", game="demo", page="demo/turn.md")[0]


def test_designer_notes_are_marked_and_the_css_hides_them(rules):
    turn = render(rules, "turn")
    notes = turn.select(".rc-dnote")
    texts = " ".join(n.get_text(" ") for n in notes)
    assert "Ties are not covered." in texts and "The source leaves this phase empty." in texts
    assert "Chances assumed." in texts  # a table's note, inside the phase that carries the table
    assert all(n.has_attr("data-search-exclude") for n in notes)  # a search never shows what the page hides
    css = (ASSETS / "player.css").read_text(encoding="utf-8")
    assert ".rc-dnote { display: none !important; }" in css
    assert "@media screen {\n  .rc-notes-on .rc-dnote" in css  # only on screen: print is the player view


def test_a_phase_without_rules_says_so_in_one_quiet_line(rules):
    turn = render(rules, "turn")
    count = turn.select_one("#count").find_parent("section")
    assert count.select_one("p.rc-unwritten").get_text() == "The rules of this phase are not written yet."
    assert not turn.select_one("#vote").find_parent("section").select("p.rc-unwritten")
    # The index marks it for designers only.
    (badge,) = turn.select(".rc-sequence .rc-badge--todo")
    assert "rc-dnote" in badge["class"] and not badge.get("title")


def test_attributes_are_plain_text(rules):
    turn = render(rules, "turn")
    titles = [el["title"] for el in turn.select("[title]")] + [el["aria-label"] for el in turn.select("[aria-label]")]
    assert "The Law card is out." in titles
    assert not [t for t in titles if "{" in t or "<" in t or "**" in t], titles


def test_a_phase_carries_its_dice_table_collapsed_with_a_unique_id(rules):
    turn = render(rules, "turn")
    vote = turn.select_one("#vote").find_parent("section")
    details = vote.select_one("details.rc-phase-dice")
    assert details is not None and not details.has_attr("open")
    assert details.select_one("summary").get_text() == "Dice table: Vote roll"
    table = details.select_one(".rc-dice[data-rc-dice]")
    assert table["id"] == "vote~vote-roll" and table.select_one(".rc-dice-ui")
    assert "See also" in vote.get_text() and not vote.select('.rc-refs a[href="#vote"]')  # never itself
    page = mdkit.render(rules, "/// turn\n///\n\n/// dice | vote-roll\n///\n", game="demo", page="demo/turn.md")[0]
    ids = [el["id"] for el in page.select("[id]")]
    assert len(ids) == len(set(ids))


def test_status_lists_every_designer_note(rules):
    status = render(rules, "status")
    notes = status.select_one("#designer-notes").find_next("ul", class_="rc-note-list")
    texts = [li.get_text(" ", strip=True) for li in notes.select("li")]
    assert any("Dice" in t and "never says how many" in t for t in texts)
    assert any("Vote roll" in t and "Chances assumed." in t for t in texts)
    assert not status.select(".rc-dnote")  # shown on Status whatever the switch says


def test_components_show_only_columns_with_data(rules):
    table = render(rules, "components").select_one("table.rc-components")
    assert [th.get_text() for th in table.select("th")] == ["Component"]


def test_deck_counts_are_right(rules):
    cards = render(rules, "cards")
    counts = [p.get_text() for p in cards.select(".rc-deck-count")]
    assert counts == ["Its cards are not listed in the rules.",
                      "1 card. 3 more shown below with their count unknown."]
    # a card without qty (the source gives no count) shows no count at all, never an invented 1
    assert [b.get_text() for b in cards.select(".rc-badge--qty")] == ["×1", "Count unknown", "Count unknown"]
    assert not cards.find(id="card-untold").parent.select(".rc-badge--qty")


def test_glossary_filter_letters_and_folded_word_forms(rules):
    glossary = render(rules, "glossary")
    bar = glossary.select_one(".rc-gindex")
    box = bar.select_one(".rc-gfilter")
    assert box.has_attr("hidden")  # no dead control without JavaScript
    field = box.select_one("input")
    assert field["aria-label"] == "Filter terms" and field["aria-describedby"] == "rc-gfilter-count"
    assert bar.select_one("nav.rc-letters")
    law = glossary.select_one('[data-term="law"]')
    assert law["data-rc-words"] == "law | act | laws | laws"
    forms = law.select_one("details.rc-forms")
    assert forms.select_one("summary").get_text() == "Also written" and "Act, Laws, laws" in forms.get_text()


def test_a_summary_the_rules_begin_with_is_shown_once(tmp_path):
    """An imported phase's summary is its rules' first sentence: the phase's section reads it once; the
    turn list at the top keeps it."""
    phases = """\
phases:
  - id: dawn
    name: Dawn
    summary: The crier rolls on the {term:law} table.
    rules: "The *crier* rolls on the {term:law} table. Then everyone draws."
  - id: dusk
    name: Dusk
    summary: Everyone rests.
    rules: Return the goods to the bag.
"""
    write_game(tmp_path, {"game.yaml": GAME, "terms.yaml": TERMS, "phases.yaml": phases}, base={})
    page = str(mdkit.render(tmp_path, "/// turn\n///\n", game="demo", page="demo/turn.md")[0])
    dawn = page[page.index('id="dawn"'):page.index('id="dusk"')]
    dusk = page[page.index('id="dusk"'):]
    assert "rc-summary" not in dawn and "Then everyone draws." in dawn
    assert '<p class="rc-summary">Everyone rests.</p>' in dusk
    assert page.count("rolls on the") == 2  # the turn list's line and the rules


def test_a_shorter_summary_a_designer_wrote_is_not_taken_for_the_rules_first_sentence(tmp_path):
    """Only a whole first sentence (or the importer's cut of one, ending '…') is a repetition: a summary that
    is the start of a longer sentence, or of a longer word, stays above the rules."""
    cases = {  # id: (summary, rules, shown above the rules)
        "draw": ("Draw.", "Drawing is skipped in the first round.", True),
        "trade": ("Trade", "Trade goods sell for 2 coins at the market.", True),
        "choose": ("Choose one", "Choose one: a stall or a cart.", True),
        "vote": ("Vote on the new laws.", "Vote on the new {term:law|laws}. Then count.", False),
        "act": ("Do one of these:", "Do one of these:\\n\\n- Sell.\\n- Buy.", False),
        "long": ("Move up to three spaces …", "Move up to three spaces along the road, then stop.", False),
    }
    phases = "phases:\n" + "".join(f'  - id: {key}\n    name: {key.title()}\n    summary: "{summary}"\n'
                                   f'    rules: "{rules}"\n' for key, (summary, rules, _) in cases.items())
    write_game(tmp_path, {"game.yaml": GAME, "terms.yaml": TERMS, "phases.yaml": phases}, base={})
    page = str(mdkit.render(tmp_path, "/// turn\n///\n", game="demo", page="demo/turn.md")[0])
    keys = list(cases)
    for key, following in zip(keys, [*keys[1:], None]):
        section = page[page.index(f'id="{key}"'):page.index(f'id="{following}"') if following else None]
        assert ('class="rc-summary"' in section) is cases[key][2], (key, section)


def test_a_designer_note_in_prose_is_hidden_like_the_datas_and_takes_no_term_link(rules):
    text = ("The Law stands.\n\n/// designer-note\nThe source says nothing of a **Law** repealed.\n///\n\n"
            "/// designer-note | todo\nWrite how a Law is repealed.\n///\n")
    page = mdkit.render(rules, text, game="demo", glossary_url="glossary/", link_spacing=0)[0]
    note, todo = page.select(".admonition.rc-dnote")
    assert "rc-dnote--note" in note["class"] and "rc-dnote--todo" in todo["class"]
    assert note.has_attr("data-search-exclude") and todo.has_attr("data-search-exclude")
    assert note.select_one(".admonition-title").get_text() == "Designer note"
    assert todo.select_one(".admonition-title").get_text() == "Designer note: not in the rules yet"
    assert note.select_one("strong").get_text() == "Law"  # its Markdown is rendered
    assert page.select_one("p > a.rc-term").get_text() == "Law"  # the rule's mention is linked, the notes' never
    assert not page.select(".rc-dnote a")
    _, ext = mdkit.render(rules, "/// designer-note | later\nSoon.\n///\n", game="demo", allow_problems=True)
    assert ext.state.problems == ["/// designer-note | later: the argument is 'todo' or none"]


def test_a_heading_inside_a_designer_note_is_a_bold_line_out_of_the_contents(rules):
    text = "# Rules\n\n## Vote\n\n/// designer-note\n### Playtest *notes*\n\nTies came up twice.\n///\n"
    page = mdkit.render(rules, text, game="demo")[0]
    assert [h.get_text() for h in page.select("h1, h2, h3, h4")] == ["Rules", "Vote"]  # the contents list these
    line = page.select_one(".rc-dnote p.rc-note-heading")
    assert line.select_one("strong").decode_contents() == "Playtest <em>notes</em>"
    own = mdkit.render(rules, "/// designer-note\n### Ties {#ties}\n\nTwice.\n///\n", game="demo")[0]
    assert own.select_one("p#ties strong").get_text() == "Ties"  # its own id kept: links to it still land


def test_a_phase_block_under_a_heading_naming_it_takes_that_heading(rules):
    """'## Vote' over `/// phase | vote`: one heading, numbered ("1. Vote"), not "Vote" over "1. Vote"."""
    text = "# Rules\n\n## The vote\n\n/// phase | vote\n///\n\n## 2. count\n\n/// phase | count\n///\n"
    page = mdkit.render(rules, text, game="demo")[0]
    assert [(h.name, h.get("id"), h.get_text()) for h in page.select("h1, h2, h3, h4")] == [
        ("h1", "rules", "Rules"), ("h2", "the-vote", "The vote"), ("h3", "vote", "1. Vote"),  # another name
        ("h2", "count", "2. Count")]  # the same name: one heading, the phase's, at the page's level
    kept = mdkit.render(rules, "## Count {#mine}\n\n/// phase | count\n///\n", game="demo")[0]
    assert [h.get_text() for h in kept.select("h2, h3")] == ["Count", "2. Count"]  # an id of the author's: kept


def test_a_glossary_block_in_prose_nests_under_the_heading_above_it(rules):
    top = render(rules, "glossary")
    assert [h.name for h in top.select(".rc-letter")] == ["h2", "h2"] and top.select_one(".rc-term-title").name == "h3"
    page = mdkit.render(rules, "# Rules\n\n## Play\n\n### Words we use\n\n/// glossary\n///\n", game="demo")[0]
    assert {h.name for h in page.select(".rc-letter")} == {"h4"} and {h.name for h in page.select(".rc-term-title")} == {"h5"}
