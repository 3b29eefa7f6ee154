"""`rulecraft import`: what the rules price (buildings, units, spells) becomes catalog.yaml, with costs,
requirements, replacements and limits; a price inside the turn (an action's) stays in the phase's text."""

from __future__ import annotations

import textwrap

import yaml
from gamekit import REPO

from rulecraft.cli.importer import import_rulebook

BOOK = REPO / "tests" / "unit" / "cli" / "rulebooks" / "thornwick-abbey.md"


def _import(tmp_path, text: str):
    source = tmp_path / "book.md"
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    return import_rulebook(source, tmp_path / "out", game_id="book")


def _catalog(result) -> dict:
    path = result.folder / "catalog.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}


def test_a_list_a_table_and_sub_headings_of_priced_things_are_the_catalog(tmp_path):
    result = import_rulebook(BOOK, tmp_path, game_id="thornwick")
    catalog = _catalog(result)
    assert catalog["resources"] == [{"id": "food", "name": "Food"}, {"id": "gold", "name": "Gold"},
                                    {"id": "ore", "name": "Ore"}]
    items = {item["id"]: item for item in catalog["items"]}
    assert list(items) == ["chapel", "monastery", "forge", "granary", "novice", "scribe", "cellarer",
                           "blessing-of-the-fields", "blessing-of-the-roads"]
    assert items["monastery"] == {"id": "monastery", "name": "Monastery", "kind": "Building",
                                  "cost": {"food": 3, "gold": 3, "ore": 1}, "requires": ["chapel"],
                                  "replaces": "chapel", "limit": 1,
                                  "effect": "Worth 3 crowns at the end of the game."}
    assert items["forge"]["cost"] == {"gold": 2, "ore": 1}, "the price in brackets after the name"
    assert items["forge"]["effect"].startswith("once per round, pay 1 Gold")
    assert items["cellarer"]["kind"] == "Brother" and items["cellarer"]["requires"] == ["monastery"]
    assert items["cellarer"]["cost"] == {"gold": 2, "food": 1}, "a table's cost cell, in the order written"
    assert items["blessing-of-the-roads"]["cost"] == {"gold": 1, "food": 1}
    # a requirement naming nothing the catalog holds stays in the text and is asked, located
    assert items["granary"]["effect"] == "Requires a Mill. Stores up to 6 Food between rounds."
    report = result.report_text
    assert "'Granary': 'Requires a Mill' names no item of the catalog" in report and "(line 36)" in report
    assert "| catalog items | 9 priced in 3 resource(s) |" in report
    assert "no cost model" not in report
    # the turn's 'Selling costs 1 Gold' is no item: kept in the phase, listed
    assert "'Market' costs 1 Gold: kept as text" in report
    phases = yaml.safe_load((result.folder / "phases.yaml").read_text(encoding="utf-8"))["phases"]
    assert "Selling costs 1 Gold" in phases[2]["rules"]
    assert "0 error(s), 0 warning(s)" in report


def test_the_prose_page_shows_each_kind_of_item_where_its_section_stood(tmp_path):
    result = import_rulebook(BOOK, tmp_path, game_id="thornwick")
    page = result.page.read_text(encoding="utf-8")
    assert "/// catalog\n" not in page
    assert page.index("## Buildings") < page.index("Buildings are built in the Build phase") \
        < page.index("/// catalog-kind | Building\n") < page.index("## Brothers\n\n/// catalog-kind | Brother\n") \
        < page.index("## Blessings\n\nBlessings are bought with gold and used at once.\n\n/// catalog-kind | Blessing")
    assert "### Blessing of the fields" not in page and "Cost: 2 gold" not in page
    assert "Section 'Blessings' was not recognised" not in result.report_text


def test_one_kind_of_item_is_the_whole_catalog_block_without_kinds(tmp_path):
    result = _import(tmp_path, """\
        # Harbour Lights

        ## Improvements

        - Brass Mount (3 coins): once per night, move your lens.
        - Second Eyepiece (4 coins): look at the top two cards.
        - Apprentice (6 coins): take one extra coin in every Refit step.
        """)
    items = _catalog(result)["items"]
    assert [(i["name"], i["cost"]) for i in items] == [("Brass Mount", {"coin": 3}), ("Second Eyepiece", {"coin": 4}),
                                                        ("Apprentice", {"coin": 6})]
    assert not any("kind" in i for i in items)
    assert _catalog(result)["resources"] == [{"id": "coin", "name": "Coins"}]
    assert "## Improvements\n\n/// catalog\n///" in result.page.read_text(encoding="utf-8")


def test_movement_costs_are_no_catalog(tmp_path):
    result = _import(tmp_path, """\
        # Hexfront

        ## Terrain

        - **Clear**: Costs 1 movement point.
        - **Forest**: Costs 2 movement points.
        - **River**: Costs 3 movement points.
        """)
    assert _catalog(result) == {}


def test_a_single_price_among_rules_is_no_catalog(tmp_path):
    result = _import(tmp_path, """\
        # Small Game

        ## Actions in town

        - **Rest**: Gain 2 health.
        - **Shop**: Costs 2 Gold. Draw an item card.
        - **Pray**: Gain 1 faith.
        """)
    assert _catalog(result) == {}


def test_any_of_requirements_and_a_price_that_is_no_amounts(tmp_path):
    result = _import(tmp_path, """\
        # Tower Lords

        ## Spells

        | Spell | Cost | Effect |
        |-------|------|--------|
        | Spark | 1 Mana | Deal 1 damage. |
        | Flame | 3 Mana | Deal 3 damage. Requires a Mage or a Warlock. |
        | Storm | X Mana | Deal X damage to every unit. |

        ## Units

        - **Mage**: Cost: 4 Gold. Casts spells.
        - **Warlock**: Cost: 5 Gold. Casts spells. Limit: 2.
        """)
    catalog = _catalog(result)
    items = {item["id"]: item for item in catalog["items"]}
    assert items["flame"]["requires"] == {"any_of": ["mage", "warlock"]}
    assert items["flame"]["effect"] == "Deal 3 damage."
    assert items["storm"]["cost"] == "variable" and items["storm"]["cost_note"] == "X Mana"
    assert "'Storm': its cost 'X Mana' is not amounts of resources" in result.report_text
    assert items["warlock"]["limit"] == 2 and items["mage"]["kind"] == "Unit"
    assert [r["id"] for r in catalog["resources"]] == ["mana", "gold"]
    assert "0 error(s)" in result.report_text
