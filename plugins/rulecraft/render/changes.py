"""The changes page: the changelog, and what each version touched (changed_in)."""

from __future__ import annotations

import re

from ..models import records
from ..models.index import iter_models
from ..diff.history import version_key
from .base import Element, RenderContext, heading, link, sub
from .changes_diff import render_generated


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


def version_order(ctx: RenderContext) -> list[str]:
    """Every version the page shows: the changelog's, in its order, with each tagged version it lacks put
    where its number falls (the changelog is written newest first, or oldest first)."""
    written = [entry.version for entry in ctx.game.info.changelog]
    tagged = [t.version for t in ctx.history.tagged] if ctx.history is not None else []
    extra = [v for v in tagged if v not in written]
    if not extra:
        return written
    keys = [version_key(v) for v in written]
    newest_first = len(keys) < 2 or keys[0] >= keys[-1]
    out = list(written)
    for version in extra:
        key = version_key(version)
        at = next((i for i, v in enumerate(out) if (version_key(v) < key) == newest_first), len(out))
        out.insert(at, version)
    return out


def render_changes(parent: Element, ctx: RenderContext) -> None:
    info = ctx.game.info
    if info.version:
        sub(parent, "p", f"Current rules version: {info.version}.", "rc-current-version")
    touched = changed_items(ctx)
    entries = {entry.version: entry for entry in info.changelog}
    history = ctx.history
    for version in version_order(ctx):
        entry = entries.get(version)
        date = entry.date if entry is not None else None
        title = f"Version {version}" + (f" ({date.isoformat()})" if date else "")
        # The id becomes a TOC href that themes print as they are: letters, digits, '-' and '_' only.
        heading(parent, 2, title, "v" + re.sub(r"[^A-Za-z0-9_-]+", "-", version).strip("-"))
        if entry is not None:
            ctx.markdown(parent, entry.summary)
            if entry.changes:
                lst = sub(parent, "ul", cls="rc-changes")
                for change in entry.changes:
                    sub(lst, "li", change)
        if touched.get(version):
            sub(parent, "p", "Marked as changed in this version:", "rc-changed-intro")
            lst = sub(parent, "ul", cls="rc-changed-items")
            for label, href in touched[version]:
                link(sub(lst, "li"), label, href)
        if history is not None and version in history.diffs:
            render_generated(parent, ctx, history.diffs[version], history.previous[version])
