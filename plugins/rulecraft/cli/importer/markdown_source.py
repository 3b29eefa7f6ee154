"""Markdown rulebooks, read by pandoc into the one outliner (:mod:`ast_outline`).

pandoc's Markdown reader does the syntax: headings (ATX, setext, closing hashes, ``{#id}``), nested and
hand-numbered lists, task boxes, pipe, grid and simple tables, definition lists, ``<div class="note">`` wrappers,
fenced divs and code. What it cannot know is done here, before it reads (blocks are placed on the source's lines
by their words, so a line added here moves no finding):

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

# pandoc's Markdown as people type it (a list or a quote right under a paragraph; MathJax's '\\(…\\)'), less
# what would turn a rulebook's own characters into markup: '@' as a citation, '~'/'^' as sub- and superscript,
# straight quotes curled, a paragraph's lone picture a figure
READER = ("markdown+lists_without_preceding_blankline-blank_before_blockquote-blank_before_header"
          "+tex_math_single_backslash+tex_math_double_backslash-smart-citations-subscript-superscript"
          "-implicit_figures-auto_identifiers-example_lists-yaml_metadata_block")

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
_BLOCK_TAGS = ("table", "figure", "dl", "details", "div", "header", "section", "main", "article", "aside", "footer",
               "nav", "center")
_BLOCK_TAG = re.compile(rf"<(/)?({'|'.join(_BLOCK_TAGS)})\b(?(1)\s*>)", re.I)


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
    """The lines with admonitions and callouts as fenced divs, HTML blocks as raw HTML for the HTML reader and
    toggles as divs, and the typing pandoc would misread set right (:class:`_LineFixer`)."""
    lines = list(lines)
    closes = _closings(lines)
    fixer = _LineFixer()
    out: list[str] = []
    i = 0
    while i < len(lines):
        callout = _CALLOUT.match(lines[i]) if not fixer.quoted else None
        opener = _ADMONITION.match(lines[i])
        block = _HTML_BLOCK.match(lines[i])
        container = _CONTAINER.match(lines[i])
        if callout:
            i = _callout(lines, i, callout, out)
        elif opener:
            i = _admonition(lines, i, opener, out)
        elif block and i in closes[block.group(1).lower()]:
            j = closes[block.group(1).lower()][i]
            if block.group(1).lower() != "details" or not _toggle(lines[i:j], out):
                out += ["```{=html}", *lines[i:j], "```"]
            i = j
        else:
            if container and i in closes[container.group(1).lower()]:  # '<div class="abstract">' over indented
                j = closes[container.group(1).lower()][i] - 1  # Markdown: the indent is layout, not code
                lines[i + 1:j] = textwrap.dedent("\n".join(lines[i + 1:j])).split("\n")
            out += fixer.fixed(lines[i], out[-1] if out else "")
            i += 1
    return out


class _LineFixer:
    """Typing that pandoc reads otherwise than its author meant, line by line."""

    def __init__(self):
        self.quoted = False  # inside a quote: lines up to the next blank one are its own (a list under it too)
        self.item = (-1, -1, -1)  # the last list item's indent, its text's column, the indent of its sub-list

    def fixed(self, line: str, above: str) -> list[str]:
        """The line as pandoc is to read it, after a blank line when it starts a block of its own."""
        out = []
        starts_quote = line.lstrip().startswith(">") and len(line) - len(line.lstrip()) < 4
        if (starts_quote and not self.quoted or _HEADING.match(line)) and above.strip():
            out.append("")  # a quote or '## Roll' under a paragraph or a list item: a block of its own
        self.quoted = bool(line.strip()) and (self.quoted or starts_quote)
        if self.quoted and not starts_quote:
            line = "> " + line
        if _RULE_ALONE.match(line) and not above.strip():
            line = ""  # '===' under no text: a rule drawn by hand, no setext heading
        marker = _ITEM.match(line)
        if marker:  # '  - Army …' under ' 10. Presidency …': a sub-list indented less than its item's text
            indent, (base, column, sub) = len(marker.group(1)), self.item
            if base < indent < column or indent == sub:
                self.item = (base, column, indent)
                line = " " * column + line[indent:]
            else:
                self.item = (indent, marker.end(), -1)
        elif line.strip() and not line.startswith(" "):
            self.item = (-1, -1, -1)
        return out + [line]


def _closings(lines: list[str]) -> dict[str, dict[int, int]]:
    """For each block tag, the lines opening one -> the index after the line that closes it; found in one pass
    (a text of many unclosed tags must not be scanned once per tag)."""
    stacks: dict[str, list[int]] = {tag: [] for tag in _BLOCK_TAGS}
    out: dict[str, dict[int, int]] = {tag: {} for tag in _BLOCK_TAGS}
    for k, line in enumerate(lines):
        if "<" not in line:
            continue
        for match in _BLOCK_TAG.finditer(line):
            tag = match.group(2).lower()
            stack = stacks[tag]
            if not match.group(1):
                stack.append(k)
            elif stack:
                start = stack.pop()
                if not stack or stack[-1] != start:  # the line's outermost tag: its block ends here
                    out[tag].setdefault(start, k + 1)
    return out


def _callout(lines: list[str], i: int, callout: re.Match, out: list[str]) -> int:
    """'> [!note] Weather table (roll 1d6)' (an Obsidian or GitHub callout): a div, its title a line of its own."""
    j = i + 1
    while j < len(lines) and lines[j].strip():
        j += 1
    body = [re.sub(r"^\s*>\s?", "", t) for t in lines[i + 1:j]]
    out += ["", f"::: {{.callout .{callout.group(1).lower()}}}", callout.group(2), "", *body, ":::"]
    return j


def _admonition(lines: list[str], i: int, opener: re.Match, out: list[str]) -> int:
    """'!!! tip "Two players"' over indented lines (Python-Markdown and Material admonitions, '???' folded): a
    div of that kind, its title a bold line."""
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or lines[j].startswith(("    ", "\t"))):
        j += 1
    while j > i + 1 and not lines[j - 1].strip():
        j -= 1
    kind = opener.group(2).lower()
    title = (opener.group(4) or "").strip()
    out += ["", f"::: {{.admonition .{ADMONITION_KINDS.get(kind, kind)}}}", *([f"**{title}**", ""] if title else [])]
    out += textwrap.dedent("\n".join(t.expandtabs(4) for t in lines[i + 1:j])).split("\n") + [":::"]
    return j


def _toggle(chunk: list[str], out: list[str]) -> bool:
    """'<details><summary>Name</summary> Markdown </details>': a div named by its summary, its body Markdown."""
    text = "\n".join(chunk)
    summary = re.search(r"<summary\b[^>]*>(.*?)</summary\s*>", text, re.I | re.S)
    if not summary or text.lower().count("<details") != 1:
        return False
    name = re.sub(r"<[^>]+>|\s+", " ", summary.group(1)).strip().replace('"', "&quot;")
    body = [re.sub(r"</?details\b[^>]*>|<summary\b[^>]*>.*?</summary\s*>", "", t, flags=re.I) for t in chunk]
    out += [f'::: {{.toggle summary="{name}"}}', *body, ":::"]
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

