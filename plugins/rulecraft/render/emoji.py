"""Emoji as vector pictures shipped with Rulecraft, so a printed sheet never depends on an emoji font.

WeasyPrint and Chromium draw an emoji character with whatever font the machine has (or a blank box);
the same sheet then prints differently, or on two pages, from one machine to the next. The cheat sheet
instead draws each emoji as an SVG picture from Twemoji (``twemoji/twemoji.json.xz``, inside the
package, so ``pip install`` users have it too): both renderers then draw the same vector glyph whatever
fonts they see, and the PDF holds paths, not pixels.

The whole set is shipped (3 720 pictures, 0.85 MB as one xz-compressed JSON object, read once per
process in about 0.1 s): a game may use any emoji, and a subset would silently print some as text
again. Keys are the code points in hex joined by "-", without the variation selector U+FE0F (Twemoji's
file names, which keep it only in some sequences). The graphics are © Twitter, Inc and other
contributors, CC-BY 4.0: a sheet that shows one says so (``CREDIT``); see ``twemoji/NOTICE``.

Which characters become pictures: anything outside the Basic Multilingual Plane that Twemoji draws
(emoji proper, flags, sequences), keycaps, and in the BMP only characters that are emoji by default
(``_EMOJI_BY_DEFAULT``) or asked for with U+FE0F. Other BMP symbols (→ ✪ ☀ ♠) stay text: the text
fonts have them, and U+FE0E asks for text explicitly.
"""

from __future__ import annotations

import base64
import functools
import json
import lzma
import re
from collections.abc import Callable
from pathlib import Path

ARCHIVE = Path(__file__).parent / "twemoji" / "twemoji.json.xz"
CREDIT = "Emoji: Twemoji, CC-BY 4.0"
CREDIT_URL = "https://creativecommons.org/licenses/by/4.0/"

# Characters of the BMP with Emoji_Presentation=Yes (Unicode emoji-data.txt): drawn as emoji without U+FE0F.
_EMOJI_BY_DEFAULT = (
    "\u231A\u231B\u23E9-\u23EC\u23F0\u23F3\u25FD\u25FE\u2614\u2615\u2648-\u2653\u267F\u2693\u26A1\u26AA"
    "\u26AB\u26BD\u26BE\u26C4\u26C5\u26CE\u26D4\u26EA\u26F2\u26F3\u26F5\u26FA\u26FD\u2705\u270A\u270B"
    "\u2728\u274C\u274E\u2753-\u2755\u2757\u2795-\u2797\u27B0\u27BF\u2B1B\u2B1C\u2B50\u2B55"
)
_MODIFIERS = "\uFE0F\U0001F3FB-\U0001F3FF"
_TAGS = "\U000E0020-\U000E007F"  # subdivision flags (England, Scotland, Wales)
_ONE = (rf"(?:[\U0001F000-\U0001FAFF][{_MODIFIERS}{_TAGS}]*"  # emoji proper (plane 1)
        rf"|[{_EMOJI_BY_DEFAULT}](?!\uFE0E)[{_MODIFIERS}]*"  # emoji by default, unless text is asked for
        rf"|[\u00A9\u00AE\u203C-\u3299]\uFE0F[{_MODIFIERS}]*)")  # a text symbol asked for as emoji
EMOJI_RE = re.compile(
    r"[\U0001F1E6-\U0001F1FF]{2}"  # a flag: two regional indicators
    r"|[0-9#*]\uFE0F?\u20E3"  # keycap
    rf"|{_ONE}(?:\u200D{_ONE})*"  # one emoji, or a sequence joined by zero-width joiners
)
_SELECTORS = {0xFE0E, 0xFE0F}


@functools.cache
def _pictures() -> dict[str, str]:
    return json.loads(lzma.decompress(ARCHIVE.read_bytes()))


def _key(text: str) -> str:
    return "-".join(f"{ord(c):x}" for c in text if ord(c) not in _SELECTORS)


def emoji_svg(text: str) -> str | None:
    """The SVG drawing ``text`` (one emoji, possibly a sequence), or None when Twemoji has none."""
    try:
        pictures = _pictures()
    except (OSError, lzma.LZMAError, ValueError):  # a damaged install: the emoji stays text
        return None
    svg = pictures.get(_key(text))
    if svg is None and "\u200D" not in text:  # a skin tone or tag Twemoji lacks: the plain emoji
        svg = pictures.get(_key(re.sub(f"[{_MODIFIERS}{_TAGS}]", "", text)))
    return svg


_URI_PREFIX = "data:image/svg+xml;base64,"


@functools.cache
def _shipped() -> frozenset[str]:
    try:
        return frozenset(_pictures().values())
    except (OSError, lzma.LZMAError, ValueError):
        return frozenset()


def is_shipped_picture(uri: str) -> bool:
    """Whether ``uri`` is one of these pictures as ``emoji_data_uri`` writes it: the one ``data:`` picture
    a page may show (markdown_ext/sanitize.py). Any other is refused, an SVG from data most of all."""
    if not uri.startswith(_URI_PREFIX):
        return False
    try:
        svg = base64.b64decode(uri[len(_URI_PREFIX):], validate=True).decode("utf-8")
    except ValueError:  # binascii.Error and UnicodeDecodeError are ValueErrors
        return False
    return svg in _shipped()


@functools.lru_cache(maxsize=512)
def emoji_data_uri(text: str) -> str | None:
    """A ``data:image/svg+xml`` URI drawing ``text``, or None."""
    svg = emoji_svg(text)
    if svg is None:
        return None
    return _URI_PREFIX + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def replace_emoji(text: str, swap: Callable[[str], str | None]) -> str:
    """``text`` with each emoji (``EMOJI_RE``) replaced by ``swap(emoji)``; kept where that is None."""
    def one(match: re.Match) -> str:
        replaced = swap(match.group(0))
        return match.group(0) if replaced is None else replaced

    return EMOJI_RE.sub(one, text)
