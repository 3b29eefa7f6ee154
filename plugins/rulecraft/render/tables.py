"""Reference tables (tables.yaml): a chart as a table with its title, text and notes, cells as rule text;
codes of a legend column linked to their meaning, and the legend printed under the table, so a reader on a
phone (no hover) sees every meaning too. On a narrow screen a table of more than two columns stacks each row
as a card of "column: cell" lines (assets/rulecraft.css): a player reads one row at a time, and a sticky
first column would still scroll sideways for the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import links
from ..models.records import cell_tokens, shown_number
from .base import Element, RenderContext, heading, item_notes, link, sub, variant_markers
from .change_marks import change_marks, has_changes
from .faq import render_faq_at

if TYPE_CHECKING:
    from ..models import Legend, ReferenceTable

def code_anchor(legend_id: str, code: str) -> str:
    return f"{legend_id}-{code.replace('#', 'n').lower()}"


def legends_of(table: ReferenceTable, ctx: RenderContext) -> list[Legend]:
    """The legends the table's columns use, in column order, each once."""
    ids = dict.fromkeys(c.legend for c in table.columns if c.legend)
    return [ctx.index.legends[i] for i in ids if i in ctx.index.legends]


def render_reference_table(parent: Element, table: ReferenceTable, ctx: RenderContext,
                           level: int | None = 2, anchored: set[str] | None = None) -> Element:
    """The table, its legends under it and its notes. ``anchored``: on the tables page, the legends already
    given their anchors (where code links land); a legend gets them under the first table showing it."""
    box = sub(parent, "div", cls="rc-ref-table" + (" rc-ref-table--wide rc-stacks" if len(table.columns) > 2 else ""),
              id=links.anchor("table", table.id))
    if level is not None:
        head = heading(box, level, table.title)
        head.tail = None
        variant_markers(head, table, ctx, box)
    else:
        variant_markers(sub(box, "p", cls="rc-ref-title"), table, ctx, box)
        sub(box[-1], "strong", table.title)
    if has_changes(ctx, "table", table.id, None):
        change_marks(sub(box, "p", cls="rc-phase-markers"), box, ctx, "table", table.id, None)
    ctx.markdown(box, table.text)
    grid = sub(box, "table")
    row = sub(sub(grid, "thead"), "tr")
    for column in table.columns:
        sub(row, "th", column.title, scope="col")
    body = sub(grid, "tbody")
    key = table.key_column
    labels = {c.id: ctx.index.plain(c.title) for c in table.columns}  # shown before each cell of a stacked row
    for values in table.rows:
        tr = sub(body, "tr")
        for column in table.columns:
            if column.id == key:
                cell = sub(tr, "th", scope="row", data_label=labels[column.id])
            else:
                cell = sub(tr, "td", data_label=labels[column.id])
            _cell(cell, values.get(column.id), column.legend, ctx)
    for legend in legends_of(table, ctx):
        first = anchored is not None and legend.id not in anchored
        render_legend(box, legend, ctx, anchors=first)
        if first:
            anchored.add(legend.id)
    ctx.markdown(sub(box, "div", cls="rc-ref-notes"), table.notes)
    item_notes(box, ctx, table)
    render_faq_at(box, ctx, "table", table.id)
    return box


def _cell(cell: Element, value, legend_id: str | None, ctx: RenderContext) -> None:
    if value is None:
        cell.text = "—"
        cell.set("class", "rc-empty-cell")  # a stacked row leaves it out
        return
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        cell.text = shown_number(value)
        return
    legend = ctx.index.legends.get(legend_id) if legend_id else None
    if legend is None:
        sub(cell, "span", value)  # rule text: the inline pass resolves its references and emphasis
        return
    tokens = cell_tokens(value)
    if not tokens:
        cell.text = value.strip() or "—"
        return
    for i, token in enumerate(tokens):
        entry = legend.entry_for(token)
        if entry is None:  # the checker reports it (legend-undefined-code); show the cell as written
            sub(cell, "span", token).tail = " / " if i < len(tokens) - 1 else None
            continue
        a = link(cell, token, ctx.href("legend", code_anchor(legend.id, entry.code)), "rc-code rc-nolink-terms",
                 ctx.index.plain(legend.meaning_of(token) or ""))
        a.tail = " / " if i < len(tokens) - 1 else None


def render_legend(parent: Element, legend: Legend, ctx: RenderContext, anchors: bool = True) -> Element:
    """The legend's codes and meanings; ``anchors``: where code links land (the tables page's keys)."""
    box = sub(parent, "div", cls="rc-legend")
    if anchors:
        box.set("id", links.anchor("legend", legend.id))
    sub(box, "p", legend.title, "rc-legend-title")
    dl = sub(box, "dl")
    for entry in legend.codes:
        code, meaning = legend.shown(entry)
        dt = sub(dl, "dt", code, "rc-nolink-terms")
        if anchors:
            dt.set("id", links.anchor("legend", code_anchor(legend.id, entry.code)))
        sub(sub(dl, "dd"), "span", meaning)
    return box


def render_all(parent: Element, ctx: RenderContext) -> None:
    """The tables page: every reference table with its legends, then any legend no table shows."""
    anchored: set[str] = set()
    for table in ctx.game.reference_tables:
        render_reference_table(parent, table, ctx, 2, anchored)
    rest = [legend for legend in ctx.game.legends if legend.id not in anchored]
    if rest:
        heading(parent, 2, "Keys", "keys")
        for legend in rest:
            render_legend(parent, legend, ctx)
