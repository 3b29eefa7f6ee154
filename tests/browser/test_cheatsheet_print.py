"""The printed cheat sheet: one page on A4 and on US Letter for every seed game, in Chromium and in
the WeasyPrint PDF; no site chrome; links print as plain text; no dark ink in dark mode.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cheatsheet_fixture import GAME_ID as OVERFULL
from cheatsheet_fixture import project_files
from sitekit import build, chromium, make_project, serve

from rulecraft.loader import load_rulebook
from rulecraft.mkdocs_plugin.pdf import available as weasyprint_available
from rulecraft.models.cheatsheet import sheet_content
from rulecraft.models.index import build_index
from rulecraft.models.textrefs import plain_text

REPO = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.browser, pytest.mark.site]

SEEDS = ["1800", "asean-2090", "corporate-warfare", "john-company", "straits"]
FORMATS = ["A4", "Letter"]


def page_count(pdf: Path) -> int:
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf.read_bytes()))


def page_size(pdf: Path) -> tuple[int, int]:
    """The page size in whole points (A4: 595 x 842, US Letter: 612 x 792)."""
    if not shutil.which("pdfinfo"):
        pytest.skip("pdfinfo (poppler-utils) is not installed")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()
    return round(float(width)), round(float(height))


def pdf_text(pdf: Path) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def print_sheet(browser, base: str, game: str, fmt: str, out: Path, scheme: str = "light") -> Path:
    tab = browser.new_page(color_scheme=scheme)
    try:
        tab.goto(f"{base}/{game}/cheatsheet/")
        tab.emulate_media(media="print")
        pdf = out / f"{game}-{fmt}-{scheme}.pdf"
        tab.pdf(path=str(pdf), format=fmt, print_background=True)
    finally:
        tab.close()
    return pdf


def test_every_seed_sheet_prints_on_one_page_a4_and_letter(seed_site, tmp_path):
    counts = {}
    with serve(seed_site) as base, chromium() as browser:
        for game in SEEDS:
            for fmt in FORMATS:
                counts[game, fmt] = page_count(print_sheet(browser, base, game, fmt, tmp_path))
    assert all(n == 1 for n in counts.values()), counts


def test_printed_sheet_has_the_content_and_no_chrome(seed_site, tmp_path):
    with serve(seed_site) as base, chromium() as browser:
        text = pdf_text(print_sheet(browser, base, "john-company", "A4", tmp_path))
    flat = " ".join(text.split())
    for wanted in ("John Company", "TURN SEQUENCE", "Manager of Shipping", "10b", "DICE", "Retirement",
                   "KEY TERMS", "Company Standing", "ICONS", "END AND SCORING", "KEY NUMBERS", "RUNNING THE COMPANY"):
        assert wanted in flat, wanted
    for chrome in ("Rulecraft rulebooks", "Search", "Table of contents", "Download PDF", "Print", "Previous",
                   "Cheat sheet", "¶"):
        assert chrome not in flat, f"{chrome!r} printed"


CHROME = (".md-header", ".md-tabs", ".md-sidebar", ".md-footer", ".md-search", ".md-top", ".md-content__button",
          ".headerlink", ".rc-print", ".rc-sheet-actions", "article > h1")

STYLES = """(selectors) => {
    const shown = selectors.filter(s => [...document.querySelectorAll(s)].some(el => {
        const r = el.getBoundingClientRect();
        return getComputedStyle(el).display !== 'none' && r.width * r.height > 0; }));
    const sheet = document.querySelector('.rc-cheatsheet');
    const links = [...sheet.querySelectorAll('a')].map(a => {
        const s = getComputedStyle(a), p = getComputedStyle(a.parentElement);
        return {text: a.textContent, color: s.color, parent: p.color, line: s.textDecorationLine,
                border: s.borderBottomStyle};
    });
    return {shown, links};
}"""


def test_chrome_is_hidden_and_links_print_as_plain_text(seed_site):
    with serve(seed_site) as base, chromium() as browser:
        tab = browser.new_page()
        tab.goto(f"{base}/john-company/cheatsheet/")
        tab.wait_for_selector("button[data-rc-print]:not([hidden])")  # shown by cheatsheet.js
        screen = tab.evaluate(STYLES, list(CHROME))
        tab.emulate_media(media="print")
        printed = tab.evaluate(STYLES, list(CHROME))
    assert ".md-header" in screen["shown"] and ".rc-print" in screen["shown"]  # the page has them on screen
    assert printed["shown"] == [], printed["shown"]
    term_links = [a for a in printed["links"] if a["text"]]
    assert len(term_links) > 20  # rule text is full of term links...
    for a in term_links:  # ...that print like the words around them
        assert a["color"] == a["parent"] and a["line"] == "none" and a["border"] in ("none", ""), a


LUMINANCE = """() => {
    const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
    const dark = [];
    const check = el => {
        const s = getComputedStyle(el);
        const [r, g, b, a = 1] = rgb(s.backgroundColor);
        const onWhite = c => a * c + (1 - a) * 255;  // a light tint (stage bands) prints light
        if (a > 0.05 && (0.2126 * onWhite(r) + 0.7152 * onWhite(g) + 0.0722 * onWhite(b)) / 255 < 0.85)
            dark.push(`${el.tagName}.${el.className} bg ${s.backgroundColor}`);
        if (s.backgroundImage !== 'none') dark.push(`${el.tagName}.${el.className} image`);
        const [tr, tg, tb] = rgb(s.color);
        if (el.closest('.rc-cheatsheet') && (0.2126 * tr + 0.7152 * tg + 0.0722 * tb) / 255 > 0.45)
            dark.push(`${el.tagName}.${el.className} pale text ${s.color}`);
    };
    const sheet = document.querySelector('.rc-cheatsheet');
    for (let el = sheet; el; el = el.parentElement) check(el);
    sheet.querySelectorAll('*').forEach(check);
    return {scheme: document.body.getAttribute('data-md-color-scheme'), dark};
}"""


def test_dark_mode_prints_black_on_white(seed_site, tmp_path):
    with serve(seed_site) as base, chromium() as browser:
        tab = browser.new_page(color_scheme="dark")
        tab.goto(f"{base}/john-company/cheatsheet/")
        on_screen = tab.evaluate(LUMINANCE)
        tab.emulate_media(media="print", color_scheme="dark")
        printed = tab.evaluate(LUMINANCE)
        tab.close()
        pdf = print_sheet(browser, base, "john-company", "A4", tmp_path, scheme="dark")
    assert on_screen["scheme"] == "slate" and on_screen["dark"]  # really dark on screen
    assert printed["scheme"] == "slate" and printed["dark"] == [], printed["dark"][:10]
    assert page_count(pdf) == 1
    if shutil.which("pdftoppm"):  # and the ink: the page is nearly all white
        ppm = subprocess.run(["pdftoppm", "-r", "20", "-gray", str(pdf)], capture_output=True, check=True).stdout
        header_end = ppm.index(b"255\n") + 4
        pixels = ppm[header_end:]
        assert sum(1 for p in pixels if p < 128) / len(pixels) < 0.08


def _sitemap(site: Path, base: str) -> str:
    """Material's instant navigation only follows links its sitemap lists, and the seed site has no
    site_url (so an empty sitemap): the test serves one that lists every page at the test server."""
    locs = "".join(f"<url><loc>{base}/{p.parent.relative_to(site).as_posix()}/</loc></url>".replace("/./", "/")
                   for p in sorted(site.rglob("index.html")))
    return (f'<?xml version="1.0" encoding="UTF-8"?>'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{locs}</urlset>')


def test_print_button_prints_and_survives_instant_navigation(seed_site):
    with serve(seed_site) as base, chromium() as browser:
        tab = browser.new_page()
        sitemap = _sitemap(seed_site, base)
        tab.route("**/sitemap.xml", lambda route: route.fulfill(body=sitemap, content_type="application/xml"))
        tab.add_init_script("window.__printed = 0; window.print = () => { window.__printed += 1; };")
        tab.goto(f"{base}/john-company/")
        tab.wait_for_load_state("networkidle")
        tab.evaluate("() => { window.__same_document = true; }")
        # Material's instant navigation swaps the page in without loading it: document$ runs the script again.
        tab.click("a.md-nav__link[href*='john-company/cheatsheet']:visible")
        tab.wait_for_selector(".rc-cheatsheet button[data-rc-print]:not([hidden])")
        assert tab.evaluate("() => window.__same_document === true && window.__printed === 0"), "not instant"
        tab.click(".rc-cheatsheet button[data-rc-print]")
        assert tab.evaluate("() => window.__printed") == 1


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_weasyprint_pdfs_are_one_page_and_linked(seed_site):
    from bs4 import BeautifulSoup

    for game in SEEDS:
        for name, size in (("cheatsheet.pdf", (595, 842)), ("cheatsheet-letter.pdf", (612, 792))):
            pdf = seed_site / game / name
            assert pdf.is_file(), f"{game}: no {name}"
            assert page_count(pdf) == 1, f"{game}: {name} has {page_count(pdf)} pages"
            assert page_size(pdf) == size, f"{game}: {name} is {page_size(pdf)} pt"
        soup = BeautifulSoup((seed_site / game / "cheatsheet" / "index.html").read_text(encoding="utf-8"),
                             "html.parser")
        assert [a["href"] for a in soup.select("a.rc-sheet-download")] == ["../cheatsheet.pdf",
                                                                             "../cheatsheet-letter.pdf"]
    text = " ".join(pdf_text(seed_site / "john-company" / "cheatsheet-letter.pdf").split())
    assert "TURN SEQUENCE" in text and "Manager of Shipping" in text and "Download PDF" not in text


def test_the_overfull_fixture_really_overflows(tmp_path):
    """The checker's warning on the fixture (test_cheatsheet.py) is not a false alarm."""
    project = make_project(tmp_path / "p", files=project_files(), plugin_extra="cheatsheet_pdf: false")
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    with serve(project / "site") as base, chromium() as browser:
        for fmt in FORMATS:
            assert page_count(print_sheet(browser, base, OVERFULL, fmt, tmp_path)) > 1


def _words(text: str) -> str:
    return " ".join(re.sub(r"[*_`]", "", text.replace("\u00ad", "")).split()).lower()


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
@pytest.mark.parametrize("game", SEEDS)
def test_pdfs_are_full_one_page_readable_and_complete(seed_site, game):
    """Measured on the rendered PDFs: one page, 85-100 % full, no text under 7 pt, and every phase title,
    end-of-game condition and dice table title chosen for the sheet is printed."""
    import pdfkit

    book = load_rulebook(REPO / "rules_data")
    index = build_index(book.games[game])
    content = sheet_content(index)
    wanted = [n.phase.name for n in content.phases] + [t.title for t in content.tables]

    def steps(items):
        for step in items:
            yield step.text
            yield from steps(step.steps)
    wanted += list(steps(content.end))
    for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
        pdf = seed_site / game / name
        assert pdfkit.pages(pdf) == 1, (game, name)
        fill = pdfkit.ink_fill(pdf)
        assert 0.85 <= fill <= 1.0, (game, name, fill)
        assert pdfkit.smallest_text_pt(pdf) >= 7.0 - 1e-6, (game, name)
        printed = _words(pdfkit.text(pdf))
        for item in wanted:
            words = _words(plain_text(item, index.name_of))
            assert words[:40] in printed, (game, name, item)


# How far apart the columns' feet may be, as a share of the printable height. Balanced columns differ by
# less than the unit that would not fit at a short column's foot (a dice table, a key-numbers row); 1800's
# first column once stopped 223 pt (28 %) above the others, its rules section kept whole.
COLUMN_SPREAD = 0.18


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
@pytest.mark.parametrize("game", SEEDS)
def test_pdf_columns_are_balanced(seed_site, game):
    """Measured on each PDF's words: every column reaches near the foot of the longest one."""
    import pdfkit

    for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
        pdf = seed_site / game / name
        columns = pdfkit.columns(pdf)
        assert len(columns) >= 2, (game, name, columns)
        printable = pdfkit.page_size_pt(pdf)[1] - 2 * 10 * pdfkit.MM
        feet = [round(c.bottom, 1) for c in columns]
        assert (max(feet) - min(feet)) / printable <= COLUMN_SPREAD, (game, name, feet)


@pytest.fixture(scope="module")
def outpost_site(tmp_path_factory) -> Path:
    """The skirmish fixture (tests/data/sheets/outpost): a pool roll whose odds header is long for its column."""
    from sitekit import fixture_game_site

    return fixture_game_site(tmp_path_factory, "sheets", "outpost")


@pytest.fixture(scope="module")
def bidding_site(tmp_path_factory):
    """The trick-taking fixture (tests/data/sheets/bidding): a six-column contracts chart wider than a third
    of the sheet."""
    from sitekit import fixture_game_site

    return fixture_game_site(tmp_path_factory, "sheets", "bidding")


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_no_words_print_over_each_other(seed_site, outpost_site, wargame_site, bidding_site):
    """Every word of every sheet PDF stands clear of its neighbours. Outpost's pool odds once printed the
    header "Successes (2 dice)" across "Exactly": a word wider than its third of the column. Bridgehead's
    phase condition ("only when the round ≥ 3, unless the bridge was blown") once ran on one line across the
    next column's combat results table. Lantern Bids' contracts chart was set in three columns at 14 pt, its
    last two columns over the next column's bonuses table; it now gets two columns."""
    import pdfkit

    sheets = [seed_site / game / name for game in SEEDS for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf")]
    sheets += [outpost_site / "outpost" / name for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf")]
    sheets += [wargame_site / "bridgehead" / name for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf")]
    sheets += [bidding_site / "bidding" / name for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf")]
    for pdf in sheets:
        assert pdfkit.overlapping_words(pdf) == [], pdf


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_corporate_warfares_pdfs_print_the_department_rolls_as_one_table_and_the_demands_spread(seed_site):
    """The four department rolls, alike but for a name (models/sheet_dice.py), are one table: each name printed
    once as a row's title, the shared rule once; market demand prints its spread, not "1+ ... 100%". (Where the
    box goes on in the next column, pdftotext reads its parts apart: the order is checked on the page's HTML,
    tests/unit/render/test_cheatsheet_dice_alike.py.)"""
    import pdfkit

    for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
        printed = _words(pdfkit.text(seed_site / "corporate-warfare" / name))
        assert printed.count("department rolls") == 1, name
        assert "one die per employee in production, research, hr or sales (whichever is rolled)" in printed, name
        rows = {"production": "gain one product token", "research": "draw one special action card",
                "hr": "you may gain one new employee token", "sales": "sell one product for 3 dollars"}
        for department, result in rows.items():
            assert printed.count(f"{department} department {result}") == 1, (name, department)
            assert f"one die per employee in {department};" not in printed, (name, department)  # no box of its own
        for shared in ("each 4+ succeeds", "+1 per improved methods card on the department (0–4)"):
            assert printed.count(shared) == 1, (name, shared)
        assert "market demand 1d6; +2 per market research card in play (0–4)" in printed
        assert "total before modifiers: 1–6 (17% each)" in printed, name
        assert "1+" not in printed, name


FONT_SIZE = "() => getComputedStyle(document.querySelector('.rc-cheatsheet')).fontSize"


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_browser_prints_the_fit_the_pdfs_verified(seed_site, tmp_path):
    """The build writes the fit it verified into the page: Chromium prints the same type size, one page."""
    import pdfkit

    with serve(seed_site) as base, chromium() as browser:
        for game in SEEDS:
            tab = browser.new_page()
            tab.goto(f"{base}/{game}/cheatsheet/")
            tab.emulate_media(media="print")
            size_px = float(tab.evaluate(FONT_SIZE).removesuffix("px"))
            tab.close()
            body_pt = pdfkit.body_text_pt(seed_site / game / "cheatsheet.pdf")
            assert abs(size_px * 0.75 - body_pt) < 0.01, (game, size_px * 0.75, body_pt)
            for fmt in FORMATS:
                printed = print_sheet(browser, base, game, fmt, tmp_path)
                assert page_count(printed) == 1, (game, fmt)


def raster_images(pdf: Path) -> list[str]:
    """The PDF's bitmap images (``pdfimages -list``, one line each): vector drawings are not listed."""
    if not shutil.which("pdfimages"):
        pytest.skip("pdfimages (poppler-utils) is not installed")
    listed = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    return listed.splitlines()[2:]  # two header lines


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_one_page_without_the_colour_emoji_font(tmp_path):
    """A machine without Noto Color Emoji (neither the file nor in fontconfig) still gets one page, with
    the same vector emoji: SVG pictures shipped with Rulecraft, no bitmap, no emoji font."""
    import os

    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    "<include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>"
                    "<selectfont><rejectfont><glob>*NotoColorEmoji*</glob><pattern><patelt name=\"family\">"
                    "<string>Noto Color Emoji</string></patelt></pattern></rejectfont></selectfont>"
                    f"<cachedir>{tmp_path}/fc-cache</cachedir></fontconfig>", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    listed = subprocess.run(["fc-list"], capture_output=True, text=True, env=env).stdout
    assert "Color Emoji" not in listed  # the font really is gone for this build
    project = make_project(tmp_path / "p", games=("straits", "john-company"))
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml")],
                         capture_output=True, text=True, env={**env, "NO_MKDOCS_2_WARNING": "1"}, cwd=project,
                         timeout=900)
    assert run.returncode == 0, run.stderr
    for game in ("straits", "john-company"):
        for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
            pdf = project / "site" / game / name
            assert page_count(pdf) == 1, (game, name)
            fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
            assert "Emoji" not in fonts
            assert raster_images(pdf) == [], (game, name)  # the emoji are vector drawings
    sheet = (project / "site" / "straits" / "cheatsheet" / "index.html").read_text(encoding="utf-8")
    assert sheet.count('class="rc-icon rc-icon--emoji" src="data:image/svg+xml;base64,') >= 5
    assert "🚢" not in pdf_text(project / "site" / "straits" / "cheatsheet.pdf")  # a picture, not a character
    assert "Emoji: Twemoji, CC-BY 4.0" in pdf_text(project / "site" / "straits" / "cheatsheet.pdf")


GLYPH_GAME = {
    "rules_data/glyphs/game.yaml": """\
        id: glyphs
        title: Glyph Test
        summary: A small game whose icons are drawn three ways.
        end_of_game:
          - The game ends after three rounds.
        """,
    "rules_data/glyphs/icons.yaml": """\
        icons:
          - id: coin
            label: Coin
            meaning: One coin from the bank.
            glyph: {material: material/cash}
          - id: seal
            label: Seal
            meaning: The game's own seal, drawn by its artist.
            glyph: {image: glyphs/seal.svg}
          - id: ship
            label: Ship
            meaning: A ship moves one sea.
            glyph: {emoji: "🚢"}
        """,
    "docs/glyphs/seal.svg": """\
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#a00"/></svg>
        """,
}


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_material_image_and_emoji_glyphs_print_as_vectors(tmp_path):
    """An icon named by a Material icon, by the game's own SVG, or by an emoji: each is a vector glyph on the
    sheet and in both PDFs (no bitmap), and the site's icon page shows the game's own picture too."""
    project = make_project(tmp_path / "p", files=GLYPH_GAME)
    config = project / "mkdocs.yml"  # Material's icons, as `rulecraft new` sets them up
    config.write_text(config.read_text(encoding="utf-8").replace("  - pymdownx.superfences\n", (
        "  - pymdownx.superfences\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "      emoji_generator: !!python/name:material.extensions.emoji.to_svg\n")), encoding="utf-8")
    run = build(project, strict=False)
    assert run.returncode == 0, run.stderr
    site = project / "site"
    sheet = (site / "glyphs" / "cheatsheet" / "index.html").read_text(encoding="utf-8")
    icons = sheet[sheet.index('class="rc-sheet-block rc-sheet-icons"'):]
    assert "<svg" in icons.split('id="sheet-icon-seal"')[0]  # Material's icon, inline SVG
    assert 'src="../seal.svg"' in icons and 'src="data:image/svg+xml;base64,' in icons
    assert 'src="../seal.svg"' in (site / "glyphs" / "icons" / "index.html").read_text(encoding="utf-8")
    for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
        pdf = site / "glyphs" / name
        assert page_count(pdf) == 1
        assert raster_images(pdf) == [], name
        assert "Coin" in pdf_text(pdf) and "Seal" in pdf_text(pdf)


@pytest.mark.skipif(not weasyprint_available(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_a4_prints_the_a4_spacing_the_page_carries(seed_site, tmp_path):
    """A4 is 6 % taller than Letter: the A4 PDF may be spaced wider than the shared fit, and the PDF step
    writes that spacing into the page (--rc-space-a4 beside --rc-space). Chromium prints it on A4 only
    (cheatsheet.css keys it on the paper's height): as full as the A4 PDF, fuller than the page without the
    variable, Letter unchanged, one page on both."""
    import pdfkit

    # A game whose A4 PDF is spaced wider than the shared fit (which ones depends on their content).
    wider = [g for g in SEEDS if "--rc-space-a4" in (seed_site / g / "cheatsheet" / "index.html").read_text("utf-8")]
    assert wider, "no seed sheet is spaced wider on A4"
    game = wider[0]

    def shared_only(route):
        response = route.fetch()
        body = re.sub(r"; --rc-space-a4: [\d.]+", "", response.text(), count=1)
        assert "--rc-space-a4" not in body
        route.fulfill(response=response, body=body)

    fills = {}
    with serve(seed_site) as base, chromium() as browser:
        for carried in (False, True):
            for fmt in FORMATS:
                tab = browser.new_page()
                if not carried:
                    tab.route(f"**/{game}/cheatsheet/", shared_only)
                tab.goto(f"{base}/{game}/cheatsheet/")
                tab.emulate_media(media="print")
                pdf = tmp_path / f"{fmt}-{carried}.pdf"
                tab.pdf(path=str(pdf), format=fmt, print_background=True)
                tab.close()
                assert page_count(pdf) == 1, (fmt, carried)
                fills[fmt, carried] = pdfkit.ink_fill(pdf)
    assert fills["A4", True] > fills["A4", False] + 0.015, fills
    assert abs(fills["A4", True] - pdfkit.ink_fill(seed_site / game / "cheatsheet.pdf")) < 0.03, fills
    assert abs(fills["Letter", True] - fills["Letter", False]) < 0.002, fills
