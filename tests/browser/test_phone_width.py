"""Every page of the repository's site and of the dungeon-crawl and euro fixtures fits a phone: at 390 px
nothing makes the page scroll sideways (a wide table scrolls inside its own box, as Material sets it). The
Status page's five figures once ran off the right edge in one row ("Accepted warnings" cut at 390 px); a
catalog table's effect column was off-screen in its box."""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

WIDTH = 390


def _pages(site: Path) -> list[str]:
    return sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.rglob("index.html")
                  if "assets" not in p.parts and "search" not in p.parts)


def _too_wide(browser, site: Path) -> list[tuple[str, int]]:
    wide = []
    with sitekit.serve(site) as url:
        tab = browser.new_page(viewport={"width": WIDTH, "height": 800})
        try:
            for rel in _pages(site):
                tab.goto(f"{url}/{'' if rel == './' else rel}")
                width = tab.evaluate("document.documentElement.scrollWidth")
                if width > WIDTH:
                    wide.append((rel, width))
        finally:
            tab.close()
    return wide


def test_no_page_of_the_site_scrolls_sideways_on_a_phone(browser, seed_site):
    assert _too_wide(browser, seed_site) == []


def test_no_page_of_the_dungeon_crawl_scrolls_sideways_on_a_phone(browser, delve_site):
    """Its Status page has an accepted warning and '12 of 12' phases with rules: five figures, wider than a
    phone in one row."""
    pages = _pages(delve_site)
    assert "delve/status/" in pages
    assert _too_wide(browser, delve_site) == []


def test_a_catalog_stacks_its_rows_as_cards_on_a_phone(browser, euro_site):
    """Marchland's buildings: each item a card headed by its name, "Cost: …" and "Effect: …" lines, the
    empty "Requires: —" left out; the table scrolls neither the page nor its own box."""
    assert _too_wide(browser, euro_site) == []
    with sitekit.serve(euro_site) as url:
        tab = browser.new_page(viewport={"width": WIDTH, "height": 800})
        try:
            tab.goto(f"{url}/marchland/catalog/")
            table = tab.locator(".rc-catalog table").first
            assert table.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
            chapel = tab.locator("#item-chapel")
            assert chapel.locator("td.rc-cost-cell").evaluate("td => getComputedStyle(td, '::before').content") \
                == '"Cost: "'
            assert chapel.locator("td.rc-requires").is_hidden()  # '—': nothing to say
            assert tab.locator("#item-monastery td.rc-requires").is_visible()
            assert tab.locator(".rc-catalog thead").first.evaluate("h => h.getBoundingClientRect().height") <= 1
        finally:
            tab.close()
