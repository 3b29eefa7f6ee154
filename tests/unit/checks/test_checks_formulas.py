"""game.yaml inputs and formulas, and catalog amounts that are formulas: each problem located at its
character in the YAML string (file:line:column), never a traceback."""

from __future__ import annotations

from gamekit import assert_at, check, only, where

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    constants:
      fort-factor: {value: 3, label: the fortress factor}
    inputs:
      - {id: tiles, label: resource tiles you own, range: [0, 12]}
      - {id: defence, label: defence points, range: [0, 6]}
    formulas:
      - id: loot
        name: Loot
        value: half(input.tiles, up)
        whole: true
      - id: fortress
        name: Defence in a fortress
        value: input.defence * const.fort-factor
    """


def test_a_clean_game_with_formulas(game):
    folder = game({"game.yaml": GAME})
    assert check(folder).problems == []  # fort-factor is used: the fortress formula reads it


def test_an_unknown_name_in_a_formula_is_located_with_a_suggestion(game):
    folder = game({"game.yaml": GAME.replace("input.defence *", "input.defense *")})
    problem = only(check(folder).problems, "formula-expression")
    assert "unknown name 'input.defense'" in problem.message and "did you mean 'input.defence'" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "input.defense"))


def test_a_whole_formula_that_can_be_a_fraction_needs_a_rounding(game):
    folder = game({"game.yaml": GAME.replace("half(input.tiles, up)", "input.tiles / 2")})
    problem = only(check(folder).problems, "formula-expression")
    assert "this is 1/2 when resource tiles you own is 1, and a whole number is needed" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "input.tiles / 2"))
    rounded = GAME.replace("half(input.tiles, up)", "input.tiles / 2").replace("whole: true", "rounding: up")
    assert check(game({"game.yaml": rounded})).problems == []


def test_division_by_zero_for_an_input_value(game):
    folder = game({"game.yaml": GAME.replace("half(input.tiles, up)", "12 / input.tiles")
                   .replace("whole: true", "rounding: down")})
    problem = only(check(folder).problems, "formula-expression")
    assert "divides by zero when resource tiles you own is 0" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "/ input.tiles"))


def test_a_formula_does_not_roll_dice(game):
    folder = game({"game.yaml": GAME.replace("half(input.tiles, up)", "input.tiles + 1d6")})
    problem = only(check(folder).problems, "formula-expression")
    assert "does not roll dice" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "1d6"))


def test_a_formula_that_cannot_be_read(game):
    folder = game({"game.yaml": GAME.replace("half(input.tiles, up)", "half(input.tiles, up")})
    problem = only(check(folder).problems, "formula-expression")
    assert "ends too early" in problem.message


def test_an_input_range_is_ordered(game):
    folder = game({"game.yaml": GAME.replace("range: [0, 12]", "range: [12, 0]")})
    problem = only(check(folder).errors, "schema-value-error")
    assert "the highest value is smaller than the lowest" in problem.message
    assert_at(problem, folder / "game.yaml", where(folder, "game.yaml", "- {id: tiles")[0])


def test_a_reference_to_an_unknown_formula(game):
    folder = game({"game.yaml": GAME.rstrip(" ") + "    sections:\n      - id: raids\n        title: Raids\n"
                                          "        text: Take {formula:lot}.\n"})
    problem = only(check(folder).problems, "dangling-formula")
    assert "unknown formula 'lot'" in problem.message and "did you mean 'loot'" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "{formula:lot}"))
