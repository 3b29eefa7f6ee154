"""The "show changes since version …" switch in a real browser, on a small game with two tagged versions:
labelled, off by default, highlighting the rules changed after the version chosen, remembered on the game's
other pages; the earlier text opens with one tap."""

from __future__ import annotations

import pytest
from diffkit import versions_project
from sitekit import build, page_opener, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]

SWITCH = ".rc-since select"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    project = versions_project(tmp_path_factory.mktemp("versions") / "project")
    run = build(project)
    assert run.returncode == 0, run.stderr
    with serve(project / "site") as url:
        yield url


def test_switch_highlights_changes_since_a_version_and_is_remembered(browser, base):
    with page_opener(browser, base, {"width": 390, "height": 844}) as open_page:
        page = open_page("/demo/turn/")
        switch = page.locator(SWITCH)
        assert switch.is_visible() and page.get_by_label("Show changes since").count() == 1
        assert switch.bounding_box()["height"] >= 44  # a phone's touch target
        assert page.locator(".rc-since-hit").count() == 0  # by default: nothing highlighted
        switch.select_option("0.1")
        assert page.locator(".rc-since-hit").count() == 1
        assert page.locator(".rc-since-hit #income").count() == 1
        assert "1 rule on this page changed since 0.1" in page.locator(".rc-since output").inner_text()
        page.locator(".rc-since-hit details.rc-was summary").click()
        assert page.get_by_text("Take 3 gold and draw up to 5 cards.").is_visible()
        page.goto(base + "/demo/glossary/")  # another page of the game follows the choice
        page.locator(SWITCH).wait_for()
        assert page.locator(SWITCH).input_value() == "0.1"
        assert page.locator("[data-term=widget].rc-since-hit").count() == 1
        page.locator(SWITCH).select_option("")
        assert page.locator(".rc-since-hit").count() == 0


def test_without_script_the_badges_and_earlier_text_still_show(browser, base):
    with page_opener(browser, base) as open_page:
        page = open_page("/demo/turn/", java_script_enabled=False)
        assert page.locator(".rc-since").is_hidden()
        assert page.locator(".rc-badge--changed").first.inner_text() == "Changed in 0.2"
        page.locator("details.rc-was summary").click()
        assert page.get_by_text("Take 3 gold and draw up to 5 cards.").is_visible()
