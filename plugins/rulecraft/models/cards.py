"""cards.yaml: decks of cards, one row per distinct card with a qty (Squib/nanDECK style)."""

from __future__ import annotations

from pydantic import Field

from . import records
from .base import (
    NOTE_HELP,
    AcceptReason,
    Id,
    Name,
    ProblemCode,
    RuleModel,
    ShortText,
    Text,
    accept_field,
    VariantChoice,
    variant_field,
)


class Card(RuleModel, records.Card):
    id: Id
    name: ShortText
    qty: int | None = Field(default=None, ge=0, le=1000, description="How many of this card the deck holds; "
                            "leave out when the source gives no count (nothing is shown, nothing assumed).")
    type: Name | None = None
    text: Text | None = Field(default=None, description="The card's effect (Markdown).")
    icons: list[Id] = Field(default_factory=list)
    fields: dict[str, str] = Field(default_factory=dict, description="Extra columns kept through CSV.")
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    changed_in: str | None = None
    variant: VariantChoice | None = variant_field()


class Deck(RuleModel):
    id: Id
    name: ShortText
    description: Text | None = None
    component: Id | None = Field(default=None, description="Component whose quantity the deck's qty must match.")
    cards: list[Card] = Field(default_factory=list)
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class CardsFile(RuleModel):
    decks: list[Deck] = Field(min_length=1)
