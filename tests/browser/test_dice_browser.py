"""Interactive dice tables in a real browser (Debian's chromium via sitekit): seeded rolls, live odds,
keyboard-only use, Material's instant navigation, no-JavaScript and print fallbacks, screenshots.

The site is built once from the demo game of test_dice_odds.py (1d6 with modifiers, plain 1d6, 2d6 with
a modifier, d66, a custom die rolled once per unit) and the seed game john-company.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
import sitekit
from dicekit import DICE_YAML, EXPECTED
from gamekit import MINIMAL_GAME

from rulecraft.dice.odds import row_odds
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/dice-shots")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    files = {f"rules_data/demo/{name}": text for name, text in MINIMAL_GAME.items()}
    files["rules_data/demo/dice.yaml"] = DICE_YAML
    return sitekit.make_project(tmp_path_factory.mktemp("dice-site"), games=("john-company",), files=files)


@pytest.fixture(scope="module")
def base(project):
    """The served site. Served first, then built: Material's instant navigation only loads in place the
    pages its sitemap lists, on the host and port of site_url, so site_url must be the served address."""
    with sitekit.serve(project / "site") as url:
        config = project / "mkdocs.yml"
        config.write_text(f"site_url: {url}/\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
        result = sitekit.build(project)
        assert result.returncode == 0, result.stderr
        yield url


@pytest.fixture
def open_page(browser, base):
    """open_page(path, **context options) -> a page that fails the test on any JavaScript error."""
    with sitekit.page_opener(browser, base) as make:
        yield make


def table(page, table_id: str):
    return page.locator(f".rc-dice:has(#{table_id})")


STATE_JS = """box => ({
    data: JSON.parse(box.dataset.rcDice),
    hits: [...box.querySelectorAll('tbody tr')].flatMap((tr, i) => tr.classList.contains('rc-hit') ? [i] : []),
    labels: [...box.querySelectorAll('tbody .rc-roll-label')].map(e => e.textContent.trim()),
    chips: [...box.querySelectorAll('.rc-out span')].map(e => e.textContent),
    total: (box.querySelector('.rc-out > div:first-child > strong') || {}).textContent,
    shown: (box.querySelector('.rc-out > div + div > strong') || {}).textContent,
    out: box.querySelector('.rc-out').textContent,
    history: [...box.querySelectorAll('.rc-hist li')].map(e => e.textContent),
    fracs: [...box.querySelectorAll('tbody .rc-frac')].map(e => e.textContent),
    pcts: [...box.querySelectorAll('tbody .rc-pct')].map(e => e.textContent),
    bars: [...box.querySelectorAll('tbody .rc-bar')].map(e => parseFloat(e.style.getPropertyValue('--rc-w'))),
    zero: [...box.querySelectorAll('tbody tr')].map(tr => tr.classList.contains('rc-zero')),
    head: box.querySelector('.rc-col-odds').textContent,
})"""


def state(page, table_id: str) -> dict:
    return table(page, table_id).evaluate(STATE_JS)


def contains(row, total: int) -> bool:
    low, high = row
    return (low is None or total >= low) and (high is None or total <= high)


def assert_hit_matches_roll(s: dict, offset: int = 0) -> int:
    """Exactly one row is highlighted, it is the row the output names, and it holds the rolled total."""
    d = s["data"]
    assert len(s["hits"]) == 1, s
    hit = s["hits"][0]
    assert s["shown"] == s["labels"][hit]
    if d["kind"] == "custom":
        face = next(f for f in d["faces"] if s["chips"] == [f["glyph"] or f["label"]])
        assert d["rows"][hit] == face["id"]
        return hit
    dice = [int(c) for c in s["chips"]]
    total = (10 * dice[0] + dice[1] if d["kind"] == "d66" else sum(dice) + d["bonus"]) + offset
    if s["total"] is not None:
        assert int(s["total"]) == total, s
    assert contains(d["rows"][hit], total), (total, d["rows"][hit])
    return hit


def mulberry32(seed: int):
    """The PRNG of dice.lazy.js's test mode, in Python: the same seed must give the same dice."""
    a = seed & 0xFFFFFFFF
    imul = lambda x, y: (x * y) & 0xFFFFFFFF  # noqa: E731
    while True:
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(a ^ (a >> 15), 1 | a)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xFFFFFFFF) ^ t
        yield ((t ^ (t >> 14)) & 0xFFFFFFFF) / 2 ** 32


def expected_dice(seed: int, count: int, sides: int = 6) -> list[int]:
    rng = mulberry32(seed)
    return [int(next(rng) * sides) + 1 for _ in range(count)]


# --- rolling --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path, table_ids", [
    ("/demo/dice/", ["morale", "scatter", "weather", "encounter", "attack"]),
    ("/john-company/dice/", ["retirement", "govern", "storm"]),  # the Events in India die has no odds
])
def test_seeded_roll_highlights_the_row_holding_the_total(open_page, path, table_ids):
    page = open_page(path + "?rc-seed=7")
    for table_id in table_ids:
        button = table(page, table_id).locator(".rc-roll-btn")
        assert button.is_visible()
        seen = []
        for n in range(8):
            button.click()
            s = state(page, table_id)
            seen.append(assert_hit_matches_roll(s))
            assert len(s["history"]) == min(n + 1, 5)  # the last five, newest first
            assert s["history"][0].endswith(s["shown"])
        assert len(set(seen)) > 1, table_id  # eight rolls do not all land on one row
    # The same seed gives the same rolls, whether from the URL or from window.rulecraftSeed.
    again = open_page(path, init_script="window.rulecraftSeed = 7")
    for table_id in table_ids:
        for _ in range(8):
            table(again, table_id).locator(".rc-roll-btn").click()
        assert state(again, table_id)["history"] == state(page, table_id)["history"]


def test_seed_drives_mulberry32(open_page):
    page = open_page("/demo/dice/?rc-seed=42")
    table(page, "weather").locator(".rc-roll-btn").click()
    s = state(page, "weather")
    assert [int(c) for c in s["chips"]] == expected_dice(42, 2)
    assert s["out"].startswith("{} + {} = {}".format(*s["chips"], sum(map(int, s["chips"]))))


def test_d66_reads_tens_and_units(open_page):
    page = open_page("/demo/dice/?rc-seed=5")
    table(page, "encounter").locator(".rc-roll-btn").click()
    s = state(page, "encounter")
    tens, units = expected_dice(5, 2)
    assert s["chips"] == [str(tens), str(units)] and s["total"] == f"{tens}{units}"
    assert_hit_matches_roll(s)


def test_one_roll_per_unit(open_page):
    page = open_page("/demo/dice/?rc-seed=9")
    box = table(page, "attack")
    for _ in range(3):
        box.locator(".rc-times .rc-inc").click()
    assert box.locator(".rc-times input").input_value() == "4"
    assert box.locator(".rc-roll-btn").text_content() == "Roll Combat die ×4"
    box.locator(".rc-roll-btn").click()
    s = state(page, "attack")
    assert len(s["chips"]) == 4 and s["out"].startswith("4 rolls:")
    faces = {f["glyph"] or f["label"]: f["id"] for f in s["data"]["faces"]}
    rolled = [faces[c] for c in s["chips"]]
    assert sorted(s["hits"]) == sorted({s["data"]["rows"].index(face) for face in rolled})
    counts = box.evaluate("b => [...b.querySelectorAll('tbody tr')].map(tr => tr.cells[0].dataset.hits || '')")
    assert counts == [f"×{rolled.count(face)}" if face in rolled else "" for face in s["data"]["rows"]]
    assert s["history"][0].startswith("4 rolls: ")
    # The count shows after the face's name in each highlighted row.
    first = box.locator("tbody tr.rc-hit td").first
    assert first.evaluate("td => getComputedStyle(td, '::after').content") == f'" {counts[s["hits"][0]]}"'


# --- modifiers ------------------------------------------------------------------------------------------

def expected_cells(numerators: list[int], den: int) -> tuple[list[str], list[float]]:
    return [f"{n}/{den}" if n else "0" for n in numerators], [100 * n / max(numerators) for n in numerators]


def assert_odds(s: dict, table_id: str, offset: int) -> None:
    numerators, den = EXPECTED[table_id, offset]
    fracs, bars = expected_cells(numerators, den)
    assert s["fracs"] == fracs
    assert s["bars"] == pytest.approx(bars)
    assert s["zero"] == [n == 0 for n in numerators]
    assert s["head"] == ("Chance" if not offset else f"Chance ({offset:+d})".replace("-", "−"))


def test_modifiers_recompute_every_row(open_page):
    page = open_page("/demo/dice/?rc-seed=3")
    box = table(page, "morale")
    assert_odds(state(page, "morale"), "morale", 0)
    box.locator('[data-mod="leader"]').check()
    assert_odds(state(page, "morale"), "morale", 1)
    wounds = box.locator('[data-mod="wounds"]')
    more, fewer = box.locator(".rc-mod .rc-inc"), box.locator(".rc-mod .rc-dec")
    more.click()
    more.click()
    assert wounds.input_value() == "2"
    assert_odds(state(page, "morale"), "morale", -1)
    more.click()  # the declared range is 0-2
    assert wounds.input_value() == "2"
    box.locator('[data-mod="leader"]').uncheck()
    s = state(page, "morale")
    assert_odds(s, "morale", -2)
    assert s["pcts"] == ["66.7%", "33.3%", "0%"]
    # A roll with modifiers: the die plus the offset lands in the highlighted row.
    box.locator(".rc-roll-btn").click()
    s = state(page, "morale")
    assert s["out"].startswith(f"{s['chips'][0]} −2 = ")
    assert_hit_matches_roll(s, offset=-2)
    for _ in range(3):
        fewer.click()
    assert wounds.input_value() == "0"
    assert_odds(state(page, "morale"), "morale", 0)
    wounds.fill("9")
    wounds.dispatch_event("change")
    assert wounds.input_value() == "2"  # typed values are clamped too
    assert_odds(state(page, "morale"), "morale", -2)


def test_2d6_modifier_and_the_seed_retirement_table(open_page, project):
    page = open_page("/demo/dice/")
    table(page, "weather").locator('[data-mod="vane"]').check()
    assert_odds(state(page, "weather"), "weather", 1)
    # John Company: +1 Chairman, +1 per fatigue cube (0-3); odds as dice_math computes them.
    retirement = build_index(load_rulebook(project / "rules_data").games["john-company"]).tables["retirement"]
    page = open_page("/john-company/dice/")
    box = table(page, "retirement")
    for _ in range(4):
        box.locator(".rc-mod .rc-inc").click()
    assert box.locator('[data-mod="fatigue"]').input_value() == "3"
    box.locator('[data-mod="chairman"]').check()
    s = state(page, "retirement")
    assert [F(f) if f != "0" else F(0) for f in s["fracs"]] == row_odds(retirement, 4) == [0, F(0), F(1)]
    assert s["head"] == "Chance (+4)"
    box.locator('[data-mod="chairman"]').uncheck()
    s = state(page, "retirement")
    assert [F(f) if f != "0" else F(0) for f in s["fracs"]] == row_odds(retirement, 3) == [0, F(1, 6), F(5, 6)]
    assert s["pcts"] == ["0%", "16.7%", "83.3%"]


# --- keyboard, instant navigation, fallbacks ---------------------------------------------------------------

def tab_to(page, selector: str, limit: int = 120) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement === document.querySelector({json.dumps(selector)})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only(open_page):
    page = open_page("/demo/dice/?rc-seed=4")
    live = table(page, "morale").locator(".rc-out")
    assert live.get_attribute("aria-live") == "polite"
    tab_to(page, '[data-mod="leader"]')
    page.keyboard.press("Space")
    assert state(page, "morale")["head"] == "Chance (+1)"
    page.keyboard.press("Tab")  # each control once, in order: −, the number field (arrow keys), +
    assert page.evaluate("document.activeElement.classList.contains('rc-dec')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.mod") == "wounds"
    page.keyboard.press("ArrowUp")
    assert_odds(state(page, "morale"), "morale", 0)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('rc-inc')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('rc-roll-btn')")
    assert live.text_content() == ""
    page.keyboard.press("Enter")
    s = state(page, "morale")
    assert s["out"] and len(s["history"]) == 1
    assert_hit_matches_roll(s)
    page.keyboard.press("Space")
    s = state(page, "morale")
    assert len(s["history"]) == 2 and s["out"]
    assert page.evaluate("document.activeElement.classList.contains('rc-roll-btn')")


def test_after_instant_navigation(open_page, base):
    page = open_page("/demo/?rc-seed=11", viewport={"width": 1400, "height": 900})  # sidebar nav shown
    page.evaluate("window.rcSamePage = true")  # gone if the browser loads a whole new page
    sitekit.wait_for_instant_navigation(page)
    page.locator('.md-sidebar--primary a.md-nav__link[href$="/demo/dice/"]').click()
    page.wait_for_url("**/demo/dice/")
    table(page, "weather").locator(".rc-roll-btn").wait_for(state="visible")
    assert page.evaluate("window.rcSamePage === true"), "Material's instant navigation did not handle the link"
    table(page, "weather").locator(".rc-roll-btn").click()
    s = state(page, "weather")
    assert [int(c) for c in s["chips"]] == expected_dice(11, 2)  # the seed survives the navigation
    assert_hit_matches_roll(s)
    assert len(s["history"]) == 1  # wired once: one click, one roll
    # Running the script again (as a second init would) must not wire the tables twice.
    page.add_script_tag(url=base + "/assets/rulecraft/dice.lazy.js")
    table(page, "weather").locator(".rc-roll-btn").click()
    assert len(state(page, "weather")["history"]) == 2
    # Away and back again: the new page's tables are wired.
    page.locator('.md-sidebar--primary a.md-nav__link[href$="/demo/glossary/"]').click()
    page.wait_for_url("**/demo/glossary/")
    page.locator('.md-sidebar--primary a.md-nav__link[href$="/demo/dice/"]').click()
    page.wait_for_url("**/demo/dice/")
    table(page, "attack").locator(".rc-roll-btn").click()
    assert page.evaluate("window.rcSamePage === true")
    assert len(state(page, "attack")["history"]) == 1
    assert_hit_matches_roll(state(page, "attack"))


def test_without_javascript_and_in_print(open_page):
    page = open_page("/demo/dice/", java_script_enabled=False)
    assert not table(page, "morale").locator(".rc-dice-ui").is_visible()
    assert table(page, "weather").locator("tbody .rc-frac").first.text_content() == "1/36"
    page = open_page("/demo/dice/")
    assert table(page, "morale").locator(".rc-dice-ui").is_visible()
    page.emulate_media(media="print")
    assert not table(page, "morale").locator(".rc-dice-ui").is_visible()
    assert table(page, "weather").locator(".rc-bar").first.is_visible()


# --- looks: screenshots for people, a few measurements for the test ------------------------------------------

def luminance(css_color: str) -> float:
    rgb = [float(v) for v in css_color[css_color.index("(") + 1:css_color.index(")")].replace(",", " ").split()[:3]]
    return sum(w * c / 255 for w, c in zip((0.2126, 0.7152, 0.0722), rgb))


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("width", [1200, 390])
def test_screenshots_light_dark_and_mobile(open_page, scheme, width):
    SHOTS.mkdir(exist_ok=True)
    for path, ids in (("/demo/dice/?rc-seed=2", ["weather", "morale", "attack"]),
                      ("/john-company/dice/?rc-seed=2", ["retirement", "china-trade"])):
        page = open_page(path, viewport={"width": width, "height": 900})
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        page.add_style_tag(content=".md-header { position: static !important; }")  # not over the shots
        for table_id in ids:
            box = table(page, table_id)
            if table_id == "retirement":
                box.locator('[data-mod="chairman"]').check()
                box.locator(".rc-mod .rc-inc").click()
            if table_id == "attack":
                box.locator(".rc-times .rc-inc").click()
            box.locator(".rc-roll-btn").click()
            box.screenshot(path=str(SHOTS / f"{table_id}-{scheme}-{width}.png"))
            # Nothing sticks out sideways, even at phone width.
            assert box.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{table_id} overflows at {width}px"
            # Muted text follows the scheme: dark on light, light on dark.
            light = luminance(box.locator(".rc-pct").first.evaluate("e => getComputedStyle(e).color"))
            assert (light > 0.45) if scheme == "slate" else (light < 0.55), (table_id, scheme, light)
