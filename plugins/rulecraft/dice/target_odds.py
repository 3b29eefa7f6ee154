"""Exact chances of tests against a number: target tables (reach a value, roll under it, beat an earlier
roll) and charts of minimum rolls by a characteristic, with natural results that override the test and the
table's modifiers over their whole range. Shared by the checker, the page and the cheat sheet, like odds.py.

A modifier always helps when positive: it adds to the dice when they must reach a number, and to the value
when they must roll under it ("+1 to Initiative"), so "cover −1" reads the same in both.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from .odds import reachable_offsets, shape_distribution, table_shape
from .shape import Shape, shape_of

if TYPE_CHECKING:
    from ..models import CustomDie, DiceTable


@dataclass(frozen=True)
class RowTest:
    """How one row decides: ``test`` 'over' (the total + modifiers reaches ``bound``), 'under' (the total is at
    most ``bound`` + modifiers) or 'from' (total + modifiers + ``bound`` reaches the earlier roll; ties go
    to the earlier roll when the bound already holds 'exceed'); ``bound`` None: no roll succeeds."""

    test: str
    bound: int | None


@dataclass(frozen=True)
class Row:
    label: str  # the row's value as the page shows it: '3', '−1', '1–2'
    value: int  # the first axis value of the row (what its stepper picks)
    last: int  # the last axis value it covers (a chart's run)
    test: RowTest
    shown: str | None = None  # a chart's own value ('4+', '—')


def natural_distribution(shape: Shape) -> dict[int, Fraction]:
    """The dice as rolled, before the expression's flat bonus (1d6+1's '+1') and any modifier."""
    return shape_distribution(replace(shape, bonus=0))


def rows_of(table: DiceTable) -> list[Row]:
    """The rows of a target table or a chart, each with its test."""
    if table.chart is not None:
        entries = sorted(table.chart.needs, key=lambda e: e.span)
        return [Row(_signless(*e.span), e.span[0], e.span[1], RowTest("over", e.needed), e.shown) for e in entries]
    target = table.target
    return [Row(str(value).replace("-", "−"), value, value, RowTest(target.test, bound))
            for value, bound in target.rows()]


def _signless(low: int, high: int) -> str:
    """'3', '2 to 9', '−9 to −4' (a dash between negative numbers would read as a minus)."""
    minus = lambda v: str(v).replace("-", "−")  # noqa: E731
    return minus(low) if low == high else f"{minus(low)} to {minus(high)}"


def natural_overrides(table: DiceTable) -> dict[int, bool]:
    form = table.chart if table.chart is not None else table.target
    return {face: result == "success" for face, result in form.natural.items()}


def earlier_shape(table: DiceTable, tables: dict[str, DiceTable], dice: dict[str, CustomDie]) -> Shape | None:
    """The roll a 'from' target must beat: the earlier table's dice, as it rolls them (None: none)."""
    if table.target is None or table.target.from_roll is None:
        return None
    earlier = tables.get(table.target.from_roll)
    return shape_of(earlier, dice) if earlier is not None else None


@lru_cache(maxsize=4096)
def chance(shape: Shape, test: RowTest, natural: tuple[tuple[int, bool], ...], offset: int,
           earlier: Shape | None = None) -> Fraction:
    """The exact chance that the test holds with ``offset`` from the modifiers."""
    if test.bound is None:
        return Fraction(0)  # the chart's "—": whatever the dice show
    overrides = dict(natural)
    against = shape_distribution(earlier) if earlier is not None else None
    total = Fraction(0)
    for rolled, p in natural_distribution(shape).items():
        if rolled in overrides:
            total += p if overrides[rolled] else 0
            continue
        value = rolled + shape.bonus
        if test.test == "over":
            total += p if value + offset >= test.bound else 0
        elif test.test == "under":
            total += p if value <= test.bound + offset else 0
        else:
            mine = value + offset + test.bound
            total += p * sum((q for theirs, q in against.items() if mine >= theirs), Fraction(0))
    return total


def row_chances(table: DiceTable, shape: Shape, offset: int = 0, earlier: Shape | None = None) -> list[Fraction]:
    natural = tuple(sorted(natural_overrides(table).items()))
    return [chance(shape, row.test, natural, offset, earlier) for row in rows_of(table)]


def table_chances(table: DiceTable, die: CustomDie | None = None, earlier: Shape | None = None,
                  offset: int = 0) -> list[Fraction]:
    return row_chances(table, table_shape(table, die), offset, earlier)


def chances_by_offset(table: DiceTable, shape: Shape, earlier: Shape | None = None) -> dict[int, list[Fraction]]:
    """Every row's chance under every total the modifiers can reach (the page's live odds)."""
    return {offset: row_chances(table, shape, offset, earlier) for offset in sorted(reachable_offsets(table.modifiers))}


def bound_text(test: RowTest, low: int, high: int, natural: dict[int, bool] | None = None,
               short: bool = False) -> str:
    """What the dice must show for a row, in words: '4+', '4 or less', 'any roll', 'cannot'; where a natural
    result overrides a certain or hopeless row: 'any but a natural 6', 'only a natural 1' (``short``, for
    the cheat sheet's narrow columns: 'any but 6', 'only 1')."""
    natural = natural or {}
    if short:
        return bound_text(test, low, high, natural).replace(" a natural", "").replace(" (cannot)", "")
    fails = " or ".join(str(f) for f, good in natural.items() if not good)
    saves = " or ".join(str(f) for f, good in natural.items() if good)
    if test.bound is None:
        return "cannot"
    always = test.bound >= high if test.test == "under" else test.bound <= low
    never = test.bound < low if test.test == "under" else test.bound > high
    if always:
        return f"any but a natural {fails}" if fails else "any roll"
    if never:
        return f"only a natural {saves}" if saves else (f"{test.bound} or less (cannot)" if test.test == "under"
                                                        else f"{test.bound}+ (cannot)")
    return f"{test.bound} or less" if test.test == "under" else f"{test.bound}+"


def natural_words(table: DiceTable) -> str:
    """'a natural 6 always fails; a natural 1 always succeeds' (in the order written)."""
    return "; ".join(f"a natural {face} always {'succeeds' if good else 'fails'}"
                     for face, good in natural_overrides(table).items())


def test_summary(table: DiceTable, titles: dict[str, str]) -> str:
    """One line for the cheat sheet: 'roll must be equal to or under the model's I; a natural 6 always fails'."""
    if table.chart is not None:
        text = f"roll must reach the chart's value for {table.chart.axis_label}"
    else:
        t = table.target
        bonus = f" + {t.bonus.label}" if t.bonus else ""
        if t.from_roll is not None:
            text = f"roll{bonus} must {'beat' if t.exceed else 'equal or beat'} the earlier roll " \
                   f"({titles.get(t.from_roll, t.from_roll)})"
        elif t.under:
            text = f"roll{bonus} must be {'under' if t.exceed else 'equal to or under'} {t.against.label}"
        else:
            text = f"roll{bonus} must {'beat' if t.exceed else 'reach'} {t.against.label}"
    natural = natural_words(table)
    return text + (f"; {natural}" if natural else "")
