"""Glossary-link density of a built site: words of body text, term links, words per link, per page.

    .venv/bin/python benchmarks/link_density.py SITE_DIR [--game john-company] [--all]

SITE_DIR is a built site (``mkdocs build -d SITE_DIR``). Body text is the page's article without
headings, navigation, scripts, hidden elements and designer notes (the player view; a collapsed
dice table counts, as it reads once opened); a term link is ``<a class="rc-term">``.
The target of issue 14: at least 25 words per link on every generated page. Prints one line per
page, sorted by density (densest first), and the pages that miss the target.
"""

from __future__ import annotations

import argparse
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

TARGET = 25
_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_SKIP = {"script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "nav", "button", "template", "svg"}
_SKIP_CLASSES = {"headerlink", "md-source-file", "rc-dnote"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Counter(HTMLParser):
    """Counts words and term links inside <article>, skipping headings and non-text elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.in_article = 0
        self.words = 0
        self.links = 0

    def _skipping(self) -> bool:
        return any(skipped for _, skipped in self.stack)

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            return
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "article":
            self.in_article += 1
        # Designer notes and hidden elements are not in the player view.
        skipped = tag in _SKIP or "hidden" in attrs or not _SKIP_CLASSES.isdisjoint(classes)
        self.stack.append((tag, skipped))
        if tag == "a" and "rc-term" in classes and self.in_article and not self._skipping():
            self.links += 1

    def handle_endtag(self, tag):
        if tag in _VOID:
            return
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == "article":
                self.in_article -= 1
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.in_article and not self._skipping():
            self.words += len(_WORD_RE.findall(data))


def measure(html: str) -> tuple[int, int]:
    counter = _Counter()
    counter.feed(html)
    counter.close()
    return counter.words, counter.links


def pages(site: Path, game: str | None) -> list[Path]:
    root = site / game if game else site
    return sorted(p for p in root.rglob("index.html") if "search" not in p.parts and "assets" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--game", help="only this game's pages")
    args = parser.parse_args(argv)
    if not args.site.is_dir():
        print(f"{args.site}: not a directory (build the site first)", file=sys.stderr)
        return 2
    rows = []
    for page in pages(args.site, args.game):
        words, links = measure(page.read_text(encoding="utf-8"))
        rows.append((words / links if links else float("inf"), page.relative_to(args.site).parent.as_posix(),
                     words, links))
    rows.sort()
    print(f"{'page':45} {'words':>7} {'links':>6} {'words/link':>11}")
    for ratio, name, words, links in rows:
        shown = f"{ratio:.1f}" if links else "-"
        print(f"{name or '/':45} {words:7d} {links:6d} {shown:>11}")
    missed = [name for ratio, name, _, _ in rows if ratio < TARGET]
    print(f"\n{len(rows)} pages; {len(missed)} below {TARGET} words per link" + (": " + ", ".join(missed) if missed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
