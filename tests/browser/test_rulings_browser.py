"""Group rulings in a real browser, on the fixture game Harbour Lights (tests/data/rulings/harbour) and John
Company: picking a ruling shows it at the rule and changes the numbers and odds it affects; the pick survives a
reload and the other pages of the game follow it; a link's ?ruling-<question>=<id> sets it; Change undoes it.
Screenshots at 390 px and 1280 px, light and dark, go to /tmp/shots-rulings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/shots-rulings")


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    project = sitekit.make_project(tmp_path_factory.mktemp("rulings-site"), games=("john-company",),
                                   plugin_extra="cheatsheet_pdf: false")
    shutil.copytree(sitekit.REPO / "tests" / "data" / "rulings" / "harbour", project / "rules_data" / "harbour")
    result = sitekit.build(project)
    assert result.returncode == 0, result.stderr
    with sitekit.serve(project / "site") as url:
        yield url


@pytest.fixture
def open_page(browser, base):
    with sitekit.page_opener(browser, base) as make:
        yield make


def storm(page) -> dict:
    """The storm table as the page shows it: each row's roll and chance, and the open marker's state."""
    return page.evaluate("""() => { const box = document.querySelector('#storm').closest('.rc-dice')
        || document.querySelector('.rc-dice'); const m = document.querySelector('.rc-ruling');
        return {rows: [...box.querySelectorAll('.rc-dice-table tbody tr')].map(r =>
                  [r.querySelector('.rc-roll').textContent.trim(), r.querySelector('.rc-pct').textContent]),
                chosen: m.querySelector('.rc-ruling-chosen').hidden ? null :
                  m.querySelector('.rc-ruling-chosen').textContent,
                wired: !box.querySelector('.rc-dice-ui').hidden}; }""")


def test_picking_a_ruling_changes_a_row_and_its_odds_and_survives_reload(open_page):
    page = open_page("/harbour/dice/")
    page.wait_for_selector(".rc-ruling-option button", state="attached")
    before = storm(page)
    assert before["rows"] == [["2–6", "41.7%"], ["7+", "58.3%"]] and before["chosen"] is None
    marker = page.locator(".rc-ruling").first
    marker.locator("summary").click()
    marker.locator(".rc-ruling-option[data-rc-pick=seven-loses] button").click()
    after = storm(page)
    assert after["rows"] == [["2–7", "58.3%"], ["8+", "41.7%"]]  # 21/36 and 15/36, counted by hand
    assert "7 loses a crate" in after["chosen"] and "On a total of 7 the ship loses a crate." in after["chosen"]
    assert after["wired"]  # the swapped-in table rolls: dice.lazy.js wired it
    assert not marker.locator(".rc-ruling-open").is_visible()  # picked: the ruling, not the question, shows
    page.locator(".rc-dice:has(#storm) .rc-roll-btn").click()
    assert page.locator(".rc-dice:has(#storm) .rc-out").text_content().strip()
    page.reload()
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])")
    assert storm(page)["rows"] == after["rows"]
    # The turn page (the table inside its phase) follows the same pick.
    turn = page.context.new_page()  # the same device: what it remembers
    turn.goto(page.url.replace("/dice/", "/turn/"))
    turn.wait_for_selector(".rc-phase-dice .rc-ruling-chosen:not([hidden])", state="attached")
    rows = turn.evaluate("""() => [...document.querySelector('.rc-phase-dice .rc-dice').querySelectorAll(
        '.rc-dice-table tbody .rc-roll')].map(c => c.textContent.trim())""")
    assert rows == ["2–7", "8+"]
    turn.close()
    # Change: back to the question and the table as the rules print it.
    page.locator(".rc-ruling-change").first.click()
    assert storm(page)["rows"] == before["rows"] and storm(page)["chosen"] is None


def test_a_constant_ruling_changes_every_number_it_sets(open_page):
    page = open_page("/harbour/")
    page.wait_for_selector(".rc-ruling-option button", state="attached")
    values = lambda: page.evaluate(  # noqa: E731
        "() => [...document.querySelectorAll('[data-rc-ruled]')].map(e => e.textContent)")
    assert values() and set(values()) == {"8"}
    page.locator(".rc-ruling summary").first.click()
    page.locator(".rc-ruling-option[data-rc-pick=ten] button").first.click()
    assert set(values()) == {"10"}
    assert "10" in page.locator("#const-cargo-to-win .rc-const-value").text_content()
    page.reload()
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])")
    assert set(values()) == {"10"}


def test_a_link_sets_the_ruling(open_page):
    page = open_page("/harbour/dice/?ruling-storm-seven=seven-safe&ruling-pilot-bonus=per-pilot")
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])")
    chosen = page.evaluate("() => [...document.querySelectorAll('.rc-ruling-chosen')].map(c => c.textContent)")
    assert any("7 is safe" in c for c in chosen) and any("Once per pilot" in c for c in chosen)
    assert storm(page)["rows"] == [["2–6", "41.7%"], ["7+", "58.3%"]]
    # Remembered: the page without the link keeps it.
    again = open_page("/harbour/dice/")  # a new context: a new device, nothing remembered
    again.wait_for_selector(".rc-ruling-option button", state="attached")
    assert storm(again)["chosen"] is None
    page.goto(page.url.split("?")[0])
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])")


def test_the_play_view_and_print_use_the_picks(open_page):
    page = open_page("/harbour/play/?ruling-storm-seven=seven-loses&ruling-cargo-goal=ten")
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])", state="attached")
    rows = page.evaluate("""() => [...document.querySelectorAll('.rc-dice[data-rc-dice] .rc-dice-table tbody .rc-roll')]
        .map(c => c.textContent.trim())""")
    assert rows == ["2–7", "8+"]
    ruled = page.evaluate("() => [...document.querySelectorAll('[data-rc-ruled]')].map(e => e.textContent)")
    assert set(ruled) == {"10"}
    page.goto(page.url.split("?")[0].replace("/play/", "/dice/"))
    page.wait_for_selector(".rc-ruling-chosen:not([hidden])")
    page.emulate_media(media="print")
    shown = page.evaluate("""() => ({chosen: [...document.querySelectorAll('.rc-ruling-chosen')]
        .filter(e => e.offsetParent !== null).map(e => e.textContent),
        buttons: [...document.querySelectorAll('.rc-ruling button')].filter(e => e.offsetParent !== null).length})""")
    assert any("7 loses a crate" in c for c in shown["chosen"]) and shown["buttons"] == 0


def test_john_company_fatigue_cap_changes_the_modifier_range(open_page):
    page = open_page("/john-company/dice/")
    page.wait_for_selector(".rc-ruling-option button", state="attached")
    mods = lambda: page.evaluate("""() => { const b = document.querySelector('#retirement').closest('.rc-dice');
        return [b.querySelector('.rc-modifiers').textContent,
                b.querySelector('input[data-mod=fatigue]').max]; }""")  # noqa: E731
    assert mods()[1] == "3"
    page.locator(".rc-ruling summary").first.click()
    page.locator(".rc-ruling-option[data-rc-pick=no-cap] button").first.click()
    text, most = mods()
    assert most == "4" and "(up to 4)" in text


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_screenshots(open_page, width, scheme):
    SHOTS.mkdir(exist_ok=True)
    for path, name in (("/harbour/dice/", "harbour"), ("/john-company/dice/", "john-company")):
        page = open_page(path, viewport={"width": width, "height": 900})
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        page.add_style_tag(content=".md-header { position: static !important; }")  # not over the shots
        page.wait_for_selector(".rc-ruling-option button", state="attached")
        marker = page.locator(".rc-ruling").first
        marker.locator("summary").click()
        marker.screenshot(path=str(SHOTS / f"{name}-open-{width}-{scheme}.png"))
        marker.locator(".rc-ruling-option button").last.click()
        box = page.locator(".rc-ruling").first.locator("xpath=following-sibling::div[contains(@class,'rc-dice')][1]")
        page.locator(".rc-ruling").first.screenshot(path=str(SHOTS / f"{name}-picked-{width}-{scheme}.png"))
        box.screenshot(path=str(SHOTS / f"{name}-table-{width}-{scheme}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        # The picked ruling's words follow the scheme: light on dark, dark on light.
        color = page.locator(".rc-ruling-chosen p").first.evaluate("e => getComputedStyle(e).color")
        rgb = [float(v) for v in color[color.index("(") + 1:color.index(")")].replace(",", " ").split()[:3]]
        assert (sum(rgb) / 765 > 0.5) == (scheme == "slate"), (name, scheme, color)
