"""Automatic glossary links on the parsed tree (text nodes only, never raw HTML strings).

Runs last among the tree processors: after inline processing (final text nodes), after
toc (headings have ids: the sections of "Used in"), after MkDocs' relpath (the MkDocs
plugin gives the final URL of the glossary page, so thousands of identical links are
not resolved one by one). Skips headings, code, existing links, images (alt and title
are attributes, never touched), admonition titles, ``<summary>``, raw inline HTML such
as ``<a href=...>Company</a>``, references shown literally, ``{plain:...}``
(``rc-plain``), elements marked ``rc-nolink-terms``, and a term's own definition
(``data-rc-definition="id"``, or the ``<dd>`` after a ``<dt>`` naming the term). A block
showing another game's data (``data-rc-game``) is linked with that game's glossary. By
default only the first mention of a term per section (text between headings) is linked;
an explicit ``{term:...}`` counts as that mention. Every mention, linked or not, records
(game, term, page, section) for the glossary's "Used in" lists.

Reading density (``link_spacing``, 25 by default): a page gets at most one term link per that many
words of body text. Term lists (``rc-term-list``: a phase's "Terms:") always keep their links — they
are how every term a phase uses stays one tap away inside it — so they are paid for first, and the
rest of the page's allowance is spread evenly over its text: the text earns a link word by word
(never saving up more than one) and a mention is linked only when one is earned, else it stays plain
words and a later mention of the term in the section may take the link. A phase's text links only
terms its own list does not have. Why this rule: links are spread evenly (a dense paragraph no
longer reads as a row of dotted words), the first mention wins where links are sparse, the bound
holds for the page as a whole, and no page kind needs its own tuning. An explicit ``{term:...}`` the
budget cannot pay for shows its words without the link. Designer notes (``rc-dnote``) are skipped:
they are hidden in the player view. A link to the phase it stands in (``{phase:x}`` inside phase x)
is shown as text.

Cost: a text node none of whose words starts a glossary word is rejected with one set
operation (``TermMatcher.locate``), so pages with few matches stay cheap. The budget counts each
word once: the page's in one pass over its joined text (``allowance``), and within a text the
matcher's own words (``locate`` gives each match's word index) wherever they are the budget's.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE

from ..models.common_words import adverb_use
from ..models.links import anchor
from ..models.textrefs import REF_RE
from ..render.base import linked_term, set_term_text, term_link_attrs

SKIP_TAGS = frozenset({"a", "code", "pre", "kbd", "samp", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6",
                       "abbr", "button", "svg", "math", "textarea", "select", "option", "img", "title", "dt",
                       "summary", "label"})
SKIP_CLASSES = frozenset({"rc-nolink-terms", "rc-plain", "rc-term", "rc-missing", "rc-icon", "rc-sheet-title",
                          "admonition-title", "headerlink", "rc-backlinks", "rc-term-meta", "rc-dnote",
                          "rc-badge", "rc-summary"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Raw inline HTML opening an element whose content must stay unlinked: <a href=...>Company</a>.
_RAW_OPEN_RE = re.compile(r"<(a|code|pre|kbd|samp|script|style|h[1-6]|abbr|button|textarea|summary|dt)\b[^>]*(?<!/)>",
                          re.IGNORECASE)
_RAW_CLOSE_RE = re.compile(r"</(a|code|pre|kbd|samp|script|style|h[1-6]|abbr|button|textarea|summary|dt)\s*>",
                           re.IGNORECASE)
_STX_RE = re.compile("\x02[^\x03]*\x03")
_WORD_RE = re.compile(r"[^\W_]+")
# ASCII -> b"a" for a letter or digit (what _WORD_RE's words are made of in ASCII), b" " for anything else
_ASCII_WORD_BYTES = bytes(0x61 if chr(i).isalnum() else 0x20 for i in range(128)) + b" " * 128


def count_words(text: str) -> int:
    """``len(_WORD_RE.findall(text))``: in ASCII text, the starts of runs of letters and digits, counted by
    ``bytes.count`` (no list of words made: about 5 times faster)."""
    if text.isascii():
        marks = text.encode("ascii").translate(_ASCII_WORD_BYTES)
        return marks.count(b" a") + marks.startswith(b"a")
    return len(_WORD_RE.findall(text))


# A serialized glossary link whose text holds no markup (what render.base.term_link makes; attribute values
# are escaped, so no '>' inside the tag).
_SERIALIZED_LINK_RE = re.compile(r'<a class="rc-term" [^>]*>([^<]*)</a>')


def without_term_links(html: str) -> str:
    """The page's HTML with each glossary link replaced by its words.

    What a search indexer needs: it keeps a link's words but not the link, so its index is the
    same, and it is spared parsing thousands of tags (see mkdocs_plugin.on_page_context)."""
    return _SERIALIZED_LINK_RE.sub(r"\1", html) if 'class="rc-term"' in html else html


def _game_blocks(root: etree.Element):
    """Outermost elements marked ``data-rc-game`` (blocks showing a game's data)."""
    stack = list(root)
    while stack:
        el = stack.pop(0)
        if el.get("data-rc-game"):
            yield el
        else:
            stack[:0] = list(el)


class TermLinkTreeprocessor(Treeprocessor):
    def __init__(self, md, ext):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        self.first_only = self.ext.getConfig("link_first_only")
        self.spacing = max(int(self.ext.getConfig("link_spacing") or 0), 0)
        self.credit = 0.0  # links the body text read so far has earned and not spent (at most 1)
        self.rate = 0.0  # links earned per word of text (0: no limit), set per page by ``allowance``
        self.forced = False  # inside a term list: its links stay
        self.phase = None  # anchor of the phase section being walked (its self-links become text)
        self.listed: frozenset[str] = frozenset()  # terms of that phase's term list: linked there, not in its text
        self.inline_dice: dict[str, str] = {}  # "dice-x" -> id of table x's copy inside that phase
        self.page = self.ext.state.src or ""
        self.bases: dict[str, str | None] = {}  # game id -> URL of its glossary from this page
        self.recorded: set[tuple[str, str, str]] = set()
        self.section = ""
        self.raw_depth = 0  # inside raw inline HTML such as <a ...>...</a>
        try:
            ctx = self.ext.context(self.md)
        except LookupError:  # a page outside any game: only blocks showing a game's data are linked
            self.ctx = self.matcher = self.game_id = self.base = None
            self.seen = set()
            for el in _game_blocks(root):
                self.walk_other_game(el, el.get("data-rc-game"))
            return
        self.use(ctx)
        self.rate = self.allowance(root)
        self.walk(root, None)

    # --- helpers -------------------------------------------------------------------------------------
    def use(self, ctx) -> None:
        """Link with this game's glossary (the page's game, or another game's block on the page)."""
        self.ctx = ctx
        self.matcher = ctx.index.matcher
        self.game_id = ctx.game.id
        self.seen: set[str] = set()
        if self.ext.state.glossary_url is None:
            self.base = None
        else:
            if self.game_id not in self.bases:
                self.bases[self.game_id] = self.ext.state.glossary_url(self.game_id)
            self.base = self.bases[self.game_id]

    def record(self, term_id: str, game_id: str | None = None) -> None:
        key = (game_id or self.game_id, term_id, self.section)
        if key not in self.recorded:
            self.recorded.add(key)
            self.ext.state.mentions.append((key[0], term_id, self.page, self.section))

    def link(self, term_id: str, text: str) -> etree.Element:
        base = self.base
        key = (self.game_id, term_id, self.page if base is None else base)
        cache = self.ext.link_hrefs
        href = cache.get(key)
        if href is None:  # once per term and glossary URL: pages in one folder share them
            if len(cache) > 4 * len(self.ctx.index.terms):  # bounded: drop entries of other folders
                cache.clear()
            href = cache[key] = self.ctx.href("term", term_id) if base is None else f"{base}#{anchor('term', term_id)}"
        # Only the href is kept: a dict of attributes per cached link was ~2 MiB on a 5 000-term glossary.
        el = etree.Element("a", term_link_attrs(self.ctx, term_id, href))
        set_term_text(el, self.ctx.index.terms[term_id].term, text)
        return el

    def defined_by(self, dt: etree.Element) -> str | None:
        """The term a <dt> names, when its whole text is one glossary word."""
        text = "".join(dt.itertext()).strip()
        matches = self.matcher.find(text)
        if len(matches) == 1 and matches[0].start == 0 and matches[0].end == len(text):
            return matches[0].term_id
        return None

    # --- the walk ------------------------------------------------------------------------------------
    def walk(self, el: etree.Element, excluded: str | None) -> None:
        game = el.get("data-rc-game")
        if game and game != self.game_id:
            self.walk_other_game(el, game)
            return
        excluded = el.get("data-rc-definition") or excluded
        children = list(el)
        position = 0  # index in ``el`` just after the current child
        if el.text and not el.text.isspace():
            el.text, position = self.insert_links(el, position, el.text, excluded)
        defined = None  # the term named by the last <dt> of a definition list
        for child in children:
            tag = child.tag
            if tag in HEADINGS:
                self.seen = set()
                self.section = "" if tag == "h1" else (child.get("id") or "")
            elif tag == "a" and (explicit := linked_term(child)):
                # An explicit {term:...} reference counts as the section's mention; {term:game:id}
                # is a mention in that game's glossary.
                other = child.get("data-rc-game")
                if other and other != self.game_id:
                    self.record(explicit, other)
                    self.keep_or_unlink(child, explicit, other)
                else:
                    self.keep_or_unlink(child, explicit, None)
                    self.seen.add(explicit)
                    self.record(explicit)
            elif tag == "a" and self.phase and "rc-phase-ref" in (child.get("class") or "") \
                    and child.get("href", "").endswith("#" + self.phase):
                unlink(child)  # {phase:x} inside phase x: no link to where the reader already is
            elif tag == "a" and self.inline_dice and "rc-dice-ref" in (child.get("class") or ""):
                # {dice:x} inside a phase that carries table x: to its copy there (the browser opens the
                # collapsed <details> a fragment points into), so the player stays in the phase
                fragment = child.get("href", "").rpartition("#")[2]
                if fragment in self.inline_dice:
                    child.set("href", "#" + self.inline_dice[fragment])
            if tag == "dt":
                defined = self.defined_by(child)
            cls = child.get("class")
            if isinstance(tag, str) and tag not in SKIP_TAGS and not (cls and not SKIP_CLASSES.isdisjoint(cls.split())):
                inner = defined if tag == "dd" and defined else excluded
                if cls and ("rc-term-list" in cls or "rc-phase" in cls):
                    self.walk_marked(child, cls, inner)
                else:  # most elements: no state of a term list or phase to set and restore
                    self.walk(child, inner)
            position += 1
            if child.tail and not child.tail.isspace():
                # The tail belongs to the parent: links go into the parent right after the child.
                child.tail, position = self.insert_links(el, position, child.tail, excluded)

    def walk_marked(self, el: etree.Element, cls: str, excluded: str | None) -> None:
        """``walk`` into a term list or a phase's section (``cls``: its class): their state holds inside only."""
        saved = self.forced, self.phase, self.listed, self.inline_dice
        if "rc-term-list" in cls.split():
            self.forced = True
        if el.tag == "section" and "rc-phase" in cls.split() and len(el) and el[0].get("id"):
            self.phase = el[0].get("id")
            self.listed = frozenset(filter(None, (linked_term(a) for lst in el.iter("p")
                                                  if "rc-term-list" in (lst.get("class") or "")
                                                  for a in lst)))
            self.inline_dice = {box[-1].get("id", "").removeprefix(self.phase + "~"): box[-1].get("id")
                                for box in el.iter("details") if "rc-phase-dice" in (box.get("class") or "")
                                and len(box)}
        self.walk(el, excluded)
        self.forced, self.phase, self.listed, self.inline_dice = saved

    def keep_or_unlink(self, el: etree.Element, term_id: str, game: str | None) -> None:
        """An explicit term link stays when it is in a term list, or is the section's first mention and the
        budget pays for it; otherwise it shows its words only."""
        fresh = game is not None or (term_id not in self.seen and term_id not in self.listed)
        if self.forced or not self.spacing:
            return  # term lists are paid for up front (``allowance``)
        if self.credit >= 1 and fresh:
            self.credit -= 1
        else:
            unlink(el)

    def allowance(self, root: etree.Element) -> float:
        """Links per word the page's text may have: one per ``link_spacing`` words of body text, less
        the links of its term lists (0 when they use it all: the text then links nothing)."""
        if not self.spacing:
            return 0.0
        words, listed = _count(root)
        return max(words / self.spacing - listed, 0.0) / words if words else 0.0

    def earn(self, text: str) -> None:
        if self.spacing:
            self.gain(count_words(text))

    def gain(self, words: int) -> None:
        """``earn`` for text of ``words`` words, counted already."""
        if self.spacing:
            self.credit = min(1.0, self.credit + words * self.rate)

    def walk_other_game(self, el: etree.Element, game: str) -> None:
        saved = (self.ctx, self.matcher, self.game_id, self.seen, self.base)
        try:
            ctx = self.ext.context(self.md, game)
        except LookupError:
            return  # the block reported the unknown game already
        self.use(ctx)
        el.attrib.pop("data-rc-game")
        try:
            self.walk(el, None)
        finally:
            el.set("data-rc-game", game)
            self.ctx, self.matcher, self.game_id, self.seen, self.base = saved

    def insert_links(self, parent: etree.Element, position: int, text: str, excluded: str | None) -> tuple[str, int]:
        """Link the terms of ``text`` (a text or tail inside ``parent``): the links go into ``parent`` from
        ``position`` on. Returns the text before the first link and the position after the last."""
        linked = self.link_text(text, excluded)
        if linked is None:
            return text, position
        head, links = linked
        for link in links:
            parent.insert(position, link)
            position += 1
        return head, position

    def link_text(self, text: str, excluded: str | None) -> tuple[str, list[etree.Element]] | None:
        """None when nothing is linked, else (text before the first link, links with their tails)."""
        blocked: list[tuple[int, int]] | None = None
        if "\x02" in text:
            blocked = self._raw_html(text)
        elif self.raw_depth:
            return None
        if "{" in text:  # a reference shown literally (written \{term:x}) stays as it is
            blocked = (blocked or []) + [m.span() for m in REF_RE.finditer(text)]
        matches, starts, total = self.matcher.locate(text)
        # The matcher's words are the budget's words (its count, and each match's index among them) in
        # ASCII text without '_' (which _WORD_RE splits words at): then nothing is counted twice.
        counted = total >= 0 and text.isascii() and "_" not in text
        if not matches:
            if counted:
                self.gain(total)
            else:
                self.earn(text)
            return None
        links: list[etree.Element] = []
        head = text
        cursor = 0
        earned = 0  # how far into ``text`` the budget has counted: words if ``counted``, else characters
        for match, first in zip(matches, starts):
            term_id = match.term_id
            if term_id == excluded:
                continue
            if blocked and any(a < match.end and match.start < b for a, b in blocked):
                continue
            if adverb_use(text, match.start, match.end):  # "bidding goes round": not the term Round
                continue
            self.record(term_id)  # a mention for "Used in", linked or not
            if (self.first_only and term_id in self.seen) or term_id in self.listed:
                continue
            if self.spacing:
                if counted:
                    self.gain(first - earned)
                    earned = first
                else:
                    self.earn(text[earned:match.start])
                    earned = match.start
                if self.credit < 1:
                    continue  # too close to the last link: plain words; a later mention may link
                self.credit -= 1
            self.seen.add(term_id)
            link = self.link(term_id, text[match.start:match.end])
            before = text[cursor:match.start]
            if links:
                links[-1].tail = before
            else:
                head = before
            links.append(link)
            cursor = match.end
        if counted:
            self.gain(total - earned)
        else:
            self.earn(text[earned:])
        if not links:
            return None
        links[-1].tail = text[cursor:]
        return head, links

    def _raw_html(self, text: str) -> list[tuple[int, int]]:
        """Spans of ``text`` that must stay unlinked: raw-HTML placeholders and what raw <a>...</a> wraps."""
        blocked = [m.span() for m in _STX_RE.finditer(text)]  # e.g. the '&' placeholder
        stash = self.md.htmlStash.rawHtmlBlocks
        start = 0 if self.raw_depth else None
        for m in HTML_PLACEHOLDER_RE.finditer(text):
            index = int(m.group(1))
            raw = str(stash[index]) if index < len(stash) else ""
            if _RAW_OPEN_RE.match(raw):
                if not self.raw_depth:
                    start = m.start()
                self.raw_depth += 1
            elif _RAW_CLOSE_RE.match(raw) and self.raw_depth:
                self.raw_depth -= 1
                if not self.raw_depth:
                    blocked.append((start, m.end()))
                    start = None
        if start is not None:
            blocked.append((start, len(text)))
        return blocked


def unlink(el: etree.Element) -> None:
    """A link shown as its words: the element stays (its text and tail keep their place), without link."""
    el.tag = "span"
    el.attrib.clear()


_UNCOUNTED_TAGS = HEADINGS | {"script", "style"}


def _count(root: etree.Element) -> tuple[int, int]:
    """(words of body text, links in term lists) under ``root``: what a reader sees as the page's text,
    headings and designer notes aside."""
    texts = []  # counted at once: words never run across the spaces that join them
    links = 0
    stack = [(root, False)]  # (element, inside a term list)
    while stack:
        el, listed = stack.pop()
        if el.text:
            texts.append(el.text)
        if listed and linked_term(el):
            links += 1
        for child in el:
            if child.tag not in _UNCOUNTED_TAGS:
                cls = child.get("class")
                if not cls:
                    stack.append((child, listed))
                elif not ("rc-dnote" in cls or "headerlink" in cls):
                    stack.append((child, listed or "rc-term-list" in cls))
            if child.tail:
                texts.append(child.tail)
    return count_words(" ".join(texts)), links
