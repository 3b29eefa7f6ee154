"""Dice tables whose rows are conditions on the dice (``on: doubles``, ``on: any(d == 1)``), read from the top:
the first row that holds applies. Range rows (``roll: 2-7``) may stand among them and are read in order too.

A condition reads the dice one by one, so odds and coverage are worked out over every ordered outcome of
the dice, not only over their total: 2d6 is 36 outcomes, each with its faces. Conditions on faces
(``doubles``, ``d1``, ``any(d == 6)``, ``natural``) read the dice as they fell; ``total`` and range rows read
the modified total (the dice, the notation's bonus and the table's modifiers). Every number is a Fraction
or a whole-number weight, as in dice/odds.py, and the checker, the page and the sheet all read this module.

Pydantic-free: a build from the snapshot reads it as the checker does.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ..expr import ExprError, Roll, Scope, parse, words
from ..expr.evaluate import DIE_FUNCTIONS, Evaluator
from ..expr.nodes import Call, Name, Node, walk
from .notation import RollRange, parse_roll
from .shape import Shape

if TYPE_CHECKING:
    from ..models import DiceTable

MAX_CONDITION_OUTCOMES = 10_000  # ordered outcomes of the dice read one by one (5d6: 7 776)
MAX_CONDITION_CELLS = 20_000  # outcomes × modifier totals: the page carries the row of each
CONDITION_ORDER = "the first row that holds applies"  # the cheat sheet's line under the title


def has_conditions(table: DiceTable) -> bool:
    """A table read top-down: at least one row is a condition on the dice."""
    return any(row.on is not None for row in table.rows)


def unsupported(shape: Shape) -> str | None:
    """Why a roll's dice cannot be read one by one, or None: a condition needs each die as it fell."""
    if shape.keep or shape.reroll or shape.explode:
        return "keep, reroll and explode change which dice count, so conditions on the dice do not apply"
    return None


def outcome_count(shape: Shape) -> int:
    return len(shape.faces) ** shape.count


def roll_scope(shape: Shape) -> Scope:
    """What a row's condition may name: the roll alone (``total``, ``natural``, ``d1``…``dn``, ``doubles``,
    ``any``/``all``/``count`` over ``d``). No states, inputs or rounds: a table's odds are the dice's."""
    return Scope(roll=Roll(shape.count, max(len(set(shape.faces)), 2)), rounds=False)


@dataclass(frozen=True)
class Outcome:
    """One ordered fall of the dice: each die's value, how many physical faces give it, and its totals."""

    dice: tuple[int, ...]
    weight: int  # equally likely physical outcomes behind it (a custom die may show a value on two faces)
    natural: int  # the dice alone
    total: int  # as the table reads it before modifiers: with the notation's bonus; d66 read as tens, units


def outcomes(shape: Shape) -> list[Outcome]:
    counts = Counter(shape.faces)
    values = sorted(counts)
    found = []
    for dice in itertools.product(values, repeat=shape.count):
        natural = sum(dice)
        total = 10 * dice[0] + dice[1] if shape.d66 else natural + shape.bonus
        found.append(Outcome(dice, math.prod(counts[v] for v in dice), natural, total))
    return found


def _reads(node: Node) -> tuple[bool, bool]:
    """(reads the faces, reads the modified total): what a row's truth depends on, for caching."""
    faces = total = False
    for n in walk(node):
        if isinstance(n, Call) and n.func in DIE_FUNCTIONS:
            faces = True
        elif isinstance(n, Name):
            if n.name == "total":
                total = True
            elif n.name in ("doubles", "natural") or (n.name[0] == "d" and n.name[1:].isdigit()):
                faces = True
    return faces, total


@dataclass(frozen=True)
class _Row:
    """A row as the reader reads it: a range of totals, a parsed condition, or nothing that can hold."""

    rng: RollRange | None = None
    node: Node | None = None
    faces: bool = False
    total: bool = False


def _row(roll, on) -> _Row:
    if on is not None:
        try:
            node = parse(on)
        except ExprError:
            return _Row()  # the checker reports it at its character; it holds for no roll meanwhile
        return _Row(node=node, faces=_reads(node)[0], total=_reads(node)[1])
    try:
        return _Row(rng=parse_roll(roll)) if roll is not None else _Row()
    except ValueError:
        return _Row()


class Reader:
    """Which row applies to an outcome at a modified total, first that holds; truths are cached by what
    each condition reads (a condition on the faces alone is read once per outcome, not once per total)."""

    def __init__(self, shape: Shape, rows: tuple[tuple, ...]):
        self.scope = roll_scope(shape)
        self.rows = [_row(roll, on) for roll, on in rows]
        self._truth: dict[tuple, bool] = {}

    def holds(self, i: int, outcome: Outcome, total: int) -> bool:
        row = self.rows[i]
        if row.rng is not None:
            return row.rng.contains(total)
        if row.node is None:
            return False
        key = (i, outcome.dice if row.faces else None, total if row.total else None)
        truth = self._truth.get(key)
        if truth is None:
            values = {"roll": outcome.dice, "total": Fraction(total), "natural": Fraction(outcome.natural)}
            try:
                truth = Evaluator(self.scope, values)(row.node) is True
            except ExprError:  # a name this roll lacks (d3 of two dice): reported by the checker
                truth = False
            self._truth[key] = truth
        return truth

    def first(self, outcome: Outcome, total: int) -> int:
        """The index of the row that applies, or -1 when none holds."""
        return next((i for i in range(len(self.rows)) if self.holds(i, outcome, total)), -1)


def rows_key(table: DiceTable) -> tuple[tuple, ...]:
    return tuple((row.roll, row.on) for row in table.rows)


@dataclass(frozen=True)
class Reading:
    """Every outcome of the dice under one modifier total: the row each falls to (-1: none)."""

    offset: int
    rows: tuple[int, ...]  # per outcome, in the order of ``outcomes``


@lru_cache(maxsize=128)
def _reader(shape: Shape, rows: tuple[tuple, ...]) -> tuple[Reader, tuple[Outcome, ...]]:
    return Reader(shape, rows), tuple(outcomes(shape))


@lru_cache(maxsize=1024)
def reading(shape: Shape, rows: tuple[tuple, ...], offset: int) -> Reading:
    reader, falls = _reader(shape, rows)
    return Reading(offset, tuple(reader.first(o, o.total + offset) for o in falls))


def chances(table: DiceTable, shape: Shape, offset: int = 0) -> list[Fraction]:
    """The exact chance that each row is the one that applies, with the modifiers adding ``offset``."""
    if unsupported(shape) or outcome_count(shape) > MAX_CONDITION_OUTCOMES:
        return [Fraction(0)] * len(table.rows)
    rows = rows_key(table)
    _, falls = _reader(shape, rows)
    weights = [0] * len(table.rows)
    for fall, row in zip(falls, reading(shape, rows, offset).rows):
        if row >= 0:
            weights[row] += fall.weight
    total = sum(f.weight for f in falls)
    return [Fraction(w, total) for w in weights]


def page_data(table: DiceTable, shape: Shape, offsets: list[int]) -> dict:
    """What dice.lazy.js needs to find the row of a roll and the chances under each modifier total: the dice's
    values (a die's index in the outcome order), the row of every outcome per offset, and each row's
    weight per offset over one common denominator ``den`` (the smallest: 2d6's 6/36 shows as 1/6)."""
    rows = rows_key(table)
    _, falls = _reader(shape, rows)
    by_offset = []
    for offset in offsets:
        weights = [0] * len(table.rows)
        read = reading(shape, rows, offset).rows
        for fall, row in zip(falls, read):
            if row >= 0:
                weights[row] += fall.weight
        by_offset.append((list(read), weights))
    whole = sum(f.weight for f in falls)
    common = math.gcd(whole, *(w for _, weights in by_offset for w in weights))
    return {"values": sorted(set(shape.faces)), "off": offsets, "den": whole // common,
            "rows": [read for read, _ in by_offset], "w": [[w // common for w in weights] for _, weights in by_offset]}


def outcome_text(fall: Outcome, shape: Shape, total: int) -> str:
    """'3 and 5 (total 8)'; '35' for d66; '4' for one die."""
    if shape.d66:
        return f"{fall.dice[0]} and {fall.dice[1]} (read {fall.total}{'' if total == fall.total else f', total {total}'})"
    shown = [str(v) for v in fall.dice]
    dice = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return dice if len(shown) == 1 and total == fall.natural else f"{dice} (total {total})"


def row_words(on: str) -> str:
    """A row's condition as players read it, capitalised for the row's cell: 'A double', 'Any die shows 1'.
    The text as written when it cannot be read (the checker reports it)."""
    try:
        text = words(parse(on))
    except ExprError:
        return on
    return text[:1].upper() + text[1:]
