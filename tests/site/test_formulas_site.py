"""A euro game's formulas and catalog in a real build (tests/data/euro/marchland): the Formulas page with a
calculator per formula (its tree, the inputs it reads with their ranges, an announced result), the block
and {formula:id} on a prose page, the catalog's costs in words and the cheat sheet's lines."""

from __future__ import annotations

import json

import pytest
from sitekit import page

pytestmark = pytest.mark.site


def test_the_formulas_page(euro_site):
    formulas = page(euro_site, "marchland/formulas/")
    assert [h.contents[0].strip() for h in formulas.select("article h2")] == [
        "Loot", "Magic strength", "Crowns", "Defence in a fortress", "Charging attack", "Rations"]
    crowns = formulas.find(id="formula-crowns")
    assert crowns.select_one(".rc-formula-head").get_text() == \
        "Crowns = 2 × (attack points + defence points) + 1 if mounted"
    data = json.loads(crowns["data-rc-formula"])
    assert data["tree"]["o"] == "+" and data["unit"] == "crowns" and data["round"] is None
    fields = [(i["name"], i["type"], i.get("min"), i.get("max")) for i in crowns.select(".rc-calc input")]
    assert fields == [("input.attack", "number", "0", "6"), ("input.defence", "number", "0", "6"),
                      ("input.mounted", "checkbox", None, None)]
    assert crowns.select_one(".rc-calc")["hidden"] is not None  # shown by the script: the words stay without it
    assert crowns.select_one("output")["aria-live"] == "polite"
    fortress = json.loads(formulas.find(id="formula-fortress-defence")["data-rc-formula"])
    assert fortress["consts"] == {"const.fortress-factor": "3"}
    rations = formulas.find(id="formula-rations")
    assert rations.select_one(".rc-formula-words").get_text() == "crew ÷ 3, rounded up"
    assert json.loads(rations["data-rc-formula"])["round"] == "up"
    nav = [a.get_text(strip=True) for a in page(euro_site, "marchland/").select("nav a")]
    assert "Formulas" in nav


def test_the_block_and_references_on_a_prose_page(euro_site):
    raiding = page(euro_site, "marchland/raiding/")
    link = raiding.select_one("article p a.rc-formula-ref")
    assert link.get_text() == "Loot" and link["href"] == "../formulas/#formula-loot"
    boxes = raiding.select(".rc-formula")
    assert [b.select_one("strong").get_text() for b in boxes] == ["Loot", "Charging attack"]
    assert not boxes[0].get("id")  # the anchor is the Formulas page's: a block may be shown on many pages
    overview = page(euro_site, "marchland/")
    assert overview.select_one("a.rc-formula-ref[href$='formulas/#formula-loot']").get_text() == "their loot"


def test_the_catalog_page_in_words(euro_site):
    catalog = page(euro_site, "marchland/catalog/")

    def cells(item_id):
        return [c.get_text(" ", strip=True) for c in catalog.find(id=f"item-{item_id}").find_all(["th", "td"],
                                                                                               recursive=False)]
    assert cells("monastery") == ["Monastery", "3 Food + 3 Gold + 1 Ore", "Chapel replaces Chapel", "1 per player",
                                  "3 crowns at the end of the game."]
    assert cells("ritual")[2] == "Mage or Necromancer"
    assert cells("ward")[1] == "2 Points for personal use 10 Points for a whole unit"
    assert cells("shield-wall")[1] == "3 Points × defence points"
    assert cells("forge")[4] == "Arms your march. Use: 1 Gold + 3 Ore → 1 Might, once per Harvest phase Or repair " \
        "one shield ."
    assert [li.get_text(" ", strip=True) for li in catalog.select(".rc-exchanges li")] == [
        "2 Gold → 1 Ore", "2 of any one resource → 1 of any other resource, once per Trade phase Only with the bank."]


def test_the_cheat_sheet_lines(euro_site):
    sheet = page(euro_site, "marchland/cheatsheet/")
    line = {u["id"]: u.select_one(".rc-sheet-item-line").get_text(" ", strip=True)
            for u in sheet.select(".rc-sheet-item")}
    assert line["sheet-item-monastery"] == "Monastery — 3 Food , 3 Gold , 1 Ore · needs Chapel · max\u00a01 · replaces Chapel"
    assert line["sheet-item-ritual"] == "Ritual of thorns — 4 Points · needs Mage or Necromancer"
    assert line["sheet-item-ward"] == "Ward · 2 Points for personal use, or 10 Points for a whole unit"
    # what the use does beyond the Might it gives: the sheet has no line of its own for it
    assert line["sheet-item-forge"] == "Forge — 2 Gold , 1 Ore · use: 1 Gold + 3 Ore → 1 Might, once per Harvest " \
        "phase (Or repair one shield.)"
    assert line["sheet-item-shield-wall"] == "Shield wall — 3 Points × defence points"
    assert sheet.select_one(".rc-sheet-exchanges").get_text(" ", strip=True) == \
        "Exchanges: 2 Gold → 1 Ore · 2 of any one resource → 1 of any other resource, once per Trade phase"
