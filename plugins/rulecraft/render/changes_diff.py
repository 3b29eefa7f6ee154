"""The generated part of a version on the Changes page: what changed since the version before, rule by
rule (from the diff of the two tagged versions), each rule linked where it still is, with its word diff,
values before → after and the odds of a dice table before and after."""

from __future__ import annotations

from ..diff.result import ADDED, REMOVED, RENUMBERED, Change, Detail, GameDiff
from ..diff.shown import chance, change_verb, count_words, value_text
from ..diff.words import trimmed
from ..models import links
from .base import Element, RenderContext, link, sub


def _present(ctx: RenderContext, kind: str, item_id: str) -> bool:
    index = ctx.index
    found = {"phase": index.phases, "term": index.terms, "card": index.cards, "deck": index.decks,
             "dice": index.tables, "item": index.items, "resource": index.resources, "section": index.sections,
             "table": index.reference_tables, "legend": index.legends, "formula": index.formulas,
             "component": index.components, "icon": index.icons}.get(kind)
    return found is not None and item_id in found and kind in links.PAGE_FOR_KIND


def _words(parent: Element, detail: Detail) -> None:
    last = None
    for run in trimmed(detail.words):
        if run.op == "=":
            if last is None:
                parent.text = (parent.text or "") + run.text
            else:
                last.tail = (last.tail or "") + run.text
        else:
            if run.op == "+" and last is not None and last.tag == "del" and not last.tail:
                last.tail = " "  # "3 2", the 3 struck out: never one number "32"
            last = sub(parent, "del" if run.op == "-" else "ins", run.text)


def _minor(change: Change, detail: Detail) -> bool:
    """The game's own version number: the page's heading says it already."""
    return change.kind == "game" and detail.path == ("version",)


def _detail(parent: Element, detail: Detail) -> None:
    item = sub(parent, "li")
    if detail.path:
        sub(item, "span", detail.where[:1].upper() + detail.where[1:] + ": ", "rc-diff-where")
    line = sub(item, "span", cls="rc-diff-what")
    if detail.words is not None:
        _words(line, detail)
    elif detail.action == ADDED and detail.after is not None:
        sub(line, "ins", value_text(detail.after))
    elif detail.action == REMOVED and detail.before is not None:
        sub(line, "del", value_text(detail.before))
    elif detail.before is not None or detail.after is not None:
        sub(line, "del", value_text(detail.before))
        sub(line, "ins", value_text(detail.after)).tail = None
        line[0].tail = " → "
    if detail.note:
        sub(item, "span", " " + detail.note, "rc-diff-note")
    if detail.odds:
        table = sub(item, "table", cls="rc-diff-odds")
        head = sub(sub(table, "thead"), "tr")
        for word in ("Outcome", "Before", "After"):
            sub(head, "th", word)
        body = sub(table, "tbody")
        for odds in detail.odds:
            row = sub(body, "tr")
            for text in (odds.label, chance(odds.before), chance(odds.after)):
                sub(row, "td", text)
    if detail.places:
        shows = sub(item, "ul", cls="rc-diff-places")
        for place in detail.places:
            sub(shows, "li", f"{place.label} ({place.field})")


def _change(parent: Element, change: Change, ctx: RenderContext) -> None:
    item = sub(parent, "li", cls=f"rc-diff-change rc-diff--{change.action}")
    if change.action != REMOVED and _present(ctx, change.kind, change.id):
        link(item, change.label, ctx.href(change.kind, change.id))
    else:
        sub(item, "strong", change.label)
    item[-1].tail = f" — {change_verb(change)}"
    details = [d for d in change.details if not _minor(change, d)
               and not (change.action == RENUMBERED and d.action == RENUMBERED and not d.places)]
    if details:
        lst = sub(item, "ul")
        for detail in details:
            _detail(lst, detail)


def render_generated(parent: Element, ctx: RenderContext, diff: GameDiff, previous: str) -> None:
    changes = [c for c in diff.changes if not (c.details and all(_minor(c, d) for d in c.details))]
    box = sub(parent, "div", cls="rc-generated")
    if not changes:
        sub(box, "p", f"No rule changed since version {previous}.", "rc-generated-intro")
        return
    sub(box, "p", f"Rule by rule since version {previous}: {count_words(len(changes), 'change')}.",
        "rc-generated-intro")
    lst = sub(box, "ul", cls="rc-diff")
    for change in changes:
        _change(lst, change, ctx)
