"""Automatic glossary links on the parsed tree (text nodes only, never raw HTML strings).

Skips headings, code, existing links, images, elements marked ``rc-nolink-terms``
or ``rc-plain``, and a term's own definition. By default only the first mention of
a term per section (text between headings) is linked. Each link records a mention
for the glossary's "Used in" backlinks.
"""

from __future__ import annotations

from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor

SKIP_TAGS = frozenset({"a", "code", "pre", "kbd", "samp", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6",
                       "abbr", "button", "svg", "textarea", "select", "option", "img", "title", "dt"})
SKIP_CLASSES = frozenset({"rc-nolink-terms", "rc-plain", "rc-term", "rc-missing", "rc-icon", "rc-sheet-title"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


class TermLinkTreeprocessor(Treeprocessor):
    def __init__(self, md, ext):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        try:
            self.ctx = self.ext.context(self.md)
        except LookupError:
            self.ctx = None  # a page outside any game: only blocks that name a game get links
        self.first_only = self.ext.getConfig("link_first_only")
        self.seen: set[str] = set()
        self.section = ""
        self.walk(root, excluded=None)

    def _skip(self, el: etree.Element) -> bool:
        if el.tag in SKIP_TAGS:
            return True
        classes = set((el.get("class") or "").split())
        return bool(classes & SKIP_CLASSES)

    def walk(self, el: etree.Element, excluded: str | None) -> None:
        pinned = el.get("data-rc-game")
        if pinned:
            # A block showing another game: link in that game's namespace, then switch back.
            outer = self.ctx
            try:
                self.ctx = self.ext.context(self.md, pinned)
            except LookupError:
                return
            el.attrib.pop("data-rc-game")
            try:
                self.walk(el, excluded)
            finally:
                self.ctx = outer
                el.set("data-rc-game", pinned)
            return
        excluded = el.get("data-rc-definition") or excluded
        if el.text and not self._skip(el):
            el.text = self.link_text(el, el.text, 0, excluded)
        for child in list(el):
            if child.tag in HEADINGS:
                self.seen = set()
                self.section = child.get("id") or ""
            if child.tag == "a" and child.get("data-rc-term"):
                # An explicit {term:...} reference counts as the section's mention.
                self.seen.add(child.get("data-rc-term"))
                if self.ctx is not None:
                    self.ext.mentions.append((self.ctx.game.id, child.get("data-rc-term"), self.ext.page or "",
                                              self.section))
            if not self._skip(child):
                self.walk(child, excluded)
            if child.tail and not self._skip(el):
                # The tail belongs to the parent: links go into the parent after the child.
                position = list(el).index(child) + 1
                child.tail = self.link_text(el, child.tail, position, excluded)

    def link_text(self, parent: etree.Element, text: str, position: int, excluded: str | None) -> str:
        if self.ctx is None:
            return text
        matches = self.ctx.index.matcher.find(text)
        if not matches:
            return text
        pieces: list[etree.Element] = []
        head = None
        cursor = 0
        for match in matches:
            if match.term_id == excluded or (self.first_only and match.term_id in self.seen):
                continue
            self.seen.add(match.term_id)
            term = self.ctx.index.terms[match.term_id]
            link = etree.Element("a", {"class": "rc-term rc-auto", "href": self.ctx.href("term", term.id),
                                       "title": term.short, "data-rc-term": term.id})
            link.text = text[match.start:match.end]
            before = text[cursor:match.start]
            if pieces:
                pieces[-1].tail = before
            else:
                head = before
            pieces.append(link)
            cursor = match.end
            self.ext.mentions.append((self.ctx.game.id, term.id, self.ext.page or "", self.section))
        if not pieces:
            return text
        pieces[-1].tail = text[cursor:]
        for offset, link in enumerate(pieces):
            parent.insert(position + offset, link)
        return head
