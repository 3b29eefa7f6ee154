"""Writing the import: data files (with schema lines) and the prose page, each validated by the models."""

from __future__ import annotations

from pathlib import Path

from rulecraft.models import (
    FILE_KINDS,
    Card,
    CatalogItem,
    ChangelogEntry,
    Component,
    CustomDie,
    Deck,
    DiceRow,
    DiceTable,
    DieFace,
    GameFile,
    Legend,
    LegendCode,
    Phase,
    ReferenceTable,
    Resource,
    Step,
    TableColumn,
    Term,
)

from ..yamlwrite import compact, data_file_text
from .inert import inert
from .state import State

COMMENTS = {
    "game": "Imported by `rulecraft import`: check every todo, then delete the todo lines.",
    "phases": "The turn sequence read from the source's list. Numbers are derived: do not type them.",
    "dice": "Dice tables read from die-roll lists. `rulecraft check` proves each covers every roll.",
    "terms": "Glossary entries read from 'Term -- definition' lists.",
    "cards": "Cards read from card lists: one row per card with a qty (see `rulecraft cards export`).",
    "tables": "Reference tables and the keys (legends) read from the source's tables, every cell as written.",
    "catalog": "What the rules price (buildings, units, upgrades...) with their costs, requirements and limits.",
}


# nested lists and the model their items follow, so keys come out in the models' order
NESTED = {
    GameFile: {"components": Component, "changelog": ChangelogEntry, "setup": Step, "end_of_game": Step,
               "scoring": Step},
    Phase: {"subphases": Phase, "alternatives": Phase, "steps": Step},
    Step: {"steps": Step},
    DiceTable: {"rows": DiceRow},
    CustomDie: {"faces": DieFace},
    Deck: {"cards": Card},
    Legend: {"codes": LegendCode},
    ReferenceTable: {"columns": TableColumn},
}
TOP = {"phases": ("phases", Phase), "dice": ("dice", CustomDie), "terms": ("terms", Term), "cards": ("decks", Deck)}


def ordered(data, model):
    """``data`` with its keys in the order the model declares its fields (recursively)."""
    if isinstance(data, list):
        return [ordered(item, model) for item in data]
    if not isinstance(data, dict):
        return data
    fields = list(model.model_fields)
    nested = NESTED.get(model, {})
    out = {key: data[key] for key in sorted(data, key=lambda k: fields.index(k) if k in fields else len(fields))}
    return {key: ordered(value, nested[key]) if key in nested else value for key, value in out.items()}


def data_files(state: State) -> dict[str, dict]:
    files = {"game": state.game}
    if state.phases:
        files["phases"] = {"phases": state.phases}
    if state.tables:
        files["dice"] = {"dice": state.dice, "tables": state.tables} if state.dice else {"tables": state.tables}
    if state.terms:
        files["terms"] = {"terms": state.terms}
    if state.decks:
        files["cards"] = {"decks": state.decks}
    if state.ref_tables or state.legends:
        files["tables"] = {"legends": state.legends, "tables": state.ref_tables}
    if state.catalog:
        files["catalog"] = state.catalog
    out = {}
    for kind, data in files.items():
        data = compact(data)
        if kind == "game":
            data = ordered(data, GameFile)
        elif kind == "dice":
            data = {"dice": ordered(data.get("dice", []), CustomDie), "tables": ordered(data["tables"], DiceTable)}
            data = compact(data)
        elif kind == "catalog":
            data = {"resources": ordered(data["resources"], Resource), "items": ordered(data["items"], CatalogItem),
                    **({"exchanges": data["exchanges"]} if data.get("exchanges") else {})}
        elif kind == "tables":
            data = compact({"legends": ordered(data.get("legends", []), Legend),
                            "tables": ordered(data.get("tables", []), ReferenceTable)})
        else:
            key, model = TOP[kind]
            data = {key: ordered(data[key], model)}
        out[kind] = _inert(data)
    return out


def _inert(data):
    """Every string of the data as text (inert.py): recognisers rebuild copied text (``plain`` drops backslash
    escapes), so what they kept is escaped once more on its way into the file."""
    if isinstance(data, dict):
        return {key: _inert(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_inert(item) for item in data]
    return inert(data) if isinstance(data, str) else data


def validate(files: dict[str, dict]) -> None:
    """Every file must load with its model; a failure here is an importer bug, reported as such."""
    for kind, data in files.items():
        FILE_KINDS[kind].model_validate(data)


def write(folder: Path, files: dict[str, dict], schemas: Path | None = None) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, data in files.items():
        path = folder / f"{kind}.yaml"
        path.write_text(data_file_text(folder, kind, data, COMMENTS.get(kind, ""), schemas), encoding="utf-8")
        written.append(path)
    return written
