"""A roll whose result is the total, in a real browser (the Outpost fixture's salvage: 2d6, +1 per cutting torch
up to 2): the page lists each total with its chance, the modifiers shift the totals shown, a roll and "I rolled"
name the total and the result stated once above the grid. Screenshots at 390 and 1280 px, light and dark, in
/tmp/dice-number-shots (looked at by hand)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/dice-number-shots")
TWO_D6 = ["2.8%", "5.6%", "8.3%", "11.1%", "13.9%", "16.7%", "13.9%", "11.1%", "8.3%", "5.6%", "2.8%"]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    project = sitekit.make_project(tmp_path_factory.mktemp("outpost"), plugin_extra="cheatsheet_pdf: false")
    shutil.copytree(sitekit.REPO / "tests" / "data" / "sheets" / "outpost", project / "rules_data" / "outpost")
    result = sitekit.build(project)
    assert result.returncode == 0, result.stderr
    with sitekit.serve(project / "site") as url:
        yield url


@pytest.fixture
def open_page(browser, base):
    with sitekit.page_opener(browser, base) as make:
        yield make


SHOWN = """box => [...box.querySelectorAll('.rc-dice-number-table tbody tr')]
    .filter(tr => getComputedStyle(tr).display !== 'none')
    .map(tr => [tr.querySelector('.rc-roll-label').textContent.trim(), tr.querySelector('.rc-pct').textContent])"""


def test_the_modifiers_shift_the_totals_shown(open_page):
    page = open_page("/outpost/dice/?rc-seed=3")
    box = page.locator(".rc-dice:has(#salvage)")
    box.locator(".rc-dice-ui:not([hidden])").wait_for()
    assert box.evaluate(SHOWN) == [[str(t), p] for t, p in zip(range(2, 13), TWO_D6)]
    plus = box.locator(".rc-mod .rc-inc")
    plus.click()
    plus.click()
    assert box.evaluate(SHOWN) == [[str(t), p] for t, p in zip(range(4, 15), TWO_D6)]
    assert box.locator(".rc-col-odds").text_content() == "Chance (+2)"
    box.locator(".rc-roll-btn").click()
    said = box.locator(".rc-out").text_content()
    hit = box.evaluate("b => b.querySelector('.rc-dice-number-table tr.rc-hit .rc-roll-label').textContent.trim()")
    assert 4 <= int(hit) <= 14 and f"{hit}: The total is the salvage the squad carries off." in said


def test_i_rolled_names_the_total_and_the_result(open_page):
    page = open_page("/outpost/dice/")
    box = page.locator(".rc-dice:has(#salvage)")
    box.locator(".rc-rolled").wait_for()
    fields = box.locator(".rc-rolled input")
    for i, value in enumerate((3, 4)):
        fields.nth(i).fill(str(value))
    said = box.locator(".rc-rolled-out").text_content()
    assert "7" in said and "The total is the salvage the squad carries off." in said


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots(open_page, scheme, width):
    page = open_page("/outpost/dice/", viewport={"width": width, "height": 900})
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    box = page.locator(".rc-dice:has(#salvage)")
    box.locator(".rc-dice-ui:not([hidden])").wait_for()
    page.evaluate("document.querySelector('.md-header').style.visibility = 'hidden'")  # not over the shot
    SHOTS.mkdir(exist_ok=True)
    box.screenshot(path=str(SHOTS / f"salvage-{width}-{scheme}.png"))
    assert box.bounding_box()["width"] <= width
