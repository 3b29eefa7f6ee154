"""The pieces of a two-dimensional dice table (a combat results table): what picks the column (a ratio of two
strengths, their difference, or the column chosen directly), the column shifts, the rules for a column or a
roll past the table's edges, and the grid's rows. ``DiceTable`` (models/dice.py) holds them; the reading of
them (which column a ratio falls in, the exact odds) is in dice/grid.py and dice/grid_odds.py."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from ..dice.grid import check_headings, parse_heading
from ..dice.notation import parse_roll
from . import records
from .base import RuleModel, ShortText, Text
from .dice import Modifier, Span

MAX_GRID_COLUMNS = 30
MAX_GRID_ROWS = 40


class RatioAxis(RuleModel):
    """The column is the ratio of two strengths, rounded as the rules say."""

    over: Span = Field(description="What is divided, with the range the calculator offers: "
                       "{label: attack strength, range: [1, 60]}.")
    under: Span = Field(description="What it is divided by: {label: defence strength, range: [1, 60]}.")
    rounding: Literal["defender", "down", "nearest"] = Field(
        default="defender", description="defender: in the defender's favour (10 v 4 is 2-1, 3 v 7 is 1-3); "
        "down: the larger number rounded down (3 v 7 is 1-2); nearest: to the nearest whole number, a half up "
        "(10 v 4 is 3-1).")

    @model_validator(mode="after")
    def _positive(self):
        for side in ("over", "under"):
            if getattr(self, side).range[0] < 1:
                raise ValueError(f"a ratio's '{side}' range must start at 1 or more (a strength of 0 divides "
                                 f"by nothing), found {list(getattr(self, side).range)}")
        return self


class DifferenceAxis(RuleModel):
    """The column is one number minus another (attack − defence)."""

    over: Span = Field(description="What is subtracted from: {label: fire strength, range: [0, 12]}.")
    under: Span = Field(description="What is subtracted: {label: target's defence, range: [0, 8]}.")


class PickAxis(RuleModel):
    """The column is chosen directly (the rules name it: 'attacks from ambush use the +2 column')."""

    label: ShortText = Field(default="Column", description="What the calculator's choice is called.")


class Beyond(RuleModel):
    """What a column (or a roll) past one edge of the table gives: the edge's own (clamp) or a stated result."""

    low: Text | None = Field(default=None, description="Left of the first column (or under the first row): a "
                             "result such as AE; omit to use the first column (row).")
    high: Text | None = Field(default=None, description="Right of the last column (or over the last row): a "
                              "result such as DE; omit to use the last column (row).")


EdgeRule = Literal["clamp"] | Beyond
EDGE_HELP = ("clamp: the edge's own column or row is used; {low: AE, high: DE}: a stated result on that side "
             "(a side left out is clamped). Omitted: nothing past the edge is stated, and the checker reports "
             "any column or roll that can get there.")


class GridColumns(RuleModel, records.GridColumns):
    """What picks the column of a grid, the columns' headings and what lies past them."""

    ratio: RatioAxis | None = None
    difference: DifferenceAxis | None = None
    pick: PickAxis | Literal[True] | None = Field(default=None, description="true, or {label: ...}: the "
                                                  "column is chosen directly.")
    values: list[int | str] = Field(min_length=2, max_length=MAX_GRID_COLUMNS, description="The columns' "
                                    "headings, left to right: ratios '1-2', '1-1', '3-1'; differences -2, 0, "
                                    "'+3', '5+'; any names for 'pick'.")
    beyond: EdgeRule | None = Field(default=None, description=EDGE_HELP)

    @field_validator("values")
    @classmethod
    def _headings(cls, values, info):
        # The axis fields come first, so a heading's error is located at the headings, read as the axis says.
        axes = [a for a in ("ratio", "difference", "pick") if info.data.get(a) not in (None, False)]
        if len(axes) == 1:
            seen = set()
            for i, value in enumerate(values):
                parse_heading(axes[0], value, i)  # a ValueError naming the heading and what to write
                if str(value) in seen:
                    raise ValueError(f"column {i + 1} repeats the heading '{value}'")
                seen.add(str(value))
            check_headings(axes[0], values)  # ordered and contiguous, open ends only at the ends
        return values

    @model_validator(mode="after")
    def _one_axis(self):
        axes = [a for a in ("ratio", "difference", "pick") if getattr(self, a) not in (None, False)]
        if len(axes) != 1:
            raise ValueError("columns need exactly one of 'ratio', 'difference' or 'pick'" +
                             (f", found {' and '.join(axes)}" if axes else ""))
        if self.pick is True:
            self.pick = PickAxis()
        return self


class ColumnShift(Modifier):
    """Moves the column: -1 one column left, +2 two to the right, once per count."""

    value: int = Field(description="Columns moved per count: negative to the left (-1), positive to the right.")


class GridRow(RuleModel):
    """One roll of the grid, one cell per column."""

    roll: int | str = Field(description="3, '3-4', '6+' (6 or more), '1-' (1 or less).")
    cells: list[Text] = Field(min_length=1, description="One result per column, left to right: codes of the "
                              "table's legend ('DR', 'AR/EX'), or '—' for no effect.")

    @field_validator("roll")
    @classmethod
    def _roll_notation(cls, value):
        parse_roll(value)
        return value
