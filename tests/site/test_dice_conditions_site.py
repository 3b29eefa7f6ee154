"""A real build of the fixture game with dice rows keyed by conditions (tests/data/variants/isle: a saving
throw that fails on a double, a boxcars / snake eyes table): the rows in words with their exact chances, the
note that rows are read from the top, the data dice.lazy.js reads, and the cheat sheet."""

from __future__ import annotations

import json

import pytest
from sitekit import page

pytestmark = pytest.mark.site


def text(element) -> str:
    return " ".join(element.get_text().split())


def rows(box) -> list[tuple[str, str, str]]:
    return [(text(tr.select_one(".rc-roll-label")), text(tr.select_one(".rc-result")), text(tr.select_one(".rc-frac")))
            for tr in box.select("tbody tr")]


def test_condition_rows_show_in_words_with_their_chances(variants_site):
    soup = page(variants_site, "isle/dice/")
    save = soup.select_one(".rc-dice:has(#storm-save)")
    # 6 doubles of 36; totals 8+ less the doubles 4-4, 5-5, 6-6: 12; the rest 18: over the smallest den, 6
    assert rows(save) == [("A double", "The save fails; the explorer is swept back to camp.", "1/6"),
                          ("A total of 8 or more", "Saved.", "2/6"),
                          ("7 or less", "The explorer loses 1 fame.", "3/6")]
    assert save.select_one(".rc-dice-order").get_text() == "Read the rows from the top: the first that holds applies."
    assert save.select_one("thead .rc-col-roll").get_text() == "Roll"
    data = json.loads(save["data-rc-dice"])
    assert data["den"] == 6 and data["cond"]["off"] == [0, 1] and data["cond"]["w"] == [[1, 2, 3], [1, 3, 2]]
    dig = soup.select_one(".rc-dice:has(#treasure-dig)")
    # boxcars 1, snake eyes 1, a 6 with a total of 8+ (not 6-6): 8, the rest 26, of 36
    assert rows(dig) == [("Every die shows 6", "Boxcars: a golden idol, worth 3 fame.", "1/36"),
                         ("Every die shows 1", "Snake eyes: the pit collapses and the explorer loses 1 fame.", "1/36"),
                         ("Any die shows 6 and a total of 8 or more", "A silver coin, worth 1 fame.", "8/36"),
                         ("2+", "Only mud.", "26/36")]
    # a table of totals only carries no condition data
    assert "cond" not in json.loads(soup.select_one(".rc-dice:has(#monster-move)")["data-rc-dice"])


def test_the_cheat_sheet_prints_the_conditions_in_words(variants_site):
    sheet = page(variants_site, "isle/cheatsheet/")
    unit = sheet.select_one("#sheet-dice-storm-save")
    assert [th.get_text(strip=True) for th in unit.select("th.rc-sheet-roll")] == \
        ["A double", "A total of 8 or more", "7 or less"]
    assert "the first row that holds applies" in unit.select_one(".rc-sheet-dice-meta").get_text()
