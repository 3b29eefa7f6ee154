"""Rulecraft: board-game rules as checked data.

The public API, for scripts and other engines (imported on first use, so ``import rulecraft.x``
stays cheap):

    from rulecraft import load_rulebook, check_book
    book = load_rulebook("rules_data")
    for problem in check_book(book).problems:
        print(problem.format())
"""

from __future__ import annotations

from importlib import import_module

_API = {"load_rulebook": "loader", "check_book": "checks", "check_path": "checks", "RuleBook": "book",
        "Game": "book", "Problem": "problems", "Location": "problems"}

__all__ = sorted(_API)


def __getattr__(name: str):
    if name in _API:
        return getattr(import_module(f"{__name__}.{_API[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
