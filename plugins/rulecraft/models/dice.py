"""dice.yaml: custom dice and dice tables with modifiers."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator, model_validator

from ..dice.notation import parse_dice, parse_roll
from .base import NOTE_HELP, Id, RuleModel, ShortText, Text


class DieFace(RuleModel):
    id: Id
    label: ShortText
    count: int = Field(default=1, ge=1, le=100, description="How many faces of the die show this.")
    glyph: str | None = None


class CustomDie(RuleModel):
    id: Id
    name: ShortText
    description: Text | None = None
    faces: list[DieFace] = Field(min_length=2)


MAX_MODIFIER_COUNT = 100  # coverage checks walk every count: an absurd range must not hang the checker
MAX_MODIFIER_COMBINATIONS = 10_000  # and every combination of counts across a table's modifiers
ModifierCount = Annotated[int, Field(ge=0, le=MAX_MODIFIER_COUNT)]


class Modifier(RuleModel):
    """Adds ``value`` to the roll once per count, for each count in ``count``'s range."""

    id: Id
    label: ShortText = Field(description="e.g. 'per fatigue cube on the office'.")
    value: int = Field(description="Added per count; negative to subtract.")
    count: tuple[ModifierCount, ModifierCount] = Field(
        default=(0, 1), description=f"Lowest and highest count: [0, 3] (at most {MAX_MODIFIER_COUNT}).")

    @model_validator(mode="after")
    def _ordered(self):
        low, high = self.count
        if low < 0 or high < low:
            raise ValueError(f"count must be [lowest, highest] with 0 <= lowest <= highest, found {list(self.count)}")
        if self.value == 0:
            raise ValueError("a modifier with value 0 changes nothing")
        return self


class DiceRow(RuleModel):
    roll: int | str | None = Field(default=None, description="3, '3-4', '5+', '2-' (2 or less), or d66 '11-16'.")
    face: Id | None = Field(default=None, description="For a custom die: the face id.")
    result: Text
    id: Id | None = None

    @field_validator("roll")
    @classmethod
    def _roll_notation(cls, value):
        if value is not None:
            parse_roll(value)
        return value

    @model_validator(mode="after")
    def _one_key(self):
        if (self.roll is None) == (self.face is None):
            raise ValueError("a row needs exactly one of 'roll' (numbers) or 'face' (custom die)")
        return self


class DiceTable(RuleModel):
    id: Id
    title: ShortText
    dice: str | None = Field(default=None, description="Standard dice: '1d6', '2d6', 'd66', '1d6+1'.")
    custom_die: Id | None = Field(default=None, description="Id of a custom die from 'dice'.")
    per: str | None = Field(default=None, description="Roll once per ...: 'fitted ship in the sea'.")
    when: Text | None = Field(default=None, description="When this table is rolled.")
    modifiers: list[Modifier] = Field(default_factory=list)
    rows: list[DiceRow] = Field(min_length=1)
    any_result: Text | None = Field(default=None, description="Applies whatever is rolled.")
    notes: Text | None = None
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)

    @field_validator("dice")
    @classmethod
    def _dice_notation(cls, value):
        if value is not None:
            parse_dice(value)
        return value

    @model_validator(mode="after")
    def _one_die(self):
        if (self.dice is None) == (self.custom_die is None):
            raise ValueError("a table needs exactly one of 'dice' (like 2d6) or 'custom_die'")
        if self.custom_die and self.modifiers:
            raise ValueError("modifiers cannot apply to a custom die with named faces")
        combinations = 1
        for mod in self.modifiers:
            combinations *= mod.count[1] - mod.count[0] + 1
        if combinations > MAX_MODIFIER_COMBINATIONS:
            raise ValueError(f"its modifiers combine in {combinations:,} ways (the limit is "
                             f"{MAX_MODIFIER_COMBINATIONS:,}); narrow their count ranges")
        return self


class DiceFile(RuleModel):
    dice: list[CustomDie] = Field(default_factory=list)
    tables: list[DiceTable] = Field(default_factory=list)
