"""When the cheat-sheet PDFs are made: during `mkdocs build`, after the reload under `mkdocs serve`.

Fitting a sheet takes WeasyPrint several renders. Both ways first look every game up in the cache
(``pdf_cache``) with ``pdf.fit_sheet`` itself, given a cache that ends it on a miss: a game whose sheet
did not change is written from its cached fit (PDFs, the fit written into the page, links, warnings:
``pdf.write_outcome``, exactly as when it was fitted) without WeasyPrint even being imported.
`mkdocs build` fits the rest and waits for them; it starts each sheet's fit as soon as that page's
HTML is final (``start``, called from the plugin's on_post_page), so the sheets are fitted while
MkDocs writes the rest of the site, and at the end waits only for what is left (a fit whose page
changed after all is made again). `mkdocs serve` must not wait: the browser reloads only when the
build returns. So for the games that missed, a served build

1. copies what the PDFs are made from (the built cheat-sheet pages and Rulecraft's two
   stylesheets) aside, because the next rebuild empties the site folder;
2. puts each such game's last PDFs (the cache's latest entry) into the fresh site and links them at
   once — the download button never points at a missing file (the page keeps its estimated fit: the
   old fit need not suit the changed sheet);
3. lets one background thread fit those sheets from that copy and, if no newer build has started,
   writes them into the site (PDFs renamed into place, the fit into the page).

A newer build supersedes a job that has not started; a running one finishes (its results land in
the cache, where the newer build finds them) but no longer touches the site.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from ..atomicfile import write_atomic
from .pdf import (
    PAPERS,
    STYLESHEETS,
    add_download_link,
    fit_sheet,
    fit_sheets,
    installed,
    sheet_input,
    sheet_name,
    start_workers,
    submit_fit,
    write_outcome,
)
from .pdf_cache import PdfCache
from .pdf_workers import TIME_LIMIT


class _Miss(Exception):
    """The cache has no fit for this sheet: raised by _HitsOnly so that the cache lookup stops before fitting."""


class _HitsOnly:
    """A game's cache slot that ends ``fit_sheet`` (raises _Miss) instead of letting it fit."""

    def __init__(self, slot):
        self.slot = slot

    def get(self, digest, default=None):
        found = self.slot.get(digest)
        if found is None:
            raise _Miss(digest)
        return found


@dataclass
class _Job:
    generation: int
    site_dir: Path
    pages: dict[str, Path]  # game id -> built cheat-sheet page in the site
    copy_dir: Path  # what the PDFs are made from, copied out of the site
    copy_pages: dict[str, Path]
    asset_dir: str
    names: dict[str, str] | None  # game id -> the sheet's name in log lines


class PdfJobs:
    def __init__(self, cache: PdfCache | dict, log: logging.Logger, time_limit: float | None = TIME_LIMIT):
        self.cache = cache  # {game id: {digest: FitResult}}, on disk (PdfCache) or in memory
        self.log = log
        self.time_limit = time_limit  # seconds one sheet's fit may take (pdf_workers)
        self.lock = threading.Lock()
        self.generation = 0  # bumped by every build that starts
        self.pending: _Job | None = None
        self.worker: threading.Thread | None = None
        self.started: dict[str, tuple] = {}  # game id -> (input hash, future): fits begun during a build
        self.workers = None  # their child processes (pdf_workers.FitWorkers)
        self.running = None  # the children of the background job fitting now (serve), for stop()

    def set_time_limit(self, seconds: float | None) -> None:
        """The limit of every fit from now on, children already running included (serving: mkdocs.yml's
        pdf_timeout may have changed since they started)."""
        self.time_limit = seconds
        if self.workers is not None:
            self.workers.time_limit = seconds

    # --- `mkdocs build` ------------------------------------------------------------------------------
    def prepare(self, sheets: list[str]) -> None:
        """Before any page is rendered: when a sheet has never been fitted (its cache slot is empty, as
        in a first or cold build), its fit is certain, so the children are started now and import
        WeasyPrint while MkDocs renders the pages. Otherwise they start at the first miss (``start``)."""
        if self.workers is None and installed() and any(len(self._slot(key)) == 0 for key in sheets):
            self.workers = start_workers(len(sheets), spawn=True, time_limit=self.time_limit)

    def start(self, site_dir: Path, game_id: str, page_file: Path, page_html: str, asset_dir: str,
              sheets: int, name: str | None = None) -> None:
        """Begin fitting one sheet from its page's final HTML (about to be written to ``page_file``)
        unless the cache has it; ``sheets``: how many the build has (workers to start). Any error
        is left to ``build_now``, which reports it properly."""
        try:
            sheet = sheet_input(page_html, page_file, site_dir, asset_dir)
            if self._slot(game_id).get(sheet.digest) is not None or not installed():
                return
            if self.workers is None:
                self.workers = start_workers(sheets, time_limit=self.time_limit)
            self.started[game_id] = (sheet.digest, submit_fit(self.workers, sheet, page_file, site_dir))
            self.log.debug(f"rulecraft: fitting the {name or sheet_name(None, game_id)} while the site is written")
        except Exception as exc:
            self.log.debug(f"rulecraft: the {name or sheet_name(None, game_id)} is fitted after the build: {exc}")

    def build_now(self, site_dir: Path, pages: dict[str, Path], asset_dir: str,
                  names: dict[str, str] | None = None) -> dict[str, list]:
        """Make every sheet's PDFs; returns {game id: [(paper label, PDF file)]} of those written.
        ``names``: {game id: the sheet's name}, how warnings name it (``pdf.sheet_name``)."""
        try:
            outcomes = self._fit(site_dir, pages, asset_dir, self.started, self.workers, names)
        except BaseException:  # Ctrl-C while waiting for the fits: the children end now, not after them
            self.abandon()
            raise
        workers, self.workers, self.started = self.workers, None, {}
        if workers is not None:
            workers.close()
        return self._write(site_dir, pages, outcomes, names)

    def abandon(self) -> None:
        """The build failed or was interrupted: fits not begun are dropped, the children killed (a sheet
        fitted for a site that is not written is wasted; Ctrl-C must not wait for it)."""
        workers, started, self.workers, self.started = self.workers, self.started, None, {}
        for _digest, future in started.values():
            future.cancel()
        if workers is not None:
            workers.close(abort=True)

    def stop(self) -> None:
        """`mkdocs serve` is shutting down: no job writes into the site any more, a running one's children
        are killed, and the build's own are ended (``abandon``)."""
        with self.lock:
            self.generation += 1
            pending, self.pending = self.pending, None
            running = self.running
        if pending is not None:
            shutil.rmtree(pending.copy_dir, ignore_errors=True)
        if running is not None:
            running.close(abort=True)
        self.abandon()

    def _fit(self, site_dir: Path, pages: dict[str, Path], asset_dir: str, started: dict | None = None,
             workers=None, names: dict[str, str] | None = None) -> dict:
        outcomes = self._from_cache(site_dir, pages, asset_dir)
        rest = {game_id: page for game_id, page in pages.items() if game_id not in outcomes}
        if rest:  # only now are children started (they import WeasyPrint): a warm build never needs one
            outcomes.update(fit_sheets(site_dir, rest, asset_dir, self.log, self.cache, started, workers, names,
                                       self.time_limit))
        return outcomes

    def _write(self, site_dir: Path, pages: dict[str, Path], outcomes: dict,
               names: dict[str, str] | None) -> dict[str, list]:
        written = {}
        for game_id, page_file in pages.items():
            if game_id in outcomes:
                results = write_outcome(site_dir, game_id, page_file, outcomes[game_id], self.log,
                                        sheet_name(names, game_id))
                written[game_id] = [(result.paper, result.pdf) for result in results]
        return written

    def _slot(self, game_id: str):
        return self.cache.setdefault(game_id, {})

    def _from_cache(self, site_dir: Path, pages: dict[str, Path], asset_dir: str) -> dict:
        """{game id: cached FitResult} of every game whose sheet is in the cache, found by ``fit_sheet``
        itself (the same key as a fit) with a cache that refuses to miss. A miss or any error is left
        to ``fit_sheets``, which reports errors properly."""
        found = {}
        for game_id, page_file in pages.items():
            try:
                found[game_id] = fit_sheet(page_file, site_dir, asset_dir, _HitsOnly(self._slot(game_id)))
            except Exception:  # _Miss, or anything fit_sheets will report
                continue
        return found

    # --- `mkdocs serve` ------------------------------------------------------------------------------
    def build_started(self) -> None:
        """Called before MkDocs empties the site folder: a running job must not write into it now."""
        with self.lock:
            self.generation += 1

    def build_later(self, site_dir: Path, pages: dict[str, Path], asset_dir: str,
                    names: dict[str, str] | None = None) -> None:
        with self.lock:
            generation = self.generation
        hits = self._from_cache(site_dir, pages, asset_dir)
        missing = {game_id: page for game_id, page in pages.items() if game_id not in hits}
        copy_dir = copy_pages = None
        if missing:  # copied before anything is written: the pages must be as `mkdocs build` reads them
            copy_dir = Path(tempfile.mkdtemp(prefix="rulecraft-sheets-"))
            try:
                copy_pages = _copy_inputs(site_dir, missing, asset_dir, copy_dir)
            except OSError as exc:
                shutil.rmtree(copy_dir, ignore_errors=True)
                self.log.warning(f"rulecraft: could not prepare the cheat-sheet PDFs: {exc}")
                missing = {}
        self._write(site_dir, pages, hits, names)
        self._place_previous(site_dir, missing)
        if not missing:
            return
        job = _Job(generation, site_dir, missing, copy_dir, copy_pages, asset_dir, names)
        with self.lock:
            superseded, self.pending = self.pending, job
            if self.worker is None:
                self.worker = threading.Thread(target=self._work, name="rulecraft-pdf", daemon=True)
                self.worker.start()
        if superseded is not None:
            shutil.rmtree(superseded.copy_dir, ignore_errors=True)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no job is queued or running (tests, shutdown); False on timeout."""
        worker = self.worker
        if worker is not None:
            worker.join(timeout)
        return self.worker is None or not self.worker.is_alive()

    def _place_previous(self, site_dir: Path, pages: dict[str, Path]) -> None:
        """The PDFs of each game's latest fit, linked; the page keeps its own (estimated) fit."""
        for game_id, page_file in pages.items():
            slot = self._slot(game_id)
            latest = getattr(slot, "latest", None)
            previous = latest() if latest else next(reversed(slot.values()), None)
            if previous is None:
                continue
            placed = []
            for paper in PAPERS:
                target = site_dir / game_id / paper.file_name
                write_atomic(target, previous.pdfs[paper.css_size][0])
                placed.append((paper.label, target))
            add_download_link(page_file, placed)

    def _work(self) -> None:
        while True:
            with self.lock:
                job, self.pending = self.pending, None
                if job is None:
                    self.worker = None
                    return
            try:
                self._run(job)
            except Exception as exc:  # a PDF is a bonus: never take the server down for it
                self.log.warning(f"rulecraft: could not write the cheat-sheet PDFs: {exc}")
            finally:
                shutil.rmtree(job.copy_dir, ignore_errors=True)

    def _run(self, job: _Job) -> None:
        with self.lock:
            if job.generation != self.generation:
                return  # a newer build has started; its own job follows
        workers = start_workers(len(job.copy_pages), time_limit=self.time_limit)
        with self.lock:
            if job.generation != self.generation:  # stop() came first
                workers.close()
                return
            self.running = workers
        try:
            outcomes = self._fit(job.copy_dir, job.copy_pages, job.asset_dir, workers=workers, names=job.names)
        finally:
            with self.lock:
                self.running = None
            workers.close()
        with self.lock:  # held while writing: a new build waits in build_started before emptying the site
            if job.generation != self.generation:
                return
            # The served pages get the PDFs and the fit (a page already linking the previous PDFs keeps
            # its links: same file names).
            self._write(job.site_dir, {g: p for g, p in job.pages.items() if p.is_file()}, outcomes, job.names)
        self.log.info("rulecraft: cheat-sheet PDFs up to date")


def _copy_inputs(site_dir: Path, pages: dict[str, Path], asset_dir: str, copy_dir: Path) -> dict[str, Path]:
    """The cheat-sheet pages and stylesheets, at the same relative paths (the PDFs' cache keys
    include the stylesheets' relative URLs, so they match the keys of a `mkdocs build`)."""
    copies = {}
    for game_id, page_file in pages.items():
        target = copy_dir / page_file.relative_to(site_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(page_file, target)
        copies[game_id] = target
    (copy_dir / asset_dir).mkdir(parents=True, exist_ok=True)
    for name in STYLESHEETS:
        source = site_dir / asset_dir / name
        if source.is_file():
            shutil.copyfile(source, copy_dir / asset_dir / name)
    return copies


__all__ = ["PdfJobs"]
