"""What the extension needs when an engine builds it from configuration, with no plugin to help.

Zensical (and any engine that lists ``rulecraft`` under ``markdown_extensions``) makes a fresh
extension for every page from its name and options; no plugin hands it a loaded rule book or
tells it which page is rendering. So:

* the rule book is loaded once per folder and kept while its files are unchanged (a page render
  costs a few ``stat`` calls, not a reload; an edit under ``zensical serve`` is seen on the next
  render);
* the page is read from the engine's rendering context. Zensical registers a preprocessor holding
  ``page`` (``.path`` inside docs_dir, ``.url``) before the page's extensions: the extension
  looks for it by shape, so nothing here imports an engine.
"""

from __future__ import annotations

import threading
from pathlib import Path

from ..book import RuleBook

_lock = threading.Lock()
_books: dict[Path, tuple[tuple, RuleBook]] = {}


def _fingerprint(folder: Path) -> tuple:
    found = []
    for path in sorted(folder.rglob("*")):
        try:
            stat = path.stat()
        except OSError:
            continue
        found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def shared_rulebook(folder: Path) -> RuleBook:
    """The rule book in ``folder``, loaded once and reloaded when one of its files changes."""
    from ..loader import load_rulebook  # here: a build from the snapshot never loads pydantic

    folder = folder.resolve()
    with _lock:  # an engine may render pages on several threads
        stamp = _fingerprint(folder)
        cached = _books.get(folder)
        if cached is None or cached[0] != stamp:
            cached = _books[folder] = (stamp, load_rulebook(folder))
        return cached[1]


def announced_page(md) -> str | None:
    """The docs path of the page ``md`` renders, when the engine put it in a rendering context."""
    for processor in md.preprocessors:
        page = getattr(processor, "page", None)
        path = getattr(page, "path", None)
        if isinstance(path, str) and isinstance(getattr(page, "url", None), str):
            return path.replace("\\", "/")
    return None
