"""A combat results table in a real build of the hex wargame fixture: one grid on the dice page with its codes
linked to the legend on the tables page, the shifts, modifiers and edges in words, the calculator's data with
chances worked out at build time, crt.lazy.js served (not linked by every page), and the cheat sheet's grid."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from sitekit import page

pytestmark = pytest.mark.site

HEADINGS = ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]


def test_the_dice_page_shows_one_grid_with_its_words_and_legend(wargame_site):
    dice = page(wargame_site, "bridgehead/dice/")
    box = dice.find(id="combat").parent
    assert "rc-dice-grid" in box["class"]
    grid = box.select_one(".rc-crt-scroll table.rc-crt-grid")
    heads = [th.get_text(strip=True) for th in grid.select("thead tr:nth-of-type(2) th")]
    assert heads == ["Roll", *HEADINGS]
    rows = grid.select("tbody tr")
    assert [tr.th.get_text() for tr in rows] == ["1", "2", "3", "4", "5", "6"]
    assert [td.get_text() for td in rows[1].select("td")] == ["AE", "AR", "AR", "AR", "EX", "DR", "DR", "DE", "DE", "DE"]
    code = rows[1].select("td")[4].a
    assert code["href"] == "../tables/#legend-crt-ex" and code["title"].startswith("Exchange")
    tables = page(wargame_site, "bridgehead/tables/")
    assert tables.find(id="legend-crt-ex") is not None  # where the link lands
    text = box.get_text(" ", strip=True)
    assert "Column shifts: one column left in a storm; one column left per fog spell on the defender (up to 2)" in text
    assert "Modifiers: +1 the defender is in a forest; +2 the defender is in a town" in text
    assert "Left of the 1-5 column: AE; right of the 6-1 column: DE." in text
    assert "A modified roll under 1 counts as 1; over 6 counts as 6." in text
    assert [dt.get_text() for dt in box.select(".rc-legend dt")] == ["AE", "AR", "EX", "DR", "DE"]
    assert box.select_one(".rc-crt-calc").has_attr("hidden")  # until the script wires it
    fire = dice.find(id="fire-combat").parent
    assert [th.get_text() for th in fire.select("thead tr:nth-of-type(2) th")][1:] == \
        ["−2 or less", "−1", "0", "+1", "+2", "+3", "+4 or more"]


def test_the_calculator_data_holds_the_exact_chances(wargame_site):
    box = page(wargame_site, "bridgehead/dice/").find(id="combat").parent
    data = json.loads(box["data-rc-crt"])
    assert data["axis"] == "ratio" and data["rounding"] == "defender" and data["den"] == 6
    assert data["dies"] == [0, 1, 2, 3]  # forest +1, town +2, both +3
    assert data["steps"] == [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5]
    assert data["beyond"] == {"low": "AE", "high": "DE"}
    # The 1-1 column with +2: totals 3..8, 7 and 8 counting as 6: AR on 1-3, AE on 4-6 (legend order).
    one_one = data["odds"][4][data["dies"].index(2)]
    assert {r: Fraction(w, data["den"]) for r, w in one_one} == {"AE": Fraction(1, 2), "AR": Fraction(1, 2)}
    assert [r for r, _ in data["odds"][4][0]] == ["AE", "AR", "EX", "DR"]
    assert data["rolls"][4][0] == ["DR", "EX", "AR", "AR", "AR", "AE"]
    assert data["meanings"]["DE"] == "Defender eliminated."


def test_the_script_is_served_and_loaded_only_where_needed(wargame_site):
    assert (wargame_site / "assets" / "rulecraft" / "crt.lazy.js").is_file()
    assert (wargame_site / "assets" / "rulecraft" / "crt.css").is_file()
    turn = page(wargame_site, "bridgehead/turn/")
    linked = [t.get("src") or t.get("href") or "" for t in turn.select("script[src], link[rel=stylesheet]")]
    assert not [u for u in linked if "crt." in u]


def test_the_cheat_sheet_prints_the_grid_once(wargame_site):
    sheet = page(wargame_site, "bridgehead/cheatsheet/")
    unit = sheet.find(id="sheet-dice-combat")
    grids = unit.select("table.rc-sheet-grid")
    assert len(grids) == 1
    # Ten columns by six rolls: printed turned, the odds down the side, so it fits a column of the sheet.
    assert [th.get_text() for th in grids[0].select("thead th")] == ["Roll →", "1", "2", "3", "4", "5", "6"]
    rows = grids[0].select("tbody tr")
    assert [tr.th.get_text() for tr in rows] == HEADINGS
    assert [td.get_text() for td in rows[4].select("td")] == ["DR", "EX", "AR", "AR", "AR", "AE"]  # 1-1
    fire = sheet.find(id="sheet-dice-fire-combat").select_one("table.rc-sheet-grid")  # 7 by 5: as on the page
    assert [th.get_text() for th in fire.select("thead th")] == ["", "≤−2", "−1", "0", "+1", "+2", "+3", "≥+4"]
    assert "Shifts: one column left in a storm" in unit.get_text(" ", strip=True)
    assert unit.select_one(".rc-sheet-legend").get_text(" ", strip=True).startswith("Combat results: AE")
