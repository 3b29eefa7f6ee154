"""'Used in' backlinks for glossary entries, filled after every page has rendered.

The glossary renderer leaves an empty ``<div class="rc-backlinks" data-rc-backlinks="ID">``
per term; the term linker records (game, term, page, section) for each link it makes.
Once every page is rendered and written (MkDocs ``on_post_build``), the slots of the
written glossary pages are filled, streaming from and into the file (like mkdocs-autorefs
resolves its placeholders, but neither a 5 000-term glossary's page nor its lists ever sit in
memory whole, and the search index, built earlier, leaves them out). Pages are listed in
navigation order, each with the sections that mention the term in document order:

    Used in
    • Turn sequence: 7b. Governor General, 9. Military Affairs
    • Cheat sheet
"""

from __future__ import annotations

import html
import os
import posixpath
import re
from collections.abc import Iterator
from operator import itemgetter
from pathlib import Path

from mkdocs.utils import get_relative_url

from ..markdown_ext.mentions import Mentions
from ..models.links import GAME_PAGES

STATUS_PAGE = GAME_PAGES["status"][0]  # "status.md"
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


def group_mentions(mentions, game_id: str | None, exclude_src: str) -> dict[str, list[str]]:
    """term id -> [page, section, page, section, ...] of its mentions in order, for one game.

    The term linker records each (term, section) once per page, so no de-duplication is needed
    here; flat lists of the recorded strings (no tuple per mention) keep a big site's memory peak low.
    ``mentions``: the build's ``Mentions``, or any iterable of the (game, term, page, section) tuples."""
    return (mentions if isinstance(mentions, Mentions) else Mentions(mentions)).by_term(game_id, exclude_src)


def slot_renderer(glossary_page, game_id: str | None, mentions, pages: dict, order: dict[str, int] | None = None):
    """A function: term id -> the HTML of its "Used in" list ('' when nobody mentions the term).

    ``pages``: src path -> MkDocs page; ``order``: src path -> position in the navigation.
    """
    by_term = group_mentions(mentions, game_id, glossary_page.file.src_uri)
    order = order or {}
    shown: dict[str, tuple] = {}  # src -> what every list naming the page shares (500 terms: 500 lists)
    section_links: dict[tuple[str, str], str] = {}

    def page_of(src: str) -> tuple:
        """(sort key, src, link to the page, its sections' titles, its title as text, its URL)."""
        page = pages[src]
        url = html.escape(get_relative_url(page.url, glossary_page.url))
        label = page.title or html.escape(src)  # MkDocs page titles are HTML already
        shown[src] = ((order.get(src, len(order)), (page.title or src).casefold(), src), src,
                      f'<a href="{url}">{label}</a>', _toc_titles(page), html.unescape(page.title or ''), url)
        return shown[src]

    def section_link(src: str, section: str, url: str, title: str) -> str:
        section_links[src, section] = f'<a href="{url}#{html.escape(section)}">{html.escape(title)}</a>'
        return section_links[src, section]

    def render(term_id: str) -> str:
        found = by_term.get(term_id)
        if not found:
            return ""
        places: dict[str, list[str]] = {}  # page src -> sections, in first-mention order
        for src, section in zip(found[::2], found[1::2]):
            sections = places.setdefault(src, [])
            if section not in sections:
                sections.append(section)
        listed = sorted((shown.get(src) or page_of(src) for src in places if src in pages), key=itemgetter(0))
        items = []
        for _, src, head, titles, title, url in listed:
            links = [section_links.get((src, s)) or section_link(src, s, url, titles[s])
                     for s in places[src] if s and s in titles and titles[s] != title]
            # The Status page is the designers' page: its line is a designer note, hidden from players.
            li = '<li class="rc-dnote">' if posixpath.basename(src) == STATUS_PAGE else "<li>"
            items.append(f"{li}{head}: {', '.join(links)}</li>" if links else f"{li}{head}</li>")
        if not items:
            return ""
        return ('<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
                + "".join(items) + "</ul></div>")

    return render


def fill_backlinks_file(path: Path, glossary_page, game_id: str | None, mentions, pages: dict,
                        order: dict[str, int] | None = None) -> None:
    """Fill the slots of a written page, streaming both ways: memory stays near one chunk of the page,
    however long the page and its lists are (5 000 terms × 2 000 pages: a ~9 MiB page, read in on_post_build
    when the build is at its largest)."""
    render = None
    partial = path.with_name(path.name + ".rc-partial")
    with path.open(encoding="utf-8") as page, partial.open("w", encoding="utf-8", newline="") as out:
        for text in _slot_safe_chunks(page):
            done = 0
            for match in SLOT_RE.finditer(text):
                if render is None:
                    render = slot_renderer(glossary_page, game_id, mentions, pages, order)
                out.write(text[done:match.start()])
                out.write(render(match.group(1)))
                done = match.end()
            out.write(text[done:])
    if render is None:  # no slot: the page stays as written
        partial.unlink()
    else:
        os.replace(partial, path)


CHUNK = 1 << 20  # characters read at a time
_SLOT_START = '<div class="rc-backlinks" data-rc-backlinks="'
_SLOT_OPEN_RE = re.compile(r'<div class="rc-backlinks" data-rc-backlinks="[a-z0-9_-]+">')


def _slot_safe_chunks(page) -> Iterator[str]:
    """The text of ``page`` in pieces that no slot straddles. A piece ends just after a '>'; the only '>' inside
    a slot ends its opening tag, so a piece ending with a slot's opening tag ends before that tag instead."""
    pending = ""
    while chunk := page.read(CHUNK):
        pending += chunk
        cut = pending.rfind(">") + 1
        start = pending.rfind(_SLOT_START, 0, cut)
        if start >= 0 and _SLOT_OPEN_RE.fullmatch(pending, start, cut):
            cut = start
        if cut:
            yield pending[:cut]
            pending = pending[cut:]
    if pending:
        yield pending
