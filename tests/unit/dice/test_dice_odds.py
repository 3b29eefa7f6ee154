"""Exact odds of dice tables: dice_math.row_odds and what render/dice.py shows and hands to dice.lazy.js.

Every expected value below is worked out by hand (counted outcomes over 6 or 36), not computed by the
code under test. The fixture game ``demo`` (dicekit.DICE_YAML) is shared with the browser tests.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from dicekit import DICE_YAML, EXPECTED
from gamekit import check, write_game
from mdkit import render

from rulecraft.dice.notation import parse_dice
from rulecraft.dice.odds import distribution, face_distribution, outcome_weights, reachable_offsets, row_odds
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index
from rulecraft.render.dice import percent


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """rules_data with the demo game; checked clean, so every reachable total has exactly one row."""
    root = tmp_path_factory.mktemp("rules")
    write_game(root, {"dice.yaml": DICE_YAML})
    result = check(root / "demo")
    assert not result.problems, "\n".join(p.format() for p in result.problems)
    return root


@pytest.fixture(scope="module")
def index(demo):
    return build_index(load_rulebook(demo).games["demo"])


@pytest.fixture(scope="module")
def page(demo) -> BeautifulSoup:
    # Every first mention linked (no reading-density budget): these tests look at what a table renders.
    return render(demo, "/// dice-tables\n///\n", game="demo", extensions=["tables"], link_spacing=0)[0]


def box(page: BeautifulSoup, table_id: str):
    return page.find(id=table_id).find_parent("div", class_="rc-dice")


def cells(page, table_id: str, cls: str) -> list[str]:
    return [td.get_text(" ", strip=True) for td in box(page, table_id).select(f"tbody tr .{cls}")]


def data(page, table_id: str) -> dict:
    return json.loads(box(page, table_id)["data-rc-dice"])


# --- dice_math ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("table_id, offset", sorted(EXPECTED))
def test_row_odds_are_the_hand_counted_fractions(index, table_id, offset):
    table = index.tables[table_id]
    numerators, den = EXPECTED[table_id, offset]
    die = index.dice.get(table.custom_die) if table.custom_die else None
    assert row_odds(table, offset, die) == [F(n, den) for n in numerators]


def test_custom_die_face_counts(index):
    assert face_distribution(index.dice["combat-die"]) == {"hit": F(1, 2), "miss": F(1, 3), "crit": F(1, 6)}


def test_outcome_weights_use_the_smallest_common_denominator(index):
    assert outcome_weights(distribution(parse_dice("2d6"))) == (36, {t: 6 - abs(7 - t) for t in range(2, 13)})
    assert outcome_weights(distribution(parse_dice("1d6"))) == (6, {t: 1 for t in range(1, 7)})
    assert outcome_weights(face_distribution(index.dice["combat-die"])) == (6, {"hit": 3, "miss": 2, "crit": 1})
    assert outcome_weights({"a": F(1, 2), "b": F(1, 2)}) == (2, {"a": 1, "b": 1})  # 2 + 2 faces: halves


@pytest.mark.parametrize("chance, shown", [
    (F(0), "0%"), (F(1), "100%"), (F(1, 2), "50%"), (F(1, 3), "33.3%"), (F(2, 3), "66.7%"), (F(1, 6), "16.7%"),
    (F(1, 36), "2.8%"), (F(5, 36), "13.9%"), (F(1, 400), "0.3%"),  # 0.25: half up, as dice.lazy.js rounds
    (F(1, 1296), "0.1%"), (F(1, 100_000), "<0.1%"), (F(99_999, 100_000), ">99.9%"),
])
def test_percent(chance, shown):
    assert percent(chance) == shown


# --- the rendered table ---------------------------------------------------------------------------------

@pytest.mark.parametrize("table_id", ["morale", "scatter", "weather", "encounter", "attack"])
def test_chance_cells_show_the_fractions_and_percentages(page, table_id):
    numerators, den = EXPECTED[table_id, 0]
    assert cells(page, table_id, "rc-frac") == [f"{n}/{den}" if n else "0" for n in numerators]
    assert cells(page, table_id, "rc-pct") == [percent(F(n, den)) for n in numerators]
    # Bars are relative to the most likely row.
    widths = [bar["style"] for bar in box(page, table_id).select("tbody .rc-bar")]
    assert widths == [f"--rc-w:{100 * n / max(numerators):.1f}%" for n in numerators]
    assert all(bar["aria-hidden"] == "true" for bar in box(page, table_id).select(".rc-bar"))


def test_2d6_bars_draw_a_bell(page):
    widths = [float(bar["style"].split(":")[1].rstrip("%")) for bar in box(page, "weather").select("tbody .rc-bar")]
    peak = widths.index(max(widths))
    assert peak == 5 and widths[peak] == 100  # 7, the most likely total
    assert widths[:peak + 1] == sorted(widths[:peak + 1]) and widths[peak:-1] == sorted(widths[peak:-1], reverse=True)


def test_roll_column(page):
    # One plain d6, no modifiers: faces drawn for what the die shows; an open end keeps its '5+'.
    assert cells(page, "scatter", "rc-roll") == ["⚀⚁ 1–2", "⚂⚃ 3–4", "⚄⚅ 5+"]
    assert box(page, "scatter").select_one(".rc-die-faces")["aria-hidden"] == "true"
    assert box(page, "scatter").select_one("thead th").get_text() == "Roll"
    # With modifiers the key is a modified total: numbers only, so no one looks up a raw face.
    assert cells(page, "morale", "rc-roll") == ["2 or less", "3–4", "5+"]
    assert box(page, "morale").select_one("thead th").get_text() == "Total"
    assert cells(page, "weather", "rc-roll")[::5] == ["2", "7", "12+"]
    assert cells(page, "encounter", "rc-roll") == ["11–16", "21–36", "41–56", "61–66"]
    # A custom die: glyph (when the face has one) and the face's name.
    assert cells(page, "attack", "rc-roll") == ["✹ Hit", "Miss", "★ Critical hit"]
    assert box(page, "attack").select_one("thead th").get_text() == "Face"


def test_title_modifiers_per_and_any_result(page):
    morale = box(page, "morale")
    assert morale.h2.get_text(strip=True).startswith("Morale check")
    assert morale.select_one(".rc-modifiers").get_text(" ", strip=True) == \
        "Modifiers: +1 if a leader is present; −1 per wound (up to 2)"
    assert box(page, "attack").select_one(".rc-dice-meta").get_text(" ", strip=True) == \
        "Roll the Combat die once per attacking unit."
    foot = box(page, "weather").select_one("tfoot tr")
    assert foot.th.get_text() == "Any roll" and foot.th["scope"] == "row"
    assert foot.td["colspan"] == "2"
    assert foot.td.find("a", class_="rc-term").get_text() == "Widget"  # results are term-linked Markdown
    assert box(page, "encounter").select("tbody .rc-result a.rc-term")


def test_data_for_dice_js(page, index):
    morale = data(page, "morale")
    assert morale["kind"] == "sum" and morale["den"] == 6 and morale["dist"] == [[t, 1] for t in range(1, 7)]
    assert morale["rows"] == [[None, 2], [3, 4], [5, None]]
    assert morale["mods"] == [{"id": "leader", "value": 1, "min": 0, "max": 1},
                              {"id": "wounds", "value": -1, "min": 0, "max": 2}]
    assert morale["offsets"] == [-2, 1]
    encounter = data(page, "encounter")
    assert encounter["kind"] == "d66" and encounter["den"] == 36 and len(encounter["dist"]) == 36
    assert {w for _, w in encounter["dist"]} == {1}
    attack = data(page, "attack")
    assert attack["kind"] == "custom" and attack["den"] == 6
    assert [(f["id"], f["weight"], f["glyph"]) for f in attack["faces"]] == \
        [("hit", 3, "✹"), ("miss", 2, None), ("crit", 1, "★")]
    assert attack["rows"] == ["hit", "miss", "crit"]


@pytest.mark.parametrize("table_id", ["morale", "scatter", "weather", "encounter"])
def test_dice_js_arithmetic_on_the_data_agrees_with_dice_math(page, index, table_id):
    """dice.lazy.js adds the weights of the totals each row contains after the offset; do the same here."""
    d = data(page, table_id)
    table = index.tables[table_id]

    def contains(row, total):
        low, high = row
        return (low is None or total >= low) and (high is None or total <= high)

    for offset in reachable_offsets(table.modifiers):
        weights = [sum(w for t, w in d["dist"] if contains(row, t + offset)) for row in d["rows"]]
        assert [F(w, d["den"]) for w in weights] == row_odds(table, offset)


def test_roll_panel_is_hidden_until_javascript_wires_it(page):
    ui = box(page, "morale").select_one(".rc-dice-ui")
    assert ui.has_attr("hidden")
    assert "rc-nolink-terms" in ui["class"] and not ui.select("a")
    button = ui.select_one("button.rc-roll-btn")
    assert button["type"] == "button" and button.get_text() == "Roll 1d6"
    live = ui.select_one(".rc-out")
    assert live["aria-live"] == "polite" and live["role"] == "status"
    assert ui.select_one("ol.rc-hist")["aria-label"] == "Recent rolls: Morale check"
    # 0-1 modifier: a checkbox; a wider range: a bounded number field with labelled -/+ buttons.
    leader = ui.select_one('input[data-mod="leader"]')
    assert leader["type"] == "checkbox" and "+1 if a leader is present" in leader.parent.get_text()
    wounds = ui.select_one('input[data-mod="wounds"]')
    assert (wounds["type"], wounds["min"], wounds["max"], wounds["value"]) == ("number", "0", "2", "0")
    assert wounds["aria-label"] == "per wound (−1 each)"
    assert [b["aria-label"] for b in wounds.parent.select("button")] == \
        ["One fewer: per wound (−1 each)", "One more: per wound (−1 each)"]
    assert not box(page, "morale").select(".rc-times")
    times = box(page, "attack").select_one(".rc-times input")
    assert (times["min"], times["value"]) == ("1", "1")
    assert times["aria-label"] == "Number of rolls, one per attacking unit"
    assert box(page, "attack").select_one(".rc-roll-btn").get_text() == "Roll Combat die"


def test_renderer_is_a_pure_function_of_the_model(demo, page):
    again = render(demo, "/// dice-tables\n///\n", game="demo", extensions=["tables"], link_spacing=0)[0]
    assert str(again) == str(page)


def test_single_table_block(demo):
    soup = render(demo, "/// dice | weather\n///\n", game="demo", extensions=["tables"])[0]
    assert soup.select_one(".rc-dice")["id"] == "weather"
    assert len(soup.select(".rc-dice tbody tr")) == 11
