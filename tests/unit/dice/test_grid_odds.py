"""Two-dimensional dice tables: the column a ratio or a difference falls in (the rounding rules), the column
shifts and the edges, and the exact chance of each result, against fractions worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulecraft.dice.grid import column_position, ratio_words, rounded_ratio
from rulecraft.dice.grid_odds import column_odds, odds_by_combination, position_odds
from rulecraft.dice.grid_words import edge_words
from rulecraft.models import DiceTable

HEADINGS = ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
# Rows 1..6 of each column; the 1-1 column (index 4) reads DR, EX, AR, AR, AR, AE down the roll.
GRID = [
    [1, ["AR", "AR", "AR", "AR", "DR", "DR", "DE", "DE", "DE", "DE"]],
    [2, ["AE", "AR", "AR", "AR", "EX", "DR", "DR", "DE", "DE", "DE"]],
    [3, ["AE", "AE", "AR", "AR", "AR", "EX", "DR", "DR", "DE", "DE"]],
    [4, ["AE", "AE", "AE", "AR", "AR", "AR", "EX", "DR", "DR", "DE"]],
    [5, ["AE", "AE", "AE", "AE", "AR", "AR", "AR", "EX", "DR", "DR"]],
    [6, ["AE", "AE", "AE", "AE", "AE", "AR", "AR", "AR", "EX", "DR"]],
]


def crt(beyond="clamp", rounding="defender", rolls_beyond="clamp", **extra) -> DiceTable:
    return DiceTable.model_validate({
        "id": "combat", "title": "Combat results", "dice": "1d6",
        "columns": {"ratio": {"over": {"label": "attack", "range": [1, 40]},
                              "under": {"label": "defence", "range": [1, 40]}, "rounding": rounding},
                    "values": HEADINGS, "beyond": beyond},
        "shifts": [{"id": "storm", "label": "in a storm", "value": -1},
                   {"id": "ambush", "label": "from ambush", "value": -3}],
        "modifiers": [{"id": "forest", "label": "in a forest", "value": 1},
                      {"id": "town", "label": "in a town", "value": 2}],
        "rolls_beyond": rolls_beyond,
        "grid": [{"roll": roll, "cells": cells} for roll, cells in GRID], **extra})


@pytest.mark.parametrize("attack, defence, column", [
    (10, 4, "2-1"),   # 2.5 to 1: floor(10/4) - 1 steps right of 1-1
    (4, 10, "1-3"),   # 1 to 2.5: 1-ceil(10/4)
    (9, 3, "3-1"),    # exactly 3 to 1
    (25, 4, "6-1"),   # 6.25 to 1: floor is 6
    (3, 7, "1-3"),    # 1 to 2.33: the attacker's odds rounded down, to 1-3
    (7, 7, "1-1"),
    (5, 4, "1-1"),    # 1.25 to 1
    (4, 5, "1-2"),    # 1 to 1.25: ceil is 2
])
def test_ratios_round_in_the_defenders_favour(attack, defence, column):
    table = crt()
    assert table.columns.values[column_position(table.columns, attack, defence)] == column


def test_the_rounding_rule_as_stated():
    # For attack >= defence the column is floor(a/d)-1; for attack < defence it is 1-ceil(d/a).
    for a in range(1, 41):
        for d in range(1, 41):
            ratio = rounded_ratio(a, d, "defender")
            if a >= d:
                assert (ratio.over, ratio.under) == (a // d, 1)
            else:
                assert (ratio.over, ratio.under) == (1, -(-d // a))  # ceil(d/a) >= 2


def test_down_and_nearest():
    assert rounded_ratio(3, 7, "down").label == "1-2"       # 2.33 rounded down
    assert rounded_ratio(10, 4, "nearest").label == "3-1"   # 2.5, a half up
    assert rounded_ratio(9, 4, "nearest").label == "2-1"    # 2.25
    assert rounded_ratio(4, 10, "nearest").label == "1-3"   # 1 to 2.5, a half up
    assert rounded_ratio(10, 4, "down").label == "2-1"


def test_a_ratio_past_the_last_column_lies_as_many_columns_beyond_it():
    table = crt(beyond={"low": "AE", "high": "DE"})
    assert column_position(table.columns, 40, 4) == 9 + 4   # 10-1 is four steps right of 6-1
    assert column_position(table.columns, 1, 7) == 0 - 2    # 1-7 is two steps left of 1-5
    assert position_odds(table, 13)[1] == {"DE": Fraction(1)}
    assert position_odds(table, 13 - 3)[1] == {"DE": Fraction(1)}    # 10-1 shifted three left: 7-1, still past
    # Four left of 10-1 is 6-1 itself: DE on 1-4, DR on 5-6.
    assert position_odds(table, 13 - 4)[1] == {"DE": Fraction(4, 6), "DR": Fraction(2, 6)}
    clamped = crt()
    assert position_odds(clamped, 13)[1] == position_odds(clamped, 9)[1]


def test_the_rounding_in_words():
    assert ratio_words(10, 4, "defender", "2-1") == \
        "10 against 4 is 2.5 to 1, rounded in the defender's favour: 2-1"
    assert ratio_words(3, 7, "defender", "1-3") == "3 against 7 is 1 to 2.33, rounded in the defender's favour: 1-3"
    assert ratio_words(9, 3, "defender", "3-1") == "9 against 3 is 3 to 1: 3-1"


def test_the_1_1_column_with_two_added_to_the_die():
    # 1-1 reads DR, EX, AR, AR, AR, AE for rolls 1..6. With +2 the totals are 3..8; 7 and 8 count as 6
    # (rolls_beyond: clamp). Rolls 1, 2, 3 give totals 3, 4, 5: AR. Rolls 4, 5, 6 give 6, 7, 8: AE.
    # The top row (DR) cannot come up at all.
    odds = column_odds(crt(), 4, 2)
    assert odds == {"AR": Fraction(1, 2), "AE": Fraction(1, 2)}
    assert "DR" not in odds
    # Without modifiers each row is 1/6, and AR fills three of them.
    assert column_odds(crt(), 4, 0) == {"DR": Fraction(1, 6), "EX": Fraction(1, 6), "AR": Fraction(1, 2),
                                        "AE": Fraction(1, 6)}


def test_a_roll_past_the_last_row_can_give_a_stated_result():
    table = crt(rolls_beyond={"high": "AE"})   # a modified 7 or 8: AE; under 1 (never here): clamped
    # 6-1 reads DE, DE, DE, DE, DR, DR. With +2, rolls 1..4 are totals 3..6 (DE, DE, DR, DR); 5 and 6 are
    # totals 7 and 8: AE.
    assert column_odds(table, 9, 2) == {"DE": Fraction(2, 6), "DR": Fraction(2, 6), "AE": Fraction(2, 6)}


def test_a_three_column_shift_past_the_edge_resolves_by_the_rule_not_by_an_extra_column():
    # 1-3 (index 2) shifted three left lies one column left of 1-5.
    stated = crt(beyond={"low": "AE", "high": "DE"})
    edge, odds = position_odds(stated, 2 - 3)
    assert edge.result == "AE" and edge.side == "low" and odds == {"AE": Fraction(1)}
    clamped = crt(beyond="clamp")
    edge, odds = position_odds(clamped, 2 - 3)
    assert edge.column == 0   # the 1-5 column: AR on a 1, AE otherwise
    assert odds == {"AR": Fraction(1, 6), "AE": Fraction(5, 6)}
    # With the die modified by +1, 1-5's roll of 1 counts as 2 (AE): AE is certain.
    assert position_odds(clamped, -1, 1)[1] == {"AE": Fraction(1)}


def test_every_column_under_every_combination():
    table = crt(beyond={"low": "AE", "high": "DE"})
    combos = odds_by_combination(table)
    # 10 columns x shifts {0, -1, -3, -4} x die {0, +1, +2, +3}
    assert len(combos) == 10 * 4 * 4
    assert all(sum(odds.values()) == 1 for odds in combos.values())
    # 2-1 (index 5) with a storm (-1) and a town (+2): the 1-1 column, totals 3..8, as above.
    assert combos[(5, -1, 2)] == {"AR": Fraction(1, 2), "AE": Fraction(1, 2)}
    # 1-2 from ambush in a storm is four columns left: past 1-5, AE.
    assert combos[(3, -4, 0)] == {"AE": Fraction(1)}


def test_a_difference_column_and_two_dice():
    table = DiceTable.model_validate({
        "id": "fire", "title": "Fire", "dice": "2d6",
        "columns": {"difference": {"over": {"label": "fire", "range": [0, 9]},
                                   "under": {"label": "defence", "range": [0, 6]}},
                    "values": ["-1-", 0, "+1", "2+"], "beyond": "clamp"},
        "grid": [{"roll": "2-6", "cells": ["NE", "NE", "NE", "S"]},
                 {"roll": "7-12", "cells": ["NE", "S", "K1", "K1"]}]})
    assert [column_position(table.columns, a, d) for a, d in [(0, 6), (3, 4), (3, 3), (4, 3), (9, 0)]] == \
        [0, 0, 1, 2, 3]
    # 2d6 shows 7..12 in 21 of 36 ways: 6+5+4+3+2+1.
    assert column_odds(table, 1) == {"NE": Fraction(15, 36), "S": Fraction(21, 36)}


@pytest.mark.parametrize("beyond, words", [
    ("clamp", "Past either edge, use the edge's column (1-5 or 6-1)."),
    ({"low": "AE"}, "Left of the 1-5 column: AE; right of the 6-1 column: the 6-1 column."),
])
def test_the_edges_in_words_name_each_column_once_when_both_clamp(beyond, words):
    assert edge_words(crt(beyond=beyond))[0] == words
