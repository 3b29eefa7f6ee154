"""The changes page: the changelog, and what each version touched (changed_in)."""

from __future__ import annotations

import re

from ..models import records
from ..models.index import iter_models
from .base import Element, RenderContext, heading, link, sub


def changed_items(ctx: RenderContext) -> dict[str, list[tuple[str, str]]]:
    """version -> [(label, href)] of phases, terms and cards marked changed_in."""
    out: dict[str, list[tuple[str, str]]] = {}
    for obj in iter_models(ctx.game):
        version = getattr(obj, "changed_in", None)
        if not version:
            continue
        if isinstance(obj, records.Phase) and obj.id in ctx.index.phases:
            node = ctx.index.phases[obj.id]
            out.setdefault(version, []).append((f"Phase {node.number}. {obj.name}", ctx.href("phase", obj.id)))
        elif isinstance(obj, records.Term):
            out.setdefault(version, []).append((f"Term: {obj.term}", ctx.href("term", obj.id)))
        elif isinstance(obj, records.Card):
            out.setdefault(version, []).append((f"Card: {obj.name}", ctx.href("card", obj.id)))
    return out


def render_changes(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    if info.version:
        sub(parent, "p", f"Current rules version: {info.version}.", "rc-current-version")
    touched = changed_items(ctx)
    for entry in info.changelog:
        title = f"Version {entry.version}" + (f" ({entry.date.isoformat()})" if entry.date else "")
        # The id becomes a TOC href that themes print as they are: letters, digits, '-' and '_' only.
        heading(parent, 2, title, "v" + re.sub(r"[^A-Za-z0-9_-]+", "-", entry.version).strip("-"))
        ctx.markdown(parent, entry.summary)
        if entry.changes:
            lst = sub(parent, "ul", cls="rc-changes")
            for change in entry.changes:
                sub(lst, "li", change)
        if touched.get(entry.version):
            sub(parent, "p", "Marked as changed in this version:", "rc-changed-intro")
            lst = sub(parent, "ul", cls="rc-changed-items")
            for label, href in touched[entry.version]:
                link(sub(lst, "li"), label, href)
