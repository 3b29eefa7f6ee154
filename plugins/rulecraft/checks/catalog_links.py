"""What the catalog's newer shapes name: the resources of prices, uses and exchanges (``any`` in an exchange
is any resource), the phase a use's or an exchange's limit counts in, the item an upgrade replaces. Each is a
dangling reference when unknown (the same codes as checks.references); an item replacing itself, or
replacements in a circle, is an error; so is an exchange that gives and gets the same resource."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.cost_words import ANY_RESOURCE, PERIODS
from ..models.index import GameIndex
from ..problems import Problem, error
from .references import dangling


def _named(index: GameIndex) -> Iterator[tuple[str, str, object, tuple, str]]:
    """(kind, id, owner, path, context) of each resource, phase and item these shapes name (a limit per turn,
    round or game needs no phase of that id)."""
    for item in index.game.items:
        for i, price in enumerate(item.prices):
            for resource in price.cost:
                yield "resource", resource, item, ("prices", i, "cost", resource), \
                    f"catalog item '{item.id}' (price '{price.id}')"
        for i, use in enumerate(item.uses):
            for field in ("cost", "gives"):
                for resource in getattr(use, field):
                    yield "resource", resource, item, ("uses", i, field, resource), \
                        f"catalog item '{item.id}' (use {i + 1}, {field})"
            if use.limit and use.limit.per not in PERIODS:
                yield "phase", use.limit.per, item, ("uses", i, "limit", "per"), \
                    f"catalog item '{item.id}' (use {i + 1}, limit)"
        if item.replaces:
            yield "item", item.replaces, item, ("replaces",), f"catalog item '{item.id}' (replaces)"
    catalog = index.game.catalog_file
    for i, exchange in enumerate(index.game.exchanges):
        for field in ("give", "get"):
            for resource in getattr(exchange, field):
                if resource != ANY_RESOURCE:
                    yield ("resource", resource, catalog, ("exchanges", i, field, resource),
                           f"exchange {i + 1} ({field})")
        if exchange.limit and exchange.limit.per not in PERIODS:
            yield "phase", exchange.limit.per, catalog, ("exchanges", i, "limit", "per"), f"exchange {i + 1} (limit)"


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for kind, target, owner, path, context in _named(index):
        problem = dangling(index, kind, target, game.where(owner, *path), context)
        if problem:
            yield problem
    reported: set[frozenset[str]] = set()
    for item in game.items:
        if not item.replaces:
            continue
        if item.replaces == item.id:
            yield error("catalog-self-replacement", f"catalog item '{item.id}' replaces itself",
                        game.where(item, "replaces"), "name the item it upgrades, or remove 'replaces'", game.id)
            continue
        chain, current = [item.id], index.items.get(item.replaces)
        while current is not None and current.replaces and current.id not in chain:
            chain.append(current.id)
            current = index.items.get(current.replaces)
        if current is not None and current.id == item.id and frozenset(chain) not in reported:
            reported.add(frozenset(chain))
            yield error("catalog-replace-cycle", "catalog items replace each other in a circle: "
                        + " → ".join([*chain, item.id]), game.where(item, "replaces"),
                        "an upgrade replaces the item it upgrades: remove one 'replaces' of the circle", game.id)
    for i, exchange in enumerate(game.exchanges):
        same = [r for r in exchange.give if r in exchange.get and r != ANY_RESOURCE]
        if same:
            yield error("exchange-same-resource", f"exchange {i + 1} gives and gets {same[0]}",
                        game.where(game.catalog_file, "exchanges", i), "trade one resource for another", game.id)
