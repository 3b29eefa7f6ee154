"""The quick answers a game's home opens with: how to win, set-up, key numbers and the turn at a glance,
each one tap from the top of the page (the full sections sit several phone screens further down)."""

from __future__ import annotations

from ..models import links
from ..models.numbering import stages
from .base import Element, RenderContext, link, sub

MAX_GLANCE = 8  # more stages or phases than this read as a list, not a glance: the turn page has them all


def render_quick_answers(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    jumps = [("How to win", "#end-of-game" if info.end_of_game or not info.objective else "#objective"),
             ("Set-up", "#setup")]
    if info.constants:
        jumps.append(("Key numbers", "#constants"))
    turn = ctx.index.turn_for(None)
    if turn and "turn" in links.pages_for_game(ctx.game):
        jumps.append(("Whole turn", ctx.page_href("turn")))
    box = sub(parent, "nav", cls="rc-quick", aria_label="Quick answers")
    lst = sub(box, "ul", cls="rc-quick-jumps")
    for text, href in jumps:
        link(sub(lst, "li"), text, href)
    glance = _glance(ctx, turn)
    if glance:
        line = sub(box, "p", cls="rc-quick-turn")
        sub(line, "strong", "The turn at a glance:").tail = " "
        for i, (number, name, href) in enumerate(glance):
            step = link(line, f"{number} {name}", href)
            step.set("class", "rc-quick-step")
            step.tail = " · " if i < len(glance) - 1 else None


def _glance(ctx: RenderContext, turn) -> list[tuple[str, str, str]]:
    """(number, name, link) of the turn's stages (groups of phases), else of its top-level phases; none when
    there are more than a glance takes in."""
    shown = [s for s in stages(ctx.game.phase_groups, turn) if s.group is not None]
    if shown and len(shown) <= MAX_GLANCE:
        return [(str(s.number), s.group.name, f"{ctx.page_href('turn')}#stage-{s.group.id}") for s in shown]
    top = [n for n in turn if n.parent is None]
    if not top or len(top) > MAX_GLANCE:
        return []
    return [(n.number, n.phase.name, ctx.href("phase", n.phase.id)) for n in top]
