"""The turn sequence: derived numbers, stable anchors, optional/conditional markers."""

from __future__ import annotations

import itertools
import json
import re

from ..models import links, textrefs
from ..models.numbering import TURN_START_ANCHOR, TURN_START_NAME, NumberedPhase, Stage, node_variants, stages
from ..models.records import ACTS
from .change_marks import change_marks, has_changes
from .rulings import render_markers
from .base import (
    NOTE_CLASS,
    VARIANT_ATTR,
    Element,
    RenderContext,
    admonition,
    badge,
    heading,
    item_notes,
    link,
    safe,
    steps_list,
    sub,
    term_link,
    unwritten,
    variant_badges,
    when_badge,
)
from .dice import render_in_phase
from .faq import render_faq_at


def phase_title(node: NumberedPhase) -> str:
    return f"{node.number}. {node.phase.name}"


def _mark_variants(parent: Element, holder: Element, node: NumberedPhase, ctx: RenderContext) -> None:
    variant_badges(parent, node_variants(node), ctx, holder, "turn")


def number_span(parent: Element, node: NumberedPhase, ctx: RenderContext, cls: str | None = None) -> Element:
    """A phase's number; where a variant's own turn numbers it otherwise, those numbers too (data-rc-vals),
    for the variant switch."""
    el = sub(parent, "span", node.number, cls)
    vals = ctx.index.number_vals(node.id)
    if vals:
        el.set("data-rc-vals", json.dumps(vals, separators=(",", ":")))
    return el


def _title(el: Element, node: NumberedPhase, ctx: RenderContext) -> None:
    """A phase heading's words: '3. Explore', the number switchable when a variant's turn numbers it otherwise."""
    if not ctx.index.number_vals(node.id):
        el.text = safe(phase_title(node))
        return
    el.text = None
    number_span(el, node, ctx, "rc-phase-number").tail = safe(f". {node.phase.name}")


def _markers(parent: Element, node: NumberedPhase, ctx: RenderContext) -> None:
    phase = node.phase
    if not (phase.optional or phase.condition or phase.skip_first_round or phase.from_round or phase.acts
            or phase.only_when or node.kind == "alternative" or node_variants(node)
            or has_changes(ctx, "phase", phase.id, phase.changed_in)):
        return
    box = sub(parent, "p", cls="rc-phase-markers")
    _mark_variants(box, parent, node, ctx)
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
    when_badge(box, phase, ctx)
    if phase.acts:
        badge(box, ACTS[phase.acts], "acts", "Who acts in this phase, and how")
    change_marks(box, parent, ctx, "phase", phase.id, phase.changed_in)
    if phase.condition:
        cond = sub(box, "span", cls="rc-condition")
        sub(cond, "strong", "Played when: " if phase.optional or node.kind == "alternative" else "Condition: ")
        last = sub(cond, "span", phase.condition)
        last.tail = None


def _references(parent: Element, node: NumberedPhase, ctx: RenderContext) -> None:
    phase = node.phase
    index = ctx.index
    parts: list[tuple[str, list]] = []  # (label, [(text, href)] or, for terms, [term id])
    related = [(f"{index.phases[p].number}. {index.phases[p].phase.name}", ctx.href("phase", p))
               for p in phase.see if p in index.phases and p != phase.id]  # never a link to itself
    terms = [t for t in phase.terms if t in index.terms]
    if related:
        parts.append(("See also", related))
    if terms:
        parts.append(("Terms", terms))
    if not parts:
        return
    box = sub(parent, "p", cls="rc-refs rc-term-list")
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
                 children: bool = True, named_by: Element | None = None) -> None:
    """One phase with its number, rules, steps, examples, tables and references (then its sub-phases).
    ``named_by``: a heading already on the page that names the phase (a prose page's heading over its
    block); it becomes the phase's heading, numbered, instead of a second one under it."""
    phase = node.phase
    section = sub(parent, "section", cls=f"rc-phase rc-phase--{node.kind}")
    if phase.optional:
        section.set("class", section.get("class") + " rc-phase--optional")
    if named_by is None:
        _title(heading(section, level, "", links.anchor("phase", phase.id)), node, ctx)
    else:
        for child in list(named_by):
            named_by.remove(child)
        _title(named_by, node, ctx)
        named_by.set("id", links.anchor("phase", phase.id))
        level = int(named_by.tag[1])
    _markers(section, node, ctx)
    if phase.summary and not _opens_with(phase.rules, phase.summary, ctx.index.name_of):
        sub(section, "p", phase.summary, "rc-summary")
    if not phase.has_rules and not any(child.parent is node for child in ctx.index.numbered):
        unwritten(section)
    item_notes(section, ctx, phase)
    ctx.markdown(section, phase.rules)
    steps_list(section, phase.steps, ctx)
    render_markers(section, ctx, "phase", phase.id)
    for example in phase.examples:
        box = admonition(section, "example", example.title)
        ctx.markdown(box, example.text)
    render_faq_at(section, ctx, "phase", phase.id)
    for table_id in phase.dice:  # the phase carries its tables: nobody leaves it to resolve a roll
        if table_id in ctx.index.tables:
            render_in_phase(section, ctx.index.tables[table_id], ctx, links.anchor("phase", phase.id))
    _references(section, node, ctx)
    if children:
        for child in ctx.index.numbered:
            if child.parent is node:
                render_phase(parent, child, ctx, level + 1)


# Words as the reader sees them: a reference as the name it shows, a link or picture as its text.
_LINK_RE = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_WORD_RE = re.compile(r"[^\W_]+")
# What may follow a sentence's last word: closing marks, then its end (a stop, a line break, the end; a colon
# when the summary ends with one too: 'Do one of these:' over a list).
_SENTENCE_END_RE = re.compile(r"[ \t*_`)\]\"'”’»]*([.!?:;]|\n|\Z)")


def _shown(text: str, name_of) -> str:
    return _LINK_RE.sub(r"\1", textrefs.plain_text(text, name_of))


def _opens_with(rules: str | None, summary: str, name_of) -> bool:
    """The rules' first sentence is the summary (an imported phase's summary is that sentence, or its start
    cut with '…'): the section shows it once, in the rules; the turn list and the cheat sheet keep the
    summary. A shorter summary a designer wrote ('Draw.' over 'Drawing is skipped…', 'Trade' over 'Trade
    goods are…') is no repetition and stays."""
    said = [word.casefold() for word in _WORD_RE.findall(_shown(summary, name_of))]
    if not rules or not said:
        return False
    cut = 3 * len(summary) + 40  # the start is enough: rules can be pages long
    start = _shown(rules[:cut], name_of)
    words = list(itertools.islice(_WORD_RE.finditer(start), len(said)))
    if [word.group().casefold() for word in words] != said:
        return False
    if summary.rstrip().endswith("…"):
        return True
    end = _SENTENCE_END_RE.match(start, words[-1].end())
    if end is None or (end.group(1) in (":", ";") and not summary.rstrip().endswith(end.group(1))):
        return False
    return end.group(1) != "" or len(rules) <= cut  # the rules' end, not the end of the start read


def stage_band(parent: Element, stage: Stage, ctx: RenderContext | None = None) -> Element | None:
    """The stage's band: 'Stage 2 · Running the Company' (nothing for phases outside any stage). Shown in
    the views its phases are shown in: a stage of the base turn is no band of a variant's own turn."""
    if stage.group is None:
        return None
    band = sub(parent, "p", cls=f"rc-stage-band rc-stage-{stage.number}", id=f"stage-{stage.group.id}")
    if ctx is not None:
        views = [ctx.index.node_views(node) for node in stage.phases]
        if all(views):  # every phase of the stage is shown in some views only
            band.set(VARIANT_ATTR, " ".join(dict.fromkeys(v for names in views for v in names)))
    number = sub(band, "span", f"Stage {stage.number}", "rc-stage-number")
    number.tail = " · "
    vals = ctx.index.stage_vals(stage.group.id) if ctx is not None else {}
    if vals:
        number.set("data-rc-vals", json.dumps({k: f"Stage {v}" for k, v in vals.items()}, separators=(",", ":")))
    sub(band, "strong", stage.group.name)
    if stage.group.summary:
        sub(band, "span", stage.group.summary, "rc-summary")
    return band


def _turn_start_item(parent: Element, ctx: RenderContext, start) -> None:
    """The start of the turn in the sequence: before phase 1, with no number of its own."""
    lst = sub(parent, "ol", cls="rc-sequence rc-sequence--start")
    lst.set("role", "list")
    item = sub(lst, "li", cls="rc-sequence-item rc-level-0 rc-turn-start")
    sub(item, "span", "", "rc-number").set("aria-hidden", "true")  # keeps the names aligned with the phases'
    link(item, TURN_START_NAME, f"#{TURN_START_ANCHOR}", "rc-nolink-terms").tail = " "
    if start.summary:
        sub(item, "span", start.summary, "rc-summary rc-nolink-terms")


def render_turn_start(parent: Element, ctx: RenderContext, start, level: int = 2) -> None:
    """The start-of-turn rules, before the first phase's, titled and unnumbered."""
    section = sub(parent, "section", cls="rc-phase rc-phase--start")
    heading(section, level, TURN_START_NAME, TURN_START_ANCHOR)
    if start.summary and not _opens_with(start.rules, start.summary, ctx.index.name_of):
        sub(section, "p", start.summary, "rc-summary")
    item_notes(section, ctx, start)
    ctx.markdown(section, start.rules)
    steps_list(section, start.steps, ctx)


def render_sequence(parent: Element, ctx: RenderContext) -> None:
    """The compact numbered list of all phases, each linking to its rules; one list per stage. Its
    summaries stay unlinked (``rc-nolink-terms``): an index is for finding a phase, its terms are linked
    in the phase. The start of the turn, when the rules have one, comes first, unnumbered."""
    if ctx.game.turn_start is not None:
        _turn_start_item(parent, ctx, ctx.game.turn_start)
    for stage in stages(ctx.game.phase_groups, ctx.index.numbered):
        stage_band(parent, stage, ctx)
        _sequence_list(parent, ctx, stage.phases)


def _sequence_list(parent: Element, ctx: RenderContext, nodes: list[NumberedPhase]) -> None:
    lst = sub(parent, "ol", cls="rc-sequence")
    lst.set("role", "list")
    for node in nodes:
        item = sub(lst, "li", cls=f"rc-sequence-item rc-level-{node.level}")
        if node.phase.optional:
            item.set("class", item.get("class") + " rc-optional")
        number_span(item, node, ctx, "rc-number")
        a = link(item, node.phase.name, ctx.href("phase", node.phase.id), "rc-nolink-terms")
        a.tail = " "
        if node.kind == "alternative":
            badge(item, "or", "alternative")
        if node.phase.optional:
            badge(item, "Optional", "optional", ctx.index.plain(node.phase.condition) if node.phase.condition else None)
        if node.phase.skip_first_round:
            badge(item, "Not in round 1", "skip")
        if node.phase.from_round:
            badge(item, f"From round {node.phase.from_round}", "skip")
        when_badge(item, node.phase, ctx)
        if node.phase.acts:
            badge(item, ACTS[node.phase.acts], "acts")
        _mark_variants(item, item, node, ctx)
        if not node.phase.has_rules or node.phase.todo:  # for designers only: the phase says the rest
            badge(item, "Incomplete", f"todo {NOTE_CLASS}").set("data-search-exclude", "")
        if node.phase.summary:
            sub(item, "span", node.phase.summary, "rc-summary rc-nolink-terms")


def render_turn(parent: Element, ctx: RenderContext) -> None:
    play = sub(parent, "p", cls="rc-play-link rc-nolink-terms")  # the turn one phase per screen, at the table
    link(play, "Play a turn, phase by phase", ctx.page_href("play"), "md-button")
    render_sequence(parent, ctx)
    if ctx.game.turn_start is not None:
        render_turn_start(parent, ctx, ctx.game.turn_start)
    for stage in stages(ctx.game.phase_groups, ctx.index.numbered):
        band = stage_band(parent, stage, ctx)
        if band is not None:
            band.set("id", f"stage-{stage.group.id}-rules")
        for node in stage.phases:
            if node.parent is None:
                render_phase(parent, node, ctx, 2)
