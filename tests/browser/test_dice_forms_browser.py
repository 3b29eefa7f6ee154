"""The roll forms in a real browser: an opposed roll (ties rerolled), a success pool whose chances follow the
stepper and the modifiers, a target roll, keep / explode rolls, and a die with unknown face counts.

Chances on the page are compared with hand-counted fractions; seeded dice with the PRNG of dice.lazy.js
(mulberry32, re-implemented in test_dice_browser.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sitekit
from dicekit import FORMS_YAML
from gamekit import MINIMAL_GAME
from test_dice_browser import expected_dice

pytestmark = [pytest.mark.browser, pytest.mark.site]

SHOTS = Path("/tmp/dice-shots")


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    files = {f"rules_data/demo/{name}": text for name, text in MINIMAL_GAME.items()}
    files["rules_data/demo/dice.yaml"] = FORMS_YAML
    project = sitekit.make_project(tmp_path_factory.mktemp("forms-site"), games=("corporate-warfare",),
                                   files=files)
    result = sitekit.build(project)
    assert result.returncode == 0, result.stderr
    with sitekit.serve(project / "site") as url:
        yield url


@pytest.fixture
def open_page(browser, base):
    with sitekit.page_opener(browser, base) as make:
        yield make


def table(page, table_id: str):
    return page.locator(f".rc-dice:has(#{table_id})")


STATE_JS = """box => ({
    hits: [...box.querySelectorAll('tbody tr')].flatMap((tr, i) => tr.classList.contains('rc-hit') ? [i] : []),
    lines: [...box.querySelectorAll('.rc-out > div')].map(e => e.textContent),
    chips: [...box.querySelectorAll('.rc-out span')].map(e => [e.textContent, e.className]),
    shown: (box.querySelector('.rc-out > div:last-child > strong') || {}).textContent,
    history: [...box.querySelectorAll('.rc-hist li')].map(e => e.textContent),
    visible: [...box.querySelectorAll('tbody tr')].filter(tr => !tr.hidden).length,
    exact: [...box.querySelectorAll('tbody tr:not([hidden]) td:nth-child(2) .rc-frac')].map(e => e.textContent),
    least: [...box.querySelectorAll('tbody tr:not([hidden]) td:nth-child(3) .rc-frac')].map(e => e.textContent),
    caption: (box.querySelector('.rc-pool-caption') || {}).textContent,
    button: box.querySelector('.rc-roll-btn') && box.querySelector('.rc-roll-btn').textContent,
})"""


def state(page, table_id: str) -> dict:
    return table(page, table_id).evaluate(STATE_JS)


def line_total(line: str) -> int:
    """'Attacker 3 + 1 +1 = 5 vs ...' -> the total after '=' (or the single die)."""
    match = re.search(r"= (-?\d+)", line)
    return int(match.group(1)) if match else int(re.findall(r"\d+", line)[0])


def test_opposed_roll_rerolls_ties_and_names_the_winner(open_page):
    page = open_page("/demo/dice/?rc-seed=21")
    box = table(page, "duel")
    box.locator(".rc-diff .rc-inc").click()  # difference +1
    assert box.locator(".rc-diff input").input_value() == "1"
    winners = set()
    for _ in range(12):
        box.locator(".rc-roll-btn").click()
        s = state(page, "duel")
        assert s["hits"] == [3]  # the +1 row
        contests = s["lines"][:-1]
        assert all("tie, both roll again" in line for line in contests[:-1])  # only ties are rolled again
        last = contests[-1]
        assert "tie" not in last
        attacker, defender = last.split(" vs ")
        a, d = line_total(attacker), line_total(defender)
        assert attacker.startswith("The attacker ") and " +1 = " in attacker  # the difference is added, shown
        winner = "The attacker wins" if a > d else "The defender wins"
        assert s["shown"] == winner and a != d
        assert s["lines"][-1].startswith(winner + ": ")  # with what the rules say happens
        assert s["history"][0] == f"+1: {winner}"
        winners.add(winner)
    assert winners == {"The attacker wins", "The defender wins"}  # at 10/13 both happen in twelve contests


def test_pool_chances_follow_the_stepper_and_modifiers(open_page):
    page = open_page("/demo/dice/?rc-seed=5")
    box = table(page, "harvest")
    s = state(page, "harvest")
    assert s["exact"] == ["1/8", "3/8", "3/8", "1/8"] and s["visible"] == 4 and s["button"] == "Roll 3 dice"
    box.locator(".rc-pool-n .rc-inc").click()  # 4 dice on 4+: C(4,k)/16
    s = state(page, "harvest")
    assert s["exact"] == ["1/16", "4/16", "6/16", "4/16", "1/16"]
    assert s["least"] == ["16/16", "15/16", "11/16", "5/16", "1/16"]
    assert s["caption"] == "Chances with 4 dice (success on 4+):" and s["button"] == "Roll 4 dice"
    box.locator(".rc-mod .rc-inc").click()  # one tool: 3+ succeeds, p = 2/3: C(4,k) 2^k / 81
    s = state(page, "harvest")
    assert s["exact"] == ["1/81", "8/81", "24/81", "32/81", "16/81"]
    assert "success on 3+" in s["caption"]
    for _ in range(3):
        box.locator(".rc-mod .rc-inc").click()  # clamped at the assumed 3: 1+ always succeeds
    s = state(page, "harvest")
    assert s["exact"] == ["0", "0", "0", "0", "1/1"] and "every die succeeds" in s["caption"]
    for _ in range(3):
        box.locator(".rc-mod .rc-dec").click()
    box.locator(".rc-roll-btn").click()
    s = state(page, "harvest")
    values = [int(text) for text, _ in s["chips"]]
    assert values == expected_dice(5, 4)  # the seeded dice, in order
    successes = [v >= 4 for v in values]
    assert [cls == "rc-success" for _, cls in s["chips"]] == successes
    k = sum(successes)
    assert s["shown"] == ("1 success" if k == 1 else f"{k} successes")
    assert s["hits"] == [k] and s["history"][0] == f"{s['shown']} of 4"


def test_target_roll(open_page):
    page = open_page("/demo/dice/?rc-seed=8")
    box = table(page, "monster")
    assert box.locator(".rc-pick input").input_value() == "0"
    for _ in range(2):
        box.locator(".rc-pick .rc-inc").click()  # difference 2: the die must show 2+
    for _ in range(6):
        box.locator(".rc-roll-btn").click()
        s = state(page, "monster")
        rolled = int(s["chips"][0][0])
        assert s["hits"] == [3] and "(dice must show: 2+)" in s["lines"][0]
        assert s["shown"] == ("Success" if rolled >= 2 else "Failure")


def test_keep_and_explode_rolls_land_in_their_row(open_page):
    page = open_page("/demo/dice/?rc-seed=13")
    for table_id in ("strength", "wild"):
        box = table(page, table_id)
        for _ in range(10):
            box.locator(".rc-roll-btn").click()
            s = state(page, table_id)
            total = line_total(s["lines"][0])
            rows = box.evaluate("b => JSON.parse(b.dataset.rcDice).rows")
            low, high = rows[s["hits"][0]]
            assert (low is None or total >= low) and (high is None or total <= high), (table_id, s)
    strength = state(page, "strength")
    assert len(strength["chips"]) == 4 and sum(cls == "rc-drop" for _, cls in strength["chips"]) == 1
    kept = sorted(int(t) for t, _ in strength["chips"])[1:]
    assert line_total(strength["lines"][0]) == sum(kept)


def test_unknown_counts_have_no_roll_button_and_seed_pools(open_page):
    page = open_page("/demo/dice/")
    omen = table(page, "omen")
    assert omen.locator(".rc-roll-btn").count() == 0 and omen.locator(".rc-odds").count() == 0
    assert "No chances shown" in omen.locator(".rc-no-odds").text_content()
    page = open_page("/corporate-warfare/dice/?rc-seed=2")
    box = table(page, "production-roll")
    assert state(page, "production-roll")["exact"] == ["1/8", "3/8", "3/8", "1/8"]  # 3 employees on 4+
    box.locator('[data-mod="improved-methods"]').fill("1")
    box.locator('[data-mod="improved-methods"]').dispatch_event("change")
    assert state(page, "production-roll")["exact"] == ["1/27", "6/27", "12/27", "8/27"]


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots(open_page, scheme, width):
    SHOTS.mkdir(exist_ok=True)
    page = open_page("/demo/dice/?rc-seed=2", viewport={"width": width, "height": 900})
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    page.add_style_tag(content=".md-header { position: static !important; }")
    for table_id in ("duel", "monster", "harvest", "strength", "wild", "omen"):
        box = table(page, table_id)
        if box.locator(".rc-roll-btn").count():
            box.locator(".rc-roll-btn").click()
        box.screenshot(path=str(SHOTS / f"forms-{table_id}-{scheme}-{width}.png"))
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{table_id} overflows at {width}px"


def test_the_extra_script_loads_only_where_needed(open_page):
    # Pages without such tables never download dice-more.lazy.js (the 12 KB budget counts what every page
    # loads); a page with an opposed roll loads it once and wires its tables.
    page = open_page("/corporate-warfare/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("typeof window.rulecraftDiceMore") == "undefined"
    assert not page.evaluate("[...document.scripts].some(s => s.src.endsWith('dice-more.lazy.js'))")
    page = open_page("/demo/dice/")
    table(page, "duel").locator(".rc-roll-btn").wait_for(state="visible")
    assert page.evaluate("[...document.scripts].filter(s => s.src.endsWith('dice-more.lazy.js')).length") == 1
