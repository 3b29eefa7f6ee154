"""Group rulings at the rule where an open question arises (the question's `at:`).

Unpicked, a question shows one quiet line that opens onto its candidate rulings (the question's own words,
the designers', are a designer note there); assets/rulings.lazy.js adds
a Pick button to each, remembers the group's pick on the device (and reads ``?ruling-<question>=<id>``), shows
the picked ruling's words at the rule and swaps in its numbers: ``{const:id}`` spans carry each ruling's value
(``data-rc-ruled``) and a ruled dice table is followed, hidden, by the whole table as each ruling
reads it, odds worked out here by the same dice module as every other table.
"""

from __future__ import annotations

import json

from ..models.records import shown_number
from ..models.ruled import constant_rulings, questions_at, ruled_table, table_rulings
from .base import NOTE_CLASS, Element, RenderContext, sub

MARK = "rc-rulings"  # the class player.js looks for to load rulings.lazy.js


def render_markers(parent: Element, ctx: RenderContext, kind: str, target: str | None = None) -> None:
    """Every question with rulings that arises at this rule: one quiet marker each."""
    for question in questions_at(ctx.game.info, kind, target):
        _marker(parent, question, ctx)


def ruled_copies(parent: Element, table, ctx: RenderContext, render) -> None:
    """After a table a ruling changes: the table as each ruling of its question reads it (``render(holder,
    table)`` draws a table as the page does)."""
    question = table_rulings(ctx.game.info).get(table.id)
    if question is not None:
        ruled_templates(sub(parent, "div", cls="rc-ruled-copies"), question, table, render)


def _marker(parent: Element, question, ctx: RenderContext) -> Element:
    box = sub(parent, "div", cls=f"{MARK} rc-ruling")
    box.set("data-rc-ruling", json.dumps({"game": ctx.game.id, "question": question.id,
                                          "rulings": [r.id for r in question.rulings]}, separators=(",", ":")))
    chosen = sub(box, "div", cls="rc-ruling-chosen", aria_live="polite")
    chosen.set("hidden", "")
    fold = sub(box, "details", cls="rc-ruling-open")
    sub(fold, "summary", f"Unsettled rule: {len(question.rulings)} readings to choose from", "rc-ruling-summary")
    # The question itself is the designers' wording (it cites and weighs the source): a designer note.
    ctx.markdown(sub(fold, "div", cls=NOTE_CLASS), question.question)
    options = sub(fold, "ul", cls="rc-ruling-options")
    for ruling in question.rulings:
        li = sub(options, "li", cls="rc-ruling-option")
        li.set("data-rc-pick", ruling.id)
        sub(li, "strong", ruling.label, "rc-ruling-label").tail = " "
        words = sub(li, "div", cls="rc-ruling-text")
        ctx.markdown(words, ruling.text)
    return box


def ruled_templates(parent: Element, question, table, render) -> None:
    """The table as each ruling that changes it reads it, inert until picked (``render(holder, table)``
    draws a table as the page does)."""
    for ruling in question.rulings:
        if ruling.dice is None or ruling.dice.table != table.id:
            continue
        # Hidden, unsearched and inert: the root is not a .rc-dice (nothing wires or counts it) and no
        # element has an id, until the script swaps it in (a <template> would be simpler, but HTML
        # sanitizers such as ammonia empty templates, so the allowlist could not vouch for it).
        holder = sub(parent, "div", cls="rc-ruled-table rc-nolink-terms")
        holder.set("hidden", "")
        holder.set("data-search-exclude", "")
        holder.set("data-rc-ruling", f"{question.id}:{ruling.id}")
        render(holder, ruled_table(table, ruling))
        box = holder[0]
        box.set("class", " ".join("rc-dice-ruled" if c == "rc-dice" else c for c in box.get("class", "").split()))
        box.set("data-rc-dice-ruled", box.attrib.pop("data-rc-dice", "{}"))
        for el in box.iter():
            el.attrib.pop("id", None)


def mark_constant(el: Element, ctx: RenderContext, const_id: str, with_unit: bool = False) -> None:
    """A constant a ruling sets: its value under each ruling, for the script to show the group's."""
    info = ctx.game.info
    question = constant_rulings(info).get(const_id)
    if question is None:
        return
    const = info.constants[const_id]
    shown = {r.id: (const.unit_text(shown_number(r.value)) if with_unit else shown_number(r.value))
             for r in question.rulings if r.const == const_id}
    el.set("class", (el.get("class") or "") + f" {MARK}")
    el.set("data-rc-ruled", json.dumps({"game": ctx.game.id, "question": question.id, "values": shown},
                                       separators=(",", ":"), ensure_ascii=False))
