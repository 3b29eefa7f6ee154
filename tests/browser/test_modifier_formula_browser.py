"""A modifier worked out from an input in a browser (the euro fixture's March table, 2d6 with
`-half(input.fatigue, down)`, fatigue 0–3): stepping the fatigue changes every row's exact chance as the
formula says (0 and 1 change nothing, 2 and 3 take one off), and the stepper stays within the range."""

from __future__ import annotations

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = "/tmp/shots-feeds"


@pytest.fixture(scope="module")
def base(euro_site):
    with sitekit.serve(euro_site) as url:
        yield url


@pytest.fixture
def open_page(browser, base):
    with sitekit.page_opener(browser, base) as make:
        yield make


def fracs(box) -> list[str]:
    return box.locator("tbody .rc-frac").all_text_contents()


@pytest.mark.parametrize("width", [390, 1280])
def test_fatigue_steps_the_odds(open_page, width):
    page = open_page("/marchland/dice/", viewport={"width": width, "height": 900})
    box = page.locator(".rc-dice:has(#march)")
    fatigue = box.locator('[data-mod="tired"]')
    more, fewer = box.locator(".rc-mod .rc-inc"), box.locator(".rc-mod .rc-dec")
    # 2d6: 7 or less 21/36, 8+ 15/36; one off: 8 or less 26/36, 9+ 10/36
    assert fracs(box) == ["21/36", "15/36"]
    more.click()
    assert fatigue.input_value() == "1" and fracs(box) == ["21/36", "15/36"]
    more.click()
    assert fatigue.input_value() == "2" and fracs(box) == ["26/36", "10/36"]
    more.click()
    more.click()  # the input's range ends at 3
    assert fatigue.input_value() == "3" and fracs(box) == ["26/36", "10/36"]
    box.screenshot(path=f"{SHOTS}/march-{width}.png")
    fewer.click()
    fewer.click()
    assert fatigue.input_value() == "1" and fracs(box) == ["21/36", "15/36"]
