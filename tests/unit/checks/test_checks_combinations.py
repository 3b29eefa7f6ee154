"""Variants that combine: what a combination plays and which numbers it reads, `variant: {not: x}`, the
checker's located errors (two variants that set one constant or replace one part differently, unless the
combination decides), and what a page and a combination's cheat sheet show."""

from __future__ import annotations

import json

from gamekit import MINIMAL_GAME, assert_at, check, dedent, only, where
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import sheet_content
from rulecraft.models.index import build_index
from rulecraft.models.links import variant_sheets

GAME = dedent(MINIMAL_GAME["game.yaml"]) + """\
variants:
  - id: dragons
    name: Dragons
    summary: Dragons fly over the board.
  - id: sieges
    name: Sieges
    combines_with: [dragons]
  - id: solo
    name: Solo
    replaces: [turn]
combinations:
  - variants: [dragons, sieges]
    constants: {fame: 20}
setup:
  - Give each player 3 Widgets.
  - text: Put the dragon lair on the castle.
    variant: dragons-and-sieges
  - text: Shuffle the event deck.
    variant: {not: solo}
  - text: Deal {const:towers} siege towers.
    variant: {not: [dragons, solo]}
constants:
  fame:
    value: 17
    label: Fame to win
    variants: {dragons: 18, sieges: 19}
  towers:
    value: 2
    label: Siege towers
    variants: {sieges: 4}
end_of_game:
  - The game ends when a player has {const:fame} fame.
"""

PHASES = dedent(MINIMAL_GAME["phases.yaml"]).replace("    rules: Each", "    variant: base\n    rules: Each") + """\
  - id: fly
    name: Fly
    variant: dragons
    rules: Dragons fly.
  - id: storm
    name: Storm
    variant: sieges
    rules: Storm a castle.
  - id: alone
    name: Alone
    variant: solo
    rules: Play alone.
"""


def files(game_text: str = GAME, phases: str = PHASES) -> dict[str, str]:
    return {"game.yaml": game_text, "phases.yaml": phases}


def index_of(folder):
    return build_index(load_rulebook(folder.parent).games["demo"])


def test_a_game_with_a_combination_is_clean_and_the_combination_is_a_way_to_play(game):
    folder = game(files())
    result = check(folder)
    assert not result.problems, [p.format() for p in result.problems]
    index = index_of(folder)
    assert list(index.ways) == ["dragons", "sieges", "solo", "dragons-and-sieges"]
    both = index.ways["dragons-and-sieges"]
    assert both.name == "Dragons and Sieges" and both.members == ("dragons", "sieges") and both.combined
    # its numbers: the one it declares where its variants differ, the one variant's where only one sets it
    assert (index.constant_in("fame", "dragons-and-sieges"), index.constant_in("towers", "dragons-and-sieges")) \
        == ("20", "4")
    assert index.constant_in("towers", "dragons") == "2" and index.constant_in("fame", None) == "17"
    assert index.constant_vals("fame") == {"dragons": "18", "sieges": "19", "dragons-and-sieges": "20"}
    # its turn: what each variant adds (fly, storm) and the base game's phase no variant of it replaces
    assert [n.id for n in index.turn_for("dragons-and-sieges")] == ["trade", "fly", "storm"]
    assert [n.id for n in index.turn_for("solo")] == ["alone"]
    assert [n.id for n in index.turn_for(None)] == ["trade"]


def test_what_each_way_to_play_shows_with_not_and_a_rule_of_the_combination_only(game):
    index = index_of(game(files()))
    setup = index.game.info.setup
    lair, events, towers = setup[1], setup[2], setup[3]
    shown = {way: [s.text.split()[-1] for s in setup if index.plays_in(s, way)]
             for way in (None, "dragons", "sieges", "solo", "dragons-and-sieges")}
    assert shown == {None: ["Widgets.", "deck.", "towers."], "dragons": ["Widgets.", "deck."],
                     "sieges": ["Widgets.", "deck.", "towers."], "solo": ["Widgets."],
                     "dragons-and-sieges": ["Widgets.", "castle.", "deck."]}
    assert index.views(lair) == ["dragons-and-sieges"]
    assert index.views(events) == ["base", "dragons", "sieges", "dragons-and-sieges"]
    assert index.views(towers) == ["base", "sieges"]


def test_the_combination_gets_a_cheat_sheet_with_its_numbers(game):
    folder = game(files())
    game_data = load_rulebook(folder.parent).games["demo"]
    assert [(p, t, v) for p, t, v in variant_sheets(game_data)] == [
        ("demo/cheatsheet-dragons-and-sieges.md", "Cheat sheet: Dragons and Sieges", "dragons-and-sieges")]
    content = sheet_content(index_of(folder), "dragons-and-sieges")
    assert [n.id for n in content.phases] == ["trade", "fly", "storm"]
    sheet = render(folder.parent, "/// cheatsheet-variant | dragons-and-sieges\n///\n", game="demo")[0]
    assert "variants: Dragons and Sieges" in sheet.select_one(".rc-sheet-heading").get_text()
    assert sheet.select_one(".rc-cheatsheet")["data-rc-fixed"] == "dragons-and-sieges"
    assert "has 20 fame" in sheet.select_one(".rc-sheet-end").get_text()
    assert sheet.select_one("#sheet-const-fame .rc-const-value").get_text() == "20"
    assert sheet.select_one("#sheet-const-towers .rc-const-value").get_text() == "4"


def test_page_badges_read_right_and_carry_the_combination(game):
    folder = game(files())
    page = render(folder.parent, "# Rules\n\n/// overview\n///\n\n/// turn\n///\n", game="demo")[0]
    slot = page.select_one(".rc-variants")
    assert json.loads(slot["data-rc-variants"]) == [["dragons", "Dragons"], ["sieges", "Sieges"], ["solo", "Solo"],
                                                     ["dragons-and-sieges", "Dragons and Sieges", 1]]

    def step(words):
        return next(li for li in page.select("li") if words in li.get_text())

    assert step("dragon lair")["data-rc-variant"] == "dragons-and-sieges"
    assert step("dragon lair").select_one(".rc-badge--variant").get_text() == "Variants: Dragons and Sieges"
    assert step("event deck")["data-rc-variant"] == "base dragons sieges dragons-and-sieges"
    assert step("event deck").select_one(".rc-badge--variant").get_text() == "Not with Solo"
    assert step("siege towers")["data-rc-variant"] == "base sieges"
    assert step("siege towers").select_one(".rc-badge--variant").get_text() == "Not with Dragons or Solo"
    assert page.find(id="fly").parent["data-rc-variant"] == "dragons dragons-and-sieges"
    refs = page.select(".rc-const[data-rc-const=fame]")
    assert refs and all(json.loads(r["data-rc-vals"]) == {"dragons": "18", "sieges": "19", "dragons-and-sieges": "20"}
                        for r in refs)
    row = page.select_one("#const-fame .rc-const-value").get_text(" ")
    assert "Dragons: 18" in row and "Sieges: 19" in row and "Dragons and Sieges: 20" in row


def test_two_variants_setting_one_constant_differently_need_the_combinations_value(game):
    folder = game(files(GAME.replace("    constants: {fame: 20}\n", "")))
    problem = only(check(folder).errors, "combination-conflict")
    fame_at = [where(folder, "game.yaml", "18, sieges"), where(folder, "game.yaml", "19}")]
    assert problem.message == (f"in the combination 'Dragons and Sieges', constant 'fame' is 18 with 'dragons' "
                               f"(line {fame_at[0][0]}, column {fame_at[0][1]}), 19 with 'sieges' "
                               f"(line {fame_at[1][0]}, column {fame_at[1][1]})")
    assert "constants: {fame: ...}" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "[dragons, sieges]"))
    # the same value in both is no conflict
    agreed = GAME.replace("    constants: {fame: 20}\n", "").replace("{dragons: 18, sieges: 19}",
                                                                "{dragons: 18, sieges: 18}")
    folder = game(files(agreed))
    assert not check(folder).errors
    assert index_of(folder).constant_in("fame", "dragons-and-sieges") == "18"


def test_a_combination_declared_by_combines_with_alone_is_located_there(game):
    text = GAME.replace("combinations:\n  - variants: [dragons, sieges]\n    constants: {fame: 20}\n", "")
    folder = game(files(text))
    problem = only(check(folder).errors, "combination-conflict")
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "dragons]\n  - id: solo"))


def test_two_variants_replacing_one_part_need_the_combination_to_say_whose(game):
    text = GAME.replace("    combines_with: [dragons]\n", "    combines_with: [dragons, solo]\n    replaces: [turn]\n")
    phases = PHASES.replace("    variant: sieges\n", "    variant: [sieges, solo]\n")
    folder = game(files(text, phases))
    errors = check(folder).errors
    problem = only(errors, "combination-conflict")
    assert "in the combination 'Sieges and Solo', the turn is replaced by 'sieges'" in problem.message
    assert "'solo'" in problem.message and "parts_from: {turn: sieges}" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "solo]"))
    decided = text.replace("    constants: {fame: 20}\n", "    constants: {fame: 20}\n"
                           "  - variants: [sieges, solo]\n    parts_from: {turn: solo}\n")
    folder = game(files(decided, phases))
    assert not check(folder).errors, [p.format() for p in check(folder).errors]
    index = index_of(folder)
    assert [n.id for n in index.turn_for("sieges-and-solo")] == ["storm", "alone"]  # solo's turn, its phases
    assert [n.number for n in index.turn_for("sieges-and-solo")] == ["1", "2"]
    assert [n.id for n in index.turn_for("sieges")] == ["storm"]


def test_each_wrong_combination_is_a_located_error(game):
    text = GAME.replace("    combines_with: [dragons]\n", "    combines_with: [sieges, dragon]\n").replace(
        "combinations:\n  - variants: [dragons, sieges]\n    constants: {fame: 20}\n",
        "combinations:\n  - variants: [dragons, sieges]\n    constants: {fame: 20, glory: 3}\n"
        "  - variants: [sieges, dragons]\n    id: solo\n    parts_from: {turn: dragons, setup: solo}\n"
        "  - variants: [dragons, wyrms]\n")
    folder = game(files(text))
    errors = check(folder).errors
    assert_at(only(errors, "combination-itself"), folder / "game.yaml", *where(folder, "game.yaml", "sieges, dragon]"))
    unknown = [p for p in errors if p.code == "variant-unknown"]
    assert [(p.location.line, p.location.column) for p in unknown] == [
        where(folder, "game.yaml", "dragon]"), where(folder, "game.yaml", "wyrms]")]
    assert "did you mean 'dragons'" in unknown[0].hint
    assert "dragons-and-sieges" not in unknown[1].hint  # a combination is not a variant to combine
    assert_at(only(errors, "combination-duplicate"), folder / "game.yaml",
              *where(folder, "game.yaml", "[sieges, dragons]"))
    taken = only(errors, "combination-id-taken")
    assert "'solo' is already the id of a variant" in taken.message
    assert_at(taken, folder / "game.yaml", *where(folder, "game.yaml", "id: solo", nth=1, offset=4))
    assert_at(only(errors, "combination-unknown-constant"), folder / "game.yaml",
              *where(folder, "game.yaml", "glory"))
    parts = [p for p in errors if p.code == "combination-part-from"]
    assert len(parts) == 2
    assert "from 'dragons', which has no version of its own" in parts[0].message
    assert "from 'solo', which it does not combine" in parts[1].message
    assert parts[0].location.line == where(folder, "game.yaml", "parts_from")[0]


def test_not_an_unknown_variant_is_located_in_the_list(game):
    folder = game(files(GAME.replace("{not: [dragons, solo]}", "{not: [dragons, sollo]}")))
    problem = only(check(folder).errors, "variant-unknown")
    assert "'sollo' is not a variant" in problem.message and "did you mean 'solo'" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "sollo"))
    folder = game(files(GAME.replace("variant: dragons-and-sieges", "variant: dragons-and-sieg")))
    problem = only(check(folder).errors, "variant-unknown")
    assert "did you mean 'dragons-and-sieges'" in problem.hint  # a combination can be named by its id


def test_the_snapshot_keeps_combinations_and_not(game, tmp_path):
    from rulecraft import snapshot

    folder = game(files())
    book = load_rulebook(folder.parent)
    before = build_index(book.games["demo"])
    book.release_positions()
    snapshot.store(tmp_path / "book", "key", book)
    back = snapshot.load(tmp_path / "book", "key")
    assert back is not None
    index = build_index(back.games["demo"])
    assert index.ways == before.ways and index.ways["dragons-and-sieges"].values == {"fame": 20, "towers": 4}
    info = back.games["demo"].info
    assert info.setup[3].variant == {"not": ["dragons", "solo"]} and info.combinations[0].constants == {"fame": 20}
    for way in (None, *before.ways):
        assert [index.plays_in(s, way) for s in info.setup] == [before.plays_in(s, way) for s in before.game.info.setup]
        assert [n.id for n in index.turn_for(way)] == [n.id for n in before.turn_for(way)]
