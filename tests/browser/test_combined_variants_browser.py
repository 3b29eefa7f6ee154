"""The variant switch offers a combination of variants (the dungeon crawl's lanterns and deep vaults): choosing
it shows the combination's numbers (11 torches, its own; 14 rounds, the vaults'), its rules and those of each
of its add-ons, hides the collapse's; a reload keeps the choice, and another page of the game follows it."""

from __future__ import annotations

import pytest
from sitekit import page_opener, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]

SWITCH = ".rc-variants select"


@pytest.fixture(scope="module")
def base(delve_site):
    with serve(delve_site) as url:
        yield url


def numbers(page, const: str) -> list[str]:
    return page.locator(f".md-content [data-rc-const={const}]").all_inner_texts()


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 900}])
def test_the_switch_offers_the_combination_and_keeps_it(browser, base, viewport):
    with page_opener(browser, base, viewport) as open_page:
        page = open_page("/delve/")
        switch = page.locator(SWITCH)
        options = switch.locator("option").all_inner_texts()
        assert options == ["All, variants marked", "Base game", "Variant: The collapse", "Variant: Lanterns add-on",
                           "Variant: Deep vaults", "Variants: Lanterns add-on and Deep vaults"]
        assert numbers(page, "torches") == ["10"]
        lantern_step = page.get_by_text("Put a lantern at the top of each stair.")
        assert lantern_step.is_visible()  # by default every rule shows, badged

        switch.select_option("lanterns-and-vaults")
        assert numbers(page, "torches") == ["11"]
        assert page.locator("#const-torches .rc-const").inner_text() == "11"
        assert set(numbers(page, "rounds")) == {"14"}
        assert lantern_step.is_visible() and page.locator("#resting").is_visible()  # {not: collapse}
        assert not page.locator("#collapse-rules").is_visible()
        assert not page.get_by_text("Put the rubble counter on the exit.").is_visible()

        page.reload()
        assert page.locator(SWITCH).input_value() == "lanterns-and-vaults"
        assert numbers(page, "torches") == ["11"] and not page.locator("#collapse-rules").is_visible()

        page.goto(base + "/delve/turn/")  # the game's other pages follow
        assert page.locator(SWITCH).input_value() == "lanterns-and-vaults"
        assert page.locator("#descend").is_visible() and page.locator("#light").is_visible()
        assert not page.locator("#run").is_visible()
        page.locator(SWITCH).select_option("lanterns")
        assert page.locator("#light").is_visible() and not page.locator("#descend").is_visible()
