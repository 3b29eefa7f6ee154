"""The one-page player aid: turn, dice, key terms, icons, end and scoring, numbers."""

from __future__ import annotations

from ..dice_math import row_ranges
from .base import Element, RenderContext, heading, sub
from .icons import render_legend
from .overview import render_constants


def key_terms(ctx: RenderContext) -> list:
    info = ctx.game.info
    chosen = [ctx.index.terms[t] for t in info.cheatsheet.terms if t in ctx.index.terms]
    chosen += [t for t in ctx.game.terms if t.cheatsheet and t not in chosen]
    return chosen


def _turn(parent: Element, ctx: RenderContext) -> None:
    box = sub(parent, "section", cls="rc-sheet-block rc-sheet-turn")
    heading(box, 2, "Turn sequence", "sheet-turn")
    lst = sub(box, "ol", cls="rc-sheet-sequence")
    for node in ctx.index.numbered:
        li = sub(lst, "li", cls=f"rc-level-{node.level}")
        sub(li, "span", node.number, "rc-number").tail = " "
        name = sub(li, "strong", node.phase.name)
        name.tail = " "
        if node.phase.optional:
            sub(li, "span", "(optional)", "rc-sheet-flag").tail = " "
        if node.phase.skip_first_round:
            sub(li, "span", "(not round 1)", "rc-sheet-flag").tail = " "
        if node.phase.summary:
            sub(li, "span", "— " + node.phase.summary, "rc-summary")


def _dice(parent: Element, ctx: RenderContext) -> None:
    for table in ctx.game.tables:
        box = sub(parent, "section", cls="rc-sheet-block rc-sheet-dice")
        heading(box, 3, table.title, f"sheet-{table.id}")
        what = table.dice or ctx.index.dice[table.custom_die].name if table.custom_die in ctx.index.dice \
            else table.dice or table.custom_die
        line = f"{what}" + (f" per {table.per}" if table.per else "")
        if table.modifiers:
            line += "; " + "; ".join(f"{m.value:+d} {m.label}" for m in table.modifiers)
        sub(box, "p", line, "rc-sheet-dice-meta")
        grid = sub(box, "table", cls="rc-sheet-table")
        ranges = row_ranges(table) if table.dice else [None] * len(table.rows)
        faces = {f.id: f.label for f in ctx.index.dice[table.custom_die].faces} \
            if table.custom_die in ctx.index.dice else {}
        for row, rng in zip(table.rows, ranges):
            tr = sub(grid, "tr")
            sub(tr, "th", rng.label if rng else faces.get(row.face, row.face or "")).set("scope", "row")
            sub(tr, "td", row.result)
        if table.any_result:
            tr = sub(grid, "tr")
            sub(tr, "th", "Any").set("scope", "row")
            sub(tr, "td", table.any_result)


def _terms(parent: Element, ctx: RenderContext) -> None:
    terms = key_terms(ctx)
    if not terms:
        return
    box = sub(parent, "section", cls="rc-sheet-block rc-sheet-terms")
    heading(box, 2, "Key terms", "sheet-terms")
    dl = sub(box, "dl")
    for term in terms:
        sub(dl, "dt", term.term)
        sub(dl, "dd", term.short)


def _icons(parent: Element, ctx: RenderContext) -> None:
    if not ctx.game.icons:
        return
    box = sub(parent, "section", cls="rc-sheet-block rc-sheet-icons")
    heading(box, 2, "Icons", "sheet-icons")
    render_legend(box, ctx, compact=True)


def _end(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    if not (info.end_of_game or info.scoring):
        return
    box = sub(parent, "section", cls="rc-sheet-block rc-sheet-end")
    heading(box, 2, "End and scoring", "sheet-end")
    lst = sub(box, "ul")
    for step in [*info.end_of_game, *info.scoring]:
        sub(lst, "li", step.text)


def _constants(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    chosen = info.cheatsheet.constants or list(info.constants)
    if not chosen:
        return
    box = sub(parent, "section", cls="rc-sheet-block rc-sheet-constants")
    heading(box, 2, "Numbers", "sheet-constants")
    render_constants(box, ctx, chosen)


BLOCKS = {"turn": _turn, "dice": _dice, "terms": _terms, "icons": _icons, "end": _end, "constants": _constants}


def render_cheatsheet(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    sheet = sub(parent, "div", cls=f"rc-cheatsheet rc-columns-{info.cheatsheet.columns}")
    head = sub(sheet, "header", cls="rc-sheet-header")
    sub(head, "strong", info.title, "rc-sheet-title").tail = " "
    sub(head, "span", f"rules version {info.version}", "rc-sheet-version")
    button = sub(head, "button", "Print", "md-button rc-print", type="button")
    button.set("data-rc-print", "")
    body = sub(sheet, "div", cls="rc-sheet-body")
    for name in info.cheatsheet.include:
        if name == "dice" and ctx.game.tables:
            dice = sub(body, "section", cls="rc-sheet-block rc-sheet-dice-group")
            heading(dice, 2, "Dice", "sheet-dice")
            _dice(dice, ctx)
        elif name in BLOCKS and name != "dice":
            if name == "turn" and not ctx.index.numbered:
                continue
            BLOCKS[name](body, ctx)
