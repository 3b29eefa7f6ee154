"""Last pass over every page's tree: rule text may link, never run script.

Rule text is Markdown. ``render.base.safe`` escapes '<', so it cannot write raw HTML, but Markdown
itself still makes links and images to any URL (``[x](javascript:...)``, reference definitions,
``<javascript:...>``) and, with ``attr_list``, puts any attribute on an element
(``text{: onclick="..." }``). This treeprocessor removes what would run:

* URL attributes (href, src, ...) whose scheme is not one of ``SAFE_SCHEMES``, judged the way a
  browser reads them: character references decoded, ASCII tab/newline dropped anywhere, control
  characters and spaces trimmed at the ends. Relative URLs (no scheme) stay; so ``javascript:``,
  ``vbscript:``, ``data:`` and unknown schemes go, the element and its text stay. One exception:
  ``<img src="data:image/...">``, an inline picture (an image never runs script).
* event-handler attributes (``on...``) and ``srcdoc``.

It runs after Python-Markdown's ``unescape`` treeprocessor (priority 0), which turns backslash
escapes back into characters inside attribute values, so it sees the final values. Raw HTML written
by hand in prose pages never enters the tree (Python-Markdown stashes it), so pages keep it.

A second pass runs *before* inline parsing: inside Rulecraft blocks (``.rc-block``), whose text all
comes from rule data, every '<' left in element text becomes '&lt;' (what ``safe`` does, so text a
renderer already escaped is unchanged). A renderer that forgets ``safe`` for a label or a tail
cannot open raw inline HTML that way.
"""

from __future__ import annotations

import html
import re
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel", "ftp", "sms"})
URL_ATTRIBUTES = frozenset({"href", "src", "srcset", "action", "formaction", "poster", "background", "cite",
                            "data", "xlink:href", "longdesc", "ping", "manifest", "codebase"})
PRIORITY = -10  # after 'unescape' (0)
ESCAPE_PRIORITY = 30  # before 'inline' (20)

_SCHEME_RE = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
_IGNORED_RE = re.compile(r"[\t\n\r]")


_TRIMMED = "".join(map(chr, range(0x21)))  # C0 controls and space


def as_browser_reads(value: str) -> str:
    """An attribute value as a browser's URL parser sees it: references decoded, tabs/newlines gone, trimmed."""
    return _IGNORED_RE.sub("", html.unescape(value)).strip(_TRIMMED)


def url_scheme(value: str) -> str | None:
    """The scheme a browser would see in an attribute value, lower case; None for a relative URL."""
    match = _SCHEME_RE.match(as_browser_reads(value))
    return match.group(1).lower() if match else None


def is_safe_url(value: str | None, image: bool = False) -> bool:
    """``image``: the value is an <img> src, where a ``data:image/...`` picture is fine."""
    if value is None:
        return True
    scheme = url_scheme(value)
    if image and scheme == "data":
        return as_browser_reads(value).lower().startswith("data:image/")
    return scheme is None or scheme in SAFE_SCHEMES


def sanitize(root: etree.Element) -> int:
    """Remove unsafe attributes in place; returns how many were removed."""
    removed = 0
    for el in root.iter():
        for name in list(el.attrib):
            key = name.lower()
            image = el.tag == "img" and key == "src"
            if key.startswith("on") or key == "srcdoc" or (
                    key in URL_ATTRIBUTES and not is_safe_url(el.get(name), image)):
                del el.attrib[name]
                removed += 1
    return removed


def escape_block_text(root: etree.Element) -> None:
    """'<' -> '&lt;' in the text and tails inside every ``.rc-block`` (not the block's own tail)."""
    for block in root.iter():
        if "rc-block" not in (block.get("class") or "").split():
            continue
        for el in block.iter():
            if el.text and "<" in el.text and not isinstance(el.text, AtomicString):
                el.text = el.text.replace("<", "&lt;")
            if el is not block and el.tail and "<" in el.tail and not isinstance(el.tail, AtomicString):
                el.tail = el.tail.replace("<", "&lt;")


class SanitizeTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        sanitize(root)


class EscapeBlockTextTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        escape_block_text(root)


def register(md) -> None:
    md.treeprocessors.register(EscapeBlockTextTreeprocessor(md), "rulecraft-escape-blocks", ESCAPE_PRIORITY)
    md.treeprocessors.register(SanitizeTreeprocessor(md), "rulecraft-sanitize", PRIORITY)
