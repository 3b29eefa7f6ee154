"""Shared pieces for renderers: the render context and small ElementTree helpers.

Renderers are functions of the model that append elements to a parent. Text
fields are left as Markdown: block text goes through ``ctx.markdown`` (the
Markdown parser), inline text is set as element text, which Python-Markdown's
inline pass then processes ({term:...} references, emphasis, term links).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.etree import ElementTree as etree

from ..models import links
from ..models.index import GameIndex
from ..models.records import BASE_VARIANT, singular
from ..models.variant_views import VariantRule, part_of, variant_rule, views_of

if TYPE_CHECKING:
    from ..diff.history import GameHistory
    from ..models import Step

Element = etree.Element


@dataclass
class RenderContext:
    index: GameIndex
    page: str | None  # docs path of the page being rendered, e.g. "john-company/turn.md"
    parse: Callable[[Element, str], None]  # parse block Markdown into an element
    history: GameHistory | None = None  # the game's tagged versions and what changed between them

    @property
    def game(self):
        return self.index.game

    def href(self, kind: str, item_id: str) -> str:
        return links.href(self.page, self.game.id, kind, item_id)

    def page_href(self, page: str) -> str:
        return links.relative(self.page, links.page_path(self.game.id, page)) or "#"

    def markdown(self, parent: Element, text: str | None) -> None:
        if text and text.strip():
            self.parse(parent, safe(text.strip()))


def safe(text: str) -> str:
    """Rule text may use Markdown but not raw HTML: '<' becomes an entity, so <script> shows as text."""
    return text.replace("<", "&lt;")


def sub(parent: Element, tag: str, text: str | None = None, cls: str | None = None, **attrs: str) -> Element:
    el = etree.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()})
    if cls:
        el.set("class", cls)
    if text is not None:
        el.text = safe(text)
    return el


def heading(parent: Element, level: int, text: str, anchor: str | None = None, cls: str | None = None) -> Element:
    el = sub(parent, f"h{min(max(level, 1), 6)}", text, cls)
    if anchor:
        el.set("id", anchor)
    return el


def badge(parent: Element, text: str, kind: str, title: str | None = None) -> Element:
    el = sub(parent, "span", text, f"rc-badge rc-badge--{kind}")
    if title:
        el.set("title", title)
    el.tail = " "
    return el


def condition_markers(parent: Element, rule, ctx: RenderContext, word: str = "Applies") -> None:
    """Badges for when a rule applies (optional, from round N, only while a game state holds) and its
    condition, in words: never only in a tooltip, so touch and print readers see it too. ``rule`` is a phase,
    section or step."""
    if rule.optional:
        badge(parent, "Optional", "optional")
    first = getattr(rule, "from_round", None)
    if first:
        badge(parent, f"From round {first}", "skip")
    when_badge(parent, rule, ctx)
    if rule.condition:
        cond = sub(parent, "span", cls="rc-condition")
        sub(cond, "strong", f"{word} when: " if rule.optional else "Condition: ")
        sub(cond, "span", rule.condition).tail = " "


def when_badge(parent: Element, rule, ctx: RenderContext) -> Element | None:
    """"Only when: the time of day is night" for a rule with ``only_when``: the condition in words."""
    from ..models.conditions import condition_words

    text = getattr(rule, "only_when", None)
    if not text:
        return None
    return badge(parent, "Only when: " + condition_words(ctx.index, text), "when")


# Items of a variant carry data-rc-variant (the views they are shown in, space-separated: "base" for the
# base game, variant ids) and a badge naming their variants. Without script every item shows, badged; the
# variant switch (variants.lazy.js) hides those not shown in the chosen view. A number that changes under
# a variant carries its values in data-rc-vals.
VARIANT_ATTR = "data-rc-variant"


def variant_markers(parent: Element, item, ctx: RenderContext, holder: Element | None = None) -> bool:
    """Badges naming the variants ``item`` belongs to, in ``parent``; ``holder`` (the element the switch
    hides) gets the views it is shown in. False when the item belongs to every way to play."""
    return variant_badges(parent, variant_rule(item), ctx, holder, part_of(item))


def _or_words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def variant_badges(parent: Element, names, ctx: RenderContext, holder: Element | None = None,
                   part: str | None = None) -> bool:
    """``names``: a ``VariantRule`` (or the ids of ``variant_ids``)."""
    rule = names if isinstance(names, VariantRule) else VariantRule(names=tuple(names or ()))
    ways = ctx.index.ways
    views = views_of(rule, part, ways)
    if not views:
        return False  # shown in every view (a base rule no variant replaces): nothing to mark
    if holder is not None:
        holder.set(VARIANT_ATTR, " ".join(views))
    if rule.excluded:
        without = [ways[n].name if n in ways else n for n in rule.excluded]
        badge(parent, "Not with " + _or_words(without), "variant",
              "Played in the base game and every way to play without " + _or_words(without))
    for name in rule.names:
        if name == BASE_VARIANT:
            replaced = [v.name for v in ways.values() if not v.combined and v.id not in views]
            if len(views) == 1:
                badge(parent, "Base game only", "variant", "Not played in a variant")
            else:
                badge(parent, "Not in variant: " + ", ".join(replaced), "variant",
                      "The base game's rule; these variants have their own instead")
        else:
            way = ways.get(name)
            label = ("Variants: " if way is not None and way.combined else "Variant: ") + (way.name if way else name)
            badge(parent, label, "variant", ctx.index.plain(way.summary) if way and way.summary else None)
    return True


def constant_value(parent: Element, const, text: str | None = None, vals: dict[str, str] | None = None) -> Element:
    """A constant's value as a page shows it: the base game's, with ``vals``, its value in each way to play
    that changes it (``GameIndex.constant_vals``), in ``data-rc-vals`` (JSON, the unit included) for the switch."""
    el = sub(parent, "span", text if text is not None else const.unit_text(const.shown), "rc-const")
    if vals and text is None:
        el.set("data-rc-vals", json.dumps({k: const.unit_text(v) for k, v in vals.items()},
                                          separators=(",", ":"), ensure_ascii=False))
    return el


def admonition(parent: Element, kind: str, title: str) -> Element:
    box = sub(parent, "div", cls=f"admonition {kind}")
    sub(box, "p", title, "admonition-title")
    return box


# Designer notes (``todo`` and ``designer_note`` fields) carry this class: hidden in the player view
# (assets/notes.css), shown when the reader turns "Designer notes" on (assets/notes.js), never printed.
# The term linker skips them, so a note never takes a term's one link in its section.
NOTE_CLASS = "rc-dnote"
NOTE_TITLES = {"todo": "Designer note: not in the rules yet", "note": "Designer note"}


def note_box(parent: Element, kind: str) -> Element:
    """The box of a designer note, titled; ``kind`` is "todo" (something missing) or "note" (a remark).
    Kept out of the search index: a player's search must not show text the page hides from them (the
    Status page, which lists every note of the data, is indexed)."""
    box = admonition(parent, f"note {NOTE_CLASS} {NOTE_CLASS}--{kind}", NOTE_TITLES[kind])
    box.set("data-search-exclude", "")
    return box


def designer_note(parent: Element, ctx: RenderContext, text: str | None, kind: str = "note") -> Element | None:
    """One designer note as a block (note_box) holding ``text``."""
    if not text:
        return None
    box = note_box(parent, kind)
    ctx.markdown(box, text)
    return box


def item_notes(parent: Element, ctx: RenderContext, item) -> None:
    """The designer notes of a data item: what is missing (``todo``), then the remark (``designer_note``)."""
    designer_note(parent, ctx, getattr(item, "todo", None), "todo")
    designer_note(parent, ctx, getattr(item, "designer_note", None), "note")


def inline_notes(parent: Element, item) -> None:
    """An item's designer notes inside a line (a step, a list item): hidden spans after its text."""
    for kind, text in (("todo", getattr(item, "todo", None)), ("note", getattr(item, "designer_note", None))):
        if text:
            span = sub(parent, "span", cls=f"{NOTE_CLASS} {NOTE_CLASS}--inline {NOTE_CLASS}--{kind}")
            span.set("data-search-exclude", "")
            sub(span, "strong", NOTE_TITLES[kind] + ": ").tail = safe(text)
            span.tail = " "


def unwritten(parent: Element, what: str = "this phase") -> Element:
    """The one quiet line a player sees where rules are missing (the reason is a designer note)."""
    return sub(parent, "p", f"The rules of {what} are not written yet.", "rc-unwritten")


def steps_list(parent: Element, steps: list[Step], ctx: RenderContext, ordered: bool = True) -> Element | None:
    """Numbered (or bulleted) steps; nested steps are numbered under their step (3a, 3b), except a group
    marked ``numbering: continue``: its text is an unnumbered title and its steps go on with the list's
    numbers (1–9 in one group, 10 in the next), as sources that number set-up across groups do."""
    if not steps:
        return None
    lst = sub(parent, "ol" if ordered else "ul", cls="rc-steps")
    grouped = ordered and any(step.numbering == "continue" for step in steps)
    count = 0  # the last number shown in this list
    for step in steps:
        group = grouped and step.numbering == "continue"
        item = sub(lst, "li", step.text, "rc-step-group" if group else None)
        if grouped and not group:
            count += 1
            item.set("value", str(count))  # a group's title takes no number of the list
        if step.id:
            item.set("id", step.id)
        if step.todo or step.designer_note or step.conditional or step.variant:
            item.text = safe(step.text + " ")
            variant_markers(item, step, ctx, item)
            condition_markers(item, step, ctx)
            inline_notes(item, step)
        if step.id and ctx.game.faq_entries:
            from .faq import render_faq_at  # faq builds on this module

            render_faq_at(item, ctx, "step", step.id)
        if step.steps:
            nested = steps_list(item, step.steps, ctx, ordered)
            if group:
                nested.set("class", "rc-steps rc-steps--continued")
                nested.set("start", str(count + 1))
                count += len(step.steps)
    return lst


def link(parent: Element, text: str, href: str, cls: str | None = None, title: str | None = None) -> Element:
    el = sub(parent, "a", text, cls, href=href)
    if title:
        el.set("title", title)
    return el


def term_link(ctx, term_id: str, text: str, href: str | None = None) -> etree.Element:
    """The one shape of a glossary link, explicit or automatic: ``<a class="rc-term" href title>``.

    glossary.js reads ``title`` (the short definition, also the no-JavaScript tooltip), ``href``
    and ``data-rc-term-name`` (only when the link's text is not the term's name: "Offices", an
    alias). The term's id is the ``href`` fragment (a term's anchor is its id). A site has
    thousands of these and every HTML pass pays for each attribute, so a link carries none that
    nothing reads."""
    el = etree.Element("a", term_link_attrs(ctx, term_id, href))
    set_term_text(el, ctx.index.terms[term_id].term, text)
    return el


def term_link_attrs(ctx, term_id: str, href: str | None) -> dict[str, str]:
    return {"class": "rc-term", "href": href if href is not None else ctx.href("term", term_id),
            "title": ctx.index.preview(term_id)}


def linked_term(el: etree.Element) -> str | None:
    """The term id a glossary link points to (its href fragment), None for other elements."""
    if el.tag != "a" or el.get("class") != "rc-term":
        return None
    _, hash_, fragment = el.get("href", "").rpartition("#")
    return fragment if hash_ and fragment else None


def set_term_text(el: etree.Element, name: str, text: str) -> None:
    el.text = text
    if text != name:
        el.set("data-rc-term-name", name)


def facts_list(parent: Element, rows, cls: str = "rc-facts") -> Element:
    """Label-value figures (Players 2-4, TODOs 3) as a ``dl`` of one ``div`` a pair, so they wrap as pairs on
    a narrow screen instead of running off it in one row."""
    facts = sub(parent, "dl", cls=cls)
    for label, value in rows:
        pair = sub(facts, "div")
        sub(pair, "dt", label)
        sub(pair, "dd", value)
    return facts


def range_text(low: int, high: int | None, unit: str = "") -> str:
    """'2–4 players', '3 players'; no upper end (a player count the source leaves open): '2+ players'."""
    value = f"{low}+" if high is None else str(low) if low == high else f"{low}–{high}"
    return f"{value} {singular(unit) if value == '1' else unit}".strip()  # "1 player", never "1 players"
