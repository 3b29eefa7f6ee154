"""The cheat-sheet fit search, timed render by render (prints figures; not a test).

For every game's built cheat-sheet page in a site it runs the fit the PDF step runs (``fitting.fit_here``
with WeasyPrint, in this process, one game after another) and prints each render: paper, columns, type
size, spacing, the pages and fill measured, and the seconds it took; then per game the renders, the fit
chosen and the seconds, and the total. A cold `mkdocs build` spends about this CPU time in its fitting
children (plus their imports), spread over one child per core.

The site must be built without PDFs, so that its pages carry the renderer's fits and not the fits a PDF
step wrote back (``cheatsheet_pdf: false`` under the plugin in a copy of mkdocs.yml)::

    sed 's/rules_data: rules_data/&\\n      cheatsheet_pdf: false/' mkdocs.yml > mkdocs.nopdf.yml
    python -m mkdocs build -q -f mkdocs.nopdf.yml -d /tmp/site-nopdf && rm mkdocs.nopdf.yml
    PYTHONHASHSEED=0 python benchmarks/cheatsheet_fit.py /tmp/site-nopdf [--repeat 3]

``--repeat N`` fits every sheet N times and prints the median seconds (the renders are the same each time).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))

from rulecraft.mkdocs_plugin import fitting  # noqa: E402
from rulecraft.mkdocs_plugin.pdf import sheet_input, without_links  # noqa: E402
from rulecraft.mkdocs_plugin.sheet_layout import renderer  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    pages = sorted(args.site.glob("*/cheatsheet/index.html"))
    if not pages:
        print(f"no */cheatsheet/index.html under {args.site}", file=sys.stderr)
        return 1
    import weasyprint  # noqa: F401  -- imported before the clock starts

    total, renders = 0.0, 0
    for page in pages:
        times = []
        for _ in range(args.repeat):
            result, lines, took = fit_timed(page, args.site)
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
