"""The printed cheat sheet: one page on A4 and on US Letter for every seed game, in Chromium and in
the WeasyPrint PDF; no site chrome; links print as plain text; no dark ink in dark mode.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from cheatsheet_fixture import GAME_ID as OVERFULL
from cheatsheet_fixture import project_files
from sitekit import build, chromium, make_project, serve

from rulecraft.mkdocs_plugin.pdf import available as weasyprint_available

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
    for wanted in ("John Company", "Turn sequence", "Manager of Shipping", "10b", "Dice", "Retirement",
                   "Key terms", "Company Standing", "Icons", "End and scoring", "Numbers"):
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
        if (a > 0.05 && (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.85)
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
    assert "Turn sequence" in text and "Manager of Shipping" in text and "Download PDF" not in text


def test_the_overfull_fixture_really_overflows(tmp_path):
    """The checker's warning on the fixture (test_cheatsheet.py) is not a false alarm."""
    project = make_project(tmp_path / "p", files=project_files(), plugin_extra="cheatsheet_pdf: false")
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    with serve(project / "site") as base, chromium() as browser:
        for fmt in FORMATS:
            assert page_count(print_sheet(browser, base, OVERFULL, fmt, tmp_path)) > 1
