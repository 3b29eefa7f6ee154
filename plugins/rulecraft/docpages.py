"""Which files under docs/ are pages: those an engine renders as Markdown.

MkDocs renders every file whose name ends in one of its Markdown extensions (``mkdocs.utils.markdown_extensions``,
compared as written, case and all). `rulecraft check`, the check cache's key and `rulecraft pages` must see
the very same files, or a page the build renders is never checked. The core does not import MkDocs, so the
list is written here once and a test keeps it equal to MkDocs' own.
"""

from __future__ import annotations

from pathlib import Path

MARKDOWN_SUFFIXES = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")


def is_markdown_page(name: str) -> bool:
    """Whether a file of this name (or docs path) is a page the engine renders."""
    return name.endswith(MARKDOWN_SUFFIXES)


def same_page(path: str) -> list[str]:
    """The docs paths that are the page ``path`` is (``g/turn.md``: ``g/turn.markdown``, ``g/turn.md``...):
    a hand-written page under any of them replaces a generated one."""
    stem = path[:-len(next(s for s in MARKDOWN_SUFFIXES if path.endswith(s)))] if is_markdown_page(path) else path
    return [stem + suffix for suffix in MARKDOWN_SUFFIXES]


def markdown_pages(folder: Path) -> list[Path]:
    """The pages under ``folder``, in a fixed order (what they are, files or not, is the reader's business)."""
    return sorted(path for path in folder.rglob("*") if is_markdown_page(path.name))
