"""The fit search (fitting.fit_here) on a modelled page: few renders, none twice, and every paper's PDF
measured one page and in the band. The model is Letter and A4 with the seed sheets' behaviour: fill grows
about as size² and slowly with spacing, both papers lay the sheet out alike (A4 only taller), and a cliff
(a unit moving to the next column) makes the sheet spill over above a size."""

from __future__ import annotations

import re

import pytest

from rulecraft.mkdocs_plugin import fitting
from rulecraft.render.cheatsheet import FIT_START

SHEET = '<div class="rc-cheatsheet rc-columns-3" style="--rc-fs: 8pt; --rc-space: 1"><p>x</p></div>'
HEIGHT = {"letter": 259.4 * fitting.PX_PER_MM, "A4": 277.0 * fitting.PX_PER_MM}  # printable, 10 mm margins
DOCUMENTS = {"A4": "<style>@page { size: A4; }</style>{fragment}",
             "letter": "<style>@page { size: letter; }</style>{fragment}"}


class _Box:
    def __init__(self, height):
        self.height = height


class _Page:
    def __init__(self, height):
        self._page_box = _Box(height)


class Rendered:
    def __init__(self, document: str, used: float):
        self.paper = re.search(r"size: (\w+)", document).group(1)
        self.document, self.used = document, used
        self.pages = [_Page(HEIGHT[self.paper])]

    def write_pdf(self) -> bytes:
        return self.document.encode()


def modelled(cliff_pt: float | None):
    """render() and measure() of a sheet filling Letter at 0.95 in 10 pt (spacing 1); above ``cliff_pt``
    a unit jumps to the next column and the sheet needs a fifth more height."""
    def used(size: float, spacing: float) -> float:
        share = 0.0095 * size ** 2 + 0.06 * (spacing - 1)
        if cliff_pt is not None and size > cliff_pt + 1e-9:
            share += 0.2
        return share * HEIGHT["letter"]

    return modelled_by(used)


def modelled_by(used):
    """render() and measure() of a sheet taking ``used(size, spacing)`` of Letter's height."""
    renders: list[str] = []

    def render(document: str) -> Rendered:
        renders.append(document)
        size = float(re.search(r"--rc-fs: ([\d.]+)pt", document).group(1))
        spacing = float(re.search(r"--rc-space: ([\d.]+)", document).group(1))
        return Rendered(document, used(size, spacing))

    def measure(rendered: Rendered) -> tuple[int, float]:
        share = rendered.used / HEIGHT[rendered.paper]
        return (1, share) if share <= 1 else (2, 1 + (share - 1))

    return render, measure, renders


@pytest.mark.parametrize("cliff_pt", [None, 9.8])
def test_the_fit_is_found_in_a_few_renders_none_repeated(monkeypatch, cliff_pt):
    render, measure, renders = modelled(cliff_pt)
    monkeypatch.setattr(fitting, "measure", measure)
    result = fitting.fit_here(SHEET, DOCUMENTS, render)
    assert len(renders) == len(set(renders)) == result.attempts  # no layout made twice
    assert len(renders) <= (6 if cliff_pt is None else 9)
    for paper, (data, pages, fill) in result.pdfs.items():
        assert pages == 1 and fill <= fitting.HIGH, paper
        assert data.decode() in renders  # the PDF is of a render that was measured
    assert result.fit.size_pt >= fitting.MIN_PT
    assert result.pdfs["letter"][2] >= (fitting.LOW if cliff_pt is None else 0.9)
    assert result.pdfs["A4"][2] >= fitting.PAPER_FULL
    a4 = result.pdfs["A4"][0].decode()
    assert f"--rc-fs: {result.fit.size_pt:g}pt" in a4 and "rc-columns-3" in a4  # reads as Letter's


def test_a4_is_not_rendered_at_a_fit_known_to_leave_it_short(monkeypatch):
    """Letter at 0.95 puts A4 at 0.89 in the same layout: A4 is spaced wider at once."""
    render, measure, renders = modelled(None)
    monkeypatch.setattr(fitting, "measure", measure)
    result = fitting.fit_here(SHEET, DOCUMENTS, render)
    shared = f"--rc-fs: {result.fit.size_pt:g}pt; --rc-space: {result.fit.spacing:g}\""
    assert result.pdfs["letter"][2] * HEIGHT["letter"] / HEIGHT["A4"] < fitting.PAPER_FULL
    assert not [d for d in renders if "size: A4" in d and shared in d]
    # The page carries the spacing A4's PDF was given, so Chromium prints A4 as the PDF shows it.
    a4_spacing = result.paper_spacing["A4"]
    assert a4_spacing > result.fit.spacing
    assert f"--rc-space: {result.fit.spacing:g}; --rc-space-a4: {a4_spacing:g}\"" in result.fragment
    assert f"--rc-space: {a4_spacing:g}\"" in result.pdfs["A4"][0].decode()
    assert fitting.read_fit(result.fragment) == result.fit  # the shared fit still reads back


def test_a_fit_keeps_each_papers_spacing_across_the_cache(tmp_path):
    from rulecraft.models.cheatsheet import Fit

    result = fitting.FitResult(Fit(9, 3, 1.0), "<div></div>", {"A4": (b"%PDF a4", 1, 0.91)}, 0.93, 4,
                               paper_spacing={"A4": 1.7})
    again = fitting.FitResult.from_json(result.to_json(tmp_path), tmp_path)
    assert again.paper_spacing == {"A4": 1.7}
    older = result.to_json(tmp_path)
    del older["paper_spacing"]  # an entry written before papers had their own spacing
    assert fitting.FitResult.from_json(older, tmp_path).paper_spacing == {}


def test_catalog_items_may_be_left_out_and_are_named():
    fragment = ('<div class="rc-cheatsheet"><div class="rc-sheet-unit rc-sheet-item" id="sheet-item-monastery">'
                '<p><strong>Monastery</strong> — 3 Food · needs Chapel</p></div>'
                '<div class="rc-sheet-unit" id="sheet-dice-weather"><p>Weather</p></div></div>')
    units = fitting._units(fragment)
    assert [u[0] for u in units] == ["item", "dice"]  # items go before dice tables
    assert units[0][2] == "catalog item 'Monastery'"
    assert "Monastery" not in fitting.drop(fragment, "sheet-item-monastery")


def test_a_sheet_too_short_to_fill_the_page_ends_its_search(monkeypatch):
    """A few lines of rules: under-filled even in the largest type, and spread past a spacing they spill over
    (a long unit jumps a column). Spreading, stepping back and spreading again came back to the same two
    fits, which are measured once each, so the render count never grew and the build hung."""
    import signal

    def used(size: float, spacing: float) -> float:
        return (0.3 if spacing <= 2.2 else 1.2) * HEIGHT["letter"]

    render, measure, renders = modelled_by(used)

    def hung(signum, frame):
        raise TimeoutError("the fit search did not end")

    monkeypatch.setattr(fitting, "measure", measure)
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        result = fitting.fit_here(SHEET, DOCUMENTS, render)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert result.pdfs["letter"][1] == 1  # the best one-page render is kept
    assert len(renders) <= fitting.MAX_RENDERS + fitting.MAX_TUNES + fitting.PAPER_TUNES


def test_the_search_starts_at_the_estimates_pdf_fit_and_the_page_keeps_none_of_it(monkeypatch):
    """The renderer writes where the search starts (render.cheatsheet.FIT_START) beside the page's own fit;
    the first render is there, and the verified fit written back carries no start."""
    render, measure, renders = modelled(None)
    monkeypatch.setattr(fitting, "measure", measure)
    sheet = SHEET.replace('style="', f'{FIT_START}="9.8 3" style="')
    assert fitting.read_fit(sheet) == fitting.Fit(9.8, 3)
    assert fitting.read_fit(SHEET) == fitting.Fit(8.0, 3)  # no start: the page's own fit
    result = fitting.fit_here(sheet, DOCUMENTS, render)
    assert "--rc-fs: 9.8pt" in renders[0]
    assert FIT_START not in result.fragment and FIT_START not in renders[0]


def fit_up_to_a_cliff(monkeypatch, start_pt: float, cliff_pt: float, jump: float, share_at):
    """fit_here on a sheet filling ``share_at(size)`` of Letter (+0.06 a unit of spacing), and ``jump`` more
    above ``cliff_pt`` (a unit moving to the next column); the result, and the size search's renders."""
    def used(size: float, spacing: float) -> float:
        share = share_at(size) + 0.06 * (spacing - 1) + (jump if size > cliff_pt + 1e-9 else 0.0)
        return share * HEIGHT["letter"]

    render, measure, renders = modelled_by(used)
    monkeypatch.setattr(fitting, "measure", measure)
    result = fitting.fit_here(SHEET.replace("8pt", f"{start_pt:g}pt"), DOCUMENTS, render)
    return result, [d for d in renders if "size: letter" in d and "--rc-space: 1\"" in d]


def test_a_cliff_is_found_from_a_spill_far_over_the_page(monkeypatch):
    """A sheet at 0.86 whose next units jump a column just above 9.8 pt (as Asean 2090's does): the first
    step overshoots to a size that spills far over (1.08 pages). The spill's own fill places the next try
    near the cliff; reading it as a page just full crept down on it in 0.1 pt steps (six size renders)."""
    result, size_search = fit_up_to_a_cliff(monkeypatch, 9.65, 9.8, 0.15, lambda size: 0.0092 * size ** 2)
    assert len(size_search) <= 4
    assert result.fit.size_pt == 9.8  # the largest size under the cliff


def test_the_search_bisects_once_the_line_misses_twice_on_one_side(monkeypatch):
    """Fill that bends (0.80 at 9 pt, growing as size^1.8) up to a cliff far over the page (1.6 pages more
    above 9.6 pt): the line to the spill lands short every time, creeping up in 0.05 pt steps (12 size
    renders, ending at 9.55 pt). After two tries on one side the search bisects instead."""
    result, size_search = fit_up_to_a_cliff(monkeypatch, 9, 9.6, 1.6, lambda size: 0.80 * (size / 9.0) ** 1.8)
    assert len(size_search) <= 8
    assert result.fit.size_pt == 9.6


def _columns(document: str) -> int:
    return int(re.search(r"rc-columns-(\d)", document).group(1))


def _size(document: str) -> float:
    return float(re.search(r"--rc-fs: ([\d.]+)pt", document).group(1))


def wide_table_model(monkeypatch, fill_factor: float = 0.0095, used=None):
    """A sheet of a table whose words need 30 px a point of type across, in a body 718 px wide (190 mm)
    with a 12 px gap: it spills out of 3 columns above 7.7 pt and out of 2 above 11.7 pt. Fill grows as
    ``fill_factor`` × size², and by a third in 2 columns; or ``used(document)`` says the share of Letter."""
    def share(document: str) -> float:
        return used(document) if used else fill_factor * _size(document) ** 2 * 3 / (_columns(document) + 1) * 4 / 3

    renders: list[str] = []

    def render(document: str) -> Rendered:
        renders.append(document)
        return Rendered(document, share(document) * HEIGHT["letter"])

    def spill(rendered: Rendered) -> tuple[float, float]:
        count = _columns(rendered.document)
        width = (718 - (count - 1) * 12) / count
        return max(0.0, 30 * _size(rendered.document) - width), width

    def measure(rendered: Rendered) -> tuple[int, float]:
        share = rendered.used / HEIGHT[rendered.paper]
        return (1, share) if share <= 1 else (2, share)

    monkeypatch.setattr(fitting, "measure", measure)
    monkeypatch.setattr(fitting, "spill", spill)
    return render, spill, renders


def test_a_table_too_wide_for_its_column_gets_fewer_wider_columns(monkeypatch):
    """The Slovenian Tarok import's six-column contracts table printed its last column over the next
    column's table: no render where something reaches past its column is the fit; where type small enough
    for the table would leave the page half empty (0.56 here), the sheet gets fewer columns instead."""
    render, spill, renders = wide_table_model(monkeypatch)
    result = fitting.fit_here(SHEET, DOCUMENTS, render)
    assert result.fit.columns == 2
    assert "rc-columns-2" in result.fragment
    for paper, (data, pages, fill) in result.pdfs.items():
        assert pages == 1 and fill <= fitting.HIGH, paper
        assert spill(Rendered(data.decode(), 0))[0] <= fitting.SPILL_PX, paper
    assert result.pdfs["letter"][2] >= fitting.LOW
    assert len(renders) == len(set(renders)) == result.attempts


def test_a_table_a_little_too_wide_on_a_full_page_gets_smaller_type(monkeypatch):
    """Spilling by 4 % on a page 0.93 full: type small enough for the table still fills the page to 0.86,
    so the sheet keeps its three columns in type a little smaller."""
    render, spill, renders = wide_table_model(monkeypatch, fill_factor=0.0145)
    result = fitting.fit_here(SHEET, DOCUMENTS, render)
    assert result.fit.columns == 3
    assert result.fit.size_pt <= 7.7
    for paper, (data, pages, _fill) in result.pdfs.items():
        assert pages == 1, paper
        assert spill(Rendered(data.decode(), 0))[0] <= fitting.SPILL_PX, paper
    assert len(renders) == len(set(renders)) == result.attempts


def test_one_column_is_never_too_wide_so_the_search_ends(monkeypatch):
    """A table wider than the whole body at any size: nothing fewer columns can do; the search still ends
    with a one-page sheet."""
    render, _, renders = wide_table_model(monkeypatch)
    monkeypatch.setattr(fitting, "spill", lambda rendered: (500.0, 200.0))
    result = fitting.fit_here(SHEET, DOCUMENTS, render)
    assert result.fit.columns == 1
    assert result.pdfs["letter"][1] == 1
    assert len(renders) <= fitting.MAX_RENDERS + fitting.MAX_TUNES + fitting.PAPER_TUNES


def test_a_long_sheet_that_spills_out_of_four_columns_is_packed_in_three(monkeypatch):
    """Overflowing in 3 columns at 7 pt, the search tries 4, where a table 30 px a point wide spills; back in
    3 it must go on (tighter spacing, then leaving terms out), not stop at the 3-column fit it had tried: that
    wrote a two-page PDF with nothing left out (the review's case)."""
    units = "".join(f'<div class="rc-sheet-term" id="sheet-term-t{i}"><dt>Term {i}</dt></div>' for i in range(20))
    sheet = f'<div class="rc-cheatsheet rc-columns-3" style="--rc-fs: 8pt; --rc-space: 1">{units}<p>x</p></div>'

    def used(document: str) -> float:
        spacing = float(re.search(r"--rc-space: ([\d.]+)", document).group(1))
        terms = document.count('id="sheet-term-')
        return (0.2 + 0.0016 * terms * _size(document) ** 2) * 3 / _columns(document) + 0.06 * (spacing - 1)

    render, spill, renders = wide_table_model(monkeypatch, used=used)
    result = fitting.fit_here(sheet, DOCUMENTS, render)
    assert any(_columns(d) == 4 for d in renders)  # it did try four
    assert result.fit.columns == 3
    assert result.dropped  # terms left out, named
    for paper, (data, pages, fill) in result.pdfs.items():
        assert pages == 1 and fill <= fitting.HIGH, paper
        assert spill(Rendered(data.decode(), 0))[0] <= fitting.SPILL_PX, paper
    assert len(renders) == len(set(renders)) == result.attempts
