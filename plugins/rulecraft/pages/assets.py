"""The stylesheets and scripts Rulecraft adds to every page, as they are served.

The sources keep their comments: they explain tuned numbers (the cheat sheet's page geometry,
print rules). Served CSS leaves them out, and the whitespace around punctuation (outside strings):
a page's JS and CSS have a budget of 13 KB gzipped. Scripts are served without the block comment that
opens the file (it describes the file for its maintainers) and otherwise as written: stripping other
comments from JavaScript safely needs a real parser, and theirs are short.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

ASSETS = Path(__file__).parents[1] / "assets"
_CSS_COMMENT_RE = re.compile(r"/\*.*?\*/", re.DOTALL)  # no string in our CSS contains "/*"
_CSS_STRING_RE = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
_CSS_SPACE_RE = re.compile(r"\s+")
_CSS_PUNCT_RE = re.compile(r" ?([{};,>]) ?")  # never "+", "-", "*" (calc) nor " :" (a descendant's pseudo-class)
_JS_HEADER_RE = re.compile(r"\A/\*.*?\*/\n", re.DOTALL)  # only at the very start: never inside a string


# Scripts that must run before the theme's own (searchorder.js wraps the search worker Material's
# bundle creates when it loads; offline.js gives pages opened from disk a worker that can start there):
# linked from <head> rather than after the bundle, in the order of their names.
HEAD_SCRIPTS = frozenset({"offline.js", "searchorder.js"})


# Stylesheets only some pages need: served, not linked by every page. Those pages' stubs link them
# (pages/__init__.py: PAGE_CSS), so they are styled without script; cheatsheet.js links cheatsheet.css on a
# hand-written page showing a sheet; the cheat-sheet PDFs read it from the site's asset folder (pdf.py).
# crt.lazy.js links crt.css, formula.lazy.js formula.css; the play view's stub links play.css.
PAGE_STYLESHEETS = frozenset({"cheatsheet.css", "crt.css", "formula.css", "play.css"})


def asset_files() -> list[Path]:
    """Every file Rulecraft serves under assets/rulecraft/ (stylesheets, scripts, anything else)."""
    return sorted(p for p in ASSETS.iterdir() if p.is_file() and not p.name.startswith("."))


def styles_and_scripts() -> list[Path]:
    """The assets every page links (and the 13 KB budget counts). A ``*.lazy.js`` script or one of
    ``PAGE_STYLESHEETS`` is served but not linked by every page: a script loads it where needed (dice.lazy.js:
    dice-more.lazy.js), the page's stub links it (cheatsheet.css)."""
    return [p for p in asset_files() if p.suffix in (".css", ".js") and not p.name.endswith(".lazy.js")
            and p.name not in PAGE_STYLESHEETS]


def minified_css(text: str) -> str:
    """CSS without comments, with one space at most and none around ``{ } ; , >`` or after ``:``;
    strings (``content: ": "``) are kept as written."""
    parts = _CSS_STRING_RE.split(_CSS_COMMENT_RE.sub("", text))
    for i in range(0, len(parts), 2):  # even parts are outside strings
        code = _CSS_PUNCT_RE.sub(r"\1", _CSS_SPACE_RE.sub(" ", parts[i]))
        parts[i] = code.replace(": ", ":").replace(";}", "}")
    return "".join(parts).strip() + "\n"


def served_text(path: Path) -> str | None:
    """A stylesheet without its comments, a script without its opening comment; None for other files
    (copied as they are)."""
    if path.suffix == ".css":
        return minified_css(path.read_text(encoding="utf-8"))
    if path.suffix == ".js":
        return _JS_HEADER_RE.sub("", path.read_text(encoding="utf-8"), count=1)
    return None


def gzipped_size(path: Path) -> int:
    """Bytes on the wire with gzip (level 6, what web servers use by default)."""
    return len(gzip.compress((served_text(path) or "").encode("utf-8"), compresslevel=6, mtime=0))
