"""dice_math and dice_notation: exact odds, reachable modifier offsets, notation parsing."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulecraft.dice.notation import DiceSpec, NotationError, RollRange, parse_dice, parse_roll
from rulecraft.dice.odds import distribution, face_distribution, numeric_coverage, reachable_offsets, row_odds
from rulecraft.models import CustomDie, DiceTable, Modifier


def test_1d6_is_uniform():
    assert distribution(parse_dice("1d6")) == {n: F(1, 6) for n in range(1, 7)}


def test_2d6_exact_fractions():
    dist = distribution(parse_dice("2d6"))
    assert dist[7] == F(1, 6)
    assert dist[2] == dist[12] == F(1, 36)
    assert dist[6] == dist[8] == F(5, 36)
    assert sorted(dist) == list(range(2, 13))
    assert sum(dist.values()) == 1
    assert all(isinstance(p, F) for p in dist.values())


def test_bonus_shifts_totals():
    assert distribution(parse_dice("1d6+2")) == {n: F(1, 6) for n in range(3, 9)}
    assert distribution(parse_dice("d4-1")) == {n: F(1, 4) for n in range(0, 4)}


def test_d66_each_total_is_one_in_36():
    dist = distribution(parse_dice("d66"))
    assert sorted(dist) == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert set(dist.values()) == {F(1, 36)}


def test_custom_die_with_face_counts():
    die = CustomDie(id="combat", name="Combat", faces=[{"id": "hit", "label": "Hit", "count": 3},
                                                       {"id": "miss", "label": "Miss", "count": 2},
                                                       {"id": "crit", "label": "Crit"}])
    assert face_distribution(die) == {"hit": F(1, 2), "miss": F(1, 3), "crit": F(1, 6)}


def _table(rows, dice="1d6", modifiers=()):
    return DiceTable(id="t", title="T", dice=dice, modifiers=list(modifiers),
                     rows=[{"roll": r, "result": "x"} for r in rows])


def test_row_odds_without_and_with_modifiers():
    table = _table(["1-3", "4+"])
    assert row_odds(table) == [F(1, 2), F(1, 2)]
    assert row_odds(table, offset=1) == [F(1, 3), F(2, 3)]
    assert row_odds(table, offset=3) == [F(0), F(1)]
    assert row_odds(table, offset=-2) == [F(1, 2), F(1, 6)]  # rolled 1-2 falls below every row


def test_row_odds_2d6():
    table = _table(["2-6", "7", "8+"], dice="2d6")
    assert row_odds(table) == [F(15, 36), F(6, 36), F(15, 36)]


def test_row_odds_custom_die():
    die = CustomDie(id="c", name="C", faces=[{"id": "a", "label": "A", "count": 5}, {"id": "b", "label": "B"}])
    table = DiceTable(id="t", title="T", custom_die="c", rows=[{"face": "b", "result": "x"},
                                                               {"face": "a", "result": "y"}])
    assert row_odds(table, die=die) == [F(1, 6), F(5, 6)]
    assert row_odds(table) == [F(0), F(0)]  # die not found: no odds, no crash


def test_reachable_offsets_pick_the_simplest_way():
    mods = [Modifier(id="chairman", label="Chairman", value=1, count=(0, 1)),
            Modifier(id="fatigue", label="per fatigue cube", value=1, count=(0, 3))]
    offsets = reachable_offsets(mods)
    assert sorted(offsets) == [0, 1, 2, 3, 4]
    assert offsets[0].counts == ()
    assert offsets[1].counts == (("chairman", 1),)
    assert sum(count for _, count in offsets[4].counts) == 4
    assert offsets[2].describe(mods) in ("Chairman (+1), per fatigue cube (+1)", "2× per fatigue cube (+2)")
    assert offsets[0].describe(mods) == "no modifiers"


def test_reachable_offsets_with_negative_and_minimum_counts():
    mods = [Modifier(id="wound", label="per wound", value=-2, count=(1, 2))]
    offsets = reachable_offsets(mods)
    assert sorted(offsets) == [-4, -2]
    assert offsets[-4].describe(mods) == "2× per wound (-4)"


def test_no_modifiers_means_offset_zero_only():
    assert list(reachable_offsets([])) == [0]


def test_coverage_with_modifiers():
    table = _table(["1-2", "3-4", "5-6"], modifiers=[
        Modifier(id="chairman", label="Chairman", value=1, count=(0, 1)),
        Modifier(id="fatigue", label="per fatigue cube", value=1, count=(0, 3))])
    cov = numeric_coverage(table)
    assert cov.reachable == list(range(1, 11))
    assert [(rng.low, rng.high) for rng, _ in cov.gaps] == [(7, 10)]
    assert cov.gaps[0][1] == "rolled 6 with Chairman (+1)"
    assert cov.overlaps == [] and cov.unreachable == []


# --- notation ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text,spec", [
    ("1d6", DiceSpec(1, 6)), ("2d6", DiceSpec(2, 6)), ("d6", DiceSpec(1, 6)), ("3D6+1", DiceSpec(3, 6, 1)),
    ("1d6 - 1", DiceSpec(1, 6, -1)), ("d66", DiceSpec(2, 6, 0, True)), ("D66", DiceSpec(2, 6, 0, True)),
    ("1d100", DiceSpec(1, 100)),
])
def test_parse_dice(text, spec):
    assert parse_dice(text) == spec


@pytest.mark.parametrize("text", ["2x6", "", "d", "2d", "d6+", "1d6+1d4", "0d6", "1d1", "51d6", "1d1001"])
def test_parse_dice_errors(text):
    with pytest.raises(NotationError):
        parse_dice(text)


def test_dice_text_and_totals():
    assert parse_dice("2d6+1").text == "2d6+1" and parse_dice("d66").text == "d66"
    assert parse_dice("2d6").totals() == list(range(2, 13))
    assert parse_dice("1d6-1").totals() == list(range(0, 6))


@pytest.mark.parametrize("value,rng", [
    (3, RollRange(3, 3)), ("3", RollRange(3, 3)), ("3-4", RollRange(3, 4)), ("3–4", RollRange(3, 4)),
    ("3 to 4", RollRange(3, 4)), ("5+", RollRange(5, None)), (">=5", RollRange(5, None)), ("≥ 5", RollRange(5, None)),
    ("2-", RollRange(None, 2)), ("2 or less", RollRange(None, 2)), ("<= 2", RollRange(None, 2)),
    ("-1", RollRange(-1, -1)), ("-2--1", RollRange(-2, -1)), ("11-16", RollRange(11, 16)),
])
def test_parse_roll(value, rng):
    assert parse_roll(value) == rng


@pytest.mark.parametrize("value", ["6-3", "seven", "", "3-4-5", True, 2.5, None])
def test_parse_roll_errors(value):
    with pytest.raises(NotationError):
        parse_roll(value)


def test_roll_range_labels_and_intersections():
    assert [RollRange(5, None).label, RollRange(None, 2).label, RollRange(3, 3).label, RollRange(3, 4).label] == \
        ["5+", "2 or less", "3", "3–4"]
    assert RollRange(3, 4).intersect(RollRange(4, None)) == RollRange(4, 4)
    assert RollRange(1, 2).intersect(RollRange(3, None)) is None
    assert RollRange(None, 5).intersect(RollRange(None, 3)) == RollRange(None, 3)
