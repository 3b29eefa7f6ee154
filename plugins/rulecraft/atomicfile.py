"""Write a file so that a reader sees the old contents or the new, never half of either.

The caches under .cache/rulecraft/ are read by the next build, and `mkdocs serve` may rebuild while a
one-off build writes; so each file is written beside its place and renamed over it. ``NewFolders`` does
the same for a set of new folders (the game ``rulecraft new`` or ``import`` writes): all of them, or none.
"""

from __future__ import annotations

import os
import shutil
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


class NewFolders:
    """New folders (and files) that appear together or not at all.

    Each folder is built under a temporary name beside its place (``folder``), then every one is moved to
    its place at once (``commit``). Used as a context manager: when the block fails (an error, a full disk,
    Ctrl-C), everything it made is removed again (the folders, committed or not, the files written with
    ``new_file`` and the parent folders made for them), so a retry finds the same state as the first try.
    """

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []  # (temporary folder, its place)
        self._made: list[Path] = []  # what to remove on failure, in the order made

    def __enter__(self) -> NewFolders:
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is not None:
            self.discard()
        return False

    def _parents(self, path: Path) -> None:
        missing = [p for p in reversed(path.parents) if not p.exists()]
        for parent in missing:
            parent.mkdir()
            self._made.append(parent)

    def folder(self, place: Path) -> Path:
        """A new empty folder to fill, that ``commit`` moves to ``place`` (FileExistsError if it is taken)."""
        place = Path(place)
        if place.exists():
            raise FileExistsError(f"'{place}' already exists")
        self._parents(place)
        tmp = Path(tempfile.mkdtemp(prefix=f".{place.name}.", suffix=".tmp", dir=place.parent))
        self._staged.append((tmp, place))
        self._made.append(tmp)
        return tmp

    def new_file(self, path: Path, data: bytes) -> None:
        """Write a file that must not exist yet (FileExistsError if it does); removed again on failure."""
        path = Path(path)
        if path.exists():
            raise FileExistsError(f"'{path}' already exists")
        self._parents(path)
        write_atomic(path, data)
        self._made.append(path)

    def commit(self) -> None:
        """Move every folder to its place (FileExistsError, nothing moved twice, if a place was taken meanwhile)."""
        for _, place in self._staged:
            if place.exists():
                raise FileExistsError(f"'{place}' already exists")
        for tmp, place in self._staged:
            os.rename(tmp, place)
            self._made[self._made.index(tmp)] = place
        self._staged.clear()

    def discard(self) -> None:
        """Remove everything made so far, newest first."""
        for path in reversed(self._made):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        self._made.clear()
        self._staged.clear()
