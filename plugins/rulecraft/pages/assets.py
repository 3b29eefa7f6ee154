"""The stylesheets and scripts Rulecraft adds to every page, as they are served.

The sources keep their comments: they explain tuned numbers (the cheat sheet's page geometry,
print rules). Served CSS leaves them out — about a fifth of the gzipped total, which has a
budget of 13 KB for all of Rulecraft's JS and CSS. Scripts are served without the block comment
that opens the file (it describes the file for its maintainers) and otherwise as written: stripping
other comments from JavaScript safely needs a real parser, and theirs are short.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

ASSETS = Path(__file__).parents[1] / "assets"
_CSS_COMMENT_RE = re.compile(r"/\*.*?\*/", re.DOTALL)  # no string in our CSS contains "/*"
_BLANK_LINES_RE = re.compile(r"\n\s*\n+")
_JS_HEADER_RE = re.compile(r"\A/\*.*?\*/\n", re.DOTALL)  # only at the very start: never inside a string


# Scripts that must run before the theme's own (searchorder.js wraps the search worker Material's
# bundle creates when it loads): linked from <head> rather than after the bundle.
HEAD_SCRIPTS = frozenset({"searchorder.js"})


def asset_files() -> list[Path]:
    """Every file Rulecraft serves under assets/rulecraft/ (stylesheets, scripts, anything else)."""
    return sorted(p for p in ASSETS.iterdir() if p.is_file() and not p.name.startswith("."))


def styles_and_scripts() -> list[Path]:
    """The assets every page links (and the 13 KB budget counts). A ``*.lazy.js`` script is served but not
    linked: another script loads it on the pages that need it (dice.js: dice-more.lazy.js)."""
    return [p for p in asset_files() if p.suffix in (".css", ".js") and not p.name.endswith(".lazy.js")]


def served_text(path: Path) -> str | None:
    """A stylesheet without its comments, a script without its opening comment; None for other files
    (copied as they are)."""
    if path.suffix == ".css":
        text = path.read_text(encoding="utf-8")
        return _BLANK_LINES_RE.sub("\n", _CSS_COMMENT_RE.sub("", text)).strip() + "\n"
    if path.suffix == ".js":
        return _JS_HEADER_RE.sub("", path.read_text(encoding="utf-8"), count=1)
    return None


def gzipped_size(path: Path) -> int:
    """Bytes on the wire with gzip (level 6, what web servers use by default)."""
    return len(gzip.compress((served_text(path) or "").encode("utf-8"), compresslevel=6, mtime=0))
