"""Dice tables: every reachable roll hits exactly one row; custom dice agree with their tables."""

from __future__ import annotations

from collections.abc import Iterator

from ..dice.odds import numeric_coverage
from ..models import DiceTable
from ..models.index import GameIndex
from ..problems import Problem, error


def _numeric(index: GameIndex, table: DiceTable) -> Iterator[Problem]:
    game = index.game
    for i, row in enumerate(table.rows):
        if row.face is not None:
            yield error("dice-face-row", f"table '{table.id}' rolls {table.dice} but row {i + 1} names face "
                        f"'{row.face}'", game.where(row, "face"), "use 'roll:' with numbers here", game.id)
    if any(row.roll is None for row in table.rows):
        return
    cov = numeric_coverage(table)
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


def check(index: GameIndex) -> Iterator[Problem]:
    for table in index.game.tables:
        if table.custom_die:
            yield from _custom(index, table)
        elif table.dice:
            yield from _numeric(index, table)
