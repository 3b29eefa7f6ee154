"""`rulecraft import`: what the rules price (buildings, units, spells) becomes catalog.yaml, with costs,
requirements, replacements, limits and uses, and the rates of exchange; a price inside the turn (an action's) stays
in the phase's text."""

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
    # 'You may convert any resource into any other resource at 2:1. Once per Market phase you may also trade 3
    # Food for 1 Ore.' (the Market phase's text keeps them too)
    assert catalog["exchanges"] == [{"give": {"any": 2}, "get": {"any": 1}},
                                    {"give": {"food": 3}, "get": {"ore": 1}, "limit": {"times": 1, "per": "market"}}]
    items = {item["id"]: item for item in catalog["items"]}
    # the Brothers' list before their table: both read, in source order
    assert list(items) == ["chapel", "monastery", "forge", "granary", "prior", "almoner", "novice", "scribe",
                           "cellarer", "blessing-of-the-fields", "blessing-of-the-roads"]
    # 'Pray: pay 1 Food to gain 1 crown (once per Market phase).': crowns are no resource, so what it does is text
    assert items["chapel"]["uses"] == [{"name": "Pray", "cost": {"food": 1}, "effect": "Gain 1 crown.",
                                        "limit": {"times": 1, "per": "market"}}]
    assert items["chapel"]["effect"] == "Worth 1 crown at the end of the game."
    # 'Once per Harvest phase, you may pay 1 Food to gain 1 Ore.': Ore is a resource, so it is what the use gives
    assert items["prior"] == {"id": "prior", "name": "Prior", "kind": "Brother", "cost": {"gold": 4}, "limit": 1,
                              "uses": [{"cost": {"food": 1}, "gives": {"ore": 1},
                                        "limit": {"times": 1, "per": "harvest"}}]}
    assert items["monastery"] == {"id": "monastery", "name": "Monastery", "kind": "Building",
                                  "cost": {"food": 3, "gold": 3, "ore": 1}, "requires": ["chapel"],
                                  "replaces": "chapel", "limit": 1,
                                  "effect": "Worth 3 crowns at the end of the game."}
    assert items["forge"]["cost"] == {"gold": 2, "ore": 1}, "the price in brackets after the name"
    # a round is no phase of the game, yet a limit counts in it as in a phase
    assert items["forge"]["uses"] == [{"cost": {"gold": 1, "ore": 3}, "effect": "Gain 1 Might.",
                                       "limit": {"times": 1, "per": "round"}}] and "effect" not in items["forge"]
    assert items["cellarer"]["kind"] == "Brother" and items["cellarer"]["requires"] == ["monastery"]
    assert items["cellarer"]["cost"] == {"gold": 2, "food": 1}, "a table's cost cell, in the order written"
    assert items["blessing-of-the-roads"]["cost"] == {"gold": 1, "food": 1}
    # a requirement naming nothing the catalog holds stays in the text and is asked, located
    assert items["granary"]["effect"] == "Requires a Mill. Stores up to 6 Food between rounds."
    report = result.report_text
    assert "'Granary': 'Requires a Mill.' names no one item of the catalog for requires" in report
    assert "(line 37)" in report
    assert "'Forge'" not in report
    assert "| catalog items | 11 priced in 3 resource(s) |" in report
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
    assert page.count("/// catalog-kind | Brother") == 1 and "| Novice |" not in page and "Almoner" not in page
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

        ## Market

        At the market you may trade 2 Gold for 1 Mana, or trade 3 Gold for 1 Silver.
        """)
    catalog = _catalog(result)
    assert catalog["exchanges"] == [{"give": {"gold": 2}, "get": {"mana": 1}}], "Silver is no resource of the catalog"
    items = {item["id"]: item for item in catalog["items"]}
    assert items["flame"]["requires"] == {"any_of": ["mage", "warlock"]}
    assert items["flame"]["effect"] == "Deal 3 damage."
    assert items["storm"]["cost"] == "variable" and items["storm"]["cost_note"] == "X Mana"
    assert "'Storm': its cost 'X Mana' is not amounts of resources" in result.report_text
    assert items["warlock"]["limit"] == 2 and items["mage"]["kind"] == "Unit"
    assert [r["id"] for r in catalog["resources"]] == ["mana", "gold"]
    assert "0 error(s)" in result.report_text


def test_an_unnamed_entry_or_row_leaves_the_list_as_prose(tmp_path):
    result = _import(tmp_path, """\
        # Harvest Hall

        ## Buildings

        - **Farm**: Cost: 1 Wood. Makes food.
        - **Mill**: Cost: 2 Wood. Grinds.
        - **Barn**: Cost: 2 Wood. Stores.
        - **Market**: Cost: 3 Gold. Trades.
        - All buildings cost 1 less Wood in winter.
        """)
    assert _catalog(result) == {}
    assert "All buildings cost 1 less Wood in winter." in result.page.read_text(encoding="utf-8")


def test_the_turns_priced_actions_stay_the_turn(tmp_path):
    result = _import(tmp_path, """\
        # Harvest Hall

        ## Your Turn

        On your turn, take one of these actions:

        - **Build**: Cost: 2 Wood. Place a building.
        - **Recruit**: Cost: 3 Food. Take a worker.
        - **Harvest** (1 Food): Gain 2 Grain.
        """)
    assert _catalog(result) == {}
    assert (result.folder / "phases.yaml").is_file() or (result.folder / "game.yaml").is_file()
    assert "/// catalog" not in result.page.read_text(encoding="utf-8")


def test_fields_keep_the_sentences_they_cannot_read_in_place(tmp_path):
    result = _import(tmp_path, """\
        # Tower Lords

        ## Buildings

        - **Smithy** (x10) — Cost: 4 Coins. Draw 3 cards.
        - **Moat**: Cost: 2 Stone. Replaces your Wall (once per game).
        - **Wall**: Cost: 1 Stone. Upgrades: Moat.
        - **Keep**: Cost: 5 Stone. Deal 3 damage. Requires a Wall or Moat, and a Smithy. Holds 4 troops.
        - **Tower**: Cost: 3 gold or 2 gems. Sees far. Needs two free hands.
        """)
    items = {item["id"]: item for item in _catalog(result)["items"]}
    assert items["smithy"]["cost"] == {"coin": 4} and items["smithy"]["effect"] == "(x10) Draw 3 cards."
    assert "replaces" not in items["moat"] and items["moat"]["effect"] == "Replaces your Wall (once per game)."
    assert items["wall"]["replaces"] == "moat"
    assert "requires" not in items["keep"]
    assert items["keep"]["effect"] == "Deal 3 damage. Requires a Wall or Moat, and a Smithy. Holds 4 troops."
    assert "cost" not in items["tower"] and items["tower"]["effect"].startswith("Cost: 3 gold or 2 gems.")
    assert "Needs two free hands" in items["tower"]["effect"]
    report = result.report_text
    assert "'Keep': 'Requires a Wall or Moat, and a Smithy.' names no one item of the catalog" in report
    assert "'Tower': its price 'Cost: 3 gold or 2 gems' is not amounts of resources" in report
    assert "Needs two free hands" not in report.split("## Needs a human", 1)[1]


def test_prices_under_sub_headings_are_no_running_page_lines(tmp_path):
    result = _import(tmp_path, """\
        # Trolls

        ## Units

        ### Mage

        Cost: 4 Gold

        A caster.

        ### Frost

        Cost: 2 Gold

        Slow.

        ### Troll

        Cost: 3 Gold

        Big.
        """)
    assert [(i["name"], i["cost"]) for i in _catalog(result)["items"]] == [
        ("Mage", {"gold": 4}), ("Frost", {"gold": 2}), ("Troll", {"gold": 3})]
    assert "running page line" not in result.report_text


def test_a_kind_in_two_sections_or_typed_in_a_column_is_shown_once(tmp_path):
    result = _import(tmp_path, """\
        # Two Towns

        ## Village

        ### Buildings

        - **Hut**: Cost: 1 Wood. Sleeps two.
        - **Well**: Cost: 2 Stone. Gives water.

        ## City

        ### Buildings

        - **Hall**: Cost: 4 Stone. Holds a feast.
        - **Gate**: Cost: 3 Wood. Keeps raiders out.

        ## Units: Infantry

        | # | Unit | Type | Cost | Effect |
        |---|------|------|------|--------|
        | 1 | Pike | Foot | 2 Gold | Holds a line. |
        | 2 | Bow | Foot | 3 Gold | Shoots. |
        | 3 | Lance | Horse | 4 Gold | Charges. |
        """)
    items = {item["id"]: item for item in _catalog(result)["items"]}
    assert items["pike"]["name"] == "Pike" and items["lance"]["kind"] == "Horse"
    page = result.page.read_text(encoding="utf-8")
    assert page.count("/// catalog") == 1 and "/// catalog\n///" in page, "one block: the kind stands twice"
    assert "0 error(s)" in result.report_text


def test_a_typed_table_shows_each_of_its_kinds_where_it_stood(tmp_path):
    result = _import(tmp_path, """\
        # Warband

        ## Buildings: Walls

        - **Palisade**: Cost: 2 Wood. Slows raiders.
        - **Stone wall**: Cost: 4 Stone. Stops raiders.

        ## Units

        | Unit | Type | Cost | Limit | Effect |
        |------|------|------|-------|--------|
        | Pike | Foot | 2 Gold | unlimited | Holds a line. |
        | Bow | Foot | 3 Gold | 2 | Shoots. |
        | Lance | Horse | 4 Gold | 1 | Charges. |
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "/// catalog-kind | Buildings – Wall\n///" in page
    assert "## Units\n\n/// catalog-kind | Foot\n///\n\n/// catalog-kind | Horse\n///" in page
    items = {item["id"]: item for item in _catalog(result)["items"]}
    assert "limit" not in items["pike"] and "effect" in items["pike"] and "unlimited" not in items["pike"]["effect"]
    assert items["bow"]["limit"] == 2
    assert "0 error(s)" in result.report_text


def test_two_items_of_one_name_are_no_requirement_guessed(tmp_path):
    result = _import(tmp_path, """\
        # Farms

        ## Buildings

        - **Farm**: Cost: 1 Wood. Makes food.
        - **Farm**: Cost: 3 Wood. Makes more food.
        - **Silo**: Cost: 2 Stone. Requires: Farm.
        """)
    items = {item["id"]: item for item in _catalog(result)["items"]}
    assert "requires" not in items["silo"] and items["silo"]["effect"] == "Requires: Farm."
    assert "'Silo': 'Requires: Farm.' names no one item of the catalog" in result.report_text


def test_terrain_costs_in_stamina_are_no_catalog(tmp_path):
    result = _import(tmp_path, """\
        # Ridge Walk

        ## Terrain Costs

        - **Road**: Cost: 1 Stamina.
        - **Scree**: Cost: 3 Stamina.
        - **Forest**: Cost: 2 Stamina.
        """)
    assert _catalog(result) == {}


def test_a_warband_list_costs_in_the_unit_its_header_names(tmp_path):
    result = _import(tmp_path, """\
        # Ash Wastes

        ## Recruiting your warband

        | Model | Cost (points) | Limit | Effect |
        |-------|---------------|-------|--------|
        | Scavenger | 15 | — | Moves 6". |
        | Raider | 25 | 4 | Fights with two blades. |
        | Warlord | 60 | 1 | Leads the warband. |
        """)
    catalog = _catalog(result)
    assert [(i["name"], i["cost"], i.get("limit")) for i in catalog["items"]] == [
        ("Scavenger", {"point": 15}, None), ("Raider", {"point": 25}, 4), ("Warlord", {"point": 60}, 1)]
    assert catalog["resources"] == [{"id": "point", "name": "Points"}]
    assert "0 error(s)" in result.report_text


def test_a_sentence_saying_one_use_is_the_items_use(tmp_path):
    result = _import(tmp_path, """\
        # Moor Lords

        ## Playing a round

        1. **Gather**: take 2 Wood.
        2. **Trade**: trade with the bank.

        ## Buildings

        - **Mine**: Cost: 2 Wood. Twice per Gather phase, pay 1 Wood to gain 1 Stone.
        - **Shrine**: Cost: 3 Stone. Activate: pay 2 Wood to gain 1 Fame (once per turn).
        - **Stall**: Cost: 1 Stone. Pay 1 Wood to gain 1 Stone or pay 2 Wood to gain 2 Stone.
        - **Camp**: Cost: 1 Wood. Spend 1 Stone to draw a card.
        - **Lamp**: Cost: 1 Wood. Once per night, pay 1 Wood to gain 1 Stone.
        """)
    items = {item["id"]: item for item in _catalog(result)["items"]}
    assert items["mine"]["uses"] == [{"cost": {"wood": 1}, "gives": {"stone": 1},
                                      "limit": {"times": 2, "per": "gather"}}]
    assert "effect" not in items["mine"]
    assert items["camp"]["uses"] == [{"cost": {"stone": 1}, "effect": "Draw a card."}]
    # 'per turn' counts in a turn though the game has no phase of that name (only Gather and Trade)
    assert items["shrine"]["uses"] == [{"name": "Activate", "cost": {"wood": 2}, "effect": "Gain 1 Fame.",
                                        "limit": {"times": 1, "per": "turn"}}]
    # a limit in no phase nor turn, round or game, and two uses in one sentence, stay text
    assert "uses" not in items["lamp"] and "uses" not in items["stall"]
    assert items["lamp"]["effect"] == "Once per night, pay 1 Wood to gain 1 Stone."
    assert items["stall"]["effect"] == "Pay 1 Wood to gain 1 Stone or pay 2 Wood to gain 2 Stone."
    report = result.report_text
    assert "'Lamp': 'Once per night, pay 1 Wood to gain 1 Stone.' is limited per night, which is no phase of " \
           "phases.yaml nor a turn, a round or the game" in report
    assert "'Stall': 'Pay 1 Wood to gain 1 Stone or pay 2 Wood to gain 2 Stone.' says more than one use" in report
    assert "0 error(s)" in report


def test_an_exchanges_limit_counts_in_a_phase(tmp_path):
    result = _import(tmp_path, """\
        # Moor Lords

        ## Playing a round

        1. **Gather**: take 2 Wood.
        2. **Trade**: trade with the bank.

        ## Buildings

        - **Hut**: Cost: 1 Wood. Sleeps two.
        - **Well**: Cost: 2 Stone. Gives water.

        ## Trading

        You may convert any resource into any other resource at 3:1 (once per turn). Once per Trade phase you
        may trade 2 Wood for 1 Stone. Once per season you may trade 3 Stone for 1 Wood.
        """)
    assert _catalog(result)["exchanges"] == [{"give": {"any": 3}, "get": {"any": 1},
                                              "limit": {"times": 1, "per": "turn"}},
                                             {"give": {"wood": 2}, "get": {"stone": 1},
                                              "limit": {"times": 1, "per": "trade"}},
                                             {"give": {"stone": 3}, "get": {"wood": 1}}]
    assert "'Once per season you may trade 3 Stone for 1 Wood.': its rate's limit per season counts in no phase " \
           "of phases.yaml" in result.report_text
    assert "0 error(s)" in result.report_text


def test_a_list_and_a_table_of_one_section_are_read_in_source_order_an_item_in_both_once(tmp_path):
    result = _import(tmp_path, """\
        # Two Lists

        ## Buildings

        - **Hall**: Cost: 4 Stone. Holds a feast.
        - **Well**: Cost: 3 Stone. Gives more water.

        | Building | Cost | Effect |
        |----------|------|--------|
        | Hut | 1 Wood | Sleeps two. |
        | Well | 2 Stone | Gives water. |
        | Gate | 3 Wood | Keeps raiders out. |
        """)
    items = _catalog(result)["items"]
    assert [(i["id"], i["cost"]) for i in items] == [("hall", {"stone": 4}), ("well", {"stone": 3}),
                                                      ("hut", {"wood": 1}), ("gate", {"wood": 3})]
    assert items[1]["todo"] == "Priced again at line 8 as 'Well | 2 Stone | Gives water.': only the first is " \
        "kept, merge what the second says."
    assert "'Well' is priced twice in 'Buildings' (lines 6 and 8): the first is kept" in result.report_text
    page = result.page.read_text(encoding="utf-8")
    assert "## Buildings\n\n/// catalog\n///\n" in page and "Hall" not in page and "| Hut |" not in page
    assert "costs 4 Stone: kept as text" not in result.report_text
    assert "0 error(s)" in result.report_text
