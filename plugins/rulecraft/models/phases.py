"""phases.yaml: the turn sequence. Numbers (7a, 10b) are derived, never typed."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from . import records
from .base import (
    MAX_ROUND,
    NOTE_HELP,
    AcceptReason,
    ExampleItem,
    Id,
    ProblemCode,
    RuleModel,
    ShortText,
    StepItem,
    Text,
    accept_field,
    only_when_field,
    VariantChoice,
    variant_field,
)

# Who acts in a phase, and how (records.ACTS: the badge shown for each).
Acts = Literal["all-together", "simultaneous", "turn-order", "one-at-a-time"]


class Phase(RuleModel, records.Phase):
    id: Id
    name: ShortText
    summary: str | None = Field(default=None, description="One line for the turn overview and cheat sheet.")
    rules: Text | None = Field(default=None, description="The phase's rules (Markdown).")
    steps: list[StepItem] = Field(default_factory=list)
    examples: list[ExampleItem] = Field(default_factory=list)
    optional: bool = Field(default=False, description="Only played when `condition` holds (expansion, law...).")
    condition: str | None = Field(default=None, description="What enables this phase or alternative.")
    skip_first_round: bool = False
    from_round: int | None = Field(default=None, ge=2, le=MAX_ROUND, description="Played from this round on "
                                   "(2 is the same as skip_first_round).")
    only_when: str | None = only_when_field()
    variant: VariantChoice | None = variant_field()
    acts: Acts | None = Field(default=None, description="Who acts and how: all-together (the players act as "
                              "one, e.g. shared upkeep), simultaneous (every player at the same time, each on their "
                              "own), turn-order (one player after another in turn order), one-at-a-time (one "
                              "player acts, or players one by one as the rules direct).")
    subphases: list[Phase] = Field(default_factory=list, description="Numbered 10b, 10c... after their parent.")
    alternatives: list[Phase] = Field(default_factory=list, description="Exactly one is played: 7a or 7b.")
    group: Id | None = Field(default=None, description="The stage (an id under `groups:`) this top-level "
                             "phase belongs to; a stage's phases are consecutive.")
    terms: list[Id] = Field(default_factory=list)
    dice: list[Id] = Field(default_factory=list)
    see: list[Id] = Field(default_factory=list, description="Related phases.")
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    changed_in: str | None = None
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _alternatives_shape(self):
        if self.alternatives and len(self.alternatives) < 2:
            raise ValueError("'alternatives' needs at least two phases (one of them is played)")
        if self.alternatives and self.subphases:
            raise ValueError("a phase cannot have both 'alternatives' and 'subphases'")
        if self.optional and not self.condition:
            raise ValueError("an optional phase needs a 'condition' saying what enables it")
        if self.skip_first_round and self.from_round:
            raise ValueError("write one of 'skip_first_round: true' or 'from_round: 2', not both")
        return self


class PhaseGroup(RuleModel):
    """A stage of the turn: consecutive top-level phases the source groups together (numbered 1, 2...)."""

    id: Id
    name: ShortText
    summary: str | None = Field(default=None, description="One line shown under the stage's name.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class TurnStart(RuleModel):
    """What happens at the start of each turn, before its first phase (shown there, without a number)."""

    summary: str | None = Field(default=None, description="One line for the turn overview and cheat sheet.")
    rules: Text | None = Field(default=None, description="The rules (Markdown).")
    steps: list[StepItem] = Field(default_factory=list)
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)

    @model_validator(mode="after")
    def _has_rules(self):
        if not ((self.rules and self.rules.strip()) or self.steps or self.todo):
            raise ValueError("'start_of_turn' needs 'rules' or 'steps' (or a 'todo' saying what is missing)")
        return self


class PhasesFile(RuleModel):
    start_of_turn: TurnStart | None = Field(default=None, description="At the start of each turn, before the "
                                            "first phase: rules or steps shown before phase 1, unnumbered.")
    groups: list[PhaseGroup] = Field(default_factory=list, description="Stages of the turn, in order; each "
                                     "top-level phase names its stage with `group:`.")
    phases: list[Phase] = Field(min_length=1)
