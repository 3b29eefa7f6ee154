"""Icons: the legend table and the inline glyph."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import links
from .base import Element, RenderContext, inline_notes, safe, sub

if TYPE_CHECKING:
    from ..models import Icon


def render_glyph(parent: Element, icon: Icon, ctx: RenderContext) -> Element:
    glyph = icon.glyph
    if glyph.image:
        src = links.relative(ctx.page, glyph.image) if ctx.page else "/" + glyph.image
        return sub(parent, "img", cls="rc-icon rc-icon--image", src=src, alt=icon.label, title=icon.label)
    el = sub(parent, "span", cls="rc-icon", title=icon.label)
    el.set("role", "img")
    el.set("aria-label", icon.label)
    if glyph.material:
        # pymdownx.emoji (with Material's icon index) turns :material-name: into the SVG
        el.text = safe(":" + glyph.material.replace("/", "-") + ":")
        el.set("class", "rc-icon rc-icon--material")
    elif glyph.emoji:
        el.text = safe(glyph.emoji)
    else:
        el.text = safe(glyph.text)
        el.set("class", "rc-icon rc-icon--text")
    return el


def render_legend(parent: Element, ctx: RenderContext, compact: bool = False) -> None:
    table = sub(parent, "table", cls="rc-icons" + (" rc-compact" if compact else ""))
    head = sub(sub(table, "thead"), "tr")
    for title in ("Icon", "Name", "Meaning"):
        sub(head, "th", title).set("scope", "col")
    body = sub(table, "tbody")
    for icon in ctx.game.icons:
        tr = sub(body, "tr", id=links.anchor("icon", icon.id))
        render_glyph(sub(tr, "td", cls="rc-icon-cell"), icon, ctx)
        sub(tr, "td", icon.label)
        cell = sub(tr, "td", icon.meaning)
        if not compact:
            inline_notes(cell, icon)
