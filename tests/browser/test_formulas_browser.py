"""The formula calculator in a browser: enter values, the right number is shown and announced (aria-live);
out-of-range values are marked and explained; a yes/no input is a box to tick; keyboard only; at 390 px it
does not scroll sideways, in the dark theme its fields stay readable."""

from __future__ import annotations

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture(scope="module")
def base(euro_site):
    with sitekit.serve(euro_site) as url:
        yield url


def test_values_in_the_right_number_out(browser, base):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.goto(f"{base}/marchland/formulas/", wait_until="load")
    loot = tab.locator("#formula-loot")
    out = loot.locator("output")
    out.wait_for(state="visible")
    assert out.get_attribute("aria-live") == "polite"
    assert out.text_content() == "Loot: 0"
    loot.locator("input").fill("7")
    assert out.text_content() == "Loot: 4"  # half of 7, rounded up
    loot.locator("input").fill("13")
    assert out.text_content() == "resource tiles you own: a whole number from 0 to 12"
    assert loot.locator("input").get_attribute("aria-invalid") == "true"
    crowns = tab.locator("#formula-crowns")
    crowns.locator("input[name='input.attack']").fill("3")
    crowns.locator("input[name='input.defence']").fill("2")
    assert crowns.locator("output").text_content() == "Crowns: 10 crowns"
    crowns.locator("input[name='input.mounted']").check()
    assert crowns.locator("output").text_content() == "Crowns: 11 crowns"
    rations = tab.locator("#formula-rations")
    rations.locator("input").fill("7")
    assert rations.locator("output").text_content() == "Rations: 3 Food"  # 7/3 rounded up
    context.close()


def test_keyboard_only_and_a_phone_in_the_dark(browser, base):
    context = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme="dark")
    tab = context.new_page()
    tab.goto(f"{base}/marchland/raiding/", wait_until="load")
    field = tab.locator(".rc-formula input").first
    field.wait_for(state="visible")
    field.focus()
    tab.keyboard.press("ArrowUp")
    tab.keyboard.press("ArrowUp")
    tab.keyboard.press("ArrowUp")
    assert tab.locator(".rc-formula output").first.text_content() == "Loot: 2"  # 3 tiles
    tab.keyboard.press("Tab")  # on to the next calculator's field
    assert tab.evaluate("document.activeElement.name") == "input.attack"
    tab.keyboard.type("5")
    assert tab.locator(".rc-formula output").nth(1).text_content() == "Charging attack: 10"
    widths = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    tab.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    colours = field.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    assert colours[0] != colours[1]
    text = field.evaluate("e => getComputedStyle(e).color")
    assert text.startswith("rgba(226") or text.startswith("rgb(2"), text  # light text on the dark theme
    context.close()


def test_the_calculator_follows_the_variant_switch(browser, base):
    """Stone keeps sets the fortress factor to 4: the calculator works with the rules the page shows."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.goto(f"{base}/marchland/formulas/", wait_until="load")
    keep = tab.locator("#formula-fortress-defence")
    keep.locator("input").fill("2")
    assert keep.locator("output").text_content() == "Defence in a fortress: 6"
    tab.select_option(".rc-variants select", "stone-keeps")
    assert keep.locator("output").text_content() == "Defence in a fortress: 8"
    tab.reload(wait_until="load")  # the choice is remembered; the calculator starts from it
    keep.locator("input").fill("2")
    assert keep.locator("output").text_content() == "Defence in a fortress: 8"
    tab.select_option(".rc-variants select", "base")
    assert keep.locator("output").text_content() == "Defence in a fortress: 6"
    context.close()
