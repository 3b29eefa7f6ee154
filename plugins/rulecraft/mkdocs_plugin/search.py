"""Search plugins and glossary links: which handlers run between the plugin's two page_context steps.

The plugin hands the search index each page without its glossary links (see plugin.on_page_context);
that is only safe when nothing but a search plugin sees the page in between.
"""

from __future__ import annotations

SEARCH_MODULES = ("material.plugins.search.", "mkdocs.contrib.search")


def only_search_between(plugin, config) -> bool:
    """True when every handler between ``plugin``'s two on_page_context steps is a search plugin's."""
    handlers = config.plugins.events["page_context"]
    mine = [i for i, h in enumerate(handlers) if getattr(h, "__self__", None) is plugin]
    between = handlers[mine[0] + 1:mine[-1]] if len(mine) == 2 else []
    return bool(between) and all(
        type(getattr(h, "__self__", None)).__module__.startswith(SEARCH_MODULES) for h in between)
