"""What a phone stores to keep each game for offline use: the files on the game's offline list (written by
the build under offline/<game>.json), by kind, in bytes as stored and gzipped as served; the game's
cheat-sheet PDFs apart (kept only when first opened). Prints figures; not a test.

Usage::

    python -m mkdocs build -d /tmp/site
    python benchmarks/offline_size.py /tmp/site
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

KINDS = {".html": "HTML", ".css": "CSS", ".js": "JS", ".woff2": "fonts", ".woff": "fonts", ".ttf": "fonts",
         ".otf": "fonts", ".png": "pictures", ".svg": "pictures", ".jpg": "pictures", ".jpeg": "pictures",
         ".webp": "pictures", ".gif": "pictures", ".ico": "pictures"}
ORDER = ("HTML", "CSS", "JS", "fonts", "pictures", "search index", "other")


def file_of(site: Path, url: str) -> Path:
    path = site / url
    return path / "index.html" if url == "" or url.endswith("/") else path


def kind_of(url: str, path: Path) -> str:
    if url.startswith("search/"):
        return "search index"
    return KINDS.get(path.suffix.lower(), "other")


def kib(n: int) -> str:
    return f"{n / 1024:.0f} KiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    site = parser.parse_args().site
    lists = sorted((site / "offline").glob("*.json"))
    if not lists:
        raise SystemExit(f"{site}: no offline/<game>.json (built with the plugin's `offline: false`?)")
    print("| game | " + " | ".join(ORDER) + " | total (gzipped) | PDFs |")
    print("|---|" + "---|" * (len(ORDER) + 2))
    for listing in lists:
        data = json.loads(listing.read_text(encoding="utf-8"))
        sizes, zipped = dict.fromkeys(ORDER, 0), 0
        for url in data["files"]:
            path = file_of(site, url)
            body = path.read_bytes()
            sizes[kind_of(url, path)] += len(body)
            zipped += len(gzip.compress(body, compresslevel=6, mtime=0))
        pdfs = sum(p.stat().st_size for p in (site / data["game"]).rglob("*.pdf"))
        cells = " | ".join(kib(sizes[k]) for k in ORDER)
        print(f"| {data['game']} | {cells} | **{kib(sum(sizes.values()))}** ({kib(zipped)}) | {kib(pdfs)} |")


if __name__ == "__main__":
    main()
