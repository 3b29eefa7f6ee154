"""A number that varies between two bounds: shared by dice tables (bonus, target, count) and the
characteristics a profile chart is read by."""

from __future__ import annotations

from pydantic import Field, model_validator

from . import records
from .base import RuleModel, ShortText, Text


class Span(RuleModel, records.Span):
    """A number that varies between two bounds: a bonus, a target, a number of dice."""

    label: ShortText = Field(description="What the number is: 'the monster's might'.")
    range: tuple[int, int] = Field(description="Lowest and highest value: [1, 6].")
    assumed: Text | None = Field(default=None, description="Why a bound is an assumption (the rules state "
                                 "none): shown to designers as a note by the table.")

    @model_validator(mode="after")
    def _ordered(self):
        low, high = self.range
        if high < low:
            raise ValueError(f"range must be [lowest, highest], found {list(self.range)}")
        if abs(low) > 1000 or abs(high) > 1000:
            raise ValueError("range bounds must lie within ±1000")
        return self
