""""I rolled …" on the newer table forms, in a real browser: rows keyed by conditions on the dice (the isle
fixture's storm save and treasure dig) read each die as a roll does; targets and charts (the skirmish fixture)
read the row's bound, rolling under, the natural results, the modifiers and a roll against an earlier roll.
Every chance is worked out by hand over the dice's equally likely outcomes."""

from __future__ import annotations

import contextlib
import shutil

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]


def fixture_site(tmp_path_factory, folder: str, game: str, strict: bool = True):
    """A fixture game's site without its cheat-sheet PDFs (the pages are what is tested: no PDF renderer to wait
    for on a busy machine)."""
    project = sitekit.make_project(tmp_path_factory.mktemp(f"rolled-{game}"), plugin_extra="cheatsheet_pdf: false")
    shutil.copytree(sitekit.REPO / "tests" / "data" / folder / game, project / "rules_data" / game)
    result = sitekit.build(project, strict=strict)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="module")
def isle(tmp_path_factory):
    with sitekit.serve(fixture_site(tmp_path_factory, "variants", "isle")) as url:
        yield url


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory):  # not strict: its one-letter aliases A and I are warned about
    with sitekit.serve(fixture_site(tmp_path_factory, "textforms", "skirmish", strict=False)) as url:
        yield url


@pytest.fixture
def table(browser, request):
    """Opens a page of one of the sites above and gives the box of one table, its "I rolled" wired."""
    with contextlib.ExitStack() as stack:
        def make(site: str, path: str, table_id: str):
            page = stack.enter_context(sitekit.page_opener(browser, request.getfixturevalue(site)))(path)
            page.wait_for_selector(f".rc-dice:has(#{table_id}) .rc-rolled")
            return page.locator(f".rc-dice:has(#{table_id})")
        yield make


def type_in(box, *values) -> str:
    fields = box.locator(".rc-rolled input")
    for i, v in enumerate(values):
        fields.nth(i).fill(str(v))
    out = box.locator(".rc-rolled-out")
    assert out.get_attribute("role") == "status" and out.get_attribute("aria-live") == "polite"
    return out.text_content()


def hits(box) -> list[int]:
    return box.evaluate("b => [...b.querySelectorAll('.rc-dice-table > tbody > tr')]"
                        ".flatMap((tr, i) => tr.classList.contains('rc-hit') ? [i] : [])")


def tick(box, mod: str, on: bool = True) -> None:
    box.locator(f'[data-mod="{mod}"]').set_checked(on)
    box.page.wait_for_timeout(50)  # "I rolled" rereads after dice.lazy.js has updated the chances


def label(box, row: int) -> str:
    return box.locator("tbody tr").nth(row).locator(".rc-roll-label").inner_text().strip()


def test_a_double_on_the_storm_save_reads_the_condition_row(table):
    box = table("isle", "/isle/dice/", "storm-save")
    # Each die is asked for: a condition on the dice cannot be read from a total.
    assert [x.get_attribute("data-rolled") for x in box.locator(".rc-rolled input").all()] == ["d0", "d1"]
    doubles = label(box, 0)
    # Doubles: 6 of the 36 outcomes, 1/6, whatever the total.
    assert type_in(box, 3, 3) == \
        f"3 + 3 = 6 → {doubles}: The save fails; the explorer is swept back to camp. Chance: 16.7%."
    assert hits(box) == [0]
    # 3 and 4 is no double and 7 is under 8: the third row, the non-doubles of 7 or less:
    # 3: 2, 4: 2, 5: 4, 6: 4, 7: 6 ways = 18 of 36.
    assert type_in(box, 3, 4) == f"3 + 4 = 7 → {label(box, 2)}: The explorer loses 1 fame. Chance: 50%."
    assert hits(box) == [2]
    tick(box, "rope")  # +1: 3 and 4 make 8, saved; the non-doubles of 7 or more: 6 + 4 + 4 + 2 + 2 = 18 of 36
    assert box.locator(".rc-rolled-out").text_content() == f"3 + 4 +1 = 8 → {label(box, 1)}: Saved. Chance: 50%."
    assert hits(box) == [1]
    # A double still fails with the rope: the condition is on the faces, not the total.
    assert type_in(box, 5, 5) == \
        f"5 + 5 +1 = 11 → {doubles}: The save fails; the explorer is swept back to camp. Chance: 16.7%."
    assert hits(box) == [0]
    assert type_in(box, 7, 5).endswith(": no row of this table.") and hits(box) == []  # no die shows 7


def test_the_treasure_dig_reads_which_die_shows_what(table):
    box = table("isle", "/isle/dice/", "treasure-dig")
    assert type_in(box, 6, 6) == f"6 + 6 = 12 → {label(box, 0)}: Boxcars: a golden idol, worth 3 fame. Chance: 2.8%."
    # A 6 and a total of 8 or more, not boxcars: 6-2..6-5 either way round, 8 of 36.
    assert type_in(box, 2, 6) == f"2 + 6 = 8 → {label(box, 2)}: A silver coin, worth 1 fame. Chance: 22.2%."
    assert hits(box) == [2]
    assert type_in(box, 1, 1).startswith(f"1 + 1 = 2 → {label(box, 1)}: Snake eyes") and hits(box) == [1]


def test_a_roll_under_test_succeeds_at_or_under_the_value_and_a_natural_6_fails(table):
    box = table("skirmish", "/skirmish/dice/", "initiative-test")
    box.locator(".rc-pick input").fill("4")
    box.locator(".rc-pick input").dispatch_event("change")
    # I 4: 1 to 4 succeed (the natural 1 and 6 agree with the value): 4 of 6.
    need = box.locator("tbody tr").nth(3).locator(".rc-need").inner_text().strip()
    assert type_in(box, 4) == f"4 (must show {need}): Success → row 4. Chance: 66.7%."
    assert hits(box) == [3]
    assert type_in(box, 5) == f"5 (must show {need}): Failure → row 4. Chance of success: 66.7%."
    tick(box, "wet")  # −1 to the value: I 3, so a 4 fails now; 1 to 3 succeed, 3 of 6
    assert box.locator(".rc-rolled-out").text_content() == \
        f"5 (must show {need}, −1 to the value): Failure → row 4. Chance of success: 50%."
    assert type_in(box, 3) == f"3 (must show {need}, −1 to the value): Success → row 4. Chance: 50%."
    tick(box, "wet", False)
    box.locator(".rc-pick input").fill("10")
    box.locator(".rc-pick input").dispatch_event("change")
    # I 10: every face is under, but a natural 6 always fails: 5 of 6.
    need = box.locator("tbody tr").nth(9).locator(".rc-need").inner_text().strip()
    assert type_in(box, 6) == \
        f"6 (must show {need}), a natural 6 always fails: Failure → row 10. Chance of success: 83.3%."
    assert hits(box) == [9]
    assert type_in(box, 5) == f"5 (must show {need}): Success → row 10. Chance: 83.3%."
    box.locator(".rc-pick input").fill("1")
    box.locator(".rc-pick input").dispatch_event("change")
    tick(box, "wet")  # I 1 − 1 = 0: nothing is under, but a natural 1 always succeeds: 1 of 6
    assert type_in(box, 1).endswith(", a natural 1 always succeeds: Success → row 1. Chance: 16.7%.")


def test_a_chart_reads_the_row_of_the_value_and_its_least_roll(table):
    box = table("skirmish", "/skirmish/dice/", "to-hit")
    box.locator(".rc-pick input").fill("3")
    box.locator(".rc-pick input").dispatch_event("change")
    # BS 3 hits on 4+: 4, 5, 6 of 6.
    assert type_in(box, 4) == "4 (must show 4+): Success → row 3. Chance: 50%."
    assert hits(box) == [3]
    assert type_in(box, 3) == "3 (must show 4+): Failure → row 3. Chance of success: 50%."
    tick(box, "cover")  # −1 to the die: 4 − 1 = 3 misses; 5 and 6 hit, 2 of 6
    assert box.locator(".rc-rolled-out").text_content() == \
        "3 −1 = 2 (must show 4+): Failure → row 3. Chance of success: 33.3%."
    assert type_in(box, 5) == "5 −1 = 4 (must show 4+): Success → row 3. Chance: 33.3%."
    tick(box, "cover", False)
    box.locator(".rc-pick input").fill("7")
    box.locator(".rc-pick input").dispatch_event("change")
    # BS 7 needs 0+, but a natural 1 always fails: 5 of 6.
    need = box.locator("tbody tr").nth(7).locator(".rc-need").inner_text().strip()
    assert type_in(box, 1) == f"1 (must show {need}), a natural 1 always fails: Failure → row 7. Chance of success: 83.3%."
    assert type_in(box, 2) == f"2 (must show {need}): Success → row 7. Chance: 83.3%."
    box.locator(".rc-pick input").fill("0")
    box.locator(".rc-pick input").dispatch_event("change")
    assert type_in(box, 6) == "6 (must show —): Failure → row 0. Chance of success: 0%."  # BS 0 never hits

    wound = table("skirmish", "/skirmish/dice/", "to-wound")
    steppers = wound.locator(".rc-step:not(.rc-mod) input")
    steppers.nth(0).fill("4")
    steppers.nth(1).fill("3")
    steppers.nth(1).dispatch_event("change")
    # S 4 against T 3, the "1" row (the fifth): 3+, 4 of 6.
    assert type_in(wound, 3) == "3 (must show 3+): Success → row 1. Chance: 66.7%."
    assert hits(wound) == [4]
    assert type_in(wound, 2) == "2 (must show 3+): Failure → row 1. Chance of success: 66.7%."


def test_a_roll_against_an_earlier_roll_must_beat_it(table):
    box = table("skirmish", "/skirmish/dice/", "dodge")
    # Beat a D6 with a D6: 15 of the 36 pairs (6 ties, the rest split evenly).
    assert type_in(box, 4, 4).startswith("4 vs the earlier roll 4: Failure → ")
    assert type_in(box, 5, 4).startswith("5 vs the earlier roll 4: Success → ")
    assert box.locator(".rc-rolled-out").text_content().endswith("Chance: 41.7%.") and hits(box) == [0]
