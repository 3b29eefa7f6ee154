"""Inline HTML and Markdown in a line of source text -> clean inline Markdown.

Images and relative links point at files the import does not carry, so they are
dropped (recorded as remarks); absolute links stay.
"""

from __future__ import annotations

import html
import re
import urllib.parse

from .outline import Remark
from .text import escape_refs

_TAG_PAIRS = [
    (re.compile(r"<(strong|b)\b[^>]*>(.*?)</\1\s*>", re.I | re.S), r"**\2**"),
    (re.compile(r"<(em|i)\b[^>]*>(.*?)</\1\s*>", re.I | re.S), r"*\2*"),
    (re.compile(r"<code\b[^>]*>(.*?)</code\s*>", re.I | re.S), r"`\1`"),
]
_A_RE = re.compile(r"<a\b([^>]*)>(.*?)</a\s*>", re.I | re.S)
_IMG_RE = re.compile(r"<img\b([^>]*)/?>", re.I)
_ATTR_RE = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_MD_IMG_RE = re.compile(r"!\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_MD_LINK_RE = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_ANY_TAG_RE = re.compile(r"</?[a-zA-Z][\w-]*\b[^>]*?/?>")
_IAL_RE = re.compile(r"(?<!\s)\s*\{:[^}]*\}")  # from a run of spaces' start only: tried inside one, quadratic
_MATH_RE = re.compile(r"\\{1,2}\((.*?)\\{1,2}\)")


def attrs(text: str) -> dict[str, str]:
    return {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None) for m in _ATTR_RE.finditer(text)}


def absolute(href: str) -> bool:
    return href.startswith(("http://", "https://", "mailto:"))


def safe_href(href: str) -> str:
    """A link target that cannot end the Markdown link early or start an attribute list: spaces,
    brackets, braces, quotes and '<' are percent-encoded."""
    return urllib.parse.quote(href, safe="/:?#@!$&*+,;=%~.-_")


def image_remark(alt: str, src: str, line: int) -> Remark:
    return Remark("image", f"image '{alt or src}' ({src}) is not included", line)


def convert(text: str, line: int, remarks: list[Remark]) -> str:
    """One logical line of source text as inline Markdown."""

    def img(match: re.Match) -> str:
        a = attrs(match.group(1))
        remarks.append(image_remark(a.get("alt", ""), a.get("src", ""), line))
        return ""

    def md_img(match: re.Match) -> str:
        remarks.append(image_remark(match.group(1), match.group(2), line))
        return ""

    def link(text_: str, href: str) -> str:
        if absolute(href):
            return f"[{text_}]({safe_href(href)})"
        if href and not href.startswith("#"):
            remarks.append(Remark("link", f"link '{text_}' to '{href}' kept as text (the target is not imported)",
                                  line))
        return text_

    text = _IMG_RE.sub(img, text)
    text = _MD_IMG_RE.sub(md_img, text)
    text = re.sub(r"<br\s*/?>", " ", text, flags=re.I)
    for pattern, repl in _TAG_PAIRS:
        for _ in range(2):  # nested <strong><em>
            text = pattern.sub(repl, text)
    text = _A_RE.sub(lambda m: link(m.group(2), attrs(m.group(1)).get("href", "")), text)
    text = _MD_LINK_RE.sub(lambda m: link(m.group(1), m.group(2)), text)
    text = _ANY_TAG_RE.sub("", text)
    text = _IAL_RE.sub("", text)
    text = _MATH_RE.sub(lambda m: m.group(1).replace("\\times", "×").strip(), text)
    text = html.unescape(text)  # &nbsp; becomes U+00A0, which the dice reader uses as a column gap
    text = re.sub(r"\*\*\s*\*\*", "", text)
    return escape_refs(as_text(re.sub(r"[ \t]+", " ", text).strip()))


_ENTITY_LIKE_RE = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
_BRACE_RE = re.compile(r"(?<!\\)\{(?![A-Za-z][\w-]*:)")


def as_text(text: str) -> str:
    """Decoded source text as Markdown that reads as that text, never as markup: '<' (a tag the
    source escaped, ``&lt;script&gt;``, or one rebuilt by stripping ``<scr<b>ipt>``) and an '&' that
    would start an entity are escaped; a '{' that would open an attribute list (``{: onclick=...}``)
    is backslash-escaped."""
    text = _ENTITY_LIKE_RE.sub("&amp;", text)
    return _BRACE_RE.sub(r"\\{", text.replace("<", "&lt;"))
