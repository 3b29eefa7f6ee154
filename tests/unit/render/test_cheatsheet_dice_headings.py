"""A dice table's own column headings (``headings: [Roll, What happens]``) on the cheat sheet, as the rulebook
page shows them over its rows: the sheet prints them as its header row (a table without them keeps no header
row, as before), a total's spread is labelled with the roll's heading, and the estimate counts the row."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from bs4 import BeautifulSoup
from mdkit import render

from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import estimate, sheet_content
from rulecraft.models.index import build_index

SHEETS = Path(__file__).resolve().parents[2] / "data" / "sheets"


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


def _outpost(tmp_path: Path, headings: dict[str, list[str]]) -> Path:
    """The Outpost fixture with the named tables given headings."""
    root = tmp_path / "rules_data"
    shutil.copytree(SHEETS / "outpost", root / "outpost")
    dice = root / "outpost" / "dice.yaml"
    data = yaml.safe_load(dice.read_text(encoding="utf-8"))
    for table in data["tables"]:
        if table["id"] in headings:
            table["headings"] = headings[table["id"]]
    dice.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return root


def _sheet(root: Path) -> BeautifulSoup:
    soup = render(root, "/// cheatsheet\n///\n", game="outpost", extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def test_a_row_table_prints_its_own_headings_over_its_rows(tmp_path):
    root = _outpost(tmp_path, {"grenade-throw": ["Throw", "Where it lands"]})
    soup = _sheet(root)
    grenade = soup.select_one("#sheet-dice-grenade-throw")
    head = grenade.select(".rc-sheet-table thead th")
    assert [text(th) for th in head] == ["Throw", "Where it lands", "%"]
    assert all(th.get("scope") == "col" for th in head)
    assert len(grenade.select(".rc-sheet-table tbody tr")) == 3  # the rows stay rows
    fire = soup.select_one(".rc-sheet-dice-alike")  # no headings: no header row, as before
    assert fire.select(".rc-sheet-table thead") == []


def test_the_page_and_the_sheet_name_the_columns_alike(tmp_path):
    root = _outpost(tmp_path, {"grenade-throw": ["Throw", "Where it lands"]})
    page = render(root, "/// dice | grenade-throw\n///\n", game="outpost", extensions=[])[0]
    on_page = [text(th) for th in page.select(".rc-dice-table thead th")][:2]
    on_sheet = [text(th) for th in _sheet(root).select("#sheet-dice-grenade-throw thead th")][:2]
    assert on_page == on_sheet == ["Throw", "Where it lands"]


def test_a_totals_spread_is_labelled_with_the_rolls_heading(tmp_path):
    root = _outpost(tmp_path, {"salvage": ["Salvage", "Carried off"]})
    spread = text(_sheet(root).select_one("#sheet-dice-salvage .rc-sheet-spread"))
    assert spread.startswith("Salvage before modifiers: 2 (2.8%)")


def test_the_estimate_counts_the_header_row(tmp_path):
    plain = build_index(load_rulebook(_outpost(tmp_path / "a", {})).games["outpost"])
    headed = build_index(load_rulebook(_outpost(tmp_path / "b", {"grenade-throw": ["Throw", "Where it lands"]}))
                         .games["outpost"])
    before = estimate(sheet_content(plain), plain, 9.0).blocks["dice"]
    after = estimate(sheet_content(headed), headed, 9.0).blocks["dice"]
    assert after >= before + 1, (before, after)
