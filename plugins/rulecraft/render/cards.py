"""Decks and cards: one box per distinct card with its quantity."""

from __future__ import annotations

from ..models import Card, Deck, links
from .base import Element, RenderContext, badge, heading, sub, todo_note
from .icons import render_glyph


def render_card(parent: Element, card: Card, ctx: RenderContext, level: int = 3) -> Element:
    box = sub(parent, "div", cls="rc-card")
    title = heading(box, level, card.name, links.anchor("card", card.id), "rc-card-name")
    title.tail = None
    meta = sub(box, "p", cls="rc-card-meta")
    badge(meta, f"×{card.qty}", "qty", f"{card.qty} in the deck")
    if card.type:
        badge(meta, card.type, "type")
    if card.changed_in:
        badge(meta, f"Changed in {card.changed_in}", "changed")
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
    todo_note(box, ctx, card.todo)
    return box


def render_deck(parent: Element, deck: Deck, ctx: RenderContext, level: int = 2) -> None:
    heading(parent, level, deck.name, links.anchor("deck", deck.id))
    total = sum(card.qty for card in deck.cards)
    sub(parent, "p", f"{total} card{'s' if total != 1 else ''}, {len(deck.cards)} different.", "rc-deck-count")
    ctx.markdown(parent, deck.description)
    todo_note(parent, ctx, deck.todo)
    grid = sub(parent, "div", cls="rc-cards")
    for card in deck.cards:
        render_card(grid, card, ctx, level + 1)


def render_all(parent: Element, ctx: RenderContext) -> None:
    for deck in ctx.game.decks:
        render_deck(parent, deck, ctx)
