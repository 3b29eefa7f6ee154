"""A real build of the fixture game with variants (tests/data/variants/isle): the switch's slot on every
page of the game, a cheat-sheet page and PDFs per listed variant with the variant's numbers and rules."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
from sitekit import REPO, make_project, page

pytestmark = pytest.mark.site


def test_every_game_page_has_the_switch_slot(variants_site):
    for url in ("isle/", "isle/turn/", "isle/dice/", "isle/glossary/"):
        slot = page(variants_site, url).select(".rc-variants[hidden]")
        assert len(slot) == 1 and slot[0]["data-rc-game"] == "isle", url
    for url in ("isle/cheatsheet/", "isle/cheatsheet-long-game/"):  # a sheet is one way to play
        assert not page(variants_site, url).select(".rc-variants"), url
    assert not page(variants_site, "").select(".rc-variants")  # the home page belongs to no game


def test_each_listed_variant_gets_its_own_sheet_page_in_the_navigation(variants_site):
    home = page(variants_site, "isle/")
    nav = [a.get_text(strip=True) for a in home.select(".md-nav__link")]
    sheet = nav.index("Cheat sheet")
    assert nav[sheet + 1:sheet + 3] == ["Cheat sheet: Long game", "Cheat sheet: Monsters add-on"]
    long_game = page(variants_site, "isle/cheatsheet-long-game/")
    assert long_game.select_one("h1").get_text().rstrip("¶") == "Cheat sheet: Long game"
    assert "variant: Long game" in long_game.select_one(".rc-sheet-heading").get_text()
    assert "a player has 20 fame" in long_game.select_one(".rc-sheet-end").get_text()
    assert not long_game.select("#sheet-phase-monsters-move")
    assert page(variants_site, "isle/cheatsheet-monsters/").select("#sheet-phase-monsters-move")
    assert not page(variants_site, "isle/cheatsheet/").select("#sheet-phase-monsters-move")
    # the catalog block: the add-on's trap on the add-on's sheet only
    assert page(variants_site, "isle/cheatsheet-monsters/").select("#sheet-item-trap")
    assert not page(variants_site, "isle/cheatsheet/").select("#sheet-item-trap")
    assert page(variants_site, "isle/cheatsheet/").select("#sheet-item-monastery")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
def test_variant_sheets_have_their_own_pdfs(variants_site):
    def text(rel: str) -> str:
        return subprocess.run(["pdftotext", str(variants_site / rel), "-"], capture_output=True, text=True,
                              check=True).stdout

    base, long_game = text("isle/cheatsheet.pdf"), text("isle/cheatsheet-long-game/cheatsheet.pdf")
    assert "17 fame" in base and "20" not in base
    assert "20 fame" in long_game and "Long game" in long_game and "17" not in long_game
    monsters = text("isle/cheatsheet-monsters/cheatsheet-letter.pdf")
    assert "Monsters move" in monsters and "Monster trap" in monsters and "Monster trap" not in base
    assert "needs Chapel" in " ".join(base.split())
    links = [a["href"] for a in page(variants_site, "isle/cheatsheet-long-game/").select("a.rc-sheet-download")]
    assert links == ["cheatsheet.pdf", "cheatsheet-letter.pdf"]


@pytest.mark.skipif(importlib.util.find_spec("weasyprint") is None, reason="WeasyPrint (the pdf extra) is not installed")
def test_pdf_log_lines_name_a_variant_sheet_by_game_and_variant(tmp_path):
    project = make_project(tmp_path / "project")
    shutil.copytree(REPO / "tests" / "data" / "variants" / "isle", project / "rules_data" / "isle")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-v", "-d", str(project / "site")],
                         cwd=project, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if "rulecraft: " in line and "cheat sheet" in line]
    assert any("Isle of Fame, Long game cheat sheet: " in line for line in lines), lines
    assert any("Isle of Fame, Monsters add-on cheat sheet: " in line for line in lines), lines
    assert any("rulecraft: Isle of Fame cheat sheet: " in line for line in lines), lines
    assert not [line for line in lines if "isle/cheatsheet-" in line or "'isle'" in line]


# --- the dungeon crawl (tests/data/variants/delve): what the ports lost, as a built site shows it ------------


def test_delve_turn_page_numbers_the_scenarios_own_turn_from_1(delve_site):
    turn = page(delve_site, "delve/turn/")
    items = turn.select(".rc-sequence-item")
    numbers = [(i.select_one(".rc-number").get_text(), i.select_one("a").get_text()) for i in items]
    assert numbers[0] == ("", "Start of turn")  # before phase 1, unnumbered
    assert numbers[1:] == [("1", "Explore"), ("2", "Fight"), ("3", "Light"), ("4", "Loot"), ("5", "Wander"),
                           ("6", "Hunt"), ("7", "Descend"), ("8", "Draw"), ("1", "Run"), ("2", "Dodge"), ("3", "Fall"),
                           ("4", "Count")]
    bands = {b["id"]: b.get("data-rc-variant") for b in turn.select(".rc-sequence ~ .rc-stage-band, "
                                                                    "p.rc-stage-band") if "-rules" not in b["id"]}
    kept = "base lanterns vaults lanterns-and-vaults"  # the add-ons and their combination keep the base turn
    assert bands == {"stage-heroes": kept, "stage-dungeon": kept,
                     "stage-flight": "collapse", "stage-rubble": "collapse"}
    assert [s.get_text() for s in turn.select("#stage-flight .rc-stage-number, #stage-rubble .rc-stage-number")] \
        == ["Stage 1", "Stage 2"]  # the scenario's own stages, from 1
    assert turn.find(id="start-of-turn").get_text().startswith("Start of turn")
    assert turn.select_one("#count ~ p a.rc-phase-ref, section:has(> #count) a.rc-phase-ref").get_text() \
        == "phase 1 (Run)"


def test_delve_scenario_sheet_has_its_own_numbers_and_stages(delve_site):
    sheet = page(delve_site, "delve/cheatsheet-collapse/")
    rows = [(li.select_one(".rc-number").get_text(), li.select_one(".rc-sheet-phase-name").get_text())
            for li in sheet.select(".rc-sheet-phase")]
    assert rows == [("", "Start of turn"), ("1", "Run"), ("2", "Dodge"), ("3", "Fall"), ("4", "Count")]
    assert [t.get_text(" ", strip=True) for t in sheet.select(".rc-sheet-stage-title")] == ["1 Flight", "2 Rubble"]
    assert "after round 8" in sheet.select_one(".rc-sheet-end").get_text()
    assert "1+ players" in sheet.select_one(".rc-sheet-version").get_text()
    base = page(delve_site, "delve/cheatsheet/")
    assert [li.select_one(".rc-number").get_text() for li in base.select(".rc-sheet-phase")] == \
        ["", "1", "2", "4", "5", "6", "8"]  # the lanterns' phase 3 and the vaults' 7 are the add-ons'
    assert "torch track reaches 0" in base.select_one(".rc-sheet-end").get_text()


def test_delve_overview_setup_players_and_variant_numbers(delve_site):
    overview = page(delve_site, "delve/")
    facts = dict(zip([d.get_text() for d in overview.select(".rc-facts dt")],
                     [d.get_text() for d in overview.select(".rc-facts dd")]))
    assert facts["Players"] == "1+"
    groups = overview.select("li.rc-step-group")
    titles = ["".join(c.get_text() if c.name else c for c in g.contents if c.name != "ol").strip() for g in groups]
    assert titles == ["The dungeon", "The heroes"]  # "heroes" may be the page's first link to the term
    assert groups[1].select_one("ol.rc-steps--continued")["start"] == "6"  # 1-5 in the first group
    torch = next(li for li in overview.select("li") if "torch track beside" in li.get_text() and not li.find("li"))
    assert torch["data-rc-variant"] == "base lanterns vaults lanterns-and-vaults"  # the add-ons keep it
    falling = overview.find(id="collapse-rules").parent
    assert falling.select_one("[data-rc-const=rounds]").get_text() == "8"  # the scenario's own number
    assert "phase 1 (Run)" in falling.get_text()
    end = next(li for li in overview.select("li") if "every hero has left" in li.get_text())
    assert end.select_one("[data-rc-const=rounds]").get_text() == "8"
    assert "1+ players" in page(delve_site, "").get_text()


def test_delve_cards_without_counts_show_none(delve_site):
    cards = page(delve_site, "delve/cards/")
    assert len(cards.select(".rc-card")) == 4 and not cards.select(".rc-badge--qty")
    assert cards.select_one(".rc-deck-count").get_text() == "How many of these cards the deck holds is not known."
