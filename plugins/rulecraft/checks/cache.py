"""The checker's last result kept on disk, so a build whose inputs did not change skips it.

`mkdocs build` runs every check on every build; on a large rulebook that is a noticeable part of
the build (the prose TODO scan, matching every term over all the text for the usage warnings).
The result only depends on what the checker reads, so it is stored with a hash of all of it:

* every file under rules_data/ (and the shared glossaries beside a single game's folder),
* every Markdown page under docs/ (prose checks, TODOs, term mentions; every suffix MkDocs renders as a
  page, docpages.py),
* Rulecraft's own code, the versions of Python and pydantic (messages come from them),
* the working directory (problems name files relative to it).

Any difference is a miss: the checks run and the entry is replaced (one entry: the last
result). An unreadable or damaged entry is a miss too, whatever it holds: the entry is JSON, and each
problem's fields are checked for their types before use. The key is computed before loading and
again after checking; the result is stored only if both agree, so a file saved while the check
ran is never filed under the wrong contents.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from .. import snapshot
from ..atomicfile import write_atomic
from ..book import SHARED_DIR, RuleBook
from ..docpages import is_markdown_page
from ..problems import Location, Problem, Severity
from . import CheckResult, check_book

FORMAT = 3  # 2: problems carry their subject (checks/accept.py); 3: the book is JSON (snapshot.py)
BOOK_FILE = "book.json"  # beside the cache file: the checked book (snapshot.py)


@cache
def _code_digest() -> bytes:
    """Rulecraft's source (a changed check must not reuse results), the versions of Python, pydantic and
    PyYAML (messages, parsed values and positions come from them). pydantic's version is read from its
    version.py, not imported: a build from the snapshot never loads pydantic (models/records.py)."""
    import yaml

    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{sys.version}\0{_pydantic_version()}\0{yaml.__version__}\0".encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _pydantic_version() -> bytes:
    spec = importlib.util.find_spec("pydantic")  # finds the package without importing it
    folder = spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else None
    try:
        return Path(folder, "version.py").read_bytes() if folder else b""
    except OSError:
        return b""


def _files(folder: Path, wanted: Callable[[str], bool]) -> Iterator[Path]:
    """The files under ``folder`` whose names are ``wanted``, in a fixed order, through linked folders as
    the loader goes (a game folder may be a link to one kept elsewhere); a folder reached twice is read once."""
    seen: set[str] = set()
    for top, folders, names in os.walk(folder, followlinks=True):
        real = os.path.realpath(top)
        if real in seen:
            folders[:] = []
            continue
        seen.add(real)
        folders.sort()
        for name in sorted(names):
            if wanted(name) and os.path.isfile(os.path.join(top, name)):
                yield Path(top, name)


def _add_tree(digest, label: str, folder: Path, wanted: Callable[[str], bool]) -> None:
    # Names as the file system gives them (os.fsencode): a file name that is not UTF-8 is no error.
    digest.update(b"\1" + label.encode() + b"\0" + os.fsencode(folder) + b"\0")
    if not folder.is_dir():
        return
    for path in _files(folder, wanted):
        try:
            data = path.read_bytes()
        except OSError:
            data = b"\2unreadable"
        digest.update(os.fsencode(path.relative_to(folder).as_posix()) + b"\0" + str(len(data)).encode() + b"\0"
                      + data)


def input_key(data_dir: Path, docs_dir: Path | None) -> str:
    """Hash of everything ``load_rulebook(data_dir)`` and ``check_book(book, docs_dir)`` read."""
    data_dir = Path(data_dir).resolve()
    digest = hashlib.sha256(_code_digest())
    digest.update(f"{FORMAT}\0".encode() + os.fsencode(Path.cwd().resolve()) + b"\0")
    _add_tree(digest, "data", data_dir, lambda name: True)
    # Shared glossaries beside the folder: those of one game's folder (hashed whatever the folder holds).
    _add_tree(digest, "shared", data_dir.parent / SHARED_DIR, lambda name: name.endswith(".yaml"))
    if docs_dir is not None:
        _add_tree(digest, "docs", Path(docs_dir).resolve(), is_markdown_page)
    return digest.hexdigest()


def _encode(problem: Problem) -> list:
    loc = problem.location
    return [problem.severity.value, problem.code, problem.message, loc.file, loc.line, loc.column, problem.hint,
            problem.game, problem.subject]


def _decode(item: list) -> Problem:
    severity, code, message, file, line, column, hint, game, subject = item
    if not all(isinstance(v, str) for v in (code, message, file, hint, game, subject)) or \
            not all(isinstance(v, int) for v in (line, column)):
        raise ValueError("damaged entry")
    return Problem(Severity(severity), code, message, Location(file, line, column), hint, game, subject)


def load(cache_file: Path, key: str) -> list[Problem] | None:
    """The stored problems for ``key``, or None (missing, another key, unreadable, damaged)."""
    if not cache_file.is_file():  # missing, or not a regular file (a pipe would block the read)
        return None
    try:
        entry = json.loads(cache_file.read_text(encoding="utf-8"))
        if entry.get("format") != FORMAT or entry.get("key") != key:
            return None
        return [_decode(item) for item in entry["problems"]]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):  # too deep: RecursionError
        return None


def store(cache_file: Path, key: str, problems: list[Problem]) -> None:
    """Write the entry atomically; a cache that cannot be written is simply not used."""
    text = json.dumps({"format": FORMAT, "key": key, "problems": [_encode(p) for p in problems]})
    with contextlib.suppress(OSError):  # not kept: the next build checks again
        write_atomic(cache_file, text.encode("utf-8"))


def _load_rulebook(data_dir: Path) -> RuleBook:
    from ..loader import load_rulebook  # pydantic: only when the book is read from its YAML

    return load_rulebook(data_dir)


def load_and_check(data_dir: Path, docs_dir: Path | None, cache_file: Path | None) -> tuple[RuleBook, CheckResult]:
    """``load_rulebook(data_dir)`` and the problems of ``check_book(book, docs_dir)`` (without the
    per-game summaries, which only the CLI prints); the checks are skipped when ``cache_file``
    holds the result for the same inputs (``cache_file`` None: always run them, store nothing).
    With a cache file the book comes back with its YAML positions released (RuleBook.release_positions),
    and is kept beside the result (snapshot.py): an unchanged build then reads no YAML at all.
    Callers doing bulk work pause the cyclic GC around this (see collector)."""
    if cache_file is None:
        book = _load_rulebook(data_dir)
        return book, check_book(book, docs_dir, summaries=False)
    key = input_key(data_dir, docs_dir)
    book_file = cache_file.with_name(BOOK_FILE)
    stored = load(cache_file, key)
    if stored is not None:
        book = snapshot.load(book_file, key)
        if book is None:
            book = _load_rulebook(data_dir)
            book.release_positions()
            if not any(p.is_error for p in stored) and input_key(data_dir, docs_dir) == key:  # none saved meanwhile
                snapshot.store(book_file, key, book)
        return book, CheckResult(book, stored)
    book = _load_rulebook(data_dir)
    result = check_book(book, docs_dir, summaries=False)
    book.release_positions()
    if input_key(data_dir, docs_dir) == key:  # nothing was saved meanwhile
        store(cache_file, key, result.problems)
        if not result.errors:  # a book with errors is never built from (the build fails, or keeps the last good)
            snapshot.store(book_file, key, book)
    return book, result
