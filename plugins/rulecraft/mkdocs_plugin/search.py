"""Search plugins and glossary links: which handlers run between the plugin's two page_context steps.

The plugin hands the search index each page without its glossary links (see plugin.on_page_context);
that is only safe when nothing but a search plugin sees the page in between.
"""

from __future__ import annotations

import hashlib
import re

MATERIAL_SEARCH = "material.plugins.search."
SEARCH_MODULES = (MATERIAL_SEARCH, "mkdocs.contrib.search")


def only_search_between(plugin, config) -> bool:
    """True when every handler between ``plugin``'s two on_page_context steps is a search plugin's."""
    handlers = config.plugins.events["page_context"]
    mine = [i for i, h in enumerate(handlers) if getattr(h, "__self__", None) is plugin]
    between = handlers[mine[0] + 1:mine[-1]] if len(mine) == 2 else []
    return bool(between) and all(
        type(getattr(h, "__self__", None)).__module__.startswith(SEARCH_MODULES) for h in between)


# What Material's search plugin strips from page.content after indexing it (its on_page_context).
_STRIPPED_ATTR_RE = re.compile(r'\s?data-search-\w+="[^"]+"')


def search_changes_page(content: str) -> bool:
    """True when Material's search would remove ``data-search-*`` attributes from this page's HTML."""
    return "data-search-" in content and _STRIPPED_ATTR_RE.search(content) is not None


class _TocLookup:
    """``_find_toc_by_id`` of MkDocs' and Material's search indexes, without the walk. They find each
    section's table-of-contents entry by walking the whole table, once per section: quadratic in a
    page's headings (a 5 000-term glossary: 1.4 s of indexing). This returns the same entry, the first
    with that id in the same depth-first order, from a dict made once per table."""

    def __init__(self):
        self.toc = None
        self.by_id: dict = {}

    def __call__(self, toc, id_):
        if toc is not self.toc:
            self.toc, self.by_id = toc, {}
            stack = list(reversed(list(toc)))
            while stack:
                item = stack.pop()
                self.by_id.setdefault(item.id, item)
                stack.extend(reversed(list(item.children)))
        return self.by_id.get(id_)


def _search_indexes(config, modules: tuple[str, ...]):
    """(search index, its instance attributes) of each search plugin from ``modules`` with an index now."""
    for handler in config.plugins.events["page_context"]:
        plugin = getattr(handler, "__self__", None)
        index = getattr(plugin, "search_index", None)
        own = getattr(index, "__dict__", None)
        if type(plugin).__module__.startswith(modules) and own is not None:
            yield index, own


def speed_up_toc_lookups(config) -> None:
    """Give each search plugin's index the lookup above (an instance attribute: only this build's
    index, and only when it has the method it replaces)."""
    for index, own in _search_indexes(config, SEARCH_MODULES):
        # The signature is read once: later pages find the lookup already in place.
        if (not isinstance(own.get("_find_toc_by_id"), _TocLookup)
                and _takes_toc_and_id(getattr(type(index), "_find_toc_by_id", None))):
            index._find_toc_by_id = _TocLookup()


class _ReusedEntries:
    """Material's ``add_entry_from_context`` under `mkdocs serve`: a page whose HTML, URL, title and
    metadata are those of the last build (a page the render cache gave back) gets the entries its HTML gave
    then, copied, instead of its HTML parsed again (on the seed site, the search's parsing was a third of
    each rebuild). ``kept`` (page URL -> (what they were made from, entries)) lives as long as the plugin."""

    def __init__(self, index, made_by, kept: dict):
        self.index, self.made_by, self.kept = index, made_by, kept

    def __call__(self, page):
        made_from = (hashlib.blake2b((page.content or "").encode(), digest_size=16).digest(), page.title,
                     repr(page.meta))
        known = self.kept.get(page.url)
        if known is not None and known[0] == made_from:
            self.index.entries.extend(_copy(entry) for entry in known[1])
            return
        first = len(self.index.entries)
        self.made_by(page)
        # copied now: the plugin tunes the index's entries in place before it is written (searchindex.py)
        self.kept[page.url] = (made_from, [_copy(entry) for entry in self.index.entries[first:]])


def _copy(entry: dict) -> dict:
    return {key: list(value) if isinstance(value, list) else value for key, value in entry.items()}


def reuse_search_entries(config, kept: dict) -> None:
    """Give Material's search index ``_ReusedEntries`` (an instance attribute: only this build's index)."""
    for index, own in _search_indexes(config, (MATERIAL_SEARCH,)):
        if (not isinstance(own.get("add_entry_from_context"), _ReusedEntries)
                and isinstance(getattr(index, "entries", None), list)):
            index.add_entry_from_context = _ReusedEntries(index, index.add_entry_from_context, kept)


def _takes_toc_and_id(method) -> bool:
    """The private method being replaced still has the shape it had when this was written, (self, toc, id):
    a search plugin that changed it keeps its own lookup rather than get one that fails."""
    import inspect

    try:
        params = list(inspect.signature(method).parameters.values()) if callable(method) else []
    except (TypeError, ValueError):
        return False
    return len(params) == 3 and all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params)
