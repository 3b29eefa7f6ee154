"""Which ways to play an item is shown in: the base game ("base") and each variant are views of the game.

An item without ``variant:`` is played in every view; ``variant: x`` (or a list) only in those variants.
``variant: base`` is the base game's own rule where some variant has its own instead: it is played in
the base game and in every variant except those that replace that part of the game (``replaces:`` on the
variant: its own set-up, its own turn, ...). A variant that replaces the turn has its own turn sequence,
numbered from 1 (see ``GameIndex.turn_for``).

Variants that combine (``combines_with:`` on a variant, ``combinations:`` in game.yaml) are views too: a
combination plays what each of its variants adds, its values are those its variants set (or, where they
differ, the ones it declares), and it replaces every part one of its variants replaces. ``variant: {not: x}``
is every way to play without x: the base game, every other variant, every combination without x.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath

from .records import BASE_VARIANT, variant_ids

# The parts of a game a variant can replace (``replaces:``), as game.yaml and the other files name them.
PARTS = ("setup", "turn", "end_of_game", "scoring", "sections", "components", "dice", "cards", "catalog", "tables")
PART_WORDS = {"setup": "the set-up", "turn": "the turn", "end_of_game": "the end of the game",
              "scoring": "the scoring", "sections": "the rule sections", "components": "the components",
              "dice": "the dice tables", "cards": "the cards", "catalog": "the catalog",
              "tables": "the reference tables"}
_FILE_PARTS = {"phases": "turn", "dice": "dice", "cards": "cards", "catalog": "catalog", "tables": "tables"}


def part_of(item) -> str | None:
    """The part of the game an item belongs to, from where it was read: a set-up step is in 'setup', a
    phase's step in 'turn'."""
    stem = PurePath(item.source_file).stem if item.source_file else ""
    if stem == "game":
        top = item.source_path[0] if item.source_path else None
        return top if top in PARTS else None
    return _FILE_PARTS.get(stem)


@dataclass(frozen=True)
class VariantRule:
    """Which ways to play an item is in, as its ``variant:`` says: only in ``names`` (variants, combinations,
    or ``base``), or everywhere but where one of the ``excluded`` variants is played; empty: everywhere."""

    names: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.names or self.excluded)

    def __contains__(self, name: str) -> bool:
        return name in self.names


def variant_rule(item) -> VariantRule:
    """An item's ``variant:`` as a rule: ``x``, ``[x, y]`` or ``{not: x}`` / ``{not: [x, y]}``."""
    value = getattr(item, "variant", None)
    if isinstance(value, dict):
        excluded = value.get("not")
        return VariantRule(excluded=tuple(dict.fromkeys([excluded] if isinstance(excluded, str) else excluded or [])))
    return VariantRule(names=tuple(variant_ids(item)))


def _rule(names) -> VariantRule:
    return names if isinstance(names, VariantRule) else VariantRule(names=tuple(names or ()))


@dataclass
class View:
    """A way to play besides the base game: one variant, or a combination of variants."""

    id: str
    name: str
    members: tuple[str, ...]
    replaces: tuple[str, ...] = ()  # the parts of the game it has its own version of
    summary: str | None = None
    # The numbers this way to play changes, by constant id: a variant's own; a combination's are those
    # its variants set, and the ones it declares where they differ.
    values: dict[str, int | float] = field(default_factory=dict)
    # For a part two of its variants replace: the variant whose version the combination plays.
    parts_from: dict[str, str] = field(default_factory=dict)

    @property
    def combined(self) -> bool:
        return len(self.members) > 1


def combination_id(members) -> str:
    """The id a combination takes unless it names one: its variants' ids, joined by 'and'."""
    return "-and-".join(members)


def listed_combinations(info) -> list[tuple[list[str], object | None]]:
    """Every combination the designer lists, once each, as (variant ids, the ``combinations:`` entry or
    None for one that ``combines_with:`` alone declares); in the order they are declared."""
    out: dict[frozenset, tuple[list[str], object | None]] = {}
    order = {v.id: i for i, v in enumerate(info.variants)}
    for variant in info.variants:
        for other in variant.combines_with:
            if other == variant.id:
                continue  # the checker names it
            pair = sorted((other, variant.id), key=lambda v: order.get(v, len(order)))  # as declared
            out.setdefault(frozenset(pair), (pair, None))
    for combination in info.combinations:
        members = list(dict.fromkeys(combination.variants))
        key = frozenset(members)
        if key not in out or out[key][1] is None:
            out[key] = (members, combination)
    return list(out.values())


def declared_views(info) -> dict[str, View]:
    """Every way to play besides the base game, by id: the variants, then the combinations."""
    if info is None:
        return {}
    views: dict[str, View] = {}
    variants = {v.id: v for v in info.variants}
    for v in info.variants:
        views.setdefault(v.id, View(v.id, v.name, (v.id,), tuple(v.replaces), v.summary,
                                    {c: const.variants[v.id] for c, const in info.constants.items()
                                     if v.id in const.variants}))
    for members, combination in listed_combinations(info):
        if not all(m in variants for m in members):
            continue  # the checker names the unknown variant
        name = (combination.name if combination is not None and combination.name else
                " and ".join(variants[m].name for m in members))
        view_id = combination.id if combination is not None and combination.id else combination_id(members)
        declared = dict(combination.constants) if combination is not None else {}
        values = {}
        for const_id, const in info.constants.items():
            if const_id in declared:
                values[const_id] = declared[const_id]
                continue
            set_by = [const.variants[m] for m in members if m in const.variants]
            if set_by:
                values[const_id] = set_by[0]  # two that differ are an error unless declared (checks.variants)
        replaces = tuple(dict.fromkeys(p for m in members for p in variants[m].replaces))
        views.setdefault(view_id, View(view_id, name, tuple(members), replaces,
                                       combination.summary if combination is not None else None, values,
                                       dict(combination.parts_from) if combination is not None else {}))
    return views


def plays_in(names, part: str | None, view: str | None, variants: dict) -> bool:
    """Whether an item of this rule (a ``VariantRule``, or a list of ``variant_ids``) in ``part`` is played
    in ``view`` (a view id; None or "base": the base game). ``variants``: the ways to play by id (``View``s,
    or declared variants, which play as views of themselves)."""
    rule = _rule(names)
    view = view or BASE_VARIANT
    found = variants.get(view)
    members = (() if found is None else getattr(found, "members", (view,)))
    if rule.excluded:
        return not set(rule.excluded) & set(members)
    if not rule.names or view in rule.names:
        return True
    chosen = getattr(found, "parts_from", {}).get(part) if found is not None else None
    if chosen is not None:  # the combination plays this variant's version of the part
        return chosen in rule.names
    if set(rule.names) & set(members):
        return True
    return BASE_VARIANT in rule.names and found is not None and part not in found.replaces


def views_of(names, part: str | None, variants: dict) -> list[str]:
    """The views an item is shown in ("base", then view ids), or [] when it is shown in every one."""
    rule = _rule(names)
    if not rule:
        return []
    if BASE_VARIANT not in rule.names and not rule.excluded:
        # the item's own ways to play, in its order, then the combinations that play it too
        return [*rule.names, *(v for v in variants if v not in rule.names and plays_in(rule, part, v, variants))]
    views = [v for v in (BASE_VARIANT, *variants) if plays_in(rule, part, v, variants)]
    return [] if len(views) == len(variants) + 1 else views


def item_views(item, variants: dict) -> list[str]:
    return views_of(variant_rule(item), part_of(item), variants)


def replacing(part: str | None, variants: dict) -> list:
    """The variants that replace ``part`` (their own set-up, their own turn...)."""
    return [v for v in variants.values() if part in v.replaces]
