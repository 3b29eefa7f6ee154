"""What each way to play shows: a `variant: base` rule is hidden only in the variants that replace its
part of the game (`replaces:`), a variant's own text shows its own numbers in the default view, and a
variant with its own turn (`replaces: [turn]`) numbers it from 1 and shows only its own stages."""

from __future__ import annotations

import json

from gamekit import MINIMAL_GAME, check, dedent, only, where
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import sheet_content
from rulecraft.models.index import build_index
from rulecraft.problems import Severity

GAME = dedent(MINIMAL_GAME["game.yaml"]) + """\
variants:
  - id: siege
    name: Siege scenario
    replaces: [turn, setup, end_of_game]
  - id: traders
    name: Traders add-on
setup:
  - text: Place the market in the middle.
    variant: base
  - text: Place the walls around the market.
    variant: siege
  - Give each player 2 Widgets.
end_of_game:
  - text: The game ends after round {const:rounds}.
    variant: base
  - text: The game ends when the walls fall, at the latest after round {const:rounds}.
    variant: siege
constants:
  rounds:
    value: 8
    label: Rounds
    variants: {siege: 10}
sections:
  - id: siege-rules
    title: Siege rules
    variant: siege
    text: The siege lasts {const:rounds} rounds; the walls fall in {phase:bombard}.
"""

PHASES = """\
groups:
  - {id: market, name: Market}
  - {id: night, name: Night}
  - {id: assault, name: Assault}
  - {id: camp, name: Camp}
phases:
  - {id: trade, name: Trade, group: market, variant: base, rules: Each player may trade one Widget.}
  - {id: haggle, name: Haggle, group: market, variant: base, rules: Haggle once.}
  - {id: barter, name: Barter, group: market, variant: traders, rules: Traders barter.}
  - {id: sleep, name: Sleep, group: night, variant: base, rules: Everyone sleeps.}
  - {id: bombard, name: Bombard, group: assault, variant: siege, rules: Roll for the walls.}
  - {id: storm, name: Storm, group: assault, variant: siege, rules: Climb the walls.}
  - {id: rest, name: Rest, group: camp, variant: siege, rules: Count the rounds.}
"""


def files(game_text: str = GAME, phases: str = PHASES) -> dict[str, str]:
    return {"game.yaml": game_text, "phases.yaml": phases}


def index_of(folder):
    return build_index(load_rulebook(folder.parent).games["demo"])


def test_the_game_is_clean(game):
    folder = game(files())
    assert not check(folder).problems, [str(p) for p in check(folder).problems]


def test_a_base_rule_is_hidden_only_where_a_variant_replaces_it(game):
    folder = game(files())
    page = render(folder.parent, "/// overview\n///\n", game="demo")[0]
    market = next(li for li in page.select("li") if "Place the market" in li.get_text())
    assert market["data-rc-variant"] == "base traders"  # the add-on keeps the base set-up step
    assert market.select_one(".rc-badge--variant").get_text() == "Not in variant: Siege scenario"
    assert not market.has_attr("hidden")  # the default view shows every rule
    index = index_of(folder)
    ends = {v: [s.text[:20] for s in sheet_content(index, v).end] for v in (None, "traders", "siege")}
    assert ends[None] == ends["traders"] == ["The game ends after "]
    assert ends["siege"] == ["The game ends when t"]


def test_a_base_rule_no_variant_replaces_is_a_located_warning(game):
    folder = game(files(GAME.replace("replaces: [turn, setup, end_of_game]", "replaces: [turn, end_of_game]")))
    problem = only(check(folder).problems, "variant-base-unreplaced")
    assert problem.severity is Severity.WARNING and "no variant replaces the set-up" in problem.message
    assert problem.location.line == where(folder, "game.yaml", "variant: base")[0]
    assert "add 'setup' to 'replaces:'" in problem.hint


def test_a_variants_own_text_shows_its_own_numbers_in_the_default_view(game):
    folder = game(files())
    page = render(folder.parent, "/// overview\n///\n", game="demo")[0]
    siege = page.find(id="siege-rules").parent
    rounds = siege.select_one("[data-rc-const=rounds]")
    assert rounds.get_text() == "10" and json.loads(rounds["data-rc-vals"]) == {"siege": "10"}
    end = next(li for li in page.select("li") if "walls fall" in li.get_text())
    assert end.select_one("[data-rc-const=rounds]").get_text() == "10"
    base_end = next(li for li in page.select("li") if "ends after round" in li.get_text())
    assert base_end.select_one("[data-rc-const=rounds]").get_text() == "8"  # the base rule: the base value
    # a phase reference in the siege's text reads the siege's own number
    assert siege.select_one("a.rc-phase-ref").get_text() == "phase 1 (Bombard)"


def test_a_variant_with_its_own_turn_numbers_it_from_1(game):
    index = index_of(game(files()))
    assert [(n.id, n.number) for n in index.turn_for(None)] == [("trade", "1"), ("haggle", "2"), ("sleep", "4")]
    assert [(n.id, n.number) for n in index.turn_for("traders")] == [
        ("trade", "1"), ("haggle", "2"), ("barter", "3"), ("sleep", "4")]
    assert [(n.id, n.number) for n in index.turn_for("siege")] == [("bombard", "1"), ("storm", "2"), ("rest", "3")]
    assert [n.number for n in index.numbered] == ["1", "2", "3", "4", "1", "2", "3"]


def test_the_turn_page_shows_each_stage_in_the_views_of_its_phases(game):
    folder = game(files())
    page = render(folder.parent, "/// turn\n///\n", game="demo")[0]
    bands = {b["id"]: b.get("data-rc-variant") for b in page.select(".rc-stage-band") if "-rules" not in b["id"]}
    assert bands == {"stage-market": "base traders", "stage-night": "base traders", "stage-assault": "siege",
                     "stage-camp": "siege"}
    numbers = [s.get_text() for s in page.select(".rc-stage-band .rc-stage-number")][:4]
    assert numbers == ["Stage 1", "Stage 2", "Stage 1", "Stage 2"]  # the siege's own stages, from 1
    heading = page.find(id="bombard")
    assert heading.get_text().startswith("1. Bombard")
    assert page.find(id="trade").parent["data-rc-variant"] == "base traders"


def test_the_own_turns_cheat_sheet_numbers_it_from_1_with_its_stages_only(game):
    folder = game(files(GAME + "cheatsheet:\n  variants: [siege]\n"))
    sheet = render(folder.parent, "/// cheatsheet-variant | siege\n///\n", game="demo")[0]
    rows = [(li.select_one(".rc-number").get_text(), li.select_one(".rc-sheet-phase-name").get_text())
            for li in sheet.select(".rc-sheet-phase")]
    assert rows == [("1", "Bombard"), ("2", "Storm"), ("3", "Rest")]
    stages = [t.get_text(" ", strip=True) for t in sheet.select(".rc-sheet-stage-title")]
    assert stages == ["1 Assault", "2 Camp"]
    base = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    assert [s.get_text(" ", strip=True) for s in base.select(".rc-sheet-stage-title")] == ["1 Market", "2 Night"]


def test_an_own_turn_without_phases_is_a_warning(game):
    folder = game(files(phases=PHASES.replace("variant: siege", "variant: base")))
    problem = only(check(folder).problems, "variant-own-turn-empty")
    assert problem.severity is Severity.WARNING and "variant 'siege' has its own turn" in problem.message
