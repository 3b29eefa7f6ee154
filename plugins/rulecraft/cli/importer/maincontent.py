"""A saved web page's own content: the element the page marks as its main content.

A page saved from a wiki, a blog or a documentation site carries the site around the rules: a header with the
site's logo and name, user and site tools, a sidebar of other pages, breadcrumbs, a footer. When the page marks
its content (the one ``<main>``, or the one element with ``role="main"``; else the one ``<article>``), only that
is the rulebook; the rest is dropped and listed, with its lines, in the report (never silently)."""

from __future__ import annotations

import re

MIN_MAIN_CHARS = 200  # a <main> holding a line or two (a banner, a search box) is not the page's content
MIN_MAIN_SHARE = 0.6  # nor one holding less than most of the page's words (a page builder's misnested <div>)
SHOWN_CHARS = 100  # how much of the dropped text the report quotes


def _is_main(node) -> bool:
    return node.tag == "main" or node.attrs.get("role", "").strip().lower() == "main"


def _outermost(node, found: list, test) -> None:
    for child in node.children:
        if isinstance(child, str):
            continue
        if test(child):
            found.append(child)  # one inside it is part of it
        else:
            _outermost(child, found, test)


def _text(node, skip: set[str]) -> str:
    if isinstance(node, str):
        return node
    return "" if node.tag in skip else " ".join(_text(c, skip) for c in node.children)


def _flat(node, skip: set[str]) -> str:
    return re.sub(r"\s+", " ", _text(node, skip)).strip()


def main_content(root, skip: set[str]):
    """``(main, outside)``: the page's one main-content element (or its one article) and the elements around
    it (in page order, the siblings of ``main`` and of each of its ancestors), or ``(None, [])`` when the page
    marks none, or more than one, or one too short to hold the rules. ``skip``: the tags whose text is not
    read."""
    found: list = []
    _outermost(root, found, _is_main)
    if not found:  # a blog post's page marks no <main>, but its post is the one <article> (comments are others)
        _outermost(root, found, lambda node: node.tag == "article")
    if len(found) != 1 or len(_flat(found[0], skip)) < max(MIN_MAIN_CHARS, MIN_MAIN_SHARE * len(_flat(root, skip))):
        return None, []
    main = found[0]
    return main, around(main)


def title_outside(main, outside: list):
    """The element around the main content that holds the page title when the main content has none of its
    own: the one holding the last <h1> before it ('<header><h1>Saltroad Guilds</h1><p>An economic game
    …</p></header><main>…': the header is read too). None when the main content has an <h1>."""
    if any(n.tag == "h1" for n in _walk(main)):
        return None
    holding = [n for n in outside if _line(n) <= _line(main) and any(h.tag == "h1" for h in [n, *_walk(n)])]
    return holding[-1] if holding else None


def dropped_summary(outside: list, skip: set[str]) -> tuple[str, int] | None:
    """What the report says of the dropped site furniture: its words (shortened) and its first line."""
    texts = [(n, t) for n in outside if (t := _flat(n, skip))]
    if not texts:
        return None
    words = " · ".join(t for _, t in texts)
    shown = words if len(words) <= SHOWN_CHARS else words[:SHOWN_CHARS].rsplit(" ", 1)[0] + " …"
    return shown, min(_line(n) for n, _ in texts)


def _walk(node):
    for child in node.children:
        if not isinstance(child, str):
            yield child
            yield from _walk(child)


def _line(node) -> int:
    return int(node.line)


BODY_SHARE = 0.85  # a post's body: the one element inside it holding this much of the post's words


def _posts(node) -> list:
    """The posts of a forum thread inside ``node``: its outermost <article> elements, two or more, all children
    of one element (phpBB, Discourse, BoardGameGeek set each post in one)."""
    found: list = []
    _outermost(node, found, lambda n: n.tag == "article")
    return found if len(found) >= 2 and len({id(n.parent) for n in found}) == 1 else []


def first_post(main, root, skip: set[str]):
    """``(body, replies)`` when the page (its main content, else the whole page) is a forum thread whose first
    post holds more words than all the replies together: the rules posted as a thread's opening post, answered
    below. ``body`` is the first post's body (the one element holding nearly all its words, without the
    poster's name, date and buttons); ``replies`` the later posts. None for any other page."""
    posts = _posts(main if main is not None else root)
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


def around(main) -> list:
    """The elements around ``main`` (the siblings of it and of each of its ancestors), in page order."""
    outside = []
    node = main
    while node.parent is not None:
        outside.extend(c for c in node.parent.children if c is not node and not isinstance(c, str))
        node = node.parent
    outside.sort(key=lambda n: (int(n.line), getattr(n.line, "col", 0)))  # a line can carry a column (Pos)
    return outside


def reply_summary(post, skip: set[str]) -> str:
    """A reply's words, shortened, for the report."""
    words = _flat(post, skip)
    return words if len(words) <= SHOWN_CHARS else words[:SHOWN_CHARS].rsplit(" ", 1)[0] + " …"
