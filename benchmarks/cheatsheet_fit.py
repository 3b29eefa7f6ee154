"""The cheat-sheet fit search, timed render by render (prints figures; not a test).

For every game's built cheat-sheet page it runs the fit the PDF step runs (``fitting.fit_here`` with
WeasyPrint, in this process, one game after another) and prints each render: paper, columns, type size,
spacing, the pages and fill measured, and the seconds it took; then per game the renders, the fit chosen
and the seconds, and the total. A cold `mkdocs build` spends about this CPU time in its fitting children
(plus their imports), spread over one child per core.

The pages must be as the renderer wrote them, not with the fit a PDF step wrote back, so by default the
repository's site is built first without PDFs (in this process, into a temporary folder); ``SITE``
takes such a site instead::

    python benchmarks/cheatsheet_fit.py [SITE] [--repeat 3]

``--repeat N`` fits every sheet N times and prints the median seconds (the renders are the same each time).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))

from rulecraft.mkdocs_plugin import fitting  # noqa: E402
from rulecraft.mkdocs_plugin.pdf import sheet_input, without_links  # noqa: E402
from rulecraft.mkdocs_plugin.sheet_layout import renderer  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ASSETS = "assets/rulecraft"
_FIT_IN = re.compile(r'rc-columns-(\d)[^>]*style="--rc-fs: ([\d.]+)pt; --rc-space: ([\d.]+)')


def fit_timed(page: Path, site: Path) -> tuple[fitting.FitResult, list[str], float]:
    sheet = sheet_input(page.read_text(encoding="utf-8"), page, site, ASSETS)
    render_page = renderer(page, site)
    lines: list[str] = []

    def render(document: str):
        start = time.perf_counter()
        rendered = render_page(document)
        took = time.perf_counter() - start
        columns, size, spacing = _FIT_IN.search(document).groups()
        paper = "A4" if "size: A4" in document else "Letter"
        pages, fill = fitting.measure(rendered)
        lines.append(f"    {paper:6} {columns} columns {size:>5} pt spacing {spacing:>4} -> {pages} page(s), "
                     f"fill {fill:.3f}  {took:.2f} s")
        return rendered

    start = time.perf_counter()
    result = fitting.fit_here(sheet.fragment, sheet.documents, render, without_links)
    return result, lines, time.perf_counter() - start


def build_without_pdfs(site: Path) -> None:
    """The repository's site with the plugin's ``cheatsheet_pdf`` off (mkdocs.yml left as it is)."""
    import os

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.chdir(REPO)
    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(site))
    config.plugins["rulecraft"].config.cheatsheet_pdf = False
    build(config)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", help="a site built without PDFs (default: build one)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulecraft-fit-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_without_pdfs(site)
        return fit_all(site, args.repeat)


def fit_all(site: Path, repeat: int) -> int:
    pages = sorted(site.glob("*/cheatsheet/index.html"))
    if not pages:
        print(f"no */cheatsheet/index.html under {site}", file=sys.stderr)
        return 1
    import weasyprint  # noqa: F401  -- imported before the clock starts

    total, renders = 0.0, 0
    for page in pages:
        times = []
        for _ in range(repeat):
            result, lines, took = fit_timed(page, site)
            times.append(took)
        print(f"{page.parent.parent.name}: {result.attempts} renders, fit {result.fit.size_pt:g} pt, "
              f"{result.fit.columns} columns, spacing {result.fit.spacing:g}; Letter fill {result.fill:.3f}; "
              f"{statistics.median(times):.2f} s")
        print("\n".join(lines))
        total += statistics.median(times)
        renders += result.attempts
    print(f"all games: {renders} renders, {total:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
