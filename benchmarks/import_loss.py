"""How many source sentences `rulecraft import` loses, per rulebook (prints figures; not a test).

Imports every rulebook of ``tests/unit/cli/rulebooks/`` and ``benchmarks/heldout_rulebooks/`` into a
throw-away project and counts, with ``tests/losskit.py`` (the no-loss test's matcher), the sentences of the
importer's outline and, for Markdown and plain text, of the raw file that do not reach the data or the prose
page (a sentence written twice must be found twice).

Usage::

    python benchmarks/import_loss.py [--verbose] [NAME ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "plugins"))
sys.path.insert(0, str(REPO / "tests"))

import losskit  # noqa: E402

from rulecraft.cli.importer import _read_source, import_rulebook  # noqa: E402

FOLDERS = (REPO / "tests" / "unit" / "cli" / "rulebooks", REPO / "benchmarks" / "heldout_rulebooks")
SUFFIXES = (".md", ".html", ".txt", ".pdf", ".docx")


def book_losses(path: Path, root: Path) -> list[tuple[str, str, int, int]]:
    """(where, sentence, times written, times found) of every lost sentence of ``path``."""
    outline = _read_source(path.read_bytes(), path, "auto")
    result = import_rulebook(path, root, game_id=path.stem)
    out = losskit.output_words(result.folder, result.page.parent)
    found = [("outline",) + item for item in losskit.lost(losskit.outline_texts(outline), out)]
    if path.suffix in (".md", ".txt"):
        raw = losskit.raw_texts(path.read_text(encoding="utf-8-sig"))
        found += [("raw",) + item for item in losskit.lost(raw, out)]
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="rulebook file names (default: all)")
    parser.add_argument("--verbose", "-v", action="store_true", help="print every lost sentence")
    args = parser.parse_args(argv)
    books = sorted(p for folder in FOLDERS for p in folder.iterdir() if p.suffix in SUFFIXES
                   and (not args.names or p.name in args.names or p.stem in args.names))
    total = losing = 0
    for path in books:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                lost = book_losses(path, Path(tmp))
            except Exception as error:  # noqa: BLE001 - a figure script: report and go on
                print(f"{path.name}: ERROR {type(error).__name__}: {error}")
                continue
        # a sentence lost from both outline and raw text counts once
        count = len({sentence for _, sentence, _, _ in lost})
        total += count
        losing += bool(count)
        if count:
            print(f"{path.parent.name}/{path.name}: {count}")
            if args.verbose:
                for where, sentence, times, got in lost:
                    print(f"    [{where}] {times}x->{got}x  {sentence}")
    print(f"books: {len(books)}  losing: {losing}  lost sentences: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
