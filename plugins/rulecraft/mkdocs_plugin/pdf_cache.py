"""Cheat-sheet fits and PDFs kept on disk between builds, keyed by what they are made from.

Fitting a sheet takes WeasyPrint several renders (seconds); the sheet it is made from rarely
changes. ``pdf.fit_sheet`` looks the hash of its input (the sheet's fragment, the papers' documents
and the stylesheets) up in a mapping per game and keeps one entry there; ``PdfCache`` gives it
mappings backed by folders under the project's ``.cache/rulecraft/pdf/``, so a `mkdocs build` whose
sheet did not change reads last build's fit and PDFs instead of fitting again. The entry a slot
wrote last is also what a page served by `mkdocs serve` links while its new PDFs are being made
(``pdf_jobs``).

An entry is a folder ``<sha256>/`` holding ``result.json`` and the PDFs (``FitResult.to_json``),
written in a temporary folder beside it and renamed into place, so a reader never sees half an
entry; anything unreadable or damaged counts as missing and is removed. The folder is the project's, so
someone else may have written it (a cloned repository's ``.cache/``, a CI cache a pull request filled):
an entry is plain data, every value of it checked (``FitResult.from_json``; a PDF is a file of the
entry, never a link out of it), and its sheet is put into a page only when it is what the entry's fit
makes of this build's sheet (``FitResult.made_from``, asked by ``pdf``). The cache folder is named
after the WeasyPrint version and the code that fits and sets the sheet: changing either fits every
sheet again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator, MutableMapping
from importlib import metadata
from pathlib import Path
from urllib.parse import quote

from .fitting import FitResult
from .pdf import PAPERS

DIGEST_RE = re.compile(r"^[0-9a-f]{64}$")
RESULT = "result.json"
_HERE = Path(__file__).parent
# The code whose output an entry is: the PDF step, the fit search, the layout call, and the emoji pictures
# (code and set).
RENDERER_CODE = (_HERE / "pdf.py", _HERE / "fitting.py", _HERE / "sheet_layout.py",
                 _HERE.parent / "render" / "emoji.py", _HERE.parent / "render" / "twemoji" / "twemoji.json.xz")


def renderer_tag() -> str:
    """Names the cache folder: results made by another WeasyPrint or other renderer code are not reused."""
    try:
        version = metadata.version("weasyprint")
    except metadata.PackageNotFoundError:
        version = "none"
    code = hashlib.sha256()
    for path in RENDERER_CODE:
        code.update(path.read_bytes())
    return f"weasyprint-{version}-{code.hexdigest()[:16]}"


def _remove(path: Path) -> None:
    """Renamed aside first, so a writer renaming a new entry into this name is never half deleted."""
    try:
        aside = Path(tempfile.mkdtemp(dir=path.parent, prefix=".gone-"))
        os.replace(path, aside / "x")
    except OSError:
        shutil.rmtree(path, ignore_errors=True)
        return
    shutil.rmtree(aside, ignore_errors=True)


class PdfSlot(MutableMapping):
    """Input hash -> FitResult (fit, verified fragment, PDFs) for one game, stored in one folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _entries(self) -> dict[str, Path]:
        try:
            names = os.listdir(self.folder)
        except OSError:
            return {}
        return {name: self.folder / name for name in names if DIGEST_RE.match(name)}

    def _read(self, path: Path) -> FitResult | None:
        try:
            # an entry is what a build wrote here: a folder holding files (a link or a pipe is no entry:
            # reading a pipe would wait for ever)
            if path.is_symlink() or (path / RESULT).is_symlink() or not (path / RESULT).is_file():
                raise ValueError("not a file of the entry")
            result = FitResult.from_json(json.loads((path / RESULT).read_text(encoding="utf-8")), path)
            if set(result.pdfs) != {paper.css_size for paper in PAPERS} or \
                    not all(data.startswith(b"%PDF") for data, _, _ in result.pdfs.values()):
                raise ValueError("not a PDF of each paper")
        except Exception:  # missing file, bad JSON, wrong shape (FitResult.from_json): damaged, made again
            if path.is_dir():
                _remove(path)
            return None
        return result

    def get(self, digest, default=None):
        path = self._entries().get(digest)
        value = self._read(path) if path is not None else None
        return default if value is None else value

    def __contains__(self, digest) -> bool:
        return self.get(digest) is not None

    def __getitem__(self, digest: str) -> FitResult:
        value = self.get(digest)
        if value is None:
            raise KeyError(digest)
        return value

    def __setitem__(self, digest: str, value: FitResult) -> None:
        if not DIGEST_RE.match(str(digest)):
            raise ValueError(f"not a sha256 hex digest: {digest!r}")
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=self.folder, prefix=".new-"))
        try:
            data = value.to_json(tmp)
            (tmp / RESULT).write_text(json.dumps(data), encoding="utf-8")  # last: marks the entry complete
            target = self.folder / digest
            if target.exists():  # the same input made again (another build): the newer one stays
                _remove(target)
            os.replace(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise

    def __delitem__(self, digest: str) -> None:
        path = self._entries().get(digest)
        if path is None:
            raise KeyError(digest)
        _remove(path)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())

    def clear(self) -> None:
        for path in self._entries().values():
            _remove(path)

    def latest(self) -> FitResult | None:
        """The entry written last (what the site showed last), if any readable one is left."""
        def written(path: Path) -> int:
            try:
                return (path / RESULT).stat().st_mtime_ns
            except OSError:
                return 0

        for path in sorted(self._entries().values(), key=written, reverse=True):
            value = self._read(path)
            if value is not None:
                return value
        return None


class PdfCache:
    """The per-game mappings ``pdf.build_cheatsheet_pdfs`` asks for (``setdefault(game_id, {})``)."""

    def __init__(self, folder: Path):
        tag = renderer_tag()
        self.folder = folder / tag
        if folder.is_dir():  # results of older renderer code are never read again
            for stale in folder.iterdir():
                if stale.is_dir() and stale.name != tag:
                    shutil.rmtree(stale, ignore_errors=True)

    def slot(self, key: str) -> PdfSlot:
        """The folder of one sheet: a game id, or a variant's sheet as ``<game>/cheatsheet-<variant>``.
        Named by an escaping that keeps keys apart ("isle/cheatsheet-long-game" is not the game
        "isle-cheatsheet-long-game"), and never "." or "..": every character but letters, digits, - and
        _ is written as %XX."""
        return PdfSlot(self.folder / quote(key, safe="").replace(".", "%2E"))

    def setdefault(self, game_id: str, _default=None) -> PdfSlot:
        return self.slot(game_id)
