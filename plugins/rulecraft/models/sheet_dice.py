"""Dice tables the cheat sheet prints as one: rolls that differ only in a name.

Two tables are *alike* when a player rolls and reads them the same way, which is everything a table holds
but for these:

* its ``id`` and ``title`` (the name),
* a pool's counted thing (``pool.dice.label``: "employee in Production" / "employee in Research") and what
  each success gives (``pool.per_success``): the wording of the result,
* what the sheet never prints: ``notes``, ``todo``, ``designer_note``, ``accept``, and the designer's
  ``assumed`` remarks on a modifier's or a span's limit.

So the dice, keep/reroll/explode, ``per``, ``when``, ``from_round``, ``only_when``, ``variant``, every
modifier (label, value, counts, formula, condition), the form and its rules (a pool's success, its range of
dice and the size its chances are worked out for, an opposed roll's sides...), the rows (their totals *and*
their results) and ``any_result`` must all be equal. The comparison lists what may differ, never what must
match: a field added to dice tables later keeps tables apart until someone decides it is only a name.
Grids (``columns``) never merge: each is a table of its own.

Alike tables print as one box (render/cheatsheet.py, estimated in models/cheatsheet.py): a heading, the
shared rule once, one row per table (its title and what differs), and the shared odds once. The box may
break between its rows at a column's foot (each row names its table), never before its first row: one long
unbreakable box would leave the foot of a column empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dice.conditions import CONDITION_ORDER, has_conditions
from ..dice.forms import form_summary
from .records import Model

if TYPE_CHECKING:
    from . import DiceTable
    from .index import GameIndex

# What two alike tables may differ in (see the module): the name, and what the sheet does not print.
_NAME_FIELDS = {"id", "title", "notes", "todo", "designer_note", "accept"}
_UNPRINTED = {"assumed", "todo", "accept", "designer_note"}  # at any depth: remarks on the rules, not rules


def _fields(value, skip=frozenset()):
    """A rule object's fields as plain data, the designer's remarks left out at any depth. Read from the
    object itself (``vars``), not pydantic's dump: a build from the snapshot has records, not models
    (models/records.py)."""
    if isinstance(value, Model):
        return {k: _fields(v) for k, v in vars(value).items() if k not in _UNPRINTED and k not in skip}
    if isinstance(value, dict):
        return {k: _fields(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fields(v) for v in value]
    return value


def alike_key(table: DiceTable) -> str | None:
    """What must be equal for tables to print as one (None: the table never merges)."""
    if table.columns is not None:
        return None
    data = _fields(table, _NAME_FIELDS)
    pool = data.get("pool")
    if pool:
        pool.pop("per_success", None)
        pool["dice"].pop("label", None)
    for row in data.get("rows", []):
        row.pop("id", None)  # a row's anchor: a name too
    return repr(sorted(data.items()))


def sheet_dice_units(tables: list[DiceTable]) -> list[list[DiceTable]]:
    """The sheet's dice units in order: a lone table, or alike tables together, where the first of them is."""
    units: list[list[DiceTable]] = []
    by_key: dict[str, list[DiceTable]] = {}
    for table in tables:
        key = alike_key(table)
        if key is not None and key in by_key:
            by_key[key].append(table)
            continue
        unit = [table]
        units.append(unit)
        if key is not None:
            by_key[key] = unit
    return units


@dataclass(frozen=True)
class AlikeRow:
    """One table of an alike unit: its name and, in words, what differs."""

    table: DiceTable
    counted: str | None  # "per employee in Production", when the counted things differ
    result: str | None  # what each success gives, when that differs


def alike_rows(tables: list[DiceTable]) -> list[AlikeRow]:
    pools = [t.pool for t in tables]
    labels = {p.dice.label for p in pools if p}
    gains = {(p.per_success or "").strip() for p in pools if p}
    own = counted_by_name(tables) is not None  # the shared line says it once
    return [AlikeRow(t, f"per {t.pool.dice.label}" if t.pool and len(labels) > 1 and not own else None,
                     (t.pool.per_success or "").strip() or None if t.pool and len(gains) > 1 else None)
            for t in tables]


def counted_by_name(tables: list[DiceTable]) -> str | None:
    """The counted things in one phrase when each table's differs from the others' only by words of its own
    title: 'employee in Production' ... in 'Production department' ... give 'employee in Production,
    Research, HR or Sales (whichever is rolled)'. None when they differ otherwise (each row then says its own)."""
    if not all(t.pool for t in tables):
        return None
    labels = [t.pool.dice.label.split() for t in tables]
    if len({" ".join(words) for words in labels}) < 2:
        return None
    prefix = 0
    while prefix < min(map(len, labels)) and len({words[prefix].casefold() for words in labels}) == 1:
        prefix += 1
    tails = [" ".join(words[prefix:]) for words in labels]
    for tail, table in zip(tails, tables):
        title = " ".join(w.casefold() for w in table.title.split())
        if not prefix or not tail or f" {tail.casefold()} " not in f" {title} ":
            return None
    return " ".join(labels[0][:prefix]) + " " + ", ".join(tails[:-1]) + f" or {tails[-1]} (whichever is rolled)"


def alike_row_text(row: AlikeRow) -> str:
    """The row's cell in words (the estimate measures this; the renderer sets the same words)."""
    return ": ".join(part for part in (row.counted, row.result) if part)


def alike_heading(tables: list[DiceTable]) -> str:
    """The unit's heading from what the titles share: 'Production department', 'HR department' ... give
    'Department rolls'; 'Rifle shot', 'Pistol shot' give 'Shot rolls'; 'Ranged combat roll', 'Melee combat roll' give
    'Combat rolls'; nothing shared but 'roll' or a joining word ('Roll for weather', 'Roll for income'): the
    titles in a row."""
    words = [t.title.split() for t in tables]
    folded = [[w.casefold() for w in ws] for ws in words]
    suffix = 0
    while suffix < min(map(len, words)) - 1 and len({ws[-1 - suffix] for ws in folded}) == 1:
        suffix += 1
    prefix = 0
    while prefix < min(map(len, words)) - 1 and len({ws[prefix] for ws in folded}) == 1:
        prefix += 1
    shared = words[0][len(words[0]) - suffix:] if suffix >= prefix and suffix else words[0][:prefix]
    while shared and shared[0].casefold() in _JOINING:  # 'for weather', 'for income' share 'for': no name
        shared = shared[1:]
    while shared and shared[-1].casefold() in _JOINING:
        shared = shared[:-1]
    if not shared or all(w.casefold() in _ROLL_WORDS for w in shared):  # 'Attack roll', 'Defence roll'
        return " · ".join(t.title for t in tables)
    last = shared[-1].casefold()
    if last in _ROLL_WORDS:  # 'Ranged combat roll', 'Melee combat roll': 'Combat rolls'
        shared = shared[:-1] + [shared[-1] if last.endswith("s") else shared[-1] + "s"]
    else:
        shared = shared + ["rolls"]
    text = " ".join(shared)
    return text[:1].upper() + text[1:]


_JOINING = {"a", "an", "the", "for", "of", "on", "to", "in", "at", "by", "and", "or"}
_ROLL_WORDS = {"roll", "rolls", "test", "tests", "check", "checks", "table", "tables", "throw", "throws"}


def alike_line(tables: list[DiceTable], index: GameIndex) -> str:
    """The shared rule in one line, as ``dice_line`` says a lone table's, without what differs: '1d6; each 4+
    succeeds; +1 per Improved Methods card on the department (0–4)' (each row: 'per employee in Sales')."""
    from .cheatsheet import modifiers_line

    first = tables[0]
    die = index.dice.get(first.custom_die) if first.custom_die else None
    line = (die.name if die else first.custom_die or first.dice or "") + (f" per {first.per}" if first.per else "")
    rows = alike_rows(tables)
    if first.pool:
        pool = first.pool
        counted = counted_by_name(tables)
        if counted:
            line += f"; one die per {counted}"
        elif not rows[0].counted:  # else each row says what it counts: "per employee in Production"
            line += f"; one die per {pool.dice.label}"
        line += f"; each {pool.success} succeeds"
        if pool.per_success and not rows[0].result:
            line += f"; each success: {pool.per_success.strip().rstrip('.')}"
    elif first.form != "table":
        line += "; " + form_summary(first, {t.id: t.title for t in index.game.tables})
    if first.modifiers:
        line += "; " + modifiers_line(first)
    if has_conditions(first):
        line += "; " + CONDITION_ORDER
    return line
