"""The parts of a dice table page that rows keyed by a condition on the dice add (dice/conditions.py): the
condition in words in the roll cell, the note that rows are read from the top, and the data dice.lazy.js reads
to find the row a roll falls to and each row's chance under the modifiers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice.conditions import (
    MAX_CONDITION_CELLS,
    MAX_CONDITION_OUTCOMES,
    has_conditions,
    outcome_count,
    page_data,
    row_words,
    unsupported,
)
from ..dice.shape import Shape
from .base import Element, sub

if TYPE_CHECKING:
    from ..models import DiceTable

ORDER_NOTE = "Read the rows from the top: the first that holds applies."


def condition_data(table: DiceTable, shape: Shape, offsets: list[int]) -> dict | None:
    """dice.lazy.js's ``cond`` (see dice/conditions.page_data), or None when the table reads totals only or is
    one the checker refuses (too many outcomes, keep / reroll / explode)."""
    if not has_conditions(table) or unsupported(shape):
        return None
    count = outcome_count(shape)
    if count > MAX_CONDITION_OUTCOMES or count * len(offsets) > MAX_CONDITION_CELLS:
        return None
    return page_data(table, shape, offsets)


def render_order_note(box: Element, table: DiceTable) -> None:
    if has_conditions(table):
        sub(box, "p", ORDER_NOTE, "rc-dice-order")


def condition_cell(cell: Element, on: str) -> None:
    """The row's condition in words: 'A double', 'Any die shows 6 and a total of 8 or more'."""
    sub(cell, "span", row_words(on), "rc-roll-label rc-cond-label")
