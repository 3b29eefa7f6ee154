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
