"""What a formula's names may refer to, as a game declares them: the scope a formula is checked and worked
out in. Each name has a prefix that says its kind (``const.``, ``input.``, ``item.<id>.``, ``state.``,
``event.``); a few bare names belong to the roll being read or to the game's clock (``round``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

# Bare names with a meaning of their own (besides a state's values in a comparison with that state).
ROUNDING = ("up", "down")
ROLL_NAMES = ("total", "natural", "doubles", "d")  # and d1 .. dn: each die of the roll, in order


@dataclass(frozen=True)
class Input:
    """A number a player tells the calculator: its words and the range the rules allow."""

    label: str
    low: int
    high: int

    @property
    def values(self) -> range:
        return range(self.low, self.high + 1)


@dataclass(frozen=True)
class State:
    """A named state of the game (time of day, weather) and the values it can take."""

    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Roll:
    """The dice of the roll a table's conditions read: ``count`` dice of ``sides`` sides."""

    count: int
    sides: int


@dataclass(frozen=True)
class Scope:
    constants: Mapping[str, Fraction | int] = field(default_factory=dict)
    constant_labels: Mapping[str, str] = field(default_factory=dict)
    inputs: Mapping[str, Input] = field(default_factory=dict)
    items: Mapping[str, Mapping[str, Fraction | int]] = field(default_factory=dict)  # item id -> attribute
    states: Mapping[str, State] = field(default_factory=dict)
    events: Mapping[str, str] = field(default_factory=dict)  # id -> words ("an army is annihilated")
    roll: Roll | None = None
    rounds: bool = True  # `round` (the game's round, from 1) may be read

    def label(self, name: str) -> str:
        """How a name reads in words: the label its declaration gives, else its id with spaces."""
        kind, _, rest = name.partition(".")
        if kind == "input" and rest in self.inputs:
            return self.inputs[rest].label
        if kind == "const" and rest in self.constant_labels:
            return self.constant_labels[rest]
        if kind == "state" and rest in self.states:
            return self.states[rest].label
        if kind == "event" and rest in self.events:
            return self.events[rest]
        if name == "round":
            return "the round"
        if kind in ("const", "input", "state", "event", "item"):
            return rest.replace(".", " ").replace("-", " ")
        return name.replace("-", " ")

    def known_names(self) -> list[str]:
        """Every name a formula may write, for did-you-mean hints."""
        names = [f"const.{c}" for c in self.constants] + [f"input.{i}" for i in self.inputs]
        names += [f"item.{i}.{a}" for i, attrs in self.items.items() for a in attrs]
        names += [f"state.{s}" for s in self.states] + [f"event.{e}" for e in self.events]
        if self.rounds:
            names.append("round")
        if self.roll is not None:
            names += [*ROLL_NAMES, *(f"d{n}" for n in range(1, self.roll.count + 1))]
        return names
