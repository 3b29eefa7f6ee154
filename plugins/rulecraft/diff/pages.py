"""A version's prose pages (docs/<game>/**/*.md): texts where a constant or a phase number shows too.

Read as the checker reads them (yamlsource.read_source_bytes): a link leading out of the version's folder, a
FIFO or a device is skipped, never followed; a page that is not UTF-8 is skipped (the checker reports it)."""

from __future__ import annotations

from pathlib import Path

from ..docpages import markdown_pages
from ..yamlsource import read_source_bytes

MAX_PAGE_BYTES = 20_000_000  # as the checker: MkDocs itself reads pages of any size


def read_pages(docs: Path | None, game_id: str) -> dict[str, str]:
    """{path under docs/ ('my-game/how-to-play.md'): text} of one game's pages; {} without any."""
    if docs is None or not (docs / game_id).is_dir():
        return {}
    pages: dict[str, str] = {}
    for path in markdown_pages(docs / game_id):
        raw, _ = read_source_bytes(path, str(path), within=docs.resolve().parent, limit=MAX_PAGE_BYTES)
        try:
            if raw is not None:
                pages[path.relative_to(docs).as_posix()] = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return pages
