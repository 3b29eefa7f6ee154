"""Rows keyed by a condition on the dice (dice/conditions.py): exact chances over every outcome of the dice,
read from the top (the first row that holds applies), counted here by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulecraft.dice.conditions import outcome_text, outcomes, page_data, row_words
from rulecraft.dice.odds import row_odds, table_shape
from rulecraft.models import CustomDie, DiceTable


def table(rows: list[dict], dice: str = "2d6", **more) -> DiceTable:
    return DiceTable.model_validate({"id": "t", "title": "T", "dice": dice, "rows": rows, **more})


def rest(**row) -> dict:
    return {"roll": "2+", "result": "Anything else.", **row}


def test_a_double_on_two_dice_is_one_in_six():
    assert row_odds(table([{"on": "doubles", "result": "Fails."}, rest()])) == [F(1, 6), F(5, 6)]


def test_any_die_shows_1_is_eleven_in_thirty_six():
    # 6 outcomes with a 1 on the first die, 6 on the second, (1, 1) counted twice: 11
    assert row_odds(table([{"on": "any(d == 1)", "result": "Ouch."}, rest()])) == [F(11, 36), F(25, 36)]


def test_rows_are_read_from_the_top_the_first_that_holds_applies():
    any_one = {"on": "any(d == 1)", "result": "A one."}
    double = {"on": "doubles", "result": "A double."}
    # (1, 1) is both: it goes to whichever row comes first
    assert row_odds(table([any_one, double, rest()])) == [F(11, 36), F(5, 36), F(20, 36)]
    assert row_odds(table([double, any_one, rest()])) == [F(6, 36), F(10, 36), F(20, 36)]


def test_a_range_row_among_conditions_reads_what_earlier_rows_left():
    rows = [{"on": "doubles", "result": "Fails."}, {"on": "total >= 8", "result": "Saved."},
            {"roll": "7-", "result": "Hurt."}]
    # totals 8-12: 15 outcomes, of which (4,4), (5,5), (6,6) are doubles: 12; the rest: 36 - 6 - 12
    assert row_odds(table(rows)) == [F(6, 36), F(12, 36), F(18, 36)]


def test_with_a_modifier_the_total_is_modified_and_the_faces_are_not():
    rows = [{"on": "doubles", "result": "Fails."}, {"on": "total >= 8", "result": "Saved."},
            {"roll": "7-", "result": "Hurt."}]
    rope = table(rows, modifiers=[{"id": "rope", "label": "with a rope", "value": 1}])
    # +1: a total of 8 or more is a roll of 7 or more: 21 outcomes, minus the doubles (4,4), (5,5), (6,6)
    assert row_odds(rope, 1) == [F(6, 36), F(18, 36), F(12, 36)]
    # natural reads the dice alone: 15 outcomes of 8 or more, with or without the rope
    unmodified = table([{"on": "natural >= 8", "result": "High."}, rest()],
                       modifiers=[{"id": "rope", "label": "with a rope", "value": 1}])
    assert row_odds(unmodified, 1)[0] == row_odds(unmodified, 0)[0] == F(15, 36)


def test_a_face_and_a_total_together():
    # a 6 with 2..6 beside it, either way round: 5 + 5 - (6, 6) once = 9
    assert row_odds(table([{"on": "any(d == 6) and total >= 8", "result": "Coin."}, rest()]))[0] == F(9, 36)


def test_boxcars_and_snake_eyes():
    rows = [{"on": "all(d == 6)", "result": "Boxcars."}, {"on": "d1 == 1 and d2 == 1", "result": "Snake eyes."},
            rest()]
    assert row_odds(table(rows)) == [F(1, 36), F(1, 36), F(34, 36)]


def test_counting_dice_on_three_dice():
    # at least two sixes of 3d6: exactly two (3 places × 5 other faces) + all three: 16 / 216
    assert row_odds(table([{"on": "count(d == 6) >= 2", "result": "Crit."}, rest(roll="3+")], dice="3d6"))[0] \
        == F(16, 216)
    # every die 4 or more: (3/6)^3
    assert row_odds(table([{"on": "all(d >= 4)", "result": "High."}, rest(roll="3+")], dice="3d6"))[0] == F(1, 8)


def test_d66_doubles_read_tens_and_units():
    rows = [{"on": "doubles", "result": "Twins."}, {"roll": "11-66", "result": "Else."}]
    assert row_odds(table(rows, dice="d66")) == [F(1, 6), F(5, 6)]


def test_a_custom_die_with_repeated_values_weighs_each_face():
    die = CustomDie.model_validate({"id": "bone", "name": "Bone die", "faces": [
        {"id": "blank", "label": "Blank", "value": 0, "count": 3}, {"id": "one", "label": "One", "value": 1, "count": 2},
        {"id": "two", "label": "Two", "value": 2}]})
    t = DiceTable.model_validate({"id": "t", "title": "T", "custom_die": "bone", "count": 2,
                                  "rows": [{"on": "doubles", "result": "Pair."}, {"roll": "0+", "result": "Else."}]})
    # two blanks 3×3, two ones 2×2, two twos 1×1, of 6×6 equally likely faces
    assert row_odds(t, 0, die) == [F(14, 36), F(22, 36)]


def test_the_page_data_gives_each_outcome_its_row_per_modifier_total():
    rows = [{"on": "doubles", "result": "Fails."}, {"on": "total >= 8", "result": "Saved."},
            {"roll": "7-", "result": "Hurt."}]
    t = table(rows, modifiers=[{"id": "rope", "label": "with a rope", "value": 1}])
    data = page_data(t, table_shape(t), [0, 1])
    assert data["values"] == [1, 2, 3, 4, 5, 6] and data["off"] == [0, 1]
    assert data["den"] == 6 and data["w"] == [[1, 2, 3], [1, 3, 2]]  # 6/36, 12/36, 18/36 over the smallest den
    index = lambda a, b: (a - 1) * 6 + (b - 1)  # noqa: E731 - the outcome order dice.lazy.js computes
    assert data["rows"][0][index(3, 3)] == 0  # a double
    assert data["rows"][0][index(3, 4)] == 2 and data["rows"][1][index(3, 4)] == 1  # 7, and 8 with the rope
    assert data["rows"][0][index(2, 6)] == 1


def test_an_outcome_is_named_by_its_dice_and_total():
    shape = table_shape(table([rest()]))
    falls = {o.dice: o for o in outcomes(shape)}
    assert outcome_text(falls[(3, 5)], shape, 8) == "3 and 5 (total 8)"
    assert outcome_text(falls[(3, 5)], shape, 9) == "3 and 5 (total 9)"  # with a +1 modifier
    one = table([rest(roll="1+")], dice="1d6")
    assert outcome_text(outcomes(table_shape(one))[3], table_shape(one), 4) == "4"


@pytest.mark.parametrize(("on", "words"), [
    ("doubles", "A double"),
    ("any(d == 1)", "Any die shows 1"),
    ("all(d >= 4)", "Every die shows 4 or more"),
    ("any(d == 6) and total >= 8", "Any die shows 6 and a total of 8 or more"),
    ("count(d == 6) >= 2", "At least 2 dice show 6"),
    ("total >= 8 and not doubles", "A total of 8 or more, unless a double"),
])
def test_a_condition_reads_as_words(on, words):
    assert row_words(on) == words


def test_a_number_in_on_is_refused_with_what_to_write():
    with pytest.raises(ValueError, match=r"write 'roll: 6' for a total, or 'on: any\(d == 6\)'"):
        table([{"on": 6, "result": "Six."}])
    with pytest.raises(ValueError, match="exactly one of 'roll'"):
        table([{"on": "doubles", "roll": 2, "result": "Both."}])
