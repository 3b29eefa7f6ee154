"""A saved web page's own content: the element the page marks as its main content.

A page saved from a wiki, a blog or a documentation site carries the site around the rules: a header with the
site's logo and name, user and site tools, a sidebar of other pages, breadcrumbs, a footer. When the page marks
its content (the one ``<main>``, or the one element with ``role="main"``; else the one ``<article>``), that is
the rulebook. Around it, what reads as rules (paragraphs of its own words, not a list of links) is still read,
in its place; the rest is dropped and listed, each part with its line, in the report (never silently). A forum
thread's rules are its first post; each reply is listed for a human (an answer may settle a rule)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MIN_MAIN_CHARS = 200  # a <main> holding a line or two (a banner, a search box) is not the page's content
MIN_MAIN_SHARE = 0.6  # nor one that, with what reads as rules around it, holds less than most of the page's
# words (a page builder's misnested <div>: what is left would be more than the site's furniture)
PROSE_CHARS = 150  # words of its own (links aside) that make a block around the main content read as rules
PARAGRAPH_CHARS = 80  # ... with at least one paragraph or item this long
SITE_TAGS = {"header", "footer", "nav"}  # the site's own parts, whatever they hold
SITE_ROLES = {"banner", "contentinfo", "navigation", "search"}
SHOWN_CHARS = 80  # how much of each dropped part the report quotes
LISTED = 6  # dropped parts listed one by one; the rest are counted


@dataclass
class PageParts:
    main: object
    before: list = field(default_factory=list)  # read before the main content (the header holding the title)
    after: list = field(default_factory=list)  # read after it (an aside holding a variant rule)
    dropped: list = field(default_factory=list)  # the site's furniture, listed in the report


def _is_main(node) -> bool:
    return node.tag == "main" or node.attrs.get("role", "").strip().lower() == "main"


def _outermost(node, found: list, test, skip: set[str]) -> None:
    for child in node.children:
        if isinstance(child, str) or child.tag in skip:  # a <main> inside a <template> is no page's content
            continue
        if test(child):
            found.append(child)  # one inside it is part of it
        else:
            _outermost(child, found, test, skip)


def _text(node, skip: set[str], links: bool = True) -> str:
    if isinstance(node, str):
        return node
    if node.tag in skip or (not links and node.tag == "a"):
        return ""
    return " ".join(_text(c, skip, links) for c in node.children)


def _flat(node, skip: set[str], links: bool = True) -> str:
    return re.sub(r"\s+", " ", _text(node, skip, links)).strip()


def _pos(node) -> tuple[int, int]:
    return int(node.line), getattr(node.line, "col", 0)  # a one-line page's elements differ by column (Pos)


def _walk(node, skip: set[str] = frozenset()):
    for child in node.children:
        if not isinstance(child, str) and child.tag not in skip:
            yield child
            yield from _walk(child, skip)


def reads_as_rules(node, skip: set[str]) -> bool:
    """A block around the main content that holds words of its own (a variant rule in an aside, a scoring
    section after a blog post's article), not the site's header, menu, footer or a list of links."""
    if node.tag in SITE_TAGS or node.attrs.get("role", "").strip().lower() in SITE_ROLES:
        return False
    if len(_flat(node, skip, links=False)) < PROSE_CHARS:
        return False
    return any(len(_flat(n, skip, links=False)) >= PARAGRAPH_CHARS
               for n in [node, *_walk(node, skip)] if n.tag in ("p", "li", "dd", "td", "blockquote"))


def page_parts(root, skip: set[str]) -> PageParts | None:
    """The page's one main-content element (or its one article) with what is read around it and what is
    dropped, or None when the page marks none, or more than one, or one too short to hold the rules.
    ``skip``: the tags whose text is never read."""
    found: list = []
    _outermost(root, found, _is_main, skip)
    if not found:  # a blog post's page marks no <main>, but its post is the one <article> (comments are others)
        _outermost(root, found, lambda node: node.tag == "article", skip)
    if len(found) != 1 or len(_flat(found[0], skip)) < MIN_MAIN_CHARS:
        return None
    parts = PageParts(found[0])
    outside = [n for n in around(parts.main) if n.tag not in skip and _flat(n, skip)]
    titled = _title_holder(parts.main, outside)
    for n in outside:
        if n is titled or reads_as_rules(n, skip):
            (parts.before if _pos(n) < _pos(parts.main) else parts.after).append(n)
        else:
            parts.dropped.append(n)
    read = sum(len(_flat(n, skip)) for n in [*parts.before, parts.main, *parts.after])
    return parts if read >= MIN_MAIN_SHARE * len(_flat(root, skip)) else None


def around(main) -> list:
    """The elements around ``main`` (the siblings of it and of each of its ancestors), in page order."""
    outside = []
    node = main
    while node.parent is not None:
        outside.extend(c for c in node.parent.children if c is not node and not isinstance(c, str))
        node = node.parent
    return sorted(outside, key=_pos)


def thread_parts(body, replies: list, skip: set[str]) -> PageParts:
    """A forum thread's first post as the page's content, with the thread's title above it: everything else
    around it (the poster's name, date and buttons, the site) is dropped and listed; the replies are listed on
    their own (``first_post``)."""
    outside = [n for n in around(body) if n.tag not in skip and _flat(n, skip) and not any(n is r for r in replies)]
    # a forum's <h1> is the board's name; the thread's title is the last <h1> or <h2> before its first post
    titled = _title_holder(body, outside, ("h1", "h2"))
    return PageParts(body, before=[titled] if titled is not None else [],
                     dropped=[n for n in outside if n is not titled])


def _title_holder(main, outside: list, tags: tuple[str, ...] = ("h1",)):
    """The element before the main content that holds the page title when the main content has none of its
    own: the one holding the last <h1> ('<header><h1>Saltroad Guilds</h1><p>An economic game …</p></header>
    <main>…': the header is read too), or the last of ``tags``. None when the main content has an <h1>."""
    if any(n.tag == "h1" for n in _walk(main)):
        return None
    holding = [(n, h) for n in outside if _pos(n) < _pos(main)
               for h in [n, *_walk(n)] if h.tag in tags]
    return max(holding, key=lambda pair: _pos(pair[1]))[0] if holding else None


def dropped_lines(dropped: list, skip: set[str]) -> list[tuple[str, int]]:
    """What the report says of each dropped part of the site: its words (shortened) and its line."""
    out = [(f"site around the page's main content dropped: '{_shortened(n, skip)}'", int(n.line))
           for n in dropped[:LISTED]]
    if len(dropped) > LISTED:
        rest = dropped[LISTED:]
        out.append((f"site around the page's main content dropped: {len(rest)} more part(s)", int(rest[0].line)))
    return out


BODY_SHARE = 0.85  # a post's body: the one element inside it holding this much of the post's words


# a post set in a <div> or <li>: a class word naming it one ('post' in phpBB's prosilver, 'topic-post' in
# Discourse, 'postbit' / 'postcontainer' in vBulletin), not a part of one ('postbody', 'post-buttons')
POST_CLASS = re.compile(r"(?:^|[-_])(?:post|postbit|postcontainer)$")


def _div_post(node) -> bool:
    return node.tag in ("div", "li") and any(POST_CLASS.search(w) for w in node.attrs.get("class", "").lower().split())


def _posts(node, skip: set[str]) -> list:
    """The posts of a forum thread inside ``node``: its outermost <article> elements (phpBB, Discourse,
    BoardGameGeek set each post in one), else its outermost blocks whose class says they are posts; two or
    more, all children of one element."""
    for test in (lambda n: n.tag == "article", _div_post):
        found: list = []
        _outermost(node, found, test, skip)
        if len(found) >= 2 and len({id(n.parent) for n in found}) == 1:
            return found
    return []


def first_post(main, root, skip: set[str]):
    """``(body, replies)`` when the page (its main content, else the whole page) is a forum thread whose first
    post holds more words than all the replies together: the rules posted as a thread's opening post, answered
    below. ``body`` is the first post's body (the one element holding nearly all its words, without the
    poster's name, date and buttons); ``replies`` the later posts. None for any other page."""
    posts = _posts(main if main is not None else root, skip)
    if not posts:
        return None
    sizes = [len(_flat(p, skip)) for p in posts]
    if sizes[0] < MIN_MAIN_CHARS or sizes[0] <= sum(sizes[1:]):
        return None
    body = posts[0]
    while True:  # down to the post's body: the header (avatar, name, date) and the footer (buttons) go
        total = len(_flat(body, skip))
        inner = [c for c in body.children if not isinstance(c, str) and len(_flat(c, skip)) >= BODY_SHARE * total]
        if len(inner) != 1 or any(isinstance(c, str) and c.strip() for c in body.children):
            return body, posts[1:]
        body = inner[0]


def reply_summary(post, skip: set[str]) -> str:
    """A reply's words, shortened, for the report."""
    return _shortened(post, skip)


def _shortened(node, skip: set[str]) -> str:
    words = _flat(node, skip)
    return words if len(words) <= SHOWN_CHARS else words[:SHOWN_CHARS].rsplit(" ", 1)[0] + " …"
