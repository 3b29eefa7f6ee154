"""Headings left out of the page's table of contents: a long glossary's terms (render/glossary.py).

Such a heading keeps its id and permalink, and stays a section of the search index (search splits a page at
its headings, not at its contents entries); only the contents that engines read, Python-Markdown's
``toc_tokens`` (MkDocs and Zensical build the page's table of contents from them), leave it out. A
left-out heading's sub-headings take its place.
"""

from __future__ import annotations

from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor

from ..render.base import NOT_IN_CONTENTS

PRIORITY = 4.5  # after toc (5): the headings have their ids and the tokens exist


class ContentsTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        left_out = set()
        for el in root.iter():
            if el.attrib and NOT_IN_CONTENTS in el.attrib:
                del el.attrib[NOT_IN_CONTENTS]
                left_out.add(el.get("id"))
        if left_out and getattr(self.md, "toc_tokens", None):
            self.md.toc_tokens = without(self.md.toc_tokens, left_out)


def without(tokens: list[dict], ids: set[str]) -> list[dict]:
    """The contents ``tokens`` (nested: ``children``) without the entries of ``ids``."""
    kept = []
    for token in tokens:
        children = without(token.get("children", []), ids)
        if token["id"] in ids:
            kept.extend(children)
        else:
            token["children"] = children
            kept.append(token)
    return kept
