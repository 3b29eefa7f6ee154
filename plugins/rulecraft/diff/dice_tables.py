"""Dice tables: besides their fields, the chance of every outcome before and after — with no modifier,
and with each modifier that changed — so a reader sees what a changed row or modifier does to the odds."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice.modifiers import signed
from .align import align
from .handlers import Subject, same, words_of
from .odds import chances, modifier_offset
from .result import ADDED, Detail, Odds

if TYPE_CHECKING:
    from .compare import Pair
    from .walk import Entry


def _row_text(row) -> str:
    return words_of(row)


Outcomes = list[tuple[tuple[str, str], Fraction]]


def odds_changes(old: Outcomes | None, new: Outcomes | None,
                 old_rows: list | None = None, new_rows: list | None = None) -> list[Odds]:
    """The outcomes whose chance differs; rows matched as the diff matches them (by id, else by text and
    place), other outcomes (targets, columns) by their label."""
    old, new = old or [], new or []
    if old_rows is not None and new_rows is not None and len(old_rows) == len(old) and len(new_rows) == len(new):
        pairs = align(old_rows, new_rows, lambda r: r.id, _row_text)
    else:
        labels = [label for label, _ in new]
        pairs = [(next((i for i, (la, _) in enumerate(old) if la == label), None), j) for j, label in enumerate(labels)]
        pairs += [(i, None) for i, (label, _) in enumerate(old) if label not in labels]
    out = []
    for i, j in pairs:
        before = old[i][1] if i is not None else None
        after = new[j][1] if j is not None else None
        if before == after:
            continue
        out.append(Odds(outcome_label(old[i][0] if i is not None else None, new[j][0] if j is not None else None),
                        before, after))
    return out


def outcome_label(old: tuple[str, str] | None, new: tuple[str, str] | None) -> str:
    """'4+: Retire', '4+ (was 5+): Retire' where the roll changed, and the old words too where they did."""
    key, what = new or old
    shown = f"{key}: {what}" if what else key
    if old is None or new is None or old == new:
        return shown
    if old[1] == new[1]:
        return f"{key} (was {old[0]}): {what}" if what else f"{key} (was {old[0]})"
    return f"{shown} (was {old[0]}: {old[1]})" if old[1] else f"{shown} (was {old[0]})"


def _rows(table) -> list | None:
    return list(table.rows) if table.rows and table.columns is None else None


class DiceSubject(Subject):
    def __init__(self):
        super().__init__("dice", "Dice table")

    def added(self, b: Entry, pair: Pair) -> list[Detail]:
        odds = odds_changes(None, chances(b.obj, pair.new.index))
        return [*super().added(b, pair), *([Detail(("odds",), ADDED, odds=odds)] if odds else [])]

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        old, new = a.obj, b.obj
        out: list[Detail] = []
        was, now = chances(old, pair.old.index), chances(new, pair.new.index)
        if (was is None) != (now is None):  # e.g. a custom die's face counts became unknown: no chances to show
            return [Detail(("odds",), note="chances are no longer shown" if now is None else "chances are now shown",
                           odds=odds_changes(was, now))]
        base = odds_changes(was, now, _rows(old), _rows(new))
        if base:
            out.append(Detail(("odds",), note="with no modifier", odds=base))
        old_mods = {m.id: m for m in [*old.modifiers, *old.shifts]}
        new_mods = {m.id: m for m in [*new.modifiers, *new.shifts]}
        for mod_id in dict.fromkeys([*new_mods, *old_mods]):
            old_mod, new_mod = old_mods.get(mod_id), new_mods.get(mod_id)
            if same(old_mod, new_mod) or mod_id in {s.id for s in [*old.shifts, *new.shifts]}:
                continue  # a column shift's effect shows in the columns' odds
            old_offset = modifier_offset(old_mod) if old_mod is not None else 0
            new_offset = modifier_offset(new_mod) if new_mod is not None else 0
            odds = odds_changes(chances(old, pair.old.index, old_offset), chances(new, pair.new.index, new_offset),
                                _rows(old), _rows(new))
            if odds:
                shown = new_mod or old_mod
                amount = new_offset if new_mod is not None else old_offset
                note = f"with the modifier “{shown.label}”" + (f" ({signed(amount)})" if amount else "")
                out.append(Detail(("odds",), note=note, odds=odds))
        return out
