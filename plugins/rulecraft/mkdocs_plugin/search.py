"""Search plugins and glossary links: which handlers run between the plugin's two page_context steps.

The plugin hands the search index each page without its glossary links (see plugin.on_page_context);
that is only safe when nothing but a search plugin sees the page in between.
"""

from __future__ import annotations

import re

SEARCH_MODULES = ("material.plugins.search.", "mkdocs.contrib.search")


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


def speed_up_toc_lookups(config) -> None:
    """Give each search plugin's index the lookup above (an instance attribute: only this build's
    index, and only when it has the method it replaces)."""
    for handler in config.plugins.events["page_context"]:
        plugin = getattr(handler, "__self__", None)
        index = getattr(plugin, "search_index", None)
        own = getattr(index, "__dict__", None)
        # The signature is read once: later pages find the lookup already in place.
        if (type(plugin).__module__.startswith(SEARCH_MODULES) and own is not None
                and not isinstance(own.get("_find_toc_by_id"), _TocLookup)
                and _takes_toc_and_id(getattr(type(index), "_find_toc_by_id", None))):
            index._find_toc_by_id = _TocLookup()


def _takes_toc_and_id(method) -> bool:
    """The private method being replaced still has the shape it had when this was written, (self, toc, id):
    a search plugin that changed it keeps its own lookup rather than get one that fails."""
    import inspect

    try:
        params = list(inspect.signature(method).parameters.values()) if callable(method) else []
    except (TypeError, ValueError):
        return False
    return len(params) == 3 and all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params)
