"""Dice-table modifiers worked out from a game.yaml input (``formula: "-half(input.fatigue, down)"``): exact
odds for every value of the input, coverage over every value, words, and located errors."""

from __future__ import annotations

from fractions import Fraction

from gamekit import assert_at, check, only, where, with_code

from rulecraft.dice.modifiers import modifier_words
from rulecraft.dice.odds import numeric_coverage, reachable_offsets, row_odds
from rulecraft.loader import load_game
from rulecraft.render.modifier_value import page_value

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    inputs:
      - {id: fatigue, label: your fatigue, range: [0, 3]}
      - {id: crew, label: crew, range: [0, 9]}
    """


def dice(formula: str, rows: tuple[str, ...] = ("{roll: 7-, result: Fails.}", "{roll: 8+, result: Works.}"),
         roll: str = "2d6") -> str:
    lines = ["tables:", "  - id: march", "    title: March", f"    dice: {roll}", "    when: Each march.",
             "    modifiers:", f"      - {{id: tired, label: half your fatigue, formula: \"{formula}\"}}",
             "    rows:"] + [f"      - {r}" for r in rows]
    return "\n".join(lines) + "\n"


def test_exact_odds_for_each_fatigue_value(game):
    folder = game({"game.yaml": GAME, "dice.yaml": dice("-half(input.fatigue, down)")})
    assert check(folder).problems == []
    loaded, _ = load_game(folder)
    table = loaded.tables[0]
    mod = table.modifiers[0]
    # fatigue 0..3: half rounded down is 0, 0, 1, 1, subtracted
    assert mod.count == (0, 3) and mod.amounts() == [(0, 0), (1, 0), (2, -1), (3, -1)]
    assert sorted(reachable_offsets(table.modifiers)) == [-1, 0]
    # 2d6 >= 8: 5+6+5+4+3+2+1 = 15 of 36; at -1 it needs 9+: 4+3+2+1 = 10 of 36
    assert row_odds(table, 0) == [Fraction(21, 36), Fraction(15, 36)]
    assert row_odds(table, mod.amount(3)) == [Fraction(26, 36), Fraction(10, 36)]
    assert modifier_words(mod) == "− half of your fatigue, rounded down"
    assert page_value(mod) == {"0": 0, "1": 0, "2": -1, "3": -1}


def test_a_gap_that_only_fatigue_3_opens_is_reported(game):
    # per(fatigue, 3) is 1 only at fatigue 3: 1d6 - 2 reaches -1 and 0, which no row covers
    folder = game({"game.yaml": GAME, "dice.yaml": dice("-2 * per(input.fatigue, 3)", roll="1d6",
                                                        rows=("{roll: 1-2, result: Fails.}", "{roll: 3+, result: Works.}"))})
    problem = only(check(folder).problems, "dice-gap")
    loaded, _ = load_game(folder)
    coverage = numeric_coverage(loaded.tables[0])
    assert coverage.reachable == list(range(-1, 7))
    assert [(g.low, g.high, said) for g, said in coverage.gaps] == [(-1, 0, 'rolled 1 with your fatigue 3 (-2)')]
    # without fatigue 3 the same table covers every total
    narrow = game({"game.yaml": GAME.replace("range: [0, 3]", "range: [0, 2]"),
                   "dice.yaml": dice("-2 * per(input.fatigue, 3)", roll="1d6",
                                     rows=("{roll: 1-2, result: Fails.}", "{roll: 3+, result: Works.}"))})
    assert with_code(check(narrow).problems, "dice-gap") == []


def test_a_formula_that_gives_a_fraction_is_located_with_the_input_value(game):
    folder = game({"game.yaml": GAME, "dice.yaml": dice("-input.fatigue / 2")})
    problem = only(check(folder).problems, "modifier-formula")
    assert problem.is_error
    assert "this is −1/2 when your fatigue is 1, and a whole number is needed" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "-input.fatigue / 2"))


def test_unknown_names_a_second_input_and_dice_are_located(game):
    unknown = game({"game.yaml": GAME, "dice.yaml": dice("-half(input.fatige, down)")})
    problem = only(check(unknown).problems, "modifier-formula")
    assert "unknown name 'input.fatige'" in problem.message and "input.fatigue" in problem.hint
    assert_at(problem, unknown / "dice.yaml", *where(unknown, "dice.yaml", "input.fatige,"))
    two = game({"game.yaml": GAME, "dice.yaml": dice("input.crew - input.fatigue")})
    problem = only(check(two).problems, "modifier-formula")
    assert "'input.fatigue' is a second beside 'input.crew'" in problem.message
    assert_at(problem, two / "dice.yaml", *where(two, "dice.yaml", "input.fatigue\""))
    rolled = game({"game.yaml": GAME, "dice.yaml": dice("input.fatigue + 1d6")})
    problem = only(check(rolled).problems, "modifier-formula")
    assert "does not roll dice" in problem.message
    assert_at(problem, rolled / "dice.yaml", *where(rolled, "dice.yaml", "1d6\""))
    fixed = game({"game.yaml": GAME, "dice.yaml": dice("-1")})
    assert "reads no input" in only(check(fixed).problems, "modifier-formula").message


def test_value_and_formula_are_exclusive_and_count_goes_with_value(game):
    both = game({"game.yaml": GAME, "dice.yaml": dice("-input.fatigue").replace("formula:", "value: 1, formula:")})
    assert "exactly one of 'value'" in " ".join(p.message for p in check(both).problems)
    counted = game({"game.yaml": GAME,
                    "dice.yaml": dice("-input.fatigue").replace("formula:", "count: [0, 2], formula:")})
    assert "remove 'count'" in " ".join(p.message for p in check(counted).problems)
    hidden = game({"game.yaml": GAME,
                   "dice.yaml": dice("-input.fatigue").replace("formula:", "worked_out: [0, 5, 5, 5], formula:")})
    assert "'worked_out' is not a key" in " ".join(p.message for p in check(hidden).problems)
