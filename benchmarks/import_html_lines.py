"""How many blocks the HTML reader places on a line that does not hold their words (prints figures; not a test).

Reads every HTML book of tests/unit/cli/rulebooks/ and benchmarks/heldout_rulebooks/ and, for each heading,
paragraph and list item, looks for its first two words on the source line it was given or the next one (the
line the import report sends a reader to). A block whose words start further down its element ('<p
class=MsoNormal …>' with the text two lines below) counts as misplaced too, so the figure is an upper bound.

Usage::

    python benchmarks/import_html_lines.py [--verbose]
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "plugins"))

from rulecraft.cli.importer import _read_source  # noqa: E402
from rulecraft.cli.importer.outline import ListBlock, Paragraph  # noqa: E402

BOOKS = [REPO / "tests" / "unit" / "cli" / "rulebooks", REPO / "benchmarks" / "heldout_rulebooks"]


def _words(text: str) -> str:
    return re.sub(r"[^\w]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text))).lower()


def misplaced(path: Path) -> tuple[int, list[str]]:
    """(blocks checked, the misplaced ones as 'book:line: words | source line')."""
    source = path.read_text(encoding="utf-8", errors="replace").split("\n")
    outline = _read_source(path.read_bytes(), path, "auto")
    placed = []
    for section in outline.root.walk():
        if section.title and section.line:
            placed.append((section.title, section.line))
        for block in section.blocks:
            if isinstance(block, Paragraph):
                placed.append((block.text, block.line))
            elif isinstance(block, ListBlock):
                placed += [(item.text, item.line) for item in block.all_items() if item.text]
    checked, wrong = 0, []
    for text, line in placed:
        words = re.findall(r"[^\W_]+", re.sub(r"\*\*|\[|\]\([^)]*\)", " ", text).lower())[:2]
        line = int(line)
        if not words or line < 1:
            continue
        checked += 1
        if not all(w in _words(" ".join(source[line - 1:line + 1])) for w in words):
            wrong.append(f"{path.name}:{line}: {text[:60]!r} | {source[line - 1][:60]!r}")
    return checked, wrong


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="list each misplaced block")
    args = parser.parse_args(argv)
    books = sorted(p for folder in BOOKS for p in folder.glob("*.html"))
    total, wrong = 0, []
    for path in books:
        checked, found = misplaced(path)
        total += checked
        wrong += found
    if args.verbose:
        print("\n".join(wrong))
    print(f"books: {len(books)}  blocks: {total}  not on their line: {len(wrong)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
