"""A modifier's amount comes from its value alone; numbers and signs in its label are text (dice/modifiers.py,
render/dice.py, the cheat sheet's dice line) and a signed number in a label is reported (modifier-label-sign)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from gamekit import check, line_col, write_game
from mdkit import render

from rulecraft.dice.modifiers import label_signs, modifier_text
from rulecraft.models.cheatsheet import dice_line, modifiers_line

# (label, value, the modifier as the page writes it, signed numbers in the label)
LABELS = [
    ("+1 if mounted", -1, "−1: +1 if mounted", [1]),
    ("Fatigue (+1 each)", -1, "−1 Fatigue (+1 each)", [1]),
    ("-1 without a banner", 2, "+2: -1 without a banner", [-1]),
    ("−2 in the rain", 1, "+1: −2 in the rain", [-2]),
    ("per 2 wounds", -1, "−1 per 2 wounds", []),
    ("3 or more friends", 1, "+1: 3 or more friends", []),
    ("non-1 results, rounds 2-3", 1, "+1 non-1 results, rounds 2-3", []),
]

DICE = """\
tables:
  - id: charge
    title: Charge
    dice: 2d6
    modifiers:
""" + "".join(f"      - {{id: m{i}, label: \"{label}\", value: {value}}}\n" for i, (label, value, _, _) in
              enumerate(LABELS)) + """\
    rows:
      - {roll: 7-, result: The charge fails.}
      - {roll: 8+, result: The charge hits.}
"""


@pytest.mark.parametrize("label, value, shown, numbers", LABELS)
def test_the_amount_is_the_value_and_the_label_text(label, value, shown, numbers):
    assert modifier_text(value, label) == shown
    assert label_signs(label) == numbers


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("rules")
    write_game(root, {"dice.yaml": DICE})
    return root


def test_the_dice_page_and_the_panel_show_the_values_sign(game):
    soup: BeautifulSoup = render(game, "/// dice-tables\n///\n", game="demo", extensions=["tables"])[0]
    line = soup.select_one(".rc-modifiers").get_text()
    assert line == "Modifiers: " + "; ".join(shown for _, _, shown, _ in LABELS)
    checks = [label.get_text(strip=True) for label in soup.select(".rc-dice-ui .rc-check")]
    assert checks == [shown for _, _, shown, _ in LABELS]


def test_the_cheat_sheet_line_shows_the_values_sign(game):
    from rulecraft.loader import load_rulebook
    from rulecraft.models.index import build_index

    table = build_index(load_rulebook(game).games["demo"]).tables["charge"]
    assert modifiers_line(table) == "; ".join(shown for _, _, shown, _ in LABELS)
    assert dice_line(table, build_index(load_rulebook(game).games["demo"])).startswith("2d6; −1: +1 if mounted; ")


def test_a_signed_number_in_a_label_is_reported_at_the_label(game):
    problems = [p for p in check(game / "demo").problems if p.code == "modifier-label-sign"]
    text = (game / "demo" / "dice.yaml").read_text()
    assert [(p.location.line, p.location.column) for p in problems] == [
        line_col(text, '"+1 if mounted"'), line_col(text, '"Fatigue'), line_col(text, '"-1 without'),
        line_col(text, '"−2 in')]
    assert "has +1, but the value is −1" in problems[0].message
    assert all(p.severity.value == "warning" for p in problems)
