"""The checker's cheat-sheet estimate against the page WeasyPrint lays out (prints figures; not a test).

``rulecraft check`` warns ``cheatsheet-overflow`` from ``models.cheatsheet.estimate``, a line count made
before anything is rendered. This script renders every game's sheet of a built site at the sizes the
estimate knows (``SIZES_PT``) in the game's columns with normal spacing, and at the smallest size in more
columns and tighter spacing (what the PDF step tries before it leaves anything out), on US Letter and A4, measures the
fill the way the PDF step does (``fitting.measure``: line boxes; a second page counts as 1 + its fill),
and prints estimate, measured fill and their difference, with the mean and largest error per paper.
The estimate is made for Letter's height (the shorter page): on A4 it is on the safe side by design.

Usage::

    python -m mkdocs build -d /tmp/site && python benchmarks/cheatsheet_estimate.py /tmp/site
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))

from rulecraft.loader import load_rulebook  # noqa: E402
from rulecraft.mkdocs_plugin.fitting import apply_fit, measure  # noqa: E402
from rulecraft.mkdocs_plugin.pdf import PAPERS, _template_for, sheet_fragment, without_links  # noqa: E402
from rulecraft.mkdocs_plugin.sheet_layout import renderer  # noqa: E402
from rulecraft.models.cheatsheet import MAX_COLUMNS, MIN_SPACING, SIZES_PT, Fit, estimate, sheet_content  # noqa: E402
from rulecraft.models.index import build_index  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--rules-data", type=Path, default=REPO / "rules_data")
    args = parser.parse_args()
    book = load_rulebook(args.rules_data)
    errors: dict[str, list[float]] = {paper.label: [] for paper in PAPERS}
    print(f"{'game':20} {'pt':>4} {'cols':>4} {'space':>5} {'estimate':>8} " + " ".join(f"{p.label:>9} {'error':>6}" for p in PAPERS))
    for game_id, game in sorted(book.games.items()):
        page_file = args.site / game_id / "cheatsheet" / "index.html"
        if not page_file.is_file():
            continue
        index = build_index(game)
        content = sheet_content(index)
        page_html = page_file.read_text(encoding="utf-8")
        fragment = without_links(sheet_fragment(page_html))
        render = renderer(page_file, args.site)
        # the sizes the estimate knows in the game's columns, and the smallest in more columns (what the
        # PDF step tries before it leaves anything out)
        tries = [(size, content.columns, 1.0) for size in SIZES_PT]
        tries += [(SIZES_PT[-1], cols, 1.0) for cols in range(content.columns + 1, MAX_COLUMNS + 1)]
        tries += [(SIZES_PT[-1], MAX_COLUMNS, MIN_SPACING)]
        for size, columns, spacing in tries:
            guess = estimate(replace(content, columns=columns), index, size, spacing).fill
            row = f"{game_id:20} {size:4g} {columns:4d} {spacing:5.2f} {guess:8.2f} "
            for paper in PAPERS:
                template = _template_for(page_html, page_file, args.site, "assets/rulecraft", paper.css_size)
                sheet = apply_fit(fragment, Fit(size, columns, spacing))
                _pages, fill = measure(render(template.replace("{fragment}", sheet)))
                errors[paper.label].append(guess - fill)
                row += f"{fill:9.2f} {guess - fill:+6.2f} "
            print(row.rstrip())
    for paper, errs in errors.items():
        if errs:
            print(f"{paper}: estimate - measured: mean {statistics.mean(errs):+.3f}, mean |error| "
                  f"{statistics.mean(abs(e) for e in errs):.3f}, worst under-estimate {min(errs):+.3f}, "
                  f"worst over-estimate {max(errs):+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
