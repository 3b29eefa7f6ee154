"""Profile-driven rolls in dice.yaml: a chart of minimum rolls indexed by a characteristic (a to-hit chart by
Ballistic Skill) or by the difference of two (to wound: Strength − Toughness), and the natural results that
override a test ("a natural 6 always fails, a 1 always succeeds"), shared by charts and target tables."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from . import records
from .base import Id, RuleModel, ShortText, Text
from .span import Span

NaturalResult = Literal["success", "fail"]
NATURAL_HELP = ("What a natural result (the dice as rolled, before any bonus or modifier) always does, whatever "
                "the test: {6: fail, 1: success}.")
MAX_CHART_VALUES = 61  # values of a chart's axis, as rows of an opposed or target table


def natural_field():
    return Field(default_factory=dict, description=NATURAL_HELP)


class Characteristic(Span):
    """A number of a model's profile that a chart is read by: 'Ballistic Skill (BS)', 1 to 10."""

    input: Id | None = Field(default=None, description="A short name for the characteristic: 'bs'.")
    label: ShortText = Field(description="As the page names it: \"the shooter's Ballistic Skill (BS)\".")
    range: tuple[int, int] = Field(description="Lowest and highest value a profile can have: [1, 10].")


class ChartDifference(RuleModel):
    """The chart is read by one characteristic minus another: Strength − Toughness."""

    over: Characteristic = Field(description="The characteristic counted up: the attacker's Strength.")
    under: Characteristic = Field(description="The one taken away: the target's Toughness.")


_ROLL_RE = re.compile(r"^\s*-?\d+\+\s*$")


class ChartEntry(RuleModel, records.ChartEntry):
    """One value of the axis (or a run of them) and the least roll it needs, as the chart prints it."""

    at: int | tuple[int, int] = Field(description="A value of the axis, or [lowest, highest] for a run: 3, "
                                      "[2, 9].")
    roll: int | str = Field(description="The least the dice must show: '4+' (or 4); '7+' where only a "
                            "modifier can make it; '—' where no roll succeeds.")

    @field_validator("roll")
    @classmethod
    def _roll(cls, value):
        if isinstance(value, str) and value.strip() not in records.IMPOSSIBLE_ROLLS and not _ROLL_RE.match(value):
            raise ValueError(f"write the least roll needed, like '4+' (or 4), or '—' where no roll succeeds; "
                             f"found {value!r}")
        return value

    @model_validator(mode="after")
    def _run(self):
        low, high = self.span
        if high < low:
            raise ValueError(f"'at' must be [lowest, highest], found {list(self.at)}")
        return self


class Chart(RuleModel, records.Chart):
    """A to-hit or to-wound chart: the roll each value of a characteristic (or a difference) needs."""

    axis: Characteristic | None = Field(default=None, description="The characteristic the chart is read by.")
    difference: ChartDifference | None = Field(default=None, description="Read by one characteristic minus "
                                               "another instead.")
    needs: list[ChartEntry] = Field(min_length=1, description="The chart's own values: one entry per value "
                                    "of the axis (or run of values), in any order.")
    natural: dict[int, NaturalResult] = natural_field()
    success: Text | None = None
    failure: Text | None = None

    @model_validator(mode="after")
    def _one_axis(self):
        if (self.axis is None) == (self.difference is None):
            raise ValueError("a chart is read by exactly one of 'axis' (a characteristic) or 'difference' "
                             "(one characteristic minus another)")
        if len(self.values) > MAX_CHART_VALUES:
            raise ValueError(f"its axis spans {len(self.values)} values (at most {MAX_CHART_VALUES}); narrow the "
                             "ranges")
        return self
