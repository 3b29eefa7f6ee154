"""How a modifier reads: its amount, from the value alone, then its label as text.

A label may hold numbers of its own ("+1 if mounted", "Fatigue (+1 each)"): written after the amount they
read as the amount ("−1 +1 if mounted"), so a label that starts with a number or a sign is set apart
("−1: +1 if mounted"), and the checker warns about a signed number in a label (``label_signs``).
"""

from __future__ import annotations

import re

# A signed number standing on its own in a label: "+1", "−2", "-1", "(+1 each)"; not "non-1" or "2-3".
_SIGNED_RE = re.compile(r"(?<![\w+\-−–])([+\-−–])\s?(\d+)")
_STARTS_AS_NUMBER_RE = re.compile(r"[+\-−–±]?\s?\d")


def signed(value: int) -> str:
    """'+1', '−1' (a real minus sign, as dice.lazy.js writes it)."""
    return f"{value:+d}".replace("-", "−")


def modifier_text(value: int, label: str) -> str:
    """'+1 per wound'; '−1: +1 if mounted' (the label's own number never next to the amount)."""
    return f"{signed(value)}{':' if _STARTS_AS_NUMBER_RE.match(label) else ''} {label}"


def modifier_words(mod) -> str:
    """How a modifier reads: '+1 per wound', or a formula's words ('− half of your fatigue, rounded down')."""
    return modifier_text(mod.value, mod.label) if mod.formula is None else mod.said or mod.formula


def label_signs(label: str) -> list[int]:
    """The signed numbers a label holds: [1] for '+1 if mounted', [-1, 2] for '−1 or +2'."""
    return [int(number) * (1 if sign == "+" else -1) for sign, number in _SIGNED_RE.findall(label)]
