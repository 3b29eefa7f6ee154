"""'Used in' backlinks for glossary entries, filled after every page has rendered.

The glossary renderer leaves an empty ``<div class="rc-backlinks" data-rc-backlinks="ID">``
per term; the term linker records (game, term, page, section) for each link it makes.
Once all pages are rendered (MkDocs ``on_env``) the slots are filled, like
mkdocs-autorefs resolves its placeholders.
"""

from __future__ import annotations

import html
import re

from mkdocs.utils import get_relative_url

SLOT_RE = re.compile(r'<div class="rc-backlinks" data-rc-backlinks="([a-z0-9_-]+)"></div>')


def _toc_titles(page) -> dict[str, str]:
    titles: dict[str, str] = {}

    def walk(items):
        for item in items:
            titles[item.id] = item.title
            walk(item.children)

    walk(getattr(page, "toc", []) or [])
    return titles


def fill_backlinks(content: str, glossary_page, game_id: str | None, mentions, pages: dict) -> str:
    by_term: dict[str, list[tuple[str, str]]] = {}
    for game, term_id, src, section in mentions:
        if game != game_id or src == glossary_page.file.src_uri:
            continue
        places = by_term.setdefault(term_id, [])
        if (src, section) not in places:
            places.append((src, section))
    toc_cache: dict[str, dict[str, str]] = {}

    def replace(match: re.Match) -> str:
        places = by_term.get(match.group(1))
        if not places:
            return ""
        items = []
        for src, section in sorted(places, key=lambda p: (pages[p[0]].title or "", p[1]) if p[0] in pages else p):
            page = pages.get(src)
            if page is None:
                continue
            titles = toc_cache.setdefault(src, _toc_titles(page))
            url = get_relative_url(page.url, glossary_page.url) + (f"#{section}" if section else "")
            label = page.title or src
            if section and section in titles and titles[section] != label:
                label = f"{label} › {titles[section]}"
            items.append(f'<li><a href="{html.escape(url)}">{html.escape(label)}</a></li>')
        if not items:
            return ""
        return ('<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
                + "".join(items) + "</ul></div>")

    return SLOT_RE.sub(replace, content)
