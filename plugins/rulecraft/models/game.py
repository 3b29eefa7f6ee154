"""game.yaml: what the game is, what is in the box, set-up, end and scoring."""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from . import records
from .base import (
    NOTE_HELP,
    ExampleItem,
    Id,
    RuleModel,
    ShortText,
    StepItem,
    Text,
    condition_field,
    condition_given,
    from_round_field,
    optional_field,
    variant_field,
)


class Range(RuleModel):
    min: int = Field(ge=0)
    max: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self):
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self


class Component(RuleModel):
    id: Id
    name: ShortText
    quantity: int | None = Field(default=None, ge=0, description="How many are in the box (omit if unknown).")
    icon: Id | None = None
    description: Text | None = None
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    variant: Id | list[Id] | None = variant_field()


def _number_to_constant(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return {"value": value}
    return value


class Constant(RuleModel, records.Constant):
    """A number the rules use in several places, written once."""

    value: int | float = Field(description="The value in the base game.")
    label: ShortText | None = None
    unit: str | None = None
    variants: dict[Id, int | float] = Field(default_factory=dict, description="The value in a variant, by "
                                            "variant id: {long-game: 20}. Variants not listed keep `value`.")


class Variant(RuleModel):
    """A way to play the game that changes some rules: a longer game, an optional module, a solo mode."""

    id: Id
    name: ShortText
    summary: Text | None = Field(default=None, description="What changes, in a sentence or two.")


class ChangelogEntry(RuleModel):
    version: str
    date: datetime.date | None = None
    summary: Text | None = None
    changes: list[Text] = Field(default_factory=list)


class OpenQuestion(RuleModel):
    """A gap or contradiction in the source rules, kept visible instead of guessed."""

    id: Id
    question: Text
    detail: Text | None = None
    source: str | None = Field(default=None, description="Where in the source rules this comes from.")


class Section(RuleModel, records.Section):
    """A titled block of prose rules that is not a phase (trading, negotiation, ...)."""

    id: Id
    title: ShortText
    text: Text | None = None
    steps: list[StepItem] = Field(default_factory=list)
    examples: list[ExampleItem] = Field(default_factory=list)
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    optional: bool = optional_field()
    condition: str | None = condition_field()
    from_round: int | None = from_round_field()
    variant: Id | list[Id] | None = variant_field()

    @model_validator(mode="after")
    def _conditions(self):
        return condition_given(self)


SheetBlock = Literal["turn", "dice", "tables", "catalog", "terms", "icons", "end", "constants"]


class CheatsheetConfig(RuleModel):
    """What the one-page player aid shows, in order. It must print on one page (A4 and Letter):
    the checker warns (cheatsheet-overflow) when the chosen content is likely not to fit."""

    include: list[SheetBlock] = Field(
        default_factory=lambda: ["turn", "dice", "tables", "catalog", "terms", "icons", "end", "constants"],
        description="Blocks to show, in this order: turn, dice, tables (reference tables of tables.yaml), "
                    "catalog (items of catalog.yaml with cost, "
                    "requirements, limit and effect), terms, icons, end (end of game and scoring), constants.")
    terms: list[Id] = Field(default_factory=list, description="Terms to show, in order; default: those marked "
                            "cheatsheet: true in terms.yaml, or else the most mentioned terms.")
    max_terms: int | None = Field(default=None, ge=0, description="At most this many terms (default: every listed "
                                  "or marked one; 12 when picked by mentions).")
    constants: list[Id] = Field(default_factory=list, description="Numbers to show, in order; default: all.")
    dice: list[Id] = Field(default_factory=list, description="Dice tables to show, in order; default: all.")
    tables: list[Id] = Field(default_factory=list, description="Reference tables to show, in order; default: "
                             "all.")
    catalog: list[Id] = Field(default_factory=list, description="Catalog items to show, in order; default: all.")
    icons: list[Id] = Field(default_factory=list, description="Icons to show, in order; default: all.")
    odds: bool = Field(default=False, description="Show each dice-table row's chance.")
    summaries: bool = Field(default=True, description="Show each phase's one-line summary in the turn sequence.")
    columns: int = Field(default=3, ge=1, le=4, description="Columns of the printed page.")
    variants: list[Id] = Field(default_factory=list, description="One more sheet (page and PDFs) per variant "
                               "listed, with its numbers and without other variants' rules.")


class GameFile(RuleModel):
    id: Id
    title: ShortText
    subtitle: str | None = None
    version: str | None = Field(default=None, description="Rules version, in quotes: \"1.0\"; leave it out when "
                                                          "the source states none.")
    players: Range | None = None
    play_time: Range | None = Field(default=None, description="Minutes.")
    summary: Text = Field(description="One or two sentences: what the game is about.")
    objective: Text | None = None
    components: list[Component] = Field(default_factory=list)
    setup: list[StepItem] = Field(default_factory=list)
    end_of_game: list[StepItem] = Field(default_factory=list, description="What ends the game.")
    scoring: list[StepItem] = Field(default_factory=list)
    constants: dict[Id, Annotated[Constant, BeforeValidator(_number_to_constant)]] = Field(default_factory=dict)
    variants: list[Variant] = Field(default_factory=list, description="Ways to play that change some rules; "
                                    "items name theirs with `variant:`, constants give per-variant values.")
    sections: list[Section] = Field(default_factory=list)
    changelog: list[ChangelogEntry] = Field(default_factory=list)
    open_questions: list[OpenQuestion] = Field(default_factory=list)
    cheatsheet: CheatsheetConfig = Field(default_factory=CheatsheetConfig)
    glossaries: list[Id] = Field(default_factory=list, description="Shared glossaries (rules_data/_shared/<id>.yaml).")
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
