""""Changed in 0.4" at a rule: from its ``changed_in:`` and from the versions the generated diff found it
changed in, with the text it had before one tap away (a <details>). The rule's box gets the versions in
``data-rc-changed`` (space-separated), which the "show changes since" switch (since.lazy.js) reads."""

from __future__ import annotations

from ..diff.result import ADDED, REMOVED, Change
from ..diff.shown import chance, value_text
from .base import Element, RenderContext, badge, safe, sub

CHANGED_ATTR = "data-rc-changed"


def generated_changes(ctx: RenderContext, kind: str, item_id: str) -> list[tuple[str, Change]]:
    history = ctx.history
    return history.changes_of(kind, item_id) if history is not None else []


def has_changes(ctx: RenderContext, kind: str, item_id: str, marked: str | None) -> bool:
    return bool(marked) or bool(generated_changes(ctx, kind, item_id))


def _before_lines(change: Change) -> list[tuple[str, str]]:
    """(where, the words it had) for each detail the diff knows the earlier value of: rule text as it read
    (its word diff is the Changes page's), a short value with what it is now ("row 2 › roll: 5-6 → 4+"),
    and the chances a dice table's change moved ("chance: 4+: Retire: 1/3 (33.3%) → 1/2 (50%)")."""
    out = []
    for detail in change.details:
        if detail.odds and change.action != ADDED:
            where = "chance" + (f", {detail.note}" if detail.note else "")
            out.extend((where, f"{o.label}: {chance(o.before)} → {chance(o.after)}") for o in detail.odds)
        if detail.action == ADDED or detail.before is None:
            continue
        where = detail.where or "text"
        if detail.action == REMOVED:
            where += " (removed)"
        text = value_text(detail.before)
        if detail.words is None and detail.after is not None and detail.action != REMOVED:
            text += f" → {value_text(detail.after)}"
        out.append((where, text))
    return out


def change_marks(badges: Element, box: Element, ctx: RenderContext, kind: str, item_id: str,
                 marked: str | None, after: Element | None = None, folds: Element | None = None) -> None:
    """Badges into ``badges`` (inline), the earlier texts as a <details> after ``after`` (a block of
    ``box``, default: the badges' own block), ``data-rc-changed`` on ``box``. ``folds``: where the <details>
    go instead, at its end — a table row's cell, as no block may sit in a <tr>."""
    found = generated_changes(ctx, kind, item_id)
    versions = [v for v, _ in found]
    if marked and marked not in versions:
        versions.append(marked)
    if not versions:
        return
    box.set(CHANGED_ATTR, " ".join(versions))
    for version in versions:
        word = "New in" if any(v == version and c.action == ADDED for v, c in found) else "Changed in"
        badge(badges, f"{word} {version}", "changed")
    holder = folds if folds is not None else box
    anchor = after if after is not None else badges
    at = list(holder).index(anchor) + 1 if folds is None and anchor in list(holder) else len(holder)
    for version, change in found:
        lines = _before_lines(change)
        if not lines:
            continue
        previous = ctx.history.previous.get(version, "")
        # the earlier words are no rule of this version: search does not offer them
        fold = Element("details", {"class": "rc-was", "data-search-exclude": ""})
        holder.insert(at, fold)
        at += 1
        sub(fold, "summary", f"Before {version}" + (f" (as in {previous})" if previous else ""))
        for where, text in lines:
            line = sub(fold, "p", cls="rc-was-text")
            sub(line, "strong", f"{where[:1].upper()}{where[1:]}: ").tail = safe(text)
