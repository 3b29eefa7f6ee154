"""Inline references: {term:id}, {phase:id}, {dice:id}, {card:id}, {deck:id}, {section:id}, {const:id}, {icon:id},
{plain:w}. Anything else shaped like a reference (``{phsae:x}``) is shown literally and reported."""

from __future__ import annotations

import json
from xml.etree import ElementTree as etree

from markdown.inlinepatterns import InlineProcessor

from ..models import textrefs
from ..render.base import safe, term_link
from ..render.icons import render_glyph


class RefInlineProcessor(InlineProcessor):
    def __init__(self, md, ext):
        super().__init__(textrefs.ANY_REF_RE.pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802 - Python-Markdown API
        kind, target, shown = m.group(1), m.group(2).strip(), m.group(3)
        if kind == "plain":
            el = etree.Element("span", {"class": "rc-plain"})
            el.text = safe(target)
            return el, m.start(0), m.end(0)
        try:
            if kind not in textrefs.REF_KINDS:
                message, hint = textrefs.unknown_kind_message(kind)
                raise LookupError(f"{message} ({hint})")
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
        label = index.name_of(kind, target)  # the one wording of a reference, shared with tooltips
        if label is None:
            raise LookupError(f"unknown {KIND_WORDS[kind]} '{target}'")
        text = safe(shown.strip() if shown and shown.strip() else label)
        if kind == "term":
            return term_link(ctx, target, text)
        if kind == "const":
            el = etree.Element("span", {"class": "rc-const", "data-rc-const": target})
            const = index.constants[target]
            if const.label:
                el.set("title", const.label)
            vals = index.constant_vals(target)
            if vals and not (shown and shown.strip()):  # the switch shows the variant's value
                el.set("data-rc-vals", json.dumps(vals, separators=(",", ":"), ensure_ascii=False))
            el.text = text
            return el
        if kind == "icon":
            holder = etree.Element("span", {"class": "rc-icon-ref"})
            render_glyph(holder, index.icons[target], ctx)
            return holder[0]
        # A link to a phase, table, card or deck: its words are a name, never auto-linked to the glossary.
        el = etree.Element("a", {"class": f"{LINK_CLASS[kind]} rc-nolink-terms", "href": ctx.href(kind, target)})
        el.text = text
        vals = index.number_vals(target) if kind == "phase" and not (shown and shown.strip()) else None
        if vals:  # a variant's own turn numbers this phase otherwise: the switch shows that number
            name = index.phases[target].phase.name
            el.set("data-rc-vals", json.dumps({v: f"phase {n} ({name})" for v, n in vals.items()},
                                              separators=(",", ":"), ensure_ascii=False))
        return el


KIND_WORDS = {"term": "term", "phase": "phase", "dice": "dice table", "card": "card", "deck": "deck",
              "const": "constant", "icon": "icon", "section": "section", "item": "catalog item",
              "table": "reference table"}
LINK_CLASS = {"phase": "rc-phase-ref", "dice": "rc-dice-ref", "card": "rc-card-ref", "deck": "rc-card-ref",
              "section": "rc-section-ref", "item": "rc-item-ref", "table": "rc-table-ref"}
