"""When a rule of the cheat sheet is played, as the sheet prints it: 'only when the time of day is night'
(a phase's, a dice table's, a catalog item's, a section's or a step's ``only_when:``, in words). A sheet is
printed, so the words are the text itself, never a tooltip."""

from __future__ import annotations

from .base import Element, RenderContext, sub


def when_words(rule, ctx: RenderContext) -> str | None:
    """'only when the weather is storm', or None for a rule played whatever the game's state."""
    from ..models.conditions import condition_words

    text = getattr(rule, "only_when", None)
    return "only when " + condition_words(ctx.index, text) if text else None


def when_flag(parent: Element, rule, ctx: RenderContext, tag: str = "em") -> Element | None:
    """The words as a flag in ``parent`` (after what is there, a space between), or None."""
    words = when_words(rule, ctx)
    if words is None:
        return None
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + " "
    elif parent.text:
        parent.text += " "
    return sub(parent, tag, words, "rc-sheet-flag rc-sheet-when")
