"""A real build of the skirmish fixture game (tests/data/textforms/skirmish): side names read as English on
the dice page, costs that vary or are not given, the cheat sheet's who-acts badges and named sections, and
term links that leave the article "a" alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sitekit import REPO, build, make_project, page

from rulecraft.mkdocs_plugin.pdf import available as weasyprint_available


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    project = make_project(tmp_path_factory.mktemp("skirmish"))
    shutil.copytree(REPO / "tests" / "data" / "textforms" / "skirmish", project / "rules_data" / "skirmish")
    # Not --strict: the game keeps its one-letter aliases A and I, everyday words the checker points out.
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if "warning[" in line]
    assert len(warned) == 2 and all("alias-common-word" in line for line in warned), result.stderr
    return project / "site"


def text(el) -> str:
    return " ".join(el.get_text().replace("¶", "").split())


def test_the_dice_page_reads_right_for_you_and_the_monster(site):
    melee = page(site, "skirmish/dice/index.html").find(id="melee").find_parent("div", class_="rc-dice")
    assert [text(th) for th in melee.select("thead th")] == ["Difference", "You win", "The Monster wins"]
    said = text(melee)
    assert "The Monster rolls the same dice; the higher total wins. Ties: the Monster wins." in said
    assert "(added to your total)" in said
    assert [text(dt) for dt in melee.select(".rc-dice-outcomes dt")] == ["You win", "The Monster wins"]
    assert "You wins" not in said and "the you" not in said.lower()


def test_the_catalog_shows_variable_and_no_free(site):
    catalog = page(site, "skirmish/catalog/index.html")
    assert text(catalog.find(id="item-fireball").select_one(".rc-cost-cell")) == "variable 1 mana per target."
    assert text(catalog.find(id="item-blessing").select_one(".rc-cost-cell")) == "—"
    assert "free" not in text(catalog.select_one("article"))


def test_the_cheat_sheet_has_who_acts_and_the_sections_it_names(site):
    sheet = page(site, "skirmish/cheatsheet/index.html")
    assert [text(e) for e in sheet.select(".rc-sheet-acts")] == ["Simultaneously", "In turn order", "One at a time"]
    assert [text(h) for h in sheet.select(".rc-sheet-sections h3")] == ["Impressing the dragon", "Making camp"]
    assert "Fireball — variable (1 mana per target.)" in text(sheet.find(id="sheet-item-fireball"))
    assert text(sheet.find(id="sheet-item-blessing").select_one(".rc-sheet-item-line")) == "Blessing"


def test_one_letter_characteristics_link_only_as_written(site):
    turn = page(site, "skirmish/turn/index.html")
    links = [text(a) for a in turn.select("article a.rc-term")]
    assert "a" not in links and "an" not in links
    # "A" is an everyday word as written (a sentence's "A model"): linked only where a reference writes it
    assert links.count("A") == 1 and "S" in links
    fight = next(p for p in turn.select("article p") if "fights once" in p.get_text())
    assert not any(text(a) == "A" and a.find_previous_sibling() is None and not (a.previous_sibling or "").strip()
                   for a in fight.select("a.rc-term"))  # the sentence-initial "A model" is no link
    glossary = page(site, "skirmish/glossary/index.html")
    assert glossary.find(id="lawful-neutral") is not None


def dice_box(site, table_id: str):
    return page(site, "skirmish/dice/index.html").find(id=table_id).find_parent("div", class_="rc-dice")


def cells(box, n: int) -> list[str]:
    return [text(tr.find_all("td")[n]) for tr in box.select("tbody tr")]


def test_the_opposed_roll_button_names_who_rolls(site):
    assert text(dice_box(site, "melee").select_one(".rc-roll-btn")) == "Roll for you and the Monster"


def test_a_roll_under_test_with_natural_results(site):
    box = dice_box(site, "initiative-test")
    said = text(box)
    assert "the roll must be equal to or under the model's I." in said
    assert "A natural 6 always fails; a natural 1 always succeeds, whatever the modifiers." in said
    assert [text(th) for th in box.select("thead th")] == ["The model's I", "Dice must show", "Success"]
    assert cells(box, 1)[:6] == ["1 or less", "2 or less", "3 or less", "4 or less", "5 or less",
                                 "any but a natural 6"]
    # I 1..5: that many faces of 6; from I 6 on every face but the natural 6.
    assert [c.split()[0] for c in cells(box, 2)] == ["1/6", "2/6", "3/6", "4/6", "5/6"] + ["5/6"] * 5
    data = json.loads(box["data-rc-dice"])
    assert data["kind"] == "target" and data["test"] == "under" and data["natural"] == {"6": 0, "1": 1}
    # The wet wall (-1) lowers the value: I 4 becomes 3 (3/6); I 1 keeps its natural 1 (1/6).
    assert data["den"] == 6 and data["chances"]["-1"][:4] == [1, 1, 2, 3] and data["chances"]["0"][3] == 4


def test_the_charts_keep_their_own_values(site):
    hit = dice_box(site, "to-hit")
    assert cells(hit, 1) == ["—", "6+", "5+", "4+", "3+", "2+", "1+", "0+", "−1+", "−2+", "−3+"]
    assert [c.split()[0] for c in cells(hit, 2)] == ["0", "1/6", "2/6", "3/6", "4/6"] + ["5/6"] * 6
    data = json.loads(hit["data-rc-dice"])
    # Cover and long range (-2): BS 6's 1+ needs a 3 on the die (4/6), BS 7's 0+ a 2 (5/6).
    assert data["kind"] == "chart" and data["chances"]["-2"][6:8] == [4, 5] and data["rows"][0] == [0, 0, None]
    wound = dice_box(site, "to-wound")
    assert [text(td) for td in wound.select("tbody .rc-roll")] == ["−9 to −4", "−3 to −2", "−1", "0", "1", "2 to 9"]
    assert [c.split()[0] for c in cells(wound, 2)] == ["0", "1/6", "2/6", "3/6", "4/6", "5/6"]
    assert [i["aria-label"] for i in wound.select(".rc-step:not(.rc-mod) input")] == ["S", "T"]


def test_beating_an_earlier_roll(site):
    dodge = dice_box(site, "dodge")
    assert "the roll must beat the earlier roll of To hit (1d6)." in text(dodge)
    assert [text(th) for th in dodge.select("thead th")] == ["Against", "Success"]
    assert cells(dodge, 0) == ["the earlier To hit roll"] and cells(dodge, 1) == ["5/12 41.7%"]  # d6 > d6: 15/36


def test_the_cheat_sheet_prints_the_odds_of_opposed_target_and_chart_rolls(site):
    sheet = page(site, "skirmish/cheatsheet/index.html")

    def grid(table_id: str) -> list[list[str]]:
        return [[text(c) for c in tr.find_all(["th", "td"])]
                for tr in sheet.find(id=f"sheet-dice-{table_id}").select(".rc-sheet-form-odds tr")]

    assert grid("melee")[0] == ["Diff.", "You win", "The Monster wins"]
    assert grid("melee")[3] == ["0", "42%", "58%"]  # 15/36 win, ties to the Monster
    assert grid("initiative-test")[4] == ["4", "4 or less", "67%"] and grid("initiative-test")[10][1] == "any but 6"
    assert grid("leadership-test")[6] == ["7", "7 or less", "58%"]  # 21/36
    assert grid("to-hit")[1] == ["0", "—", "0%"] and grid("to-hit")[7] == ["6", "1+", "83%"]
    assert grid("to-wound")[-1] == ["2 to 9", "2+", "83%"]
    assert grid("dodge") == [["Against", "Success"], ["the To hit roll", "42%"]]


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_the_printed_sheet_has_the_odds_on_one_full_page(site):
    import pdfkit

    pdf = site / "skirmish" / "cheatsheet.pdf"
    assert pdfkit.pages(pdf) == 1 and 0.85 <= pdfkit.ink_fill(pdf) <= 1.0 and pdfkit.smallest_text_pt(pdf) >= 7
    printed = " ".join(pdfkit.text(pdf).split())
    assert "7 7 or less 58%" in printed and "2 to 9 2+ 83%" in printed and "the To hit roll 42%" in printed
