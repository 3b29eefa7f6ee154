"""A hex wargame's charts as reference tables, in a real build: the tables page, links to it from the turn,
the search index, and the cheat sheet's compact grid with its legend."""

from __future__ import annotations

import json

import pytest
from sitekit import page

pytestmark = pytest.mark.site


def test_the_tables_page_and_links_to_it(wargame_site):
    tables = page(wargame_site, "bridgehead/tables/")
    # "Keys": the legends of the dice tables' grids (combat and fire results), where their codes link
    assert [h.contents[0].strip() for h in tables.select("article h2")] == ["Terrain effects", "Reinforcement schedule",
                                                                           "Keys"]
    terrain = tables.find(id="table-terrain")
    assert terrain.select_one("td[data-label='ZOC']").get_text() == "Yes"  # a referenced title reads as words
    assert tables.find(id="legend-terrain-combat-ln").get_text() == "Ln"
    assert [a.get_text() for a in terrain.select("a.rc-code")] == ["L1", "L2", "NR", "DD"]
    marsh = terrain.select("tbody tr")[3]
    assert marsh.select_one(".rc-const").get_text() == "8"  # {const:game-turns} in a cell
    turn = page(wargame_site, "bridgehead/turn/")
    links = {a.get_text(): a["href"] for a in turn.select("a.rc-table-ref")}
    assert links == {"Reinforcement schedule": "../tables/#table-reinforcements", "Terrain effects": "../tables/#table-terrain"}
    nav = [a.get_text(strip=True) for a in page(wargame_site, "bridgehead/").select("nav a")]
    assert "Reference tables" in nav


def test_tables_are_found_by_search(wargame_site):
    index = json.loads((wargame_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    titles = {doc["title"] for doc in index["docs"] if doc["location"].startswith("bridgehead/tables/")}
    assert {"Terrain effects", "Reinforcement schedule"} <= titles


def test_the_cheat_sheet_prints_the_chosen_table_as_one_grid_with_its_legend(wargame_site):
    sheet = page(wargame_site, "bridgehead/cheatsheet/")
    unit = sheet.find(id="sheet-table-terrain")
    assert [th.get_text() for th in unit.select("thead th")] == ["Terrain", "Movement cost", "Combat", "ZOC"]
    assert len(unit.select("tbody tr")) == 5 and "Notes" not in unit.get_text()  # the column kept off the sheet
    legend = unit.select_one(".rc-sheet-legend").get_text(" ", strip=True)
    assert legend.startswith("Combat key: Ln Shift n columns left") and "DD The defender's strength is doubled." in legend
    assert sheet.find(id="sheet-table-reinforcements") is None  # not chosen in cheatsheet.tables


def test_a_game_with_keys_but_no_reference_table_has_the_page_its_codes_link_to(tmp_path):
    """An imported wargame often keeps its combat results key and no chart: the dice page's codes link to the
    key on the tables page, which must then exist (once it was left out: 95 broken links, a strict build
    failed)."""
    import shutil

    import yaml
    from sitekit import REPO, build, make_project

    project = make_project(tmp_path / "p")
    game = project / "rules_data" / "bridgehead"
    shutil.copytree(REPO / "tests" / "data" / "wargame" / "bridgehead", game)
    tables = yaml.safe_load((game / "tables.yaml").read_text(encoding="utf-8"))
    (game / "tables.yaml").write_text(yaml.safe_dump({"legends": tables["legends"]}, sort_keys=False), encoding="utf-8")
    for name in ("game.yaml", "phases.yaml"):  # mentions of the charts, now gone, as words
        text = (game / name).read_text(encoding="utf-8")
        text = text.replace("{table:terrain}", "terrain").replace("{table:reinforcements}", "schedule")
        (game / name).write_text(text.replace("cheatsheet:\n  tables: [terrain]\n", ""), encoding="utf-8")
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    assert "not found among documentation files" not in result.stderr
    keys = page(project / "site", "bridgehead/tables/")
    assert keys.find(id="legend-crt-ar") is not None
    assert page(project / "site", "bridgehead/dice/").select_one("a[href^='../tables/#legend-crt-']") is not None
