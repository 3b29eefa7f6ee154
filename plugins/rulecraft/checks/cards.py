"""Cards: a deck's total quantity must match the component it is made from. A card without a qty has an
unknown count: the deck then holds at least the cards counted, and only more than the component is wrong."""

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
        total = sum(card.qty or 0 for card in deck.cards)
        uncounted = [card.id for card in deck.cards if card.qty is None]
        if total == component.quantity or (uncounted and total < component.quantity):
            continue
        cards = f"at least {total} cards (sum of qty; {len(uncounted)} without a count)" if uncounted else \
            f"{total} cards (sum of qty)"
        yield error("card-quantity", f"deck '{deck.id}' has {cards} but component "
                    f"'{component.id}' lists {component.quantity} (at {game.where(component, 'quantity')})",
                    game.where(deck, "cards"), "fix a card's qty or the component's quantity", game.id)
