"""The cheat sheet's catalog block: one line per item (cost with resource icons and names, requirements, limit)
and its effect, grouped by kind, chosen by game.yaml's ``cheatsheet:``, and only the items of the sheet's
variant. The fixture game tests/data/variants/isle holds a catalog with a variant item."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from gamekit import REPO, only, write_game
from mdkit import render

from rulecraft.checks import check_path
from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import SIZES_PT, catalog_line, estimate, sheet_content
from rulecraft.models.index import build_index

VARIANTS = REPO / "tests" / "data" / "variants"


def sheet(rules_data: Path, game: str, variant: str | None = None) -> BeautifulSoup:
    block = f"/// cheatsheet-variant | {variant}\n///\n" if variant else "/// cheatsheet\n///\n"
    soup = render(rules_data, block, game=game, extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).replace(" ,", ",").split())


def isle_index():
    return build_index(load_rulebook(VARIANTS).games["isle"])


def test_one_line_per_item_with_cost_requirements_limit_and_effect():
    soup = sheet(VARIANTS, "isle")
    monastery = soup.select_one("#sheet-item-monastery")
    assert text(monastery.select_one(".rc-sheet-item-line")) == \
        "Monastery — 3 Food, 3 Gold, 1 O Ore · needs Chapel · max 1"
    assert text(monastery.select_one(".rc-sheet-effect")) == "2 fame at the end of the game."
    # Emoji icons are vector pictures; with the resource's name beside them they are decoration.
    pictures = monastery.select(".rc-sheet-price img.rc-icon--emoji")
    assert len(pictures) == 2 and all(img["alt"] == "" for img in pictures)
    text_glyph = monastery.select_one(".rc-sheet-price .rc-icon--text")
    assert text_glyph["aria-hidden"] == "true" and not text_glyph.get("role")
    # each price (amount, picture, name) is one unbreakable piece
    assert [text(p) for p in monastery.select(".rc-sheet-price")] == ["3 Food", "3 Gold", "1 O Ore"]
    assert text(soup.select_one("#sheet-item-knight .rc-sheet-item-line")) == "Knight — 2 Gold · max 3"


def test_kind_headings_travel_with_the_first_item_of_each_kind():
    soup = sheet(VARIANTS, "isle")
    block = soup.select_one(".rc-sheet-catalog")
    assert text(block.h2) == "Catalog"
    assert [(u["id"], text(u.h3) if u.h3 else None) for u in block.select(".rc-sheet-unit")] == [
        ("sheet-item-chapel", "Building"), ("sheet-item-monastery", None), ("sheet-item-knight", "Unit")]


def test_a_variant_item_shows_on_its_variant_sheet_only():
    assert not sheet(VARIANTS, "isle").select("#sheet-item-trap")
    assert not sheet(VARIANTS, "isle", "long-game").select("#sheet-item-trap")
    trap = sheet(VARIANTS, "isle", "monsters").select_one("#sheet-item-trap")
    assert text(trap.select_one(".rc-sheet-item-line")) == "Monster trap — 2 O Ore"
    index = isle_index()
    assert [i.id for i in sheet_content(index, "monsters").items] == ["chapel", "monastery", "knight", "trap"]
    assert [i.id for i in sheet_content(index).items] == ["chapel", "monastery", "knight"]


GAME = 'id: demo\ntitle: Demo Game\nversion: "1.0"\nsummary: Players trade widgets.\n'

CATALOG = """\
    resources:
      - {id: wood, name: Wood}
    items:
      - {id: hut, name: Hut, effect: Shelter for one.}
      - {id: mill, name: Mill, cost: {wood: 2}, requires: [hut]}
      - {id: fort, name: Fort, cost: {wood: 5}, limit: 2}
    """


def test_game_data_chooses_the_block_its_place_and_its_items(tmp_path):
    chosen = GAME + "cheatsheet:\n  include: [catalog, turn]\n  catalog: [fort, hut]\n"
    write_game(tmp_path, {"game.yaml": chosen, "catalog.yaml": CATALOG})
    soup = sheet(tmp_path, "demo")
    assert [s["class"][1] for s in soup.select(".rc-sheet-body > section")] == ["rc-sheet-catalog", "rc-sheet-turn"]
    assert [u["id"] for u in soup.select(".rc-sheet-item")] == ["sheet-item-fort", "sheet-item-hut"]
    assert text(soup.select_one("#sheet-item-hut .rc-sheet-item-line")) == "Hut"  # no cost given: none shown, never "free"
    assert not soup.select(".rc-sheet-item h3")  # no kinds given: no headings
    assert not soup.select("#sheet-item-fort .rc-sheet-effect")
    # left out of include: no block; by default it follows the dice tables
    write_game(tmp_path, {"game.yaml": GAME + "cheatsheet:\n  include: [turn]\n", "catalog.yaml": CATALOG})
    assert not sheet(tmp_path, "demo").select(".rc-sheet-catalog")
    write_game(tmp_path, {"game.yaml": GAME, "catalog.yaml": CATALOG})
    index = build_index(load_rulebook(tmp_path).games["demo"])
    assert sheet_content(index).blocks == ["turn", "catalog", "terms"]


def test_unknown_item_in_cheatsheet_catalog_is_a_located_error(game):
    folder = game({"game.yaml": GAME + "cheatsheet:\n  catalog: [hut, fortt]\n", "catalog.yaml": CATALOG})
    problem = only(check_path(folder.parent).problems, "dangling-item")
    assert "cheatsheet.catalog refers to unknown catalog item 'fortt'" in problem.message
    assert "did you mean 'fort'" in problem.hint
    assert problem.location.file.endswith("game.yaml") and (problem.location.line, problem.location.column) == (6, 18)


def test_the_estimate_counts_each_item_and_its_effect(tmp_path):
    many = "\n".join(f"      - {{id: item-{i}, name: Item {i}, cost: {{wood: {i % 4 + 1}}}, "
                     f"effect: Gain one wood at the start of every round while you own it.}}" for i in range(30))
    write_game(tmp_path, {"game.yaml": GAME + "cheatsheet:\n  include: [catalog]\n",
                          "catalog.yaml": "resources:\n  - {id: wood, name: Wood}\nitems:\n" + many + "\n"})
    index = build_index(load_rulebook(tmp_path).games["demo"])
    content = sheet_content(index)
    assert catalog_line(content.items[3], index) == "Item 3 — 4 Wood"
    small = estimate(content, index, SIZES_PT[-1])
    # per item: a one-line cost line, a two-line effect (62 characters at 7 pt in a third of the page)
    # and the gap after it; the block's heading; the gap after the block
    assert small.blocks["catalog"] == sum([1.55, 0.75] + [1 + 2 + 0.2] * 30)
    fewer = sheet_content(index)
    fewer.items = fewer.items[:10]
    assert estimate(fewer, index, SIZES_PT[-1]).fill < small.fill < estimate(content, index, SIZES_PT[0]).fill


SPELLS = """\
    resources:
      - {id: mana, name: Mana}
    items:
      - {id: spark, name: Spark, cost: {mana: 1}}
      - {id: fireball, name: Fireball, cost: variable, cost_note: 1 mana per target., limit: 1}
      - {id: blessing, name: Blessing, limit: 2}
    """


def test_an_item_without_a_cost_shows_none_and_a_variable_cost_says_so(tmp_path):
    write_game(tmp_path, {"catalog.yaml": SPELLS})
    soup = sheet(tmp_path, "demo")
    lines = {u["id"]: text(u.select_one(".rc-sheet-item-line")) for u in soup.select(".rc-sheet-item")}
    assert lines == {"sheet-item-spark": "Spark — 1 Mana", "sheet-item-fireball":
                     "Fireball — variable (1 mana per target.) · max 1", "sheet-item-blessing": "Blessing · max 2"}
    index = build_index(load_rulebook(tmp_path).games["demo"])
    assert [catalog_line(i, index) for i in index.game.items] == [
        "Spark — 1 Mana", "Fireball — variable (1 mana per target.) · max\u00a01", "Blessing · max\u00a02"]
    page = render(tmp_path, "/// catalog\n///\n", game="demo", extensions=["tables"])[0]
    cells = {tr["id"]: tr.select_one(".rc-cost-cell") for tr in page.select("tbody tr")}
    assert text(cells["item-spark"]) == "1 Mana"
    assert cells["item-fireball"].select_one(".rc-cost-variable").get_text() == "variable"
    assert text(cells["item-fireball"].select_one(".rc-cost-note")) == "1 mana per target."
    assert text(cells["item-blessing"]) == "—"
    assert "free" not in page.get_text() + soup.get_text()


def test_a_variable_cost_needs_its_note(tmp_path):
    write_game(tmp_path, {"catalog.yaml": SPELLS.replace(", cost_note: 1 mana per target.", "")})
    problem = only(check_path(tmp_path / "demo").problems, "schema-value-error")
    assert "cost_note" in problem.message and problem.location.line == 5
    write_game(tmp_path, {"catalog.yaml": SPELLS.replace("cost: variable", "cost: varies")})
    assert check_path(tmp_path / "demo").errors
