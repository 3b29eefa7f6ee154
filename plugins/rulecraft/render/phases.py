"""The turn sequence: derived numbers, stable anchors, optional/conditional markers."""

from __future__ import annotations

from ..models import links
from ..models.numbering import NumberedPhase
from ..models.phases import ACTS
from .base import Element, RenderContext, admonition, badge, heading, link, steps_list, sub, term_link, todo_note


def phase_title(node: NumberedPhase) -> str:
    return f"{node.number}. {node.phase.name}"


def _markers(parent: Element, node: NumberedPhase) -> None:
    phase = node.phase
    if not (phase.optional or phase.condition or phase.skip_first_round or phase.from_round or phase.acts
            or node.kind == "alternative" or phase.changed_in):
        return
    box = sub(parent, "p", cls="rc-phase-markers")
    if node.kind == "alternative" and node.parent is not None:
        others = [alt for alt in node.parent.phase.alternatives]
        numbers = ", ".join(node.parent.number + chr(97 + i) for i in range(len(others)))
        badge(box, "Alternative", "alternative", f"Exactly one of phases {numbers} is played")
    if phase.optional:
        badge(box, "Optional", "optional")
    if phase.skip_first_round:
        badge(box, "Skipped in round 1", "skip")
    if phase.from_round:
        badge(box, f"From round {phase.from_round}", "skip")
    if phase.acts:
        badge(box, ACTS[phase.acts], "acts", "Who acts in this phase, and how")
    if phase.changed_in:
        badge(box, f"Changed in {phase.changed_in}", "changed")
    if phase.condition:
        cond = sub(box, "span", cls="rc-condition")
        sub(cond, "strong", "Played when: " if phase.optional or node.kind == "alternative" else "Condition: ")
        last = sub(cond, "span", phase.condition)
        last.tail = None


def _references(parent: Element, node: NumberedPhase, ctx: RenderContext) -> None:
    phase = node.phase
    index = ctx.index
    parts: list[tuple[str, list]] = []  # (label, [(text, href)] or, for terms, [term id])
    tables = [(index.tables[t].title, ctx.href("dice", t)) for t in phase.dice if t in index.tables]
    related = [(f"{index.phases[p].number}. {index.phases[p].phase.name}", ctx.href("phase", p))
               for p in phase.see if p in index.phases]
    terms = [t for t in phase.terms if t in index.terms]
    if tables:
        parts.append(("Dice", tables))
    if related:
        parts.append(("See also", related))
    if terms:
        parts.append(("Terms", terms))
    if not parts:
        return
    box = sub(parent, "p", cls="rc-refs")
    for i, (label, items) in enumerate(parts):
        sub(box, "strong", f"{label}: ").tail = None
        for j, item in enumerate(items):
            if label == "Terms":  # glossary links with previews; they count as the section's mentions
                a = term_link(ctx, item, index.terms[item].term)
                box.append(a)
            else:
                a = link(box, item[0], item[1], "rc-ref rc-nolink-terms")
            a.tail = ", " if j < len(items) - 1 else ("; " if i < len(parts) - 1 else None)


def render_phase(parent: Element, node: NumberedPhase, ctx: RenderContext, level: int = 2,
                 children: bool = True) -> None:
    phase = node.phase
    section = sub(parent, "section", cls=f"rc-phase rc-phase--{node.kind}")
    if phase.optional:
        section.set("class", section.get("class") + " rc-phase--optional")
    heading(section, level, phase_title(node), links.anchor("phase", phase.id))
    _markers(section, node)
    if phase.summary:
        sub(section, "p", phase.summary, "rc-summary")
    todo_note(section, ctx, phase.todo)
    ctx.markdown(section, phase.rules)
    steps_list(section, phase.steps, ctx)
    for example in phase.examples:
        box = admonition(section, "example", example.title)
        ctx.markdown(box, example.text)
    _references(section, node, ctx)
    if children:
        for child in ctx.index.numbered:
            if child.parent is node:
                render_phase(parent, child, ctx, level + 1)


def render_sequence(parent: Element, ctx: RenderContext) -> None:
    """The compact numbered list of all phases, each linking to its rules."""
    lst = sub(parent, "ol", cls="rc-sequence")
    lst.set("role", "list")
    for node in ctx.index.numbered:
        item = sub(lst, "li", cls=f"rc-sequence-item rc-level-{node.level}")
        if node.phase.optional:
            item.set("class", item.get("class") + " rc-optional")
        sub(item, "span", node.number, "rc-number")
        a = link(item, node.phase.name, ctx.href("phase", node.phase.id), "rc-nolink-terms")
        a.tail = " "
        if node.kind == "alternative":
            badge(item, "or", "alternative")
        if node.phase.optional:
            badge(item, "Optional", "optional", node.phase.condition)
        if node.phase.skip_first_round:
            badge(item, "Not in round 1", "skip")
        if node.phase.from_round:
            badge(item, f"From round {node.phase.from_round}", "skip")
        if node.phase.acts:
            badge(item, ACTS[node.phase.acts], "acts")
        if not node.phase.has_rules or node.phase.todo:
            badge(item, "Incomplete", "todo", node.phase.todo)
        if node.phase.summary:
            sub(item, "span", node.phase.summary, "rc-summary")


def render_turn(parent: Element, ctx: RenderContext) -> None:
    render_sequence(parent, ctx)
    for node in ctx.index.numbered:
        if node.parent is None:
            render_phase(parent, node, ctx, 2)
