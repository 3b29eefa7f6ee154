"""Group rulings on a built site: the fixture game Harbour Lights (tests/data/rulings/harbour) and the seed games
whose source supports candidate readings. At each rule where a question arises, one quiet marker lists its
rulings; a ruled dice table's marker carries the table as each ruling reads it, odds worked out at build time;
constants a ruling sets carry each ruling's value; only pages with a ruling load the script."""

from __future__ import annotations

import json
import shutil

import pytest
import sitekit
from sitekit import page

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    project = sitekit.make_project(tmp_path_factory.mktemp("rulings"), plugin_extra="cheatsheet_pdf: false",
                                   games=("john-company", "asean-2090", "corporate-warfare"))
    shutil.copytree(sitekit.REPO / "tests" / "data" / "rulings" / "harbour", project / "rules_data" / "harbour")
    result = sitekit.build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


def markers(html) -> dict[str, object]:
    return {json.loads(m["data-rc-ruling"])["question"]: m for m in html.select(".rc-ruling")}


def odds(box) -> list[tuple[str, str, str]]:
    return [(tr.select_one(".rc-roll").get_text(strip=True), tr.select_one(".rc-frac").get_text(),
             tr.select_one(".rc-pct").get_text()) for tr in box.select(".rc-dice-table tbody tr")]


def test_a_ruled_table_carries_each_rulings_odds(site):
    html = page(site, "harbour/dice/")
    found = markers(html)
    assert list(found) == ["storm-seven", "pilot-bonus"]  # both arise at the storm table, before it
    storm = found["storm-seven"]
    assert [li["data-rc-pick"] for li in storm.select(".rc-ruling-option")] == ["seven-loses", "seven-safe"]
    assert storm.select_one("summary").get_text() == "Unsettled rule: 2 readings to choose from"
    assert "rc-dnote" in storm.select_one("details > div")["class"]  # the question: the designers' words
    assert "7 loses a crate" in storm.select_one(".rc-ruling-option").get_text()
    live = found["pilot-bonus"].find_next_sibling("div")
    copies = {c["data-rc-ruling"]: c for c in live.find_next_sibling("div", class_="rc-ruled-copies").select(
        ".rc-ruled-table")}
    assert set(copies) == {"storm-seven:seven-loses", "storm-seven:seven-safe"}
    assert odds(copies["storm-seven:seven-loses"]) == [("2–7", "21/36", "58.3%"), ("8+", "15/36", "41.7%")]
    assert odds(copies["storm-seven:seven-safe"]) == [("2–6", "15/36", "41.7%"), ("7+", "21/36", "58.3%")]
    data = json.loads(copies["storm-seven:seven-loses"].select_one("[data-rc-dice-ruled]")["data-rc-dice-ruled"])
    assert data["rows"] == [[2, 7], [8, None]]
    # Inert until picked: hidden, unsearched, no ids, no box dice.lazy.js or a test would count as a table.
    for copy in copies.values():
        assert copy.has_attr("hidden") and copy.has_attr("data-search-exclude")
        assert not copy.select("[id]") and not copy.select(".rc-dice")
    assert len(html.select(".rc-dice[data-rc-dice]")) == 1
    assert not found["pilot-bonus"].select(".rc-ruled-table") and not storm.select(".rc-ruled-table")
    assert found["pilot-bonus"].find_next_sibling("div")["class"] == ["rc-dice"]


def test_constants_a_ruling_sets_carry_each_value(site):
    home = page(site, "harbour/")
    ruled = home.select("[data-rc-ruled]")
    assert ruled and all(json.loads(s["data-rc-ruled"])["values"] == {"eight": "8", "ten": "10"} for s in ruled)
    assert "cargo-goal" in markers(home)  # at the end of the game
    turn = page(site, "harbour/turn/")
    assert set(markers(turn)) == {"storm-seven", "pilot-bonus", "cargo-goal"}  # the dock phase, the table in Sail
    asean = page(site, "asean-2090/")
    marker = markers(asean)["influence-marker-count"]
    assert [li["data-rc-pick"] for li in marker.select(".rc-ruling-option")] == ["fifteen", "twenty"]
    values = {json.loads(s["data-rc-ruled"])["question"]: json.loads(s["data-rc-ruled"])["values"]
              for s in asean.select("[data-rc-ruled]")}
    assert values["influence-marker-count"] in ({"fifteen": "15", "twenty": "20"},)


def test_seed_rulings_show_at_their_rules(site):
    jc = markers(page(site, "john-company/dice/"))["retirement-range"]
    copies = {c["data-rc-ruling"]: c for c in jc.find_next_sibling("div", class_="rc-ruled-copies").select(
        ".rc-ruled-table")}
    no_cap = copies["retirement-range:no-cap"]
    assert "(up to 4)" in no_cap.select_one(".rc-modifiers").get_text()
    assert no_cap.select_one("input[data-mod=fatigue]")["max"] == "4"
    assert not no_cap.select(".rc-assumed")  # the ruling settles the count: no assumption left to note
    cw = markers(page(site, "corporate-warfare/turn/"))
    assert "upkeep-rounding" in cw and not cw["upkeep-rounding"].select(".rc-ruled-table")
    # Pages without a ruling carry no marker (so player.js loads no script for them).
    assert not page(site, "corporate-warfare/dice/").select(".rc-rulings")
