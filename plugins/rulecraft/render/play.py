"""The play view: the turn one phase at a time, for a table playing through it.

Every step of the turn (the start of the turn, each phase, sub-phase and alternative in order, then the end
of the round) is a ``section.rc-play-step`` holding what the turn page shows for it (rules, steps, examples,
its dice tables, rollable, its terms) and the constants its rules name. Without script the page reads as the
turn in order. ``data-rc-play`` tells assets/play.lazy.js when each step is played: from which round, whether
it is optional, and its ``only_when`` condition as a small tree (``condition_tree``) it evaluates over the
game states and events the table sets; a variant's steps carry ``data-rc-variant`` as on the turn page, so the
variant switch hides them and the stepper passes them by.
"""

from __future__ import annotations

import json
from fractions import Fraction

from ..expr import ExprError, parse
from ..expr.nodes import BinOp, Call, Compare, Logic, Name, Neg, Node, Not, Num
from ..models import textrefs
from ..models.numbering import TURN_START_NAME, NumberedPhase, stages
from .base import Element, RenderContext, constant_value, heading, link, steps_list, sub
from .phases import render_phase, render_turn_start, stage_band

END_STEP = "end-of-round"  # the last screen of a round: the end-of-game check, then the next round
START_STEP = "start-of-turn"
_CALLS = ("half", "round_up", "round_down", "round", "per", "min", "max")


def condition_tree(node: Node, constants: dict[str, Fraction], varied: frozenset[str] = frozenset()):
    """An ``only_when`` expression as JSON play.lazy.js evaluates: numbers (constants resolved here, but
    ``["k", id]`` for one a way to play changes: the page picks its value), ``["s", id]`` a state,
    ``["e", id]`` an event, ``["r"]`` the round, a word (a state's value), and ``[op, ...operands]`` for not,
    and, or, comparisons, arithmetic and the rounding functions."""
    def tree(part):
        return condition_tree(part, constants, varied)

    if isinstance(node, Num):
        return _number(node.value)
    if isinstance(node, Name):
        scope, _, rest = node.name.partition(".")
        if node.name == "round":
            return ["r"]
        if scope == "state":
            return ["s", rest]
        if scope == "event":
            return ["e", rest]
        if scope == "const" and rest in varied:
            return ["k", rest]
        if scope == "const" and rest in constants:
            return _number(constants[rest])
        if not rest:
            return node.name  # a state's value, across a comparison from the state
        raise ExprError(f"'{node.name}' cannot be known during play", node.at)
    if isinstance(node, Not):
        return ["not", tree(node.operand)]
    if isinstance(node, Neg):
        return ["neg", tree(node.operand)]
    if isinstance(node, (Logic, Compare, BinOp)):
        return [node.op, tree(node.left), tree(node.right)]
    if isinstance(node, Call) and node.func in _CALLS:
        return [node.func] + [a.name if isinstance(a, Name) and a.name in ("up", "down") else tree(a)
                              for a in node.args]
    raise ExprError("this cannot be worked out during play", node.at)


def _number(value: Fraction) -> int | float:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def _when(ctx: RenderContext, text: str | None):
    """The condition's tree, or None where it cannot be read (the checker reports it at its character;
    the step is then always shown, with its badge in words)."""
    if not text:
        return None
    try:
        return condition_tree(parse(text), {cid: c.value for cid, c in ctx.index.constants.items()},
                              frozenset(_varied(ctx)))
    except ExprError:
        return None


def _varied(ctx: RenderContext) -> dict[str, dict]:
    """The constants some way to play changes: their base value and each way's (the page's ``consts``)."""
    out: dict[str, dict] = {}
    for view in ctx.index.ways.values():
        for cid, value in view.values.items():
            if cid in ctx.index.constants:
                entry = out.setdefault(cid, {"base": _number(ctx.index.constants[cid].value), "views": {}})
                entry["views"][view.id] = _number(value)
    return out


def _texts(item) -> list[str]:
    """Every text of a phase a reader sees on its screen (its rules, summary, steps, examples)."""
    out = [t for t in (item.summary, item.rules) if t]
    stack = list(item.steps)
    while stack:
        step = stack.pop()
        out.append(step.text)
        stack.extend(step.steps)
    out += [e.text for e in getattr(item, "examples", [])]
    return out


def key_numbers(ctx: RenderContext, texts: list[str]) -> list[str]:
    """The constants the texts name ({const:id}), in the order first named."""
    found: dict[str, None] = {}
    for text in texts:
        for ref in textrefs.find_refs(text):
            target = ref.target.rpartition(":")[2]
            if ref.kind == "const" and target in ctx.index.constants:
                found.setdefault(target)
    return list(found)


def _key_numbers_box(section: Element, ctx: RenderContext, ids: list[str]) -> None:
    if not ids:
        return
    box = sub(section, "div", cls="rc-play-numbers")
    sub(box, "p", "Key numbers", "rc-play-numbers-title")
    dl = sub(box, "dl")
    for const_id in ids:
        const = ctx.index.constants[const_id]
        sub(dl, "dt", const.heading(const_id))
        constant_value(sub(dl, "dd"), const, vals=ctx.index.constant_vals(const_id))  # the switch's values


def _step(parent: Element, step_id: str, label: str) -> Element:
    section = sub(parent, "section", cls="rc-play-step", id=f"play-{step_id}")
    section.set("data-step", step_id)
    section.set("aria-label", label)
    return section


def _phase_info(node: NumberedPhase, ctx: RenderContext) -> dict:
    phase = node.phase
    first = phase.from_round or (2 if phase.skip_first_round else 1)
    top = node
    while top.parent is not None:  # a phase played from round N brings its parts
        top = top.parent
        first = max(first, top.phase.from_round or (2 if top.phase.skip_first_round else 1))
    info: dict = {"id": phase.id, "n": node.number, "name": phase.name}
    if first > 1:
        info["from"] = first
    whens = [w for w in (_when(ctx, n.phase.only_when) for n in _lineage(node)) if w is not None]
    if whens:
        info["when"] = whens[0] if len(whens) == 1 else ["and", *whens]  # a part is played when its phase is
    if any(n.phase.optional for n in _lineage(node)):
        info["optional"] = next(n.phase.id for n in _lineage(node) if n.phase.optional)
    return info


def _lineage(node: NumberedPhase) -> list[NumberedPhase]:
    out = []
    while node is not None:
        out.append(node)
        node = node.parent
    return out


def _setup(parent: Element, ctx: RenderContext) -> None:
    """The table's settings, filled in by play.lazy.js: the round, the game's states and events, which
    optional phases are played (written here so the page says what the stepper will ask)."""
    info = ctx.game.info
    box = sub(parent, "details", cls="rc-play-setup")
    box.set("hidden", "")
    sub(box, "summary", "This game: round, states, optional rules")
    form = sub(box, "div", cls="rc-play-form")
    row = sub(form, "label", cls="rc-play-field")
    sub(row, "span", "Round")
    sub(row, "input", type="number", min="1", step="1", value="1", inputmode="numeric", data_rc_play_round="")
    for state in info.states:
        row = sub(form, "label", cls="rc-play-field")
        sub(row, "span", state.name[:1].upper() + state.name[1:])
        select = sub(row, "select", data_rc_state=state.id)
        for value in state.values:
            opt = sub(select, "option", value.replace("-", " "), value=value)
            if value == (state.initial or state.values[0]):
                opt.set("selected", "")
    for event in info.events:
        row = sub(form, "label", cls="rc-play-field rc-play-check")
        sub(row, "input", type="checkbox", data_rc_event=event.id).tail = " " + event.name[:1].upper() + event.name[1:]
    for node in ctx.index.numbered:
        if node.phase.optional:
            row = sub(form, "label", cls="rc-play-field rc-play-check")
            sub(row, "input", type="checkbox", checked="", data_rc_optional=node.phase.id).tail = \
                f" We play {node.number}. {node.phase.name}"
            if node.phase.condition:
                sub(row, "span", f" (when: {ctx.index.plain(node.phase.condition)})", "rc-play-cond")


def _controls(parent: Element) -> None:
    """Previous, where the table is (announced), Next: written hidden, shown by play.lazy.js."""
    bar = sub(parent, "nav", cls="rc-play-bar", aria_label="Turn")
    bar.set("hidden", "")
    sub(bar, "button", "Previous", "md-button rc-play-prev", type="button", aria_keyshortcuts="ArrowLeft")
    where = sub(bar, "p", cls="rc-play-where", role="status", aria_live="polite", aria_atomic="true")
    where.text = ""
    sub(bar, "button", "Next", "md-button md-button--primary rc-play-next", type="button",
        aria_keyshortcuts="ArrowRight")


def render_play(parent: Element, ctx: RenderContext) -> None:
    game, index = ctx.game, ctx.index
    root = sub(parent, "div", cls="rc-play")
    intro = sub(root, "p", cls="rc-play-intro")
    intro.text = "One phase per screen: Next and Previous, the arrow keys or a swipe; after the round's last " \
                 "phase the next round begins. "
    link(intro, "The whole turn", ctx.page_href("turn")).tail = " on one page."
    _setup(root, ctx)
    _controls(root)
    steps: list[dict] = []
    if game.turn_start is not None:
        section = _step(root, START_STEP, TURN_START_NAME)
        render_turn_start(section, ctx, game.turn_start)
        _key_numbers_box(section, ctx, key_numbers(ctx, _texts(game.turn_start)))
        steps.append({"id": START_STEP, "n": "", "name": TURN_START_NAME})
    for stage in stages(game.phase_groups, index.numbered):
        for node in stage.phases:
            section = _step(root, node.phase.id, f"{node.number}. {node.phase.name}")
            views = index.node_views(node)
            if views:
                section.set("data-rc-variant", " ".join(views))
            if stage.group is not None:
                band = stage_band(section, stage, ctx)
                band.attrib.pop("id", None)  # the turn page's anchor; one band per screen here
                band.attrib.pop("data-rc-variant", None)
            render_phase(section, node, ctx, level=2, children=False)
            _key_numbers_box(section, ctx, key_numbers(ctx, _texts(node.phase)))
            for details in section.iter("details"):
                if "rc-phase-dice" in (details.get("class") or ""):
                    details.set("open", "")  # at the table, the roll is the point of the screen
            steps.append(_phase_info(node, ctx))
    end = _step(root, END_STEP, "End of the round")
    heading(end, 2, "End of the round", "play-end")
    if game.info.end_of_game:
        sub(end, "p", "Check whether the game ends:", "rc-play-end-check")
        steps_list(end, game.info.end_of_game, ctx, ordered=False)
    sub(end, "p", "Otherwise the next round begins: Next.", "rc-play-next-round")
    steps.append({"id": END_STEP, "n": "", "name": "End of the round"})
    root.set("data-rc-play", json.dumps({"game": game.id, "steps": steps, "consts": _varied(ctx)},
                                        separators=(",", ":"),
                                        ensure_ascii=False))

