"""start_of_turn (phases.yaml): what happens at the start of each turn, before phase 1, shown first on the
turn page (in the sequence and as rules) and on the cheat sheet, unnumbered; the phases keep 1, 2...;
it needs rules or steps; a phase cannot take its anchor."""

from __future__ import annotations

from gamekit import MINIMAL_GAME, check, dedent, only, where
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import estimate, sheet_content
from rulecraft.models.index import build_index

PHASES = """\
start_of_turn:
  rules: Each player takes back one spent {term:widget}.
  steps: [Turn the round marker.]
""" + dedent(MINIMAL_GAME["phases.yaml"])


def test_start_of_turn_comes_first_unnumbered_on_the_turn_page(game):
    folder = game({"phases.yaml": PHASES})
    assert not check(folder).problems, [str(p) for p in check(folder).problems]
    page = render(folder.parent, "/// turn\n///\n", game="demo")[0]
    items = page.select(".rc-sequence-item")
    assert [i.select_one(".rc-number").get_text() for i in items] == ["", "1"]
    assert items[0].select_one("a")["href"] == "#start-of-turn" and "Start of turn" in items[0].get_text()
    sections = page.select("section.rc-phase")
    assert sections[0].select_one("h2")["id"] == "start-of-turn"
    assert sections[0].select_one("h2").get_text() == "Start of turn"
    assert "takes back one spent" in sections[0].get_text() and "round marker" in sections[0].get_text()
    assert "spent Widget." in sections[0].get_text()  # its references resolved like any rule's
    assert sections[1].select_one("h2").get_text() == "1. Trade"


def test_start_of_turn_on_the_cheat_sheet(game):
    folder = game({"phases.yaml": PHASES.replace("start_of_turn:\n", "start_of_turn:\n  summary: Take back.\n")})
    sheet = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    rows = sheet.select(".rc-sheet-turn li.rc-sheet-phase")
    assert rows[0]["id"] == "sheet-start-of-turn" and rows[0].select_one(".rc-number").get_text() == ""
    assert "Start of turn" in rows[0].get_text() and "Take back." in rows[0].get_text()
    assert rows[1].select_one(".rc-number").get_text() == "1"
    # the estimate measures the line too
    index = build_index(load_rulebook(folder.parent).games["demo"])
    without = build_index(load_rulebook(game().parent).games["demo"])
    assert estimate(sheet_content(index), index).fill > estimate(sheet_content(without), without).fill


def test_start_of_turn_needs_rules_and_keeps_its_anchor(game):
    folder = game({"phases.yaml": "start_of_turn: {summary: Nothing.}\n" + dedent(MINIMAL_GAME["phases.yaml"])})
    assert "'start_of_turn' needs 'rules' or 'steps'" in check(folder).errors[0].message
    folder = game({"phases.yaml": PHASES.replace("id: trade", "id: start-of-turn")})
    problem = only(check(folder).errors, "reserved-id")
    assert problem.location.line == where(folder, "phases.yaml", "id: start-of-turn")[0]
