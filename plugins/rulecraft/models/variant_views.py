"""Which ways to play an item is shown in: the base game ("base") and each variant are views of the game.

An item without ``variant:`` is played in every view; ``variant: x`` (or a list) only in those variants.
``variant: base`` is the base game's own rule where some variant has its own instead: it is played in
the base game and in every variant except those that replace that part of the game (``replaces:`` on the
variant: its own set-up, its own turn, ...). A variant that replaces the turn has its own turn sequence,
numbered from 1 (see ``GameIndex.turn_for``).
"""

from __future__ import annotations

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


def plays_in(names: list[str], part: str | None, view: str | None, variants: dict) -> bool:
    """Whether an item of these variants (``variant_ids``) in ``part`` is played in ``view`` (a variant id;
    None or "base": the base game). ``variants``: the declared variants by id."""
    view = view or BASE_VARIANT
    if not names or view in names:
        return True
    variant = variants.get(view)
    return BASE_VARIANT in names and variant is not None and part not in variant.replaces


def views_of(names: list[str], part: str | None, variants: dict) -> list[str]:
    """The views an item is shown in ("base", then variant ids), or [] when it is shown in every one."""
    if not names:
        return []
    if BASE_VARIANT not in names:
        return list(names)  # the item's variants, in its order
    views = [v for v in (BASE_VARIANT, *variants) if plays_in(names, part, v, variants)]
    return [] if len(views) == len(variants) + 1 else views


def item_views(item, variants: dict) -> list[str]:
    return views_of(variant_ids(item), part_of(item), variants)


def replacing(part: str | None, variants: dict) -> list:
    """The variants that replace ``part`` (their own set-up, their own turn...)."""
    return [v for v in variants.values() if part in v.replaces]
