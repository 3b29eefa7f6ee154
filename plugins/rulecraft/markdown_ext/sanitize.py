"""Last pass over every page's tree: rule text may link, never run script, never set attributes.

Rule text is Markdown. ``render.base.safe`` escapes '<', so it cannot write raw HTML, but Markdown
itself still makes links and images to any URL (``[x](javascript:...)``, reference definitions,
``<javascript:...>``) and, with ``attr_list``, puts any attribute on an element
(``text{: onclick="..." }``). This treeprocessor removes what would run:

* URL attributes (href, src, ...) whose scheme is not one of ``SAFE_SCHEMES``, judged the way a
  browser reads them: character references decoded, ASCII tab/newline dropped anywhere, control
  characters and spaces trimmed at the ends. Relative URLs (no scheme) stay; so ``javascript:``,
  ``vbscript:``, ``data:`` and unknown schemes go, the element and its text stay. One exception:
  an <img> showing one of Rulecraft's own emoji pictures (render/emoji.py: the cheat sheet draws
  emoji as embedded SVGs). Any other ``data:`` picture goes too: pictures are files of the project,
  and an embedded SVG can cost a renderer without limit (nested ``<use>``: a million copies from 3 KB).
* event-handler attributes (``on...``) and ``srcdoc``.

Inside Rulecraft blocks (``.rc-block``: all of their text comes from rule data) the policy is an
allowlist, ``POLICY``: only the tags and attributes the renderers make, ``style`` only as the
renderers write it (``--rc-w:40%``), URLs only http(s), mailto or relative. Data cannot set an
attribute in the first place (see the second pass below): the allowlist is what holds if a renderer
ever forgets. tests/site/test_hostile_input.py checks every built block against nh3 (ammonia) with
the same policy: nh3 removes nothing from what this pass leaves.

It runs after Python-Markdown's ``unescape`` treeprocessor (priority 0), which turns backslash
escapes back into characters inside attribute values, so it sees the final values. Raw HTML written
by hand in prose pages never enters the tree (Python-Markdown stashes it), so pages keep it.

A second pass runs *before* inline parsing: inside Rulecraft blocks (``.rc-block``), whose text all
comes from rule data, every '<' left in element text becomes '&lt;' (what ``safe`` does, so text a
renderer already escaped is unchanged). A renderer that forgets ``safe`` for a label or a tail
cannot open raw inline HTML that way. The same pass turns every '{' that does not open a
``{kind:...}`` reference into '&#123;': attr_list (``*x*{: id=... }``, ``{ hidden }``,
``# Title {#id}``) never sees a brace in rule data, so data sets no id, style or attribute.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from ..models.textrefs import ANY_REF_RE
from ..models.urls import as_browser_reads, url_scheme
from ..render.emoji import is_shipped_picture

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
URL_ATTRIBUTES = frozenset({"href", "src", "srcset", "action", "formaction", "poster", "background", "cite",
                            "data", "xlink:href", "longdesc", "ping", "manifest", "codebase"})
PRIORITY = -10  # after 'unescape' (0)
ESCAPE_PRIORITY = 30  # before 'inline' (20)

# --- the allowlist inside .rc-block: what the renderers and Markdown make, nothing else -------------
BLOCK_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "button", "caption", "code", "col", "colgroup", "dd", "del", "details",
    "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i",
    "img", "input", "ins", "kbd", "label", "li", "mark", "meter", "nav", "ol", "option", "output", "p", "pre", "s",
    "section", "select",
    "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})
GLOBAL_ATTRIBUTES = frozenset({"class", "id", "title", "role", "hidden", "lang", "dir", "tabindex"})
ATTRIBUTE_PREFIXES = ("aria-", "data-")
TAG_ATTRIBUTES = {
    "a": {"href", "download"}, "img": {"src", "alt", "width", "height", "loading"}, "ol": {"start"}, "li": {"value"},
    "th": {"scope", "colspan", "rowspan"}, "td": {"colspan", "rowspan"}, "col": {"span"}, "colgroup": {"span"},
    "input": {"type", "checked", "disabled", "name", "value", "min", "max", "step", "inputmode", "placeholder",
              "autocomplete"},
    "button": {"type", "disabled"}, "label": {"for"}, "details": {"open"},
    "select": {"name", "disabled"}, "option": {"value", "selected"},  # the play view's game states
    "meter": {"value", "min", "max", "low", "high", "optimum"},
}
# The only styles renderers write: custom properties with a number (odds bars' width, the cheat sheet's
# fitted type size and spacing), e.g. "--rc-w:40.0%" or "--rc-fs: 9.5pt; --rc-space: 1".
_STYLE_DECL = r"--rc-[a-z0-9-]+:\s*[0-9.]+(?:%|pt)?\s*"
STYLE_RE = re.compile(rf"^\s*{_STYLE_DECL}(?:;\s*{_STYLE_DECL})*;?\s*$")
POLICY = {"tags": BLOCK_TAGS, "attributes": GLOBAL_ATTRIBUTES, "prefixes": ATTRIBUTE_PREFIXES,
          "tag_attributes": TAG_ATTRIBUTES, "schemes": SAFE_SCHEMES}

_BRACE_RE = re.compile(r"(?<!\\)\{")



def is_safe_url(value: str | None, image: bool = False) -> bool:
    """``image``: the value is an <img> src, where one of Rulecraft's own emoji pictures is fine."""
    if value is None or (":" not in value and "&" not in value):
        return True  # no scheme, even as a browser reads it (only a character reference could make a ':')
    scheme = url_scheme(value)
    if image and scheme == "data":
        return is_shipped_picture(as_browser_reads(value))
    return scheme is None or scheme in SAFE_SCHEMES


def allowed_in_block(tag: str, name: str, value: str) -> bool:
    """The allowlist for an attribute of an element inside a Rulecraft block."""
    if name in GLOBAL_ATTRIBUTES or name in TAG_ATTRIBUTES.get(tag, ()):
        return True
    if name.startswith(ATTRIBUTE_PREFIXES):
        return True
    return name == "style" and bool(STYLE_RE.match(value))


def _is_block(el: etree.Element) -> bool:
    cls = el.get("class")
    return bool(cls) and "rc-block" in cls and "rc-block" in cls.split()  # substring first: cheap, and false for most


def sanitize_block(block: etree.Element) -> int:
    """The allowlist inside one ``.rc-block``: unknown tags become ``span`` without attributes, unknown
    attributes and unsafe URLs go (``data:`` too, but for an <img> showing one of Rulecraft's emoji:
    the cheat sheet's emoji are embedded SVGs). Returns how many things were removed."""
    removed = 0
    for el in block.iter():
        if not isinstance(el.tag, str):
            continue  # comments, processing instructions
        if el.tag not in BLOCK_TAGS:
            el.tag, removed = "span", removed + 1 + len(el.attrib)
            el.attrib.clear()
            continue
        for name in list(el.attrib):
            key, value = name.lower(), el.get(name) or ""
            url_ok = key not in URL_ATTRIBUTES or is_safe_url(value, image=el.tag == "img" and key == "src")
            if key.startswith("on") or not url_ok or not allowed_in_block(el.tag, key, value):
                del el.attrib[name]
                removed += 1
    return removed


def sanitize(root: etree.Element) -> int:
    """Remove unsafe attributes in place (the allowlist inside blocks); returns how many were removed."""
    removed = 0
    stack = [root]
    while stack:  # blocks get the allowlist; the rest (hand-written prose) loses what would run
        el = stack.pop()
        if not el.attrib:  # most elements: nothing to remove, and no block
            stack.extend(el)
            continue
        if el is not root and _is_block(el):
            removed += sanitize_block(el)
            continue
        stack.extend(el)
        for name in list(el.attrib):
            key = name.lower()
            image = el.tag == "img" and key == "src"
            if key.startswith("on") or key == "srcdoc" or (
                    key in URL_ATTRIBUTES and not is_safe_url(el.get(name), image)):
                del el.attrib[name]
                removed += 1
    return removed


def _escape_braces(text: str) -> str:
    """'{' -> '&#123;' unless it opens a ``{kind:...}`` reference or is backslash-escaped."""
    if "{" not in text:
        return text
    parts, start = [], 0
    for match in _BRACE_RE.finditer(text):
        ref = ANY_REF_RE.match(text, match.start())
        if ref:
            continue  # the reference pattern takes it whole (unknown kinds too: shown literally, reported)
        parts.append(text[start:match.start()])
        parts.append("&#123;")
        start = match.end()
    return "".join(parts) + text[start:] if parts else text


def _escape(text: str) -> str:
    return _escape_braces(text.replace("<", "&lt;") if "<" in text else text)


def escape_block_text(root: etree.Element) -> None:
    """'<' -> '&lt;' and attr_list braces -> '&#123;' in the text and tails inside every ``.rc-block``
    (not the block's own tail)."""
    for block in root.iter():
        if not _is_block(block):
            continue
        for el in block.iter():
            if el.text and not isinstance(el.text, AtomicString):
                el.text = _escape(el.text)
            if el is not block and el.tail and not isinstance(el.tail, AtomicString):
                el.tail = _escape(el.tail)


class SanitizeTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        sanitize(root)


class EscapeBlockTextTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        escape_block_text(root)


def register(md) -> None:
    md.treeprocessors.register(EscapeBlockTextTreeprocessor(md), "rulecraft-escape-blocks", ESCAPE_PRIORITY)
    md.treeprocessors.register(SanitizeTreeprocessor(md), "rulecraft-sanitize", PRIORITY)
