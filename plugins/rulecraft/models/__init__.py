"""Typed models of rule data: the single source of the YAML format and its JSON Schema.

The pydantic models are loaded on first use of one of the names below (``from rulecraft.models import
Phase``). Code that only reads rule data imports ``models.records`` and the other modules of this package
(index, links, numbering, textrefs, ...), which never load pydantic: a build from the snapshot does not
need it (see records.py).
"""

from __future__ import annotations

import importlib

_MODULE_OF = {
    "Example": "base", "RuleModel": "base", "Step": "base",
    "Card": "cards", "CardsFile": "cards", "Deck": "cards",
    "CatalogFile": "catalog", "CatalogItem": "catalog", "Exchange": "catalog", "NamedCost": "catalog",
    "Requirement": "catalog", "Resource": "catalog", "Use": "catalog", "UseLimit": "catalog",
    "FaqEntry": "faq", "FaqFile": "faq",
    "Formula": "formulas", "Input": "formulas",
    "CustomDie": "dice", "DiceExpr": "dice", "DiceFile": "dice", "DiceRow": "dice", "DiceTable": "dice",
    "DieFace": "dice", "Modifier": "dice",
    "ChangelogEntry": "game", "Component": "game", "Constant": "game", "GameFile": "game", "OpenQuestion": "game",
    "PlayerCount": "game", "Range": "game", "Section": "game", "Variant": "game",
    "VersionsConfig": "game",
    "GlossaryFile": "glossary", "Term": "glossary",
    "Glyph": "icons", "Icon": "icons", "IconsFile": "icons",
    "DiceRuling": "rulings", "ModifierChange": "rulings", "Ruling": "rulings",
    "Phase": "phases", "PhasesFile": "phases", "TurnStart": "phases",
    "Legend": "tables", "LegendCode": "tables", "ReferenceTable": "tables", "TableColumn": "tables",
    "TablesFile": "tables",
}

# One file per concept in rules_data/<game>/ ; the key is the file's stem.
_FILE_KINDS = {"game": "GameFile", "phases": "PhasesFile", "dice": "DiceFile", "terms": "GlossaryFile",
               "icons": "IconsFile", "cards": "CardsFile", "catalog": "CatalogFile",
               "tables": "TablesFile", "faq": "FaqFile"}


def __getattr__(name: str):
    if name == "FILE_KINDS":
        value = {stem: __getattr__(model) for stem, model in _FILE_KINDS.items()}
    elif name in _MODULE_OF:
        value = getattr(importlib.import_module(f".{_MODULE_OF[name]}", __name__), name)
    else:  # a submodule (``from rulecraft.models import links``) is imported by the import system
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = ["FILE_KINDS", *_MODULE_OF]
