"""Cheat-sheet PDFs kept on disk between builds, keyed by what they are made from.

Setting a PDF takes WeasyPrint about a second; the sheet it is made from rarely changes.
``pdf.write_pdf`` looks the hash of its input (the sheet's document and stylesheets) up in a
mapping per game and paper and keeps one entry there; ``PdfCache`` gives it mappings backed by
files under the project's ``.cache/rulecraft/pdf/``, so a `mkdocs build` whose sheet did not
change copies last build's PDF instead of setting it again. The one PDF a slot keeps is also
what a page served by `mkdocs serve` links while its new PDF is being made (``pdf_jobs``).

Entries are ``<sha256>-<pages>.pdf``, written to a temporary name and renamed, so a reader never
sees half a file; anything unreadable or not a PDF counts as missing. The folder is named after
the WeasyPrint version and the renderer's own code: either changing sets every PDF again.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator, MutableMapping
from importlib import metadata
from pathlib import Path

ENTRY_RE = re.compile(r"^([0-9a-f]{64})-([0-9]+)\.pdf$")


def renderer_tag() -> str:
    """Names the cache folder: PDFs made by another WeasyPrint or another pdf.py are not reused."""
    try:
        version = metadata.version("weasyprint")
    except metadata.PackageNotFoundError:
        version = "none"
    code = hashlib.sha256((Path(__file__).parent / "pdf.py").read_bytes()).hexdigest()[:16]
    return f"weasyprint-{version}-{code}"


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class PdfSlot(MutableMapping):
    """Input hash -> (PDF bytes, page count) for one game and paper, stored in one folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _entries(self) -> dict[str, Path]:
        try:
            names = os.listdir(self.folder)
        except OSError:
            return {}
        found = {}
        for name in names:
            match = ENTRY_RE.match(name)
            if match:
                found[match.group(1)] = self.folder / name
        return found

    def _read(self, path: Path) -> tuple[bytes, int] | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if not data.startswith(b"%PDF"):
            path.unlink(missing_ok=True)  # damaged: made again
            return None
        return data, int(ENTRY_RE.match(path.name).group(2))

    def __contains__(self, digest) -> bool:
        path = self._entries().get(digest)
        return path is not None and self._read(path) is not None

    def __getitem__(self, digest: str) -> tuple[bytes, int]:
        path = self._entries().get(digest)
        value = self._read(path) if path is not None else None
        if value is None:
            raise KeyError(digest)
        return value

    def __setitem__(self, digest: str, value: tuple[bytes, int]) -> None:
        data, pages = value
        if not ENTRY_RE.match(f"{digest}-{int(pages)}.pdf"):
            raise ValueError(f"not a sha256 hex digest: {digest!r}")
        _atomic_write(self.folder / f"{digest}-{int(pages)}.pdf", data)

    def __delitem__(self, digest: str) -> None:
        path = self._entries().get(digest)
        if path is None:
            raise KeyError(digest)
        path.unlink(missing_ok=True)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())

    def clear(self) -> None:
        for path in self._entries().values():
            path.unlink(missing_ok=True)

    def latest(self) -> tuple[bytes, int] | None:
        """The most recently written PDF of this slot (what the site showed last), if any."""
        entries = sorted(self._entries().values(), key=lambda p: p.stat().st_mtime_ns if p.exists() else 0)
        for path in reversed(entries):
            value = self._read(path)
            if value is not None:
                return value
        return None


class PdfCache:
    """The per-slot mappings ``pdf.build_cheatsheet_pdfs`` asks for (``setdefault("<game> <paper>", {})``)."""

    def __init__(self, folder: Path):
        tag = renderer_tag()
        self.folder = folder / tag
        if folder.is_dir():  # PDFs of an older renderer are never read again
            for stale in folder.iterdir():
                if stale.is_dir() and stale.name != tag:
                    shutil.rmtree(stale, ignore_errors=True)

    def slot(self, key: str) -> PdfSlot:
        return PdfSlot(self.folder / re.sub(r"[^A-Za-z0-9_.-]+", "-", key))

    def setdefault(self, key: str, _default=None) -> PdfSlot:
        return self.slot(key)
