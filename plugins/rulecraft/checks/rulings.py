"""Candidate rulings of open questions: where they arise exists; what they change exists and fits (a constant's
value of its type, a dice table's modifiers, rows that still cover every roll once); and no two questions change
one dice table or one constant. That last one is refused rather than computed in combination: each picked
ruling then shows its own numbers, and a table's odds never depend on two open questions at once."""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex
from ..models.ruled import questions_with_rulings, ruled_table
from ..problems import Location, Problem, error
from . import dice_coverage
from .tables import _did_you_mean


def _at(location: Location) -> str:
    return str(location)


def check(index: GameIndex) -> Iterator[Problem]:
    game, info = index.game, index.game.info
    if info is None:
        return
    known = {"phase": index.phases, "dice": index.tables, "section": index.sections}
    # A rule in a file that did not load (already reported) would look unknown: it is not checked.
    unread = {kind for kind, stem in (("phase", "phases"), ("dice", "dice")) if stem in game.failed}
    first_table: dict[str, tuple[str, Location]] = {}
    first_const: dict[str, tuple[str, Location]] = {}
    for question in questions_with_rulings(info):
        for i, at in enumerate(question.at):
            kind, _, target = at.partition(":")
            if kind != "end" and kind not in unread and target not in known[kind]:
                yield error("ruling-unknown-rule", f"open question '{question.id}' arises at unknown {kind} "
                            f"'{target}'", game.where(question, "at", i), _did_you_mean(target, list(known[kind])),
                            game.id)
        for n, ruling in enumerate(question.rulings):
            yield from _ruling(index, question, n, ruling, first_table, first_const)


def _ruling(index: GameIndex, question, n: int, ruling, first_table: dict, first_const: dict) -> Iterator[Problem]:
    game, info = index.game, index.game.info
    what = f"ruling '{ruling.id}' of open question '{question.id}'"
    path = ("rulings", n)
    if ruling.const is not None:
        where = game.where(question, *path, "const")
        const = info.constants.get(ruling.const)
        if const is None:
            yield error("ruling-unknown-constant", f"{what} sets unknown constant '{ruling.const}'", where,
                        _did_you_mean(ruling.const, list(info.constants)), game.id)
        else:
            if isinstance(const.value, int) and not isinstance(ruling.value, int):
                yield error("ruling-value-type", f"{what} sets '{ruling.const}' to {ruling.value}, but the "
                            f"constant is a whole number ({const.value})", game.where(question, *path, "value"),
                            "give a whole number", game.id)
            yield from _shared(first_const, ruling.const, "constant", question.id, where, game.id)
    if ruling.dice is None:
        return
    change, where = ruling.dice, game.where(question, *path, "dice", "table")
    table = index.tables.get(change.table)
    if table is None and "dice" in game.failed:
        return
    if table is None:
        yield error("ruling-unknown-table", f"{what} changes unknown dice table '{change.table}'", where,
                    _did_you_mean(change.table, list(index.tables)), game.id)
        return
    yield from _shared(first_table, change.table, "dice table", question.id, where, game.id)
    if f"dice:{change.table}" not in question.at and n == _first_changing(question, change.table):
        yield error("ruling-not-at", f"{what} changes dice table '{change.table}', which the question's 'at:' "
                    "does not name", game.where(question, "at"), f"add dice:{change.table} to 'at:' (the table "
                    "shows the question and switches to the group's ruling)", game.id)
    if table.form != "table" or table.columns is not None:
        yield error("ruling-dice-form", f"{what} changes table '{table.id}', which is not read by rows of totals "
                    "(a ruling can change a plain table's modifiers and rows)", where, "", game.id)
        return
    mods = {m.id: m for m in table.modifiers}
    for mod_id, edit in change.modifiers.items():
        mod_where = game.where(question, *path, "dice", "modifiers", mod_id, key=True)
        mod = mods.get(mod_id)
        if mod is None:
            yield error("ruling-unknown-modifier", f"{what}: table '{table.id}' has no modifier '{mod_id}'",
                        mod_where, f"modifiers of table '{table.id}': {', '.join(mods)}" if mods else
                        "the table has no modifiers", game.id)
        elif mod.formula is not None:
            yield error("ruling-unknown-modifier", f"{what}: modifier '{mod_id}' of table '{table.id}' is worked "
                        "out by a formula, so its count and value cannot be changed", mod_where, "", game.id)
        elif edit.count is not None and edit.count[0] > edit.count[1]:
            yield error("ruling-dice", f"{what}: count must be [lowest, highest], found {list(edit.count)}",
                        mod_where, "", game.id)
        elif edit.value == 0:
            yield error("ruling-dice", f"{what}: a modifier of value 0 changes nothing", mod_where, "", game.id)
    die = index.dice.get(table.custom_die) if table.custom_die else None
    if die is not None and table.rows and table.rows[0].face is not None:
        return  # a table of named faces: no totals for modifiers or ruled rows to cover
    ruled = ruled_table(table, ruling)
    for problem in dice_coverage._numeric(index, ruled, die):
        yield error("ruling-dice", f"{what}: {problem.message}", game.where(question, *path, "dice"),
                    problem.hint, game.id)


def _first_changing(question, table_id: str) -> int:
    """The first of the question's rulings that changes the table (a missing `at:` is reported once)."""
    return next(i for i, r in enumerate(question.rulings) if r.dice is not None and r.dice.table == table_id)


def _shared(first: dict, key: str, kind: str, question_id: str, where: Location, game_id: str) -> Iterator[Problem]:
    earlier = first.setdefault(key, (question_id, where))
    if earlier[0] != question_id:
        yield error("ruling-shared", f"open questions '{earlier[0]}' and '{question_id}' both have rulings that "
                    f"change {kind} '{key}' (the first at {_at(earlier[1])}); their combinations are not worked out",
                    where, f"decide one question first, or merge them into one question whose rulings say "
                    f"what {kind} '{key}' is under each reading", game_id)
