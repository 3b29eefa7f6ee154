"""Dice tables: every expression fits the budget, every reachable roll hits exactly one row (under every
combination of modifiers), custom dice agree with their tables, opposed rolls and pools are decidable."""

from __future__ import annotations

from collections.abc import Iterator

from ..dice.conditions import has_conditions
from ..dice.forms import MAX_OPPOSED_PAIRS, opposed_chances, opposed_pairs, success_chance
from ..dice.odds import by_face, numeric_coverage
from ..dice.shape import MAX_DENOMINATOR, BudgetError, Shape, ShapeError, shape_of
from ..models import CustomDie, DiceExpr, DiceTable
from ..models.index import GameIndex
from ..problems import Problem, error
from . import dice_conditions

BUDGET_HINT = ("use fewer dice, fewer sides, keep fewer or a lower explode depth; a roll this large is best "
               "described in words (no 'dice:' odds)")


def _expr_key(expr: DiceExpr) -> str:
    return "dice" if expr.dice is not None else "custom_die"


def _resolve(index: GameIndex, table: DiceTable, expr: DiceExpr, what: str,
             path: tuple = ()) -> tuple[Shape | None, list[Problem]]:
    """The expression's shape, or the located budget / shape error instead of computing anything."""
    game = index.game
    try:
        return shape_of(expr, index.dice), []
    except BudgetError as exc:
        written = expr.dice or f"{expr.count or 1} × {expr.custom_die}"
        return None, [error("dice-budget", f"table '{table.id}': {what} {written} is too large to work out: {exc}",
                            game.where(table, *path, _expr_key(expr)), BUDGET_HINT, game.id)]
    except ShapeError as exc:
        return None, [error("dice-expression", f"table '{table.id}': {what}: {exc}",
                            game.where(table, *path, _expr_key(expr)),
                            "give the custom die's faces a 'value', or fix the reroll / explode values", game.id)]


def _numeric(index: GameIndex, table: DiceTable, die: CustomDie | None) -> Iterator[Problem]:
    game = index.game
    for i, row in enumerate(table.rows):
        if row.face is not None:
            yield error("dice-face-row", f"table '{table.id}' rolls {table.dice or table.custom_die} but row "
                        f"{i + 1} names face '{row.face}'", game.where(row, "face"),
                        "use 'roll:' with " + ("numbers of successes" if table.pool else "numbers") + " here",
                        game.id)
    if any(row.roll is None for row in table.rows) or not table.rows:
        return
    cov = numeric_coverage(table, die)
    span = f"{cov.reachable[0]}–{cov.reachable[-1]}"
    mods = "" if not table.modifiers else " with its modifiers"
    for rng, example in cov.gaps:
        yield error("dice-gap", f"table '{table.id}': no row covers {'total' if rng.low == rng.high else 'totals'} "
                    f"{rng.label} (reachable: {span}{mods}; e.g. {example})",
                    game.where(table, "rows"), "add a row for these totals or widen a neighbouring row "
                    "(an open end like '5+' covers every higher total)", game.id)
    for i, j, shared in cov.overlaps:
        yield error("dice-overlap", f"table '{table.id}': rows {i + 1} ('{table.rows[i].roll}') and {j + 1} "
                    f"('{table.rows[j].roll}') both cover {shared.label}",
                    game.where(table.rows[j], "roll"), "each total must belong to exactly one row", game.id)
    for i in cov.unreachable:
        yield error("dice-unreachable", f"table '{table.id}': row {i + 1} ('{table.rows[i].roll}') can never be "
                    f"rolled (reachable totals: {span}{mods})", game.where(table.rows[i], "roll"),
                    "fix the roll or remove the row", game.id)


def _custom(index: GameIndex, table: DiceTable) -> Iterator[Problem]:
    game = index.game
    die = index.dice.get(table.custom_die)
    if die is None:
        return  # reported as a dangling reference
    for key in ("modifiers", "count", "keep", "reroll", "explode"):
        if getattr(table, key):
            yield error("dice-expression", f"table '{table.id}': '{key}' needs numbers, but die '{die.id}' has "
                        "named faces without a 'value'", game.where(table, key, key=True),
                        "give every face of the die a 'value', or remove '" + key + "'", game.id)
    faces = {face.id: face for face in die.faces}
    seen: dict[str, int] = {}
    for i, row in enumerate(table.rows):
        if row.face is None:
            yield error("dice-roll-row", f"table '{table.id}' uses custom die '{die.id}' but row {i + 1} has a "
                        f"numeric roll '{row.roll}'", game.where(row, "roll"),
                        "use 'face:' with one of: " + ", ".join(faces), game.id)
            continue
        if row.face not in faces:
            yield error("dice-unknown-face", f"table '{table.id}': row {i + 1} names face '{row.face}', which die "
                        f"'{die.id}' does not have", game.where(row, "face"),
                        "faces of the die: " + ", ".join(faces), game.id)
        elif row.face in seen:
            yield error("dice-overlap", f"table '{table.id}': face '{row.face}' has two rows ({seen[row.face] + 1} "
                        f"and {i + 1})", game.where(row, "face"), "each face must have exactly one row", game.id)
        else:
            seen[row.face] = i
    missing = [f for f in faces if f not in seen]
    if missing:
        yield error("dice-gap", f"table '{table.id}': die '{die.id}' has face(s) {', '.join(missing)} with no row",
                    game.where(table, "rows"), "add a row for each face of the die", game.id)


def _opposed(index: GameIndex, table: DiceTable, attacker: Shape) -> Iterator[Problem]:
    game, opposed = index.game, table.opposed
    defender = attacker
    if opposed.defender_dice is not None:
        defender, problems = _resolve(index, table, opposed.defender_dice, f"{opposed.defender.possessive_form()} roll",
                                      ("opposed", "defender_dice"))
        yield from problems
        if defender is None:
            return
    pairs = opposed_pairs(attacker, defender)
    if pairs > MAX_OPPOSED_PAIRS:
        yield error("dice-budget", f"table '{table.id}': the two rolls pair up in {pairs:,} ways (at most "
                    f"{MAX_OPPOSED_PAIRS:,} are worked out exactly)", game.where(table, "opposed"), BUDGET_HINT,
                    game.id)
        return
    if opposed.ties == "reroll":
        stuck = [d for d in opposed.difference.values if opposed_chances(attacker, defender, d, "reroll")[2] == 1]
        if stuck:
            yield error("dice-never-decided", f"table '{table.id}': with a difference of {stuck[0]:+d} every roll is "
                        "a tie, so rerolling ties never ends", game.where(table, "opposed", "ties"),
                        "give the dice different values, or let one side win ties", game.id)


def _pool(index: GameIndex, table: DiceTable, shape: Shape) -> Iterator[Problem]:
    game, pool = index.game, table.pool
    good, faces = success_chance(shape, pool.threshold)
    if good in (0, faces):
        yield error("dice-pool-threshold", f"table '{table.id}': every die {'fails' if not good else 'succeeds'} "
                    f"on {pool.success} without modifiers, so the pool decides nothing",
                    game.where(table, "pool", "success"),
                    f"the die shows {min(shape.faces)} to {max(shape.faces)}: pick a value in between", game.id)
    most = pool.dice.range[1]
    if faces ** most > MAX_DENOMINATOR:
        yield error("dice-budget", f"table '{table.id}': {most} dice of {faces} faces have {faces}^{most} equally "
                    "likely outcomes (at most 2^53 can be added up exactly on the page)",
                    game.where(table, "pool", "dice", "range"), "lower the highest number of dice", game.id)


def check(index: GameIndex) -> Iterator[Problem]:
    for table in index.game.tables:
        die = index.dice.get(table.custom_die) if table.custom_die else None
        if table.custom_die and die is None:
            continue  # reported as a dangling reference
        conditions = has_conditions(table)  # rows read top-down over every outcome: dice_conditions.py
        if conditions and (by_face(table, die) or table.form != "table"):
            yield from dice_conditions.misplaced(index, table)
            continue
        if by_face(table, die):
            yield from _custom(index, table)
            continue
        shape, problems = _resolve(index, table, table, "the roll")
        yield from problems
        if shape is None:
            continue
        if table.form == "opposed":
            yield from _opposed(index, table, shape)
        elif table.form == "pool":
            pool_problems = list(_pool(index, table, shape))
            yield from pool_problems
            if not pool_problems:
                yield from _numeric(index, table, die)
        elif table.form == "table":
            yield from dice_conditions.check_table(index, table, shape) if conditions else _numeric(index, table, die)
