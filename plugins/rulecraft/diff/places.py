"""Where a rule item shows in the rule texts of one version: every text holding a reference to it
({const:id}, {phase:id}), named by the item that holds the text, and every line of a prose page that does."""

from __future__ import annotations

from ..models.index import iter_strings
from ..models.textrefs import find_refs
from . import registry
from .result import Place
from .walk import Side


def places(side: Side, kind: str, target: str, shown_only: bool = False) -> list[Place]:
    """The texts referring to ``kind:target``; ``shown_only``: only references showing what the item
    reads (a phase's number), not those that write their own words ({phase:x|the auction})."""
    qualified = f"{side.game.id}:{target}"
    found: dict[tuple, Place] = {}
    for obj in side.objects:
        for _, name, text in iter_strings(obj):
            if "{" not in text:
                continue
            for ref in find_refs(text):
                if ref.kind != kind or ref.target not in (target, qualified):
                    continue
                if shown_only and ref.text is not None and ref.text.strip():
                    continue
                owner = side.owners.get(id(obj))
                entry = side.subjects.get(owner) if owner else None
                step = side.step_labels.get(id(obj))
                if step is not None:  # a set-up step: by its place in the list
                    found.setdefault((owner, step, name), Place(owner[0], owner[1], step, name.replace("_", " ")))
                elif entry is not None:
                    label = registry.handler_for(entry.obj).label(entry, side)
                    where = " › ".join([*side.trails.get(id(obj), ()), name.replace("_", " ")])
                    found.setdefault((entry.key, where), Place(entry.kind, entry.id, label, where))
    for page, text in side.pages.items():
        if "{" not in text:
            continue
        for ref in find_refs(text):
            if ref.kind == kind and ref.target in (target, qualified) and not (
                    shown_only and ref.text is not None and ref.text.strip()):
                line = text.count("\n", 0, ref.start) + 1
                found.setdefault(("page", page, line), Place("page", page, f"Page {page}", f"line {line}"))
    return list(found.values())
