"""Words shared by the text and Markdown reports: a chance, a change's verb, a count of changes."""

from __future__ import annotations

from fractions import Fraction

from .result import ADDED, CHANGED, MOVED, REMOVED, RENUMBERED, Change, DiffResult, fraction_text

VERBS = {ADDED: "added", REMOVED: "removed", CHANGED: "changed", MOVED: "moved", RENUMBERED: "renumbered"}


def percent(p: Fraction) -> str:
    value = float(p) * 100
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def chance(p: Fraction | None) -> str:
    """'1/3 (33.3%)'; '—' for an outcome the version does not have."""
    return "—" if p is None else f"{fraction_text(p)} ({percent(p)})"


def count_words(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def headline(result: DiffResult) -> str:
    return f"{result.before} → {result.after}"


def change_verb(change: Change) -> str:
    verb = VERBS.get(change.action, change.action)
    if change.action == RENUMBERED:
        number = next((d for d in change.details if d.action == RENUMBERED), None)
        if number is not None:
            return f"{verb} {number.before} → {number.after}"
    return verb


def value_text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value) or "none"
    return str(value)
