"""Dice tables on the cheat sheet: rolls alike but for a name print as one table (models/sheet_dice.py), and a
table whose result is the total shows the total's spread (dice/number_result.py), on the sheet and on the
dice page. Corporate Warfare's four department rolls and market demand, and the Outpost fixture's weapon,
scan and salvage rolls (tests/data/sheets/outpost), another genre of the same shapes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from gamekit import RULES_DATA, check
from mdkit import render

from rulecraft.dice.number_result import number_totals
from rulecraft.loader import load_rulebook
from rulecraft.models.cheatsheet import estimate, sheet_content
from rulecraft.models import records
from rulecraft.models.index import build_index
from rulecraft.models.sheet_dice import alike_key, sheet_dice_units

SHEETS = Path(__file__).resolve().parents[2] / "data" / "sheets"


def sheet(rules_data: Path, game: str) -> BeautifulSoup:
    soup = render(rules_data, "/// cheatsheet\n///\n", game=game, extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


def tables(rules_data: Path, game: str) -> dict:
    return {t.id: t for t in load_rulebook(rules_data).games[game].tables}


@pytest.fixture(scope="module")
def corporate() -> BeautifulSoup:
    return sheet(RULES_DATA, "corporate-warfare")


@pytest.fixture(scope="module")
def outpost() -> BeautifulSoup:
    return sheet(SHEETS, "outpost")


def test_the_four_department_rolls_are_one_table_with_the_shared_rule_once(corporate):
    dice = corporate.select_one(".rc-sheet-dice")
    units = dice.select(".rc-sheet-dice-table")
    assert [text(u.h3) for u in units] == ["Market demand", "Department rolls", "Failed bluff"]
    alike = units[1]
    names = [text(name) for name in alike.select(".rc-sheet-alike-name")]
    assert names == ["Production department", "Research department", "HR department", "Sales department"]
    rows = {text(tr.strong): " ".join(tr.td.get_text().split()).removeprefix(text(tr.strong) + " ")
            for tr in alike.select("tr")}
    assert rows["Production department"] == "Gain one product token."
    assert rows["HR department"] == "You may gain one new employee token."
    whole = text(dice)
    for shared in ("each 4+ succeeds", "+1 per Improved Methods card on the department (0–4)"):
        assert whole.count(shared) == 1, shared
    assert "one die per employee in Production, Research, HR or Sales (whichever is rolled)" in text(alike.p)
    for table_id in ("production-roll", "research-roll", "hr-roll", "sales-roll"):  # each keeps its anchor
        assert alike.select_one(f"#sheet-dice-{table_id}") is not None


def test_rolls_alike_but_for_a_name_merge_in_another_genre_and_different_ones_do_not(outpost):
    units = {text(u.h3): u for u in outpost.select(".rc-sheet-dice .rc-sheet-dice-table")}
    assert list(units) == ["Fire rolls", "Grenade throw", "Scan rolls", "Salvage"]
    fire = units["Fire rolls"]
    assert text(fire.select_one(".rc-sheet-alike-names")) == "Rifle fire · Pistol fire · Carbine fire"
    assert len(fire.select(".rc-sheet-table tr")) == 3  # the three rows of results, printed once
    assert text(units["Grenade throw"]).count("Miss.") == 1  # its cover modifier is -1: a table of its own
    scan = {text(tr.strong): " ".join(tr.td.get_text().split()).removeprefix(text(tr.strong) + " ")
            for tr in units["Scan rolls"].select(".rc-sheet-alike tr")}
    # What they count is not a word of their titles ("scout" vs "Scout scan" is, but the labels share no
    # first words): each row says its own.
    assert scan == {"Scout scan": "per scout in the ruins: Reveal one hidden marker.",
                    "Medic scan": "per medic in the ruins: Heal one wound."}
    assert len(units["Scan rolls"].select(".rc-sheet-form-odds")) == 1  # the shared odds, once


def _changed(table, **update):
    return table.model_copy(update=update, deep=True)


def test_what_alike_means(tmp_path):
    """A name, a counted thing, a result's wording and designer remarks may differ; anything read from the
    roll may not."""
    cw = tables(RULES_DATA, "corporate-warfare")
    production, research = cw["production-roll"], cw["research-roll"]
    assert alike_key(production) == alike_key(research)
    pool = production.pool
    for different in (
        _changed(production, pool=pool.model_copy(update={"success": "5+"})),
        _changed(production, pool=pool.model_copy(update={"shown": 4})),
        _changed(production, pool=pool.model_copy(update={"dice": pool.dice.model_copy(update={"range": (1, 6)})})),
        _changed(production, modifiers=[production.modifiers[0].model_copy(update={"value": 2})]),
        _changed(production, modifiers=[]),
        _changed(production, when="At night."),
        _changed(production, dice="2d6"),
    ):
        assert alike_key(different) != alike_key(research)
        assert len(sheet_dice_units([different, research])) == 2
    for same in (
        _changed(production, title="Other", id="other", notes="A note."),
        _changed(production, modifiers=[production.modifiers[0].model_copy(update={"assumed": "Another guess."})]),
    ):
        assert alike_key(same) == alike_key(research)
    out = tables(SHEETS, "outpost")
    rifle = out["rifle-fire"]
    assert alike_key(rifle) == alike_key(out["pistol-fire"]) != alike_key(out["grenade-throw"])
    worded = _changed(rifle, rows=[rifle.rows[0].model_copy(update={"result": "A near miss."}), *rifle.rows[1:]])
    assert alike_key(worded) != alike_key(out["pistol-fire"])  # rows' results must match: no grid of them
    assert [len(u) for u in sheet_dice_units(list(out.values()))] == [3, 1, 2, 1]


def test_a_table_whose_result_is_the_total_shows_its_spread_on_the_sheet(corporate, outpost):
    demand = corporate.select_one("#sheet-dice-market-demand")
    assert "1+" not in text(demand) and "100%" not in text(demand)
    assert text(demand.select_one(".rc-sheet-spread")) == "Total before modifiers: 1–6 (17% each)"
    assert "may sell at most that many products" in text(demand.select_one(".rc-sheet-number-result"))
    bluff = corporate.select_one("#sheet-dice-bluff-penalty")  # "loses that many dollars": also the number
    assert text(bluff.select_one(".rc-sheet-spread")) == "Total: 1–6 (17% each)"
    salvage = text(outpost.select_one("#sheet-dice-salvage .rc-sheet-spread"))
    assert salvage.startswith("Total before modifiers: 2 (2.8%) · 3 (5.6%)") and "· 7 (17%) ·" in salvage
    assert salvage.endswith("12 (2.8%)")


def test_which_tables_have_a_number_for_a_result():
    cw, out = tables(RULES_DATA, "corporate-warfare"), tables(SHEETS, "outpost")
    assert number_totals(cw["market-demand"]) == list(range(1, 15))  # 1d6 and up to 4 × +2
    assert number_totals(out["salvage"]) == list(range(2, 15))
    assert number_totals(out["rifle-fire"]) is None  # three rows
    assert number_totals(cw["production-roll"]) is None  # a pool
    narrow = cw["market-demand"].model_copy(update={"rows": [cw["market-demand"].rows[0].model_copy(
        update={"roll": "1-6"})]}, deep=True)
    assert number_totals(narrow) is None  # a modified total falls outside the row: not every total


def test_the_dice_page_lists_each_total_and_hides_those_the_modifiers_cannot_reach():
    soup = render(RULES_DATA, "/// dice | market-demand\n///\n", game="corporate-warfare", extensions=[])[0]
    box = soup.select_one(".rc-dice")
    assert "may sell at most that many products" in text(box.select_one(".rc-dice-number .rc-result"))
    rows = box.select(".rc-dice-number-table tbody tr")
    assert [text(r.select_one(".rc-roll-label")) for r in rows] == [str(t) for t in range(1, 15)]
    shown = [r for r in rows if "rc-zero" not in r["class"]]
    assert [text(r.select_one(".rc-pct")) for r in shown] == ["16.7%"] * 6
    assert "100%" not in text(box.select_one(".rc-dice-number-table"))


def test_the_estimate_measures_the_merged_table(monkeypatch):
    """Merging is counted, not only printed: the dice block is estimated shorter than four boxes."""
    from rulecraft.models import cheatsheet

    index = build_index(load_rulebook(RULES_DATA).games["corporate-warfare"])
    content = sheet_content(index)
    merged = estimate(content, index, 9.0).blocks["dice"]
    monkeypatch.setattr(cheatsheet, "sheet_dice_units", lambda tables: [[t] for t in tables], raising=False)
    apart = estimate(content, index, 9.0).blocks["dice"]
    assert merged < apart - 5, (merged, apart)  # about six lines fewer than four boxes (43 and 49 at 9 pt)


def test_the_outpost_fixture_is_clean():
    result = check(SHEETS / "outpost")
    assert not result.errors and not result.warnings, [p.message for p in result.problems]


def test_a_build_from_the_snapshot_groups_and_spreads_the_same(tmp_path):
    """A build whose inputs did not change reads records, not pydantic models (models/records.py): the same
    units, the same keys, the same totals."""
    from rulecraft import snapshot

    shutil.copytree(SHEETS / "outpost", tmp_path / "rules_data" / "outpost")
    shutil.copytree(RULES_DATA / "corporate-warfare", tmp_path / "rules_data" / "corporate-warfare")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None
    for game in ("outpost", "corporate-warfare"):
        models, copies = book.games[game].tables, again.games[game].tables
        assert isinstance(copies[0], records.Record)
        assert [[t.id for t in u] for u in sheet_dice_units(copies)] == \
            [[t.id for t in u] for u in sheet_dice_units(models)]
        assert [number_totals(t) for t in copies] == [number_totals(t) for t in models]
        index = build_index(again.games[game])
        assert estimate(sheet_content(index), index, 9.0).blocks["dice"] > 0


@pytest.mark.parametrize("titles, heading", [
    (["Production department", "HR department"], "Department rolls"),
    (["Rifle shot", "Pistol shot"], "Shot rolls"),
    (["Ranged combat roll", "Melee combat roll"], "Combat rolls"),
    (["Strength tests", "Agility tests"], "Strength tests · Agility tests"),
    (["Attack roll", "Defence roll"], "Attack roll · Defence roll"),
    (["Roll for weather", "Roll for income"], "Roll for weather · Roll for income"),
])
def test_the_merged_heading_names_what_the_titles_share_and_never_reads_roll_rolls(titles, heading):
    from types import SimpleNamespace

    from rulecraft.models.sheet_dice import alike_heading

    assert alike_heading([SimpleNamespace(title=t) for t in titles]) == heading
