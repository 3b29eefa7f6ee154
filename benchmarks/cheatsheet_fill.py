"""Cheat-sheet PDFs as printed: pages, how full, type sizes (prints figures; not a timed test).

For every ``<game>/cheatsheet.pdf`` (A4) and ``<game>/cheatsheet-letter.pdf`` (US Letter) in a built
site it prints the page count, the fill measured on the rendered page (``tests/pdfkit.py``: the page is
rasterised, the lowest ink in each third of the width is taken as a share of the printable height, and
the three are averaged), the body type size (the most common size) and the smallest text size, both
read from the PDF's content streams.

Usage::

    python -m mkdocs build -d /tmp/site && python benchmarks/cheatsheet_fill.py /tmp/site [--png DIR]

``--png DIR`` also writes each page as a PNG (100 dpi) to look at.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import pdfkit  # noqa: E402

PAPERS = (("A4", "cheatsheet.pdf"), ("Letter", "cheatsheet-letter.pdf"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--png", type=Path)
    args = parser.parse_args()
    games = sorted(p.parent.name for p in args.site.glob("*/cheatsheet.pdf"))
    if not games:
        print(f"no */cheatsheet.pdf under {args.site}", file=sys.stderr)
        return 2
    print(f"{'game':22} {'paper':7} {'pages':>5} {'fill':>5} {'body pt':>8} {'min pt':>7}")
    for game in games:
        for paper, name in PAPERS:
            pdf = args.site / game / name
            if not pdf.is_file():
                continue
            print(f"{game:22} {paper:7} {pdfkit.pages(pdf):5d} {pdfkit.ink_fill(pdf):5.2f} "
                  f"{pdfkit.body_text_pt(pdf):8.2f} {pdfkit.smallest_text_pt(pdf):7.2f}")
            if args.png:
                args.png.mkdir(parents=True, exist_ok=True)
                pdfkit.render_png(pdf, args.png / f"{game}-{paper.lower()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
