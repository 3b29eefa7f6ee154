"""Catalog items: requirements form no circle (items nobody could ever get) and no item requires itself.
Unknown resources and items named in cost / requires are dangling references (checks.references)."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex
from ..problems import Problem, error


def _cycle(index: GameIndex, start: str) -> list[str] | None:
    """The shortest requirement path from ``start`` back to itself, if any (ids in order)."""
    paths = [[start]]
    seen = {start}
    while paths:
        nxt = []
        for path in paths:
            item = index.items.get(path[-1])
            # One of several (any_of) is enough: a circle through one of them still leaves the others.
            for target in (item.required if item and not item.requires_any else []):
                if target == start:
                    return path + [start]
                if target in index.items and target not in seen:
                    seen.add(target)
                    nxt.append(path + [target])
        paths = nxt
    return None


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    reported: set[frozenset[str]] = set()
    for item in game.items:
        own = [path for target, path in item.requirement_paths() if target == item.id]
        if own:
            yield error("catalog-self-requirement", f"catalog item '{item.id}' requires itself",
                        game.where(item, *own[0]),
                        "remove it from its own 'requires'", game.id)
            continue
        cycle = _cycle(index, item.id)
        if cycle and frozenset(cycle) not in reported:
            reported.add(frozenset(cycle))
            yield error("catalog-cycle", "catalog items require each other in a circle, so none of them can "
                        "ever be had: " + " → ".join(cycle), game.where(item, "requires"),
                        "remove one requirement of the circle", game.id)
