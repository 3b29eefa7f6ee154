"""The cheat sheet keeps what the turn page says of a phase (who acts) and the sections its own text names;
a reference to something the sheet does not show names the page that has it, never a dangling "see"."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamekit import write_game
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import SIZES_PT, estimate, sheet_content
from rulecraft.models.index import build_index

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    sections:
      - id: dragon
        title: Impressing the dragon
        text: Three wins in a row impress the dragon.
      - id: camp
        title: Making camp
        text: Each model heals.
      - id: market
        title: The market
        steps: [Buy one Widget., Sell one Widget.]
    """
PHASES = """\
    phases:
      - id: trade
        name: Trade
        acts: simultaneous
        summary: Trade once; see {section:dragon}.
        rules: Each player may trade one Widget.
      - id: rest
        name: Rest
        acts: turn-order
        summary: Rest; see {phase:trade} and {dice:weather|the weather roll}.
        rules: Each player rests.
    """


DICE = """\
    tables:
      - id: weather
        title: Weather
        dice: 1d6
        rows:
          - {roll: 1-3, result: Rain.}
          - {roll: 4+, result: Sun.}
    """


def sheet_of(root: Path, game_yaml: str):
    write_game(root, {"game.yaml": game_yaml, "phases.yaml": PHASES, "dice.yaml": DICE})
    return render(root, "/// cheatsheet\n///\n", game="demo", extensions=[])[0]


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


@pytest.fixture
def sheet(tmp_path):
    return sheet_of(tmp_path, GAME)


def test_who_acts_is_shown_as_on_the_turn_page(sheet):
    assert [text(e) for e in sheet.select(".rc-sheet-phase .rc-sheet-acts")] == ["Simultaneously", "In turn order"]


def test_the_sections_the_sheet_names_are_on_it(sheet):
    block = sheet.select_one(".rc-sheet-sections")
    assert [text(h) for h in block.select("h3")] == ["Impressing the dragon"]
    assert text(block) .endswith("Three wins in a row impress the dragon.")
    link = sheet.select_one("#sheet-phase-trade .rc-section-ref")
    assert link is not None and text(link) == "Impressing the dragon"  # named, and on the sheet


def test_listed_sections_are_shown_with_their_steps(tmp_path):
    soup = sheet_of(tmp_path, GAME.rstrip(" ") + "    cheatsheet:\n      sections: [market, dragon]\n")
    block = soup.select_one(".rc-sheet-sections")
    assert [text(h) for h in block.select("h3")] == ["The market", "Impressing the dragon"]
    assert [li.get_text() for li in block.select("li")] == ["Buy one Widget.", "Sell one Widget."]


def test_a_reference_to_what_the_sheet_does_not_show_names_its_page(tmp_path):
    soup = sheet_of(tmp_path, GAME.rstrip(" ") + "    cheatsheet:\n      include: [turn]\n")
    assert not soup.select(".rc-sheet-sections")
    trade = soup.select_one("#sheet-phase-trade")
    assert "see Impressing the dragon (Overview page)" in text(trade)
    assert not trade.select("a")  # plain words: no link to a page the printed sheet cannot follow
    rest = text(soup.select_one("#sheet-phase-rest"))
    assert rest.endswith("Rest; see phase 1 (Trade) and the weather roll (Dice tables page).")
    assert soup.select_one("#sheet-phase-rest .rc-phase-ref") is not None  # the phase is on the sheet


def test_the_estimate_counts_badges_and_sections(tmp_path):
    write_game(tmp_path, {"game.yaml": GAME, "phases.yaml": PHASES, "dice.yaml": DICE})
    index = build_index(load_rulebook(tmp_path).games["demo"])
    content = sheet_content(index)
    assert content.blocks[-1] == "sections" and [s.id for s in content.sections] == ["dragon"]
    assert estimate(content, index, SIZES_PT[0]).blocks["sections"] > 0
