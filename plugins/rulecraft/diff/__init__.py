"""A semantic diff of two versions of the rules: by id, item by item, with what each change means.

``diff_versions(before, after)`` compares two git revisions of the repository or two folders and returns a
``DiffResult`` (result.py) that the CLI prints (text, Markdown, JSON: format_text.py, format_markdown.py)
and a site page can render. Independent of any site engine: it reads the loaded models only.
"""

from __future__ import annotations

from .engine import diff_books, diff_games, diff_versions
from .result import Change, Detail, DiffResult, GameDiff, Odds, Place, Word
from .versions import VersionError

__all__ = ["Change", "Detail", "DiffResult", "GameDiff", "Odds", "Place", "VersionError", "Word", "diff_books",
           "diff_games", "diff_versions"]
