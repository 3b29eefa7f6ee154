"""Cheat-sheet PDFs as printed: pages, how full, type sizes (prints figures; not a timed test).

For every ``<game>/cheatsheet.pdf`` (A4) and ``<game>/cheatsheet-letter.pdf`` (US Letter) in a built
site it prints the page count, the fill measured on the rendered page (``tests/pdfkit.py``: the page is
rasterised, the lowest ink in each third of the width is taken as a share of the printable height, and
the three are averaged), the body type size (the most common size) and the smallest text size, both
read from the PDF's content streams.

Usage::

    python -m mkdocs build -d /tmp/site && python benchmarks/cheatsheet_fill.py /tmp/site [--png DIR]

``--png DIR`` also writes each page as a PNG (100 dpi) to look at. ``--cache DIR`` (the project's
``.cache/rulecraft/pdf``) adds how many WeasyPrint renders each game's fit took (``attempts`` in the
newest ``result.json`` of the game's cache entries).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import pdfkit  # noqa: E402

PAPERS = (("A4", "cheatsheet.pdf"), ("Letter", "cheatsheet-letter.pdf"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--png", type=Path)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    games = sorted(p.parent.name for p in args.site.glob("*/cheatsheet.pdf"))
    if not games:
        print(f"no */cheatsheet.pdf under {args.site}", file=sys.stderr)
        return 2
    print(f"{'game':22} {'paper':7} {'pages':>5} {'fill':>5} {'body pt':>8} {'min pt':>7}"
          + (f" {'renders':>7}" if args.cache else ""))
    total = 0
    for game in games:
        renders = _renders(args.cache, game) if args.cache else None
        total += renders or 0
        for paper, name in PAPERS:
            pdf = args.site / game / name
            if not pdf.is_file():
                continue
            print(f"{game:22} {paper:7} {pdfkit.pages(pdf):5d} {pdfkit.ink_fill(pdf):5.2f} "
                  f"{pdfkit.body_text_pt(pdf):8.2f} {pdfkit.smallest_text_pt(pdf):7.2f}"
                  + (f" {renders if renders is not None else '?':>7}" if args.cache else ""))
            if args.png:
                args.png.mkdir(parents=True, exist_ok=True)
                pdfkit.render_png(pdf, args.png / f"{game}-{paper.lower()}")
    if args.cache:
        print(f"renders, all games: {total}")
    return 0


def _renders(cache: Path, game: str) -> int | None:
    """The render count of the game's newest fit in the PDF cache (any renderer version folder)."""
    results = sorted(cache.glob(f"*/{game}/*/result.json"), key=lambda p: p.stat().st_mtime)
    return json.loads(results[-1].read_text(encoding="utf-8"))["attempts"] if results else None


if __name__ == "__main__":
    sys.exit(main())
