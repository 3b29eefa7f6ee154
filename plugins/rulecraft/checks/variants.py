"""Variants: every `variant:` an item names is declared under `variants:` in game.yaml (or is `base`),
constants give values only for declared variants, and the cheat sheet's variants exist. `base` names the
game without variants, so no variant may take it as its id. A rule marked `base` is replaced only in the
variants that replace its part of the game (`replaces:`): marked so where none does, it is played in every
way to play, which is a warning; so is a variant with its own turn and no phase of its own."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models import RuleModel
from ..models.index import GameIndex, iter_models
from ..models.numbering import node_variants
from ..models.records import BASE_VARIANT
from ..models.variant_views import PART_WORDS, part_of, replacing, variant_rule
from ..problems import Problem, error, warning


def unknown_hint(index: GameIndex, name: str, combinations: bool = True) -> str:
    """Did you mean...; ``combinations``: a combination's id is also a way to name what was meant."""
    declared = list(index.ways if combinations else index.variants)
    close = difflib.get_close_matches(name, declared, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if declared:
        return f"declared variants: {', '.join(declared)} (or '{BASE_VARIANT}' for the base game only)"
    return "declare it under 'variants:' in game.yaml (id, name, summary)"


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    info = game.info
    if info is None:
        return
    for variant in info.variants:
        if variant.id == BASE_VARIANT:
            yield error("variant-reserved", f"variant id '{BASE_VARIANT}' names the game without variants",
                        game.where(variant, "id"), "give the variant its own id, e.g. 'long-game'", game.id)
    for obj in iter_models(game):
        yield from _item(index, obj)
    for const_id, const in info.constants.items():
        for name, value in const.variants.items():
            if name not in index.variants:
                yield error("variant-unknown", f"constant '{const_id}' has a value for unknown variant '{name}'",
                            game.where(const, "variants", name, key=True),
                            unknown_hint(index, name, combinations=False), game.id)
            elif value == const.value:
                yield warning("variant-same-value", f"constant '{const_id}' is {const.shown} in variant "
                              f"'{name}' as in the base game", game.where(const, "variants", name),
                              "leave the variant out of 'variants:' when its value does not change", game.id,
                              f"const:{const_id}")
    for variant in info.variants:
        if "turn" in variant.replaces and not any(variant.id in node_variants(n) for n in index.numbered):
            yield warning("variant-own-turn-empty", f"variant '{variant.id}' has its own turn (replaces: turn) "
                          "but no phase names it", game.where(variant, "replaces"),
                          f"give its phases 'variant: {variant.id}', or leave 'turn' out of 'replaces:'", game.id,
                          f"variant:{variant.id}")
    for i, name in enumerate(info.cheatsheet.variants):
        if name not in index.ways:
            yield error("variant-unknown", f"cheat sheet for unknown variant '{name}'",
                        game.where(info.cheatsheet, "variants", i), unknown_hint(index, name), game.id)


def _item(index: GameIndex, obj: RuleModel) -> Iterator[Problem]:
    rule = variant_rule(obj)
    if not rule:
        return
    game = index.game
    if rule.excluded:
        listed = isinstance(obj.variant["not"], list)
        for i, name in enumerate(rule.excluded):
            if name not in index.variants:
                where = game.where(obj, "variant", "not", i) if listed else game.where(obj, "variant", "not")
                hint = (f"'{{not: {BASE_VARIANT}}}' is every variant: list them instead" if name == BASE_VARIANT
                        else unknown_hint(index, name, combinations=False))
                yield error("variant-unknown", f"'{name}' is not a variant of this game", where, hint, game.id)
        return
    names = list(rule.names)
    listed = isinstance(obj.variant, list)
    for name in names:
        if name != BASE_VARIANT and name not in index.ways:
            where = game.where(obj, "variant", obj.variant.index(name)) if listed else game.where(obj, "variant")
            yield error("variant-unknown", f"'{name}' is not a variant of this game", where,
                        unknown_hint(index, name), game.id)
    if BASE_VARIANT in names and len(names) > 1:
        yield error("variant-base-mixed", f"'{BASE_VARIANT}' (only without variants) listed with variants",
                    game.where(obj, "variant"), f"write either 'variant: {BASE_VARIANT}' or the variants", game.id)
    elif names == [BASE_VARIANT] and index.variants:
        part = part_of(obj)
        if part is not None and not replacing(part, index.variants):
            yield warning("variant-base-unreplaced", f"'variant: {BASE_VARIANT}' but no variant replaces "
                          f"{PART_WORDS[part]}: this rule is played in every way to play", game.where(obj, "variant"),
                          f"add '{part}' to 'replaces:' of the variant that has its own, or leave "
                          f"'variant: {BASE_VARIANT}' out", game.id)
