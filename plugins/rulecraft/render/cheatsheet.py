"""The one-page player aid: turn, dice, catalog, key terms, icons, end and scoring, numbers.

What the sheet shows and its print size come from ``rulecraft.cheatsheet`` (shared with the
overflow check). Every block is made of small units (one phase, one dice table, one term...)
that the print CSS (assets/cheatsheet.css) keeps whole within a column.
"""

from __future__ import annotations

import re

from ..dice.conditions import row_words
from ..dice.number_result import number_totals
from ..dice.odds import row_odds, row_ranges
from ..dice.sheet_odds import form_odds, has_form_odds
from ..models.cheatsheet import (
    Fit,
    SheetContent,
    constant_text,
    cost_parts,
    data_date,
    dice_line,
    drop_order,
    number_spread,
    pdf_start,
    print_size,
    sheet_columns,
    sheet_content,
    sheet_legends,
    spread_label,
)
from ..models.sheet_dice import alike_heading, alike_line, alike_row_text, alike_rows, sheet_dice_units
from ..models.cost_words import exchange_text, requirement_text, sheet_facts
from ..models.links import GAME_PAGES, PAGE_FOR_KIND
from ..models.numbering import TURN_START_NAME, stages
from ..models.records import ACTS, shown_number
from ..models.textrefs import REF_RE, plain_text, split_target
from .base import Element, RenderContext, heading, range_text, sub
from .sheet_when import when_flag, when_words
from .emoji import CREDIT, CREDIT_URL, emoji_data_uri
from .icons import render_glyph
from .sheet_errata import mark_errata
from .sheet_grid import render_sheet_grid

# Replaced by a download link after the build when the PDF was written (see rulecraft.pdf).
PDF_SLOT = "data-rc-pdf-slot"
# The estimate's fit for the PDF ("size columns"): where the PDF step's search starts.
FIT_START = "data-rc-fit-start"
# The blocks whose entries the PDF step leaves out first ... last when the sheet overflows (models.cheatsheet
# drop_order); read and removed there, as FIT_START is.
DROP = "data-rc-drop"
# The emoji pictures' licence (CC-BY) asks for credit where they are shown: the sheet's header says it.
CREDIT_HTML = f'<span class="rc-sheet-credit" title="{CREDIT_URL}">{CREDIT}</span>'


# --- rendering -------------------------------------------------------------------------------------------


def _block(parent: Element, name: str, title: str) -> Element:
    box = sub(parent, "section", cls=f"rc-sheet-block rc-sheet-{name}")
    heading(box, 2, title, f"sheet-{name}")
    return box


def _phase_item(lst: Element, ctx: RenderContext, content: SheetContent, node) -> None:
    phase = node.phase
    classes = f"rc-sheet-phase rc-level-{min(node.level, 2)} rc-kind-{node.kind}" + \
        (" rc-optional" if phase.optional else "")
    li = sub(lst, "li", cls=classes, id=f"sheet-phase-{phase.id}")
    sub(li, "span", node.number, "rc-number").tail = " "
    if node.kind == "alternative" and node.parent is not None and node.parent.phase.alternatives[0] is not phase:
        sub(li, "em", "or", "rc-sheet-or").tail = " "
    name = sub(li, "strong", phase.name, "rc-sheet-phase-name")
    if phase.optional:
        name.tail = " "
        flag = sub(li, "em", "optional", "rc-sheet-flag")
        if phase.condition:
            flag.set("title", "Played when: " + plain_text(phase.condition, ctx.index.name_of))
    if phase.skip_first_round or phase.from_round:
        li[-1].tail = " "
        sub(li, "em", f"from round {phase.first_round}" if phase.from_round else "not in round 1",
            "rc-sheet-flag")
    when_flag(li, phase, ctx)
    if phase.acts:  # who acts, as the turn page's badge says it
        li[-1].tail = " "
        sub(li, "em", ACTS[phase.acts], "rc-sheet-flag rc-sheet-acts")
    if content.summaries and phase.summary:
        li[-1].tail = " — "  # the summary may open with the phase's name: "Governors — Governors of …"
        sub(li, "span", phase.summary, "rc-summary")


def _turn(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    """The spine of the sheet: one box, a band per stage (groups in phases.yaml), numbered phases."""
    box = _block(parent, "turn", "Turn sequence")
    if content.turn_start:  # before phase 1, unnumbered
        band = sub(box, "div", cls="rc-sheet-stage rc-sheet-stage-0 rc-sheet-start")
        li = sub(sub(band, "ol", cls="rc-sheet-sequence"), "li", cls="rc-sheet-phase rc-level-0 rc-kind-start",
                 id="sheet-start-of-turn")
        sub(li, "span", "", "rc-number").tail = " "
        sub(li, "strong", TURN_START_NAME, "rc-sheet-phase-name").tail = " "
        sub(li, "span", content.turn_start, "rc-summary")
    for stage in stages(ctx.game.phase_groups, content.phases):
        number = stage.number or 0
        band = sub(box, "div", cls=f"rc-sheet-stage rc-sheet-stage-{(number - 1) % 5 + 1 if number else 0}")
        if stage.group is not None:
            title = sub(band, "p", cls="rc-sheet-stage-title", id=f"sheet-stage-{stage.group.id}")
            sub(title, "span", str(stage.number), "rc-sheet-stage-number").tail = " "
            sub(title, "strong", stage.group.name)
            if content.summaries and stage.group.summary:
                title[-1].tail = " "
                sub(title, "span", stage.group.summary, "rc-summary")
        lst = sub(band, "ol", cls="rc-sheet-sequence")
        for node in stage.phases:
            _phase_item(lst, ctx, content, node)


def _pct(chance) -> str:
    pct = float(chance) * 100
    if pct in (0, 100):
        return f"{pct:.0f}%"
    return f"{pct:.0f}%" if pct >= 10 else f"{pct:.1f}%".replace(".0%", "%")


def _dice(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    box = _block(parent, "dice", "Dice")
    for tables in sheet_dice_units(content.tables):
        table = tables[0]
        if len(tables) > 1:  # rolls that differ only in a name: one unit (models/sheet_dice.py)
            unit = sub(box, "div", cls="rc-sheet-unit rc-sheet-dice-table rc-sheet-dice-alike",
                       id=f"sheet-dice-alike-{table.id}")
            heading(unit, 3, alike_heading(tables))
            meta = sub(unit, "p", alike_line(tables, ctx.index), "rc-sheet-dice-meta")
            when_flag(meta, table, ctx)
            _alike_rows(unit, tables)
        else:
            unit = sub(box, "div", cls="rc-sheet-unit rc-sheet-dice-table", id=f"sheet-dice-{table.id}")
            heading(unit, 3, table.title)
            meta = sub(unit, "p", dice_line(table, ctx.index), "rc-sheet-dice-meta")
            when_flag(meta, table, ctx)
        if number_totals(table, ctx.index.dice.get(table.custom_die) if table.custom_die else None):
            _number(unit, table, ctx)
            continue
        if table.columns is not None:  # a combat results table: one compact grid
            render_sheet_grid(unit, table, ctx)
            continue
        if content.odds and has_form_odds(table):
            _form_odds(unit, table, ctx)
            if table.any_result:  # whatever the roll: as the rows' tables print it, under the chances
                sub(unit, "p", "Any roll: " + table.any_result, "rc-sheet-any")
            continue
        grid = sub(unit, "table", cls="rc-sheet-table" + (" rc-sheet-headed" if table.headings else ""))
        if table.headings:  # the rulebook's own column names, as its page shows them; else none (compact)
            head = sub(sub(grid, "thead"), "tr")
            sub(head, "th", table.headings[0], "rc-sheet-roll", scope="col")
            sub(head, "th", table.headings[1], "rc-sheet-result-head", scope="col")
            if content.odds:
                sub(head, "th", "%", "rc-sheet-pct", scope="col")
        body = sub(grid, "tbody")
        ranges = row_ranges(table)  # None for face rows
        die = ctx.index.dice.get(table.custom_die) if table.custom_die else None
        faces = {f.id: f.label for f in die.faces} if die else {}
        odds = row_odds(table, 0, die) if content.odds else []
        for i, (row, rng) in enumerate(zip(table.rows, ranges)):
            tr = sub(body, "tr")
            label = rng.label if rng else row_words(row.on) if row.on is not None else faces.get(row.face, row.face or "")
            # Totals stay on one line (1–2); a custom die's face names may wrap.
            sub(tr, "th", label, "rc-sheet-roll" + ("" if rng else " rc-sheet-face")).set("scope", "row")
            sub(tr, "td", row.result)
            if content.odds:
                sub(tr, "td", _pct(odds[i]) if odds[i] is not None else "—", "rc-sheet-odds")  # counts unknown
        if table.any_result:
            tr = sub(body, "tr", cls="rc-sheet-any")
            sub(tr, "th", "Any", "rc-sheet-roll").set("scope", "row")
            cell = sub(tr, "td", table.any_result)
            if content.odds:
                cell.set("colspan", "2")


def _alike_rows(unit: Element, tables: list) -> None:
    """One row per alike table: its title in bold, then what differs (its counted thing, what a success
    gives) in the same cell, so the name never wraps in a narrow column of its own and reads first; their
    titles in one run when nothing but the name differs."""
    rows = alike_rows(tables)
    if not any(alike_row_text(row) for row in rows):
        names = sub(unit, "p", cls="rc-sheet-alike-names")
        for i, row in enumerate(rows):
            sub(names, "strong", row.table.title, id=f"sheet-dice-{row.table.id}").tail = \
                " · " if i < len(rows) - 1 else None
        return
    grid = sub(unit, "table", cls="rc-sheet-table rc-sheet-alike")
    body = sub(grid, "tbody")
    for row in rows:
        tr = sub(body, "tr", id=f"sheet-dice-{row.table.id}")  # each table's anchor, as a lone unit has
        cell = sub(tr, "td")
        sub(cell, "strong", row.table.title, "rc-sheet-alike-name").tail = " "
        if row.counted:
            sub(cell, "em", row.counted, "rc-sheet-alike-counted").tail = ": " if row.result else None
        if row.result:
            cell[-1].tail = (cell[-1].tail or "") + row.result


def _number(unit: Element, table, ctx: RenderContext) -> None:
    """A table whose result is the total (dice/number_result.py): the result, then the total's spread in a
    run, whatever ``odds`` says: the spread is what the roll decides, not a chance of a row."""
    sub(unit, "p", table.rows[0].result, "rc-sheet-number-result")
    line = sub(unit, "p", cls="rc-sheet-spread")
    sub(line, "strong", spread_label(table)).tail = " "
    parts = number_spread(table, ctx.index)
    for i, part in enumerate(parts):  # each on one line: never "1–" at a line's end and "6" under it
        sub(line, "span", part).tail = " · " if i < len(parts) - 1 else None
    if table.any_result:
        sub(unit, "p", "Any roll: " + table.any_result, "rc-sheet-any")


def _form_odds(unit: Element, table, ctx: RenderContext) -> None:
    """An opposed, target, chart or pool roll's chances, one row per value (dice/sheet_odds.py)."""
    titles, rows = form_odds(table, ctx.index)
    if not rows:
        return
    grid = sub(unit, "table", cls="rc-sheet-table rc-sheet-form-odds")
    head = sub(sub(grid, "thead"), "tr")
    for i, title in enumerate(titles):
        chances = i and all(cells[i].endswith("%") for cells in rows)  # right-aligned, as its cells
        sub(head, "th", title, "rc-sheet-odds-head" + (" rc-sheet-pct" if chances else ""), scope="col")
    body = sub(grid, "tbody")
    for cells in rows:
        tr = sub(body, "tr")
        sub(tr, "th", cells[0], "rc-sheet-roll").set("scope", "row")
        for i, text in enumerate(cells[1:], 1):
            sub(tr, "td", text, "rc-sheet-odds" if text.endswith("%") else "rc-sheet-need")


def _reference_tables(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    """Each reference table as one compact grid with its legend in a run under it: a unit of its own."""
    box = _block(parent, "tables", "Tables")
    for table in content.reference_tables:
        unit = sub(box, "div", cls="rc-sheet-unit rc-sheet-ref-table", id=f"sheet-table-{table.id}")
        heading(unit, 3, table.title)
        grid = sub(unit, "table", cls="rc-sheet-table rc-sheet-ref")
        head = sub(sub(grid, "thead"), "tr")
        columns = sheet_columns(table)
        for column in columns:
            sub(head, "th", column.title, scope="col")
        body = sub(grid, "tbody")
        key = table.key_column
        for row in table.rows:
            tr = sub(body, "tr")
            for column in columns:
                value = row.get(column.id)
                text = "—" if value is None else shown_number(value) if isinstance(value, (int, float)) else value
                cell = sub(tr, "th" if column.id == key else "td", text)
                if column.id == key:
                    cell.set("scope", "row")
        for legend in sheet_legends(table, ctx.index):
            line = sub(unit, "p", cls="rc-sheet-legend")
            sub(line, "strong", legend.title + ":").tail = " "
            for i, entry in enumerate(legend.codes):
                code, meaning = legend.shown(entry)
                sub(line, "strong", code, "rc-sheet-code").tail = " "
                sub(line, "span", meaning).tail = " · " if i < len(legend.codes) - 1 else None


def _catalog(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    """Per item a line 'Chapel — 3 Food, 3 Gold, 1 Ore · needs Monastery · max 3' and its effect under it, below
    its kind's heading (carried by the kind's first item, so a heading never ends a column)."""
    box = _block(parent, "catalog", "Catalog")
    kind = None
    for i, item in enumerate(content.items):
        unit = sub(box, "div", cls="rc-sheet-unit rc-sheet-item", id=f"sheet-item-{item.id}")
        if item.kind is not None and (i == 0 or item.kind != kind):
            heading(unit, 3, item.kind)
        kind = item.kind
        line = sub(unit, "p", cls="rc-sheet-item-line")
        title = sub(line, "strong", item.name, "rc-sheet-item-name")
        parts = cost_parts(item, ctx.index)
        cost = None
        if parts or item.variable_cost or item.cost_note:  # no cost: nothing is shown, never "free"
            title.tail = " — "
            cost = sub(line, "span", cls="rc-sheet-cost")
            if item.variable_cost:
                sub(cost, "span", "variable", "rc-sheet-price rc-sheet-variable")
        for j, (amount, name, icon) in enumerate(parts):
            if j:
                cost[-1].tail = ", "
            price = sub(cost, "span", f"{amount} ", "rc-sheet-price")  # amount, picture and name never part
            if icon is not None:  # the name follows: to a screen reader the picture is decoration
                glyph = sheet_glyph(price, icon, ctx)
                glyph.attrib.pop("role", None)
                glyph.attrib.pop("aria-label", None)
                if glyph.tag == "img":
                    glyph.set("alt", "")
                else:
                    glyph.set("aria-hidden", "true")
                glyph.tail = " "
            sub(price, "span", name, "rc-sheet-resource")
        if item.cost_note:
            if len(cost):
                cost[-1].tail = " "
            sub(cost, "span", f"({item.cost_note})", "rc-sheet-cost-note")
        facts = []
        if item.required:
            facts.append("needs " + requirement_text(ctx.index, item))
        if item.limit:
            facts.append(f"max\u00a0{item.limit}")  # never "max" at a line end
        facts += sheet_facts(ctx.index, item)  # named prices, replaces, uses
        if when_words(item, ctx):
            facts.append(when_words(item, ctx))
        if facts:
            (cost if cost is not None else line[-1]).tail = " · " + " · ".join(facts)
        if item.effect:
            sub(unit, "p", item.effect, "rc-sheet-effect")
    if ctx.game.exchanges:  # the rates, after the items: "2 Gold → 1 Ore · ..."
        rates = sub(sub(box, "div", cls="rc-sheet-unit rc-sheet-exchanges"), "p")
        sub(rates, "strong", "Exchanges:").tail = " " + " · ".join(exchange_text(ctx.index, e)
                                                               for e in ctx.game.exchanges)


def _cards(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    """What each card does, set like a term: "Espionage (Joker): Sabotage one department …"."""
    box = _block(parent, "cards", "Cards")
    dl = sub(box, "dl", cls="rc-sheet-terms-list rc-sheet-card-list")
    for card in content.cards:
        pair = sub(dl, "div", cls="rc-sheet-term rc-sheet-card", id=f"sheet-card-{card.id}")
        name = sub(pair, "dt", card.name)
        if card.type:
            sub(name, "span", f" ({card.type})", "rc-sheet-card-type")
        sub(pair, "dd", card.text or "")


def _terms(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    box = _block(parent, "terms", "Key terms")
    dl = sub(box, "dl", cls="rc-sheet-terms-list")
    for term in content.terms:
        pair = sub(dl, "div", cls="rc-sheet-term", id=f"sheet-term-{term.id}")
        sub(pair, "dt", term.term)
        sub(pair, "dd", term.short)


def _icons(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    box = _block(parent, "icons", "Icons")
    dl = sub(box, "dl", cls="rc-sheet-icon-list")
    for icon in content.icons:
        pair = sub(dl, "div", cls="rc-sheet-icon", id=f"sheet-icon-{icon.id}")
        dt = sub(pair, "dt")
        glyph = sheet_glyph(dt, icon, ctx)
        if (icon.glyph.text or "").strip().casefold() != icon.label.strip().casefold():  # a "VP" badge: once
            glyph.tail = " "
            sub(dt, "span", icon.label, "rc-sheet-icon-label")
        sub(pair, "dd", icon.meaning)


def _end(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    box = _block(parent, "end", "End and scoring")
    for title, steps, cls in (("The game ends", content.end, "rc-sheet-end-list"),
                              ("Scoring", content.scoring, "rc-sheet-scoring-list")):
        if not steps:
            continue
        unit = sub(box, "div", cls="rc-sheet-unit")
        heading(unit, 3, title)
        _steps(unit, steps, cls, ctx)


def _steps(parent: Element, steps: list, cls: str = "", ctx: RenderContext | None = None) -> None:
    """Steps with their nested steps (victory thresholds under an end condition...) and when each is played;
    designer notes (todo) are not shown on the sheet."""
    lst = sub(parent, "ul", cls=cls or None)
    for step in steps:
        item = sub(lst, "li", step.text)
        if ctx is not None:
            when_flag(item, step, ctx)
        if step.steps:
            _steps(item, step.steps, "", ctx)


def sheet_glyph(parent: Element, icon, ctx: RenderContext) -> Element:
    """An icon's glyph as printed on the sheet: an emoji is a vector picture (render/emoji.py), never a
    font; a Material icon or the game's own image as everywhere else (both vector or the game's file)."""
    uri = emoji_data_uri(icon.glyph.emoji) if icon.glyph.emoji else None
    if uri is None:
        return render_glyph(parent, icon, ctx)
    return sub(parent, "img", cls="rc-icon rc-icon--emoji", src=uri, alt=icon.label, title=icon.label)


def _constants(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    box = _block(parent, "constants", "Key numbers")
    grid = sub(box, "table", cls="rc-sheet-table rc-sheet-numbers")
    body = sub(grid, "tbody")
    for const_id, const in content.constants:
        tr = sub(body, "tr", id=f"sheet-const-{const_id}")
        sub(tr, "th", const.heading(const_id)).set("scope", "row")
        sub(tr, "td", constant_text(const, ctx.index.constant_in(const_id, content.variant)),
            "rc-const-value")


def _sections(parent: Element, ctx: RenderContext, content: SheetContent) -> None:
    """The sections of game.yaml the sheet names (or its data lists): title, text and steps."""
    box = _block(parent, "sections", "Rules")
    for section in content.sections:
        # the id on the unit: the PDF step leaves a whole section out when the page overflows (fitting.drop)
        unit = sub(box, "div", cls="rc-sheet-unit rc-sheet-section", id=f"sheet-section-{section.id}")
        heading(unit, 3, section.title)
        if section.only_when:
            when_flag(sub(unit, "p", cls="rc-sheet-section-when"), section, ctx)
        if section.text:
            sub(unit, "p", section.text, "rc-sheet-section-text")
        if section.steps:
            _steps(unit, section.steps, "", ctx)


BLOCKS = {"turn": _turn, "dice": _dice, "tables": _reference_tables, "catalog": _catalog, "cards": _cards,
          "terms": _terms,
          "icons": _icons, "end": _end, "constants": _constants, "sections": _sections}

# References that point somewhere on the site: on the sheet they must lead to something the sheet shows.
_PLACED_KINDS = ("phase", "dice", "item", "section", "card", "deck", "table")


def _on_sheet(content: SheetContent) -> dict[str, set[str]]:
    return {"phase": {n.phase.id for n in content.phases}, "dice": {t.id for t in content.tables},
            "item": {i.id for i in content.items}, "section": {s.id for s in content.sections},
            "table": {t.id for t in content.reference_tables}, "card": {c.id for c in content.cards}, "deck": set()}


def _unplaced_references(sheet: Element, ctx: RenderContext, content: SheetContent) -> None:
    """A reference to a phase, table, item, section or card the sheet does not show reads as its name and
    the page that has it ("Impressing the dragon (Overview page)"), never a "see …" of something that is
    not on the printed page. References to what the sheet shows stay references."""
    shown = _on_sheet(content)

    def placed(match: re.Match) -> str:
        kind, (game_id, target) = match.group(1), split_target(match.group(2))
        if kind not in _PLACED_KINDS or game_id not in (None, ctx.game.id) or target in shown[kind]:
            return match.group(0)
        name = (match.group(3) or "").strip() or ctx.index.name_of(kind, target)
        if name is None:
            return match.group(0)  # unknown: the reference reports itself
        return f"{name} ({GAME_PAGES[PAGE_FOR_KIND[kind]][1]} page)"

    for node in sheet.iter():
        if node.text and "{" in node.text:
            node.text = REF_RE.sub(placed, node.text)
        if node.tail and "{" in node.tail and node is not sheet:
            node.tail = REF_RE.sub(placed, node.tail)


def sheet_version(info) -> str | None:
    """The rules version the sheet is made from: game.yaml's, else the changelog's newest (by date, else
    the first listed)."""
    if info.version:
        return info.version
    dated = [entry for entry in info.changelog if entry.date]
    newest = max(dated, key=lambda entry: entry.date) if dated else (info.changelog[0] if info.changelog else None)
    return newest.version if newest else None


def _header(sheet: Element, ctx: RenderContext, variant: str | None, pictures: bool) -> None:
    """Title, facts (the variant first), the data's date; ``pictures``: the sheet shows emoji pictures
    (credited here)."""
    info = ctx.game.info
    head = sub(sheet, "header", cls="rc-sheet-header")
    title = sub(head, "p", cls="rc-sheet-heading")
    sub(title, "strong", info.title, "rc-sheet-title").tail = " "
    way = ctx.index.ways[variant] if variant else None
    facts = [f"{'variants' if way.combined else 'variant'}: {way.name}"] if way else []
    version = sheet_version(info)
    facts += [f"Version {version}"] if version else []
    if info.players:
        facts.append(range_text(info.players.min, info.players.max, "players"))
    if info.play_time:
        low, high = info.play_time.min, info.play_time.max
        facts.append(f"{low}–{high} min" if low != high else f"{low} min")
    if facts:
        sub(title, "span", " · ".join(facts), "rc-sheet-version")
    dated = data_date(ctx.game)
    if dated:
        title[-1].tail = " · " if facts else " "
        sub(title, "span", f"{dated.day} {dated:%b} {dated.year}", "rc-sheet-date")  # "Version 0.4 · 23 Nov 2026"
    if pictures:
        title[-1].tail = " "
        sub(title, "span", CREDIT, "rc-sheet-credit", title=CREDIT_URL)
    actions = sub(head, "p", cls="rc-sheet-actions")
    # Shown by cheatsheet.js (a button without script would do nothing); never printed.
    button = sub(actions, "button", "Print", "md-button rc-print", type="button", hidden="hidden")
    button.set("data-rc-print", "")
    sub(actions, "span", cls="rc-sheet-pdf").set(PDF_SLOT, "")


def render_cheatsheet(parent: Element, ctx: RenderContext, variant: str | None = None) -> None:
    """The sheet of one way to play: the base game, or ``variant`` (its numbers, its rules, no other
    variant's). The variant switch leaves it alone (data-rc-fixed): a sheet is printed as it is."""
    content = sheet_content(ctx.index, variant)
    size = print_size(content, ctx.index)
    # The estimate's fit; the PDF step renders the sheet, measures it and writes the fit it verified
    # here (class and style), so the browser prints what the PDFs show (mkdocs_plugin/pdf.py).
    fit = Fit(size, content.columns)
    sheet = sub(parent, "div", cls=f"rc-cheatsheet {fit.classes}", style=fit.style)
    sheet.set("data-rc-game", ctx.game.id)
    sheet.set("data-rc-fixed", variant or "base")
    start = pdf_start(content, ctx.index)  # read and removed by the PDF step (mkdocs_plugin/fitting.py)
    sheet.set(FIT_START, f"{start.size_pt:g} {start.columns}")
    sheet.set(DROP, " ".join(drop_order(ctx.game.info.cheatsheet)))
    header_at = len(sheet)
    body = sub(sheet, "div", cls="rc-sheet-body")
    for name in content.blocks:
        BLOCKS[name](body, ctx, content)
    pictures = any("rc-icon--emoji" in (el.get("class") or "") for el in body.iter("img"))
    _header(sheet, ctx, variant, pictures)
    header = sheet[-1]  # written last (it credits what the blocks show), shown first
    sheet.remove(header)
    sheet.insert(header_at, header)
    mark_errata(sheet, header, ctx)
    _unplaced_references(sheet, ctx, content)
    if variant:
        _variant_numbers(sheet, ctx, variant)


def _variant_numbers(sheet: Element, ctx: RenderContext, variant: str) -> None:
    """{const:id} in the sheet's text becomes the variant's value as plain words (no markup to switch)."""
    constants = ctx.index.constants

    def value(match: re.Match) -> str:
        game_id, const_id = split_target(match.group(2))
        const = constants.get(const_id) if game_id in (None, ctx.game.id) else None
        if match.group(1) != "const" or const is None or (match.group(3) or "").strip():
            return match.group(0)
        return ctx.index.constant_in(const_id, variant)

    for node in sheet.iter():
        if node.text and "{const:" in node.text:
            node.text = REF_RE.sub(value, node.text)
        if node.tail and "{const:" in node.tail and node is not sheet:
            node.tail = REF_RE.sub(value, node.tail)
