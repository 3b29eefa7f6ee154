"""A dice-table modifier worked out from an input, in a real build (tests/data/euro/marchland's March table,
`-half(input.fatigue, down)` with fatigue 0–3): the page asks for the fatigue with a stepper over its range,
named by the input's label, reads the modifier in words, and gives the scripts the amount for each value."""

from __future__ import annotations

import json

import pytest
from sitekit import page

pytestmark = pytest.mark.site


def test_the_march_table_asks_for_fatigue(euro_site):
    html = page(euro_site, "marchland/dice/")
    box = next(b for b in html.select("[data-rc-dice]") if "March" in b.get_text())
    stepper = box.select_one("input[data-mod=tired]")
    assert (stepper["type"], stepper["min"], stepper["max"]) == ("number", "0", "3")
    assert stepper["aria-label"] == "your fatigue (− half of your fatigue, rounded down)"
    data = json.loads(box["data-rc-dice"])
    assert [m["value"] for m in data["mods"]] == [{"0": 0, "1": 0, "2": -1, "3": -1}]
    assert "− half of your fatigue, rounded down" in box.get_text()
