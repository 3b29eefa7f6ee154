"""Previous/next links in the page footer that stay inside the game being read.

MkDocs links every page to its neighbours in the whole navigation, so the last page of one game
led to the first page of the next ("Previous: Status" of another game). Here a page's neighbours are
the pages of its own game, in navigation order; the game's first page leads back to the site home,
its last page has no "next". Pages outside any game are linked among themselves the same way; the
home page is the hub and links to neither side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def keep_in_game(pages: Sequence, game_of: Callable[[str], str | None], home_src: str = "index.md") -> None:
    """Set ``previous_page``/``next_page`` of every navigation page (MkDocs Page objects, in order)."""
    home = next((p for p in pages if p.file.src_uri == home_src), None)
    groups: dict[str | None, list] = {}
    for page in pages:
        if page is home:
            continue
        groups.setdefault(game_of(page.file.src_uri), []).append(page)
    if home is not None:
        home.previous_page = home.next_page = None
    for group in groups.values():
        for i, page in enumerate(group):
            page.previous_page = group[i - 1] if i else home
            page.next_page = group[i + 1] if i + 1 < len(group) else None
