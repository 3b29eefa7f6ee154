"""Offline use, in Debian's chromium: the repository's site opened from a saved copy (file://), and served
over http, where its service worker keeps each game a player opens; a rebuild replaces what was kept; and no
request ever leaves the site."""

from __future__ import annotations

import json
import re

import pytest
from sitekit import build, make_project, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]


def typed(page, query: str) -> list[str]:
    """Type into the search box as a player does; the result links shown."""
    page.locator("label.md-search__icon, input.md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.press_sequentially(query, delay=20)
    page.wait_for_function("""() => /matching/.test(
        (document.querySelector('.md-search-result__meta') || {}).textContent || '')""")
    return page.eval_on_selector_all("a.md-search-result__link", "as => as.map(a => a.href)")


def roll_first_table(page) -> str:
    button = page.locator(".rc-roll-btn:visible").first
    button.click()
    out = page.locator(".rc-out:visible").first
    out.wait_for()
    page.wait_for_function("el => el.textContent.trim()", arg=out.element_handle())
    return out.inner_text()


def follow(page, ending: str) -> None:
    """Click the first link on show whose address ends with ``ending``; wait for the page it opens."""
    link = page.locator(f"a[href$='{ending}']:visible").first
    with page.expect_navigation():
        link.click()


def opened(browser, requests: list[str], errors: list[str], **options):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page


def test_from_disk_links_open_pages_dice_roll_search_finds_and_notes_switch(browser, seed_site):
    requests, errors = [], []
    context, page = opened(browser, requests, errors)
    page.goto((seed_site / "index.html").as_uri())
    follow(page, "john-company/index.html")  # a link to a folder gets its index.html, as a server adds it
    assert page.url.endswith("/john-company/index.html")
    follow(page, "john-company/turn/index.html")
    follow(page, "john-company/dice/index.html")
    assert page.title().startswith("Dice")
    assert re.search(r"\d", roll_first_table(page))
    switch = page.locator(".rc-notes-switch")
    switch.click()
    assert "rc-notes-on" in page.evaluate("document.documentElement.className")
    results = typed(page, "fatigue")
    assert results and all(r.startswith("file:") for r in results), results
    with page.expect_navigation():
        page.locator("a.md-search-result__link").first.click()
    assert re.search(r"/index\.html(\?[^#]*)?(#.*)?$", page.url), page.url  # a page, not a folder listing
    assert page.locator("article h1").count()
    # A glossary preview opens on hover (its text is on the page: nothing to fetch).
    page.goto((seed_site / "john-company" / "turn" / "index.html").as_uri())
    page.locator("a.rc-term:visible").first.hover()
    page.locator(".rc-term-preview").wait_for()
    context.close()
    assert not errors, errors
    assert requests and all(url.startswith("file:") for url in requests), [u for u in requests if not u.startswith("file:")]


def kept(page, title: str) -> None:
    """The page says its game is kept: the notice once, the header's mark on every page."""
    page.locator(".rc-offline-badge").wait_for(timeout=60_000)
    assert page.locator(".rc-offline-badge").get_attribute("title") == "Available offline"


def test_served_a_game_opened_once_works_with_the_network_off(browser, base):
    requests, errors = [], []
    context, page = opened(browser, requests, errors, service_workers="allow")
    page.goto(base + "/john-company/turn/")
    kept(page, "John Company")
    assert page.locator(".rc-offline").inner_text() == "John Company is available offline."
    assert page.locator("link[rel=manifest]").count() == 1
    context.set_offline(True)
    page.reload()
    assert page.title().startswith("Turn")
    kept(page, "John Company")  # said again on a page served from the cache
    follow(page, "dice/")  # a page never opened before
    page.locator(".rc-roll-btn:visible").first.wait_for()
    assert re.search(r"\d", roll_first_table(page))
    results = typed(page, "fatigue")
    assert any("/john-company/" in r for r in results), results
    page.goto(base + "/john-company/glossary/")
    assert page.locator("a.rc-term, .rc-term-entry").count()
    page.goto(base + "/1800/turn/")  # another game: not opened, so not kept
    assert "not kept for offline use" in page.locator("h1").inner_text()
    assert "John Company" in page.locator("body").inner_text()
    context.close()
    assert not errors, errors
    outside = [url for url in requests if not url.startswith(base)]
    assert not outside, outside


def test_the_notice_lets_a_tap_through_to_the_link_under_it(browser, base):
    """The "available offline" notice sits over the foot of a phone's screen for a few seconds: a link
    under it is still tapped, not the notice (it has nothing to tap)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="allow")
    page = context.new_page()
    page.goto(base + "/john-company/turn/")
    notice = page.locator(".rc-offline", has_text="is available offline")
    notice.wait_for(timeout=60_000)
    box = notice.bounding_box()
    x, y = box["x"] + 40, box["y"] + box["height"] / 2
    # Scroll a link of the page to the notice's height, as a player reading on would.
    item = page.locator(".rc-sequence-item", has=page.locator(".rc-number", has_text="7b"))
    link = item.locator("a:not(.rc-term)").first  # below the first screen
    page.evaluate("([a, y]) => scrollBy(0, a.getBoundingClientRect().top + a.offsetHeight / 2 - y)",
                  [link.element_handle(), y])
    link_box = link.bounding_box()
    assert link_box["y"] <= y <= link_box["y"] + link_box["height"], (link_box, y)  # under the notice
    assert notice.is_visible()
    href = link.get_attribute("href")
    page.touchscreen.tap(max(x, link_box["x"] + 4), y)
    page.wait_for_url("**" + href[href.index("#"):], timeout=10_000)
    context.close()


def test_a_sheet_printed_while_the_notice_shows_is_one_page(browser, base, tmp_path):
    """The notice's room at the foot of the screen is not printed either: a sheet printed in the seconds
    "Corporate Warfare is available offline." showed once came out on three pages."""
    import pdfkit

    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(base + "/corporate-warfare/cheatsheet/")
    page.locator(".rc-offline", has_text="is available offline").wait_for(timeout=60_000)
    page.emulate_media(media="print")
    for fmt in ("A4", "Letter"):
        page.pdf(path=str(tmp_path / f"{fmt}.pdf"), format=fmt, print_background=True)
        assert pdfkit.pages(tmp_path / f"{fmt}.pdf") == 1, fmt
    assert page.locator(".rc-offline").count() == 1  # still shown: the PDFs were printed with it
    context.close()


def test_the_cheat_sheet_pdf_is_kept_when_first_opened(browser, base, seed_site):
    if not (seed_site / "john-company" / "cheatsheet.pdf").is_file():
        pytest.skip("no PDFs in this build (WeasyPrint missing)")
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(base + "/john-company/cheatsheet/")
    kept(page, "John Company")
    url = base + "/john-company/cheatsheet.pdf"
    assert not page.evaluate("u => caches.match(u).then(Boolean)", url)  # not fetched with the pages
    assert page.evaluate("u => fetch(u).then(r => r.ok)", url)
    assert page.evaluate("u => caches.match(u).then(Boolean)", url)
    context.set_offline(True)
    assert page.evaluate("u => fetch(u).then(r => r.headers.get('content-type'))", url) == "application/pdf"
    context.close()


def test_the_site_can_be_installed(browser, base):
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(base + "/john-company/")
    kept(page, "John Company")
    manifest = json.loads(page.evaluate("u => fetch(u).then(r => r.text())", base + "/manifest.webmanifest"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    session = context.new_cdp_session(page)
    errors = [e["errorId"] for e in session.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert errors in ([], ["in-incognito"]), errors  # a test's browser context is a private window
    context.close()


def test_a_rebuild_replaces_the_kept_pages_once_the_player_reloads(browser, tmp_path):
    project = make_project(tmp_path / "project", ("corporate-warfare",))
    site = tmp_path / "site"
    phases = project / "rules_data" / "corporate-warfare" / "phases.yaml"
    assert build(project, site=site).returncode == 0
    with serve(site) as base:
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        page.goto(base + "/corporate-warfare/turn/")
        kept(page, "Corporate Warfare")
        article = page.locator("article")
        assert "Each player assigns each" in article.inner_text()
        # A change of wording, not of a count (a count that disagrees with another page fails the strict build)
        text = phases.read_text(encoding="utf-8")
        phases.write_text(text.replace("Each player assigns each", "Each player places each"), encoding="utf-8")
        result = build(project, site=site)  # the same folder, still served
        assert result.returncode == 0, result.stderr
        page.reload()  # the kept page, while the new worker stores the new version
        notice = page.locator(".rc-offline", has_text="A newer version of the rules is ready.")
        notice.wait_for(timeout=60_000)
        with page.expect_navigation():
            notice.locator("button", has_text="Reload").click()
        assert "Each player places each" in page.locator("article").inner_text()
        names = page.evaluate("caches.keys()")
        assert len(names) == 1 and names[0].startswith("rulecraft-corporate-warfare-"), names  # the old one is gone
        context.set_offline(True)
        page.reload()
        assert "Each player places each" in page.locator("article").inner_text()
        context.close()
