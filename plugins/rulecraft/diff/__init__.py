"""A semantic diff of two versions of the rules: by id, item by item, with what each change means.

``diff_versions(before, after)`` compares two git revisions of the repository or two folders and returns a
``DiffResult`` (result.py) that the CLI prints (text, Markdown, JSON: format_text.py, format_markdown.py)
and a site page can render (history.py: a game's tagged versions, for its Changes page). Independent of any
site engine: it reads the loaded models only. The names below load on first use, so a page rendering a
diff already made (render/, from a snapshot) never loads the loader and its pydantic models.
"""

from __future__ import annotations

import importlib

_MODULE_OF = {"diff_books": "engine", "diff_games": "engine", "diff_versions": "engine", "Change": "result",
              "Detail": "result", "DiffResult": "result", "GameDiff": "result", "Odds": "result", "Place": "result",
              "Word": "result", "VersionError": "versions"}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
