"""Parsing dice notation ('2d6', 'd66', '1d6+1') and table row keys ('3', '3-4', '5+', '2-')."""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_DICE = 50
MAX_SIDES = 1000


class NotationError(ValueError):
    """Bad dice or roll notation; the message says what was expected."""


@dataclass(frozen=True)
class DiceSpec:
    count: int
    sides: int
    bonus: int = 0
    d66: bool = False  # two d6 read as tens and units: 11..66

    @property
    def text(self) -> str:
        if self.d66:
            return "d66"
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{bonus}"

    def totals(self) -> list[int]:
        if self.d66:
            return [10 * a + b for a in range(1, 7) for b in range(1, 7)]
        return list(range(self.count + self.bonus, self.count * self.sides + self.bonus + 1))


def _int(digits: str, written) -> int:
    """int() of a matched number; Python refuses over 4,300 digits with a plain ValueError, dice far sooner."""
    if len(digits.lstrip("-")) > 9:
        raise NotationError(f"'{str(written)[:40]}': {digits[:12]}... is far too large a number for dice or rolls")
    return int(digits)


_DICE_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


def parse_dice(text: str) -> DiceSpec:
    if not isinstance(text, str):
        raise NotationError(f"dice must be written as text like '2d6', found {text!r}")
    if text.strip().lower() == "d66":
        return DiceSpec(2, 6, 0, d66=True)
    match = _DICE_RE.match(text)
    if not match:
        raise NotationError(f"'{text}' is not dice notation; write NdM like '1d6', '2d6', '3d6+1', or 'd66'")
    count = _int(match.group(1), text) if match.group(1) else 1
    sides = _int(match.group(2), text)
    bonus = _int(match.group(4) or "0", text) * (-1 if match.group(3) == "-" else 1)
    if not 1 <= count <= MAX_DICE:
        raise NotationError(f"'{text}': the number of dice must be between 1 and {MAX_DICE}")
    if not 2 <= sides <= MAX_SIDES:
        raise NotationError(f"'{text}': a die needs between 2 and {MAX_SIDES} sides")
    return DiceSpec(count, sides, bonus)


@dataclass(frozen=True)
class RollRange:
    """Totals a table row covers; ``None`` bounds are open ('5+' has high=None)."""

    low: int | None
    high: int | None

    def contains(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)

    def intersect(self, other: RollRange) -> RollRange | None:
        lows = [v for v in (self.low, other.low) if v is not None]
        highs = [v for v in (self.high, other.high) if v is not None]
        low = max(lows) if lows else None
        high = min(highs) if highs else None
        if low is not None and high is not None and low > high:
            return None
        return RollRange(low, high)

    @property
    def label(self) -> str:
        if self.low is not None and self.high is None:
            return f"{self.low}+"
        if self.low is None and self.high is not None:
            return f"{self.high} or less"
        if self.low is None:
            return "any"
        if self.low == self.high:
            return str(self.low)
        return f"{self.low}–{self.high}"


_NUM = r"(-?\d+)"
_ROLL_PATTERNS = [
    (re.compile(rf"^{_NUM}$"), lambda a: RollRange(a, a)),
    (re.compile(rf"^{_NUM}\s*\+$"), lambda a: RollRange(a, None)),
    (re.compile(rf"^(?:≥|>=)\s*{_NUM}$"), lambda a: RollRange(a, None)),
    (re.compile(rf"^{_NUM}\s*(?:-|or less)$"), lambda a: RollRange(None, a)),
    (re.compile(rf"^(?:≤|<=)\s*{_NUM}$"), lambda a: RollRange(None, a)),
]
_RANGE_RE = re.compile(r"^(-?\d+)\s*(?:-|–|—|to)\s*(-?\d+)$")


def parse_roll(value: int | str) -> RollRange:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise NotationError(f"a row's roll must be a number or text like '3-4', found {value!r}")
    if isinstance(value, int):
        if abs(value) > 999_999_999:
            raise NotationError("a row's roll is far too large a number for dice (beyond ±999,999,999)")
        return RollRange(value, value)
    text = value.strip()
    for pattern, make in _ROLL_PATTERNS:
        match = pattern.match(text)
        if match:
            return make(_int(match.group(1), value))
    match = _RANGE_RE.match(text)
    if match:
        low, high = _int(match.group(1), value), _int(match.group(2), value)
        if low > high:
            raise NotationError(f"roll '{value}' runs backwards; write the lower number first: '{high}-{low}'")
        return RollRange(low, high)
    raise NotationError(f"'{value}' is not a roll; write 3, '3-4', '5+' (5 or more) or '2-' (2 or less)")
