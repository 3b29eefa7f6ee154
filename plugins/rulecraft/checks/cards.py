"""Cards: a deck's total quantity must match the component it is made from."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex
from ..problems import Problem, error


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for deck in game.decks:
        component = index.components.get(deck.component) if deck.component else None
        if component is None or component.quantity is None:
            continue
        total = sum(card.qty for card in deck.cards)
        if total != component.quantity:
            yield error("card-quantity", f"deck '{deck.id}' has {total} cards (sum of qty) but component "
                        f"'{component.id}' lists {component.quantity} (at {game.where(component, 'quantity')})",
                        game.where(deck, "cards"), "fix a card's qty or the component's quantity", game.id)
