"""The player view in a real browser (Debian's chromium) on the repository's site: the Designer notes
switch (off by default, remembered, turned on or off by ?notes= in a link, never printed), a phase's
own dice tables (collapsed, opened by the phase's links, rollable), the glossary filter."""

from __future__ import annotations

import time

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
    field.fill("fatigue")  # the Fatigue Cube by name, the Office by its definition ("… a Fatigue Cube …")
    names = [t.strip("¶ \n") for t in page.locator(".rc-term-entry:visible h3").all_inner_texts()]
    assert names == ["Fatigue Cube", "Office"]
    assert page.locator("#rc-gfilter-count").inner_text() == f"2 of {total} terms"
    assert page.locator("h2.rc-letter:visible").count() == 2
    field.press("Escape")
    assert page.locator(".rc-term-entry:visible").count() == total
    # The letters stay under the header while the list scrolls.
    page.mouse.wheel(0, 6000)
    page.wait_for_timeout(200)
    box = page.locator(".rc-letters").bounding_box()
    assert 0 <= box["y"] < 200
    page.close()


def test_glossary_filter_finds_definitions_and_highlights_the_match(browser, base):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/1800/glossary/")
    total = page.locator(".rc-term-entry").count()
    page.get_by_label("Filter terms").fill("feed")  # no term is named "feed"; five say it
    names = [t.strip("¶ \n") for t in page.locator(".rc-term-entry:visible h3").all_inner_texts()]
    assert names == ["Farm", "Farmer", "Peasant", "Trade route", "Well-fed"]
    assert page.locator("#rc-gfilter-count").inner_text() == f"5 of {total} terms"
    marked = page.evaluate("""() => [...CSS.highlights.get('rc-gmatch')].map(r => r.toString().toLowerCase())""")
    assert marked and set(marked) == {"feed"}
    # every highlight is inside a shown entry's name or definition
    inside = page.evaluate("""() => [...CSS.highlights.get('rc-gmatch')].every(r =>
        r.startContainer.parentElement.closest('.rc-term-entry:not([hidden]) :is(.rc-term-title, .rc-short, .rc-definition)'))""")
    assert inside
    page.get_by_label("Filter terms").press("Escape")
    assert page.evaluate("() => CSS.highlights.get('rc-gmatch').size") == 0
    page.close()


def test_phone_header_names_the_game_and_the_page_and_the_games_are_one_tap_away(browser, base):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/corporate-warfare/turn/")
    game, where = page.locator(".md-header__topic .rc-h-game").first, page.locator(".md-header__topic .rc-h-page").first
    assert game.is_visible() and game.inner_text() == "Corporate Warfare"
    assert where.is_visible() and where.inner_text() == "Turn sequence"
    assert page.evaluate("""() => { const e = document.querySelector('.md-header__topic .rc-h-game');
                                    return e.scrollWidth <= e.clientWidth; }""")  # not cut off
    page.mouse.wheel(0, 2500)  # Material swaps to its second topic once the heading is gone: the same words
    page.wait_for_timeout(300)
    shown = page.locator(".md-header__topic:visible .rc-h-game")
    assert shown.count() >= 1 and shown.first.inner_text() == "Corporate Warfare"
    label = page.locator(".rc-notes-switch .rc-notes-label")
    assert label.is_visible() and label.inner_text() == "Notes"
    page.goto(f"{base}/corporate-warfare/turn/")
    active = page.locator(".md-tabs__item--active")
    assert active.is_visible() and "Corporate Warfare" in active.inner_text()
    page.locator(".md-tabs__link", has_text="1800").click()  # one tap to another game
    page.wait_for_url("**/1800/")
    assert page.locator(".md-header__topic .rc-h-page").first.inner_text() == "Overview"
    page.close()


_FOCUSED_CONTROL = """() => { const a = document.activeElement, box = a.closest('.rc-dice');
    return [a.tagName, !!a.closest('.rc-dice-ui'), !!(box && box.querySelector('#market-demand'))]; }"""


def _skip_to_the_dice(page):
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.textContent.trim()")
    assert focused == "Skip to the dice tables"
    page.keyboard.press("Enter")


def test_skip_link_reaches_the_roll_panel_on_a_slow_connection(browser, base):
    """The site's list of pages and the dice script arrive late (a slow phone): the link still ends on the
    first table's roll panel once it shows."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route("**/sitemap.xml", lambda route: (time.sleep(1.0), route.continue_()))
    page.route("**/dice.lazy.js*", lambda route: (time.sleep(1.0), route.continue_()))
    page.goto(f"{base}/corporate-warfare/dice/", wait_until="domcontentloaded")
    page.wait_for_selector(".rc-skip-dice", state="attached")
    _skip_to_the_dice(page)
    page.wait_for_function("() => document.activeElement.closest('.rc-dice-ui')", timeout=10_000)
    page.wait_for_timeout(1500)
    assert page.evaluate(_FOCUSED_CONTROL) == ["BUTTON", True, True]
    page.close()


def test_keyboard_skip_link_to_the_tables_and_every_stepper_button_is_a_tab_stop(browser, base):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/corporate-warfare/dice/")
    _skip_to_the_dice(page)
    page.wait_for_timeout(300)
    # Focus lands on the first table's first control, and stays there (instant navigation does not take the
    # link as a page to load again).
    assert page.evaluate(_FOCUSED_CONTROL) == ["BUTTON", True, True]
    page.wait_for_timeout(1500)
    assert page.evaluate(_FOCUSED_CONTROL) == ["BUTTON", True, True]
    assert page.evaluate("() => location.hash") == "#market-demand"
    steps = page.evaluate("""() => [...document.querySelectorAll('.rc-step :is(.rc-dec, .rc-inc)')].map(b => b.tabIndex)""")
    assert steps and all(t == 0 for t in steps), steps  # every −/+ is a Tab stop
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(200)
    page.mouse.wheel(0, -600)  # Material shows "Back to top" on scrolling up: not over the dice controls
    page.wait_for_timeout(400)
    assert not page.locator(".md-top").is_visible()
    page.close()


GAMES = {"1800": "1800", "asean-2090": "Asean 2090", "corporate-warfare": "Corporate Warfare",
         "john-company": "John Company", "straits": "Straits"}  # as the phone header names them
# Every header line cut short (an ellipsis shown): the game's name, the page's, the box holding both.
_CUT = """() => [...document.querySelectorAll('.md-header__topic')].flatMap(t =>
    [...t.querySelectorAll('.rc-h-game, .rc-h-page, .md-ellipsis')]
      .filter(e => e.scrollWidth > e.clientWidth).map(e => e.className + ': ' + e.textContent))"""


def test_the_phone_header_names_every_game_whole_on_every_page_once_it_is_kept(browser, base, seed_site):
    """Once a game is kept for offline use the header gets its "available offline" mark; beside it, at
    390 px, Corporate Warfare's play page read "Corporate Warf…". Every page of every game, mark shown."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a fresh worker: games get kept
    page = context.new_page()
    cut = {}
    for game, name in GAMES.items():
        kinds = [""] + sorted(p.parent.name + "/" for p in (seed_site / game).glob("*/index.html"))
        assert "cheatsheet/" in kinds and (game == "straits" or "play/" in kinds), kinds
        for kind in kinds:
            page.goto(f"{base}/{game}/{kind}")
            page.locator(".rc-offline-badge").wait_for(state="attached", timeout=30_000)
            page.wait_for_timeout(100)
            assert page.locator(".md-header__topic .rc-h-game").first.inner_text().strip() == name, (game, kind)
            if page.evaluate(_CUT):
                cut[game + "/" + kind] = page.evaluate(_CUT)
    assert not cut, cut
    mark = page.locator(".md-tabs__item--active .rc-offline-tab")  # the mark is on the game's tab instead
    assert mark.is_visible() and mark.get_attribute("aria-label") == "Available offline"
    assert not page.locator(".md-header .rc-offline-badge").is_visible()
    page.set_viewport_size({"width": 1280, "height": 900})  # room enough: the mark in the header's row
    assert page.locator(".md-header .rc-offline-badge").is_visible() and not mark.is_visible()
    assert not page.evaluate(_CUT)
    context.close()


def test_a_long_game_name_keeps_its_name_whole_in_the_phone_header(browser, base):
    """'Straits (working title)' was cut to 'Straits (working ti…' at 390 px: the aside gives way there."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/straits/")
    game = page.locator(".md-header__topic .rc-h-game").first
    assert game.inner_text().strip() == "Straits" and game.get_attribute("title") == "Straits (working title)"
    assert page.evaluate("""() => { const e = document.querySelector('.md-header__topic .rc-h-game');
                                    return e.scrollWidth <= e.clientWidth; }""")  # not cut off
    page.set_viewport_size({"width": 1280, "height": 900})  # room enough: the whole title
    assert page.locator(".md-header__topic .rc-h-game").first.inner_text() == "Straits (working title)"
    page.close()


def test_also_written_looks_openable_and_opens(browser, base):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{base}/1800/glossary/")
    summary = page.locator(".rc-forms > summary").first
    look = lambda: page.evaluate("""s => { const b = getComputedStyle(s, '::before'), a = document.createElement('a');
        document.querySelector('.md-typeset').append(a);
        const r = {mark: b.content, transform: b.transform, color: getComputedStyle(s).color,
                   link: getComputedStyle(a).color, position: b.position};
        a.remove(); return r; }""", summary.element_handle())
    closed = look()
    assert closed["mark"] == '"▸"' and closed["position"] == "static"  # a disclosure mark, in the line
    assert closed["color"] == closed["link"]  # coloured as a link: something to press
    summary.click()
    assert page.locator(".rc-forms").first.get_attribute("open") is not None
    assert look()["transform"] != closed["transform"]  # the mark turns once open
    page.close()


def test_an_offline_notice_leaves_the_page_foot_readable(browser, base):
    """offline.js's notice sits at the foot of the screen ("… is available offline.", or "A newer version …
    Reload" until pressed): while it is shown, the page scrolls its footer clear above it."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a fresh worker: the game is kept
    page = context.new_page()
    page.goto(f"{base}/corporate-warfare/glossary/")
    notice = page.locator(".rc-offline[role=status]")
    notice.wait_for(state="visible", timeout=15000)  # "Corporate Warfare is available offline."
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(200)
    foot, box = page.locator(".md-footer").bounding_box(), notice.bounding_box()
    assert foot["y"] + foot["height"] <= box["y"] + 1, (foot, box)  # the footer ends above the notice
    context.close()
