"""Write a file so that a reader sees the old contents or the new, never half of either.

The caches under .cache/rulecraft/ are read by the next build, and `mkdocs serve` may rebuild while a
one-off build writes; so each file is written beside its place and renamed over it.
"""

from __future__ import annotations

import os
import tempfile
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
