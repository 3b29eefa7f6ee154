"""What a roll is, as plain numbers, and the budget that keeps it cheap to work out exactly.

A ``Shape`` is a dice expression resolved against the game's custom dice: the value of every physical
face, how many dice, keep / reroll / explode, a flat bonus. It is hashable, so exact distributions are
cached per shape. ``check_budget`` counts outcomes and the common denominator *before* anything is
computed: an expression like 50d1000 is a located error in the checker, never a stalled build.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .notation import RollRange, parse_dice, parse_roll

if TYPE_CHECKING:
    import icepool

    from ..models import CustomDie, DiceExpr

MAX_OUTCOMES = 2_000  # distinct totals of one roll: a table page stays readable, the checker fast
MAX_DENOMINATOR = 2 ** 53  # equally likely outcomes: dice.lazy.js adds chances exactly up to this (IEEE doubles)


class BudgetError(ValueError):
    """An expression too large to work out exactly; the message says what to change."""


@dataclass(frozen=True)
class Shape:
    faces: tuple[int, ...]  # the value of each physical face (a d3 from a d6: 1, 1, 2, 2, 3, 3)
    count: int = 1
    bonus: int = 0
    d66: bool = False
    keep: tuple[str, int] | None = None  # ('highest' | 'lowest', n)
    reroll: tuple[tuple[int, ...], bool] | None = None  # (values rerolled, once?)
    explode: tuple[tuple[int, ...], int] | None = None  # (values that explode, depth)

    @property
    def values(self) -> list[int]:
        return sorted(set(self.faces))

    def describe(self) -> str:
        """Plain words for what the page must state: 'keep the highest 3', 'reroll 1s once', ..."""
        parts = []
        if self.keep:
            parts.append(f"keep the {self.keep[0]} {self.keep[1]}")
        if self.reroll:
            values, once = self.reroll
            parts.append(f"reroll {_values_text(values)} " + ("once" if once else "until it shows another value"))
        if self.explode:
            values, depth = self.explode
            extra = "one extra die" if depth == 1 else f"{depth} extra dice"
            parts.append(f"{_values_text(values)} explodes: roll again and add, at most {extra} per die "
                         f"(the odds stop there: a {_values_text(values)} on the last extra die is not rolled again)")
        return "; ".join(parts)


def _values_text(values: tuple[int, ...]) -> str:
    return " or ".join(str(v) for v in values)


def _selected(values: list[int], written) -> tuple[int, ...]:
    rng: RollRange = parse_roll(written)
    return tuple(v for v in values if rng.contains(v))


class ShapeError(ValueError):
    """The expression cannot be resolved (a custom die without numbers, values no face shows...)."""


def shape_of(expr: DiceExpr, dice: dict[str, CustomDie]) -> Shape:
    """Resolve ``expr``; ShapeError when it makes no sense, BudgetError when it is too large."""
    if expr.custom_die is not None:
        die = dice.get(expr.custom_die)
        if die is None:
            raise ShapeError(f"custom die '{expr.custom_die}' is not defined")
        if not die.numeric:
            raise ShapeError(f"custom die '{die.id}' has named faces without a 'value', so it cannot be added up")
        if not die.has_odds:
            raise ShapeError(f"custom die '{die.id}' has unknown face counts, so no chance can be worked out")
        faces = tuple(face.value for face in die.faces for _ in range(face.count))
        shape = Shape(faces, expr.count or 1)
    else:
        spec = parse_dice(expr.dice)
        shape = Shape(tuple(range(1, spec.sides + 1)), spec.count, spec.bonus, spec.d66)
    values = shape.values
    keep = (expr.keep.side, expr.keep.n) if expr.keep else None
    reroll = explode = None
    if expr.reroll:
        rerolled = _selected(values, expr.reroll.on)
        if not rerolled:
            raise ShapeError(f"reroll on {expr.reroll.on!r}: no face shows that")
        if len(rerolled) == len(values) and not expr.reroll.once:
            raise ShapeError(f"reroll on {expr.reroll.on!r} until another value: every face is rerolled, "
                             "so the roll never ends")
        reroll = (rerolled, expr.reroll.once)
    if expr.explode:
        exploding = _selected(values, expr.explode.on) if expr.explode.on is not None else (values[-1],)
        if not exploding:
            raise ShapeError(f"explode on {expr.explode.on!r}: no face shows that")
        explode = (exploding, expr.explode.depth)
    shape = Shape(shape.faces, shape.count, shape.bonus, shape.d66, keep, reroll, explode)
    check_budget(shape)
    return shape


def estimate(shape: Shape) -> tuple[int, int]:
    """(an upper bound of the distinct totals, the number of equally likely outcomes), without computing."""
    if shape.d66:
        return 36, 36
    faces = len(shape.faces)
    low, high = min(shape.faces), max(shape.faces)
    rolls = 1  # physical rolls behind one die's value, for the denominator
    if shape.reroll:
        rolls = 2 if shape.reroll[1] else 1
    if shape.explode:
        values, depth = shape.explode
        rolls *= depth + 1
        high += depth * max(max(values), 0)
        low += depth * min(min(values), 0)
    kept = shape.keep[1] if shape.keep else shape.count
    totals = kept * (high - low) + 1
    if shape.reroll and not shape.reroll[1]:
        denominator = (faces - sum(shape.faces.count(v) for v in shape.reroll[0])) ** shape.count
    else:
        denominator = faces ** (rolls * shape.count)
    return totals, denominator


def check_budget(shape: Shape) -> None:
    totals, denominator = estimate(shape)
    if totals > MAX_OUTCOMES:
        raise BudgetError(f"it can total {totals:,} different values (at most {MAX_OUTCOMES:,} are worked out "
                          "exactly)")
    if denominator > MAX_DENOMINATOR:
        raise BudgetError(f"it has about 2^{denominator.bit_length() - 1} equally likely outcomes (at most 2^53 "
                          "can be added up exactly on the page)")


def single_die(shape: Shape) -> icepool.Die:
    """One die with reroll and explode applied."""
    import icepool  # here, not at the top: a site without dice never loads it (~30 ms, 2.5 MiB)

    die = icepool.Die(list(shape.faces))
    if shape.reroll:
        values, once = shape.reroll
        die = die.reroll(list(values), depth=1 if once else "inf")
    if shape.explode:
        values, depth = shape.explode
        die = die.explode(list(values), depth=depth)
    return die


@lru_cache(maxsize=512)
def shape_die(shape: Shape) -> icepool.Die:
    """The exact distribution of the roll's total (check_budget first: this is where time goes)."""
    if shape.d66:
        import icepool

        return icepool.d6 * 10 + icepool.d6
    die = single_die(shape)
    if shape.keep:
        side, n = shape.keep
        total = die.highest(shape.count, n) if side == "highest" else die.lowest(shape.count, n)
    else:
        total = shape.count @ die
    return total + shape.bonus
