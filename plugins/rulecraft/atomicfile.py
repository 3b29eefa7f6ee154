"""Write a file so that a reader sees the old contents or the new, never half of either.

The caches under .cache/rulecraft/ are read by the next build, and `mkdocs serve` may rebuild while a
one-off build writes; so each file is written beside its place and renamed over it. A new folder (an imported
game) is filled beside its place and renamed into it the same way, so a failure leaves no half of it behind.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (its folder made if need be); OSError when that cannot be done, and then
    nothing is left behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def new_folder(path: Path):
    """A folder that appears whole or not at all: the body fills the temporary folder yielded (beside ``path``,
    hidden by its dot), which is renamed to ``path`` when the body ends; when the body fails, or ``path`` exists
    by then (FileExistsError), the temporary folder is removed and ``path`` is left as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    try:
        yield tmp
        if path.exists() or path.is_symlink():
            raise FileExistsError(errno.EEXIST, "already exists", str(path))
        os.rename(tmp, path)  # a folder: os.rename refuses to replace a non-empty one
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
