"""Errata and FAQ in a real build (tests/data/faq/ridgeline): entries collapsed at the rules they answer, the
game's Errata and FAQ page in the nav and in search, and the cheat sheet (page and PDF) marking the rule an
erratum corrects, with the rules version and date it was made from."""

from __future__ import annotations

import json
import subprocess

import pytest
from sitekit import page

pytestmark = pytest.mark.site


def test_entries_are_collapsed_at_their_rules(faq_site):
    turn = page(faq_site, "ridgeline/turn/")
    shown = {d["data-rc-faq"]: d for d in turn.select("article details.rc-faq")}
    assert set(shown) == {"retreat-into-zoc", "zoc-across-crest"}
    assert not any(d.has_attr("open") for d in shown.values())
    erratum = shown["retreat-into-zoc"]
    assert erratum.find_previous("h2")["id"] == "combat" and erratum.find_parent("li")["id"] == "retreat"
    assert "a retreat may not end in an enemy" in erratum.get_text()
    assert erratum.select_one(".rc-faq-more a")["href"] == "../faq/#faq-retreat-into-zoc"
    dice = page(faq_site, "ridgeline/dice/")
    assert [d["data-rc-faq"] for d in dice.select("article details.rc-faq")] == ["defender-retreat-direction"]


def test_the_faq_page_is_in_the_nav_and_in_search(faq_site):
    faq = page(faq_site, "ridgeline/faq/")
    assert faq.select_one("article h1").get_text(strip=True).startswith("Errata and FAQ")
    assert [h["id"] for h in faq.select("article h2")] == [
        "faq-retreat-into-zoc", "faq-defender-retreat-direction", "faq-zoc-across-crest"]
    nav = [a.get_text(strip=True) for a in page(faq_site, "ridgeline/").select("nav a")]
    assert "Errata and FAQ" in nav
    index = json.loads((faq_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {doc["location"]: doc for doc in index["docs"]}
    entry = docs["ridgeline/faq/#faq-defender-retreat-direction"]
    assert entry["title"] == "Who chooses the hex a defender retreats to?"
    assert "The defending player" in entry["text"]


def test_the_cheat_sheet_marks_the_erratum_and_states_version_and_date(faq_site):
    sheet = page(faq_site, "ridgeline/cheatsheet/")
    head = sheet.select_one(".rc-sheet-header")
    assert "Version 1.2" in head.select_one(".rc-sheet-version").get_text()
    assert head.select_one(".rc-sheet-date").get_text() == "14 Mar 2025"
    assert sheet.select_one("#sheet-phase-combat .rc-sheet-erratum").get_text() == "†"
    pdf = faq_site / "ridgeline" / "cheatsheet.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Version 1.2" in text and "14 Mar 2025" in text
    assert "Combat†" in text.replace(" ", "") and "Errata: † Retreats (Combat, step 3)" in text
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           1" in pages
