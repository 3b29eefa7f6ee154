"""Catalog costs in words, as the catalog page and the cheat sheet print them (pydantic-free): an amount
that is a formula ("3 * input.defence" reads "3 Points per defence point"), named costs ("2 Points for
personal use, or 10 Points for a unit"), a use with its limit ("1 Gold + 3 Ore: 1 Might, once per
Harvest phase"), an exchange rate, any-of requirements and what an upgrade replaces."""

from __future__ import annotations

from ..expr import ExprError, parse, words
from ..expr.nodes import BinOp, Name, Num
from .formula_scope import formula_scope
from .index import GameIndex
from .textrefs import plain_words

ANY_RESOURCE = "any"  # in an exchange: any one resource the player chooses
# what a limit may count in besides a phase ('once per round'): many rules say it where no phase has the name
PERIODS = ("turn", "round", "game")
TIMES = {1: "once", 2: "twice"}


def resource_name(index: GameIndex, resource_id: str) -> str:
    resource = index.resources.get(resource_id)
    return resource.name if resource else resource_id


def amount_parts(index: GameIndex, amount: int | str, name: str) -> tuple[str, str]:
    """(amount, resource words) of one amount: (3, 'Gold'); a formula '3 * input.defence' is ('3', 'Points ×
    defence points'); any other formula is its words, bracketed: ('(half of tiles, rounded up)', 'Gold')."""
    if not isinstance(amount, str):
        return str(amount), name
    scope = formula_scope(index)
    try:
        node = parse(amount)
    except ExprError:
        return amount, name
    if isinstance(node, BinOp) and node.op == "*":
        number, name_node = (node.left, node.right) if isinstance(node.left, Num) else (node.right, node.left)
        if isinstance(number, Num) and isinstance(name_node, Name) and name_node.name.startswith("input."):
            return words(number, scope), f"{name} × {scope.label(name_node.name)}"
    if isinstance(node, (Num, Name)):
        return words(node, scope), name
    return f"({words(node, scope)})", name


def cost_text(index: GameIndex, cost: dict) -> str:
    """'1 Gold + 3 Ore', in the order written."""
    return " + ".join(" ".join(amount_parts(index, amount, resource_name(index, rid))) for rid, amount in cost.items())


def limit_words(index: GameIndex, limit) -> str:
    """'once per Harvest phase', '3 times per Trade phase', 'twice per round'."""
    phase = index.phases.get(limit.per)
    period = f"{phase.phase.name} phase" if phase else limit.per if limit.per in PERIODS else f"{limit.per} phase"
    return f"{TIMES.get(limit.times, f'{limit.times} times')} per {period}"


def named_costs_text(index: GameIndex, costs) -> str:
    """'2 Points for personal use, or 10 Points for a unit'."""
    return ", or ".join(f"{cost_text(index, c.cost)} for {c.name}" for c in costs)


def use_text(index: GameIndex, use) -> str:
    """'1 Gold + 3 Ore: 1 Might, once per Harvest phase' (the effect's text is the page's, not in here)."""
    text = (f"{use.name}: " if use.name else "") + cost_text(index, use.cost)
    if use.gives:
        text += " → " + cost_text(index, use.gives)
    if use.limit:
        text += f", {limit_words(index, use.limit)}"
    return text


def _side(index: GameIndex, side: dict, other: bool) -> str:
    parts = []
    for rid, amount in side.items():
        if rid == ANY_RESOURCE:
            parts.append(f"{amount} of any {'other' if other else 'one'} resource")
        else:
            parts.append(f"{amount} {resource_name(index, rid)}")
    return " + ".join(parts)


def exchange_text(index: GameIndex, exchange) -> str:
    """'2 Gold → 1 Ore'; '2 of any one resource → 1 of any other resource, once per Trade phase'."""
    other = ANY_RESOURCE in exchange.give and ANY_RESOURCE in exchange.get
    text = f"{_side(index, exchange.give, False)} → {_side(index, exchange.get, other)}"
    if exchange.limit:
        text += f", {limit_words(index, exchange.limit)}"
    return text


def item_name(index: GameIndex, item_id: str) -> str:
    return index.items[item_id].name if item_id in index.items else item_id


def requirement_text(index: GameIndex, item) -> str:
    """'Chapel, Forge' (all of them) or 'Mage or Necromancer' (any one)."""
    names = [item_name(index, r) for r in item.required]
    if item.requires_any:
        return ", ".join(names[:-1]) + " or " + names[-1]
    return ", ".join(names)


def sheet_facts(index: GameIndex, item) -> list[str]:
    """What the cheat sheet adds to an item's line: its named costs, what it replaces, its uses (what one does
    beyond the resources it gives in brackets: the page prints it under the use, the sheet has no line for it)."""
    facts = []
    if item.prices:
        facts.append(named_costs_text(index, item.prices))
    if item.replaces:
        facts.append(f"replaces {item_name(index, item.replaces)}")
    facts += [f"use: {use_text(index, use)}" + (f" ({plain_words(use.effect, index.name_of)})" if use.effect else "")
              for use in item.uses]
    return facts
