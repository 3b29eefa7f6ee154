"""Emoji as pictures, so a printed sheet never depends on a colour-emoji font being installed.

WeasyPrint and Chromium draw an emoji character with whatever font the machine has (or a blank box);
the same sheet then prints differently, or on two pages, from one machine to the next. The cheat sheet
instead embeds each emoji as a PNG taken from the Noto Color Emoji font file (``fonts-noto-color-emoji``,
which ``./dev`` installs) at build time: both renderers then draw the same picture whatever fonts they
see. Without the font file the emoji stays text (the PDF step still verifies the page).

``RULECRAFT_EMOJI_FONT`` names another CBDT colour font file (or an empty string for none).
"""

from __future__ import annotations

import base64
import functools
import os
from pathlib import Path

DEFAULT_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
_VARIATION = {0xFE0E, 0xFE0F}


def font_path() -> Path | None:
    name = os.environ.get("RULECRAFT_EMOJI_FONT", DEFAULT_FONT)
    path = Path(name) if name else None
    return path if path and path.is_file() else None


@functools.lru_cache(maxsize=4)
def _font(path: str):
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    if "CBDT" not in font:
        return None
    strike = font["CBDT"].strikeData[0]
    cmap = font.getBestCmap()
    ligatures: dict[tuple[str, ...], str] = {}
    if "GSUB" in font:
        for lookup in font["GSUB"].table.LookupList.Lookup:
            for table in lookup.SubTable:
                table = getattr(table, "ExtSubTable", table)
                for first, ligs in getattr(table, "ligatures", {}).items():
                    for lig in ligs:
                        ligatures[(first, *lig.Component)] = lig.LigGlyph
    return strike, cmap, ligatures


def _glyph(text: str, path: str) -> str | None:
    loaded = _font(path)
    if loaded is None:
        return None
    _strike, cmap, ligatures = loaded
    points = [ord(c) for c in text if ord(c) not in _VARIATION]
    names = [cmap.get(p) for p in points]
    if not names or None in names:
        return None
    if len(names) == 1:
        return names[0]
    return ligatures.get(tuple(names))


@functools.lru_cache(maxsize=512)
def emoji_data_uri(text: str) -> str | None:
    """A ``data:image/png`` URI drawing ``text`` (one emoji, possibly a sequence), or None."""
    path = font_path()
    if path is None:
        return None
    try:
        name = _glyph(text, str(path))
        if name is None:
            return None
        image = _font(str(path))[0].get(name)
        data = getattr(image, "imageData", None)
        if not data or not data.startswith(b"\x89PNG"):
            return None
    except Exception:  # an unreadable or unexpected font file: the emoji stays text
        return None
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")
