"""checks.cards: a deck's total quantity must match its component's quantity."""

from __future__ import annotations

from gamekit import assert_at, check, only, where

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    components:
      - id: action-deck
        name: Action cards
        quantity: {quantity}
    """

CARDS = """\
    decks:
      - id: actions
        name: Actions
        component: action-deck
        cards:
          - id: swap
            name: Swap
            qty: 3
            text: Swap a Widget.
          - id: steal
            name: Steal
            qty: 4
            text: Steal a Widget.
          - id: skip
            name: Skip
            qty: 1
            text: Skip a turn.
    """


def test_card_quantity_matches(game):
    folder = game({"game.yaml": GAME.format(quantity=8), "cards.yaml": CARDS})
    result = check(folder)
    assert result.problems == [], "\n".join(p.format() for p in result.problems)
    assert result.summaries[0].cards == 8


def test_card_quantity_mismatch(game):
    folder = game({"game.yaml": GAME.format(quantity=10), "cards.yaml": CARDS})
    problem = only(check(folder).problems, "card-quantity")
    assert problem.is_error
    qty_line, qty_col = where(folder, "game.yaml", "10")
    assert problem.message == (f"deck 'actions' has 8 cards (sum of qty) but component 'action-deck' lists 10 "
                               f"(at {folder / 'game.yaml'}:{qty_line}:{qty_col})")
    assert_at(problem, folder / "cards.yaml", *where(folder, "cards.yaml", "- id: swap"))


def test_unknown_component_quantity_is_not_checked(game):
    folder = game({"game.yaml": GAME.replace("    quantity: {quantity}\n", ""), "cards.yaml": CARDS})
    assert [p for p in check(folder).problems if p.code == "card-quantity"] == []


def test_zero_qty_cards_count_as_zero(game):
    folder = game({"game.yaml": GAME.format(quantity=6),
                   "cards.yaml": CARDS.replace("qty: 3", "qty: 2").replace("qty: 1", "qty: 0")})
    result = check(folder)
    assert result.problems == [] and result.summaries[0].cards == 6


UNCOUNTED = CARDS.replace("            qty: 1\n", "")  # the source gives Skip no count


def test_a_card_without_qty_has_an_unknown_count_not_one(game):
    for quantity in (7, 8, 20):  # 7 counted, Skip unknown: 7 or more is possible
        folder = game({"game.yaml": GAME.format(quantity=quantity), "cards.yaml": UNCOUNTED})
        result = check(folder)
        assert [p for p in result.problems if p.code == "card-quantity"] == [], quantity
    assert result.summaries[0].cards == 7


def test_cards_counted_beyond_the_component_are_wrong_even_with_uncounted_ones(game):
    folder = game({"game.yaml": GAME.format(quantity=6), "cards.yaml": UNCOUNTED})
    problem = only(check(folder).problems, "card-quantity")
    assert "has at least 7 cards (sum of qty; 1 without a count) but component 'action-deck' lists 6" \
        in problem.message
