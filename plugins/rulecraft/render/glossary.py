"""The glossary page: alphabetical, letter index, aliases, see-also, backlink slots."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from ..models import links
from .change_marks import change_marks, has_changes
from .base import Element, RenderContext, badge, heading, item_notes, link, sub
from .faq import render_faq_at

if TYPE_CHECKING:
    from ..models import Term


def _letter(term: Term) -> str:
    first = term.term.strip()[:1].upper()
    return first if first.isalpha() else "#"


def sorted_terms(terms: list[Term]) -> list[Term]:
    return sorted(terms, key=lambda t: (t.term.casefold(), t.id))


def render_glossary(parent: Element, ctx: RenderContext, level: int = 2) -> None:
    """The glossary, letters as headings of ``level`` and terms one level below (a prose page's glossary
    under its own '### Words' heading nests there)."""
    terms = sorted_terms(ctx.game.terms)
    groups = [(letter, list(items)) for letter, items in groupby(terms, key=_letter)]
    bar = sub(parent, "div", cls="rc-gindex rc-nolink-terms")  # stays under the header (player.css)
    # The filter works in the page itself (offline); hidden until player.js wires it, so no dead box
    # without JavaScript. Search does not index it: a form's words are no rule text.
    box = sub(bar, "div", cls="rc-gfilter", role="search")
    box.set("hidden", "")
    sub(box, "input", type="search", id="rc-gfilter-input", placeholder="Filter terms", autocomplete="off",
        aria_label="Filter terms", aria_describedby="rc-gfilter-count")
    sub(box, "output", id="rc-gfilter-count", aria_live="polite").text = ""
    nav = sub(bar, "nav", cls="rc-letters")
    nav.set("aria-label", "Glossary letters")
    for letter, _ in groups:
        link(nav, letter, f"#letter-{letter.lower() if letter != '#' else 'other'}").tail = " "
    for letter, items in groups:
        heading(parent, level, letter, f"letter-{letter.lower() if letter != '#' else 'other'}", "rc-letter")
        dl = sub(parent, "div", cls="rc-terms")
        for term in items:
            render_term(dl, term, ctx, min(level + 1, 6))


def render_term(parent: Element, term: Term, ctx: RenderContext, level: int = 3) -> None:
    box = sub(parent, "div", cls="rc-term-entry")
    box.set("data-term", term.id)
    box.set("data-rc-definition", term.id)  # the term links other terms, never itself
    box.set("data-rc-words", " | ".join(w.casefold() for w in term.words))  # what the filter matches
    title = heading(box, level, term.term, links.anchor("term", term.id), "rc-term-title")
    if has_changes(ctx, "term", term.id, term.changed_in):
        title.tail = None
        marks = sub(box, "span", cls="rc-change-marks")
        change_marks(marks, box, ctx, "term", term.id, term.changed_in)
    short = sub(box, "p", term.short, "rc-short")
    short.set("data-rc-definition", term.id)
    if term.definition:
        body = sub(box, "div", cls="rc-definition")
        body.set("data-rc-definition", term.id)
        ctx.markdown(body, term.definition)
    item_notes(box, ctx, term)
    render_faq_at(box, ctx, "term", term.id)
    also = [*term.aliases, *term.plurals]
    if also:  # the words the linker matches: there when wanted, folded away when reading
        forms = sub(box, "details", cls="rc-forms rc-term-meta")
        sub(forms, "summary", "Also written")
        sub(forms, "span", ", ".join(also) + ".")
    if term.category or term.see_also:
        meta = sub(box, "p", cls="rc-term-meta")  # categories stay plain words
        if term.category:
            sub(meta, "strong", "Category: ").tail = term.category + ". "
        see = [t for t in term.see_also if t in ctx.index.terms]
        if see:
            sub(meta, "strong", "See also: ").tail = None
            for i, target in enumerate(see):
                a = link(meta, ctx.index.terms[target].term, ctx.href("term", target), "rc-see-also")
                a.tail = ", " if i < len(see) - 1 else "."
    slot = sub(box, "div", cls="rc-backlinks")
    slot.set("data-rc-backlinks", term.id)
