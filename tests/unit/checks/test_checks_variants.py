"""Variants: the model (variant: on items, per-variant constants), the checker's located errors, and what a
page shows (badges, data-rc-variant on what the switch hides, the constant's values for the switch, the
switch's slot) and what a variant's cheat sheet shows."""

from __future__ import annotations

import json

from gamekit import MINIMAL_GAME, assert_at, check, dedent, only, where
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import sheet_content
from rulecraft.models.index import build_index
from rulecraft.problems import Severity

GAME = dedent(MINIMAL_GAME["game.yaml"]) + """\
variants:
  - id: long-game
    name: Long game
    summary: Play to more fame.
    replaces: [sections]
  - id: monks
    name: Monks
setup:
  - Give each player 3 Widgets.
  - text: Put the Monastery next to the board.
    variant: monks
end_of_game:
  - The game ends when a player has {const:fame} fame.
constants:
  fame:
    value: 17
    label: Fame to win
    variants: {long-game: 20}
sections:
  - id: monastery
    title: Monastery
    variant: [monks, long-game]
    text: Monks pray for {const:fame|lots of} fame.
  - id: rests
    title: Rests
    variant: base
    text: Rest once.
cheatsheet:
  variants: [long-game]
"""

PHASES = dedent(MINIMAL_GAME["phases.yaml"]) + """\
  - id: pray
    name: Pray
    variant: monks
    rules: Monks pray.
    subphases:
      - id: chant
        name: Chant
        rules: Monks chant.
"""


def files(game_text: str = GAME, phases: str = PHASES) -> dict[str, str]:
    return {"game.yaml": game_text, "phases.yaml": phases}


def test_a_game_with_variants_is_clean(game):
    folder = game(files())
    result = check(folder)
    assert not result.problems, [str(p) for p in result.problems]
    info = load_rulebook(folder.parent).games["demo"].info
    fame = info.constants["fame"]
    assert (fame.shown_in(None), fame.shown_in("long-game"), fame.shown_in("monks")) == ("17", "20", "17")
    assert info.sections[0].variant == ["monks", "long-game"] and info.setup[1].variant == "monks"


def test_unknown_variant_on_an_item_is_located_with_a_did_you_mean(game):
    folder = game(files(GAME.replace("    variant: monks\n", "    variant: monk\n", 1)))
    problem = only(check(folder).errors, "variant-unknown")
    assert "'monk' is not a variant" in problem.message and "did you mean 'monks'" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "variant: monk", offset=9))


def test_unknown_variant_in_a_list_points_at_the_entry(game):
    folder = game(files(GAME.replace("variant: [monks, long-game]", "variant: [monks, short-game]")))
    problem = only(check(folder).errors, "variant-unknown")
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "short-game]"))


def test_constant_value_for_an_undeclared_variant(game):
    folder = game(files(GAME.replace("variants: {long-game: 20}", "variants: {long-gme: 20}")))
    problem = only(check(folder).errors, "variant-unknown")
    assert "constant 'fame'" in problem.message and "did you mean 'long-game'" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "long-gme"))


def test_duplicate_and_reserved_variant_ids(game):
    folder = game(files(GAME.replace("  - id: monks\n    name: Monks\n",
                                     "  - id: long-game\n    name: Again\n  - id: base\n    name: Base\n")
                        .replace("variant: monks", "variant: long-game").replace("monks, ", "")))
    problems = check(folder).errors
    duplicate = only(problems, "duplicate-id")
    assert "duplicate variant id 'long-game'" in duplicate.message
    assert_at(duplicate, folder / "game.yaml", *where(folder, "game.yaml", "id: long-game", nth=1, offset=4))
    reserved = only(problems, "variant-reserved")
    assert_at(reserved, folder / "game.yaml", *where(folder, "game.yaml", "id: base", offset=4))


def test_base_cannot_be_listed_with_variants_and_sheets_need_known_variants(game):
    folder = game(files(GAME.replace("variant: [monks, long-game]", "variant: [base, monks]")
                        .replace("variants: [long-game]", "variants: [long]")))
    problems = check(folder).errors
    assert only(problems, "variant-base-mixed").location.line == where(folder, "game.yaml", "[base, monks]")[0]
    sheet = only(problems, "variant-unknown")
    assert "cheat sheet for unknown variant 'long'" in sheet.message
    assert_at(sheet, folder / "game.yaml", *where(folder, "game.yaml", "[long]", offset=1))


def test_a_variant_value_equal_to_the_base_is_a_warning(game):
    folder = game(files(GAME.replace("{long-game: 20}", "{long-game: 17}")))
    problem = only(check(folder).problems, "variant-same-value")
    assert problem.severity is Severity.WARNING
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "17}"))


def test_page_marks_variant_items_and_carries_variant_numbers(game):
    folder = game(files())
    page = render(folder.parent, "# Rules\n\n/// overview\n///\n\n/// turn\n///\n", game="demo")[0]
    slot = page.select_one(".rc-variants")
    assert slot.has_attr("hidden") and slot["data-rc-game"] == "demo"
    assert json.loads(slot["data-rc-variants"]) == [["long-game", "Long game"], ["monks", "Monks"]]
    assert slot.find_previous_sibling("h1").get_text() == "Rules"  # under the title
    monastery_step = next(li for li in page.select("li") if "Monastery next" in li.get_text())
    assert monastery_step["data-rc-variant"] == "monks"
    assert monastery_step.select_one(".rc-badge--variant").get_text() == "Variant: Monks"
    section = page.find(id="monastery").parent
    assert section["data-rc-variant"] == "monks long-game" and "Monks pray" in section.get_text()
    assert [b.get_text() for b in section.select(".rc-badge--variant")] == ["Variant: Monks", "Variant: Long game"]
    # the base game's rest rule: replaced in the long game (replaces: [sections]), kept with the monks
    assert page.find(id="rests").parent["data-rc-variant"] == "base monks"
    assert page.find(id="rests").parent.select_one(".rc-badge").get_text() == "Not in variant: Long game"
    # a variant's phase brings its sub-phases, in the sequence and in the rules
    assert page.find(id="pray").parent["data-rc-variant"] == "monks"
    assert page.find(id="chant").parent["data-rc-variant"] == "monks"
    assert len(page.select(".rc-sequence [data-rc-variant=monks]")) == 2
    # numbers: the base value, with each variant's for the switch; overridden words are left alone
    refs = page.select(".rc-const[data-rc-const=fame]")
    fame = [r for r in refs if r.get_text() == "17"]
    assert fame and all(json.loads(r["data-rc-vals"]) == {"long-game": "20"} for r in fame)
    assert all(not r.has_attr("data-rc-vals") for r in refs if r.get_text() == "lots of")
    row = page.select_one("#const-fame .rc-const-value")
    assert row.select_one(".rc-const").get_text() == "17" and "Long game: 20" in row.get_text()


def test_no_slot_and_no_markup_in_a_game_without_variants(game):
    folder = game()
    page = render(folder.parent, "# Rules\n\n/// overview\n///\n", game="demo")[0]
    assert not page.select(".rc-variants, [data-rc-variant], [data-rc-vals], .rc-badge--variant")


def test_variant_cheat_sheet_has_its_numbers_and_rules_only(game):
    folder = game(files())
    index = build_index(load_rulebook(folder.parent).games["demo"])
    base, long = sheet_content(index), sheet_content(index, "long-game")
    assert [n.id for n in base.phases] == ["trade"] == [n.id for n in long.phases]
    assert [n.id for n in sheet_content(index, "monks").phases] == ["trade", "pray", "chant"]
    sheet = render(folder.parent, "/// cheatsheet-variant | long-game\n///\n", game="demo")[0]
    assert "variant: Long game" in sheet.select_one(".rc-sheet-heading").get_text()
    assert sheet.select_one(".rc-cheatsheet")["data-rc-fixed"] == "long-game"
    assert "has 20 fame" in sheet.select_one(".rc-sheet-end").get_text()
    assert sheet.select_one("#sheet-const-fame .rc-const-value").get_text() == "20"
    plain = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    assert plain.select_one(".rc-cheatsheet")["data-rc-fixed"] == "base"
    assert plain.select_one("#sheet-const-fame .rc-const-value").get_text() == "17"


def test_unknown_variant_sheet_block_is_reported(game):
    folder = game(files())
    page, ext = render(folder.parent, "/// cheatsheet-variant | nope\n///\n", game="demo", allow_problems=True)
    assert ext.state.problems and "unknown variant 'nope'" in ext.state.problems[0]


def test_nested_steps_of_another_variant_stay_off_a_sheet(game):
    nested = GAME.replace("""end_of_game:
  - The game ends when a player has {const:fame} fame.
""", """end_of_game:
  - text: The game ends when any of these happens.
    steps:
      - A player has {const:fame} fame.
      - text: The monks finish the chant.
        variant: monks
""")
    folder = game(files(nested))
    index = build_index(load_rulebook(folder.parent).games["demo"])
    texts = {v: [s.text for s in sheet_content(index, v).end[0].steps] for v in (None, "long-game", "monks")}
    assert texts[None] == texts["long-game"] == ["A player has {const:fame} fame."]
    assert texts["monks"] == ["A player has {const:fame} fame.", "The monks finish the chant."]
    assert index.game.info.end_of_game[0].steps[1].text == "The monks finish the chant."  # the data is untouched
    sheet = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    assert "chant" not in sheet.select_one(".rc-sheet-end").get_text()
