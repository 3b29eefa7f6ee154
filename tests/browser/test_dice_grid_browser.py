"""The combat results table's calculator in a browser: the strengths give the column with its rounding in
words, a ticked shift moves it, the chances are the build's, Roll announces the outcome (aria-live); the
calculator fits a 390 px phone without sideways scrolling, the grid scrolls inside its own box."""

from __future__ import annotations

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture(scope="module")
def base(wargame_site):
    with sitekit.serve(wargame_site) as url:
        yield url


def _calculator(browser, base, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(f"{base}/bridgehead/dice/?rc-seed=7", wait_until="load")
    box = tab.locator(".rc-dice-grid", has=tab.locator("#combat"))
    box.locator(".rc-crt-calc").wait_for(state="visible")
    return context, tab, box, errors


@pytest.mark.parametrize("width", [390, 1280])
def test_ten_against_four_a_storm_and_a_roll(browser, base, width):
    context, tab, box, errors = _calculator(browser, base, width)
    column = box.locator(".rc-crt-column")
    assert column.get_attribute("aria-live") == "polite"
    # Keyboard only: type the strengths.
    box.get_by_role("spinbutton", name="Attack strength").fill("10")
    box.get_by_role("spinbutton", name="Defence strength").fill("4")
    box.get_by_role("spinbutton", name="Defence strength").press("Tab")
    assert column.text_content() == "Column: 10 against 4 is 2.5 to 1, rounded in the defender's favour: 2-1."
    assert box.locator("thead th.rc-crt-on").text_content() == "2-1"
    # 2-1 reads DR, DR, EX, AR, AR, AR: AR 3/6, DR 2/6, EX 1/6, in the legend's order.
    chances = box.locator(".rc-crt-chances tbody tr")
    assert [chances.nth(i).locator("th").text_content() for i in range(chances.count())] == ["AR", "EX", "DR"]
    assert [chances.nth(i).locator(".rc-pct").text_content() for i in range(3)] == ["50%", "16.7%", "33.3%"]
    storm = box.get_by_role("checkbox", name="one column left in a storm")
    storm.focus()
    tab.keyboard.press("Space")
    assert column.text_content() == ("Column: 10 against 4 is 2.5 to 1, rounded in the defender's favour: 2-1; "
                                     "one column left: 1-1.")
    assert box.locator("thead th.rc-crt-on").text_content() == "1-1"
    # Two fog spells as well: 1-3; the town's +2 on the die too.
    box.get_by_role("spinbutton", name="one column left per fog spell on the defender (up to 2)").fill("2")
    box.get_by_role("checkbox", name="+2 the defender is in a town").check()
    assert column.text_content().endswith("3 columns left: 1-3.")
    # 1-3 reads AR, AR, AR, AE, AE, AE; +2 makes rolls 1..6 totals 3..8, 7 and 8 counting as 6: AR 1/6, AE 5/6.
    assert [chances.nth(i).locator(".rc-pct").text_content() for i in range(chances.count())] == ["83.3%", "16.7%"]
    out = box.locator(".rc-out")
    assert out.get_attribute("role") == "status" and out.get_attribute("aria-live") == "polite"
    roll = box.get_by_role("button", name="Roll 1d6")
    roll.focus()
    tab.keyboard.press("Enter")
    said = out.text_content()
    assert said.startswith("Rolled ") and " +2 = " in said and "on 1-3: A" in said
    assert ("Attacker eliminated." in said) != ("Attacker retreats one hex." in said)
    size = roll.bounding_box()
    assert size["height"] >= 44
    if width == 390:
        calc = box.locator(".rc-crt-calc").evaluate("c => [c.scrollWidth, c.clientWidth]")
        assert calc[0] <= calc[1], calc
        page_width = tab.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert page_width[0] <= page_width[1], page_width
        scroll = box.locator(".rc-crt-scroll").evaluate("s => [s.scrollWidth, s.clientWidth, getComputedStyle(s).overflowX]")
        assert scroll[0] > scroll[1] and scroll[2] == "auto", scroll  # the grid scrolls in its own box
    assert not errors
    context.close()


AXIS = """s => {
    const box = s.getBoundingClientRect(), label = s.querySelector('.rc-crt-axis-row th > span').getBoundingClientRect(),
        roll = s.querySelector('tbody .rc-crt-roll').getBoundingClientRect();
    return { more: s.dataset.rcMore, label: [label.left, label.right], roll: roll.right, box: [box.left, box.right] };
}"""


def test_on_a_phone_the_axis_label_is_read_in_the_box_and_a_shade_shows_where_the_grid_scrolls(browser, base):
    """The grid is wider than a phone: its axis label ("The odds, attack strength to …", ten columns wide) wraps
    in the box beside the roll column, where it was cut off at the box's edge, and stays there while the columns
    scroll; a shade marks the edge the grid can still scroll towards."""
    context, tab, box, errors = _calculator(browser, base, 390)
    scroll = box.locator(".rc-crt-scroll")
    for place, more in (("s => s.scrollLeft = 0", "right"), ("s => s.scrollLeft = s.scrollWidth", "left")):
        scroll.evaluate(place)
        tab.wait_for_function("([s, more]) => s.dataset.rcMore == more", arg=[scroll.element_handle(), more])
        seen = scroll.evaluate(AXIS)
        assert seen["roll"] <= seen["label"][0] and seen["label"][1] <= seen["box"][1], seen
    # Scrolled to the end: the left shade fades in (a transition of .15 s), the right one out.
    tab.wait_for_function("s => getComputedStyle(s, '::before').opacity == '1' && getComputedStyle(s, '::after').opacity == '0'",
                          arg=scroll.element_handle())
    assert not errors
    context.close()


def test_odds_beyond_the_table_and_a_difference_table(browser, base):
    context, tab, box, errors = _calculator(browser, base, 1280)
    box.get_by_role("spinbutton", name="Attack strength").fill("40")
    box.get_by_role("spinbutton", name="Defence strength").fill("4")
    box.get_by_role("spinbutton", name="Defence strength").press("Tab")
    assert box.locator(".rc-crt-column").text_content() == \
        "Column: 40 against 4 is 10 to 1: 10-1; beyond the 6-1 column: DE."
    assert box.locator(".rc-crt-chances .rc-pct").all_text_contents() == ["100%"]
    assert box.locator("thead th.rc-crt-on").count() == 0
    fire = tab.locator(".rc-dice-grid", has=tab.locator("#fire-combat"))
    fire.get_by_role("spinbutton", name="Fire strength").fill("6")
    fire.get_by_role("spinbutton", name="The target's defence").fill("2")
    fire.get_by_role("spinbutton", name="The target's defence").press("Tab")
    assert fire.locator(".rc-crt-column").text_content() == "Column: 6 minus 2 is +4: +4 or more."
    assert not errors
    context.close()
