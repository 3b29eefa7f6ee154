"""dice.shape and dice.forms: keep / reroll / explode, numeric custom faces, opposed rolls, target numbers,
success pools and the outcome budget.

Every expected fraction is counted by hand (the working is in the comments), never computed by the code
under test.
"""

from __future__ import annotations

import time
from fractions import Fraction as F

import pytest

from rulecraft.dice.forms import opposed_chances, pool_distribution, reach_chance
from rulecraft.dice.odds import shape_distribution
from rulecraft.dice.shape import BudgetError, ShapeError, estimate, shape_of
from rulecraft.models import CustomDie, DiceExpr, DiceTable

ISLAND = CustomDie(id="island", name="Island die", faces=[
    {"id": "one", "label": "1", "value": 1, "count": 2}, {"id": "two", "label": "2", "value": 2, "count": 2},
    {"id": "three", "label": "3", "value": 3, "count": 2}])
DICE = {"island": ISLAND}


def dist(**expr) -> dict[int, F]:
    return shape_distribution(shape_of(DiceExpr(**expr), DICE))


def shape(**expr):
    return shape_of(DiceExpr(**expr), DICE)


# --- numeric custom faces, keep, reroll, explode -------------------------------------------------------

def test_a_d3_made_from_a_d6():
    assert dist(custom_die="island") == {1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}  # two faces of six each
    # 2D3: 2 = 1+1 (1 way of 9), 3 (2), 4 (3), 5 (2), 6 (1)
    assert dist(custom_die="island", count=2) == {2: F(1, 9), 3: F(2, 9), 4: F(3, 9), 5: F(2, 9), 6: F(1, 9)}


def test_keep_highest_and_lowest():
    kh = dist(dice="4d6", keep={"highest": 3})
    assert kh[3] == F(1, 1296)  # four ones
    assert kh[18] == F(21, 1296)  # at least three sixes: four 6s (1 way) or exactly three (4 places × 5)
    assert sum(kh.values()) == 1 and min(kh) == 3 and max(kh) == 18
    # 2d6 keep the lowest: P(lowest = 6) = 1/36, P(lowest = 1) = 11/36
    kl = dist(dice="2d6", keep={"lowest": 1})
    assert kl[6] == F(1, 36) and kl[1] == F(11, 36)


def test_reroll_once_and_until():
    once = dist(dice="1d6", reroll={"on": 1})
    assert once[1] == F(1, 36)  # 1, then 1 again
    assert all(once[v] == F(7, 36) for v in range(2, 7))  # 1/6 straight away + 1/6 * 1/6 after a 1
    until = dist(dice="1d6", reroll={"on": "2-", "once": False})
    assert until == {v: F(1, 4) for v in range(3, 7)}  # 1 and 2 never stand


def test_bounded_explosion():
    one = dist(dice="1d6", explode={"depth": 1})
    assert all(one[v] == F(1, 6) for v in range(1, 6)) and 6 not in one  # a 6 always rolls on
    assert all(one[v] == F(1, 36) for v in range(7, 13))  # 6 + 1..6; the second 6 is not rolled again
    wild = dist(dice="1d6", reroll={"on": 1}, explode={"depth": 2})
    low = sum(p for v, p in wild.items() if v <= 5)
    assert low == F(29, 36)  # 1/36 for a 1 that stays + 4 × 7/36
    assert 6 not in wild and 12 not in wild  # a 6 is never a final total


def test_shape_describes_the_truncation():
    text = shape(dice="1d6", explode={"depth": 2}).describe()
    assert "at most 2 extra dice" in text and "not rolled again" in text
    assert shape(dice="4d6", keep={"highest": 3}).describe() == "keep the highest 3"


@pytest.mark.parametrize("expr, message", [
    ({"dice": "1d6", "reroll": {"on": "1-6", "once": False}}, "never ends"),
    ({"dice": "1d6", "explode": {"on": 7, "depth": 1}}, "no face shows that"),
    ({"custom_die": "nope"}, "not defined"),
])
def test_shape_errors(expr, message):
    with pytest.raises(ShapeError, match=message):
        shape(**expr)


def test_named_faces_and_unknown_counts_cannot_be_added():
    named = CustomDie(id="n", name="N", faces=[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}])
    unknown = CustomDie(id="u", name="U", unknown_counts="Not stated.",
                        faces=[{"id": "a", "label": "A", "value": 1}, {"id": "b", "label": "B", "value": 2}])
    with pytest.raises(ShapeError, match="named faces"):
        shape_of(DiceExpr(custom_die="n"), {"n": named})
    with pytest.raises(ShapeError, match="unknown face counts"):
        shape_of(DiceExpr(custom_die="u"), {"u": unknown})


# --- the budget -----------------------------------------------------------------------------------------

def test_budget_refuses_before_computing():
    start = time.process_time()  # CPU time: a loaded machine does not count
    with pytest.raises(BudgetError, match="49,951 different values"):
        shape(dice="50d1000")
    with pytest.raises(BudgetError, match="2\\^53"):
        shape(dice="50d6")
    with pytest.raises(BudgetError):
        shape(dice="10d6", explode={"depth": 10})
    assert time.process_time() - start < 1  # counted, not computed (a generous bound, not a benchmark)
    assert estimate(shape(dice="20d6")) == (101, 6 ** 20)  # the largest pile of d6 whose chances stay exact
    assert estimate(shape(dice="1d6", reroll={"on": 1})) == (6, 36)


# --- opposed rolls ----------------------------------------------------------------------------------------

def test_opposed_2d3_ties_rerolled():
    a = shape(custom_die="island", count=2)
    # One contest at difference 0: tie = sum of P(X=k)^2 = (1+4+9+4+1)/81 = 19/81; win = lose = 31/81.
    win, lose, tie = opposed_chances(a, a, 0, "reroll")
    assert (win, lose, tie) == (F(1, 2), F(1, 2), F(19, 81))
    # +1: win = P(X >= Y) = 50/81, tie = P(X+1 = Y) = (1*2 + 2*3 + 3*2 + 2*1)/81 = 16/81, lose = 15/81;
    # rerolling ties: 50/65 and 15/65.
    assert opposed_chances(a, a, 1, "reroll")[:2] == (F(10, 13), F(3, 13))
    assert opposed_chances(a, a, -1, "reroll")[:2] == (F(3, 13), F(10, 13))


def test_opposed_ties_to_one_side():
    a = shape(custom_die="island", count=2)
    assert opposed_chances(a, a, 0, "defender")[:2] == (F(31, 81), F(50, 81))
    assert opposed_chances(a, a, 0, "attacker")[:2] == (F(50, 81), F(31, 81))


def test_opposed_different_dice():
    # 1d6 against 1d3 (the island die): P(d6 > d3) = (0 + 1 + 2 + 3 + 3 + 3)/18... counted per d6 face:
    # d6=1 beats nothing, 2 beats a 1, 3 beats 1-2, 4-6 beat all three: (0+1+2+3+3+3)/18 = 12/18.
    win, lose, tie = opposed_chances(shape(dice="1d6"), shape(custom_die="island"), 0, "defender")
    assert tie == F(3, 18) and win == F(12, 18) and lose == F(6, 18)


# --- target numbers ----------------------------------------------------------------------------------------

def test_reach_a_target():
    d3 = shape(custom_die="island")
    assert [reach_chance(d3, n) for n in (0, 1, 2, 3, 4)] == [1, 1, F(2, 3), F(1, 3), 0]
    assert reach_chance(shape(dice="2d6"), 10) == F(6, 36)  # 4+6, 5+5, 6+4, 5+6, 6+5, 6+6


def _target(**target) -> DiceTable:
    return DiceTable(id="t", title="T", custom_die="island", target=target)


def test_target_rows_by_difference_bonus_or_target():
    both = _target(bonus={"label": "might", "range": [0, 3]}, against={"label": "monster", "range": [2, 6]})
    assert both.target.axis == "difference"
    assert both.target.rows() == [(x, x) for x in range(-1, 7)]  # 2-3 .. 6-0
    by_target = _target(bonus={"label": "might", "range": [1, 1]}, against={"label": "monster", "range": [2, 4]})
    assert by_target.target.axis == "against" and by_target.target.rows() == [(2, 1), (3, 2), (4, 3)]
    by_bonus = _target(bonus={"label": "might", "range": [0, 2]}, against={"label": "wall", "range": [3, 3]},
                       exceed=True)
    assert by_bonus.target.axis == "bonus" and by_bonus.target.rows() == [(0, 4), (1, 3), (2, 2)]


# --- success pools -------------------------------------------------------------------------------------------

def test_pool_of_three_on_4_plus():
    d6 = shape(dice="1d6")
    # p = 1/2: C(3,k)/8
    assert pool_distribution(d6, 3, 4) == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]
    # Improved Methods: 3+ succeeds, p = 2/3: 1/27, 3*2/27, 3*4/27, 8/27
    assert pool_distribution(d6, 3, 3) == [F(1, 27), F(6, 27), F(12, 27), F(8, 27)]
    assert pool_distribution(d6, 2, 1) == [0, 0, 1]  # every die succeeds
    assert pool_distribution(shape(custom_die="island"), 2, 3) == [F(4, 9), F(4, 9), F(1, 9)]  # p = 1/3
