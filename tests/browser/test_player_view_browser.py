"""The player view in a real browser (Debian's chromium) on the repository's site: the Designer notes
switch (off by default, remembered, turned on or off by ?notes= in a link, never printed), a phase's
own dice tables (collapsed, opened by the phase's links, rollable), the glossary filter."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]

SWITCH = ".rc-notes-switch"
NOTE = "#london-season ~ ol .rc-dnote"  # London Season's note on its card step


def test_designer_notes_are_off_by_default_remembered_and_set_by_the_link(browser, base):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base}/john-company/turn/")
    switch = page.locator(SWITCH)
    assert switch.get_attribute("role") == "switch" and switch.get_attribute("aria-checked") == "false"
    assert switch.get_attribute("aria-label") == "Designer notes"
    assert page.locator(NOTE).count() == 1 and not page.locator(NOTE).is_visible()
    assert page.locator("#hiring ~ .rc-unwritten").first.is_visible()
    switch.click()
    assert switch.get_attribute("aria-checked") == "true" and page.locator(NOTE).is_visible()
    page.emulate_media(media="print")
    assert not page.locator(NOTE).is_visible()  # print is the player view
    page.emulate_media(media="screen")
    page.goto(f"{base}/john-company/dice/")  # remembered on every page
    assert page.locator(SWITCH).get_attribute("aria-checked") == "true"
    assert page.locator(".rc-dice .rc-dnote").first.is_visible()
    page.goto(f"{base}/john-company/turn/?notes=0")
    assert page.locator(SWITCH).get_attribute("aria-checked") == "false" and not page.locator(NOTE).is_visible()
    page.reload()
    assert not page.locator(NOTE).is_visible()
    context.close()

    shared = browser.new_context()  # a fresh reader opening a shared link
    page = shared.new_page()
    page.goto(f"{base}/john-company/turn/?notes=1")
    assert page.locator(SWITCH).get_attribute("aria-checked") == "true" and page.locator(NOTE).is_visible()
    shared.close()


def test_a_phase_carries_its_dice_tables_and_rolls_them_in_place(browser, base):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/corporate-warfare/turn/?rc-seed=7")
    execution = page.locator("section.rc-phase:has(#execution)")
    tables = execution.locator("details.rc-phase-dice")
    assert tables.count() == 5
    assert not tables.first.locator(".rc-dice-table").is_visible()  # collapsed by default
    link = execution.locator("a.rc-dice-ref").first
    target = "#" + link.get_attribute("href").rpartition("#")[2]
    link.click()  # a link in the phase opens the phase's own copy, no page change
    assert page.url.endswith(target) and "/corporate-warfare/turn/" in page.url
    opened = page.locator(target.replace("~", "\\~"))
    assert opened.locator(".rc-dice-table").is_visible()
    opened.locator(".rc-roll-btn").click()
    assert opened.locator(".rc-out").inner_text().strip()
    assert opened.locator("tr.rc-hit").count() == 1
    page.close()


def test_glossary_filter_narrows_the_list_and_announces_the_count(browser, base):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/john-company/glossary/")
    total = page.locator(".rc-term-entry").count()
    field = page.get_by_label("Filter terms")
    field.fill("fatigue")
    assert page.locator(".rc-term-entry:visible").count() == 1
    assert page.locator("#rc-gfilter-count").inner_text() == f"1 of {total} terms"
    assert page.locator("h2.rc-letter:visible").count() == 1
    field.press("Escape")
    assert page.locator(".rc-term-entry:visible").count() == total
    # The letters stay under the header while the list scrolls.
    page.mouse.wheel(0, 6000)
    page.wait_for_timeout(200)
    box = page.locator(".rc-letters").bounding_box()
    assert 0 <= box["y"] < 200
    page.close()
