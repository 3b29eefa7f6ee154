"""The search indexes' table-of-contents lookup, made linear: the same entry as their own walk, every time."""

from __future__ import annotations

from types import SimpleNamespace

from material.plugins.search.plugin import SearchIndex as MaterialIndex
from mkdocs.contrib.search.search_index import SearchIndex as MkDocsIndex
from mkdocs.structure.toc import AnchorLink, TableOfContents

from rulecraft.mkdocs_plugin.search import _TocLookup, speed_up_toc_lookups


def toc() -> TableOfContents:
    """Nested entries, an id used twice (the first in depth-first order wins) and deep children."""
    def link(id_, *children):
        item = AnchorLink(id_.title(), id_, 2)
        item.children = list(children)
        return item

    return TableOfContents([
        link("rules", link("setup"), link("twice", link("deep", link("deeper")))),
        link("twice"),
        link("glossary", *(link(f"t{i}") for i in range(50))),
    ])


def test_same_entry_as_the_walk_of_both_search_indexes():
    table = toc()
    lookup = _TocLookup()
    for index in (MaterialIndex(), MkDocsIndex()):
        for id_ in ["rules", "setup", "twice", "deep", "deeper", "glossary", "t0", "t49", "missing", None, ""]:
            assert lookup(table, id_) is index._find_toc_by_id(table, id_), id_
    assert lookup(table, "twice") is list(table)[0].children[1]


def test_a_new_page_gets_its_own_table():
    lookup = _TocLookup()
    first, second = toc(), TableOfContents([AnchorLink("Other", "rules", 1)])
    assert lookup(first, "rules") is list(first)[0]
    assert lookup(second, "rules") is list(second)[0]


def test_only_search_plugins_indexes_get_it():
    other = SimpleNamespace(search_index=MaterialIndex())  # a plugin of another module with such an attribute
    other.on_page_context = lambda *a, **k: None
    config = SimpleNamespace(plugins=SimpleNamespace(events={"page_context": [other.on_page_context]}))
    speed_up_toc_lookups(config)
    assert "_find_toc_by_id" not in vars(other.search_index)

    from material.plugins.search.plugin import SearchPlugin

    plugin = SearchPlugin()
    plugin.search_index = MaterialIndex()
    config.plugins.events["page_context"] = [plugin.on_page_context]
    speed_up_toc_lookups(config)
    speed_up_toc_lookups(config)  # once per page: the same lookup stays
    assert isinstance(vars(plugin.search_index)["_find_toc_by_id"], _TocLookup)


def test_a_search_index_whose_lookup_changed_shape_keeps_its_own():
    from material.plugins.search.plugin import SearchPlugin

    class ChangedIndex(MaterialIndex):  # a later version taking one more argument
        def _find_toc_by_id(self, toc, id, depth):
            return None

    plugin = SearchPlugin()
    plugin.search_index = ChangedIndex()
    config = SimpleNamespace(plugins=SimpleNamespace(events={"page_context": [plugin.on_page_context]}))
    speed_up_toc_lookups(config)
    assert "_find_toc_by_id" not in vars(plugin.search_index)
