"""Inline references: {term:id}, {phase:id}, {dice:id}, {card:id}, {deck:id}, {const:id}, {icon:id}, {plain:w}."""

from __future__ import annotations

from xml.etree import ElementTree as etree

from markdown.inlinepatterns import InlineProcessor

from ..models import textrefs
from ..render.base import safe, term_link
from ..render.icons import render_glyph


class RefInlineProcessor(InlineProcessor):
    def __init__(self, md, ext):
        super().__init__(textrefs.REF_RE.pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802 - Python-Markdown API
        kind, target, shown = m.group(1), m.group(2).strip(), m.group(3)
        if kind == "plain":
            el = etree.Element("span", {"class": "rc-plain"})
            el.text = safe(target)
            return el, m.start(0), m.end(0)
        try:
            game_id, target = textrefs.split_target(target)
            ctx = self.ext.context(self.md, game_id)
            el = self.render(kind, target, shown, ctx)
            if game_id is not None and kind == "term":
                el.set("data-rc-game", game_id)  # {term:game:id}: a mention in that game's glossary
        except LookupError as exc:
            self.ext.report(f"{m.group(0)}: {exc.args[0]}")
            el = etree.Element("span", {"class": "rc-missing", "title": exc.args[0]})
            el.text = safe(m.group(0))
        return el, m.start(0), m.end(0)

    def render(self, kind, target, shown, ctx):
        index = ctx.index
        text = shown.strip() if shown and shown.strip() else None
        if kind == "term":
            term = _get(index.terms, target, "term")
            el = term_link(ctx, target, safe(text or term.term))
        elif kind == "phase":
            node = _get(index.phases, target, "phase")
            el = etree.Element("a", {"class": "rc-phase-ref", "href": ctx.href("phase", target)})
            el.text = safe(text or f"phase {node.number} ({node.phase.name})")
        elif kind == "dice":
            table = _get(index.tables, target, "dice table")
            el = etree.Element("a", {"class": "rc-dice-ref", "href": ctx.href("dice", target)})
            el.text = safe(text or table.title)
        elif kind == "card":
            _, card = _get(index.cards, target, "card")
            el = etree.Element("a", {"class": "rc-card-ref", "href": ctx.href("card", target)})
            el.text = safe(text or card.name)
        elif kind == "deck":
            deck = _get(index.decks, target, "deck")
            el = etree.Element("a", {"class": "rc-card-ref", "href": ctx.href("deck", target)})
            el.text = safe(text or deck.name)
        elif kind == "const":
            const = _get(index.constants, target, "constant")
            value = f"{const.value:g}" if isinstance(const.value, float) else str(const.value)
            el = etree.Element("span", {"class": "rc-const", "data-rc-const": target})
            if const.label:
                el.set("title", const.label)
            el.text = safe(text or value)
        else:  # icon
            icon = _get(index.icons, target, "icon")
            holder = etree.Element("span", {"class": "rc-icon-ref"})
            render_glyph(holder, icon, ctx)
            el = holder[0]
        if kind in ("phase", "dice", "card", "deck"):
            el.set("class", el.get("class") + " rc-nolink-terms")
        return el


def _get(table: dict, key: str, what: str):
    if key not in table:
        raise LookupError(f"unknown {what} '{key}'")
    return table[key]
