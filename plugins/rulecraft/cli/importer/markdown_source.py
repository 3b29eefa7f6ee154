"""Markdown rulebooks, read by pandoc into the one outliner (:mod:`ast_outline`).

pandoc's Markdown reader does the syntax: headings (ATX, setext, closing hashes, ``{#id}``), nested and
hand-numbered lists, task boxes, pipe, grid and simple tables, definition lists, ``<div class="note">`` wrappers,
fenced divs and code. What it cannot know is done here, before it reads, one line out per line in so that every
block keeps its source line:

* front matter is the page's title (and never read as metadata that could fail to parse);
* ``<!-- comments -->`` are listed in the report, scripts and styles blanked;
* an outliner page (Logseq, Roam) is rewritten as the Markdown it stands for;
* platform markup pandoc does not read becomes its own: Python-Markdown admonitions (``!!! tip "Title"``) and
  GitBook/Jekyll block tags become fenced divs, kramdown attribute lines (``{: .no_toc}``) go;
* an HTML table, figure or definition list written into the Markdown is handed whole to the HTML reader, and a
  ``<details>`` toggle becomes a div whose body stays Markdown.

After it reads, the stream passes the checks every reader shares (folios, running lines, continued titles).
"""

from __future__ import annotations

import re
import textwrap

from . import ast_outline, liquid, outliner, pandoc_run
from .outline import Remark

# pandoc's Markdown as people type it (a list or a quote right under a paragraph), less what would turn a
# rulebook's own characters into markup: '@' as a citation, '~'/'^' as sub- and superscript, '\\foo' as TeX,
# straight quotes curled, a paragraph's lone picture a figure
READER = ("markdown+lists_without_preceding_blankline+tex_math_single_backslash+tex_math_double_backslash-blank_before_blockquote-blank_before_header-smart"
          "-citations-subscript-superscript-implicit_figures-auto_identifiers-example_lists-yaml_metadata_block")

_FRONT = re.compile(r"---\n(.*?)\n(?:---|\.\.\.)\n", re.S)  # YAML front matter, closed as YAML allows
_BLANKED = re.compile(r"<script\b.*?</script\s*>|<style\b.*?</style\s*>|<head\b.*?</head\s*>|<!DOCTYPE[^>]*>",
                      re.S | re.I)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TOC = re.compile(r"^\s*(?:[*-]|1\.)\s+TOC\s*\n\s*\{:\s*toc\s*\}\s*$", re.M | re.I)
_KRAMDOWN_ATTRS = re.compile(r"^[ \t]*\{:[^}\n]*\}[ \t]*$", re.M)
_INLINE_ATTRS = re.compile(r"(?<=\S)[ \t]*\{:[^}\n]*\}")  # '[Files](…){: .btn }': kramdown's classes for a link
# '!!! tip "Two players"', '???+ note': an admonition's first line (its body is indented under it)
_ADMONITION = re.compile(r'^(!!!|\?\?\?\+?)[ \t]*([A-Za-z][\w-]*)((?:[ \t]+[\w-]+)*)(?:[ \t]+"([^"]*)")?[ \t]*$')
ADMONITION_KINDS = {"danger": "warning", "error": "warning", "failure": "warning", "bug": "warning",
                    "attention": "warning", "success": "tip", "hint": "tip", "question": "note", "quote": "note",
                    "abstract": "note", "summary": "note", "tldr": "note", "check": "tip", "done": "tip"}
_CALLOUT = re.compile(r"^\s*>\s*\[!(\w+)\][+-]?\s*(.*)$")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+\S")
_RULE_ALONE = re.compile(r"^[ \t]*=+[ \t]*$")
_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,3}[.)])[ \t]+(?=\S)")
_CONTAINER = re.compile(r"^[ \t]{0,3}<(div|header|section|main|article|aside|footer|nav|center)\b[^>]*>[ \t]*$", re.I)
_HTML_BLOCK = re.compile(r"^[ \t]{0,3}<(table|figure|dl|details)\b", re.I)


def _blank(match: re.Match) -> str:
    return "\n" * match.group(0).count("\n")


def prepared(text: str, remarks: list[Remark]) -> tuple[str, dict[str, str]]:
    """(the text as pandoc is to read it; its front matter's title, subtitle, author and date)."""
    meta: dict[str, str] = {}
    front = _FRONT.match(text)
    if front:  # read by hand: a front matter YAML cannot parse must not stop the import
        for key in ("title", *ast_outline.META_LINES):
            found = re.search(rf"^{key}:[ \t]*['\"]?(.*?)['\"]?[ \t]*$", front.group(1), re.M)
            if found and found.group(1):
                meta[key] = found.group(1)
        text = _blank(front) + text[front.end():]
    text = _BLANKED.sub(_blank, text)

    def comment(match: re.Match) -> str:
        body = re.sub(r"\s+", " ", match.group(0)[4:-3]).strip()
        if body:
            remarks.append(Remark("comment", f"commented-out text dropped: '{body[:80]}'",
                                  text.count("\n", 0, match.start()) + 1))
        return _blank(match)

    text = _COMMENT.sub(comment, text)
    text = _INLINE_ATTRS.sub("", _KRAMDOWN_ATTRS.sub("", _TOC.sub(_blank, text)))
    lines = list(enumerate(text.split("\n"), start=1))
    if outliner.is_outliner(text):  # an outliner page (Logseq, Roam): bullets nested, Markdown once rewritten
        page = outliner.to_markdown([(n, t.expandtabs(4)) for n, t in lines], remarks)
        lines = page.lines
        if page.title:
            meta["title"] = page.title
    if liquid.has_block_tags(text):  # GitBook / Jekyll block tags around the Markdown
        lines = liquid.to_markdown(lines, remarks)
    return "\n".join(_platform_blocks([t for _, t in lines])), meta


def _platform_blocks(lines: list[str]) -> list[str]:
    """Admonitions as fenced divs, HTML blocks as raw HTML for the HTML reader, toggles as divs: as many lines."""
    out: list[str] = []
    i = 0
    quoted = False  # inside a quote: lines up to the next blank one are its own (a list typed under it too)
    item = (-1, -1, -1)  # the last list item's indent, its text's column, and the indent its sub-list was typed at
    while i < len(lines):
        line = lines[i]
        starts_quote = line.lstrip().startswith(">") and len(line) - len(line.lstrip()) < 4
        callout = _CALLOUT.match(line) if starts_quote and not quoted else None
        if callout:  # '> [!note] Weather table (roll 1d6)': an Obsidian/GitHub callout, its title a line
            j = i + 1
            while j < len(lines) and lines[j].strip():
                j += 1
            body = [re.sub(r"^\s*>\s?", "", t) for t in lines[i + 1:j]]
            out += ["", f"::: {{.callout .{callout.group(1).lower()}}}", callout.group(2), "", *body, ":::"]
            i = j
            continue
        if starts_quote and not quoted and out and out[-1].strip():
            out.append("")  # a quote under a paragraph or a list item starts a block of its own
        quoted = bool(line.strip()) and (quoted or starts_quote)
        if quoted and not starts_quote:
            line = "> " + line
        if _HEADING.match(line) and out and out[-1].strip():
            out.append("")  # '## Roll' under a list item: a heading of its own, not the item's text
        if _RULE_ALONE.match(line) and (not out or not out[-1].strip()):
            line = ""  # '===' under no text: a rule drawn by hand, no setext heading
        marker = _ITEM.match(line)
        if marker:  # '  - Army …' under ' 10. Presidency …': a sub-list indented less than its item's text
            indent = len(marker.group(1))
            if item[0] < indent < item[1] or indent == item[2]:
                item = (item[0], item[1], indent)
                line = " " * item[1] + line[indent:]
            else:
                item = (indent, marker.end(), -1)
        elif line.strip() and not line.startswith(" "):
            item = (-1, -1, -1)
        container = _CONTAINER.match(line)
        if container:  # '<div class="abstract">' over indented Markdown: the indent is layout, not code
            j = _closing(lines, i, container.group(1).lower())
            inner = textwrap.dedent("\n".join(lines[i + 1:j - 1])).split("\n") if j - 1 > i + 1 else []
            lines[i + 1:j - 1] = inner
        opener = _ADMONITION.match(line)
        if opener:
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or lines[j].startswith(("    ", "\t"))):
                j += 1
            while j > i + 1 and not lines[j - 1].strip():
                j -= 1
            kind = opener.group(2).lower()
            title = (opener.group(4) or "").strip()
            body = textwrap.dedent("\n".join(t.expandtabs(4) for t in lines[i + 1:j])).split("\n")
            # the fence takes the opener's line and the body's last line stays its own: both fit a line each
            out.append(f"::: {{.admonition .{ADMONITION_KINDS.get(kind, kind)}}}" + (f"\n**{title}**\n" if title
                                                                                      else ""))
            out += body
            out[-1] += "\n:::"
            i = j
            continue
        block = _HTML_BLOCK.match(line)
        if block:
            j = _closing(lines, i, block.group(1).lower())
            chunk = lines[i:j]
            if block.group(1).lower() == "details" and _toggle(chunk, out):
                i = j
                continue
            out.append("```{=html}\n" + chunk[0])
            out += chunk[1:]
            out[-1] += "\n```"
            i = j
            continue
        out.append(line)
        i += 1
    return out


def _closing(lines: list[str], i: int, tag: str) -> int:
    """The index after the line closing the ``tag`` opened on line ``i`` (the text's end if nothing does)."""
    opener, close = re.compile(rf"<{tag}\b", re.I), re.compile(rf"</{tag}\s*>", re.I)
    depth, j = 0, i
    while j < len(lines):
        depth += len(opener.findall(lines[j])) - len(close.findall(lines[j]))
        j += 1
        if depth <= 0:
            break
    return j


def _toggle(chunk: list[str], out: list[str]) -> bool:
    """'<details><summary>Name</summary> Markdown </details>': a div named by its summary, its body Markdown."""
    text = "\n".join(chunk)
    summary = re.search(r"<summary\b[^>]*>(.*?)</summary\s*>", text, re.I | re.S)
    if not summary or text.lower().count("<details") != 1:
        return False
    name = re.sub(r"<[^>]+>|\s+", " ", summary.group(1)).strip().replace('"', "&quot;")
    body = [re.sub(r"</?details\b[^>]*>|<summary\b[^>]*>.*?</summary\s*>", "", t, flags=re.I) for t in chunk]
    out.append(f'::: {{.toggle summary="{name}"}}\n' + body[0])
    out += body[1:]
    out[-1] += "\n:::"
    return True


def read(text: str, source: str):
    """The outline of a Markdown rulebook, its findings on the source's lines."""
    remarks: list[Remark] = []
    given, meta = prepared(text, remarks)
    ast, warnings = pandoc_run.to_ast(given.encode("utf-8"), READER)
    ast["meta"] = {key: {"t": "MetaString", "c": value} for key, value in meta.items()}
    outline = ast_outline.read(ast, source, "markdown", text)
    outline.remarks[:0] = remarks + [Remark("markup", w, 0) for w in warnings]
    outline.remarks.sort(key=lambda r: int(r.line))
    return outline

