"""Typed models of rule data: the single source of the YAML format and its JSON Schema."""

from .base import Example, RuleModel, Step
from .cards import Card, CardsFile, Deck
from .catalog import CatalogFile, CatalogItem, Resource
from .dice import CustomDie, DiceExpr, DiceFile, DiceRow, DiceTable, DieFace, Modifier
from .game import ChangelogEntry, Component, Constant, GameFile, OpenQuestion, Range, Section, Variant
from .glossary import GlossaryFile, Term
from .icons import Glyph, Icon, IconsFile
from .phases import Phase, PhasesFile

# One file per concept in rules_data/<game>/ ; the key is the file's stem.
FILE_KINDS: dict[str, type[RuleModel]] = {
    "game": GameFile,
    "phases": PhasesFile,
    "dice": DiceFile,
    "terms": GlossaryFile,
    "icons": IconsFile,
    "cards": CardsFile,
    "catalog": CatalogFile,
}

__all__ = [
    "FILE_KINDS", "Card", "CardsFile", "CatalogFile", "CatalogItem", "ChangelogEntry", "Component", "Constant",
    "CustomDie", "Deck", "DiceExpr", "DiceFile", "DiceRow", "DiceTable", "DieFace", "Example", "GameFile",
    "GlossaryFile", "Glyph", "Icon", "IconsFile", "Modifier", "OpenQuestion", "Phase", "PhasesFile", "Range",
    "Resource", "RuleModel", "Section", "Step", "Term", "Variant",
]
