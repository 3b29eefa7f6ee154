"""Every model kind and how the diff treats it: an explicit table, kept equal to ``records.MODEL_KINDS``
by a test (tests/unit/diff/test_registry.py), so a new kind of rule data cannot slip through a diff
unseen: it must be registered here, if only as ``GENERIC`` (compared field by field)."""

from __future__ import annotations

from typing import Any

from .dice_tables import DiceSubject
from .game_file import GameSubject, ReferenceTableSubject
from .handlers import FileSubject, Generic, Handler, Part, Subject
from .named import CardSubject, CombinationSubject, ConstantSubject, TermSubject
from .phases import PhaseSubject

GENERIC = Generic()

HANDLERS: dict[str, Handler] = {
    # Subjects: matched by id across the versions, one change each.
    "GameFile": GameSubject(),
    "Phase": PhaseSubject(),
    "PhaseGroup": Subject("group", "Stage"),
    "TurnStart": Subject("start-of-turn", "Start of turn", id_from="position"),
    "Term": TermSubject(),
    "Constant": ConstantSubject(),
    "DiceTable": DiceSubject(),
    "CustomDie": Subject("die", "Custom die"),
    "Deck": Subject("deck", "Deck"),
    "Card": CardSubject(),
    "Component": Subject("component", "Component"),
    "Variant": Subject("variant", "Variant"),
    "Combination": CombinationSubject(),
    "State": Subject("state", "Game state"),
    "GameEvent": Subject("event", "Event"),
    "Input": Subject("input", "Input"),
    "Formula": Subject("formula", "Formula"),
    "Section": Subject("section", "Section"),
    "ChangelogEntry": Subject("changelog", "Changelog entry", id_from="version"),
    "OpenQuestion": Subject("question", "Open question"),
    "CatalogItem": Subject("item", "Catalog item"),
    "Resource": Subject("resource", "Resource"),
    "Exchange": Subject("exchange", "Exchange", id_from="position"),
    "ReferenceTable": ReferenceTableSubject(),
    "Legend": Subject("legend", "Legend"),
    "Icon": Subject("icon", "Icon"),
    "FaqEntry": Subject("faq", "Errata and FAQ entry"),
    # The files: their own settings (the items they list are subjects of their own).
    "PhasesFile": FileSubject("phases", "Turn sequence (phases.yaml)"),
    "DiceFile": FileSubject("dice", "Dice (dice.yaml)"),
    "GlossaryFile": FileSubject("terms", "Glossary (terms.yaml)"),
    "IconsFile": FileSubject("icons", "Icons (icons.yaml)"),
    "CardsFile": FileSubject("cards", "Cards (cards.yaml)"),
    "CatalogFile": FileSubject("catalog", "Catalog (catalog.yaml)"),
    "TablesFile": FileSubject("tables", "Tables (tables.yaml)"),
    "FaqFile": FileSubject("faq", "Errata and FAQ (faq.yaml)"),
    # Parts: pieces of their subject, matched inside their list.
    "Step": Part("step"),
    "Example": Part("example", key_fields=()),
    "DiceRow": Part("row"),
    "Modifier": Part("modifier"),
    "ColumnShift": Part("shift"),
    "DieFace": Part("face"),
    "GridRow": Part("row", key_fields=("roll",), label_field="roll"),
    "ChartEntry": Part("entry", key_fields=("at",), label_field="at"),
    "LegendCode": Part("code", key_fields=("code",), label_field="code"),
    "TableColumn": Part("column"),
    "NamedCost": Part("price"),
    "Use": Part("use", key_fields=("name",), label_field="name"),
    "AcceptEntry": Part("accepted warning", key_fields=("code", "at")),
    "Ruling": Part("ruling"),
    # Values without a meaning of their own: compared field by field where they are.
    **{name: GENERIC for name in (
        "Beyond", "Characteristic", "Chart", "ChartDifference", "CheatsheetConfig", "CheckSettings",
        "DiceExpr", "DiceRuling", "DifferenceAxis", "Explode", "Glyph", "GridColumns", "Keep", "ModifierChange",
        "Opposed", "PickAxis", "PlayerCount", "Pool", "Range", "RatioAxis", "Requirement", "Reroll", "RuleModel", "Side", "Span",
        "Target", "UseLimit", "VersionsConfig")},
}


class UnregisteredKind(LookupError):
    pass


def handler_for(obj: Any) -> Handler:
    name = type(obj).__name__
    found = HANDLERS.get(name)
    if found is None:
        raise UnregisteredKind(f"the diff has no handler for the model kind {name}: register one in "
                               "rulecraft/diff/registry.py")
    return found
