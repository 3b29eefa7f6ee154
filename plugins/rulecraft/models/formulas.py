"""game.yaml's named inputs and formulas: the numbers a player tells a calculator (resource tiles owned,
magic points), each with its words and the range the rules allow, and the numbers the rules work out from
them ("loot is half the resource tiles you own, rounded up"), written in the expression language
(expr/, DESIGN.md section 1) and shown in words, with a calculator on the page."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from .base import Id, RuleModel, ShortText, Text

# A formula as written: the checker reads it (expr.check) and locates its problems at their character.
Expression = Annotated[str, StringConstraints(min_length=1, max_length=400)]
MAX_INPUT_SPAN = 1000  # values an input may take: the checker tries each (expr.check caps combinations)


class Input(RuleModel):
    """A number a player tells the calculator, with the range the rules allow."""

    id: Id
    label: ShortText = Field(description="How it reads in a formula's words and on the calculator: "
                             "'resource tiles you own'.")
    range: tuple[int, int] = Field(description="Lowest and highest value the rules allow: [0, 12]. An input of "
                                   "range [0, 1] is a yes/no question (a box to tick).")

    @model_validator(mode="after")
    def _ordered(self):
        low, high = self.range
        if high < low:
            raise ValueError(f"range [{low}, {high}]: the highest value is smaller than the lowest")
        if high - low > MAX_INPUT_SPAN:
            raise ValueError(f"range [{low}, {high}] spans more than {MAX_INPUT_SPAN} values")
        return self


class Formula(RuleModel):
    """A number the rules work out: loot, strength, a price."""

    id: Id
    name: ShortText
    value: Expression = Field(description="The formula: 'half(input.tiles, up)', '5 * per(input.magic, 10)'. "
                              "It may read inputs (input.<id>) and constants (const.<id>).")
    rounding: Literal["up", "down", "nearest"] | None = Field(
        default=None, description="Round the result to a whole number: up, down or nearest (halves up).")
    whole: bool = Field(default=False, description="The result must be a whole number (a count, a price): "
                        "the checker reports a value that can be a fraction unless `rounding` says how to round.")
    unit: ShortText | None = Field(default=None, description="What the number counts, shown after it: 'crowns'.")
    notes: Text | None = Field(default=None, description="Shown under the formula (Markdown).")
