"""The play view and "I rolled …" in a real browser.

The play view of the fixture game Tavern Night (tests/data/play/tavern): Next steps through the turn with the
phases of round 1 only, of round 2 on and of winter only skipped or shown as the round and the season say; the
URL carries the position and a reload keeps it; the keyboard alone drives it. "I rolled": physical results
typed into a sum table (each die, the total, a modifier ticked), a d66, a custom die, an opposed roll, a
target and a pool highlight the row the rules apply, with the chance hand-counted here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sitekit
from dicekit import DICE_YAML, FORMS_YAML
from gamekit import MINIMAL_GAME

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/shots-play")


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    files = {f"rules_data/demo/{name}": text for name, text in MINIMAL_GAME.items()}
    files["rules_data/demo/dice.yaml"] = DICE_YAML
    for name, text in MINIMAL_GAME.items():
        files[f"rules_data/forms/{name}"] = text.replace("id: demo", "id: forms").replace("Demo Game", "Forms")
    files["rules_data/forms/dice.yaml"] = FORMS_YAML
    project = sitekit.make_project(tmp_path_factory.mktemp("play-site"), files=files)
    shutil.copytree(sitekit.REPO / "tests" / "data" / "play" / "tavern", project / "rules_data" / "tavern")
    with sitekit.serve(project / "site") as url:
        config = project / "mkdocs.yml"  # instant navigation needs site_url to be the served address
        config.write_text(f"site_url: {url}/\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
        result = sitekit.build(project)
        assert result.returncode == 0, result.stderr
        yield url


@pytest.fixture
def open_page(browser, base):
    with sitekit.page_opener(browser, base) as make:
        yield make


def where(page) -> dict:
    return page.evaluate("""() => { const r = document.querySelector('.rc-play');
        return {at: r.dataset.rcAt, round: +r.dataset.rcRound, url: location.search,
                shown: [...r.querySelectorAll('.rc-play-step')].filter(s => s.offsetParent !== null)
                       .map(s => s.dataset.step),
                heading: r.querySelector('.rc-play-current h2').textContent.replace('¶', '').trim(),
                said: r.querySelector('.rc-play-where').textContent}; }""")


def walk(page, presses: int, how: str = "click") -> list[str]:
    seen = []
    for _ in range(presses):
        if how == "click":
            page.click(".rc-play-next")
        else:
            page.keyboard.press("ArrowRight")
        seen.append(where(page)["at"])
    return seen


# Round 1 of Tavern Night: Deal (1), Guests arrive (2), Serve (5) with Pour (5b) and Tips (5c), Closing (6) with
# Sweep (6a) and the optional party (6b), the end of the round; Rent (from round 2) and Heating (winter) skipped.
ROUND_1 = ["deal", "guests", "serve", "pour", "tips", "closing", "sweep", "party", "end-of-round"]
# Round 2: Deal (round 1 only) is skipped, Rent is played.
ROUND_2 = ["guests", "rent", "serve", "pour", "tips", "closing", "sweep", "party", "end-of-round"]


def test_next_three_times_reaches_phase_5b_and_the_url_carries_it(open_page):
    page = open_page("/tavern/play/")
    page.wait_for_selector(".rc-play--on")
    start = where(page)
    assert start["at"] == "deal" and start["round"] == 1 and start["shown"] == ["deal"]
    assert walk(page, 3) == ["guests", "serve", "pour"]
    now = where(page)
    assert now["heading"] == "5b. Pour" and now["shown"] == ["pour"]
    assert "r=1" in now["url"] and "at=pour" in now["url"]
    assert now["said"] == "Round 1 Phase 5b · 4 of 9"
    page.reload()
    page.wait_for_selector(".rc-play--on")
    assert where(page)["at"] == "pour" and where(page)["heading"] == "5b. Pour"


def test_a_shared_link_opens_its_screen(open_page):
    page = open_page("/tavern/play/?r=3&at=rent")
    page.wait_for_selector(".rc-play--on")
    assert (where(page)["at"], where(page)["round"], where(page)["heading"]) == ("rent", 3, "3. Rent")


def test_rounds_skip_and_show_their_phases(open_page):
    page = open_page("/tavern/play/")
    page.wait_for_selector(".rc-play--on")
    assert walk(page, len(ROUND_1) - 1) == ROUND_1[1:]
    assert page.text_content(".rc-play-next").strip() == "Round 2"
    assert walk(page, len(ROUND_2)) == ROUND_2  # the round's end, then round 2 from its first phase
    assert where(page)["round"] == 2
    page.click(".rc-play-next")
    assert (where(page)["round"], where(page)["at"]) == (3, "guests")
    page.click(".rc-play-prev")  # back across the round's end
    assert (where(page)["round"], where(page)["at"]) == (2, "end-of-round")


def test_the_season_and_the_optional_phase_decide_what_is_played(open_page):
    page = open_page("/tavern/play/?r=2&at=rent")
    page.wait_for_selector(".rc-play--on")
    page.evaluate("document.querySelector('.rc-play-setup').open = true")
    page.select_option("[data-rc-state=season]", "winter")
    page.uncheck("[data-rc-optional=party]")
    assert walk(page, 1) == ["heating"]
    assert "s=season%3Awinter" in where(page)["url"] and "off=party" in where(page)["url"]
    assert walk(page, 5) == ["serve", "pour", "tips", "closing", "sweep"]
    assert walk(page, 1) == ["end-of-round"]  # the party is not played at this table
    page.reload()  # the table's settings come back with the link
    page.wait_for_selector(".rc-play--on")
    assert page.input_value("[data-rc-state=season]") == "winter"
    assert not page.is_checked("[data-rc-optional=party]")


def test_keyboard_only(open_page):
    page = open_page("/tavern/play/")
    page.wait_for_selector(".rc-play--on")
    assert walk(page, 2, how="keys") == ["guests", "serve"]
    page.keyboard.press("ArrowLeft")
    assert where(page)["at"] == "guests"
    for _ in range(60):  # Tab reaches Next; Enter and Space press it
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('rc-play-next')"):
            break
    else:
        pytest.fail("Tab never reached Next")
    page.keyboard.press("Enter")
    assert where(page)["at"] == "serve"
    page.keyboard.press("Space")
    assert where(page)["at"] == "pour"
    page.evaluate("document.querySelector('.rc-play-setup').open = true")
    page.focus("[data-rc-play-round]")  # arrow keys inside a field stay the field's
    assert page.evaluate("document.activeElement.dataset.rcPlayRound") == ""
    page.keyboard.press("ArrowRight")
    assert where(page)["at"] == "pour"


def test_each_screen_carries_its_table_numbers_and_terms(open_page):
    page = open_page("/tavern/play/?r=1&at=guests")
    page.wait_for_selector(".rc-play--on")
    screen = page.locator(".rc-play-current")
    assert screen.locator(".rc-play-numbers dt").all_text_contents() == ["Guests each round"]
    assert screen.locator(".rc-play-numbers dd").all_text_contents() == ["3"]
    assert screen.locator("a.rc-term").first.text_content() == "Widget"
    assert screen.locator("details.rc-phase-dice[open] .rc-roll-btn").is_visible()
    box = screen.locator(".rc-dice")
    dice = box.locator(".rc-rolled input")
    dice.nth(0).fill("4")
    dice.nth(1).fill("5")
    # 7, 8 or 9 on 2d6: 6 + 5 + 4 of 36
    assert box.locator(".rc-rolled-out").text_content() == "9 → 7–9: Shouting. Chance: 41.7%."


def test_swipe_steps_on_a_phone(browser, base):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(base + "/tavern/play/")
    page.wait_for_selector(".rc-play--on")
    swipe = """dx => { const el = document.querySelector('.rc-play-current h2');
        const at = x => new Touch({identifier: 1, target: el, clientX: x, clientY: 300});
        el.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, changedTouches: [at(300)]}));
        el.dispatchEvent(new TouchEvent('touchend', {bubbles: true, changedTouches: [at(300 + dx)]})); }"""
    page.evaluate(swipe, -120)
    assert where(page)["at"] == "guests"
    page.evaluate(swipe, 120)
    assert where(page)["at"] == "deal"
    sizes = page.evaluate("() => ['.rc-play-prev', '.rc-play-next'].map(s => { "
                          "const r = document.querySelector(s).getBoundingClientRect(); return [r.width, r.height]; })")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def rolled(page, table_id: str):
    return page.locator(f".rc-dice:has(#{table_id})")


def hits(box) -> list[int]:
    return box.evaluate("b => [...b.querySelectorAll('.rc-dice-table > tbody > tr')]"
                        ".flatMap((tr, i) => tr.classList.contains('rc-hit') ? [i] : [])")


def test_i_rolled_on_a_sum_table_each_die_the_total_and_a_modifier(open_page):
    page = open_page("/demo/dice/")
    page.wait_for_selector(".rc-dice:has(#weather) .rc-rolled")
    box = rolled(page, "weather")
    fields = box.locator(".rc-rolled input")
    assert fields.count() == 3  # two dice, or the total
    fields.nth(0).fill("5")
    fields.nth(1).fill("6")
    out = box.locator(".rc-rolled-out")
    assert out.text_content() == "11 → 11: Fog. Chance: 5.6%."  # 5+6, 6+5: 2 of 36
    assert hits(box) == [9]
    assert out.get_attribute("aria-live") == "polite"
    box.locator("input[data-mod=vane]").check()
    page.wait_for_function("() => document.querySelector('.rc-dice:has(#weather) .rc-rolled-out').textContent.startsWith('11 +1')")
    assert out.text_content() == "11 +1 = 12 → 12+: Snow. Chance: 8.3%."  # 11 or 12 rolled: 3 of 36
    assert hits(box) == [10]
    fields.nth(2).fill("4")  # the total instead: the dice fields clear
    assert fields.nth(0).input_value() == "" and out.text_content() == "4 +1 = 5 → 5: Drizzle. Chance: 8.3%."
    assert hits(box) == [3]  # a rolled 4 (3 of 36) plus the vane is a 5


def test_i_rolled_on_a_d66_and_a_custom_die(open_page):
    page = open_page("/demo/dice/")
    page.wait_for_selector(".rc-dice:has(#encounter) .rc-rolled")
    box = rolled(page, "encounter")
    box.locator(".rc-rolled input").nth(0).fill("2")
    box.locator(".rc-rolled input").nth(1).fill("5")
    assert box.locator(".rc-rolled-out").text_content() == "25 → 21–36: Merchants with a Widget. Chance: 33.3%."
    assert hits(box) == [1]  # tens 2 or 3: 12 of 36
    box = rolled(page, "attack")
    box.locator(".rc-rolled select").select_option("crit")
    assert box.locator(".rc-rolled-out").text_content() == \
        "Critical hit → Critical hit: The target is destroyed. Chance: 16.7%."  # one face of six
    assert hits(box) == [2]


def test_i_rolled_on_an_opposed_roll_a_target_and_a_pool(open_page):
    page = open_page("/forms/dice/")
    page.wait_for_selector(".rc-dice:has(#duel) .rc-rolled")
    duel = rolled(page, "duel")
    duel.locator(".rc-diff input").fill("1")
    duel.locator(".rc-diff input").dispatch_event("change")
    duel.locator(".rc-rolled input").nth(0).fill("4")
    duel.locator(".rc-rolled input").nth(1).fill("4")
    # Two Island dice a side (each total 2..6 as 1, 2, 3, 2, 1 of 9). With +1 the attacker wins unless the
    # defender's total is one more (a tie: 16 of 81, rerolled) or higher: P(win) = 50/81 over 65/81 = 10/13.
    assert duel.locator(".rc-rolled-out").text_content() == \
        "The attacker 4 +1 = 5 vs the defender 4: The attacker wins → row +1. Chance: 76.9%."
    assert hits(duel) == [3]

    monster = rolled(page, "monster")
    pick = monster.locator(".rc-pick input")
    value = int(pick.input_value())
    rows = monster.evaluate("b => JSON.parse(b.dataset.rcDice).rows")
    row = next(i for i, r in enumerate(rows) if r[0] <= value <= r[1])  # rows: [value, last, bound]
    needed = rows[row][2]
    monster.locator(".rc-rolled input").fill(str(needed))
    text = monster.locator(".rc-rolled-out").text_content()
    assert text.startswith(f"{needed} (must show ") and ": Success → row" in text
    assert hits(monster) == [row]
    # One Island die (1, 2 or 3, each 1 of 3): the chance to reach the needed number.
    chance = "100%" if needed <= 1 else {2: "66.7%", 3: "33.3%"}.get(needed, "0%")
    assert text.endswith(f"Chance: {chance}.")
    monster.locator(".rc-rolled input").fill(str(needed - 1))
    assert f"{needed - 1} (must show " in (text := monster.locator(".rc-rolled-out").text_content()) \
        and text.endswith(f": Failure → row {value}. Chance of success: {chance}."), text

    harvest = rolled(page, "harvest")
    harvest.locator(".rc-rolled input").nth(0).fill("3 2 6")
    out = harvest.locator(".rc-rolled-out")
    assert out.text_content() == "1 success → 1. Chance: 37.5%."  # 1 of 3 dice on 4+: 3 of 8
    assert hits(harvest) == [1]
    harvest.locator(".rc-mod .rc-inc").click()  # a tool card: +1 on each die, success on 3+ (2 of 3)
    page.wait_for_function("() => document.querySelector('.rc-dice:has(#harvest) .rc-rolled-out').textContent.startsWith('2')")
    assert out.text_content() == "2 successes → 2. Chance: 44.4%."  # 3 × (2/3)² × 1/3 = 4/9
    assert hits(harvest) == [2]


@pytest.mark.parametrize("scheme,width", [("light", 390), ("dark", 390), ("light", 1280)])
def test_screenshots(open_page, scheme, width):
    SHOTS.mkdir(exist_ok=True)
    page = open_page("/tavern/play/?r=2&at=guests", viewport={"width": width, "height": 844 if width < 800 else 900},
                     color_scheme=scheme)
    page.wait_for_selector(".rc-play--on")
    if scheme == "dark":
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"tavern-{scheme}-{width}.png"), full_page=True)
