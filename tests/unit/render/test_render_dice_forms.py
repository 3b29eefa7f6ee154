"""render/dice_forms.py and the new parts of render/dice.py: what the page shows for opposed rolls, target
numbers, pools, keep / explode tables, a die with unknown face counts, and assumptions.

Expected fractions are hand-counted (see tests/unit/dice/test_dice_forms.py for the working).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from dicekit import FORMS_YAML
from gamekit import check, write_game
from mdkit import render


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> BeautifulSoup:
    root: Path = tmp_path_factory.mktemp("rules")
    write_game(root, {"dice.yaml": FORMS_YAML})
    assert not check(root / "demo").problems
    return render(root, "/// dice-tables\n///\n", game="demo", extensions=["tables"])[0]


def box(page, table_id: str):
    return page.find(id=table_id).find_parent("div", class_="rc-dice")


def column(page, table_id: str, n: int) -> list[str]:
    """Text of the n-th cell of every body row (hidden rows included)."""
    return [tr.find_all("td")[n].get_text(" ", strip=True) for tr in box(page, table_id).select("tbody tr")]


def data(page, table_id: str) -> dict:
    return json.loads(box(page, table_id)["data-rc-dice"])


def test_opposed_win_chances_by_difference(page):
    duel = box(page, "duel")
    assert [th.get_text() for th in duel.select("thead th")] == ["Difference", "The attacker wins", "The defender wins"]
    assert column(page, "duel", 0) == ["−2", "−1", "0", "+1", "+2"]
    wins = column(page, "duel", 1)
    assert wins[1:4] == ["3/13 23.1%", "1/2 50%", "10/13 76.9%"]
    assert column(page, "duel", 2)[3] == "3/13 23.1%"
    meta = duel.get_text(" ", strip=True)
    assert "Roll 2 Island dice" in meta and "Ties: both roll again" in meta
    d = data(page, "duel")
    assert d["kind"] == "opposed" and d["diffs"] == [-2, 2] and d["ties"] == "reroll"
    assert d["att"]["faces"] == [1, 1, 2, 2, 3, 3] and d["att"]["count"] == 2
    # The difference stepper starts at 0, the even fight.
    assert duel.select_one(".rc-diff input")["value"] == "0"
    assert duel.select_one(".rc-roll-btn").get_text() == "Roll for the attacker and the defender"


def test_target_by_difference(page):
    monster = box(page, "monster")
    assert monster.select_one("thead th").get_text() == "The monster's might − your might"
    assert column(page, "monster", 0) == ["−1"] + [str(x) for x in range(0, 7)]
    assert column(page, "monster", 1)[:5] == ["any roll", "any roll", "any roll", "2+", "3+"]
    assert column(page, "monster", 1)[5] == "4+ (cannot)"
    assert [c.split()[0] for c in column(page, "monster", 2)] == ["3/3"] * 3 + ["2/3", "1/3"] + ["0"] * 3
    assert "the roll + your might must reach the monster's might" in monster.get_text(" ", strip=True)


def test_pool_distribution_for_the_printed_size(page):
    harvest = box(page, "harvest")
    assert "Chances with 3 dice" in harvest.select_one(".rc-pool-caption").get_text()
    assert column(page, "harvest", 1)[:4] == ["1/8 12.5%", "3/8 37.5%", "3/8 37.5%", "1/8 12.5%"]
    assert column(page, "harvest", 2)[:4] == ["8/8 100%", "7/8 87.5%", "4/8 50%", "1/8 12.5%"]
    rows = harvest.select("tbody tr")
    assert len(rows) == 7 and [tr.has_attr("hidden") for tr in rows] == [False] * 4 + [True] * 3
    d = data(page, "harvest")
    assert (d["kind"], d["threshold"], d["n"], d["shown"]) == ("pool", 4, [1, 6], 3)
    assert harvest.select_one(".rc-pool-n input")["value"] == "3"


def test_assumptions_are_one_designer_note_not_player_text(page):
    harvest = box(page, "harvest")
    mods = harvest.select_one(".rc-modifiers").get_text()
    assert "(up to 3)" in mods and "assumed" not in mods.lower()
    notes = harvest.select(".rc-dnote .rc-assumed")
    assert [n.get_text(" ", strip=True) for n in notes] == ["Assumed, up to 3: The rules give no limit."]
    assert len(harvest.select(".rc-assumed")) == 1  # once, inside the note, never outside it
    steppers = [s.get_text(" ", strip=True) for s in harvest.select(".rc-mod .rc-step-text")]
    assert steppers == ["per tool card (+1 each)"]


def test_keep_and_explode_tables_state_how(page):
    assert box(page, "strength").select_one(".rc-dice-how").get_text(" ", strip=True) == \
        "How: Keep the highest 3."
    assert column(page, "strength", 2) == ["1275/1296 98.4%", "21/1296 1.6%"]
    wild = box(page, "wild").select_one(".rc-dice-how").get_text(" ", strip=True)
    assert "Reroll 1 once" in wild and "at most 2 extra dice" in wild and "not rolled again" in wild
    assert [c.split()[1] for c in column(page, "wild", 2)] == ["80.6%", "19.4%"]  # 29/36, 7/36
    roll = data(page, "wild")["roll"]
    assert roll["reroll"] == [[1], True] and roll["explode"] == [[6], 2]


def test_unknown_face_counts_show_results_only(page):
    omen = box(page, "omen")
    assert [th.get_text() for th in omen.select("thead th")] == ["Face", "Result"]
    assert not omen.select(".rc-odds, .rc-frac, .rc-dice-ui, .rc-roll-btn")
    assert omen.select_one(".rc-no-odds").get_text(" ", strip=True) == \
        "No chances shown: how many faces show each result is not known."
    # why they are unknown is a remark on the rules: a designer note, hidden from players
    assert omen.select_one(".rc-dnote").get_text(" ", strip=True).endswith(
        "The rules name the omens but not how many faces show each.")
    assert data(page, "omen") == {"id": "omen", "kind": "unknown"}
    assert "not known" in omen.select_one(".rc-die-total").get_text()
