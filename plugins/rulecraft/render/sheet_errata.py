"""Errata on the cheat sheet: a rule an erratum corrects carries a small mark (†), and the header says what
each mark is and where the corrected text is (the Errata and FAQ page), so a player holding a printed sheet
knows which printing it follows."""

from __future__ import annotations

from ..models.links import GAME_PAGES
from ..models.rule_targets import resolve
from ..models.textrefs import plain_text
from .base import Element, RenderContext, sub

# Where the sheet shows each kind of rule: the id of its unit and the tag (and class) of its name.
_PLACES = {"phase": ("sheet-phase-{}", "strong"), "dice": ("sheet-dice-{}", "h3"),
           "term": ("sheet-term-{}", "dt"), "table": ("sheet-table-{}", "h3"),
           "section": ("sheet-section-{}", None), "item": ("sheet-item-{}", "strong"),
           "const": ("sheet-const-{}", "th")}


def _name_element(sheet: Element, kind: str, target: str) -> Element | None:
    unit_id, tag = _PLACES[kind]
    unit = next((el for el in sheet.iter() if el.get("id") == unit_id.format(target)), None)
    if unit is None or tag is None:
        return unit
    return next(iter(unit.iter(tag)), None)


def mark_errata(sheet: Element, header: Element, ctx: RenderContext) -> None:
    """Marks each rule on the sheet an erratum corrects, and lists the marks in the header."""
    errata = [e for e in ctx.game.faq_entries if e.kind == "erratum"]
    placed = []
    for entry in errata:
        names = []
        for ref in entry.about:
            found = resolve(ctx.index, ref)
            if found is None or found.shown_kind not in _PLACES:
                continue
            target = found.shown_id if found.shown_kind != "const" else found.target
            name = _name_element(sheet, found.shown_kind, target)
            if name is not None and name not in names:
                names.append(name)
        if names:
            placed.append((entry, names))
    if not placed:
        return
    for number, (entry, names) in enumerate(placed, 1):
        mark = "†" if len(placed) == 1 else f"†{number}"
        for name in names:
            sup = sub(name, "sup", mark, "rc-sheet-erratum", title="Erratum: " + plain_text(
                entry.question, ctx.index.name_of))
            sup.tail = None
    line = sub(header, "p", cls="rc-sheet-errata")
    sub(line, "strong", "Errata:").tail = " "
    for number, (entry, _) in enumerate(placed, 1):
        mark = "†" if len(placed) == 1 else f"†{number}"
        when = f" ({entry.issued})" if entry.issued else ""
        item = sub(line, "span", f"{mark} {entry.question}{when}", "rc-sheet-erratum-item")
        item.tail = "; " if number < len(placed) else " "
    line[-1].tail = " — the corrected rules are on the "
    sub(line, "a", GAME_PAGES["faq"][1], href=ctx.page_href("faq")).tail = " page."
