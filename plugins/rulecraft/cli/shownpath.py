"""A path as text a message, a report or a page can hold.

A file name need not be UTF-8 (b'r\\xe9gles.md', saved on an old system): Python keeps its stray bytes as lone
surrogates, which no UTF-8 file or terminal accepts. Shown, each such byte is written '\\xe9'.
"""

from __future__ import annotations

import os
from pathlib import PurePath


def shown(path: str | PurePath) -> str:
    return os.fsencode(str(path)).decode("utf-8", "backslashreplace")
