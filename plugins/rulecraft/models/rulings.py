"""Candidate rulings of an open question: the readings a group may pick between, each with what it changes.

A ruling changes one constant's value (``const`` + ``value``), a dice table (``dice``: modifiers' counts or
values, or the table's rows), or nothing but the text a group agrees on (``text`` alone). The checker
(checks/rulings.py) proves the ids exist, the values fit and the dice table still covers every roll.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints, model_validator

from .base import Id, RuleModel, ShortText, Text
from .dice import DiceRow, ModifierCount

# Where a question arises: a phase, a dice table, a section of game.yaml, or the end of the game.
RuleAt = Annotated[str, StringConstraints(pattern=r"^((phase|dice|section):[a-z0-9][a-z0-9_-]*|end)$",
                                          max_length=120)]


class ModifierChange(RuleModel):
    """A modifier of the table read otherwise: its highest and lowest count, or its value per count."""

    count: tuple[ModifierCount, ModifierCount] | None = Field(default=None, description="[lowest, highest].")
    value: int | None = Field(default=None, description="Added per count; negative to subtract.")

    @model_validator(mode="after")
    def _something(self):
        if self.count is None and self.value is None:
            raise ValueError("a modifier change gives 'count' or 'value'")
        return self


class DiceRuling(RuleModel):
    """What a ruling changes in one dice table of dice.yaml."""

    table: Id = Field(description="The dice table's id.")
    modifiers: dict[Id, ModifierChange] = Field(default_factory=dict, description="Changes to its modifiers, "
                                                "by modifier id: {fatigue: {count: [0, 4]}}.")
    rows: list[DiceRow] | None = Field(default=None, description="The table's rows under this ruling, all of "
                                       "them (they replace the table's own).")

    @model_validator(mode="after")
    def _something(self):
        if not self.modifiers and self.rows is None:
            raise ValueError("a dice ruling changes 'modifiers' or 'rows'")
        return self


class Ruling(RuleModel):
    """One reading a group may pick: its words, and what it changes on the pages."""

    id: Id
    label: ShortText = Field(description="The choice in a few words, as the picker shows it: 'At most 3 cubes'.")
    text: Text = Field(description="The rule as this reading has it, shown at the rule once picked.")
    const: Id | None = Field(default=None, description="A constant this reading sets (with `value`).")
    value: int | float | None = Field(default=None, description="The constant's value under this reading.")
    dice: DiceRuling | None = Field(default=None, description="A dice table this reading changes.")

    @model_validator(mode="after")
    def _paired(self):
        if (self.const is None) != (self.value is None):
            raise ValueError("a ruling that sets a constant gives both 'const' and 'value'")
        return self
