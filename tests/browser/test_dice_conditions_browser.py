"""Rolling a table whose rows are conditions on the dice, in a real browser (the fixture game with variants,
tests/data/variants/isle): the row the dice fall to is highlighted and announced, by the same reading the
checker proves (dice/conditions.py), with and without the modifier; the chances follow the modifier."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import page_opener, serve

from rulecraft.dice.conditions import Reader, outcomes, rows_key
from rulecraft.dice.odds import table_shape
from rulecraft.loader import load_rulebook

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/shots-dicecond")
VARIANTS = Path(__file__).resolve().parents[1] / "data" / "variants"


@pytest.fixture(scope="module")
def base(variants_site):
    with serve(variants_site) as url:
        yield url


def expected_row(table_id: str, dice: list[int], offset: int) -> int:
    table = next(t for t in load_rulebook(VARIANTS).games["isle"].tables if t.id == table_id)
    shape = table_shape(table)
    fall = next(o for o in outcomes(shape) if list(o.dice) == dice)
    return Reader(shape, rows_key(table)).first(fall, fall.total + offset)


STATE = """box => ({
    hits: [...box.querySelectorAll('tbody tr')].flatMap((tr, i) => tr.classList.contains('rc-hit') ? [i] : []),
    chips: [...box.querySelectorAll('.rc-out > div:first-child > span')].map(e => +e.textContent),
    out: box.querySelector('.rc-out').textContent, live: box.querySelector('.rc-out').getAttribute('aria-live'),
    labels: [...box.querySelectorAll('tbody .rc-roll-label')].map(e => e.textContent.trim()),
    fracs: [...box.querySelectorAll('tbody .rc-frac')].map(e => e.textContent),
})"""


@pytest.mark.parametrize("table_id", ["storm-save", "treasure-dig"])
def test_the_row_the_dice_fall_to_is_highlighted_and_announced(browser, base, table_id):
    with page_opener(browser, base) as open_page:
        page = open_page("/isle/dice/?rc-seed=11")
        box = page.locator(f".rc-dice:has(#{table_id})")
        seen = set()
        for _ in range(24):
            box.locator(".rc-roll-btn").click()
            s = box.evaluate(STATE)
            row = expected_row(table_id, s["chips"], 0)
            assert s["hits"] == [row], s
            assert s["live"] == "polite" and s["labels"][row] in s["out"], s
            seen.add(row)
        assert len(seen) > 1


def test_the_modifier_moves_totals_not_faces(browser, base):
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 900)):
        with page_opener(browser, base, {"width": width, "height": height}) as open_page:
            page = open_page("/isle/dice/?rc-seed=3")
            box = page.locator(".rc-dice:has(#storm-save)")
            assert box.evaluate(STATE)["fracs"] == ["1/6", "2/6", "3/6"]
            box.locator("[data-mod=rope]").check()
            # with the rope a total of 8 or more is 7+ on the dice: 21 less 3 doubles = 18/36 = 3/6
            assert box.evaluate(STATE)["fracs"] == ["1/6", "3/6", "2/6"]
            for _ in range(16):
                box.locator(".rc-roll-btn").click()
                s = box.evaluate(STATE)
                assert s["hits"] == [expected_row("storm-save", s["chips"], 1)], s
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            box.scroll_into_view_if_needed()
            box.screenshot(path=str(SHOTS / f"storm-save-{width}.png"))


def test_a_table_of_totals_on_the_same_page_still_reads_the_total(browser, base):
    """dice.lazy.js reads condition data only where a table has it: a plain 1d6 table rolls as before."""
    with page_opener(browser, base) as open_page:
        page = open_page("/isle/dice/?rc-seed=5")
        box = page.locator(".rc-dice:has(#monster-move)")
        for _ in range(12):
            box.locator(".rc-roll-btn").click()
            s = box.evaluate(STATE)
            assert s["hits"] == [0 if s["chips"][0] <= 3 else 1], s  # rows 1-3 and 4-6
        assert box.evaluate(STATE)["fracs"] == ["3/6", "3/6"]
