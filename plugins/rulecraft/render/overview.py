"""The game's overview page: facts, objective, components, set-up, sections, end and scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import links
from .base import (
    Element,
    RenderContext,
    admonition,
    condition_markers,
    facts_list,
    heading,
    inline_notes,
    item_notes,
    link,
    range_text,
    steps_list,
    sub,
    variant_markers,
)
from .base import constant_value as value_span
from .change_marks import change_marks, has_changes
from .faq import render_faq_at
from .icons import render_glyph
from .quick_answers import render_quick_answers
from .rulings import mark_constant, render_markers
from .tables import render_reference_table

if TYPE_CHECKING:
    from ..models import Component


def render_facts(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    rows = []
    if info.players:
        rows.append(("Players", range_text(info.players.min, info.players.max)))
    if info.play_time:
        rows.append(("Play time", range_text(info.play_time.min, info.play_time.max, "min")))
    if info.version:
        rows.append(("Rules version", info.version))
    if not rows:
        return
    facts_list(parent, rows)


def render_components(parent: Element, ctx: RenderContext) -> None:
    components: list[Component] = ctx.game.info.components
    if not components:
        return
    # Only columns some row fills: a Quantity column of dashes tells a player nothing.
    quantities = any(c.quantity is not None for c in components)
    details = any(c.description for c in components)
    table = sub(parent, "table", cls="rc-components")
    head = sub(sub(table, "thead"), "tr")
    for title, shown in (("Component", True), ("Quantity", quantities), ("Details", details)):
        if shown:
            sub(head, "th", title).set("scope", "col")
    body = sub(table, "tbody")
    for component in components:
        tr = sub(body, "tr", id=links.anchor("component", component.id))
        name = sub(tr, "td")
        if component.icon and component.icon in ctx.index.icons:
            render_glyph(name, ctx.index.icons[component.icon], ctx)
            name[-1].tail = " "
        sub(name, "span", component.name).tail = " "
        variant_markers(name, component, ctx, tr)
        inline_notes(name, component)
        if quantities:
            sub(tr, "td", str(component.quantity) if component.quantity is not None else "—")
        if details:
            sub(tr, "td", component.description or "")


def render_setup(parent: Element, ctx: RenderContext) -> None:
    steps_list(parent, ctx.game.info.setup, ctx)


def render_end(parent: Element, ctx: RenderContext) -> None:
    steps_list(parent, ctx.game.info.end_of_game, ctx, ordered=False)
    render_markers(parent, ctx, "end")


def render_scoring(parent: Element, ctx: RenderContext) -> None:
    steps_list(parent, ctx.game.info.scoring, ctx, ordered=False)


def render_constants(parent: Element, ctx: RenderContext, only: list[str] | None = None) -> None:
    constants = ctx.game.info.constants
    chosen = [c for c in (only or list(constants)) if c in constants]
    if not chosen:
        return
    table = sub(parent, "table", cls="rc-constants")
    head = sub(sub(table, "thead"), "tr")
    sub(head, "th", "Number").set("scope", "col")
    sub(head, "th", "Value").set("scope", "col")
    body = sub(table, "tbody")
    for const_id in chosen:
        const = constants[const_id]
        tr = sub(body, "tr", id=f"const-{const_id}")
        sub(tr, "td", const.heading(const_id))
        cell = sub(tr, "td", cls="rc-const-value")
        vals = ctx.index.constant_vals(const_id)
        value_span(cell, const, vals=vals)
        mark_constant(cell[-1], ctx, const_id, with_unit=True)
        for name, shown in vals.items():  # in words too: without script, and on paper
            cell[-1].tail = " "
            sub(cell, "span", f"{ctx.index.ways[name].name}: {shown}", "rc-const-variant")
        if has_changes(ctx, "const", const_id, None):  # the row is the rule; the value it had, in its cell
            cell[-1].tail = " "
            change_marks(cell, tr, ctx, "const", const_id, None, folds=cell)


def render_section(parent: Element, section, ctx: RenderContext, level: int = 2) -> None:
    changed = has_changes(ctx, "section", section.id, None)
    if section.variant or changed:  # one element the variant switch can hide, the since switch highlight
        parent = sub(parent, "div", cls="rc-variant-block" if section.variant else "rc-section-block")
    heading(parent, level, section.title, links.anchor("section", section.id))
    if section.conditional or section.variant or changed:
        markers = sub(parent, "p", cls="rc-phase-markers")
        variant_markers(markers, section, ctx, parent)
        change_marks(markers, parent, ctx, "section", section.id, None)
        condition_markers(markers, section, ctx)
    item_notes(parent, ctx, section)
    ctx.markdown(parent, section.text)
    steps_list(parent, section.steps, ctx)
    render_markers(parent, ctx, "section", section.id)
    for table_id in section.tables:  # the charts its rules read (a dangling id is the checker's)
        if table_id in ctx.index.reference_tables:
            render_reference_table(parent, ctx.index.reference_tables[table_id], ctx, level=None)
    for example in section.examples:
        box = admonition(parent, "example", example.title)
        ctx.markdown(box, example.text)
    render_faq_at(parent, ctx, "section", section.id)


def render_overview(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    if info.subtitle:
        sub(parent, "p", info.subtitle, "rc-subtitle")
    render_facts(parent, ctx)
    render_quick_answers(parent, ctx)  # before the summary: what a player opens the home for
    ctx.markdown(parent, info.summary)
    item_notes(parent, ctx, info)
    if info.objective:
        heading(parent, 2, "Objective", "objective")
        ctx.markdown(parent, info.objective)
    if info.components:
        heading(parent, 2, "Components", "components")
        render_components(parent, ctx)
    heading(parent, 2, "Set-up", "setup")
    if info.setup:
        render_setup(parent, ctx)
    else:
        sub(parent, "p", "The set-up is not written yet.", "rc-missing-text")
    for section in info.sections:
        render_section(parent, section, ctx)
    heading(parent, 2, "End of the game", "end-of-game")
    if info.end_of_game:
        render_end(parent, ctx)
    else:
        sub(parent, "p", "How the game ends is not written yet.", "rc-missing-text")
    heading(parent, 2, "Scoring", "scoring")
    if info.scoring:
        render_scoring(parent, ctx)
    else:
        sub(parent, "p", "Scoring is not written yet.", "rc-missing-text")
    if info.constants:
        heading(parent, 2, "Numbers at a glance", "constants")
        render_constants(parent, ctx)
    render_page_links(parent, ctx)


def available_pages(ctx: RenderContext) -> list[str]:
    from ..models.links import pages_for_game

    return [p for p in pages_for_game(ctx.game) if p != "overview"]


def render_page_links(parent: Element, ctx: RenderContext) -> None:
    heading(parent, 2, "In this rulebook", "pages")
    lst = sub(parent, "ul", cls="rc-page-links")
    for page in available_pages(ctx):
        link(sub(lst, "li"), links.GAME_PAGES[page][1], ctx.page_href(page))
        if page == "cheatsheet":
            for path, title, _variant in links.variant_sheets(ctx.game):
                link(sub(lst, "li"), title, links.relative(ctx.page, path) or "#")
