"""tables.yaml: reference tables — charts players read rather than roll or buy (terrain effects, movement
costs, results by player count) — and legends, the codes a table's cells use declared once with their
meaning (a combat results table's AE, DR, EX)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from . import records
from .base import (
    NOTE_HELP,
    AcceptReason,
    Id,
    ProblemCode,
    RuleModel,
    ShortText,
    Text,
    VariantChoice,
    accept_field,
    variant_field,
)

# A code is what a cell prints: letters and digits, '#' standing for a number (D# matches D1, D2...).
CODE_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9#*'+-]{0,11}$"
Code = Annotated[str, StringConstraints(pattern=CODE_PATTERN)]
Cell = Text | int | float | None  # empty (None): nothing stated for this row


class LegendCode(RuleModel):
    code: Code = Field(description="What a cell shows: 'AE', 'DR', 'D#' ('#' stands for a number: D1, D2...).")
    meaning: Text = Field(description="What it means: 'Attacker eliminated'. '#' in a '#' code's meaning is "
                          "read as that number.")


class Legend(RuleModel, records.Legend):
    id: Id
    title: ShortText = Field(default="Key", description="The legend's heading: 'Results', 'Key'.")
    codes: list[LegendCode] = Field(min_length=1)
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class TableColumn(RuleModel):
    id: Id = Field(description="The key each row gives this column's cell under.")
    title: ShortText
    required: bool = Field(default=False, description="Every row must give this cell (the checker says which "
                           "row does not).")
    legend: Id | None = Field(default=None, description="The cells are codes of this legend (one or more, "
                              "separated by spaces or '/'; '—' for none); each must be one of its codes.")
    sheet: bool = Field(default=True, description="false: the cheat sheet leaves this column out (a column of "
                        "long notes), the pages show it.")


class ReferenceTable(RuleModel, records.ReferenceTable):
    id: Id
    title: ShortText
    text: Text | None = Field(default=None, description="What the table is for, shown above it.")
    columns: list[TableColumn] = Field(min_length=1, description="In order; the first is the row's name "
                                       "unless 'key' names another.")
    key: Id | None = Field(default=None, description="The column naming each row (unique in the table); "
                           "default: the first.")
    rows: list[dict[Id, Cell]] = Field(min_length=1, description="One mapping per row: column id -> cell "
                                       "(text with references, or a number).")
    notes: Text | None = None
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    variant: VariantChoice | None = variant_field()
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class TablesFile(RuleModel):
    legends: list[Legend] = Field(default_factory=list)
    tables: list[ReferenceTable] = Field(default_factory=list)
