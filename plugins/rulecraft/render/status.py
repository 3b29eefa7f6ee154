"""The status page: how complete a game's rules are, what is open, where the TODOs are, which warnings
were accepted and why."""

from __future__ import annotations

from markdown.util import AtomicString

from ..models import links, records
from ..models.accepts import declared_accepts, subject_of
from ..models.completeness import designer_notes, prose_todos, summarise, todo_items
from ..models.index import iter_models
from .base import Element, RenderContext, facts_list, heading, link, safe, sub


def render_status(parent: Element, ctx: RenderContext, prose: dict[str, str] | None = None) -> None:
    prose = prose or {}
    summary = summarise(ctx.index, prose)
    accepts = list(declared_accepts(ctx.index))
    facts_list(parent, (("Phases with rules", f"{summary.phases_with_rules} of {summary.phases}"),
                        ("TODOs", str(summary.todos)), ("Open questions", str(summary.open_questions)),
                        ("Designer notes", str(sum(1 for _ in designer_notes(ctx.index)))),
                        ("Accepted warnings", str(len(accepts)))), "rc-facts rc-status-summary")
    if summary.phases:
        meter = sub(parent, "meter", cls="rc-meter", min="0", max=str(summary.phases),
                    value=str(summary.phases_with_rules))
        meter.text = f"{summary.phases_with_rules}/{summary.phases}"
    info = ctx.game.info
    if info and info.open_questions:
        heading(parent, 2, "Open questions", "open-questions")
        sub(parent, "p", "Gaps and contradictions in the source rules, kept visible instead of guessed.")
        for q in info.open_questions:
            box = sub(parent, "div", cls="admonition question rc-question", id=links.anchor("question", q.id))
            title = sub(box, "p", cls="admonition-title")
            title.text = q.question
            if q.detail:
                ctx.markdown(box, q.detail)
            if q.source:
                src = sub(box, "p", cls="rc-source")
                sub(src, "strong", "Source: ").tail = q.source
    items = list(todo_items(ctx.index))
    prose_items = [(what, loc) for file, text in prose.items() for what, loc in prose_todos(file, text)]
    if items or prose_items:
        heading(parent, 2, "Incomplete rules", "todo")
        lst = sub(parent, "ul", cls="rc-todo-list")
        for obj, what, location in items:
            _item_line(lst, obj, what, "rc-todo-text", location, ctx)
        for what, location in prose_items:
            _location(sub(lst, "li", what + " "), location)
    notes = list(designer_notes(ctx.index))
    if notes:
        # Always shown here (no rc-dnote class): the Status page is where designers read every note,
        # with or without JavaScript.
        heading(parent, 2, "Designer notes", "designer-notes")
        sub(parent, "p", "Remarks on how the rules were written down and what the source says or leaves out. "
                         "Rule pages hide them unless Designer notes is switched on.")
        lst = sub(parent, "ul", cls="rc-note-list")
        for obj, note, location in notes:
            _item_line(lst, obj, " ".join(note.split()), "rc-note-text", location, ctx)
    if accepts:
        # The data's accepts, as written: `rulecraft check` says which one no longer matches (accept-stale).
        heading(parent, 2, "Accepted warnings", "accepted-warnings")
        sub(parent, "p", "Warnings of the checker that were looked at and accepted, each with the reason.")
        lst = sub(parent, "ul", cls="rc-accepted-list")
        for accept in accepts:
            li = sub(lst, "li")
            sub(li, "code", accept.code).tail = " on "
            _subject(li, accept, ctx)
            sub(li, "span", f"accepted: {accept.reason}", "rc-accepted-reason").tail = " "
            sub(li, "code", str(accept.where))
    missing = [n for n in ctx.index.numbered if not n.phase.has_rules and not n.phase.todo]
    if missing:
        heading(parent, 2, "Phases without rules", "phases-without-rules")
        lst = sub(parent, "ul")
        for node in missing:
            link(sub(lst, "li"), f"{node.number}. {node.phase.name}", ctx.href("phase", node.phase.id))


def _item_line(lst, obj, text: str, text_class: str, location, ctx: RenderContext) -> None:
    """'<item name, linked to it>: <text> <file:line>' in a Status list."""
    li = sub(lst, "li")
    name = _name(obj)
    target = _target(obj, ctx)
    if target:
        link(li, name, target).tail = ": "
    else:
        sub(li, "strong", name).tail = ": "
    sub(li, "span", text, text_class).tail = " "
    _location(li, location)


def _location(parent, location) -> None:
    """``file:line:column`` as written: no inline pattern reads ``:100:`` in it (the emoji one's 💯)."""
    sub(parent, "code").text = AtomicString(safe(str(location)))


def _subject(li, accept, ctx: RenderContext) -> None:
    """What an accept is about: the item, linked when it has a page of its own; else its kind:id."""
    kind, _, item_id = accept.subject.partition(":")
    owner = accept.owner or _owner(ctx, kind, item_id)
    if kind == "word" and owner is None:  # a capitalised word no term defines (drift-term): no item to name
        name = f"the word ‘{item_id.replace('-', ' ')}’"
    elif owner is None:
        name = accept.subject
    elif kind == "const":  # a constant's id is its key: it has no name field of its own
        name = owner.label or item_id
    else:
        name = _name(owner)
    target = _target(owner, ctx) if owner is not None else None
    if target:
        link(li, name, target).tail = ": "
    else:
        sub(li, "strong", name).tail = ": "


def _owner(ctx: RenderContext, kind: str, item_id: str):
    """The object a game.yaml accept names (None when there is none: the accept is stale)."""
    subject = f"{kind}:{item_id}" if item_id else kind
    return next((obj for obj in iter_models(ctx.game) if subject_of(obj) == subject), None)


def _name(obj) -> str:
    return getattr(obj, "name", None) or getattr(obj, "term", None) or getattr(obj, "title", None) \
        or getattr(obj, "label", None) or getattr(obj, "id", None) or "game"


def _target(obj, ctx: RenderContext) -> str | None:
    kinds = ((records.Phase, "phase"), (records.Term, "term"), (records.DiceTable, "dice"), (records.Card, "card"))
    kind = next((name for cls, name in kinds if isinstance(obj, cls)), None)
    return ctx.href(kind, obj.id) if kind else None
