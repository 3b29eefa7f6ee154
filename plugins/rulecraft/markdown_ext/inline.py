"""Inline references: {term:id}, {phase:id}, {dice:id}, {card:id}, {deck:id}, {section:id}, {const:id}, {icon:id},
{plain:w}. Anything else shaped like a reference (``{phsae:x}``) is shown literally and reported."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree as etree

from markdown.inlinepatterns import InlineProcessor

from ..models import textrefs
from ..render.base import safe, term_link
from ..render.icons import render_glyph
from ..render.rulings import mark_constant


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
            if kind == "phase" and not (shown and shown.strip()) and _sentence_start(data, m.start(0)):
                _capitalise(el)  # "… a storm. Phase 16 (Events in India), …", never ". phase 16"
            if kind == "icon":
                start = _word_before_icon(data, m.start(0), ctx.index.icons[target])
                if start is not None:  # "VPs {icon:vp}": the word is the icon, not read twice ("VPs VP")
                    el.text = el.attrib["aria-label"] = data[start:m.start(0)].rstrip()
                    return el, start, m.end(0)
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
            if not (shown and shown.strip()):  # a group's ruling may set it: each ruling's value
                mark_constant(el, ctx, target)
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


# Text before a reference that ends a sentence (or nothing: the reference opens its text).
_SENTENCE_END_RE = re.compile(r"(?:^|[.!?])[\s\u00a0]*$")


def _sentence_start(data: str, start: int) -> bool:
    return _SENTENCE_END_RE.search(data[:start]) is not None


_WORD_BEFORE_RE = re.compile(r"(?<![\w-])(\w+)[ \u00a0]+$")


def _word_before_icon(data: str, start: int, icon) -> int | None:
    """Where the word just before an icon starts when that word is the icon's own text glyph, as written or in
    the plural ("VPs" before the VP glyph); None otherwise."""
    glyph = (icon.glyph.text or "").strip()
    found = _WORD_BEFORE_RE.search(data[:start]) if glyph and not (icon.glyph.emoji or icon.glyph.image
                                                                       or icon.glyph.material) else None
    if found is None:
        return None
    word, key = found.group(1).casefold(), glyph.casefold()
    return found.start(1) if word in (key, key + "s", key + "es") else None


def _capitalise(el) -> None:
    """A phase's generated name ("phase 16 (Events in India)") opening a sentence, with its variants' numbers."""
    el.text = el.text[:1].upper() + el.text[1:]
    vals = el.get("data-rc-vals")
    if vals:
        shown = {k: v[:1].upper() + v[1:] for k, v in json.loads(vals).items()}
        el.set("data-rc-vals", json.dumps(shown, separators=(",", ":"), ensure_ascii=False))


KIND_WORDS = {"term": "term", "phase": "phase", "dice": "dice table", "card": "card", "deck": "deck",
              "const": "constant", "icon": "icon", "section": "section", "item": "catalog item",
              "table": "reference table", "formula": "formula"}
LINK_CLASS = {"phase": "rc-phase-ref", "dice": "rc-dice-ref", "card": "rc-card-ref", "deck": "rc-card-ref",
              "section": "rc-section-ref", "item": "rc-item-ref", "table": "rc-table-ref",
              "formula": "rc-formula-ref"}
