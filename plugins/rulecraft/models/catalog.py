"""catalog.yaml: what players can build, recruit or buy — buildings, units, upgrades — with their costs in
the game's resources, what each requires, how many one player may have, and what it does."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, StringConstraints, Tag, model_validator

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
# An amount the rules work out: "3 * input.defence" (3 points per defence point). The checker reads it with the
# game's inputs and constants and requires a whole number (round_up, round_down or half(x, up) say how).
AmountFormula = Annotated[str, StringConstraints(min_length=1, max_length=400)]
Cost = dict[Id, Amount | AmountFormula]


class NamedCost(RuleModel):
    """One of an item's prices, by what it is bought for: a spell costing 2 points for personal use, 10 for
    a unit."""

    id: Id
    name: ShortText = Field(description="What this price buys, as it reads after the price: 'personal use'.")
    cost: Cost = Field(min_length=1, description="Resource id -> amount (a number or a formula).")
    note: Text | None = None


class UseLimit(RuleModel):
    """How often something may be done: once per harvest phase, twice per round."""

    times: int = Field(default=1, ge=1, le=99, description="How many times (default 1: once).")
    per: Id = Field(description="What each time counts in: a phase (an id of phases.yaml: harvest), or turn, "
                                "round or game when the rules name no such phase.")


class Use(RuleModel):
    """What a player may do with an item they have, at a price: 'buy 1 Might for 1 Gold + 3 Ore'."""

    name: ShortText | None = Field(default=None, description="What the use is called, if the rules name it.")
    cost: Cost = Field(min_length=1, description="What each use costs: {gold: 1, ore: 3}.")
    gives: dict[Id, Amount | AmountFormula] = Field(default_factory=dict, description="Resources it gives: "
                                                    "{might: 1}.")
    effect: Text | None = Field(default=None, description="What else it does (Markdown).")
    limit: UseLimit | None = Field(default=None, description="{times: 1, per: harvest}: once per harvest phase.")

    @model_validator(mode="after")
    def _does_something(self):
        if not self.gives and not self.effect:
            raise ValueError("a use says what it does: 'gives' (resources) or 'effect' (text)")
        return self


class Requirement(RuleModel):
    """Items required: all of them (``all_of``, as a plain list says) or any one (``any_of``)."""

    any_of: list[Id] = Field(default_factory=list, description="One of these is enough: [mage, necromancer].")
    all_of: list[Id] = Field(default_factory=list, description="Every one of these (as a plain list).")

    @model_validator(mode="after")
    def _one_kind(self):
        if bool(self.any_of) == bool(self.all_of):
            raise ValueError("write either 'any_of' or 'all_of' (a list of item ids)")
        if self.any_of and len(self.any_of) < 2:
            raise ValueError("'any_of' lists two items or more (one item alone is 'requires: [id]')")
        return self


def _requirement_kind(value) -> str:
    """A plain list is all of its items; a mapping says any_of or all_of (one shape's errors, not both's)."""
    return "one-of" if isinstance(value, dict) or isinstance(value, Requirement) else "list"


class Exchange(RuleModel):
    """A rate at which resources may be traded in: 2 Gold for 1 Ore; any resource for any other at 2:1."""

    give: dict[Id, Amount] = Field(min_length=1, description="What the player hands in: {gold: 2}; "
                                   "{any: 2} for 2 of any one resource.")
    get: dict[Id, Amount] = Field(min_length=1, description="What they receive: {ore: 1}; {any: 1} for 1 of any "
                                  "resource (another one than given, when both say any).")
    limit: UseLimit | None = Field(default=None, description="{times: 1, per: trade}: once per trade phase.")
    note: Text | None = None


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
    cost: Cost | Literal["variable"] = Field(
        default_factory=dict, description="Resource id -> amount: {food: 3, gold: 3}; an amount may be a formula "
        "(\"3 * input.defence\"); 'variable' when the rules work the price out in play (say how in cost_note); "
        "omit for an item without a cost.")
    prices: list[NamedCost] = Field(default_factory=list, description="Several prices, each named by what it "
                                    "buys (instead of `cost`): 2 points for personal use, 10 for a unit.")
    cost_note: Text | None = Field(default=None, description="How the cost is worked out, or what it leaves out: "
                                   "'1 mana per target'. Shown with the cost; required with cost: variable.")
    requires: Annotated[Annotated[list[Id], Tag("list")] | Annotated[Requirement, Tag("one-of")],
                        Discriminator(_requirement_kind)] = Field(
        default_factory=list, description="Items a player must already have: [chapel] (all of them), or "
        "{any_of: [mage, necromancer]}.")
    replaces: Id | None = Field(default=None, description="The item this one upgrades: building it removes that "
                                "one (the monastery replaces the chapel).")
    uses: list[Use] = Field(default_factory=list, description="What a player may do with it, at a price, with "
                            "an optional limit per phase, turn, round or game.")
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
        if self.prices and self.cost:
            raise ValueError("write one price as 'cost' or several named ones as 'prices', not both")
        return self


class CatalogFile(RuleModel):
    resources: list[Resource] = Field(default_factory=list)
    items: list[CatalogItem] = Field(default_factory=list)
    exchanges: list[Exchange] = Field(default_factory=list, description="Rates at which resources may be traded "
                                      "in: {give: {gold: 2}, get: {ore: 1}}.")
