"""Cheat-sheet fits cached on disk by content (pdf_cache) and scheduled around the build (pdf_jobs)."""

from __future__ import annotations

import json
import logging
import threading
from types import SimpleNamespace

import pytest

import rulecraft.mkdocs_plugin.pdf as pdf
import rulecraft.mkdocs_plugin.pdf_cache as pdf_cache
from rulecraft.mkdocs_plugin.fitting import FitResult, apply_fit, drop
from rulecraft.mkdocs_plugin.pdf_cache import PdfCache, PdfSlot
from rulecraft.mkdocs_plugin.pdf_jobs import PdfJobs
from rulecraft.models.cheatsheet import Fit

ASSETS = "assets/rulecraft"
LOG = logging.getLogger("test-pdf-jobs")
SLOT = '<span class="rc-sheet-pdf" data-rc-pdf-slot=""></span>'


def digest(n: int) -> str:
    return f"{n:064x}"


def result(text: str, pages: int = 1, dropped=(), fragment: str | None = None) -> FitResult:
    """What the fit of a sheet reading ``text`` gives (faked): the PDFs' bytes name the text and paper,
    the verified fragment is the sheet with the fit applied and the units left out, as a real fit's."""
    fragment = fragment or f'<div class="rc-cheatsheet"><p>{text}</p></div>'
    for unit in dropped:
        fragment = drop(fragment, f"sheet-term-{unit}")
    fragment = apply_fit(fragment, Fit(9, 3))
    pdfs = {paper: (f"%PDF-1.7 {text} {paper}".encode(), pages, 0.9) for paper in ("A4", "letter")}
    return FitResult(Fit(9, 3), fragment, pdfs, 0.9, 3, [f"sheet-term-{d}" for d in dropped],
                     [f"key term '{d}'" for d in dropped])


def write_site(site, text: str = "One", games=("g",)) -> dict:
    pages = {}
    for game in games:
        page_file = site / game / "cheatsheet" / "index.html"
        page_file.parent.mkdir(parents=True, exist_ok=True)
        page_file.write_text(f'<title>T</title><div class="rc-cheatsheet"><p>{text}</p>'
                             f'<ul><li id="sheet-term-Cover">Cover</li></ul>{SLOT}</div>', encoding="utf-8")
        pages[game] = page_file
    (site / ASSETS).mkdir(parents=True, exist_ok=True)
    (site / ASSETS / "cheatsheet.css").write_text("p { color: black }", encoding="utf-8")
    return pages


class FakeFit:
    """Stands in for the fit loop's child process (pdf._run_fit), counting the sheets it fits."""

    def __init__(self):
        self.calls: list[str] = []
        self.workers: list = []  # the FitWorkers each fit ran on
        self.pages = 1
        self.dropped: tuple[str, ...] = ()
        self.gate: threading.Event | None = None  # when set: every fit waits for it
        self.started = threading.Event()

    def __call__(self, fragment, documents, page_file, site_dir, workers=None):
        assert "@page { size: A4; }" in documents["A4"] and "@page { size: letter; }" in documents["letter"]
        self.started.set()
        if self.gate is not None:
            assert self.gate.wait(10)
        text = fragment.split("<p>")[1].split("</p>")[0]
        self.calls.append(text)
        self.workers.append(workers)
        return result(text, self.pages, self.dropped, fragment)


@pytest.fixture
def fits(monkeypatch):
    fake = FakeFit()
    monkeypatch.setattr(pdf, "_run_fit", fake)
    monkeypatch.setattr(pdf, "available", lambda: True)
    return fake


def links(page_file) -> list[str]:
    text = page_file.read_text(encoding="utf-8")
    return [part.split('"')[0] for part in text.split('rc-sheet-download" href="')[1:]]


def fitted(page_file) -> str | None:
    """The text whose verified fit the page carries (update_page), or None (the page's own estimate)."""
    text = page_file.read_text(encoding="utf-8")
    return text.split("<p>")[1].split("</p>")[0] if Fit(9, 3).style in text else None


def test_slot_keeps_results_by_hash_and_drops_damaged_ones(tmp_path):
    folder = tmp_path / "slot"
    slot = PdfSlot(folder)
    assert digest(1) not in slot and slot.latest() is None
    slot[digest(1)] = result("a")
    slot[digest(2)] = result("b", pages=2)
    (folder / ".new-half").mkdir()  # a writer still at work (or one that died): not an entry
    assert set(slot) == {digest(1), digest(2)}
    got = slot[digest(2)]
    assert got.pdfs["letter"] == (b"%PDF-1.7 b letter", 2, 0.9) and got.fit == Fit(9, 3)
    assert got.fragment == result("b").fragment and got.made_from('<div class="rc-cheatsheet"><p>b</p></div>')
    assert slot.latest().pdfs["A4"][0] == b"%PDF-1.7 b A4"

    (folder / digest(2) / "result.json").write_text('{"fit": [9, 3', encoding="utf-8")  # cut short
    assert digest(2) not in slot and not (folder / digest(2)).exists()
    assert slot.latest().pdfs["A4"][0] == b"%PDF-1.7 a A4"
    pdf_name = json.loads((folder / digest(1) / "result.json").read_text())["pdfs"]["A4"][0]
    (folder / digest(1) / pdf_name).write_bytes(b"<html>not a PDF")
    assert slot.get(digest(1)) is None and not (folder / digest(1)).exists() and slot.latest() is None

    slot[digest(3)] = result("c")
    slot[digest(3)] = result("d")  # the same input written again: replaced whole
    assert slot[digest(3)].pdfs["A4"][0] == b"%PDF-1.7 d A4" and len(slot) == 1
    slot.clear()
    assert len(slot) == 0
    with pytest.raises(ValueError):
        slot["../../etc"] = result("x")


def test_cache_of_another_renderer_is_removed(tmp_path):
    (tmp_path / "weasyprint-0.1-old" / "g").mkdir(parents=True)
    cache = PdfCache(tmp_path)
    cache.setdefault("g", {})[digest(3)] = result("x")
    assert [p.name for p in tmp_path.iterdir()] == [cache.folder.name]


def test_renderer_tag_follows_the_fitting_code(tmp_path, monkeypatch):
    code = []
    for name in ("pdf.py", "fitting.py", "emoji.py"):
        (tmp_path / name).write_text(f"# {name}", encoding="utf-8")
        code.append(tmp_path / name)
    monkeypatch.setattr(pdf_cache, "RENDERER_CODE", tuple(code))
    before = pdf_cache.renderer_tag()
    (tmp_path / "fitting.py").write_text("# fitting.py, changed", encoding="utf-8")
    assert pdf_cache.renderer_tag() != before
    assert {p.name for p in pdf_cache.RENDERER_CODE} >= {"pdf.py", "fitting.py"}


def test_build_reuses_the_fit_of_an_unchanged_sheet_across_builds(tmp_path, fits, monkeypatch):
    cache_dir = tmp_path / "cache"
    site = tmp_path / "site"
    pages = write_site(site)
    written = PdfJobs(PdfCache(cache_dir), LOG).build_now(site, pages, ASSETS)
    assert fits.calls == ["One"] and [label for label, _ in written["g"]] == ["A4", "US Letter"]
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert fitted(pages["g"]) == "One"
    assert (site / "g" / "cheatsheet-letter.pdf").read_bytes() == b"%PDF-1.7 One letter"

    # A new process (`mkdocs build` again): nothing is fitted, WeasyPrint is not even looked up,
    # and the page is written exactly as after a fit.
    monkeypatch.setattr(pdf, "available", lambda: pytest.fail("WeasyPrint looked up for a cached fit"))
    site2 = tmp_path / "site2"
    pages = write_site(site2)
    written = PdfJobs(PdfCache(cache_dir), LOG).build_now(site2, pages, ASSETS)
    assert fits.calls == ["One"] and (site2 / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 One A4"
    assert [label for label, _ in written["g"]] == ["A4", "US Letter"]
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert fitted(pages["g"]) == "One"

    monkeypatch.setattr(pdf, "available", lambda: True)
    pages = write_site(site2, "Two")  # the sheet changed: fitted again, the old entry replaced
    PdfJobs(PdfCache(cache_dir), LOG).build_now(site2, pages, ASSETS)
    assert fits.calls == ["One", "Two"] and (site2 / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Two A4"
    assert fitted(pages["g"]) == "Two"
    assert len(PdfCache(cache_dir).slot("g")) == 1


def test_in_memory_cache_works_too(tmp_path, fits):
    jobs = PdfJobs({}, LOG)
    for n in range(2):
        site = tmp_path / f"site{n}"
        pages = write_site(site)
        jobs.build_now(site, pages, ASSETS)
        assert fitted(pages["g"]) == "One" and links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert fits.calls == ["One"]


def test_a_sheet_of_two_pages_or_with_units_left_out_is_still_reported_when_cached(tmp_path, fits, caplog):
    fits.pages, fits.dropped = 2, ("Cover",)
    for n in range(2):
        site = tmp_path / f"site{n}"
        PdfJobs(PdfCache(tmp_path / "cache"), LOG).build_now(site, write_site(site), ASSETS)
    assert fits.calls == ["One"]  # the second build only read the cache...
    messages = [r.getMessage() for r in caplog.records]
    assert sum("has 2 pages, not one" in m for m in messages) == 4  # ...and still warned
    assert sum("it leaves out: key term 'Cover'" in m for m in messages) == 2


def test_serving_links_the_previous_pdf_until_the_new_one_is_made(tmp_path, fits):
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    site = tmp_path / "site"
    jobs.build_started()
    jobs.build_now(site, write_site(site), ASSETS)  # a sheet fitted before (the cache has it)
    fits.gate = threading.Event()

    jobs.build_started()  # `mkdocs serve` rebuilds after an edit: the site is written anew
    pages = write_site(site, "Two")
    (site / "g" / "cheatsheet.pdf").unlink()
    jobs.build_later(site, pages, ASSETS)
    # Returned at once: the page links the previous PDFs, which are in the site; the old fit is not
    # applied to the changed sheet.
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 One A4"
    assert fitted(pages["g"]) is None
    fits.gate.set()
    assert jobs.wait(10)
    assert (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Two A4"
    assert (site / "g" / "cheatsheet-letter.pdf").read_bytes() == b"%PDF-1.7 Two letter"
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert fitted(pages["g"]) == "Two"  # the served page now prints as the PDF

    jobs.build_started()  # a rebuild that leaves the sheet alone: written from the cache at once
    pages = write_site(site, "Two")
    jobs.build_later(site, pages, ASSETS)
    assert jobs.worker is None and fitted(pages["g"]) == "Two" and fits.calls == ["One", "Two"]


def test_a_job_overtaken_by_a_newer_build_leaves_the_site_alone(tmp_path, fits):
    fits.gate = threading.Event()
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    site = tmp_path / "site"
    jobs.build_started()
    pages = write_site(site, "Old")
    jobs.build_later(site, pages, ASSETS)  # no earlier PDF: the page gets its link when it is made
    assert links(pages["g"]) == []
    assert fits.started.wait(10)
    jobs.build_started()  # the next build begins (MkDocs empties the site now)
    fits.gate.set()
    assert jobs.wait(10)
    assert not (site / "g" / "cheatsheet.pdf").exists() and links(pages["g"]) == []
    assert fitted(pages["g"]) is None
    assert len(PdfCache(tmp_path / "cache").slot("g")) == 1  # made all the same, for the next build

    pages = write_site(site, "Old")
    jobs.build_later(site, pages, ASSETS)
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]  # from the cache at once
    assert fitted(pages["g"]) == "Old" and (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Old A4"
    assert jobs.wait(10) and fits.calls == ["Old"]


def test_sheets_fitted_while_the_site_is_written_are_waited_for_not_fitted_again(tmp_path, fits):
    site = tmp_path / "site"
    pages = write_site(site, games=("g", "h"))
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    for game_id, page_file in pages.items():  # on_post_page: the page's final HTML, before it is written
        jobs.start(site, game_id, page_file, page_file.read_text(encoding="utf-8"), ASSETS, len(pages))
    assert set(jobs.started) == {"g", "h"}
    # h's page was changed after its fit began: the PDFs must be of the page as written, so it is fitted again
    pages["h"].write_text(pages["h"].read_text(encoding="utf-8").replace("One", "Two"), encoding="utf-8")
    written = jobs.build_now(site, pages, ASSETS)
    assert sorted(fits.calls) == ["One", "One", "Two"]
    assert len({id(w) for w in fits.workers}) == 1  # fitted again on the same children, none started anew
    assert fitted(pages["g"]) == "One" and fitted(pages["h"]) == "Two" and set(written) == {"g", "h"}
    assert jobs.workers is None and jobs.started == {}  # children ended with the build

    # The next build: both sheets are cached, so nothing is started while the site is written.
    site2 = tmp_path / "site2"
    pages = write_site(site2, games=("g",))
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    jobs.start(site2, "g", pages["g"], pages["g"].read_text(encoding="utf-8"), ASSETS, 1)
    assert jobs.workers is None and jobs.started == {}
    jobs.build_now(site2, pages, ASSETS)
    assert len(fits.calls) == 3 and fitted(pages["g"]) == "One"


def test_a_cold_build_starts_the_children_before_the_pages_unless_weasyprint_is_not_installed(tmp_path, monkeypatch,
                                                                                                 caplog):
    import rulecraft.mkdocs_plugin.pdf_jobs as pdf_jobs

    spawned = []
    monkeypatch.setattr(pdf_jobs, "start_workers", lambda jobs, spawn=False, time_limit=None: spawned.append((jobs, spawn)) or "w")
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    jobs.prepare(["g", "h"])  # never fitted: the fits are certain, the children start now
    assert spawned == [(2, True)] and jobs.workers == "w"

    cached = PdfCache(tmp_path / "cache")
    cached.slot("g")[digest(1)] = result("x")
    cached.slot("h")[digest(2)] = result("y")
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    jobs.prepare(["g", "h"])  # fitted before: the children wait for a sheet that misses (start)
    assert jobs.workers is None

    monkeypatch.setattr(pdf_jobs, "installed", lambda: False)
    monkeypatch.setattr(pdf, "installed", lambda: False)
    jobs = PdfJobs(PdfCache(tmp_path / "other"), LOG)
    jobs.prepare(["g"])
    site = tmp_path / "site"
    pages = write_site(site)
    jobs.start(site, "g", pages["g"], pages["g"].read_text(encoding="utf-8"), ASSETS, 1)
    assert jobs.workers is None and spawned == [(2, True)]  # no child started to find WeasyPrint missing
    with caplog.at_level(logging.INFO):
        assert jobs.build_now(site, pages, ASSETS) == {}
    assert "WeasyPrint is not installed" in caplog.text and links(pages["g"]) == []


def test_a_variant_sheet_and_a_game_named_like_its_folder_keep_their_own_cache_slots(tmp_path, fits):
    cache = PdfCache(tmp_path / "cache")
    keys = ("isle/cheatsheet-long-game", "isle-cheatsheet-long-game", "isle.x", "isle%2Ex")
    assert len({cache.slot(key).folder for key in keys}) == len(keys)
    assert all(cache.slot(key).folder.parent == cache.folder for key in keys + ("..", "."))
    for n in range(2):  # the second build finds both sheets: neither pushed the other out of a shared slot
        site = tmp_path / f"site{n}"
        pages = write_site(site, games=keys[:2])
        for key, page_file in pages.items():
            page_file.write_text(page_file.read_text(encoding="utf-8").replace("One", key), encoding="utf-8")
        PdfJobs(cache, LOG).build_now(site, pages, ASSETS)
        assert [fitted(pages[key]) for key in keys[:2]] == list(keys[:2])
    assert sorted(fits.calls) == sorted(keys[:2])


def test_warnings_name_the_sheet_as_a_person_would(tmp_path, fits, caplog, monkeypatch):
    fits.pages, fits.dropped = 2, ("Cover",)
    names = {"isle": "Isle of Fame cheat sheet", "isle/cheatsheet-long-game": "Isle of Fame, Long game cheat sheet"}
    site = tmp_path / "site"
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    with caplog.at_level(logging.DEBUG, logger=LOG.name):
        jobs.build_now(site, write_site(site, games=tuple(names)), ASSETS, names)
    messages = [r.getMessage() for r in caplog.records]
    assert "rulecraft: the A4 PDF of the Isle of Fame, Long game cheat sheet has 2 pages, not one: choose less " \
           "in the cheatsheet: block of its game.yaml" in messages
    assert any(m.startswith("rulecraft: the Isle of Fame cheat sheet does not fit one page") for m in messages)
    assert any(m.startswith("rulecraft: Isle of Fame, Long game cheat sheet: 9 pt, 3 columns") for m in messages)
    assert not [m for m in messages if "isle/" in m or "'isle'" in m]

    caplog.clear()  # a sheet that cannot be made, while serving: the background job names it too
    monkeypatch.setattr(pdf, "_run_fit", lambda *args: (_ for _ in ()).throw(RuntimeError("no fonts")))
    site = tmp_path / "served"
    jobs.build_started()
    jobs.build_later(site, write_site(site, "Two", games=tuple(names)), ASSETS, names)
    assert jobs.wait(10)
    messages = [r.getMessage() for r in caplog.records]
    assert "rulecraft: could not write the PDFs of the Isle of Fame, Long game cheat sheet: no fonts" in messages


class _Workers:
    def __init__(self):
        self.closed = []

    def close(self, abort=False):
        self.closed.append(abort)


def test_an_interrupted_build_kills_the_children_instead_of_waiting(monkeypatch, tmp_path):
    jobs = PdfJobs({}, LOG)
    jobs.workers = workers = _Workers()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(jobs, "_fit", interrupted)
    with pytest.raises(KeyboardInterrupt):
        jobs.build_now(tmp_path, write_site(tmp_path), ASSETS)
    assert workers.closed == [True] and jobs.workers is None


def test_stop_ends_the_running_background_job_and_drops_the_pending_one(tmp_path):
    jobs = PdfJobs({}, LOG)
    jobs.running = running = _Workers()
    pending = tmp_path / "copy"
    pending.mkdir()
    jobs.pending = SimpleNamespace(copy_dir=pending)
    before = jobs.generation
    jobs.stop()
    assert running.closed == [True] and jobs.pending is None and not pending.exists()
    assert jobs.generation == before + 1  # the running job no longer writes into the site


def test_a_failed_build_ends_its_fits_and_thaws_the_collector():
    """on_build_error does both (a second definition of the hook once hid the first)."""
    import gc

    from rulecraft.mkdocs_plugin.plugin import RulecraftPlugin

    plugin = RulecraftPlugin()
    plugin.pdf_jobs = jobs = PdfJobs({}, LOG)
    jobs.workers = workers = _Workers()
    gc.freeze()
    try:
        plugin.on_build_error(error=RuntimeError("a page failed"))
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
    assert workers.closed == [True] and jobs.workers is None
