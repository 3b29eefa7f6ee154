"""A checked rule book kept on disk, so a build whose inputs did not change does not read the YAML again.

Reading the rules means parsing every YAML file and validating it with pydantic, whose validators are
built (at some cost in time and memory: ~6 MiB for Rulecraft's models) the first time a model class
validates anything. The models are declared with ``defer_build`` for this: a build that takes the book
from here never validates, so it never builds them.

The snapshot is written after the check, with the YAML positions released (``RuleBook.release_positions``:
they are read again from the kept source text if anything asks), under the same key as the check's
result (checks/cache.py: a hash of every file read, Rulecraft's code, the Python and pydantic versions,
the working directory). The file starts with that key; the rest is unpickled only when the key is the
one asked for, so a snapshot of other inputs or of other code is never loaded. Any failure to read it is
a miss.
"""

from __future__ import annotations

import contextlib
import pickle
from pathlib import Path

from .atomicfile import write_atomic
from .book import RuleBook

MAGIC = b"rulecraft-book-1\0"


def load(path: Path, key: str) -> RuleBook | None:
    """The book stored for ``key``, or None (missing, another key, unreadable, damaged)."""
    header = MAGIC + key.encode() + b"\n"
    if not path.is_file():  # missing, or not a regular file (a pipe would block the read)
        return None
    try:
        with open(path, "rb") as stored:
            if stored.read(len(header)) != header:
                return None
            book = pickle.load(stored)
    except Exception:  # noqa: BLE001 - a damaged or foreign snapshot is a miss, whatever the unpickling raises
        return None
    return book if isinstance(book, RuleBook) else None


def store(path: Path, key: str, book: RuleBook) -> None:
    """Write the snapshot atomically; one that cannot be written (or pickled) is simply not kept."""
    try:
        payload = pickle.dumps(book, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable book (never expected) is only a missed speed-up
        return
    with contextlib.suppress(OSError):  # not kept: the next build reads the YAML again
        write_atomic(path, MAGIC + key.encode() + b"\n" + payload)
