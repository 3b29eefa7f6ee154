"""Downloadable cheat-sheet PDFs, written with WeasyPrint after the site is built.

WeasyPrint is optional (``pip install rulecraft[pdf]``): without it the site builds
as before, with an info line and no download link.

Two PDFs per game, A4 and US Letter, are made from the *built* cheat-sheet page,
so they show exactly what the browser prints: the sheet's element is cut out of the
page and set in a small document that links only Rulecraft's own stylesheets (the print rules live in
cheatsheet.css). Material's stylesheets are left out on purpose: they style
nothing the sheet needs in print and make WeasyPrint a hundred times slower.
Only files inside the site are read (no network, nothing outside the site).
"""

from __future__ import annotations

import hashlib
import html
import importlib.util
import json
import logging
import os
import posixpath
import re
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from ..atomicfile import write_atomic
from ..render.cheatsheet import PDF_SLOT
from .fitting import MIN_PT, FitResult, emoji_to_images, fit_here
from .pdf_workers import TIME_LIMIT, FitsStopped, FitTimedOut, FitWorkers, WeasyPrintMissing, worker_count
from .sheet_layout import renderer

STYLESHEETS = ("rulecraft.css", "cheatsheet.css")  # inside the site's asset folder


@dataclass(frozen=True)
class Paper:
    label: str  # shown on the download button
    css_size: str  # CSS @page size
    file_name: str  # written next to the cheat sheet's folder: <game>/<file_name>


# The sheet is laid out to fit both (cheatsheet.py packs it into A4's width and Letter's height);
# each PDF is set on its own paper, so it prints at 100 % without the printer scaling it.
PAPERS = (Paper("A4", "A4", "cheatsheet.pdf"), Paper("US Letter", "letter", "cheatsheet-letter.pdf"))
SLOT_RE = re.compile(r'<span class="rc-sheet-pdf" ' + PDF_SLOT + r'(?:="")?></span>')
LINK_RE = re.compile(r"<a\b([^>]*)>|</a>")
TERM_CLASS_RE = re.compile(r"""\sclass=(["'])rc-term\1""")
HREF_RE = re.compile(r"""\s(?:href|download|target|rel)(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?""")


def installed() -> bool:
    """Whether a ``weasyprint`` package is there at all, found without importing it: the build's process
    never imports WeasyPrint, and starts no child to find out where it is not installed."""
    try:
        return importlib.util.find_spec("weasyprint") is not None
    except (ImportError, ValueError):
        return False


def available() -> bool:
    try:
        import weasyprint  # noqa: F401
    except Exception:  # ImportError, or OSError when its system libraries (Pango) are missing
        return False
    return True


class _SheetFinder(HTMLParser):
    """Start and end offsets of the first element whose class list has ``rc-cheatsheet``."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                      "track", "wbr"})

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.start: int | None = None
        self.end: int | None = None
        self.depth = 0

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag, attrs):
        if self.end is not None or tag in self.VOID:
            return
        if self.start is None:
            classes = (dict(attrs).get("class") or "").split()
            if "rc-cheatsheet" in classes:
                self.start, self.depth = self._offset(), 1
        else:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.start is None or self.end is not None or tag in self.VOID:
            return
        self.depth -= 1
        if self.depth == 0:
            self.end = self._offset() + len(f"</{tag}>")


def sheet_fragment(page_html: str) -> str | None:
    """The cheat sheet's HTML cut out of a built page, or None when the page has none."""
    finder = _SheetFinder(page_html)
    finder.feed(page_html)
    finder.close()
    if finder.start is None or finder.end is None:
        return None
    return page_html[finder.start:finder.end]


def without_links(fragment: str) -> str:
    """Links become spans (same classes): on paper they are plain words, and a PDF link would point
    into the build folder (file:///...), which also made two builds' PDFs differ. A glossary link becomes
    its bare words: print styles it as plain text anyway, and WeasyPrint breaks a line too early before an
    inline box ("If they cannot" / "pay, they lose an <term>"), leaving a word alone on a line."""
    term = False  # whether the open link is a glossary link (links never nest)

    def swap(match: re.Match) -> str:
        nonlocal term
        if match.group(0) == "</a>":
            return "" if term else "</span>"
        term = TERM_CLASS_RE.search(match.group(1)) is not None
        return "" if term else "<span" + HREF_RE.sub("", match.group(1)) + ">"

    return LINK_RE.sub(swap, fragment)


def sheet_document(fragment: str, css_hrefs: list[str], title: str, page_size: str = "A4") -> str:
    links = "".join(f'<link rel="stylesheet" href="{html.escape(h)}">' for h in css_hrefs)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"{links}<style>@page {{ size: {page_size}; }}</style></head><body>"
            '<article class="md-content__inner md-typeset">'
            f'<div class="rc-block rc-block--cheatsheet">{fragment}</div></article></body></html>')


_LOG = logging.getLogger("mkdocs.plugins.rulecraft.pdf")
NOT_INSTALLED = ("rulecraft: WeasyPrint is not installed, so the cheat sheets get no PDF download "
                 "(pip install 'rulecraft[pdf]' to add them)")


@dataclass
class PdfResult:
    game: str
    pdf: Path
    pages: int
    paper: str = "A4"
    fill: float = 0.0  # share of the printable height used, measured on the rendered page
    size_pt: float = 0.0


def _document_for(page_html: str, page_file: Path, site_dir: Path, asset_dir: str, fragment: str,
                  page_size: str) -> str:
    here = page_file.parent
    hrefs = [posixpath.join(*Path(os.path.relpath(site_dir / asset_dir / name, here)).parts)
             for name in STYLESHEETS]
    title = re.search(r"<title>(.*?)</title>", page_html, re.S)
    return sheet_document(without_links(fragment), hrefs,
                          html.unescape(title.group(1).strip()) if title else "Cheat sheet", page_size)


def _template_for(page_html: str, page_file: Path, site_dir: Path, asset_dir: str, page_size: str) -> str:
    """The paper's document with ``{fragment}`` where the sheet goes (filled in by fitting.py)."""
    return _document_for(page_html, page_file, site_dir, asset_dir, "\0", page_size).replace("\0", "{fragment}")


@dataclass(frozen=True)
class SheetInput:
    """What a sheet's PDFs are made from, and its hash (the cache key)."""

    fragment: str  # emoji as pictures
    documents: dict[str, str]  # CSS paper size -> the paper's document, ``{fragment}`` where the sheet goes
    digest: str


def sheet_input(page_html: str, page_file: Path, site_dir: Path, asset_dir: str) -> SheetInput:
    """The input of one built cheat-sheet page (its HTML as written to ``page_file``): the fragment, the
    papers' documents, and a hash of those and the stylesheets. Needs no WeasyPrint."""
    fragment = sheet_fragment(page_html)
    if fragment is None:
        raise ValueError(f"{page_file} has no cheat sheet")
    fragment = emoji_to_images(fragment)
    documents = {paper.css_size: _template_for(page_html, page_file, site_dir, asset_dir, paper.css_size)
                 for paper in PAPERS}
    key = hashlib.sha256(fragment.encode() + "".join(documents.values()).encode())
    for name in STYLESHEETS:
        css = site_dir / asset_dir / name
        key.update(css.read_bytes() if css.is_file() else b"")
    return SheetInput(fragment, documents, key.hexdigest())


def remember(cache: dict | None, digest: str, result: FitResult) -> None:
    """Keep a game's new fit in its cache slot, as its only entry (all a build can reuse)."""
    if cache is not None:
        cache[digest] = result
        for old in [d for d in cache if d != digest]:
            cache.pop(old, None)


def cached_fit(cache: dict | None, sheet: SheetInput) -> FitResult | None:
    """The cached result of this sheet's input, if its sheet is what its fit makes of the input's."""
    hit = cache.get(sheet.digest) if cache is not None else None
    return hit if hit is not None and hit.made_from(sheet.fragment) else None


def fit_sheet(page_file: Path, site_dir: Path, asset_dir: str, cache: dict | None = None,
              workers: FitWorkers | None = None) -> FitResult:
    """Choose, verify and render the sheet of one built page (see fitting.py); the PDFs' bytes are in
    the result. ``cache`` (kept by the plugin across rebuilds, on disk by ``pdf_cache``) maps the input's
    hash to the result already made from it, so an unchanged sheet is neither fitted nor set again.
    Nothing here needs WeasyPrint before a miss (``pdf_jobs`` relies on that)."""
    sheet = sheet_input(page_file.read_text(encoding="utf-8"), page_file, site_dir, asset_dir)
    hit = cached_fit(cache, sheet)
    if hit is not None:
        return hit
    result = _run_fit(sheet.fragment, sheet.documents, page_file, site_dir, workers)
    remember(cache, sheet.digest, result)
    return result


def _renders_in_process(time_limit: float | None) -> bool:
    """Whether a fit may run in this process: only without a time limit (a render inside this process cannot
    be stopped, so a limited fit always runs in a child that can be killed), and where the environment
    already fixes the hash seed and timestamp the PDFs must not depend on."""
    return not time_limit and os.environ.get("PYTHONHASHSEED") == "0" and "SOURCE_DATE_EPOCH" in os.environ


def _run_fit(fragment: str, documents: dict[str, str], page_file: Path, site_dir: Path,
             workers: FitWorkers | None = None, time_limit: float | None = TIME_LIMIT) -> FitResult:
    """The fit loop in a child process with a fixed hash seed and timestamp: two builds must give
    byte-identical PDFs, and WeasyPrint's font subsets follow set order (randomised per process)
    and carry fontTools' 'modified' time (which honours SOURCE_DATE_EPOCH). The child is one of
    ``workers`` (pdf_workers.py, with their time limit), or one started for this fit alone (with
    ``time_limit``). Where the environment fixes both already and no time limit is set, the fit runs here."""
    limit = workers.time_limit if workers is not None else time_limit
    if _renders_in_process(limit):
        if not available():
            raise WeasyPrintMissing("weasyprint cannot be imported")
        return fit_here(fragment, documents, renderer(page_file, site_dir), without_links)
    if workers is not None:
        return workers.fit(fragment, documents, page_file, site_dir)
    alone = FitWorkers(1, time_limit)
    try:
        return alone.fit(fragment, documents, page_file, site_dir)
    finally:
        alone.close()


def start_workers(jobs: int | None = None, spawn: bool = False, time_limit: float | None = TIME_LIMIT) -> FitWorkers:
    """Children for ``jobs`` fits at once (one per core, at most 4), started now when ``spawn``, else at
    their first fit, each fit given ``time_limit`` seconds; in-process rendering (tests with fixed
    seeds, no time limit) stays serial and starts none."""
    if _renders_in_process(time_limit):
        return FitWorkers(1, time_limit)
    workers = FitWorkers(worker_count(jobs), time_limit)
    if spawn:
        workers.spawn()
    return workers


def submit_fit(workers: FitWorkers, sheet: SheetInput, page_file: Path, site_dir: Path) -> Future:
    """``_run_fit`` of one sheet on one of ``workers``' threads."""
    return workers.submit(lambda: _run_fit(sheet.fragment, sheet.documents, page_file, site_dir, workers))


def link_html(page_file: Path, pdfs: list[tuple[str, Path]]) -> str:
    """Download buttons, one per (paper label, PDF file)."""
    links = []
    for label, pdf_file in pdfs:
        href = posixpath.join(*Path(os.path.relpath(pdf_file, page_file.parent)).parts)
        links.append(f'<a class="md-button rc-sheet-download" href="{html.escape(href)}" download>'
                     f"Download PDF ({html.escape(label)})</a>")
    return " ".join(links)


def add_download_link(page_file: Path, pdfs: list[tuple[str, Path]]) -> bool:
    """Put the download buttons into the built page's slot; False when the page has no slot."""
    text = page_file.read_text(encoding="utf-8")
    new, count = SLOT_RE.subn(lambda _: link_html(page_file, pdfs), text, count=1)
    if count:
        page_file.write_text(new, encoding="utf-8")
    return bool(count)


def sheet_name(names: dict[str, str] | None, key: str) -> str:
    """How log lines name a sheet: as a person would ("Isle of Fame, Long game cheat sheet", given by the
    plugin in ``names``), else by its key."""
    return (names or {}).get(key) or f"cheat sheet '{key}'"


def build_cheatsheet_pdfs(site_dir: Path, pages: dict[str, Path], asset_dir: str, log: logging.Logger,
                          cache: dict[str, dict] | None = None,
                          names: dict[str, str] | None = None) -> list[PdfResult]:
    """Fit each built cheat-sheet page ({key: page file}; the key is the game id, or the page's folder
    for a variant's sheet) to one page, verified on the rendered PDF, and write it (``write_outcome``).

    ``cache``: {key: {}} kept between rebuilds (``fit_sheet``); ``names``: {key: the sheet's name}."""
    results = []
    for game_id, outcome in fit_sheets(site_dir, pages, asset_dir, log, cache, names=names).items():
        results += write_outcome(site_dir, game_id, pages[game_id], outcome, log, sheet_name(names, game_id))
    return results


def fit_sheets(site_dir: Path, pages: dict[str, Path], asset_dir: str, log: logging.Logger,
               cache: dict[str, dict] | None = None, started: dict[str, tuple[str, Future]] | None = None,
               workers: FitWorkers | None = None, names: dict[str, str] | None = None,
               time_limit: float | None = TIME_LIMIT) -> dict[str, FitResult]:
    """``fit_sheet`` for every page, on child processes working in parallel (pdf_workers.py); {game id:
    result} of those that worked (the others are warned about). ``started``: {game id: (input hash,
    future)} of fits begun while the site was being built (``PdfJobs.start``): one whose input is still
    the page's is waited for instead of fitted again; the others go to ``workers`` (the children those
    fits run on), else to children started here and ended on return. Needs WeasyPrint (the children find out, this
    process never imports it): without it, an info line and nothing. ``names``: {key: the sheet's name},
    how warnings name it (``sheet_name``). ``time_limit``: seconds each fit may take on children started
    here. A fit past its limit is a warning naming the sheet: the site is written, that sheet without
    PDFs (and without download buttons)."""
    if not installed():
        log.info(NOT_INSTALLED)
        return {}
    log.debug(f"rulecraft: fitting {len(pages)} cheat sheet(s) with WeasyPrint: "
              f"{'; '.join(sheet_name(names, key) for key in pages)}")
    caches = {} if cache is None else {g: cache.setdefault(g, {}) for g in pages}
    started = started or {}
    outcomes: dict[str, FitResult | Exception | tuple[str, Future]] = {}
    own = None
    for game_id, page_file in pages.items():
        try:  # a PDF is a bonus: never fail the site for it, but say so
            sheet = sheet_input(page_file.read_text(encoding="utf-8"), page_file, site_dir, asset_dir)
            hit = cached_fit(caches.get(game_id), sheet)
            if hit is not None:
                outcomes[game_id] = hit
            elif game_id in started and started[game_id][0] == sheet.digest:
                outcomes[game_id] = started[game_id]
            else:
                if workers is None:
                    workers = own = start_workers(len(pages), time_limit=time_limit)
                outcomes[game_id] = (sheet.digest, submit_fit(workers, sheet, page_file, site_dir))
        except Exception as exc:
            outcomes[game_id] = exc
    try:
        fitted, missing = {}, None
        for game_id, outcome in outcomes.items():
            if isinstance(outcome, tuple):
                digest, future = outcome
                try:
                    outcome = future.result()
                    remember(caches.get(game_id), digest, outcome)
                except Exception as exc:
                    outcome = exc
            if isinstance(outcome, (FitsStopped, CancelledError)):
                continue  # the build was stopped (pdf_workers): nothing to say about the sheet
            if isinstance(outcome, WeasyPrintMissing):
                missing = outcome
            elif isinstance(outcome, FitTimedOut):
                log.warning(f"rulecraft: the {sheet_name(names, game_id)} gets no PDFs: {outcome} — choose less "
                            "in the cheatsheet: block of its game.yaml, or give it more time (pdf_timeout in "
                            "mkdocs.yml)")
            elif isinstance(outcome, Exception):
                log.warning(f"rulecraft: could not write the PDFs of the {sheet_name(names, game_id)}: {outcome}")
            else:
                fitted[game_id] = outcome
        if missing is not None:
            log.info(NOT_INSTALLED)
            log.debug(f"rulecraft: {missing}")
        return fitted
    except BaseException:  # Ctrl-C while waiting: the children end now, not after every sheet
        if own is not None:
            own.close(abort=True)
            own = None
        raise
    finally:
        if own is not None:
            own.close()


def write_outcome(site_dir: Path, game_id: str, page_file: Path, outcome: FitResult,
                  log: logging.Logger, name: str | None = None) -> list[PdfResult]:
    """One sheet's fit, fresh or cached alike: write <key>/cheatsheet.pdf (A4) and
    <key>/cheatsheet-letter.pdf (each renamed into place: a served site never shows half a PDF),
    warn about a sheet that is not one page or leaves units out (naming it ``name``), and write the fit
    into the built page (so the browser prints the same sheet) with the download links."""
    name = name or sheet_name(None, game_id)
    written, results = [], []
    for paper in PAPERS:
        pdf_file = site_dir / game_id / paper.file_name
        data, count, fill = outcome.pdfs[paper.css_size]
        write_atomic(pdf_file, data)
        written.append((paper.label, pdf_file))
        results.append(PdfResult(game_id, pdf_file, count, paper.label, fill, outcome.fit.size_pt))
        if count != 1:
            log.warning(f"rulecraft: the {paper.label} PDF of the {name} has {count} pages, "
                        "not one: choose less in the cheatsheet: block of its game.yaml")
    if outcome.dropped:
        log.warning(f"rulecraft: the {name} does not fit one page even at "
                    f"{MIN_PT:g} pt in {outcome.fit.columns} columns, so it leaves out: "
                    f"{', '.join(outcome.dropped_names)} — choose less in the cheatsheet: block of its "
                    "game.yaml (rulecraft check lists the choices)")
    update_page(page_file, outcome)
    add_download_link(page_file, written)
    log.debug(f"rulecraft: {name}: {outcome.fit.size_pt:g} pt, {outcome.fit.columns} "
              f"columns, spacing {outcome.fit.spacing:g}, fill {outcome.fill:.2f} after {outcome.attempts} "
              "render(s)")
    return results


def update_page(page_file: Path, outcome: FitResult) -> None:
    """The built page gets the sheet that was verified: fit, pictures for emoji, units left out."""
    text = page_file.read_text(encoding="utf-8")
    finder = _SheetFinder(text)
    finder.feed(text)
    finder.close()
    if finder.start is None or finder.end is None:
        return
    page_file.write_text(text[:finder.start] + outcome.fragment + text[finder.end:], encoding="utf-8")


def fit_in_child(page_file: Path, site_dir: Path, job_file: Path) -> dict:
    """A worker child's fit (pdf_workers.py): the job file holds the fragment and the papers' documents;
    the PDFs are written beside it, the rest is returned."""
    job = json.loads(job_file.read_text(encoding="utf-8"))
    result = fit_here(job["fragment"], job["documents"], renderer(page_file, site_dir), without_links)
    return result.to_json(job_file.parent)
