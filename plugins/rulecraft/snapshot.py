"""A checked rule book kept on disk, so a build whose inputs did not change does not read the YAML again.

Reading the rules means parsing every YAML file and validating it with pydantic. A build that takes the
book from here does neither, and does not even import pydantic (~0.15 s and ~6 MiB): every model object is
stored as the arguments of ``records.rebuild``, which makes a plain object of the same kind, name and
fields (models/records.py). The models are also declared with ``defer_build``, so that a process which
imports them without validating (the CLI's cards export, say) does not build their validators.

The snapshot is written after the check, with the YAML positions released (``RuleBook.release_positions``:
they are read again from the kept source text if anything asks), under the same key as the check's
result (checks/cache.py: a hash of every file read, Rulecraft's code, the Python and pydantic versions,
the working directory). The file starts with that key; the rest is unpickled only when the key is the
one asked for, so a snapshot of other inputs or of other code is never loaded. Any failure to read it is
a miss.
"""

from __future__ import annotations

import contextlib
import functools
import io
import pickle
from pathlib import Path

from .atomicfile import write_atomic
from .book import RuleBook
from .models import records

MAGIC = b"rulecraft-book-2\0"  # 2: model objects stored as records


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


class _RecordPickler(pickle.Pickler):
    """Pickles each pydantic model object as its plain record (see records.rebuild)."""

    def reducer_override(self, obj):
        kind = _kind_of(type(obj))
        if kind is None:
            return NotImplemented
        return records.rebuild, (kind, type(obj).__name__, dict(obj.__dict__), obj.source_file, obj.source_path)


@functools.cache
def _kind_of(cls: type) -> type[records.Model] | None:
    """The class of models/records.py a pydantic model class inherits (Model for one deriving nothing);
    None for anything else, records included (they pickle themselves)."""
    if not issubclass(cls, records.Model) or issubclass(cls, records.Record):
        return None
    return next(base for base in cls.__mro__ if base.__module__ == records.__name__)


def store(path: Path, key: str, book: RuleBook) -> None:
    """Write the snapshot atomically; one that cannot be written (or pickled) is simply not kept."""
    try:
        buffer = io.BytesIO()
        _RecordPickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(book)
        payload = buffer.getvalue()
    except Exception:  # noqa: BLE001 - an unpicklable book (never expected) is only a missed speed-up
        return
    with contextlib.suppress(OSError):  # not kept: the next build reads the YAML again
        write_atomic(path, MAGIC + key.encode() + b"\n" + payload)
