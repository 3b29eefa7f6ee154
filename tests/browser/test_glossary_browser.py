"""Glossary previews in a real browser (Debian's chromium): hover, keyboard focus, Escape, pin,
touch (first tap previews, second follows) and Material's instant navigation."""

from __future__ import annotations

import contextlib

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

FILES = {
    "rules_data/demo/game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players run a Company.
        """,
    "rules_data/demo/terms.yaml": """\
        terms:
          - id: company
            term: Company
            plurals: [Companies]
            short: The trading company every player helps to run.
          - id: office
            term: Office
            plurals: [Offices]
            short: A job held by a family member; it pays each round.
        """,
    "rules_data/demo/phases.yaml": """\
        phases:
          - id: income
            name: Income
            rules: Each Office pays its holder, then the Company pays its debts.
            terms: [office, company]
        """,
    "docs/demo/notes.md": """\
        # Notes

        Each round opens with a short pause while everyone looks over the board, counts what they
        hold and decides what to try next before any money moves. Two Companies share every Office here.

        ## Losses

        Losses come late in the round, after every player has acted and after all the income of the
        <!-- rulecraft: accept drift-dice "a one-die roll read from the page's own table" -->
        round has been paid out to those who earned it. Roll one die and read the result below.

        | Roll | Result |
        |---|---|
        | 1 | One Office is lost to the Company. |
        """,
}

# A page links at most one term per 25 words of text (link_spacing), so the tests take their links where the
# design keeps them: the phase's "Terms:" list (always linked; the phase's text then links no term the list
# has) and, on the notes page, mentions with 25 or more words of text before them.
PREVIEW = ".rc-term-preview"
SITE_URL = "https://example.org/"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    project = sitekit.make_project(tmp_path_factory.mktemp("glossary-browser"), files=FILES)
    # Material's instant navigation only intercepts links listed in the sitemap, which needs site_url.
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "site_name: Test rulebooks\n", f"site_name: Test rulebooks\nsite_url: {SITE_URL}\n"),
        encoding="utf-8")
    result = sitekit.build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@contextlib.contextmanager
def serving(site):
    """Serve the site; its sitemap names the served address, as a deployment's would (Material's
    instant navigation only intercepts links to URLs of the sitemap, port included)."""
    sitemap = site / "sitemap.xml"
    original = sitemap.with_suffix(".orig")
    if not original.exists():
        original.write_text(sitemap.read_text(encoding="utf-8"), encoding="utf-8")
    with sitekit.serve(site) as base:
        sitemap.write_text(original.read_text(encoding="utf-8").replace(SITE_URL, base + "/"), encoding="utf-8")
        yield base


@pytest.fixture
def page(site, browser):
    with serving(site) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.base = base
        yield page
        context.close()
        assert errors == []


def preview(page):
    return page.locator(PREVIEW)


def test_hover_shows_the_preview_and_escape_closes_it(page):
    page.goto(page.base + "/demo/turn/")
    link = page.locator("#income ~ p a.rc-term", has_text="Office").first
    assert link.get_attribute("title").startswith("A job held")
    link.hover()
    preview(page).wait_for(state="visible")
    assert preview(page).locator(".rc-tp-name").inner_text().startswith("Office")
    assert preview(page).locator(".rc-tp-short").inner_text() == "A job held by a family member; it pays each round."
    assert preview(page).locator(".rc-tp-name").get_attribute("href") == link.evaluate("a => a.href")
    # While the preview shows, the native tooltip is moved aside (no double tooltip); it comes back after.
    assert link.get_attribute("title") is None
    assert link.get_attribute("aria-describedby") == "rc-tp-short"
    page.keyboard.press("Escape")
    preview(page).wait_for(state="hidden")
    assert link.get_attribute("title").startswith("A job held")


def test_the_preview_names_the_term_for_plurals(page):
    page.goto(page.base + "/demo/notes/")
    link = page.locator("a.rc-term", has_text="Companies").first
    link.hover()
    preview(page).wait_for(state="visible")
    assert preview(page).locator(".rc-tp-name").inner_text().startswith("Company")


def test_moving_the_pointer_away_closes_but_moving_into_the_preview_keeps_it(page):
    page.goto(page.base + "/demo/turn/")
    link = page.locator("#income ~ p a.rc-term").first
    link.hover()
    preview(page).wait_for(state="visible")
    preview(page).locator(".rc-tp-short").hover()
    page.wait_for_timeout(500)
    assert preview(page).is_visible()
    page.mouse.move(5, 700)
    preview(page).wait_for(state="hidden")


def test_keyboard_focus_opens_tab_moves_on_and_arrow_down_pins(page):
    page.goto(page.base + "/demo/turn/")
    links = page.locator("#income ~ p a.rc-term")
    link = links.first
    link.focus()
    preview(page).wait_for(state="visible")
    assert preview(page).locator(".rc-tp-keys").is_visible()  # the keys, for keyboard users
    page.keyboard.press("Tab")  # one tab stop per term: on to the next term, not into the preview
    assert page.evaluate("document.activeElement.textContent") == links.nth(1).inner_text()
    assert preview(page).locator(".rc-tp-name").inner_text().startswith(links.nth(1).inner_text())
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowDown")  # pins the preview and moves into it
    assert page.evaluate("document.activeElement.classList.contains('rc-tp-name')")
    assert preview(page).locator(".rc-tp-pin").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('rc-tp-pin')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('rc-tp-close')")
    page.keyboard.press("Escape")  # closes and gives focus back to the term link
    preview(page).wait_for(state="hidden")
    assert page.evaluate("document.activeElement.getAttribute('href')") == link.get_attribute("href")


def test_pin_keeps_the_preview_open(page):
    page.goto(page.base + "/demo/turn/")
    link = page.locator("#income ~ p a.rc-term").first
    link.hover()
    preview(page).wait_for(state="visible")
    pin = preview(page).locator(".rc-tp-pin")
    pin.click()
    assert pin.get_attribute("aria-pressed") == "true"
    page.mouse.move(5, 700)
    page.mouse.click(5, 700)  # pointer away and a click elsewhere: a pinned preview stays
    page.wait_for_timeout(500)
    assert preview(page).is_visible()
    other = page.locator("#income ~ p a.rc-term").nth(1)
    other.hover()  # another term does not replace a pinned preview
    page.wait_for_timeout(400)
    assert preview(page).locator(".rc-tp-name").inner_text().startswith(link.inner_text())
    preview(page).locator(".rc-tp-close").click()
    preview(page).wait_for(state="hidden")
    assert pin.get_attribute("aria-pressed") == "false"


def test_preview_in_a_table_is_not_clipped(page):
    page.goto(page.base + "/demo/notes/")
    link = page.locator("table a.rc-term").first
    link.hover()
    preview(page).wait_for(state="visible")
    box, cell = preview(page).bounding_box(), link.bounding_box()
    assert box["y"] >= cell["y"] + cell["height"] and box["height"] > 20
    # The topmost element at the preview's centre is the preview itself (not under the table).
    assert page.evaluate("""([x, y]) => !!document.elementFromPoint(x, y).closest('.rc-term-preview')""",
                         [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])


def test_works_after_instant_navigation(page):
    page.goto(page.base + "/demo/turn/")
    page.evaluate("window.__sameDocument = true")
    link = page.locator("#income ~ p a.rc-term").first
    link.hover()
    preview(page).wait_for(state="visible")
    preview(page).locator(".rc-tp-pin").click()  # a pinned preview must not survive a page change
    sitekit.wait_for_instant_navigation(page)
    page.locator("nav.md-nav a[href$='notes/']:visible").first.click()
    page.wait_for_url("**/demo/notes/")
    page.locator("h1", has_text="Notes").wait_for()
    assert page.evaluate("window.__sameDocument") is True  # Material swapped the content: no reload
    assert not preview(page).is_visible()
    link = page.locator("article a.rc-term", has_text="Office").first
    link.hover()
    preview(page).wait_for(state="visible")
    assert preview(page).locator(".rc-tp-short").inner_text().startswith("A job held")
    page.keyboard.press("Escape")
    preview(page).wait_for(state="hidden")


def test_touch_first_tap_previews_second_tap_follows(site, browser):
    with serving(site) as base:
        context = browser.new_context(viewport={"width": 420, "height": 800}, has_touch=True, is_mobile=True)
        page = context.new_page()
        try:
            page.goto(base + "/demo/turn/")
            link = page.locator("#income ~ p a.rc-term").first
            link.tap()
            preview(page).wait_for(state="visible")
            assert page.url.endswith("/demo/turn/")
            assert not page.locator(".rc-tp-keys").is_visible()  # a tap gets no keyboard hint ("↓ pin · Esc close")
            link.tap()
            page.wait_for_url("**/demo/glossary/**")
        finally:
            context.close()
