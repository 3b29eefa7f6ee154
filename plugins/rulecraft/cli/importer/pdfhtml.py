"""An HTML page with no block structure (poppler's ``pdftohtml``): one PDF line per ``<br/>``, bold titles.

Such a page has no headings, paragraphs or lists, only lines, so it is a layout text: each line becomes a
text line in place (``<b>`` titles standing alone as headings, page anchors ``<a name=3>`` and ``<hr/>`` page
breaks dropped, inline bold and italics kept) and the plain-text reader does the rest (running footers, page
numbers, columns, numbered steps). Line numbers stay the source's own.
"""

from __future__ import annotations

import html
import re

BLOCK_TAGS = re.compile(r"<(?:p|h[1-6]|li|ul|ol|table|td|div|dl|dd|section|article|pre)\b", re.I)
BREAK = re.compile(r"<br\s*/?>", re.I)
# '<b>SETTING UP</b>', '<b>GROVE CARDS</b>&#160;(print on card …)': a bold title, perhaps with a remark after it
BOLD_LINE = re.compile(r"^\s*<b>(?P<title>[^<]{1,60})</b>(?P<rest>(?:\s|&#160;|&nbsp;)*(?:\([^()<]*\))?)\s*$", re.I)
NUMBERED = re.compile(r"^\s*(?:\d{1,2}|[IVX]{1,4})\s*(?:[.·:)–—-]\s*|\s)\S")


def is_layout_html(text: str) -> bool:
    """No block element in the body, and lines set apart by ``<br>``: a PDF converted line by line."""
    body = re.split(r"<body\b", text, maxsplit=1, flags=re.I)[-1]
    return not BLOCK_TAGS.search(body) and len(BREAK.findall(body)) >= 10


def _inline(text: str) -> str:
    text = re.sub(r"<a\s+name\s*=\s*[\"']?\w+[\"']?\s*>\s*</a>", "", text, flags=re.I)  # a page anchor
    text = re.sub(r"</?(?:b|strong)>", "**", text, flags=re.I)
    text = re.sub(r"</?(?:i|em)>", "*", text, flags=re.I)
    text = re.sub(r"<[^>]+>", "", text)
    return html.unescape(text).replace("\u00a0", " ")


def to_lines(text: str) -> tuple[str | None, list[tuple[int, str]]]:
    """(the page title, the body as text lines: a bold title alone is a heading, numbered ones one level
    below an unnumbered one, as '1 · KINDLE' under 'PLAYING A ROUND')."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    head = re.search(r"<body\b[^>]*>", text, re.I)
    start = text.count("\n", 0, head.end()) if head else 0
    lines = text.split("\n")
    out: list[tuple[int, str]] = [(i + 1, "") for i in range(start)]
    title = None
    unnumbered_seen = False
    for i in range(start, len(lines)):
        raw = re.sub(r"<a\s+name\s*=\s*[\"']?\w+[\"']?\s*>\s*</a>", "", lines[i], flags=re.I)
        if i == start and head:
            raw = raw[head.end() - text.rfind("\n", 0, head.end()) - 1:]
        raw = re.sub(r"</?(?:body|html)\b[^>]*>", "", BREAK.sub("", raw), flags=re.I)
        if re.fullmatch(r"\s*<hr\b[^>]*>\s*", raw, re.I):
            out.append((i + 1, ""))  # a page break
            continue
        bold = BOLD_LINE.match(raw)
        if bold:
            name = _inline(bold.group("title")).strip()
            rest = _inline(bold.group("rest")).strip()
            if title is None:
                title = name
                out.append((i + 1, "# " + name))
                continue
            numbered = bool(NUMBERED.match(name))
            level = 3 if numbered and unnumbered_seen else 2
            unnumbered_seen = unnumbered_seen or not numbered
            out.append((i + 1, ""))
            out[-1] = (i + 1, "#" * level + " " + name + (f" {rest}" if rest else ""))
            continue
        out.append((i + 1, _inline(raw).rstrip()))
    return title, out
