"""Modifier labels that hold a signed number (warnings): the page shows the amount from ``value`` and the
label as text after it, so "+1 if mounted" on a modifier of value −1 reads "−1: +1 if mounted" — the
data disagrees with itself, or repeats the amount where it can drift."""

from __future__ import annotations

from collections.abc import Iterator

from ..dice.modifiers import label_signs, signed
from ..models.index import GameIndex
from ..problems import Problem, warning


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for table in game.tables:
        for i, mod in enumerate(table.modifiers):
            numbers = label_signs(mod.label)
            if not numbers or mod.formula is not None:  # a formula's words give the amount, not its label
                continue
            against = [n for n in numbers if (n < 0) != (mod.value < 0)]
            what = (f"has {signed(against[0])}, but the value is {signed(mod.value)}" if against
                    else f"repeats the amount ({signed(numbers[0])})")
            yield warning("modifier-label-sign", f"table '{table.id}': the label of modifier '{mod.id}' "
                          f"('{mod.label}') {what}; the page shows {signed(mod.value)} and the label as text",
                          game.where(table, "modifiers", i, "label"),
                          "the value gives the sign and amount: write the label without them ('if mounted', "
                          "'per fatigue cube'), or correct the value", game.id)
