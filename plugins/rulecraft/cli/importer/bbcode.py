"""BBCode rulebooks (a BoardGameGeek forum post or file page saved as its GeekMarkup source) as Markdown.

A forum author marks structure with tags, not with Markdown: a section title is a bold line in a larger size
(``[size=14][b]3. SETTING UP[/b][/size]``), a sub-title an underlined or bold line on its own, a table a
``[c]`` fixed-width block of columns, a note a ``[q]`` quote, an aside an ``[o]`` spoiler. :func:`to_markdown`
rewrites those lines into the Markdown the reader knows, one output line per input line, so every location
stays the source's own. Embedded images and files become remarks with their line; a tag this module does not
know stays in the text as written (never dropped silently).
"""

from __future__ import annotations

import re

from .layout_lines import column_tables
from .outline import Remark

Line = tuple[int, str]

# tags BoardGameGeek and phpBB-style forums use; two or more kinds of them (or three tags) make a text BBCode
KNOWN = ("b", "i", "u", "s", "-", "size", "color", "colour", "font", "bgcolor", "url", "img", "imageid", "fileid",
         "thing", "geekurl", "q", "quote", "o", "spoiler", "c", "code", "hr", "center", "right", "left", "list",
         "*", "floatleft", "floatright", "user", "youtube", "clear", "microbadge", "article")
TAG = re.compile(r"\[(/?)(\*|-|[a-z]+)(?:=(\"[^\"\]]*\"|[^\]]*))?\]", re.I)
BLOCK_OPEN = re.compile(r"^\s*\[(c|code)\]\s*$", re.I)
BLOCK_CLOSE = re.compile(r"^\s*\[/(c|code)\]\s*$", re.I)
SIZE_LINE = re.compile(r"^\s*\[size=(\d+)\]\s*(.*?)\s*\[/size\]\s*$", re.I)
BOLD_ONLY = re.compile(r"^\s*(?:\[(u|i)\]\s*)?\[b\](?P<text>[^\[\]]+?)\[/b\](?:\s*\[/\1\])?\s*$", re.I)
UNDERLINED_BOLD = re.compile(r"^\s*(?:\[u\]\s*\[b\]|\[b\]\s*\[u\])(?P<text>[^\[\]]+?)"
                             r"(?:\[/b\]\s*\[/u\]|\[/u\]\s*\[/b\])\s*$", re.I)
EMBED = re.compile(r"\[(imageid|img|thing|microbadge|youtube|user)(?:=([^\]]*))?\](?:([^\[]*)\[/\1\])?", re.I)


def is_bbcode(text: str) -> bool:
    """The text is marked up with BBCode: three or more closed tags this module knows, of two or more kinds,
    and no Markdown or HTML heading (a Markdown file quoting one '[b]' stays Markdown)."""
    if re.search(r"^ {0,3}#{1,6}\s+\S", text, re.M) or re.search(r"<h[1-6]\b", text, re.I):
        return False
    closed = [m.group(2).lower() for m in TAG.finditer(text) if m.group(1) and m.group(2).lower() in KNOWN]
    return len(closed) >= 3 and len(set(closed)) >= 2


def _inline(text: str, line: int, remarks: list[Remark]) -> str:
    """One line's inline tags as Markdown: bold, italics, struck text, links; embeds remarked and removed."""

    def embed(match: re.Match) -> str:
        kind, value, body = match.group(1).lower(), (match.group(2) or "").strip(), (match.group(3) or "").strip()
        what = {"imageid": "image", "img": "image"}.get(kind, kind)
        remarks.append(Remark("image" if what == "image" else "link",
                              f"{what} '{body or value}' embedded in the post is not included", line))
        return ""

    text = EMBED.sub(embed, text)
    text = re.sub(r"\[fileid=([^\]]*)\](.*?)\[/fileid\]", r"\2", text, flags=re.I)  # the file's name stays
    text = re.sub(r"\[(url|geekurl)=([^\]]*)\](.*?)\[/\1\]", r"[\3](\2)", text, flags=re.I)
    text = re.sub(r"\[(url|geekurl)\](.*?)\[/\1\]", r"\2", text, flags=re.I)
    text = re.sub(r"\[b\](\s*)(.*?)(\s*)\[/b\]", lambda m: f"{m.group(1)}**{m.group(2)}**{m.group(3)}"
                  if m.group(2) else m.group(0), text, flags=re.I)
    text = re.sub(r"\[i\](.*?)\[/i\]", r"*\1*", text, flags=re.I)
    text = re.sub(r"\[(-|s)\](.*?)\[/\1\]", r"~~\2~~", text, flags=re.I)
    # layout-only wrappers: their text stays, the tag goes (it carries no meaning a rule needs)
    text = re.sub(r"\[/?(?:u|size|color|colour|font|bgcolor|center|right|left|floatleft|floatright|clear)"
                  r"(?:=[^\]]*)?\]", "", text, flags=re.I)
    return text


def to_markdown(lines: list[Line], remarks: list[Remark]) -> list[Line]:
    """The same lines, as Markdown: a sized bold line a heading (the largest size the title, each smaller size a
    level down), an underlined bold line alone a heading under it, ``[c]`` columns a table, ``[q]``/``[o]``
    text a quote, ``[hr]`` a rule, ``[list]`` items bullets."""
    sizes = sorted({int(m.group(1)) for _, t in lines if (m := SIZE_LINE.match(t)) and BOLD_ONLY.match(m.group(2))},
                   reverse=True)
    level_of = {size: min(i + 1, 5) for i, size in enumerate(sizes)}
    below = len(sizes) + 1  # an underlined bold line sits one level under the smallest sized heading
    out: list[Line] = []
    quote = False
    numbered: list[bool] = []  # open [list] blocks: numbered or not
    i = 0
    while i < len(lines):
        ln, text = lines[i]
        if BLOCK_OPEN.match(text):  # a fixed-width block: its columns are a table, as in a plain text
            j = i + 1
            while j < len(lines) and not BLOCK_CLOSE.match(lines[j][1]):
                j += 1
            out.append((ln, ""))
            out += column_tables([(n, t.rstrip()) for n, t in lines[i + 1:j]])
            if j < len(lines):
                out.append((lines[j][0], ""))
            i = j + 1
            continue
        size = SIZE_LINE.match(text)
        bold = BOLD_ONLY.match(size.group(2)) if size else None
        if bold and int(size.group(1)) in level_of:
            out.append((ln, "#" * level_of[int(size.group(1))] + " " + bold.group("text").strip()))
            i += 1
            continue
        under = UNDERLINED_BOLD.match(text)
        if under and not quote:
            out.append((ln, "#" * min(below, 6) + " " + under.group("text").strip()))
            i += 1
            continue
        if re.fullmatch(r"\s*\[hr\]\s*", text, re.I):
            out.append((ln, "***"))
            i += 1
            continue
        prefix = "> " if quote else ""
        opened = re.match(r"^\s*\[(q|quote|o|spoiler)(?:=[^\]]*)?\]", text, re.I)
        if opened:
            quote, prefix = True, "> "
            text = text[opened.end():]
        closes = re.search(r"\[/(q|quote|o|spoiler)\]\s*$", text, re.I)
        if closes:
            text = text[:closes.start()]
            quote = False
        listed = re.match(r"^\s*\[list(=1|=a)?\]\s*", text, re.I)
        if listed:
            numbered.append(bool(listed.group(1)))
            text = text[listed.end():]
        if re.search(r"\[/list\]\s*$", text, re.I):
            text = re.sub(r"\[/list\]\s*$", "", text, flags=re.I)
            if numbered:
                numbered.pop()
        item = re.match(r"^\s*\[\*\]\s*", text)
        if item and numbered:
            text = ("1. " if numbered[-1] else "- ") + text[item.end():]
        out.append((ln, (prefix + _inline(text, ln, remarks).strip()).rstrip()))
        i += 1
    return out
