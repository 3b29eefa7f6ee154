"""The variant switch in a real browser (Debian's chromium) on the fixture game with variants: it flips
17 fame to 20, hides rules of other variants, is remembered on the game's other pages, is keyboard
usable with a label and a 44 px target on a phone; without script every rule shows, badged. The same
under MkDocs and under Zensical (`rulecraft pages`, then `zensical build`)."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest
from sitekit import page_opener, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]

SWITCH = ".rc-variants select"


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def base(request):
    site = request.getfixturevalue("variants_site" if request.param == "mkdocs" else "zensical_variants_site")
    with serve(site) as url:
        yield url


def fame(page) -> list[str]:
    return page.locator(".md-content [data-rc-const=fame-to-win]").all_inner_texts()


def test_switch_changes_numbers_hides_other_variants_and_is_remembered(browser, base):
    with page_opener(browser, base, {"width": 390, "height": 844}) as open_page:
        page = open_page("/isle/")
        switch = page.locator(SWITCH)
        assert switch.is_visible() and page.get_by_label("Rules shown").count() == 1
        assert switch.bounding_box()["height"] >= 44  # a phone's touch target
        assert fame(page) == ["17", "17"]
        monsters = page.locator("#monster-hunts")
        rests = page.locator("#short-rests")
        assert monsters.is_visible() and rests.is_visible()  # by default: every rule, badged

        switch.focus()  # the keyboard: a native select
        switch.select_option("long-game")
        assert fame(page) == ["20", "20"]
        assert not monsters.is_visible() and not rests.is_visible()  # a monsters rule; a base-only rule
        toc = page.locator(".md-nav--secondary a[href$='#monster-hunts']")
        assert toc.count() == 1 and toc.evaluate("a => a.parentElement.hidden")
        assert page.locator("td.rc-const-value .rc-const").inner_text() == "20"

        page.goto(base + "/isle/turn/")  # remembered on the game's other pages
        assert page.locator(SWITCH).input_value() == "long-game"
        assert not page.locator("#monsters-move").is_visible() and page.locator("#explore").is_visible()

        page.locator(SWITCH).select_option("monsters")
        assert page.locator("#monsters-move").is_visible()
        page.goto(base + "/isle/")
        # the add-on keeps the base game's short rests (only the long game replaces them)
        assert fame(page) == ["17", "17"] and monsters.is_visible() and rests.is_visible()
        assert page.locator("#c-monster-tokens").is_visible()

        page.locator(SWITCH).select_option("base")
        assert rests.is_visible() and not monsters.is_visible()
        assert not page.locator("#c-monster-tokens").is_visible()

        sheet = open_page("/isle/cheatsheet-long-game/")  # a variant's sheet is printed as it is
        sheet.evaluate("localStorage.setItem('rulecraft.variant.isle', 'base')")
        sheet.goto(base + "/isle/cheatsheet-long-game/")
        assert sheet.locator(SWITCH).count() == 0 and "20" in sheet.locator(".rc-sheet-end").inner_text()


def test_without_script_every_variant_shows_badged(browser, base):
    with page_opener(browser, base) as open_page:
        page = open_page("/isle/", java_script_enabled=False)
        assert page.locator(".rc-variants").is_hidden()
        assert page.locator("#monster-hunts").is_visible() and page.locator("#short-rests").is_visible()
        badges = page.locator(".rc-badge--variant").all_inner_texts()
        assert "Variant: Monsters add-on" in badges and "Not in variant: Long game" in badges  # short rests: base
        assert fame(page) == ["17", "17"]
        assert "Long game: 20" in page.locator("td.rc-const-value").inner_text()


def printed_text(page) -> str:
    """The page printed to PDF (Chromium's print to PDF, what Ctrl+P gives), as text."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "page.pdf"
        pdf.write_bytes(page.pdf(format="A4"))
        return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout


def test_a_printout_names_the_rules_shown_and_shows_the_same_rules(browser, base):
    with page_opener(browser, base) as open_page:
        page = open_page("/isle/")
        shown = page.locator(".rc-variants-shown")
        assert page.locator(SWITCH).is_visible() and not shown.is_visible()  # on screen: the switch
        page.locator(SWITCH).select_option("long-game")
        page.emulate_media(media="print")
        assert shown.is_visible() and not page.locator(SWITCH).is_visible()
        assert shown.inner_text() == "Rules shown: Long game"
        title = page.locator(".md-content h1").first.bounding_box()
        assert 0 < shown.bounding_box()["y"] - title["y"] < 3 * title["height"]  # right under the title
        assert fame(page) == ["20", "20"] and not page.locator("#monster-hunts").is_visible()

        text = printed_text(page)
        assert "Rules shown: Long game" in text and "20 fame" in text
        assert "Monster hunts" not in text and "Short rests" not in text  # hidden on screen, so on paper
        page.emulate_media(media="null")  # back to the page as it is (page.pdf prints it)
        page.locator(SWITCH).select_option("")
        text = printed_text(page)
        assert "Rules shown: All, variants marked" in text and "Monster hunts" in text
