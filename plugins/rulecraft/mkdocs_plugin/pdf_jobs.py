"""When the cheat-sheet PDFs are made: during `mkdocs build`, after the reload under `mkdocs serve`.

Setting a sheet takes WeasyPrint a second or more per paper. `mkdocs build` waits for them (the
cache in ``pdf_cache`` makes that a copy when the sheet did not change). `mkdocs serve` must not:
the browser reloads only when the build returns. So a served build

1. copies what the PDFs are made from (the built cheat-sheet pages and Rulecraft's two
   stylesheets) aside, because the next rebuild empties the site folder;
2. puts each game's last PDFs (the cache keeps one per game and paper) into the fresh site and
   links them at once — the download button never points at a missing file;
3. lets one background thread make the PDFs from that copy (a cache hit for every game whose
   sheet did not change: only changed sheets are set again) and, if no newer build has started,
   swaps them into the site with an atomic rename.

A newer build supersedes a job that has not started; a running one finishes (its PDFs land in the
cache, where the newer build finds them) but no longer touches the site.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from .pdf import PAPERS, SLOT_RE, STYLESHEETS, add_download_link, build_cheatsheet_pdfs, write_pdf
from .pdf_cache import PdfCache, _atomic_write


class _Miss(Exception):
    pass


class _HitsOnly:
    """A slot of the PDF cache that ends ``write_pdf`` (raises _Miss) instead of letting it render."""

    def __init__(self, slot):
        self.slot = slot

    def __contains__(self, digest) -> bool:
        if digest in self.slot:
            return True
        raise _Miss(digest)

    def __getitem__(self, digest):
        return self.slot[digest]


def slot_key(game_id: str, paper) -> str:
    return f"{game_id} {paper.css_size}"  # the key build_cheatsheet_pdfs asks the cache for


@dataclass
class _Job:
    generation: int
    site_dir: Path
    pages: dict[str, Path]  # game id -> built cheat-sheet page in the site
    copy_dir: Path  # what the PDFs are made from, copied out of the site
    copy_pages: dict[str, Path]
    asset_dir: str


class PdfJobs:
    def __init__(self, cache: PdfCache | dict, log: logging.Logger):
        self.cache = cache
        self.log = log
        self.lock = threading.Lock()
        self.generation = 0  # bumped by every build that starts
        self.pending: _Job | None = None
        self.worker: threading.Thread | None = None

    # --- `mkdocs build` ------------------------------------------------------------------------------
    def build_now(self, site_dir: Path, pages: dict[str, Path], asset_dir: str) -> dict[str, list]:
        """Make every sheet's PDFs; returns {game id: [(paper label, PDF file)]} of those written."""
        written = self._from_cache(site_dir, pages, asset_dir)
        rest = {game_id: page for game_id, page in pages.items() if game_id not in written}
        if rest:  # only now is WeasyPrint imported (pdf.available): a warm build never needs it
            for result in build_cheatsheet_pdfs(site_dir, rest, asset_dir, self.log, self.cache):
                written.setdefault(result.game, []).append((result.paper, result.pdf))
        return written

    def _from_cache(self, site_dir: Path, pages: dict[str, Path], asset_dir: str) -> dict[str, list]:
        """Games whose PDFs are all in the cache, on one page each: written and linked here, through
        ``write_pdf`` itself with a cache that refuses to miss. Anything else (a miss, a sheet of more
        than one page, which must be reported, an error) is left to ``build_cheatsheet_pdfs``."""
        slot_of = getattr(self.cache, "slot", None)
        if slot_of is None:
            return {}
        done = {}
        for game_id, page_file in pages.items():
            links = []
            for paper in PAPERS:
                target = site_dir / game_id / paper.file_name
                try:
                    hits_only = _HitsOnly(slot_of(slot_key(game_id, paper)))
                    count = write_pdf(page_file, target, site_dir, asset_dir, hits_only, paper.css_size)
                except Exception:  # _Miss, or anything build_cheatsheet_pdfs will report properly
                    break
                if count != 1:
                    break
                links.append((paper.label, target))
            if len(links) == len(PAPERS):
                add_download_link(page_file, links)
                done[game_id] = links
        return done

    # --- `mkdocs serve` ------------------------------------------------------------------------------
    def build_started(self) -> None:
        """Called before MkDocs empties the site folder: a running job must not write into it now."""
        with self.lock:
            self.generation += 1

    def build_later(self, site_dir: Path, pages: dict[str, Path], asset_dir: str) -> None:
        with self.lock:
            generation = self.generation
        copy_dir = Path(tempfile.mkdtemp(prefix="rulecraft-sheets-"))
        try:  # copied before the previous PDFs are linked: the pages must be as `mkdocs build` reads them
            copy_pages = _copy_inputs(site_dir, pages, asset_dir, copy_dir)
        except OSError as exc:
            shutil.rmtree(copy_dir, ignore_errors=True)
            self.log.warning(f"rulecraft: could not prepare the cheat-sheet PDFs: {exc}")
            return
        self._place_previous(site_dir, pages)
        job = _Job(generation, site_dir, pages, copy_dir, copy_pages, asset_dir)
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
        slot_of = getattr(self.cache, "slot", None)
        if slot_of is None:
            return  # an in-memory cache keeps no "last PDF"
        for game_id, page_file in pages.items():
            placed = []
            for paper in PAPERS:
                previous = slot_of(slot_key(game_id, paper)).latest()
                if previous is None:
                    break
                target = site_dir / game_id / paper.file_name
                _atomic_write(target, previous[0])
                placed.append((paper.label, target))
            if len(placed) == len(PAPERS):
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
        made = self.build_now(job.copy_dir, job.copy_pages, job.asset_dir)
        with self.lock:  # held while writing: a new build waits in build_started before emptying the site
            if job.generation != self.generation:
                return
            for game_id, pdfs in made.items():
                links = []
                for label, pdf_file in pdfs:
                    target = job.site_dir / game_id / pdf_file.name
                    _atomic_write(target, pdf_file.read_bytes())
                    links.append((label, target))
                page_file = job.pages[game_id]
                # The page already links the previous PDFs (same file names) unless there were none.
                if page_file.is_file() and SLOT_RE.search(page_file.read_text(encoding="utf-8")):
                    add_download_link(page_file, links)
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


__all__ = ["PdfJobs", "slot_key"]
