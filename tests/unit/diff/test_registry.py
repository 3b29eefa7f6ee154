"""Every model kind has a diff handler, registered by name: a new kind fails here until it is registered
(if only as the generic field-by-field one)."""

from __future__ import annotations

import pytest

from rulecraft.diff import registry
from rulecraft.diff.handlers import Generic
from rulecraft.models import records


@pytest.mark.parametrize("kind", sorted(records.MODEL_KINDS))
def test_every_model_kind_has_a_diff_handler(kind):
    assert kind in registry.HANDLERS, f"model kind {kind} has no diff handler: register one in diff/registry.py"


def test_the_registry_names_only_model_kinds():
    assert sorted(set(registry.HANDLERS) - set(records.MODEL_KINDS)) == []


def test_the_generic_handler_is_only_ever_registered_explicitly():
    class Unregistered(records.Model):
        __slots__ = ()

    with pytest.raises(registry.UnregisteredKind, match="no handler for the model kind Unregistered"):
        registry.handler_for(Unregistered())


def test_the_kinds_with_a_meaning_of_their_own_are_not_left_to_the_generic_handler():
    meaningful = ["Phase", "Step", "Term", "Constant", "DiceTable", "DiceRow", "Modifier", "Card", "Deck", "Variant",
                  "CatalogItem", "ReferenceTable", "Formula", "Legend", "LegendCode", "GameFile", "Section"]
    assert [k for k in meaningful if isinstance(registry.HANDLERS[k], Generic)] == []
