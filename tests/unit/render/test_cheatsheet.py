"""The cheat sheet's content comes from the data; the checker warns when it will not fit one page.

Rendering goes through the Markdown extension alone (no MkDocs, milliseconds); the build tests use
the real `mkdocs build`. Printing is in test_cheatsheet_print.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from cheatsheet_fixture import GAME_ID as OVERFULL
from cheatsheet_fixture import TITLE as OVERFULL_TITLE
from cheatsheet_fixture import project_files
from gamekit import RULES_DATA, only, with_code, write_game
from mdkit import render
from sitekit import build, make_project, page

from rulecraft.checks import check_path
from rulecraft.loader import load_rulebook
from rulecraft.mkdocs_plugin.pdf import add_download_link, sheet_fragment
from rulecraft.models.cheatsheet import FILL_AIM, MAX_PT, SIZES_PT, estimate, key_terms, sheet_content, tightest
from rulecraft.models.index import build_index
from rulecraft.render.cheatsheet import FIT_START

SEEDS = ["1800", "asean-2090", "corporate-warfare", "john-company", "straits"]


def sheet(rules_data: Path, game: str) -> BeautifulSoup:
    soup = render(rules_data, "/// cheatsheet\n///\n", game=game, extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


@pytest.fixture(scope="module")
def john() -> BeautifulSoup:
    return sheet(RULES_DATA, "john-company")


# --- content from the data ---------------------------------------------------------------------------------


def test_header_has_title_version_and_a_hidden_print_button(john):
    head = john.select_one(".rc-sheet-header")
    assert "John Company" in text(head.select_one(".rc-sheet-title"))
    assert head.select_one(".rc-sheet-version") is None  # its source states no version...
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}", text(head.select_one(".rc-sheet-date")))  # ...but a date
    heading = text(sheet(RULES_DATA, "1800").select_one(".rc-sheet-heading"))  # 1800's states one
    assert re.search(r"Version 0\.4\.0 · .* · \d{1,2} [A-Z][a-z]{2} \d{4}\b", heading), heading
    assert "rules data of" not in heading
    button = head.select_one("button[data-rc-print]")
    assert button is not None and button.has_attr("hidden")  # cheatsheet.js shows it
    assert head.select_one("[data-rc-pdf-slot]") is not None  # the PDF link goes here after the build
    assert head.select_one("a[href$='.pdf']") is None  # ...only when the PDF was written


def test_turn_sequence_has_derived_numbers_and_summaries(john):
    book = load_rulebook(RULES_DATA)
    index = build_index(book.games["john-company"])
    items = john.select("ol.rc-sheet-sequence > li")
    assert [li.select_one(".rc-number").get_text() for li in items] == [n.number for n in index.numbered]
    numbers = [li.select_one(".rc-number").get_text() for li in items]
    assert numbers[:3] == ["1", "2", "3"] and {"7a", "7b", "10b", "10c", "15a", "15b", "18"} <= set(numbers)
    by_id = {li["id"]: li for li in items}
    assert "rc-level-1" in by_id["sheet-phase-directory-of-trade"]["class"]
    manager = text(by_id["sheet-phase-manager-of-shipping"])
    assert manager.startswith("8 Manager of Shipping")
    assert "ships for the Company, bought or leased" in manager  # the one-line summary


def test_optional_and_first_round_phases_are_marked(john):
    dereg = john.select_one("#sheet-phase-vote-on-deregulation")
    flag = dereg.select_one(".rc-sheet-flag")
    assert flag.get_text() == "optional" and "rc-optional" in dereg["class"]
    assert "{term:" not in flag["title"] and "Deregulation law card" in flag["title"]
    london = john.select_one("#sheet-phase-london-season")
    assert [f.get_text() for f in london.select(".rc-sheet-flag")] == ["not in round 1"]
    hiring = john.select_one("#sheet-phase-hiring")
    assert not hiring.select(".rc-sheet-flag")


def test_every_dice_table_in_compact_form(john):
    tables = john.select(".rc-sheet-dice .rc-sheet-dice-table")
    assert [t["id"] for t in tables] == ["sheet-dice-retirement", "sheet-dice-govern", "sheet-dice-china-trade",
                                         "sheet-dice-storm", "sheet-dice-events-in-india"]
    retirement = john.select_one("#sheet-dice-retirement")
    rows = [(text(tr.th), text(tr.td)) for tr in retirement.select("tr")]
    assert [r[0] for r in rows] == ["1–2", "3–4", "5+"]
    assert rows[0][1] == "Nothing changes."
    meta = text(retirement.select_one(".rc-sheet-dice-meta"))
    assert meta.startswith("1d6 per family member holding an Office") and "+1" in meta
    govern = john.select_one("#sheet-dice-govern")
    assert text(govern.select("tr")[-1].th) == "Any"  # any_result row
    india = john.select_one("#sheet-dice-events-in-india")  # a custom die: rows are its faces
    assert text(india.select_one("tr th")) == "1 with three storms"
    assert not john.select(".rc-sheet-odds")  # odds are optional, off by default


def test_key_terms_are_the_listed_ones_in_order(john):
    book = load_rulebook(RULES_DATA)
    listed = book.games["john-company"].info.cheatsheet.terms
    shown = [dl["id"].removeprefix("sheet-term-") for dl in john.select(".rc-sheet-term")]
    assert shown == listed
    office = john.select_one("#sheet-term-office")
    assert text(office.dt) == "Office" and "family member" in text(office.dd)


def test_icons_end_scoring_and_constants(john):
    assert len(john.select(".rc-sheet-icon")) == 6
    end = text(john.select_one(".rc-sheet-end"))
    assert "Company Bankruptcy" in end and "Scoring" in end
    numbers = {tr["id"].removeprefix("sheet-const-"): text(tr.td) for tr in john.select(".rc-sheet-numbers tr")}
    book = load_rulebook(RULES_DATA)
    info = book.games["john-company"].info
    assert list(numbers) == info.cheatsheet.constants
    assert numbers["debt-loan"] == str(info.constants["debt-loan"].value)


def test_blocks_follow_the_include_order_with_the_end_of_the_game_first(john):
    # the default order (John Company names none): the end of the game opens the sheet, where a player looks
    assert [s["class"][1] for s in john.select(".rc-sheet-body > section")] == [
        "rc-sheet-end", "rc-sheet-turn", "rc-sheet-dice", "rc-sheet-terms", "rc-sheet-icons", "rc-sheet-constants"]


CONFIGURED = {
    "game.yaml": """\
        id: demo
        title: Demo Game
        version: "2.1"
        summary: Players trade widgets.
        end_of_game: [The game ends after round 5.]
        constants:
          hand: {value: 5, label: Cards in hand}
          rounds: {value: 5, label: Rounds}
        cheatsheet:
          include: [dice, turn, constants]
          dice: [second]
          constants: [rounds]
          odds: true
          summaries: false
          columns: 2
        """,
    "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            summary: Swap widgets.
            rules: Each player may trade one Widget.
          - id: bonus
            name: Bonus
            optional: true
            condition: With the expansion.
            rules: Take a widget.
        """,
    "dice.yaml": """\
        tables:
          - id: first
            title: First
            dice: 1d6
            rows:
              - {roll: 1-6, result: Nothing.}
          - id: second
            title: Second
            dice: 2d6
            rows:
              - {roll: 2-6, result: Lose a widget.}
              - {roll: 7, result: Nothing.}
              - {roll: 8-12, result: Gain a widget.}
        """,
}


def test_game_data_chooses_blocks_order_tables_odds_and_columns(tmp_path):
    write_game(tmp_path, CONFIGURED)
    soup = sheet(tmp_path, "demo")
    root = soup.select_one(".rc-cheatsheet")
    assert "rc-columns-2" in root["class"]
    assert [s["class"][1] for s in soup.select(".rc-sheet-body > section")] == [
        "rc-sheet-dice", "rc-sheet-turn", "rc-sheet-constants"]
    assert [t["id"] for t in soup.select(".rc-sheet-dice-table")] == ["sheet-dice-second"]
    odds = [text(td) for td in soup.select("#sheet-dice-second .rc-sheet-odds")]
    assert odds == ["42%", "17%", "42%"]  # 15/36, 6/36, 15/36
    assert not soup.select(".rc-summary")  # summaries: false
    assert [text(tr.th) for tr in soup.select(".rc-sheet-numbers tr")] == ["Rounds"]
    assert not soup.select(".rc-sheet-terms, .rc-sheet-end")  # not included


def test_terms_default_to_marked_then_most_mentioned(tmp_path):
    terms = """\
        terms:
          - {id: widget, term: Widget, plurals: [widgets], short: A small wooden cube.}
          - {id: gadget, term: Gadget, short: A brass gizmo., cheatsheet: true}
          - {id: token, term: Token, plurals: [tokens], short: A cardboard disc.}
        """
    phases = """\
        phases:
          - id: trade
            name: Trade
            rules: Trade a Widget for a Gadget. Each widget costs two tokens; widgets and tokens are scarce.
        """
    folder = write_game(tmp_path / "a", {"terms.yaml": terms, "phases.yaml": phases})
    index = build_index(load_rulebook(folder.parent).games["demo"])
    assert [t.id for t in key_terms(index)] == ["gadget"]  # marked
    unmarked = terms.replace(", cheatsheet: true", "")
    folder = write_game(tmp_path / "b", {"terms.yaml": unmarked, "phases.yaml": phases})
    index = build_index(load_rulebook(folder.parent).games["demo"])
    assert [t.id for t in key_terms(index)] == ["widget", "token", "gadget"]  # by mentions
    capped = {"terms.yaml": unmarked, "phases.yaml": phases,
              "game.yaml": "id: demo\ntitle: Demo\nversion: '1'\nsummary: S.\ncheatsheet: {max_terms: 1}\n"}
    folder = write_game(tmp_path / "c", capped)
    index = build_index(load_rulebook(folder.parent).games["demo"])
    assert [t.id for t in key_terms(index)] == ["widget"]


def test_unknown_block_name_and_dangling_ids_are_errors(game):
    folder = game({"game.yaml": "id: demo\ntitle: Demo\nversion: '1'\nsummary: S.\n"
                                "cheatsheet:\n  include: [turn, rules]\n  dice: [nope]\n"})
    result = check_path(folder.parent)
    assert any("include" in p.message or "include" in str(p.location) for p in result.errors), \
        [p.format() for p in result.errors]
    folder = game({"game.yaml": "id: demo\ntitle: Demo\nversion: '1'\nsummary: S.\n"
                                "cheatsheet:\n  dice: [nope]\n  icons: [nada]\n"})
    result = check_path(folder.parent)
    assert "cheatsheet.dice refers to unknown dice table 'nope'" in only(result.problems, "dangling-dice").message
    assert only(result.problems, "dangling-icon").location.line == 7


# --- will it fit? ------------------------------------------------------------------------------------------


def test_no_overflow_warning_for_the_seed_games():
    result = check_path(RULES_DATA)
    assert not with_code(result.problems, "cheatsheet-overflow"), \
        "\n".join(p.format() for p in with_code(result.problems, "cheatsheet-overflow"))


def test_overflow_warning_on_an_overfull_game(tmp_path):
    for rel, content in project_files(str(tmp_path)).items():
        Path(rel).parent.mkdir(parents=True, exist_ok=True)
        Path(rel).write_text(content, encoding="utf-8")
    result = check_path(tmp_path)
    assert not result.errors, [p.format() for p in result.errors]
    problem = only(result.problems, "cheatsheet-overflow")
    assert problem.game == OVERFULL and OVERFULL_TITLE in problem.message
    assert "turn sequence" in problem.message and "cheatsheet:" in problem.hint
    assert problem.location.file.endswith("game.yaml")


def test_the_game_data_can_make_an_overfull_sheet_fit(tmp_path):
    files = project_files(str(tmp_path))
    game_yaml = next(k for k in files if k.endswith("game.yaml"))
    files[game_yaml] += "cheatsheet:\n  include: [turn, terms, end]\n  summaries: false\n  max_terms: 10\n"
    for rel, content in files.items():
        Path(rel).parent.mkdir(parents=True, exist_ok=True)
        Path(rel).write_text(content, encoding="utf-8")
    result = check_path(tmp_path)
    assert not with_code(result.problems, "cheatsheet-overflow")


def test_estimate_grows_with_content_and_size():
    book = load_rulebook(RULES_DATA)
    fills = {}
    for game_id in SEEDS:
        index = build_index(book.games[game_id])
        content = sheet_content(index)
        small, big = (estimate(content, index, size).fill for size in (SIZES_PT[-1], SIZES_PT[0]))
        assert 0 < small < big
        fills[game_id] = small
        assert not tightest(content, index).overflows  # the PDF step fits every seed sheet on one page
    assert max(fills, key=fills.get) == "john-company"  # 24 phases, 5 dice tables, 12 terms
    # John Company at 7 pt in 3 columns with normal spacing, as it was measured (the end of the game after the
    # icons; two more key terms), is just over a page on US Letter (measured 1.01,
    # benchmarks/cheatsheet_estimate.py); packed tighter it fits, as the PDF step sets it.
    index = build_index(book.games["john-company"])
    content = sheet_content(index)
    content.blocks = ["turn", "dice", "terms", "icons", "end", "constants"]
    content.terms += [index.terms["order"], index.terms["elephants-march"]]
    assert estimate(content, index, SIZES_PT[-1]).fill > 1.0 > tightest(content, index).fill
    assert min(fills, key=fills.get) == "straits"  # no turn sequence, no dice


def test_sparse_sheets_print_bigger_dense_ones_smallest():
    """The estimate's fit, where the PDF step's verified search starts (and what prints without it)."""
    soup = sheet(RULES_DATA, "straits")
    assert "--rc-fs: 9pt" in soup.select_one(".rc-cheatsheet")["style"]
    soup = sheet(RULES_DATA, "john-company")
    assert "--rc-fs: 7pt" in soup.select_one(".rc-cheatsheet")["style"]


def test_the_pdf_search_starts_where_the_estimate_nears_the_aim():
    """The page carries the estimate's fit for the PDF beside its own (which is what prints without one):
    the largest size the estimate keeps under the aim, in more columns only where the smallest overflows."""
    soup = sheet(RULES_DATA, "straits")
    size, columns = soup.select_one(".rc-cheatsheet")[FIT_START].split()
    assert 12 <= float(size) <= MAX_PT and columns == "3"  # sparse: far bigger than its 9 pt print size
    book = load_rulebook(RULES_DATA)
    index = build_index(book.games["straits"])
    content = sheet_content(index)
    assert estimate(content, index, float(size)).fill <= FILL_AIM < estimate(content, index, float(size) + 0.05).fill
    soup = sheet(RULES_DATA, "john-company")
    # At 7 pt in 3 columns: with the end of the game first, its short units fill the columns' ends better
    # than after the icons (estimate 0.996 of a page; it was 1.01, and the search started in 4 columns).
    assert soup.select_one(".rc-cheatsheet")[FIT_START] == "7 3"


def build_logged(project: Path, strict: bool = True, extra_path: Path | None = None):
    """`mkdocs build` keeping its log (sitekit.build runs with -q, which silences warnings and info)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if extra_path:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(extra_path), os.environ.get("PYTHONPATH")]))
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(project / "mkdocs.yml")]
    cmd += ["--strict"] if strict else []
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=project, timeout=600)


@pytest.mark.site
def test_mkdocs_build_names_the_overfull_game(tmp_path):
    project = make_project(tmp_path / "p", games=("corporate-warfare",), files=project_files(),
                           plugin_extra="cheatsheet_pdf: false")
    result = build_logged(project, strict=False)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "cheatsheet-overflow" in line]
    assert len(lines) == 1 and OVERFULL_TITLE in lines[0] and f"{OVERFULL}/game.yaml" in lines[0], result.stderr
    assert build_logged(project, strict=True).returncode != 0  # the warning fails a strict build


# --- the PDF download ------------------------------------------------------------------------------------


def test_sheet_fragment_and_download_link(tmp_path):
    html = ('<html><body><article><h1>Cheat sheet</h1><div class="rc-block"><div class="rc-cheatsheet x">'
            '<p>a<br>b</p><div><img src="i.png"></div><span class="rc-sheet-pdf" data-rc-pdf-slot=""></span></div>'
            '</div><p>after</p></article></body></html>')
    fragment = sheet_fragment(html)
    assert fragment.startswith('<div class="rc-cheatsheet x">') and fragment.endswith("</span></div>")
    assert "after" not in fragment and sheet_fragment("<p>no sheet</p>") is None
    page_file = tmp_path / "g" / "cheatsheet" / "index.html"
    page_file.parent.mkdir(parents=True)
    page_file.write_text(html, encoding="utf-8")
    pdfs = [("A4", tmp_path / "g" / "cheatsheet.pdf"), ("US Letter", tmp_path / "g" / "cheatsheet-letter.pdf")]
    assert add_download_link(page_file, pdfs)
    soup = BeautifulSoup(page_file.read_text(encoding="utf-8"), "html.parser")
    assert soup.select_one(".rc-sheet-pdf") is None
    assert [(a.get_text(), a["href"]) for a in soup.select("a[download]")] == [
        ("Download PDF (A4)", "../cheatsheet.pdf"), ("Download PDF (US Letter)", "../cheatsheet-letter.pdf")]
    assert not add_download_link(page_file, pdfs)  # the slot is used up


@pytest.mark.site
def test_site_builds_without_weasyprint_and_links_no_pdf(tmp_path):
    blocker = tmp_path / "block"  # an import of weasyprint fails, as when the `pdf` extra is not installed
    (blocker / "weasyprint").mkdir(parents=True)
    (blocker / "weasyprint" / "__init__.py").write_text("raise ImportError('no weasyprint here')\n")
    project = make_project(tmp_path / "p", games=("corporate-warfare",))
    result = build_logged(project, extra_path=blocker)
    assert result.returncode == 0, result.stderr
    assert "WeasyPrint is not installed, so the cheat sheets get no PDF download" in result.stderr
    site = project / "site"
    assert not (site / "corporate-warfare" / "cheatsheet.pdf").exists()
    soup = page(site, "corporate-warfare/cheatsheet/")
    assert soup.select_one(".rc-cheatsheet") is not None and soup.select_one("a[href$='.pdf']") is None


def _weasyprint() -> bool:
    from rulecraft.mkdocs_plugin.pdf import available

    return available()


@pytest.mark.site
@pytest.mark.skipif(not _weasyprint(), reason="WeasyPrint is optional (pip install 'rulecraft[pdf]')")
def test_site_build_writes_and_links_the_pdf(tmp_path):
    project = make_project(tmp_path / "p", games=("corporate-warfare",))
    result = build(project)
    assert result.returncode == 0, result.stderr
    for name in ("cheatsheet.pdf", "cheatsheet-letter.pdf"):
        assert (project / "site" / "corporate-warfare" / name).read_bytes().startswith(b"%PDF")
    links = page(project / "site", "corporate-warfare/cheatsheet/").select("a.rc-sheet-download")
    assert [a["href"] for a in links] == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert all(a.has_attr("download") for a in links)



def test_pdf_of_an_unchanged_sheet_is_reused(tmp_path, monkeypatch):
    """While serving, a rebuild neither fits nor sets an unchanged sheet again (WeasyPrint takes seconds)."""
    import rulecraft.mkdocs_plugin.pdf as pdf
    from rulecraft.mkdocs_plugin.fitting import FitResult, apply_fit
    from rulecraft.models.cheatsheet import Fit

    calls = []

    def fake(fragment, documents, page_file, site, workers=None):
        calls.append((fragment, documents))
        return FitResult(Fit(8, 3), apply_fit(fragment, Fit(8, 3)), {p: (b"%PDF-1.7 x", 1, 0.9) for p in documents}, 0.9, 1)

    monkeypatch.setattr(pdf, "_run_fit", fake)
    site = tmp_path / "site"
    page_file = site / "g" / "cheatsheet" / "index.html"
    page_file.parent.mkdir(parents=True)
    page_file.write_text('<title>T</title><div class="rc-cheatsheet"><p>One</p></div>', encoding="utf-8")
    cache: dict = {}
    for _ in range(2):
        result = pdf.fit_sheet(page_file, site, "assets/rulecraft", cache)
        assert result.pdfs["A4"][1] == 1
    assert len(calls) == 1
    assert "@page { size: A4; }" in calls[0][1]["A4"] and "@page { size: letter; }" in calls[0][1]["letter"]
    page_file.write_text('<title>T</title><div class="rc-cheatsheet"><p>Two</p></div>', encoding="utf-8")
    pdf.fit_sheet(page_file, site, "assets/rulecraft", cache)
    assert len(calls) == 2 and "Two" in calls[-1][0]
