"""Text set straight in a block, its lines parted by <br>: a forum post as the page renders its BBCode.

A rendered BBCode post (BoardGameGeek, phpBB) has no <p> or <h2>: its lines are text joined by <br>, a blank
line (two <br>) parts paragraphs, a section title is a bold line in a larger size (``[size=14][b]…`` renders as
``<span style="font-size:14pt"><b>…</b></span>``), a sub-title an underlined bold line on its own. The same
reading as the BBCode source's (bbcode.py): the largest size is the highest level, each smaller one a level down,
an underlined bold line one level under the smallest; a run of two or more roll lines is a table's rows."""

from __future__ import annotations

import re

from .dice import roll_line
from .sections import definition

FONT_SIZE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(pt|px|em|rem|%)", re.I)
TO_PT = {"pt": 1.0, "px": 0.75, "em": 12.0, "rem": 12.0, "%": 0.12}
BODY_PT = 12.5  # larger than body text (12 pt, 16 px, 1 em): a title's size
MAX_HEADING_CHARS = 80
BOLD = {"b", "strong"}


def _words(node) -> str:
    return "".join(c if isinstance(c, str) else _words(c) for c in node.children)


def _only_child(node):
    """The one element inside ``node`` when it holds nothing else but white space, else None."""
    elements = [c for c in node.children if not isinstance(c, str)]
    if len(elements) != 1 or any(isinstance(c, str) and c.strip() for c in node.children):
        return None
    return elements[0]


def _plain(node) -> bool:
    """Only words inside (no element), few enough for a title."""
    words = _words(node).strip()
    return all(isinstance(c, str) for c in node.children) and 0 < len(words) <= MAX_HEADING_CHARS


def _size_pt(node) -> float | None:
    found = FONT_SIZE.search(node.attrs.get("style", "")) if node.tag == "span" else None
    return float(found.group(1)) * TO_PT[found.group(2).lower()] if found else None


def sized_title(node) -> float | None:
    """The size (pt) of a bold line in a larger size: ``<span style="font-size:14pt"><b>Setting up</b></span>``
    (or the bold outside the span), nothing else in it."""
    inner = _only_child(node)
    if inner is None:
        return None
    if node.tag == "span" and inner.tag in BOLD:
        size, words = _size_pt(node), inner
    elif node.tag in BOLD and inner.tag == "span":
        size, words = _size_pt(inner), inner
    else:
        return None
    if size is None or size <= BODY_PT:
        return None
    if _plain(words):
        return size
    deeper = _only_child(words)  # '[size=14][b][u]Setting up[/u][/b][/size]'
    return size if deeper is not None and deeper.tag in {"u", "i", "em"} and _plain(deeper) else None


def underlined_title(node) -> bool:
    """An underlined bold line: ``<b><u>1. Delve</u></b>`` or ``<u><b>…</b></u>``, nothing else in it."""
    inner = _only_child(node)
    return inner is not None and {node.tag, inner.tag} in ({"b", "u"}, {"strong", "u"}) and _plain(inner)


def alone(siblings: list, at: int) -> bool:
    """``siblings[at]`` stands on a line of its own: a <br>, a block or the start (end) of its parent on each
    side (the index is the caller's: no search, so a page of many thousand lines stays linear)."""

    def edge(indices) -> bool:
        for n in indices:
            c = siblings[n]
            if isinstance(c, str):
                if c.strip():
                    return False
                continue
            return c.tag == "br" or c.tag not in {"span", "strong", "b", "em", "i", "u", "a", "code", "small",
                                                   "sup", "sub", "mark", "font", "s", "del", "strike", "img"}
        return True

    return edge(range(at - 1, -1, -1)) and edge(range(at + 1, len(siblings)))


def title_sizes(root) -> dict[float, int]:
    """Each size a sized title line has on the page, largest first, as its heading level (1, 2 …)."""
    sizes: set[float] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        for at, child in enumerate(node.children):
            if isinstance(child, str):
                continue
            if (size := sized_title(child)) is not None and alone(node.children, at):
                sizes.add(size)
            else:
                stack.append(child)
    return {size: min(n + 1, 5) for n, size in enumerate(sorted(sizes, reverse=True))}


def line_groups(lines: list[tuple[str, object]]) -> list[tuple[str, list[tuple[str, object]]]]:
    """Lines parted by <br> as blocks: ('paragraph', lines) joined, ('lines', lines) one entry a line (a run of
    two or more roll lines, or a paragraph whose every line is an entry). A blank line parts paragraphs."""
    out: list[tuple[str, list]] = []
    paragraph: list = []

    def close() -> None:
        texts = [t for t, _ in paragraph]
        if len(texts) >= 2 and all(roll_line(t) or definition(t) for t in texts):
            out.append(("lines", list(paragraph)))
        else:
            rolls = [bool(roll_line(t)) for t in texts]
            start = 0
            n = 0
            while n < len(texts):
                end = n
                while end < len(texts) and rolls[end]:
                    end += 1
                if end - n >= 2:  # the rows of a table set as lines, with words before or after them
                    if n > start:
                        out.append(("paragraph", paragraph[start:n]))
                    out.append(("lines", paragraph[n:end]))
                    start = n = end
                else:
                    n = max(end, n + 1)
            if start < len(texts):
                out.append(("paragraph", paragraph[start:]))
        paragraph.clear()

    for text, line in lines:
        if text.strip():
            paragraph.append((text.strip(), line))
        elif paragraph:
            close()
    if paragraph:
        close()
    return out
