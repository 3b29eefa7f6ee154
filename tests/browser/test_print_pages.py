"""Pages other than the cheat sheet printed from Chromium (page.pdf fires beforeprint and afterprint, as Ctrl-P
does): in the light scheme whatever the screen shows, without controls that do nothing on paper, and with no
heading left alone at a page's foot."""

from __future__ import annotations

from pathlib import Path

import pytest
import sitekit

pytestmark = [pytest.mark.browser, pytest.mark.site]

# The scheme's colours (custom properties: a colour itself may still be in Material's transition), recorded
# while the page is laid out for print by a listener added after player.js's, which runs after it.
COLOURS = "() => ['--md-typeset-a-color', '--md-default-fg-color'].map(v => getComputedStyle(document.body).getPropertyValue(v))"
WHILE_PRINTING = """() => {
    window.printed = null;
    addEventListener('beforeprint', () => {
        window.printed = { scheme: document.body.getAttribute('data-md-color-scheme'), colours: (COLOURS)() };
    });
}""".replace("COLOURS", COLOURS)


def test_a_page_read_in_the_dark_scheme_prints_in_the_light_one(browser, base, tmp_path):
    """The dark scheme's pale link tint was printed on white paper (1.8:1 on the glossary's 655 links); the page
    prints in the light scheme and goes back to the dark one after."""
    light = browser.new_page(color_scheme="light")
    light.goto(f"{base}/1800/glossary/")
    light_colours = light.evaluate(COLOURS)
    light.close()
    page = browser.new_page(color_scheme="dark")
    page.goto(f"{base}/1800/glossary/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    assert page.evaluate(COLOURS) != light_colours
    page.evaluate(WHILE_PRINTING)
    page.pdf(path=str(tmp_path / "glossary.pdf"))
    assert page.evaluate("window.printed") == {"scheme": "default", "colours": light_colours}
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    page.close()


SHOWN = """(selector) => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).length"""


@pytest.mark.parametrize("path, controls", [
    ("1800/play/", [".rc-play-setup", ".rc-play-intro", ".rc-play-bar"]),
    ("1800/glossary/", [".rc-gfilter"]),
    ("1800/turn/", [".rc-play-link"]),
])
def test_controls_that_do_nothing_on_paper_are_not_printed(browser, base, path, controls):
    """The play view's setup box ("Round [1]", the states) printed open: Material's display for a <details> is
    more specific than the rule that hid it. The glossary's filter box and the "Play a turn" button printed too."""
    page = browser.new_page()
    page.goto(f"{base}/{path}")
    for shown in (c for c in controls if c != ".rc-play-bar"):  # the scripts show them on screen
        page.wait_for_function(SHOWN, arg=shown)
    page.emulate_media(media="print")
    assert {c: page.evaluate(SHOWN, c) for c in controls} == {c: 0 for c in controls}
    page.close()


def test_a_filtered_glossary_prints_whole(browser, base):
    """The filter box is not printed, so neither is what it hides: "tile" left 1 of 69 terms on the page, and
    the printed glossary held that one under a bare heading, as if it were complete."""
    page = browser.new_page()
    page.goto(f"{base}/1800/glossary/")
    page.locator(".rc-gfilter input").fill("tile")
    page.wait_for_function("() => /^1 of \\d+ terms$/.test(document.querySelector('#rc-gfilter-count').textContent)")
    entries = page.locator(".rc-term-entry").count()
    assert page.evaluate(SHOWN, ".rc-term-entry") == 1
    page.emulate_media(media="print")
    assert page.evaluate(SHOWN, ".rc-term-entry") == entries > 60
    assert page.evaluate(SHOWN, ".rc-letter") == page.locator(".rc-letter").count()
    page.close()


def page_texts(pdf: Path) -> list[list[str]]:
    """Each page's lines of text (pdftotext parts pages by a form feed), blank lines left out."""
    import pdfkit

    return [[line.strip() for line in page.splitlines() if line.strip()] for page in pdfkit.text(pdf).split("\f")]


def test_no_heading_is_left_at_the_foot_of_a_page(browser, base, tmp_path):
    """Headings, "Also written" folds and reference-table titles go to the next page with what they head: 23
    page breaks of the five games left one behind (John Company's dice page ended on "Trade with China", its
    table on the next page; the 1800 overview on "Improvements"; glossaries on a letter or a term)."""
    ends = []
    for path in ("1800/", "1800/glossary/", "john-company/dice/", "john-company/glossary/", "corporate-warfare/glossary/"):
        page = browser.new_page()
        page.goto(f"{base}/{path}")
        heads = set(page.evaluate("""() => [...document.querySelectorAll(
            '.md-content :is(h1, h2, h3, h4, h5, h6, summary, .rc-ref-title)')].map(h => h.textContent.replace('¶', '').trim())"""))
        pdf = tmp_path / (path.strip("/").replace("/", "-") + ".pdf")
        page.pdf(path=str(pdf), format="A4")
        page.close()
        pages = page_texts(pdf)
        ends += [(path, i + 1, lines[-1]) for i, lines in enumerate(pages[:-1]) if lines and lines[-1] in heads]
        assert len(pages) > 2, path  # breaks to look at
    assert ends == []


def test_the_calculators_column_is_not_printed_on_the_combat_results_table(browser, wargame_site):
    """On paper there is no calculator to explain a shaded column: the 1-1 column printed shaded as a rule."""
    with sitekit.serve(wargame_site) as url:
        page = browser.new_page()
        page.goto(f"{url}/bridgehead/dice/")
        cell = page.locator("td.rc-crt-on").first
        cell.wait_for(state="attached")
        shade = "c => getComputedStyle(c).backgroundColor"
        assert cell.evaluate(shade) != "rgba(0, 0, 0, 0)"
        page.emulate_media(media="print")
        assert cell.evaluate(shade) == "rgba(0, 0, 0, 0)"
        page.close()
