"""Reference tables and legends: every row's cells are the table's columns, row names are unique, required
cells are given, a legend column's cells hold only that legend's codes, and a legend declares each code
once. A legend named by a column that does not exist is a dangling reference (checks.references)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models.index import GameIndex
from ..models.records import cell_tokens
from ..problems import Problem, error


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for legend in game.legends:
        seen: dict[str, int] = {}
        for i, entry in enumerate(legend.codes):
            if entry.code in seen:
                yield error("legend-duplicate-code", f"legend '{legend.id}' declares code '{entry.code}' twice",
                            game.where(legend, "codes", i, "code"),
                            f"remove one of the two (the first is code {seen[entry.code] + 1})", game.id)
            seen.setdefault(entry.code, i)
    for table in game.reference_tables:
        yield from _table(index, table)


def _table(index: GameIndex, table) -> Iterator[Problem]:
    game = index.game
    ids = [c.id for c in table.columns]
    for i, column in enumerate(table.columns):
        if column.id in ids[:i]:
            yield error("table-duplicate-column", f"table '{table.id}' has two columns '{column.id}'",
                        game.where(table, "columns", i, "id"), "give each column an id of its own", game.id)
    if table.key is not None and table.key not in ids:
        yield error("table-unknown-column", f"table '{table.id}' names key '{table.key}', which is not one of "
                    f"its columns", game.where(table, "key"), _did_you_mean(table.key, ids), game.id)
        return
    key = table.key_column
    names: dict[str, int] = {}
    for r, row in enumerate(table.rows):
        for name in row:
            if name not in ids:
                yield error("table-unknown-column", f"row {r + 1} of table '{table.id}' gives '{name}', which is "
                            "not one of its columns", game.where(table, "rows", r, name, key=True),
                            _did_you_mean(name, ids), game.id)
        for column in table.columns:
            value = row.get(column.id)
            empty = value is None or (isinstance(value, str) and not value.strip())
            if empty and (column.required or column.id == key):
                what = "names no row" if column.id == key else f"gives no '{column.title}'"
                yield error("table-empty-cell", f"row {r + 1} of table '{table.id}' {what}",
                            game.where(table, "rows", r), f"write the row's {column.id}: ...", game.id)
            elif column.legend and isinstance(value, str):
                yield from _codes(index, table, r, column, value)
        name = table.row_key(row)
        if name and name in names:
            yield error("table-duplicate-row", f"table '{table.id}' has two rows named '{name}' (rows "
                        f"{names[name] + 1} and {r + 1})", game.where(table, "rows", r, key),
                        "merge them, or name each row differently", game.id)
        names.setdefault(name, r)


def _codes(index: GameIndex, table, r: int, column, value: str) -> Iterator[Problem]:
    legend = index.legends.get(column.legend)
    if legend is None:
        return  # the legend itself is missing: one dangling-legend error says so
    for token in cell_tokens(value):
        if legend.entry_for(token) is None:
            codes = [c.code for c in legend.codes]
            yield error("legend-undefined-code", f"row {r + 1} of table '{table.id}' shows '{token}' in column "
                        f"'{column.id}', which legend '{legend.id}' does not declare",
                        index.game.where_in_text(table, ("rows", r, column.id), value.find(token), token),
                        _did_you_mean(token, codes, f"add it to legend '{legend.id}' (codes: {', '.join(codes)})"),
                        index.game.id)


def _did_you_mean(name: str, known: list[str], otherwise: str = "") -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else (otherwise or "the columns are: " + ", ".join(known))
