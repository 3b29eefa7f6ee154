"""The expression language: the formulas real rulebooks state, worked out against hand-computed values;
dice conditions against hand-counted outcomes; every problem located at its character."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulecraft.expr import ExprError, Input, Roll, Scope, State, chances, check, evaluate, parse, words
from rulecraft.expr.parse import MAX_LENGTH

# A euro game and a wargame's numbers, as their rules state them.
SCOPE = Scope(
    constants={"fame-to-win": 17, "fort-factor": 3},
    constant_labels={"fame-to-win": "the fame to win", "fort-factor": "the fortress factor"},
    inputs={"tiles": Input("resource tiles the player owns", 0, 12), "magic": Input("magic points", 0, 40),
            "attack": Input("attack points", 0, 10), "defence": Input("defence points", 0, 10),
            "mounted": Input("mounted (1) or not (0)", 0, 1)},
    items={"chapel": {"cost": 4}, "monastery": {"cost": 9}},
    states={"time": State("the time of day", ("day", "night")), "weather": State("the weather", ("clear", "storm"))},
    events={"army-annihilated": "an army was annihilated last turn"},
)


def value(text: str, **known) -> Fraction:
    return evaluate(parse(text), SCOPE, {f"input.{k}": v for k, v in known.items()})


# --- the five formulas of the ported rulebooks -----------------------------------------------------------

@pytest.mark.parametrize("tiles, loot", [(0, 0), (1, 1), (6, 3), (7, 4), (12, 6)])
def test_loot_is_half_the_resource_tiles_rounded_up(tiles, loot):
    assert value("half(input.tiles, up)", tiles=tiles) == loot


@pytest.mark.parametrize("magic, strength", [(0, 0), (9, 0), (10, 5), (29, 10), (30, 15), (40, 20)])
def test_a_strength_of_5_for_every_10_magic_points(magic, strength):
    assert value("5 * per(input.magic, 10)", magic=magic) == strength


@pytest.mark.parametrize("attack, defence, mounted, crowns", [(3, 2, 0, 10), (3, 2, 1, 11), (0, 0, 1, 1)])
def test_2_crowns_per_attack_and_defence_point_plus_1_if_mounted(attack, defence, mounted, crowns):
    formula = "2 * (input.attack + input.defence) + input.mounted"
    assert value(formula, attack=attack, defence=defence, mounted=mounted) == crowns


def test_defence_times_3_in_a_fortress_and_a_charge_doubles_the_attack():
    assert value("input.defence × const.fort-factor", defence=4) == 12
    assert value("input.attack * 2", attack=5) == 10


def test_the_formulas_read_as_words():
    assert words(parse("half(input.tiles, up)"), SCOPE) == "half of resource tiles the player owns, rounded up"
    assert words(parse("5 * per(input.magic, 10)"), SCOPE) == "5 for every 10 magic points"
    assert words(parse("2 * (input.attack + input.defence) + input.mounted"), SCOPE) == \
        "2 × (attack points + defence points) + mounted (1) or not (0)"
    assert words(parse("input.defence * const.fort-factor"), SCOPE) == "defence points × the fortress factor"
    assert words(parse("const.fame-to-win - (1 - 2)"), SCOPE) == "the fame to win − (1 − 2)"
    assert words(parse("min(input.attack, 3) / 2"), SCOPE) == "(the lower of attack points or 3) ÷ 2"


def test_exact_fractions_and_rounding():
    assert value("7 / 2") == Fraction(7, 2)
    assert value("round(7 / 2)") == 4 and value("round(-7 / 2)") == -3  # half up
    assert value("round_down(7 / 2)") == 3 and value("round_up(7 / 3)") == 3
    assert value("half(5)") == Fraction(5, 2) and value("half(5, down)") == 2
    assert value("item.monastery.cost - item.chapel.cost") == 5
    assert value("max(1, input.tiles, 3)", tiles=7) == 7


# --- conditions: game states, rounds, events -------------------------------------------------------------

def test_state_round_and_event_conditions():
    rule = parse("state.time == night and round >= 12 or event.army-annihilated")
    at = {"state.time": "night", "round": 12, "event.army-annihilated": False}
    assert evaluate(rule, SCOPE, at) is True
    assert evaluate(rule, SCOPE, {**at, "round": 11}) is False
    assert evaluate(rule, SCOPE, {**at, "round": 3, "state.time": "day", "event.army-annihilated": True}) is True
    assert words(rule, SCOPE) == ("the time of day is night and the round ≥ 12 or an army was annihilated "
                                  "last turn")
    assert evaluate(parse("not state.weather == storm"), SCOPE, {"state.weather": "clear"}) is True
    assert words(parse("round >= 3 and not event.army-annihilated"), SCOPE) == \
        "the round ≥ 3, unless an army was annihilated last turn"
    assert words(parse("not event.army-annihilated or round > 2"), SCOPE) == \
        "not (an army was annihilated last turn) or the round > 2"


# --- dice: exact odds where a formula feeds a roll, and conditions on the dice ---------------------------

def test_a_formula_feeding_a_roll_has_exact_odds():
    # 2d6 + half of might (3 -> 1): a total of 9 is a roll of 8, 5 ways in 36
    odds = chances(parse("2d6 + half(input.might, down)"), Scope(inputs={"might": Input("might", 0, 6)}),
                   {"input.might": 3})
    assert odds[9] == Fraction(5, 36) and sum(odds.values()) == 1 and min(odds) == 3 and max(odds) == 13


@pytest.mark.parametrize("condition, ways", [
    ("doubles", 6),                       # 11 22 33 44 55 66
    ("any(d == 1)", 11),                  # 36 - 25 without a 1
    ("all(d >= 4)", 9),                   # 3 x 3
    ("count(d == 6) == 1", 10),           # 16 26 36 46 56 and the reverse
    ("total >= 8 and doubles", 3),        # 44 55 66
    ("d1 > d2", 15),                      # (36 - 6) / 2
    ("doubles or total == 7", 12),
])
def test_two_dice_conditions_counted_by_hand(condition, ways):
    odds = chances(parse(condition), Scope(roll=Roll(2, 6)))
    assert odds[True] == Fraction(ways, 36)
    assert check(condition, Scope(roll=Roll(2, 6)), want="condition").problems == ()


def test_dice_conditions_read_as_words():
    assert words(parse("any(d == 1)")) == "any die shows 1"
    assert words(parse("count(d >= 5) >= 2")) == "at least 2 dice show 5 or more"
    assert words(parse("count(d == 6) + 1")) == "(the number of dice that show 6) + 1"
    assert words(parse("doubles and total >= 8")) == "a double and a total of 8 or more"
    assert words(parse("total >= 8 and not doubles")) == "a total of 8 or more, unless a double"
    assert words(parse("natural <= 3")) == "an unmodified roll of 3 or less"
    assert words(parse("d1 == 6 or d2 != 1")) == "die 1 shows 6 or die 2 does not show 1"
    assert words(parse("d1 > d2")) == "die 1 shows more than die 2"
    assert words(parse("d1 == d2")) == "die 1 and die 2 show the same"
    assert words(parse("total < 4")) == "a total of less than 4"


# --- problems, located -----------------------------------------------------------------------------------

def problems(text: str, scope: Scope = SCOPE, **kw) -> list[tuple[str, int, str]]:
    return [(p.message, p.offset, p.hint) for p in check(text, scope, **kw).problems]


def test_unknown_names_with_did_you_mean_at_their_character():
    [(message, offset, hint)] = problems("1 + const.fame-to-wn")
    assert message == "unknown name 'const.fame-to-wn'" and offset == 4 and hint == "did you mean 'const.fame-to-win'?"
    [(message, offset, hint)] = problems("tiles + 1")
    assert offset == 0 and hint == "did you mean 'input.tiles'?"
    [(message, offset, hint)] = problems("fame + 1")
    assert offset == 0 and "input.<id>" in hint
    [(_, _, hint)] = problems("input.attack-1")  # one name: hyphens belong to ids
    assert "spaces around '-'" in hint or "did you mean" in hint


def test_functions_and_their_arguments():
    assert problems("halve(input.tiles)")[0][:2] == ("'halve' is not a function", 0)
    assert problems("per(input.tiles)")[0][0] == "'per' takes 2 values, found 1"
    assert problems("half(input.tiles, sideways)")[0][:2] == (
        "half's second part says how to round: up or down, not 'sideways'", 18)
    assert problems("any(d == 1)")[0][0] == "'any' reads the dice of a roll, and there is none here"
    assert problems("doubles", want="condition")[0][0] == "'doubles' reads the dice of a roll, and there is none here"
    assert problems("d6 + 1")[0][2].endswith("to roll a die here write it with its count: 1d6")


def test_division_by_zero_is_found_with_the_values_that_cause_it():
    [(message, offset, _)] = problems("12 / (input.tiles - 3)")
    assert message == "this divides by zero when resource tiles the player owns is 3" and offset == 3
    assert problems("per(input.tiles, 0)")[0][0].startswith("'per' counts whole groups of a positive size")


def test_a_whole_number_where_one_is_needed():
    [(message, _, hint)] = problems("input.tiles / 2", integer=True)
    assert message == "this is 1/2 when resource tiles the player owns is 1, and a whole number is needed"
    assert "round_up" in hint
    assert problems("half(input.tiles, up)", integer=True) == []
    assert problems("input.tiles / 2") == []  # a rate may be a fraction


def test_states_values_and_kinds():
    [(message, offset, hint)] = problems("state.time == noon", want="condition")
    assert message == "'noon' is not a value of the time of day" and offset == 14 and "day, night" in hint
    assert problems("state.time == nite", want="condition")[0][2] == "did you mean 'night'?"
    assert problems("state.time > night", want="condition")[0][0].startswith("a state is equal to a value or not")
    assert problems("round + 1", want="condition")[0][0] == "this is a number, and a condition is needed here"
    assert problems("round >= 2", want="number")[0][0] == "this is a condition, and a number is needed here"
    assert problems("(round >= 2) + 1")[0][0].startswith("'+' needs a number, but true is a truth value") or \
        problems("(round >= 2) + 1")[0][0].startswith("'+' needs a number, but false is a truth value")


@pytest.mark.parametrize("text, offset, message", [
    ("1 +", 3, "the formula ends too early"),
    ("(1 + 2", 6, "the formula ends too early"),
    ("1 $ 2", 2, "unexpected '$'"),
    ("Fame + 1", 0, "unexpected 'F'"),
    ("1 2", 2, "unexpected '2'"),
    ("0d6 + 1", 0, "'0d6' is not a roll this can work out: 1 to 50 dice of 2 to 1000 sides"),
    ("", 0, "the formula is empty"),
])
def test_text_that_cannot_be_read(text, offset, message):
    with pytest.raises(ExprError) as raised:
        parse(text)
    assert (raised.value.message, raised.value.offset) == (message, offset)
    assert raised.value.hint


def test_hostile_formulas_are_refused_quickly_without_recursion():
    with pytest.raises(ExprError, match="nested more than 40 deep"):
        parse("(" * 45 + "1" + ")" * 45)
    with pytest.raises(ExprError, match="characters long"):
        parse("1" + " + 1" * 5000)
    longest = "1" + " + 1" * ((MAX_LENGTH - 1) // 4)  # the longest chain allowed: worked out, not a RecursionError
    assert len(longest) <= MAX_LENGTH and evaluate(parse(longest), SCOPE) == (MAX_LENGTH - 1) // 4 + 1
    assert words(parse(longest)).startswith("1 + 1 + 1")
    with pytest.raises(ExprError, match="outcomes to read one by one"):
        chances(parse("doubles"), Scope(roll=Roll(10, 10)))


def test_no_python_is_reachable():
    for text in ("__import__(os)", "input.__class__", "().__class__", "open(x)", "eval(1)"):
        assert check(text, SCOPE).problems, text
