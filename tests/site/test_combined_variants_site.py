"""A real build of the dungeon crawl (tests/data/variants/delve): two add-ons played together (the lanterns
and the deep vaults, with the combination's own number of torches), a rule of every way to play but the
collapse, and rules that apply only in a game state (the torch out) or after an event (the alarm), shown
in words on every page where they render and on the cheat sheet."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from sitekit import page

pytestmark = pytest.mark.site

BOTH = "lanterns-and-vaults"


def test_the_switch_offers_the_combination(delve_site):
    slot = page(delve_site, "delve/turn/").select_one(".rc-variants[hidden]")
    assert json.loads(slot["data-rc-variants"]) == [
        ["collapse", "The collapse"], ["lanterns", "Lanterns add-on"], ["vaults", "Deep vaults"],
        [BOTH, "Lanterns add-on and Deep vaults", 1]]


def test_each_page_carries_the_combinations_values_and_rules(delve_site):
    overview = page(delve_site, "delve/")
    # the combination declares 11 torches (the lanterns give 12, the vaults 8); its rounds are the vaults' 14
    torches = overview.select("[data-rc-const=torches]")
    assert torches and all(json.loads(t["data-rc-vals"]) == {"collapse": "6", "lanterns": "12", "vaults": "8",
                                                             BOTH: "11"} for t in torches)
    rounds = [json.loads(r["data-rc-vals"]) for r in overview.select("[data-rc-const=rounds]")]
    assert rounds and all(r == {"collapse": "8", "vaults": "14", BOTH: "14"} for r in rounds)
    row = overview.select_one("#const-torches .rc-const-value").get_text(" ", strip=True)
    assert row == "10 The collapse: 6 Lanterns add-on: 12 Deep vaults: 8 Lanterns add-on and Deep vaults: 11"
    lantern = next(li for li in overview.select("li") if "lantern at the top" in li.get_text() and not li.find("li"))
    assert lantern["data-rc-variant"] == BOTH
    assert lantern.select_one(".rc-badge--variant").get_text() == "Variants: Lanterns add-on and Deep vaults"
    torch = next(li for li in overview.select("li") if "torch track beside" in li.get_text() and not li.find("li"))
    assert torch["data-rc-variant"] == f"base lanterns vaults {BOTH}"  # every way to play keeping the set-up
    resting = overview.find(id="resting").parent
    assert resting["data-rc-variant"] == f"base lanterns vaults {BOTH}"
    assert resting.select_one(".rc-badge--variant").get_text() == "Not with The collapse"
    turn = page(delve_site, "delve/turn/")
    assert turn.find(id="descend").parent["data-rc-variant"] == f"vaults {BOTH}"
    assert turn.find(id="light").parent["data-rc-variant"] == f"lanterns {BOTH}"
    catalog = page(delve_site, "delve/catalog/")
    assert catalog.select_one("#item-lantern")["data-rc-variant"] == f"lanterns {BOTH}"
    assert catalog.select_one("#item-lantern .rc-badge--variant").get_text() == "Variant: Lanterns add-on"


def test_the_combination_has_its_own_cheat_sheet_with_its_numbers(delve_site):
    nav = [a.get_text(strip=True) for a in page(delve_site, "delve/").select(".md-nav__link")]
    assert "Cheat sheet: Lanterns add-on and Deep vaults" in nav
    sheet = page(delve_site, f"delve/cheatsheet-{BOTH}/")
    assert "variants: Lanterns add-on and Deep vaults" in sheet.select_one(".rc-sheet-heading").get_text()
    numbers = {tr.th.get_text(): tr.td.get_text() for tr in sheet.select(".rc-sheet-numbers tr")}
    assert numbers == {"Torches at the start": "11", "Rounds at most": "14"}
    phases = [li.select_one(".rc-sheet-phase-name").get_text() for li in sheet.select(".rc-sheet-phase")]
    assert phases == ["Start of turn", "Explore", "Fight", "Light", "Loot", "Wander", "Hunt", "Descend", "Draw"]
    assert [i["id"] for i in sheet.select(".rc-sheet-item")] == ["sheet-item-flint", "sheet-item-lantern"]
    base = page(delve_site, "delve/cheatsheet/")
    assert {tr.th.get_text(): tr.td.get_text() for tr in base.select(".rc-sheet-numbers tr")} == \
        {"Torches at the start": "10", "Rounds at most": "12"}
    assert "Descend" not in base.select_one(".rc-sheet-turn").get_text()
    assert not base.select("#sheet-item-lantern")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
def test_the_combinations_pdf_prints_its_numbers(delve_site):
    text = subprocess.run(["pdftotext", str(delve_site / f"delve/cheatsheet-{BOTH}/cheatsheet.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Lanterns add-on and Deep vaults" in text and "Descend" in text
    assert "Torches at the start 11" in " ".join(text.split())


# --- game states: the torch out, the alarm raised ------------------------------------------------------------

TORCH_OUT = "Only when: the torch is out"


def test_state_badges_on_every_page_where_the_rule_renders(delve_site):
    turn = page(delve_site, "delve/turn/")
    hunt = turn.find(id="hunt").parent
    assert [b.get_text() for b in hunt.select(".rc-badge--when")] == \
        ["Only when: the alarm was raised or the torch is out"]
    in_sequence = turn.select_one(".rc-sequence-item:has(a[href='#hunt']) .rc-badge--when")
    assert in_sequence.get_text() == "Only when: the alarm was raised or the torch is out"
    overview = page(delve_site, "delve/")
    assert overview.find(id="darkness").parent.select_one(".rc-badge--when").get_text() == TORCH_OUT
    end = next(li for li in overview.select("li") if "last torch goes out" in li.get_text())
    assert end.select_one(".rc-badge--when").get_text() == TORCH_OUT
    dice = page(delve_site, "delve/dice/")
    ambush = dice.find(id="ambush").parent
    whens = [b.get_text() for b in ambush.select(".rc-badge--when")]
    assert TORCH_OUT in whens and "alerted monsters: only when the alarm was raised" in whens
    catalog = page(delve_site, "delve/catalog/")
    assert [b.get_text() for b in catalog.select("#item-flint .rc-badge--when")] == [TORCH_OUT]
    assert not catalog.select("#item-lantern .rc-badge--when")


def test_state_words_on_the_cheat_sheet(delve_site):
    sheet = page(delve_site, "delve/cheatsheet/")
    assert sheet.select_one("#sheet-phase-hunt .rc-sheet-when").get_text() == \
        "only when the alarm was raised or the torch is out"
    assert sheet.select_one("#sheet-dice-ambush .rc-sheet-when").get_text() == "only when the torch is out"
    assert "only when the torch is out" in sheet.select_one("#sheet-item-flint .rc-sheet-item-line").get_text()
    darkness = sheet.find(id="sheet-section-darkness")  # the section's unit (the PDF step may leave it out whole)
    assert darkness.select_one(".rc-sheet-when").get_text() == "only when the torch is out"
    end = next(li for li in sheet.select(".rc-sheet-end li") if "last torch" in li.get_text())
    assert end.select_one(".rc-sheet-when").get_text() == "only when the torch is out"
    assert not sheet.select("#sheet-phase-wander .rc-sheet-when")  # played whatever the state
