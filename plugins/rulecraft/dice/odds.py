"""Exact dice odds (icepool) and the coverage analysis of dice tables.

Both the checker (gaps, overlaps, unreachable rows) and the renderers (odds
columns, the interactive table's data) use these functions, so what the site
shows and what the checker proves cannot disagree.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TYPE_CHECKING, TypeVar

from .conditions import chances as condition_chances
from .conditions import has_conditions
from .forms import pool_distribution
from .notation import DiceSpec, RollRange, parse_roll
from .shape import Shape, shape_die, shape_of

if TYPE_CHECKING:
    from ..models import CustomDie, DiceTable, Modifier


@lru_cache(maxsize=512)
def distribution(spec: DiceSpec) -> dict[int, Fraction]:
    """Exact probability of each total."""
    import icepool  # only where odds are computed: a site without dice never loads it (~2.5 MiB, 25 ms)

    if spec.d66:
        die = icepool.d6 * 10 + icepool.d6
    else:
        die = spec.count @ icepool.d(spec.sides) + spec.bonus
    return {int(outcome): Fraction(p) for outcome, p in zip(die.outcomes(), die.probabilities())}


def face_distribution(die: CustomDie) -> dict[str, Fraction]:
    import icepool

    pool = icepool.Die({face.id: face.count for face in die.faces})
    return {str(outcome): Fraction(p) for outcome, p in zip(pool.outcomes(), pool.probabilities())}


K = TypeVar("K", bound=Hashable)


def outcome_weights(probs: dict[K, Fraction]) -> tuple[int, dict[K, int]]:
    """The smallest common denominator of ``probs`` and each outcome's whole-number weight over it.

    2d6 gives (36, {2: 1, 3: 2, ..., 7: 6, ...}): fractions a player can compare at a glance ("6/36"),
    and integers the interactive table can add up exactly.
    """
    den = lcm(*(p.denominator for p in probs.values())) if probs else 1
    return den, {k: int(p * den) for k, p in probs.items()}


@dataclass(frozen=True)
class Offset:
    """One reachable total adjustment and the simplest modifier counts that give it."""

    value: int
    counts: tuple[tuple[str, int], ...]  # (modifier id, count) pairs, non-zero only

    def describe(self, modifiers: list[Modifier]) -> str:
        labels = {m.id: m for m in modifiers}
        parts = []
        for mod_id, count in self.counts:
            mod = labels[mod_id]
            amount = mod.amount(count)
            if mod.formula is not None:  # a formula's count is its input's value
                parts.append(f"{mod.asks or mod.label} {count} ({amount:+d})")
                continue
            parts.append(f"{mod.label} ({amount:+d})" if count == 1 else f"{count}× {mod.label} ({amount:+d})")
        return ", ".join(parts) if parts else "no modifiers"


def reachable_offsets(modifiers: list[Modifier]) -> dict[int, Offset]:
    offsets: dict[int, Offset] = {0: Offset(0, ())}
    for mod in modifiers:
        nxt: dict[int, Offset] = {}
        for count, amount in mod.amounts():
            for base in offsets.values():
                value = base.value + amount
                if value not in nxt or _weight(nxt[value]) > _weight(base) + abs(count):
                    named = amount if mod.formula is not None else count  # a formula adds at some input values
                    counts = base.counts + ((mod.id, count),) if named else base.counts
                    nxt[value] = Offset(value, counts)
        offsets = nxt
    return offsets


def _weight(offset: Offset) -> int:
    return sum(abs(count) for _, count in offset.counts)  # an input may count below 0


def row_ranges(table: DiceTable) -> list[RollRange | None]:
    """Each numeric row's range (None for a row that fails to parse; the model already reported it)."""
    ranges = []
    for row in table.rows:
        try:
            ranges.append(parse_roll(row.roll) if row.roll is not None else None)
        except ValueError:
            ranges.append(None)
    return ranges


def by_face(table: DiceTable, die: CustomDie | None) -> bool:
    """Rows keyed by named faces (a custom die rolled once, not added up)."""
    return bool(table.custom_die) and table.form == "table" and not (die is not None and die.numeric)


def table_shape(table: DiceTable, die: CustomDie | None = None) -> Shape:
    """The roll of a table keyed by totals (or of a pool's single die)."""
    return shape_of(table, {die.id: die} if die is not None else {})


def shape_distribution(shape: Shape) -> dict[int, Fraction]:
    die = shape_die(shape)
    return {int(outcome): Fraction(p) for outcome, p in zip(die.outcomes(), die.probabilities())}


def has_odds(table: DiceTable, die: CustomDie | None) -> bool:
    """False for a custom die whose face counts are unknown: results only, never invented chances."""
    return not (table.custom_die and die is not None and not die.has_odds)


def row_odds(table: DiceTable, offset: int = 0, die: CustomDie | None = None) -> list[Fraction | None]:
    """Chance of each row with the given total modifier (faces for a custom die; successes for a pool).

    None for every row when the die's face counts are unknown.
    """
    if not has_odds(table, die):
        return [None] * len(table.rows)
    if table.custom_die and die is None:
        return [Fraction(0)] * len(table.rows)
    if by_face(table, die):
        faces = face_distribution(die)
        return [faces.get(row.face, Fraction(0)) for row in table.rows]
    shape = table_shape(table, die)
    if table.form == "table" and has_conditions(table):  # rows read top-down over every outcome of the dice
        return condition_chances(table, shape, offset)
    if table.form == "pool":
        chances = pool_distribution(shape, table.pool.shown_dice, table.pool.threshold - offset)
        dist = dict(enumerate(chances))
        offset = 0
    else:
        dist = shape_distribution(shape)
    odds = []
    for rng in row_ranges(table):
        odds.append(sum((p for total, p in dist.items() if rng and rng.contains(total + offset)), Fraction(0)))
    return odds


@dataclass
class Coverage:
    reachable: list[int] = field(default_factory=list)
    gaps: list[tuple[RollRange, str]] = field(default_factory=list)  # uncovered totals, how to reach the first
    overlaps: list[tuple[int, int, RollRange]] = field(default_factory=list)  # row index pairs and shared totals
    unreachable: list[int] = field(default_factory=list)  # row indexes no roll can hit


def pool_successes(table: DiceTable, shape: Shape, offset: int) -> frozenset[int]:
    """Numbers of successes some pool size can show with this modifier."""
    threshold = table.pool.threshold - offset
    return _successes(table.pool.dice.range, min(shape.faces) < threshold, max(shape.faces) >= threshold)


@lru_cache(maxsize=64)
def _successes(sizes: tuple[int, int], can_fail: bool, can_succeed: bool) -> frozenset[int]:
    """Only whether a die can fail and can succeed matters: thousands of modifier offsets share three answers."""
    found: set[int] = set()
    for n in range(sizes[0], sizes[1] + 1):
        found.update(range(0 if can_fail else n, (n if can_succeed else 0) + 1))
    return frozenset(found)


def _runs(values: list[int], universe: list[int]) -> list[tuple[int, int]]:
    """Group values into runs that are consecutive in ``universe`` (d66: 16 is followed by 21)."""
    position = {v: i for i, v in enumerate(sorted(universe))}
    runs: list[tuple[int, int]] = []
    for v in sorted(values):
        if runs and position[v] == position[runs[-1][1]] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def numeric_coverage(table: DiceTable, die: CustomDie | None = None) -> Coverage:
    """Every reachable total, under every combination of modifiers, must hit exactly one row.

    Totals are the support of the exact distribution (keep, reroll and explode leave holes a plain range
    would not). In a pool the 'totals' are numbers of successes and modifiers move the threshold.
    """
    shape = table_shape(table, die)
    offsets = reachable_offsets(table.modifiers)
    how: dict[int, tuple[int, Offset]] = {}
    if table.form == "pool":
        for offset in sorted(offsets.values(), key=_weight):
            for k in pool_successes(table, shape, offset.value):
                how.setdefault(k, (k, offset))
    else:
        base = sorted(shape_distribution(shape))
        for offset in sorted(offsets.values(), key=_weight):
            for total in base:
                how.setdefault(total + offset.value, (total, offset))
    reachable = sorted(how)
    ranges = row_ranges(table)
    cov = Coverage(reachable=reachable)
    uncovered = [t for t in reachable if not any(r and r.contains(t) for r in ranges)]
    runs = _runs(uncovered, reachable)
    for low, high in runs:
        rolled, offset = how[low]
        example = f"{rolled} successes" if table.form == "pool" else f"rolled {rolled}"
        if offset.counts:
            example += f" with {offset.describe(table.modifiers)}"
        cov.gaps.append((RollRange(low, high), example))
    for i, a in enumerate(ranges):
        for j in range(i + 1, len(ranges)):
            b = ranges[j]
            if a and b:
                shared = a.intersect(b)
                if shared is not None:
                    cov.overlaps.append((i, j, shared))
    for i, rng in enumerate(ranges):
        if rng and not any(rng.contains(t) for t in reachable):
            cov.unreachable.append(i)
    return cov
