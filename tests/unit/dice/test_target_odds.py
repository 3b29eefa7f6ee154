"""dice/target_odds.py: roll-under tests with natural results and modifiers, charts by a characteristic and
by the difference of two, and a roll that must beat an earlier roll. Every chance is counted by hand over the
faces (working in the comments)."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from rulecraft.dice.odds import table_shape
from rulecraft.dice.target_odds import bound_text, chances_by_offset, row_chances, rows_of
from rulecraft.models.dice import DiceTable

COVER = {"id": "cover", "label": "the target is in cover", "value": -1}
LONG = {"id": "long-range", "label": "long range", "value": -1}
LARGE = {"id": "large", "label": "large target", "value": 1}


def table(**fields) -> DiceTable:
    return DiceTable.model_validate({"id": "t", "title": "T", "dice": "1d6", **fields})


def chances(t: DiceTable, offset: int = 0, earlier=None) -> list[F]:
    return row_chances(t, table_shape(t), offset, earlier)


def test_d6_under_4_with_natural_results_and_a_minus_one():
    t = table(modifiers=[{"id": "wet", "label": "the wall is wet", "value": -1}],
              target={"against": {"label": "I", "range": [4, 4]}, "under": True, "natural": {6: "fail", 1: "success"}})
    # 1, 2, 3, 4 are 4 or less: 4/6. With -1 the value is 3: 1, 2, 3 = 3/6.
    assert chances_by_offset(t, table_shape(t)) == {-1: [F(1, 2)], 0: [F(2, 3)]}


def test_natural_results_win_over_the_value():
    t = table(target={"against": {"label": "I", "range": [1, 10]}, "under": True,
                      "natural": {6: "fail", 1: "success"}})
    p = chances(t)
    assert p[0] == F(1, 6)  # I 1: only the 1
    assert p[5] == F(5, 6) and p[9] == F(5, 6)  # I 6 and I 10: every face but the natural 6
    # I 1 with -1: the value is 0, no face is 0 or less, but the natural 1 still succeeds.
    assert chances(t, -1)[0] == F(1, 6)
    rows = rows_of(t)
    assert bound_text(rows[9].test, 1, 6, {6: False, 1: True}) == "any but a natural 6"
    assert bound_text(rows[0].test, 1, 6, {6: False, 1: True}) == "1 or less"
    assert bound_text(rows_of(t)[0].test.__class__("under", 0), 1, 6, {1: True}) == "only a natural 1"


def test_2d6_under_leadership():
    t = table(dice="2d6", modifiers=[{"id": "leader", "label": "the leader is near", "value": 1}],
              target={"against": {"label": "Ld", "range": [2, 10]}, "under": True})
    p = chances(t)
    # 2d6 <= 7: 1 + 2 + 3 + 4 + 5 + 6 = 21 of 36. <= 2: 1 of 36. <= 10: all but 11 (2 ways) and 12 (1).
    assert p[5] == F(21, 36) and p[0] == F(1, 36) and p[8] == F(33, 36)
    # The leader's +1 adds to the value: Ld 7 becomes 8, 21 + 5 = 26 of 36.
    assert chances(t, 1)[5] == F(26, 36)


def test_rolling_under_with_a_bonus_on_the_dice():
    t = table(dice="2d6", target={"against": {"label": "Ld", "range": [8, 8]},
                                  "bonus": {"label": "fear", "range": [0, 2]}, "under": True})
    # 2d6 + bonus <= 8: <= 8 is 26/36, <= 7 is 21/36, <= 6 is 15/36.
    assert [r.value for r in rows_of(t)] == [0, 1, 2]
    assert chances(t) == [F(26, 36), F(21, 36), F(15, 36)]


BS_CHART = {"axis": {"input": "bs", "label": "BS", "range": [0, 10]},
            "needs": [{"at": 0, "roll": "—"}, {"at": 1, "roll": "6+"}, {"at": 2, "roll": "5+"},
                      {"at": 3, "roll": "4+"}, {"at": 4, "roll": "3+"}, {"at": 5, "roll": "2+"},
                      {"at": 6, "roll": "1+"}, {"at": 7, "roll": "0+"}, {"at": 8, "roll": "-1+"},
                      {"at": 9, "roll": "-2+"}, {"at": 10, "roll": "-3+"}],
            "natural": {1: "fail"}}


def test_the_bs_chart_per_value_and_with_its_modifiers():
    t = table(modifiers=[COVER, LONG, LARGE], chart=BS_CHART)
    assert [r.shown for r in rows_of(t)] == ["—", "6+", "5+", "4+", "3+", "2+", "1+", "0+", "−1+", "−2+", "−3+"]
    # BS 0 never hits; 6+ is 1 face, 5+ 2, 4+ 3, 3+ 4, 2+ 5; from BS 6 on every face but the natural 1.
    assert chances(t) == [0, F(1, 6), F(2, 6), F(3, 6), F(4, 6), F(5, 6)] + [F(5, 6)] * 5
    cover = chances(t, -1)
    # In cover (-1): BS 1 needs a 7 on the die (none); BS 5 a 3+ (4 faces); BS 6 a 2+ (5 faces).
    assert cover[1] == 0 and cover[5] == F(4, 6) and cover[6] == F(5, 6)
    both = chances(t, -2)
    # Cover and long range (-2): BS 6 needs 3+ (4 faces); BS 7 needs 2+ (5 faces): the chart's own values.
    assert both[6] == F(4, 6) and both[7] == F(5, 6)
    assert chances(t, 1)[1] == F(2, 6)  # a large target: BS 1 hits on 5+
    assert sorted(chances_by_offset(t, table_shape(t))) == [-2, -1, 0, 1]


def test_to_wound_by_strength_minus_toughness():
    t = table(chart={"difference": {"over": {"input": "s", "label": "S", "range": [1, 10]},
                                    "under": {"input": "t", "label": "T", "range": [1, 10]}},
                     "needs": [{"at": [2, 9], "roll": "2+"}, {"at": 1, "roll": "3+"}, {"at": 0, "roll": "4+"},
                               {"at": -1, "roll": "5+"}, {"at": [-3, -2], "roll": "6+"},
                               {"at": [-9, -4], "roll": "—"}]})
    assert t.chart.axis_range == (-9, 9) and t.chart.axis_label == "S − T"
    rows = rows_of(t)  # in the axis's order
    assert [r.label for r in rows] == ["−9 to −4", "−3 to −2", "−1", "0", "1", "2 to 9"]
    assert chances(t) == [0, F(1, 6), F(2, 6), F(3, 6), F(4, 6), F(5, 6)]


def test_beating_an_earlier_roll():
    earlier = table_shape(table(rows=[{"roll": "1+", "result": "x"}]))
    beat = table(target={"from": "to-hit", "exceed": True})
    # d6 > d6: of 36 pairs 6 tie and half of the other 30 win: 15/36.
    assert chances(beat, 0, earlier) == [F(15, 36)]
    equal = table(target={"from": "to-hit"})
    assert chances(equal, 0, earlier) == [F(21, 36)]  # 15 + the 6 ties
    bonus = table(target={"from": "to-hit", "exceed": True, "bonus": {"label": "agility", "range": [0, 1]}})
    # +1: X + 1 > Y is X >= Y: 21/36. A natural 6 always succeeding adds the 6 v 6 tie... already a win.
    assert chances(bonus, 0, earlier) == [F(15, 36), F(21, 36)]
    natural = table(target={"from": "to-hit", "exceed": True, "natural": {1: "fail", 6: "success"}})
    # A natural 6 succeeds even against a 6 (+1/36); a 1 never won anyway: 16/36.
    assert chances(natural, 0, earlier) == [F(16, 36)]


@pytest.mark.parametrize("fields, message", [
    ({"target": {"against": {"label": "x", "range": [1, 6]}, "from": "a"}}, "exactly one of 'against'"),
    ({"target": {"from": "a", "under": True}}, "'under' rolls under a value"),
    ({"chart": {"needs": [{"at": 1, "roll": "4+"}]}}, "exactly one of 'axis'"),
    ({"chart": {"axis": {"label": "BS", "range": [1, 2]}, "needs": [{"at": 1, "roll": "four"}]}}, "like '4+'"),
    ({"chart": {"axis": {"label": "BS", "range": [1, 2]}, "needs": [{"at": [2, 1], "roll": "4+"}]}},
     "'at' must be [lowest, highest]"),
    ({"chart": BS_CHART, "rows": [{"roll": "1+", "result": "x"}]}, "a chart table has no 'rows'"),
])
def test_the_model_refuses(fields, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        table(**fields)


def test_target_tables_take_modifiers_now():
    t = table(modifiers=[COVER], target={"against": {"label": "x", "range": [4, 4]}})
    assert chances(t, -1) == [F(2, 6)]  # 4+ with -1: the die must show 5 or 6
