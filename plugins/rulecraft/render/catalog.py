"""The catalog page: buildings, units, upgrades... one table per kind with cost, requirements, per-player
limit and effect; every item and resource is an anchor ({item:id} links here). Costs that are formulas read
in words ("3 Points per defence point"), an item's named prices one per line, its uses (with their limits)
under its effect, what an upgrade replaces with its requirements, and the exchange rates after the items."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import links
from ..models.cost_words import amount_parts, exchange_text, use_text
from .base import Element, RenderContext, heading, item_notes, link, sub, variant_markers, when_badge
from .change_marks import change_marks
from .icons import render_glyph

if TYPE_CHECKING:
    from ..models import CatalogItem


def _amounts(cell: Element, cost: dict, ctx: RenderContext) -> None:
    for i, (resource_id, amount) in enumerate(cost.items()):
        if i:
            cell[-1].tail = (cell[-1].tail or "") + " + "
        part = sub(cell, "span", cls="rc-cost")
        resource = ctx.index.resources.get(resource_id)
        shown, name = amount_parts(ctx.index, amount, resource.name if resource else resource_id)
        part.text = f"{shown} "
        if resource and resource.icon in ctx.index.icons:
            render_glyph(part, ctx.index.icons[resource.icon], ctx).tail = " "
        sub(part, "span", name, "rc-cost-name")


def _cost_cell(cell: Element, item: CatalogItem, ctx: RenderContext) -> None:
    """'3 Food + 3 Gold' (the resources' names, in the order written), 'variable', or "—" for an item the data
    gives no cost (never "free": the rules may not say), with the cost's note under it; named prices one
    per line ('2 Points for personal use')."""
    if item.variable_cost:
        sub(cell, "span", "variable", "rc-cost-variable")
    elif not item.costs and not item.prices:
        cell.text = "—"
    _amounts(cell, item.costs, ctx)
    for price in item.prices:
        line = sub(cell, "div", cls="rc-price")
        _amounts(line, price.cost, ctx)
        line[-1].tail = f" for {price.name}"
        if price.note:
            ctx.markdown(sub(line, "div", cls="rc-cost-note"), price.note)
    if item.cost_note:
        ctx.markdown(sub(cell, "div", cls="rc-cost-note"), item.cost_note)


def _kinds(items: list[CatalogItem]) -> list[tuple[str | None, list[CatalogItem]]]:
    groups: dict[str | None, list[CatalogItem]] = {}
    for item in items:
        groups.setdefault(item.kind, []).append(item)
    return list(groups.items())


def render_catalog(parent: Element, ctx: RenderContext, kind: str | None = None) -> None:
    """Every item by kind, the resources above and the exchange rates after; with ``kind`` (the
    ``/// catalog-kind`` block, under a rulebook's own 'Buildings' heading) that kind's table alone."""
    game = ctx.game
    if kind is not None:
        items = [item for item in game.items if (item.kind or "").casefold() == kind.casefold()]
        _kind_table(parent, items, ctx, any(item.limit for item in game.items))
        return
    if game.resources:
        line = sub(parent, "p", cls="rc-resources")
        sub(line, "strong", "Resources: ")
        for i, resource in enumerate(game.resources):
            span = sub(line, "span", id=links.anchor("resource", resource.id))
            if resource.icon in ctx.index.icons:
                render_glyph(span, ctx.index.icons[resource.icon], ctx).tail = " "
            sub(span, "span", resource.name)
            span.tail = ", " if i < len(game.resources) - 1 else "."
    limits = any(item.limit for item in game.items)
    for kind, items in _kinds(game.items):
        if kind:
            heading(parent, 2, kind, "kind-" + "-".join(kind.lower().split()))
        _kind_table(parent, items, ctx, limits)
    if game.exchanges:
        heading(parent, 2, "Exchanges", "exchanges")
        rates = sub(parent, "ul", cls="rc-exchanges")
        for exchange in game.exchanges:
            li = sub(rates, "li", exchange_text(ctx.index, exchange))
            ctx.markdown(li, exchange.note)


def _kind_table(parent: Element, items: list[CatalogItem], ctx: RenderContext, limits: bool) -> None:
    """One table of items: name, cost, requirements, the per-player limit (when any item of the game has
    one), effect."""
    # A plain table inside the marked box: Material styles (and scrolls) classless tables. Below a phone's
    # width each row stacks as a card of "column: cell" lines, as a reference table's do (rulecraft.css).
    table = sub(sub(parent, "div", cls="rc-catalog rc-stacks"), "table")
    head = sub(sub(table, "thead"), "tr")
    columns = ["Name", "Cost", "Requires"] + (["Limit"] if limits else []) + ["Effect"]
    for title in columns:
        sub(head, "th", title, scope="col")
    body = sub(table, "tbody")
    for item in items:
        tr = sub(body, "tr", id=links.anchor("item", item.id))
        name_cell = sub(tr, "th", scope="row")
        sub(name_cell, "span", item.name, "rc-nolink-terms").tail = " "
        variant_markers(name_cell, item, ctx, tr)
        when_badge(name_cell, item, ctx)
        change_marks(name_cell, tr, ctx, "item", item.id, None, folds=name_cell)  # in the cell: not in a <tr>
        _cost_cell(sub(tr, "td", cls="rc-cost-cell", data_label="Cost"), item, ctx)
        _requires_cell(sub(tr, "td", cls="rc-requires", data_label="Requires"), item, ctx)
        if limits:
            sub(tr, "td", f"{item.limit} per player" if item.limit else "—",
                "rc-limit" if item.limit else "rc-limit rc-empty-cell", data_label="Limit")
        effect = sub(tr, "td", cls="rc-effect", data_label="Effect")
        if item.effect:
            ctx.markdown(effect, item.effect)
        for use in item.uses:
            line = sub(effect, "div", cls="rc-use")
            sub(line, "strong", "Use: ").tail = use_text(ctx.index, use)
            ctx.markdown(line, use.effect)
        if item.notes:
            ctx.markdown(sub(effect, "div", cls="rc-item-notes"), item.notes)
        item_notes(effect, ctx, item)


def _item_link(parent: Element, target: str, ctx: RenderContext) -> Element:
    name = ctx.index.items[target].name if target in ctx.index.items else target
    return link(parent, name, ctx.href("item", target), "rc-item-ref rc-nolink-terms")


def _requires_cell(needs: Element, item: CatalogItem, ctx: RenderContext) -> None:
    """'Chapel, Forge' (all), 'Mage or Necromancer' (any one), then 'replaces Chapel' for an upgrade."""
    required = item.required
    for i, target in enumerate(required):
        a = _item_link(needs, target, ctx)
        a.tail = None if i == len(required) - 1 else " or " if item.requires_any and i == len(required) - 2 \
            else ", "
    if item.replaces:
        line = sub(needs, "div", "replaces ", "rc-replaces")
        _item_link(line, item.replaces, ctx)
    if not required and not item.replaces:
        needs.text = "—"
        needs.set("class", needs.get("class", "") + " rc-empty-cell")  # a stacked row leaves it out
