"""The stylesheets and scripts Rulecraft adds to every page, as they are served.

The sources keep their comments: they explain tuned numbers (the cheat sheet's page geometry,
print rules). Served CSS leaves them out — about a fifth of the gzipped total, which has a
budget of 12 KB for all of Rulecraft's JS and CSS. Scripts are served as written: stripping
comments from JavaScript safely needs a real parser, and theirs are short.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

ASSETS = Path(__file__).parent / "assets"
_CSS_COMMENT_RE = re.compile(r"/\*.*?\*/", re.DOTALL)  # no string in our CSS contains "/*"
_BLANK_LINES_RE = re.compile(r"\n\s*\n+")


def asset_files() -> list[Path]:
    return sorted(p for p in ASSETS.iterdir() if p.suffix in (".css", ".js"))


def served_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".css":
        text = _BLANK_LINES_RE.sub("\n", _CSS_COMMENT_RE.sub("", text)).strip() + "\n"
    return text


def gzipped_size(path: Path) -> int:
    """Bytes on the wire with gzip (level 6, what web servers use by default)."""
    return len(gzip.compress(served_text(path).encode("utf-8"), compresslevel=6, mtime=0))
