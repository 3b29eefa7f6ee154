"""Dice tables read top-down (rows keyed by ``on:``, a condition on the dice): each condition is one the roll
can state (located at its character), and coverage is proven over every outcome of the dice under every
combination of modifiers. An outcome no row takes is an error naming it ("3 and 5 (total 8)"); a row that
no roll makes hold is an error; a row whose every outcome an earlier row takes is a warning (it never applies).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..dice.conditions import (
    MAX_CONDITION_CELLS,
    MAX_CONDITION_OUTCOMES,
    Reader,
    outcome_count,
    outcome_text,
    outcomes,
    roll_scope,
    rows_key,
    unsupported,
)
from ..dice.odds import reachable_offsets
from ..dice.shape import Shape
from ..expr import ExprError
from ..expr import check as check_expression
from ..expr import parse
from ..expr.nodes import Name, walk
from ..models import DiceTable
from ..models.index import GameIndex
from ..problems import Problem, error, warning

_GAME_NAMES = ("state.", "event.", "input.", "const.", "item.")
ROLL_HINT = ("a row reads the dice alone: total, natural, d1, d2 …, doubles, any(d == 1), all(d >= 4), "
             "count(d == 6)")


def misplaced(index: GameIndex, table: DiceTable) -> Iterator[Problem]:
    """'on:' rows in a table whose rows are not rolls of numbered dice: a named-face die, a pool."""
    game = index.game
    what = ("a pool's rows are numbers of successes" if table.form == "pool"
            else "a die of named faces has a row per face")
    for row in table.rows:
        if row.on is not None:
            yield error("dice-condition", f"table '{table.id}': {what}, so a row cannot be a condition on the dice "
                        f"({row.on!r})", game.where(row, "on"),
                        "key the row by 'roll:' (numbers)" if table.form == "pool" else "key the row by 'face:'",
                        game.id)


def _names(text: str, shape: Shape) -> list[ExprError]:
    """Names a dice row cannot read: the game's (the table's odds are the dice's alone) and dice it lacks."""
    try:
        node = parse(text)
    except ExprError:
        return []  # the expression check reports it, at its character
    found = []
    for n in walk(node):
        if not isinstance(n, Name):
            continue
        if n.name.startswith(_GAME_NAMES) or n.name == "round":
            found.append(ExprError(f"'{n.name}' is not available in a dice table's row", n.at,
                                   ROLL_HINT + "; to roll the table only in some state of the game, give the "
                                   "table only_when"))
        elif n.name[0] == "d" and n.name[1:].isdigit() and not 1 <= int(n.name[1:]) <= shape.count:
            dice = " and ".join(f"d{k}" for k in range(1, shape.count + 1)) if shape.count <= 3 else \
                f"d1 to d{shape.count}"
            found.append(ExprError(f"'{n.name}': the table rolls {shape.count} "
                                   f"{'die' if shape.count == 1 else 'dice'} ({dice})", n.at,
                                   "name a die the table rolls"))
    return found


def _expressions(index: GameIndex, table: DiceTable, shape: Shape) -> Iterator[Problem]:
    game = index.game
    scope = roll_scope(shape)
    for i, row in enumerate(table.rows):
        text = row.on
        if text is None:
            continue
        problems = _names(text, shape) or list(check_expression(text, scope, want="condition").problems)
        for problem in problems[:1]:  # the first: later ones often follow from it
            offset = min(problem.offset, max(len(text) - 1, 0))
            yield error("dice-condition", f"table '{table.id}': row {i + 1} on {text!r}: {problem.message}",
                        game.where_in_text(row, "on", offset, text[offset:] or None),
                        problem.hint or "write a condition on the dice, such as doubles or any(d == 1)", game.id)


def _key(row) -> str:
    return f"on {row.on!r}" if row.on is not None else f"'{row.roll}'"


def _rows_text(indexes: list[int]) -> str:
    numbers = [str(i + 1) for i in sorted(indexes)]
    return ("row " + numbers[0]) if len(numbers) == 1 else "rows " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def check_table(index: GameIndex, table: DiceTable, shape: Shape) -> Iterator[Problem]:
    """A numbered roll with condition rows: its budget, its conditions, then coverage over every outcome."""
    game = index.game
    reason = unsupported(shape)
    if reason:
        key = next(k for k in ("keep", "reroll", "explode") if getattr(table, k))
        yield error("dice-condition", f"table '{table.id}': its rows are conditions on the dice, but {reason}",
                    game.where(table, key, key=True), f"remove '{key}' or key every row by 'roll:'", game.id)
        return
    count = outcome_count(shape)
    if count > MAX_CONDITION_OUTCOMES:
        yield error("dice-budget", f"table '{table.id}': its rows read the dice one by one, and "
                    f"{table.dice or table.custom_die} falls {count:,} ways (at most {MAX_CONDITION_OUTCOMES:,})",
                    game.where(table, "dice" if table.dice else "custom_die"),
                    "roll fewer dice, or key the rows by the total ('roll:')", game.id)
        return
    offsets = sorted(reachable_offsets(table.modifiers).values(), key=lambda o: sum(c for _, c in o.counts))
    if count * len(offsets) > MAX_CONDITION_CELLS:
        yield error("dice-budget", f"table '{table.id}': {count:,} outcomes of the dice under {len(offsets):,} "
                    f"modifier totals are {count * len(offsets):,} to read (at most {MAX_CONDITION_CELLS:,})",
                    game.where(table, "modifiers"), "narrow the modifiers' count ranges", game.id)
        return
    expression_problems = list(_expressions(index, table, shape))
    yield from expression_problems
    if expression_problems:
        return  # coverage of a condition that cannot be read would only repeat it
    yield from _coverage(index, table, shape, offsets)


def _coverage(index: GameIndex, table: DiceTable, shape: Shape, offsets) -> Iterator[Problem]:
    game = index.game
    reader, falls = Reader(shape, rows_key(table)), outcomes(shape)
    rows = len(table.rows)
    holds: list[bool] = [False] * rows  # of a row that never applies: whether it holds for some roll at all
    applies: list[bool] = [False] * rows
    takers: list[set[int]] = [set() for _ in range(rows)]  # the rows that take a row's outcomes before it
    uncovered, example = 0, None
    for offset in offsets:
        for fall in falls:
            total = fall.total + offset.value
            first = reader.first(fall, total)
            if first < 0:
                uncovered += 1
                if example is None:
                    example = outcome_text(fall, shape, total) + \
                        (f" with {offset.describe(table.modifiers)}" if offset.counts else "")
                continue
            applies[first] = True
            for i in range(first + 1, rows):
                if not applies[i] and reader.holds(i, fall, total):
                    holds[i] = True
                    takers[i].add(first)
    if example is not None:
        more = f" and {uncovered - 1:,} other outcome{'s' if uncovered > 2 else ''}" if uncovered > 1 else ""
        mods = " with its modifiers" if table.modifiers else ""
        yield error("dice-gap", f"table '{table.id}': no row applies when the dice show {example}{more}{mods}",
                    game.where(table, "rows"), "add a row for it, or end the table with a row every roll takes "
                    "(a range such as '2+' for the rest)", game.id)
    for i, row in enumerate(table.rows):
        key = "on" if row.on is not None else "roll"
        if applies[i]:
            continue
        if not holds[i]:
            yield error("dice-unreachable", f"table '{table.id}': row {i + 1} ({_key(row)}) holds for no roll of "
                        "the dice", game.where(row, key), "fix the condition or remove the row", game.id)
        else:
            yield warning("dice-row-shadowed", f"table '{table.id}': row {i + 1} ({_key(row)}) never applies: "
                          f"{_rows_text(sorted(takers[i]))} above it take{'s' if len(takers[i]) == 1 else ''} "
                          "every roll it holds for (rows are read from the top, the first that holds applies)",
                          game.where(row, key), "move the row above the rows that take its rolls, or remove it",
                          game.id)

