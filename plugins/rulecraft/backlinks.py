"""'Used in' backlinks for glossary entries, filled after every page has rendered.

The glossary renderer leaves an empty ``<div class="rc-backlinks" data-rc-backlinks="ID">``
per term; the term linker records (game, term, page, section) for each link it makes.
Once all pages are rendered (MkDocs ``on_env``) the slots are filled, like
mkdocs-autorefs resolves its placeholders. Pages are listed in navigation order,
each with the sections that mention the term in document order:

    Used in
    • Turn sequence: 7b. Governor General, 9. Military Affairs
    • Cheat sheet
"""

from __future__ import annotations

import html
import re

from mkdocs.utils import get_relative_url

SLOT_RE = re.compile(r'<div class="rc-backlinks" data-rc-backlinks="([a-z0-9_-]+)"></div>')


def _toc_titles(page) -> dict[str, str]:
    """Section anchor -> its heading as plain text (MkDocs keeps TOC titles HTML-escaped)."""
    titles: dict[str, str] = {}

    def walk(items):
        for item in items:
            titles[item.id] = html.unescape(item.title)
            walk(item.children)

    walk(getattr(page, "toc", []) or [])
    return titles


def group_mentions(mentions, game_id: str | None, exclude_src: str) -> dict[str, list[tuple]]:
    """term id -> its mentions (the recorded tuples themselves, in order), for one game.

    The term linker records each (term, section) once per page, so no de-duplication is needed
    here; keeping references to the existing tuples keeps a big site's memory peak low."""
    by_term: dict[str, list[tuple]] = {}
    for mention in mentions:
        if mention[0] == game_id and mention[2] != exclude_src:
            by_term.setdefault(mention[1], []).append(mention)
    return by_term


def fill_backlinks(content: str, glossary_page, game_id: str | None, mentions, pages: dict,
                   order: dict[str, int] | None = None) -> str:
    """Fill every backlink slot of ``content`` (the glossary page's HTML); empty slots vanish.

    ``pages``: src path -> MkDocs page; ``order``: src path -> position in the navigation.
    """
    if "data-rc-backlinks" not in content:
        return content
    by_term = group_mentions(mentions, game_id, glossary_page.file.src_uri)
    order = order or {}
    toc_cache: dict[str, dict[str, str]] = {}
    url_cache: dict[str, str] = {}

    def page_key(src: str):
        page = pages[src]
        return (order.get(src, len(order)), (page.title or src).casefold(), src)

    def replace(match: re.Match) -> str:
        found = by_term.get(match.group(1))
        if not found:
            return ""
        places: dict[str, list[str]] = {}  # page src -> sections, in first-mention order
        for _, _, src, section in found:
            sections = places.setdefault(src, [])
            if section not in sections:
                sections.append(section)
        items = []
        for src in sorted((s for s in places if s in pages), key=page_key):
            page = pages[src]
            url = url_cache.get(src)
            if url is None:
                url = url_cache[src] = html.escape(get_relative_url(page.url, glossary_page.url))
            titles = toc_cache.get(src)
            if titles is None:
                titles = toc_cache[src] = _toc_titles(page)
            label = page.title or html.escape(src)  # MkDocs page titles are HTML already
            sections = [s for s in places[src] if s and s in titles and titles[s] != html.unescape(page.title or '')]
            links = [f'<a href="{url}#{html.escape(s)}">{html.escape(titles[s])}</a>' for s in sections]
            head = f'<a href="{url}">{label}</a>'
            items.append(f"<li>{head}: {', '.join(links)}</li>" if links else f"<li>{head}</li>")
        if not items:
            return ""
        return ('<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
                + "".join(items) + "</ul></div>")

    return SLOT_RE.sub(replace, content)
