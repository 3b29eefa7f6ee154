"""Errata, clarifications and questions (faq.yaml): collapsed at the rule each answers, and the game's FAQ
page listing them all (in search: a heading per entry).

An entry is a ``<details>`` (Material styles it as a collapsible admonition: erratum a warning,
clarification an info box, a question a question box); the page gives each its own heading and the rules
it answers as references."""

from __future__ import annotations

from ..models.links import page_path, relative
from ..models.rule_targets import entries_at, resolve
from .base import Element, RenderContext, heading, sub

# The admonition type (Material's colour and icon) of each kind.
ADMONITION = {"erratum": "warning", "clarification": "info", "faq": "question"}
# Kinds a reference can name ({kind:id}), to link the rules an entry answers.
_LINKED = {"phase", "dice", "term", "card", "deck", "section", "item", "table", "formula", "icon"}


def faq_anchor(entry_id: str) -> str:
    return f"faq-{entry_id}"


def _summary_line(entry) -> str:
    issued = f" ({entry.issued})" if entry.issued else ""
    return f"{entry.kind_name}{issued}: {entry.question}"


def render_entry_details(parent: Element, entry, ctx: RenderContext) -> Element:
    """One entry collapsed: its kind, version and question as the summary, the answer inside, a link to the
    FAQ page."""
    box = sub(parent, "details", cls=f"{ADMONITION[entry.kind]} rc-faq rc-faq--{entry.kind}")
    box.set("data-rc-faq", entry.id)
    sub(box, "summary", _summary_line(entry))
    ctx.markdown(box, entry.answer)
    more = sub(box, "p", cls="rc-faq-more")
    target = relative(ctx.page, page_path(ctx.game.id, "faq"))
    sub(more, "a", "All errata and questions", href=f"{target}#{faq_anchor(entry.id)}")
    return box


def render_faq_at(parent: Element, ctx: RenderContext, kind: str, target: str) -> None:
    """The entries answering a rule (or a step or row of it), collapsed, after the rule's text."""
    if not ctx.game.faq_entries:
        return
    for entry in entries_at(ctx.index, kind, target):
        render_entry_details(parent, entry, ctx)


def _about(entry, ctx: RenderContext) -> str:
    """The rules an entry answers as references ('{phase:combat}'), words where no page has an anchor."""
    parts = []
    for ref in entry.about:
        found = resolve(ctx.index, ref)
        if found is None:
            continue
        if found.shown_kind in _LINKED:
            parts.append(f"{{{found.shown_kind}:{found.shown_id}}}")
        elif found.kind == "const":
            const = ctx.index.constants[found.target]
            parts.append(const.label or found.target)
        else:
            parts.append(found.shown_id.replace("_", " ").replace("-", " "))
    return ", ".join(dict.fromkeys(parts))


def render_faq_page(parent: Element, ctx: RenderContext) -> None:
    """Every entry in the file's order: its question as a heading, what it is and when, the rules it
    answers, the answer."""
    entries = ctx.game.faq_entries
    counts = {kind: sum(1 for e in entries if e.kind == kind) for kind in ADMONITION}
    sub(parent, "p", "Corrections to the printed rules (errata), how rules are to be read (clarifications) "
        "and questions players ask, each with the rules it answers.", "rc-faq-intro")
    listing = sub(parent, "p", cls="rc-faq-counts")
    listing.text = " · ".join(f"{n} {name}" for name, n in (
        ("errata" if counts["erratum"] != 1 else "erratum", counts["erratum"]),
        ("clarifications" if counts["clarification"] != 1 else "clarification", counts["clarification"]),
        ("questions" if counts["faq"] != 1 else "question", counts["faq"])) if n)
    for entry in entries:
        box = sub(parent, "section", cls=f"rc-faq-entry rc-faq--{entry.kind}")
        heading(box, 2, entry.question, faq_anchor(entry.id))
        facts = sub(box, "p", cls="rc-faq-facts")
        sub(facts, "span", entry.kind_name, f"rc-badge rc-badge--faq rc-badge--{entry.kind}").tail = " "
        if entry.issued:
            sub(facts, "span", entry.issued[:1].upper() + entry.issued[1:], "rc-faq-issued").tail = " "
        about = _about(entry, ctx)
        if about:
            line = sub(facts, "span", cls="rc-faq-about")
            sub(line, "strong", "About:").tail = " " + about
        ctx.markdown(box, entry.answer)
