"""URLs in rule text as a browser reads them, and where Markdown or HTML puts one.

Shared by the sanitizer (markdown_ext/sanitize.py: which attributes stay), the icons' image field
(models/icons.py: a path, never a URL) and the checker (checks/pictures.py: no ``data:`` picture).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

_SCHEME_RE = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED_RE = re.compile(r"[\t\n\r]")
_TRIMMED = "".join(map(chr, range(0x21)))  # C0 controls and space

# Where a URL starts: a reference definition (``[id]: url``), an inline link or image's destination
# (``](url``, ``](<url>``: an image when its '[' was written '!['), an autolink (``<url>``) and an HTML
# attribute that loads or links (``src=``, ``href=``...). Each alternative starts on a fixed character
# and has no nested repetition, so one pass over a text is linear in its length.
_URL_PLACE_RE = re.compile(
    r"^[ ]{0,3}\[[^\]\n]*\]:[ \t]*<?"
    r"|(?P<open>!?\[)"
    r"|(?P<dest>\]\([ \t]*<?)"
    r"|(?P<close>\])"
    r"|<"
    r"|\b(?P<attr>src|srcset|href|poster|background|data|xlink:href)[ \t]*=[ \t]*[\"']?",
    re.IGNORECASE | re.MULTILINE)
# A URL's first characters: enough for its scheme, however written (``&#100;ata:``), and bounded, so
# URLs starting inside other URLs are never read to the end each.
_URL_TOKEN_RE = re.compile(r"[^\s)>\"'<]{0,200}")


def as_browser_reads(value: str) -> str:
    """An attribute value as a browser's URL parser sees it: references decoded, tabs/newlines gone, trimmed."""
    return _IGNORED_RE.sub("", html.unescape(value)).strip(_TRIMMED)


def url_scheme(value: str) -> str | None:
    """The scheme a browser would see in an attribute value, lower case; None for a relative URL."""
    match = _SCHEME_RE.match(as_browser_reads(value))
    return match.group(1).lower() if match else None


def find_urls(text: str) -> Iterator[tuple[int, str, bool]]:
    """(offset, URL's first 200 characters, is_picture) of every URL written in Markdown or HTML ``text``;
    ``is_picture``: a Markdown image (``![...](url)``) or an ``src``/``srcset``/``poster``/``background``
    attribute."""
    opened: list[bool] = []  # the '[' not closed yet: True for an image's '!['
    for place in _URL_PLACE_RE.finditer(text):
        if place.group("open"):
            opened.append(place.group("open") == "![")
            continue
        if place.group("close"):
            if opened:
                opened.pop()
            continue
        token = _URL_TOKEN_RE.match(text, place.end()).group(0)
        picture = bool(place.group("dest")) and bool(opened) and opened.pop()
        attr = (place.group("attr") or "").lower()
        if token:
            yield place.end(), token, picture or attr in ("src", "srcset", "poster", "background")
