"""catalog.yaml: resources, items with cost / requires / limit / effect; the checker's unknown resources,
dangling and circular requirements; the catalog page and {item:id} links."""

from __future__ import annotations

from gamekit import assert_at, check, only, where
from mdkit import render

CATALOG = """\
    resources:
      - {id: food, name: Food}
      - {id: gold, name: Gold}
      - {id: ore, name: Ore}
    items:
      - id: chapel
        name: Chapel
        kind: Building
        cost: {food: 2, gold: 1}
        effect: One fame at the end of the game.
      - id: monastery
        name: Monastery
        kind: Building
        cost: {food: 3, gold: 3, ore: 1}
        requires: [chapel]
        limit: 1
        effect: Two fame at the end of the game.
      - id: knight
        name: Knight
        kind: Unit
        cost: {gold: 2}
        limit: 3
        effect: Adds 1 to your might.
    """

PHASES = """\
    phases:
      - id: trade
        name: Trade
        rules: Each player may trade one Widget, or build a {item:monastery}.
    """


def test_clean_catalog_and_its_page(game):
    folder = game({"catalog.yaml": CATALOG, "phases.yaml": PHASES})
    assert check(folder).problems == []
    page = render(folder.parent, "/// catalog\n///\n\nSee {item:knight|knights}.\n", game="demo")[0]
    assert [h.get_text() for h in page.select("h2")] == ["Building", "Unit"]
    assert page.select_one(".rc-resources").get_text() == "Resources: Food, Gold, Ore."
    monastery = page.find(id="item-monastery")
    cells = [c.get_text(" ", strip=True) for c in monastery.find_all(["th", "td"])]
    assert cells == ["Monastery", "3 Food + 3 Gold + 1 Ore", "Chapel", "1 per player",
                     "Two fame at the end of the game."]
    assert monastery.select_one("a.rc-item-ref")["href"].endswith("#item-chapel")
    assert page.find(id="item-chapel").select_one(".rc-limit").get_text() == "—"
    assert [th.get_text() for th in page.select("table")[1].select("thead th")] == \
        ["Name", "Cost", "Requires", "Limit", "Effect"]
    link = page.select_one("p a.rc-item-ref")
    assert link.get_text() == "knights" and link["href"].endswith("catalog.md#item-knight")


def test_unknown_resource_and_item(game):
    folder = game({"catalog.yaml": CATALOG.replace("ore: 1", "stone: 1").replace("requires: [chapel]",
                                                                                   "requires: [chapell]")})
    problems = check(folder).problems
    resource = only(problems, "dangling-resource")
    assert "catalog item 'monastery' (cost) refers to unknown resource 'stone'" in resource.message
    assert_at(resource, folder / "catalog.yaml", *where(folder, "catalog.yaml", "1}", nth=1))
    item = only(problems, "dangling-item")
    assert "unknown catalog item 'chapell'" in item.message and "did you mean 'chapel'" in item.hint
    assert_at(item, folder / "catalog.yaml", *where(folder, "catalog.yaml", "chapell"))


def test_circular_requirements(game):
    circle = CATALOG.replace("        name: Chapel\n        kind: Building\n",
                             "        name: Chapel\n        kind: Building\n        requires: [monastery]\n")
    folder = game({"catalog.yaml": circle})
    problem = only(check(folder).problems, "catalog-cycle")
    assert "chapel → monastery → chapel" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "[monastery]"))


def test_an_item_requiring_itself(game):
    folder = game({"catalog.yaml": CATALOG.replace("requires: [chapel]", "requires: [chapel, monastery]")})
    problem = only(check(folder).problems, "catalog-self-requirement")
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "monastery]"))


def test_bad_amounts_are_schema_errors(game):
    folder = game({"catalog.yaml": CATALOG.replace("gold: 2}", "gold: 0}")})
    assert check(folder).errors


def test_a_catalog_kind_block_shows_that_kind_alone(game, tmp_path):
    folder = game({"catalog.yaml": CATALOG})
    page = render(folder.parent, "## Our units\n\n/// catalog-kind | unit\n///\n", game="demo")[0]
    assert [tr["id"] for tr in page.select("tbody tr")] == ["item-knight"]
    assert [h.get_text() for h in page.select("h2")] == ["Our units"], "no kind heading under the author's own"
    assert page.select_one(".rc-resources") is None
    assert [th.get_text() for th in page.select("thead th")] == ["Name", "Cost", "Requires", "Limit", "Effect"]
    docs = tmp_path / "docs"
    (docs / "demo").mkdir(parents=True)
    (docs / "demo" / "rules.md").write_text("# Rules\n\n/// catalog-kind | Unit\n///\n\n/// catalog-kind | Spell\n"
                                            "///\n", encoding="utf-8")
    problem = only(check(folder, docs).problems, "block-argument")
    assert "no catalog item is of the kind 'Spell'" in problem.message and problem.hint == "kinds: Building, Unit"
    assert (problem.location.line, problem.location.column) == (6, 5)
