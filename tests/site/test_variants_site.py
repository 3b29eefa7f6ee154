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
