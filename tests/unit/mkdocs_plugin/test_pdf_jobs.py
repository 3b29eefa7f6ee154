"""Cheat-sheet PDFs cached on disk by content (pdf_cache) and scheduled around the build (pdf_jobs)."""

from __future__ import annotations

import logging
import threading

import pytest

import rulecraft.mkdocs_plugin.pdf as pdf
from rulecraft.mkdocs_plugin.pdf_cache import PdfCache, PdfSlot
from rulecraft.mkdocs_plugin.pdf_jobs import PdfJobs

ASSETS = "assets/rulecraft"
LOG = logging.getLogger("test-pdf-jobs")
SLOT = '<span class="rc-sheet-pdf" data-rc-pdf-slot=""></span>'


def digest(n: int) -> str:
    return f"{n:064x}"


def write_site(site, text: str = "One", games=("g",)) -> dict:
    pages = {}
    for game in games:
        page_file = site / game / "cheatsheet" / "index.html"
        page_file.parent.mkdir(parents=True, exist_ok=True)
        page_file.write_text(f'<title>T</title><div class="rc-cheatsheet"><p>{text}</p>{SLOT}</div>', encoding="utf-8")
        pages[game] = page_file
    (site / ASSETS).mkdir(parents=True, exist_ok=True)
    (site / ASSETS / "cheatsheet.css").write_text("p { color: black }", encoding="utf-8")
    return pages


@pytest.fixture
def renders(monkeypatch):
    """Counts WeasyPrint runs (faked: the PDF's bytes name the sheet's text and paper)."""
    calls: list[str] = []

    def render(document, page_file, site_dir):
        calls.append(document)
        text = document.split("<p>")[1].split("</p>")[0]
        return f"%PDF-1.7 {text} {'letter' if 'size: letter' in document else 'A4'}".encode(), 1

    monkeypatch.setattr(pdf, "_render", render)
    monkeypatch.setattr(pdf, "available", lambda: True)
    return calls


def links(page_file) -> list[str]:
    text = page_file.read_text(encoding="utf-8")
    return [part.split('"')[0] for part in text.split('rc-sheet-download" href="')[1:]]


def test_slot_keeps_pdfs_by_hash_and_drops_damaged_ones(tmp_path):
    slot = PdfSlot(tmp_path / "slot")
    assert digest(1) not in slot and slot.latest() is None
    slot[digest(1)] = (b"%PDF-1 a", 1)
    slot[digest(2)] = (b"%PDF-1 b", 2)
    assert slot[digest(2)] == (b"%PDF-1 b", 2) and set(slot) == {digest(1), digest(2)}
    assert slot.latest() == (b"%PDF-1 b", 2)
    (tmp_path / "slot" / f"{digest(2)}-2.pdf").write_bytes(b"<html>half a file")
    assert digest(2) not in slot and not (tmp_path / "slot" / f"{digest(2)}-2.pdf").exists()
    assert slot.latest() == (b"%PDF-1 a", 1)
    slot.clear()
    assert len(slot) == 0
    with pytest.raises(ValueError):
        slot["../../etc"] = (b"%PDF", 1)


def test_cache_of_another_renderer_is_removed(tmp_path):
    (tmp_path / "weasyprint-0.1-old" / "g-A4").mkdir(parents=True)
    cache = PdfCache(tmp_path)
    cache.setdefault("g A4", {})[digest(3)] = (b"%PDF x", 1)
    assert [p.name for p in tmp_path.iterdir()] == [cache.folder.name]


def test_build_reuses_pdfs_of_an_unchanged_sheet_across_builds(tmp_path, renders, monkeypatch):
    cache_dir = tmp_path / "cache"
    site = tmp_path / "site"
    pages = write_site(site)
    written = PdfJobs(PdfCache(cache_dir), LOG).build_now(site, pages, ASSETS)
    assert len(renders) == 2 and [label for label, _ in written["g"]] == ["A4", "US Letter"]
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert (site / "g" / "cheatsheet-letter.pdf").read_bytes() == b"%PDF-1.7 One letter"

    # A new process (`mkdocs build` again): nothing is set again, WeasyPrint is not even imported.
    monkeypatch.setattr(pdf, "available", lambda: pytest.fail("WeasyPrint looked up for cached PDFs"))
    site2 = tmp_path / "site2"
    pages = write_site(site2)
    PdfJobs(PdfCache(cache_dir), LOG).build_now(site2, pages, ASSETS)
    assert len(renders) == 2 and (site2 / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 One A4"
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]

    monkeypatch.setattr(pdf, "available", lambda: True)
    pages = write_site(site2, "Two")  # the sheet changed: set again, the old entry replaced
    PdfJobs(PdfCache(cache_dir), LOG).build_now(site2, pages, ASSETS)
    assert len(renders) == 4 and (site2 / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Two A4"
    assert len(PdfCache(cache_dir).slot("g A4")) == 1


def test_a_sheet_of_two_pages_is_still_reported_when_cached(tmp_path, renders, monkeypatch, caplog):
    monkeypatch.setattr(pdf, "_render", lambda document, page_file, site: (renders.append(1), (b"%PDF-1 x", 2))[1])
    for n in range(2):
        site = tmp_path / f"site{n}"
        PdfJobs(PdfCache(tmp_path / "cache"), LOG).build_now(site, write_site(site), ASSETS)
    assert len(renders) == 2  # the second build only read the cache...
    assert sum("has 2 pages, not one" in r.getMessage() for r in caplog.records) == 4  # ...and still warned


def test_serving_links_the_previous_pdf_until_the_new_one_is_made(tmp_path, renders, monkeypatch):
    release = threading.Event()
    fake = pdf._render

    def slow_render(document, page_file, site_dir):
        assert release.wait(10)
        return fake(document, page_file, site_dir)

    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    site = tmp_path / "site"
    jobs.build_started()
    jobs.build_now(site, write_site(site), ASSETS)  # a sheet made before (the cache has it)
    monkeypatch.setattr(pdf, "_render", slow_render)

    jobs.build_started()  # `mkdocs serve` rebuilds after an edit: the site is written anew
    pages = write_site(site, "Two")
    (site / "g" / "cheatsheet.pdf").unlink()
    jobs.build_later(site, pages, ASSETS)
    # Returned at once: the page links the previous PDFs, which are in the site.
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]
    assert (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 One A4"
    release.set()
    assert jobs.wait(10)
    assert (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Two A4"
    assert (site / "g" / "cheatsheet-letter.pdf").read_bytes() == b"%PDF-1.7 Two letter"
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]


def test_a_job_overtaken_by_a_newer_build_leaves_the_site_alone(tmp_path, renders, monkeypatch):
    started, release = threading.Event(), threading.Event()
    fake = pdf._render

    def slow_render(document, page_file, site_dir):
        started.set()
        assert release.wait(10)
        return fake(document, page_file, site_dir)

    monkeypatch.setattr(pdf, "_render", slow_render)
    jobs = PdfJobs(PdfCache(tmp_path / "cache"), LOG)
    site = tmp_path / "site"
    jobs.build_started()
    pages = write_site(site, "Old")
    jobs.build_later(site, pages, ASSETS)  # no earlier PDF: the page gets its link when it is made
    assert links(pages["g"]) == []
    assert started.wait(10)
    jobs.build_started()  # the next build begins (MkDocs empties the site now)
    release.set()
    assert jobs.wait(10)
    assert not (site / "g" / "cheatsheet.pdf").exists() and links(pages["g"]) == []
    assert len(PdfCache(tmp_path / "cache").slot("g A4")) == 1  # made all the same, for the next build

    pages = write_site(site, "Old")
    jobs.build_later(site, pages, ASSETS)
    assert links(pages["g"]) == ["../cheatsheet.pdf", "../cheatsheet-letter.pdf"]  # from the cache at once
    assert jobs.wait(10) and (site / "g" / "cheatsheet.pdf").read_bytes() == b"%PDF-1.7 Old A4"
