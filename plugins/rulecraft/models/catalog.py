"""catalog.yaml: what players can build, recruit or buy — buildings, units, upgrades — with their costs in
the game's resources, what each requires, how many one player may have, and what it does."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from . import records
from .base import (
    AcceptReason,
    Id,
    ProblemCode,
    RuleModel,
    ShortText,
    Text,
    accept_field,
    only_when_field,
    VariantChoice,
    variant_field,
)

Amount = Annotated[int, Field(ge=1, le=9999)]


class Resource(RuleModel):
    """Something costs are paid in: food, gold, ore..."""

    id: Id
    name: ShortText
    icon: Id | None = Field(default=None, description="An icon from icons.yaml shown with the amounts.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class CatalogItem(RuleModel, records.CatalogItem):
    id: Id
    name: ShortText
    kind: ShortText | None = Field(default=None, description="Building, Unit, Upgrade...: the page groups items "
                                   "by kind, in order of first appearance.")
    cost: dict[Id, Amount] | Literal["variable"] = Field(
        default_factory=dict, description="Resource id -> amount: {food: 3, gold: 3}; 'variable' when the rules "
        "work the price out in play (say how in cost_note); omit for an item without a cost.")
    cost_note: Text | None = Field(default=None, description="How the cost is worked out, or what it leaves out: "
                                   "'1 mana per target'. Shown with the cost; required with cost: variable.")
    requires: list[Id] = Field(default_factory=list, description="Items a player must already have.")
    limit: int | None = Field(default=None, ge=1, le=9999, description="At most this many per player.")
    effect: Text | None = Field(default=None, description="What it does (Markdown).")
    notes: Text | None = None
    todo: str | None = None
    only_when: str | None = only_when_field()
    variant: VariantChoice | None = variant_field()
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _variable_cost_explained(self):
        if self.variable_cost and not self.cost_note:
            raise ValueError("a variable cost needs a 'cost_note' saying how the price is worked out")
        return self


class CatalogFile(RuleModel):
    resources: list[Resource] = Field(default_factory=list)
    items: list[CatalogItem] = Field(default_factory=list)
