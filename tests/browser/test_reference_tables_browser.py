"""A wide reference table on a phone: each row reads without scrolling sideways."""

from __future__ import annotations

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture(scope="module")
def base(wargame_site):
    with sitekit.serve(wargame_site) as url:
        yield url


@pytest.mark.parametrize("width", [390, 1280])
def test_the_terrain_chart_needs_no_sideways_scrolling(browser, base, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/bridgehead/tables/", wait_until="load")
    box = page.locator("#table-terrain")
    widths = box.locator("table").evaluate("t => [t.scrollWidth, t.clientWidth, t.closest('.rc-ref-table').scrollWidth, t.closest('.rc-ref-table').clientWidth]")
    assert widths[0] <= widths[1], widths  # no row scrolls inside the table
    if width == 390:  # nor does the block around it (on a desktop, Material's scroll wrapper may bleed past it)
        assert widths[2] <= widths[3], widths
    marsh = box.locator("tbody tr").nth(3)
    if width == 390:  # stacked: the column's name before each cell, the empty cells left out
        assert marsh.locator("td").first.evaluate("td => getComputedStyle(td, '::before').content") == '"Movement cost: "'
        assert box.locator("tbody tr").first.locator(".rc-empty-cell").is_hidden()
    else:
        assert box.locator("thead").is_visible()
    context.close()
