"""How a two-dimensional dice table's column is found: headings read as ratios or differences, a ratio rounded
as the rules say, and a column past the table's edges. Pure functions over the table's fields (pydantic-free:
the snapshot's records use them too); assets/crt.lazy.js does the same rounding in the browser.

A column has a *position*: 0 for the first heading, 1 for the next... A ratio or a difference past the last
heading has a position past the last column (7-1 is one step right of a 6-1 column), so a shift of one column
left brings it back onto the table; only what is still past an edge after the shifts is resolved by ``beyond``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from .notation import RollRange, parse_roll

_RATIO_RE = re.compile(r"^\s*(\d+)\s*[-–:]\s*(\d+)\s*$")
ROUNDING_WORDS = {"defender": "rounded in the defender's favour", "down": "rounded down",
                  "nearest": "rounded to the nearest"}


@dataclass(frozen=True)
class Ratio:
    """A heading 'N-1' (N to one) or '1-N' (one to N): ``steps`` counts columns from 1-1 (2-1 is +1, 1-2 -1)."""

    over: int
    under: int

    @property
    def steps(self) -> int:
        return self.over - 1 if self.over >= self.under else 1 - self.under

    @property
    def label(self) -> str:
        return f"{self.over}-{self.under}"


def parse_heading(axis: str, value: int | str, i: int = 0) -> Ratio | RollRange | str:
    """A column heading as its axis reads it; a ValueError saying what to write otherwise."""
    if axis == "ratio":
        match = _RATIO_RE.match(str(value))
        if not match:
            raise ValueError(f"column {i + 1}: '{value}' is not a ratio; write it as '3-1' (three to one) or "
                             "'1-2' (one to two)")
        over, under = int(match.group(1)), int(match.group(2))
        if min(over, under) != 1 or over == 0 or under == 0:
            raise ValueError(f"column {i + 1}: a ratio heading is 'N-1' or '1-N' (one side is 1), found '{value}'")
        return Ratio(over, under)
    if axis == "difference":
        text = str(value).strip()
        try:
            return parse_roll(int(text) if re.fullmatch(r"[+-]?\d+", text) else text)
        except ValueError:
            raise ValueError(f"column {i + 1}: '{value}' is not a difference; write a number (-2, 0, '+3'), a "
                             "range ('1 to 2') or an open end at the table's edge ('-3-' or '5+')") from None
    return str(value)


def check_headings(axis: str, values: list) -> None:
    """Ratios strictly left to right from the defender's side; differences contiguous, open only at the ends."""
    heads = [parse_heading(axis, v, i) for i, v in enumerate(values)]
    if axis == "ratio":
        for i in range(1, len(heads)):
            if heads[i].steps <= heads[i - 1].steps:
                raise ValueError(f"column {i + 1}: '{values[i]}' must be higher odds than '{values[i - 1]}' "
                                 "(columns run from the defender's best odds to the attacker's)")
    elif axis == "difference":
        for i, head in enumerate(heads):
            if head.low is None and i != 0 or head.high is None and i != len(heads) - 1:
                raise ValueError(f"column {i + 1}: '{values[i]}' is open-ended, which only the first (N or "
                                 "less) or last (N or more) column may be")
            if i and heads[i - 1].high is not None and head.low != heads[i - 1].high + 1:
                raise ValueError(f"column {i + 1}: '{values[i]}' does not follow '{values[i - 1]}' (every "
                                 f"difference from one column to the next needs a column: {heads[i - 1].high + 1})")


def rounded_ratio(over: int, under: int, rounding: str) -> Ratio:
    """The odds column a ratio counts as: N-1 when the first is the larger, 1-N otherwise.

    defender: the attacker's odds rounded down, 2.5-1 is 2-1 and 1-2.33 is 1-3 (for a >= d the column is
    floor(a/d)-1, for a < d it is 1-ceil(d/a)); down: the larger number rounded down (1-2.33 is 1-2);
    nearest: to the nearest, a half up (2.5-1 is 3-1)."""
    if over >= under:
        exact = Fraction(over, under)
        n = math.floor(exact + Fraction(1, 2)) if rounding == "nearest" else math.floor(exact)
        return Ratio(max(n, 1), 1)
    exact = Fraction(under, over)
    n = {"defender": math.ceil(exact), "down": math.floor(exact),
         "nearest": math.floor(exact + Fraction(1, 2))}[rounding]
    return Ratio(1, n) if n > 1 else Ratio(1, 1)


def ratio_position(heads: list[Ratio], ratio: Ratio) -> int:
    """The position of a rounded ratio: its heading's index; between headings, the one on the defender's side;
    past an edge, as many positions past it as the steps it lies beyond."""
    steps = ratio.steps
    if steps < heads[0].steps:
        return steps - heads[0].steps
    if steps > heads[-1].steps:
        return len(heads) - 1 + steps - heads[-1].steps
    return max(i for i, head in enumerate(heads) if head.steps <= steps)


def difference_position(heads: list[RollRange], difference: int) -> int:
    for i, head in enumerate(heads):
        if head.contains(difference):
            return i
    if heads[0].low is not None and difference < heads[0].low:
        return difference - heads[0].low
    return len(heads) - 1 + difference - heads[-1].high


def column_position(columns, over: int | None = None, under: int | None = None, pick: int | None = None) -> int:
    """The position the column axis gives (``columns`` is a table's ``columns``)."""
    axis = columns.axis
    heads = [parse_heading(axis, v) for v in columns.values]
    if axis == "ratio":
        return ratio_position(heads, rounded_ratio(over, under, columns.ratio.rounding))
    if axis == "difference":
        return difference_position(heads, over - under)
    return pick


@dataclass(frozen=True)
class Edge:
    """Where a position lands: a column's index, or a stated result past an edge (``side`` 'low' or 'high')."""

    column: int | None = None
    result: str | None = None
    side: str | None = None


def resolve(position: int, count: int, beyond) -> Edge | None:
    """The column a position stands for, clamped or stated past an edge; None when nothing is stated there."""
    if 0 <= position < count:
        return Edge(column=position)
    side = "low" if position < 0 else "high"
    if beyond is None:
        return None
    stated = None if beyond == "clamp" else getattr(beyond, side)
    if stated is not None:
        return Edge(result=stated, side=side)
    return Edge(column=0 if side == "low" else count - 1, side=side)


def reachable_positions(columns) -> tuple[int, int, list[tuple[int, str]]]:
    """(lowest, highest) position the axis can give over its inputs' ranges, and one example of each position
    past an edge: (position, 'rolled 7 against 1')."""
    axis = columns.axis
    count = len(columns.values)
    if axis == "pick":
        return 0, count - 1, []
    spans = columns.ratio or columns.difference
    (a_low, a_high), (d_low, d_high) = spans.over.range, spans.under.range
    corners = [(a_low, d_high), (a_high, d_low)]
    low, high = (column_position(columns, a, d) for a, d in corners)
    examples = []
    if low < 0:
        examples.append((low, f"{a_low} against {d_high}"))
    if high >= count:
        examples.append((high, f"{a_high} against {d_low}"))
    return low, high, examples


def ratio_words(over: int, under: int, rounding: str, label: str) -> str:
    """'10 against 4 is 2.5 to 1, rounded in the defender's favour: 2-1' (crt.lazy.js writes the same)."""
    big, small = (over, under) if over >= under else (under, over)
    exact = Fraction(big, small)
    shown = f"{float(exact):.2f}".rstrip("0").rstrip(".")
    odds = f"{shown} to 1" if over >= under else f"1 to {shown}"
    if exact.denominator == 1:
        return f"{over} against {under} is {odds}: {label}"
    return f"{over} against {under} is {odds}, {ROUNDING_WORDS[rounding]}: {label}"
