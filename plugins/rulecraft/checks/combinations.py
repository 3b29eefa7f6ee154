"""Variants that combine: a combination (``combines_with:`` on a variant, an entry of ``combinations:``)
names declared variants, other than itself, once; its id names no variant; its constants are constants of
the game. Two of its variants that set one constant to different values, or that each have their own version
of one part of the game (``replaces:``), leave it undecided: an error unless the combination says which
(``constants:``, ``parts_from:``)."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex
from ..models.records import BASE_VARIANT, shown_number
from ..models.variant_views import PART_WORDS, combination_id, listed_combinations
from ..problems import Location, Problem, error
from .variants import unknown_hint


def _at(location: Location) -> str:
    return f"line {location.line}, column {location.column}" if location.line else location.file


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    info = game.info
    if info is None:
        return
    for variant in info.variants:
        for i, other in enumerate(variant.combines_with):
            where = game.where(variant, "combines_with", i)
            if other == variant.id:
                yield error("combination-itself", f"variant '{variant.id}' combines with itself", where,
                            "list the other variants it can be played with", game.id)
            elif other not in index.variants:
                yield error("variant-unknown", f"variant '{variant.id}' combines with unknown variant '{other}'",
                            where, unknown_hint(index, other, combinations=False), game.id)
    seen: dict[frozenset, int] = {}
    for n, combination in enumerate(info.combinations):
        for i, name in enumerate(combination.variants):
            if name not in index.variants:
                yield error("variant-unknown", f"combination of unknown variant '{name}'",
                            game.where(combination, "variants", i), unknown_hint(index, name, combinations=False),
                            game.id)
        key = frozenset(combination.variants)
        if key in seen:
            yield error("combination-duplicate", f"the combination of {', '.join(combination.variants)} is "
                        f"listed twice (first as entry {seen[key] + 1} of 'combinations:')",
                        game.where(combination, "variants"), "keep one entry, with all of its values", game.id)
        seen.setdefault(key, n)
        view_id = combination.id or combination_id(combination.variants)
        if view_id == BASE_VARIANT or view_id in index.variants:
            yield error("combination-id-taken", f"combination id '{view_id}' is already the id of "
                        f"{'the base game' if view_id == BASE_VARIANT else 'a variant'}",
                        game.where(combination, "id") if combination.id else game.where(combination, "variants"),
                        "give the combination an id of its own (id: ...)", game.id)
        for const_id in combination.constants:
            if const_id not in info.constants:
                yield error("combination-unknown-constant", f"combination sets unknown constant '{const_id}'",
                            game.where(combination, "constants", const_id, key=True),
                            f"constants of this game: {', '.join(info.constants) or 'none'}", game.id)
        for part, name in combination.parts_from.items():
            if name not in combination.variants:
                yield error("combination-part-from", f"the combination takes {PART_WORDS[part]} from '{name}', "
                            "which it does not combine", game.where(combination, "parts_from", part),
                            f"name one of {', '.join(combination.variants)}", game.id)
            elif name in index.variants and part not in index.variants[name].replaces:
                yield error("combination-part-from", f"the combination takes {PART_WORDS[part]} from '{name}', "
                            f"which has no version of its own ('{part}' is not in its 'replaces:')",
                            game.where(combination, "parts_from", part),
                            f"take it from a variant with '{part}' in 'replaces:', or leave it out", game.id)
    for members, combination in listed_combinations(info):
        if all(m in index.variants for m in members):
            yield from _undecided(index, members, combination)


def _undecided(index: GameIndex, members: list[str], combination) -> Iterator[Problem]:
    """A constant two of the variants set differently, a part two of them replace: the combination must say."""
    game, info = index.game, index.game.info
    variants = [index.variants[m] for m in members]
    if combination is not None:
        where, name = game.where(combination, "variants"), combination.name
    else:  # declared by combines_with: at the entry naming the other variant
        by, other = next((v, o) for v in variants for o in members if o in v.combines_with)
        where, name = game.where(by, "combines_with", by.combines_with.index(other)), None
    name = name or " and ".join(v.name for v in variants)
    listed = f"variants: [{', '.join(members)}]"
    for const_id, const in info.constants.items():
        if combination is not None and const_id in combination.constants:
            continue
        setting = [(m, const.variants[m]) for m in members if m in const.variants]
        if len({value for _m, value in setting}) > 1:
            each = ", ".join(f"{shown_number(value)} with '{m}' ({_at(game.where(const, 'variants', m))})"
                             for m, value in setting)
            yield error("combination-conflict", f"in the combination '{name}', constant '{const_id}' is {each}",
                        where, f"declare its value: under 'combinations:', an entry with '{listed}' and "
                        f"'constants: {{{const_id}: ...}}'", game.id)
    declared = combination.parts_from if combination is not None else {}
    for part in dict.fromkeys(p for v in variants for p in v.replaces):
        owning = [v for v in variants if part in v.replaces]
        if len(owning) > 1 and part not in declared:
            each = ", ".join(f"'{v.id}' ({_at(game.where(v, 'replaces', v.replaces.index(part)))})" for v in owning)
            yield error("combination-conflict", f"in the combination '{name}', {PART_WORDS[part]} is replaced "
                        f"by {each}: which version is played is undecided", where,
                        f"say whose it plays: under 'combinations:', an entry with '{listed}' and "
                        f"'parts_from: {{{part}: {owning[0].id}}}'", game.id)
