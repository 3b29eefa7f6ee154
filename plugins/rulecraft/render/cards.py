"""Decks and cards: one box per distinct card with its quantity."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import links
from .change_marks import change_marks
from .base import Element, RenderContext, badge, heading, item_notes, sub, variant_markers
from .icons import render_glyph
from .faq import render_faq_at

if TYPE_CHECKING:
    from ..models import Card, Deck


def render_card(parent: Element, card: Card, ctx: RenderContext, level: int = 3) -> Element:
    box = sub(parent, "div", cls="rc-card")
    title = heading(box, level, card.name, links.anchor("card", card.id), "rc-card-name")
    title.tail = None
    meta = sub(box, "p", cls="rc-card-meta")
    if card.qty:
        badge(meta, f"×{card.qty}", "qty", f"{card.qty} in the deck")
    elif card.qty == 0:  # listed (an example, a card the source shows) without a known count
        badge(meta, "Count unknown", "qty")
    # no qty written: the source gives no count, and the card shows none
    if card.type:
        badge(meta, card.type, "type")
    change_marks(meta, box, ctx, "card", card.id, card.changed_in)
    variant_markers(meta, card, ctx, box)
    for icon_id in card.icons:
        if icon_id in ctx.index.icons:
            render_glyph(meta, ctx.index.icons[icon_id], ctx).tail = " "
    if card.text:
        body = sub(box, "div", cls="rc-card-text")
        ctx.markdown(body, card.text)
    if card.fields:
        dl = sub(box, "dl", cls="rc-card-fields")
        for key, value in card.fields.items():
            sub(dl, "dt", key)
            sub(dl, "dd", value)
    item_notes(box, ctx, card)
    render_faq_at(box, ctx, "card", card.id)
    return box


def render_deck(parent: Element, deck: Deck, ctx: RenderContext, level: int = 2) -> None:
    heading(parent, level, deck.name, links.anchor("deck", deck.id))
    sub(parent, "p", deck_count(deck), "rc-deck-count")
    ctx.markdown(parent, deck.description)
    item_notes(parent, ctx, deck)
    grid = sub(parent, "div", cls="rc-cards")
    for card in deck.cards:
        render_card(grid, card, ctx, level + 1)


def deck_count(deck: Deck) -> str:
    """One line a player can trust: the cards the deck holds; cards without a known count said apart."""
    total = sum(card.qty or 0 for card in deck.cards)
    counted = sum(1 for card in deck.cards if card.qty)
    uncounted = len(deck.cards) - counted
    if not total:
        return ("Its cards are not listed in the rules." if not deck.cards
                else "How many of these cards the deck holds is not known.")
    text = f"{total} card{'s' if total != 1 else ''}"
    if 1 < counted < total:
        text += f", {counted} different"
    text += "."
    if uncounted:
        text += f" {uncounted} more shown below with {'its' if uncounted == 1 else 'their'} count unknown."
    return text


def render_all(parent: Element, ctx: RenderContext) -> None:
    for deck in ctx.game.decks:
        render_deck(parent, deck, ctx)
