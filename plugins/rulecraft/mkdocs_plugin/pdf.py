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
import json
import logging
import os
import posixpath
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..render.cheatsheet import PDF_SLOT
from .fitting import MIN_PT, FitResult, emoji_to_images, fit_here
from .pdf_cache import _atomic_write

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
HREF_RE = re.compile(r"""\s(?:href|download|target|rel)(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?""")


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
    into the build folder (file:///...), which also made two builds' PDFs differ."""
    def swap(match: re.Match) -> str:
        if match.group(0) == "</a>":
            return "</span>"
        return "<span" + HREF_RE.sub("", match.group(1)) + ">"

    return LINK_RE.sub(swap, fragment)


def sheet_document(fragment: str, css_hrefs: list[str], title: str, page_size: str = "A4") -> str:
    links = "".join(f'<link rel="stylesheet" href="{html.escape(h)}">' for h in css_hrefs)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"{links}<style>@page {{ size: {page_size}; }}</style></head><body>"
            '<article class="md-content__inner md-typeset">'
            f'<div class="rc-block rc-block--cheatsheet">{fragment}</div></article></body></html>')


def _fetcher(site_dir: Path):
    from weasyprint.urls import URLFetcher

    root = site_dir.resolve()

    class SiteOnlyFetcher(URLFetcher):
        """file: URLs inside the site and data: URLs; everything else is refused."""

        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme == "data":
                return super().fetch(url, headers)
            if parts.scheme == "file":
                path = Path(unquote(parts.path)).resolve()
                if path.is_relative_to(root):
                    return super().fetch(url, headers)
            raise ValueError(f"not part of the site: {url}")

    return SiteOnlyFetcher(allowed_protocols=("file", "data"), timeout=5)


_LOG = logging.getLogger("mkdocs.plugins.rulecraft.pdf")


@dataclass
class PdfResult:
    game: str
    pdf: Path
    pages: int
    paper: str = "A4"
    fill: float = 0.0  # share of the printable height used, measured on the rendered page
    size_pt: float = 0.0


def _document_for(page_file: Path, site_dir: Path, asset_dir: str, fragment: str, page_size: str) -> str:
    page_html = page_file.read_text(encoding="utf-8")
    here = page_file.parent
    hrefs = [posixpath.join(*Path(os.path.relpath(site_dir / asset_dir / name, here)).parts)
             for name in STYLESHEETS]
    title = re.search(r"<title>(.*?)</title>", page_html, re.S)
    return sheet_document(without_links(fragment), hrefs,
                          html.unescape(title.group(1).strip()) if title else "Cheat sheet", page_size)


def _template_for(page_file: Path, site_dir: Path, asset_dir: str, page_size: str) -> str:
    """The paper's document with ``{fragment}`` where the sheet goes (filled in by fitting.py)."""
    return _document_for(page_file, site_dir, asset_dir, "\0", page_size).replace("\0", "{fragment}")


def fit_sheet(page_file: Path, site_dir: Path, asset_dir: str, cache: dict | None = None) -> FitResult:
    """Choose, verify and render the sheet of one built page (see fitting.py); the PDFs' bytes are in
    the result. ``cache`` (kept by the plugin across rebuilds, on disk by ``pdf_cache``) maps the input's
    hash to the result already made from it, so an unchanged sheet is neither fitted nor set again.
    Nothing here needs WeasyPrint before a miss (``pdf_jobs`` relies on that)."""
    fragment = sheet_fragment(page_file.read_text(encoding="utf-8"))
    if fragment is None:
        raise ValueError(f"{page_file} has no cheat sheet")
    fragment = emoji_to_images(fragment)
    documents = {paper.css_size: _template_for(page_file, site_dir, asset_dir, paper.css_size)
                 for paper in PAPERS}
    key = hashlib.sha256(fragment.encode() + "".join(documents.values()).encode())
    for name in STYLESHEETS:
        css = site_dir / asset_dir / name
        key.update(css.read_bytes() if css.is_file() else b"")
    digest = key.hexdigest()
    hit = cache.get(digest) if cache is not None else None
    if hit is not None:
        return hit
    result = _run_fit(fragment, documents, page_file, site_dir)
    if cache is not None:
        cache[digest] = result
        for old in [d for d in cache if d != digest]:  # one entry per game is all a build can reuse
            cache.pop(old, None)
    return result


def _renders_in_process() -> bool:
    return os.environ.get("PYTHONHASHSEED") == "0" and "SOURCE_DATE_EPOCH" in os.environ


def _child_env() -> dict:
    return {**os.environ, "PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "0")}


def _run_fit(fragment: str, documents: dict[str, str], page_file: Path, site_dir: Path) -> FitResult:
    """The fit loop in a child process with a fixed hash seed and timestamp: two builds must give
    byte-identical PDFs, and WeasyPrint's font subsets follow set order (randomised per process)
    and carry fontTools' 'modified' time (which honours SOURCE_DATE_EPOCH)."""
    if _renders_in_process():
        return fit_here(fragment, documents, _renderer(page_file, site_dir), without_links)
    with tempfile.TemporaryDirectory(prefix="rulecraft-pdf-") as tmp:
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps({"fragment": fragment, "documents": documents}), encoding="utf-8")
        # -X faulthandler: a crash inside the native text stack (Pango, HarfBuzz, fontconfig) prints
        # where it happened instead of dying silently.
        command = [sys.executable, "-X", "faulthandler", "-m", __name__, str(page_file), str(site_dir),
                   str(job)]
        for attempt in range(_CHILD_ATTEMPTS):
            run = subprocess.run(command, capture_output=True, text=True, timeout=900, env=_child_env())
            # A child killed by a signal (negative code: the OOM killer, a native crash while another
            # process rebuilds the font cache) is retried once; an error the renderer reported is not.
            if run.returncode >= 0 or attempt == _CHILD_ATTEMPTS - 1:
                break
            _LOG.debug(f"rulecraft: PDF renderer {_exit_status(run.returncode)}; trying again")
        if run.returncode != 0:
            raise RuntimeError(_child_failure(run))
        return FitResult.from_json(json.loads(run.stdout), Path(tmp))


_CHILD_ATTEMPTS = 2


def _exit_status(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


def _child_failure(run: subprocess.CompletedProcess) -> str:
    """The renderer's own last error line, or how it ended when it said nothing."""
    lines = [line for line in run.stderr.strip().splitlines() if line.strip()]
    status = f"the PDF renderer {_exit_status(run.returncode)}"
    return f"{lines[-1]} ({status})" if lines else status


def _renderer(page_file: Path, site_dir: Path):
    """document HTML -> WeasyPrint's rendered document (layout done, not yet written)."""
    def render(document: str):
        from weasyprint import HTML

        # WeasyPrint reports CSS it does not know (Material-only properties, -webkit- ones) as warnings on
        # its own logger; they say nothing about the sheet, so they go to debug.
        wp_log = logging.getLogger("weasyprint")
        saved = wp_log.level, wp_log.propagate, list(wp_log.handlers)
        wp_log.handlers, wp_log.propagate = [_Relay()], False
        wp_log.setLevel(logging.DEBUG)
        try:
            return HTML(string=document, base_url=str(page_file), url_fetcher=_fetcher(site_dir)).render()
        finally:
            wp_log.setLevel(saved[0])
            wp_log.propagate, wp_log.handlers = saved[1], saved[2]
    return render


class _Relay(logging.Handler):
    def emit(self, record):
        _LOG.debug("weasyprint: %s", record.getMessage())


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
    for game_id, outcome in fit_sheets(site_dir, pages, asset_dir, log, cache, names).items():
        results += write_outcome(site_dir, game_id, pages[game_id], outcome, log, sheet_name(names, game_id))
    return results


def fit_sheets(site_dir: Path, pages: dict[str, Path], asset_dir: str, log: logging.Logger,
               cache: dict[str, dict] | None = None, names: dict[str, str] | None = None) -> dict[str, FitResult]:
    """``fit_sheet`` for every page, in parallel child processes; {key: result} of those that
    worked (the others are warned about, by ``names``). Needs WeasyPrint: without it, an info line and
    nothing."""
    if not available():
        log.info("rulecraft: WeasyPrint is not installed, so the cheat sheets get no PDF download "
                 "(pip install 'rulecraft[pdf]' to add them)")
        return {}
    jobs = list(pages.items())
    log.debug(f"rulecraft: fitting {len(jobs)} cheat sheet(s) with WeasyPrint: "
              f"{'; '.join(sheet_name(names, key) for key in pages)}")
    caches = {} if cache is None else {g: cache.setdefault(g, {}) for g, _ in jobs}

    def work(job) -> FitResult | Exception:
        game_id, page_file = job
        try:
            return fit_sheet(page_file, site_dir, asset_dir, caches.get(game_id))
        except Exception as exc:  # a PDF is a bonus: never fail the site for it, but say so
            return exc

    # Each game is fitted in its own child process (see _run_fit): threads only wait for them, so the
    # machine's cores share the work. In-process rendering (tests with fixed seeds) stays serial.
    # At most 4 at once: each child holds an interpreter and WeasyPrint (~100 MB).
    workers = 1 if _renders_in_process() else max(1, min(len(jobs), len(os.sched_getaffinity(0)), 4))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        outcomes = list(pool.map(work, jobs))
    fitted = {}
    for (game_id, _page_file), outcome in zip(jobs, outcomes):
        if isinstance(outcome, Exception):
            log.warning(f"rulecraft: could not write the PDFs of the {sheet_name(names, game_id)}: {outcome}")
        else:
            fitted[game_id] = outcome
    return fitted


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
        _atomic_write(pdf_file, data)
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


def _child_main(page_file: Path, site_dir: Path, job_file: Path) -> None:
    job = json.loads(job_file.read_text(encoding="utf-8"))
    result = fit_here(job["fragment"], job["documents"], _renderer(page_file, site_dir), without_links)
    print(json.dumps(result.to_json(job_file.parent)))


if __name__ == "__main__":  # the child process of _run_fit
    _child_main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
