"""Exact chances of the roll forms that are not a table of totals: opposed rolls, target numbers and
success pools. Shared by the checker and the renderers, like odds.py.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from .shape import Shape, shape_die

MAX_OPPOSED_PAIRS = 40_000  # attacker totals × defender totals: worked out once per table


def _dist(shape: Shape) -> dict[int, Fraction]:
    die = shape_die(shape)
    return {int(o): Fraction(p) for o, p in zip(die.outcomes(), die.probabilities())}


@lru_cache(maxsize=64)
def margin_distribution(attacker: Shape, defender: Shape) -> dict[int, Fraction]:
    """Attacker's total minus the defender's, before bonuses."""
    return _dist_of(shape_die(attacker) - shape_die(defender))


def _dist_of(die) -> dict[int, Fraction]:
    return {int(o): Fraction(p) for o, p in zip(die.outcomes(), die.probabilities())}


def opposed_pairs(attacker: Shape, defender: Shape) -> int:
    """How many pairs of totals the contest weighs (the checker's budget, before computing)."""
    return len(shape_die(attacker)) * len(shape_die(defender))


def opposed_chances(attacker: Shape, defender: Shape, difference: int,
                    ties: str) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, tie) when the attacker's total gets ``difference`` added.

    Ties rerolled: every reroll is the same contest again, so the chances are the win and loss chances of
    one contest divided by (1 - tie); the tie chance returned is then that of a single contest.
    """
    win = lose = tie = Fraction(0)
    for margin, p in margin_distribution(attacker, defender).items():
        if margin + difference > 0:
            win += p
        elif margin + difference < 0:
            lose += p
        else:
            tie += p
    if ties == "reroll":
        if tie == 1:
            return Fraction(0), Fraction(0), tie  # never decided; the checker reports it
        return win / (1 - tie), lose / (1 - tie), tie
    if ties == "attacker":
        return win + tie, lose, tie
    return win, lose + tie, tie


def reach_chance(shape: Shape, needed: int) -> Fraction:
    """Chance the roll's total is at least ``needed``."""
    return sum((p for total, p in _dist(shape).items() if total >= needed), Fraction(0))


def success_chance(shape: Shape, threshold: int) -> tuple[int, int]:
    """(faces that succeed, faces) for one die of a pool: the chance is their ratio, kept as integers so
    the page can work out every pool size exactly."""
    faces = shape.faces
    return sum(1 for v in faces if v >= threshold), len(faces)


def pool_distribution(shape: Shape, dice: int, threshold: int) -> list[Fraction]:
    """Chance of 0..dice successes: binomial, each die succeeding on ``threshold`` or more."""
    good, faces = success_chance(shape, threshold)
    p = Fraction(good, faces)
    return [comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def form_summary(table, titles: dict[str, str] | None = None) -> str:
    """One line for a roll form without rows (cheat sheets): what decides and what each outcome does."""
    if table.pool:
        pool = table.pool
        text = f"one die per {pool.dice.label}; each {pool.success} succeeds"
        return text + (f"; each success: {pool.per_success.strip().rstrip('.')}" if pool.per_success else "")
    if table.opposed:
        o = table.opposed
        ties = {"reroll": "ties are rerolled", "attacker": f"ties: {o.attacker.wins()}",
                "defender": f"ties: {o.defender.wins()}"}
        return (f"{o.attacker.subject(start=True)} vs {o.defender.subject()}, higher total wins ({ties[o.ties]}); "
                f"+ {o.difference.label}")
    if table.target or table.chart:
        from .target_odds import test_summary

        return test_summary(table, titles or {})
    return ""
