"""The Zensical-built site in a real browser (Debian's chromium): the Roll buttons roll with live odds,
glossary links open their preview, and instant navigation keeps both working (Zensical's theme,
not Material's, runs the same scripts)."""

from __future__ import annotations

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture
def open_page(browser, zensical_site):
    """open_page(path) -> a page of the served Zensical site that fails the test on any JavaScript error."""
    with sitekit.serve(zensical_site) as base, sitekit.page_opener(browser, base, {"width": 1280, "height": 900}) as make:
        yield make


def roll(page, table_id: str) -> dict:
    box = page.locator(f".rc-dice:has(#{table_id})")
    box.locator(".rc-roll-btn").click()
    return box.evaluate("""box => ({
        chips: [...box.querySelectorAll('.rc-out .rc-chip, .rc-out .rc-die')].map(e => e.textContent.trim()),
        out: box.querySelector('.rc-out').textContent.trim(),
        hits: box.querySelectorAll('tbody tr.rc-hit').length,
        history: box.querySelectorAll('.rc-hist li').length,
        odds: [...box.querySelectorAll('tbody td.rc-odds')].map(td => td.textContent.trim()),
    })""")


def test_roll_buttons_roll_and_highlight_one_row(open_page):
    page = open_page("/john-company/dice/?rc-seed=7")
    for table_id in ("retirement", "govern", "storm"):
        assert page.locator(f".rc-dice:has(#{table_id}) .rc-roll-btn").is_visible()
        first = roll(page, table_id)
        second = roll(page, table_id)
        assert first["out"] and first["hits"] == 1, (table_id, first)
        assert second["history"] == 2
        assert all("%" in text for text in first["odds"]), first["odds"]


def test_a_modifier_changes_the_odds_live(open_page):
    page = open_page("/john-company/dice/")
    box = page.locator(".rc-dice:has(#retirement)")
    before = box.locator("tbody td.rc-odds").all_inner_texts()
    box.locator(".rc-check input[type=checkbox]").first.check()
    page.wait_for_function("""([sel, before]) => {
        const now = [...document.querySelectorAll(sel)].map(td => td.innerText);
        return JSON.stringify(now) !== JSON.stringify(before);
    }""", arg=[".rc-dice:has(#retirement) tbody td.rc-odds", before])


def test_glossary_links_open_their_preview(open_page):
    page = open_page("/john-company/turn/")
    link = page.locator("article a.rc-term").first
    short = link.get_attribute("title")
    assert short
    link.hover()
    preview = page.locator(".rc-term-preview")
    preview.wait_for(state="visible")
    assert preview.locator(".rc-tp-short").inner_text() == short
    page.keyboard.press("Escape")
    preview.wait_for(state="hidden")


def test_instant_navigation_keeps_the_dice_working(open_page):
    page = open_page("/john-company/turn/")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.rcSamePage = true")  # survives only if the page is not reloaded
    page.locator("nav.md-nav--primary a[href$='john-company/dice/']:visible").first.click()
    page.wait_for_url("**/john-company/dice/")
    assert page.evaluate("window.rcSamePage === true"), "the page was reloaded, not navigated in place"
    page.locator(".rc-dice:has(#storm) .rc-roll-btn").wait_for(state="visible")
    assert roll(page, "storm")["hits"] == 1
