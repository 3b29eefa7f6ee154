"""Markdown rulebooks, read by pandoc into the one outliner (:mod:`ast_outline`).

pandoc's Markdown reader does the syntax: headings (ATX, setext, closing hashes, ``{#id}``), nested and
hand-numbered lists, task boxes, pipe, grid and simple tables, definition lists, ``<div class="note">`` wrappers,
fenced divs and code. What it cannot know is done here, before it reads (blocks are placed on the source's lines
by their words, so a line added here moves no finding):

* front matter is the page's title (and never read as metadata that could fail to parse);
* ``<!-- comments -->`` and page breaks typed on their own line (``\\newpage``) are listed in the report and
  left out, scripts and styles blanked;
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

# pandoc's Markdown as people type it (a list or a quote right under a paragraph; MathJax's '\\\\(…\\\\)'), less
# what would turn a rulebook's own characters into markup or hide them: '@' as a citation, '~'/'^' as sub- and
# superscript, '\\newpage' or '\\newcommand' read as TeX (run or dropped) rather than shown, straight quotes
# curled, a paragraph's lone picture a figure, a '%' first line read as a title block
READER = ("markdown+lists_without_preceding_blankline-blank_before_blockquote-blank_before_header"
          "+tex_math_double_backslash-raw_tex-latex_macros-smart-citations-subscript-superscript-implicit_figures"
          "-auto_identifiers-example_lists-yaml_metadata_block-pandoc_title_block")

_FRONT = re.compile(r"---\n(.*?)\n(?:---|\.\.\.)\n", re.S)  # YAML front matter, closed as YAML allows
_BLANKED = re.compile(r"<script\b.*?</script\s*>|<style\b.*?</style\s*>|<head\b.*?</head\s*>|<!DOCTYPE[^>]*>",
                      re.S | re.I)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TOC = re.compile(r"^\s*(?:[*-]|1\.)\s+TOC\s*\n\s*\{:\s*toc\s*\}\s*$", re.M | re.I)
# '\\newpage' on a line of its own (a book kept for 'pandoc -o rules.pdf'): a page break, no words
_PAGE_BREAK = re.compile(r"^ {0,3}(\\(?:newpage|pagebreak|clearpage))(?:\[\d\])?(?:\{\})?[ \t]*$")
_KRAMDOWN_ATTRS = re.compile(r"^[ \t]*\{:[^}\n]*\}[ \t]*$")
_INLINE_ATTRS = re.compile(r"(?<=\S)[ \t]*\{:[^}\n]*\}")  # '[Files](…){: .btn }': kramdown's classes for a link
# '!!! tip "Two players"', '???+ note': an admonition's first line (its body is indented under it)
_ADMONITION = re.compile(r'^(!!!|\?\?\?\+?)[ \t]*([A-Za-z][\w-]*)(?:[ \t]+[\w-]+)*(?:[ \t]+"([^"]*)")?[ \t]*$')
# '=== "Two players"' over indented lines: a Material content tab, its title a line
_TAB = re.compile(r'^===[ \t]+"([^"]*)"[ \t]*$')
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_NESTED_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_ADMONITION_KINDS = {"danger": "warning", "error": "warning", "failure": "warning", "bug": "warning",
                    "attention": "warning", "success": "tip", "hint": "tip", "question": "note", "quote": "note",
                    "abstract": "note", "summary": "note", "tldr": "note", "check": "tip", "done": "tip"}
_CALLOUT = re.compile(r"^\s*>\s*\[!(\w+)\][+-]?\s*(.*)$")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+\S")
_RULE_ALONE = re.compile(r"^[ \t]*=+[ \t]*$")
_PROSE = re.compile(r"[ \t]*[\w*_(\"'“‘]")  # a line of text (not a tag, a rule or a table row)
_NUMBERED = re.compile(r"^( {0,3})(\d{1,3})[.)][ \t]")
_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,3}[.)])[ \t]+(?=\S)")
# 'IV. Combat': a roman numeral and a dot (pandoc's fancy lists read it as a list from 4); one letter ('C.',
# 'c.') could be an item of a list by letters, and pandoc reads 'C. Combat' as text already ...
_ROMAN = re.compile(r"^( {0,3})([IVXLCDM]{2,}|[ivxlcdm]{2,})\.(?=[ \t]+\S)")
# ... and a line numbered as an item of the same list would be ('II.', 'b.', '3.', '#.': a dot, as a ')' starts
# another list): a lone numeral line has none beside it
_NUMBERED_ANY = re.compile(r"^\s*(?:[IVXLCDM]+|[ivxlcdm]+|[A-Za-z]|\d{1,3}|#)\.[ \t]")
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
            found = re.search(rf"^{key}:[ \t]*(?:[>|][+-]?[ \t]*\n((?:[ \t]+\S.*\n?)+)|['\"]?(.*?)['\"]?[ \t]*$)",
                              front.group(1), re.M)  # 'title: Name', or 'title: >-' over indented lines
            value = found and " ".join((found.group(1) or found.group(2) or "").split())
            if value:
                meta[key] = value
        text = _blank(front) + text[front.end():]
    text = _BLANKED.sub(_blank, text)

    def comment(match: re.Match) -> str:
        body = re.sub(r"\s+", " ", match.group(0)[4:-3]).strip()
        if body:
            remarks.append(Remark("comment", f"commented-out text dropped: '{body[:80]}'",
                                  text.count("\n", 0, match.start()) + 1))
        return _blank(match)

    text = _COMMENT.sub(comment, text)
    text = _TOC.sub(_blank, text)
    typed = text.split("\n")
    fenced = _fenced(typed)
    for k, line in enumerate(typed):  # read as TeX off ('-raw_tex'), it would be a paragraph of its own source
        page_break = None if k in fenced else _PAGE_BREAK.match(line)
        if page_break:
            remarks.append(Remark("markup", f"{page_break.group(1)} left out (a page break, no text)", k + 1))
            typed[k] = ""
    text = "\n".join(typed)
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
    toggles as divs, and the typing pandoc would misread set right (:class:`_LineFixer`); what a fenced code
    block holds is left as it stands."""
    fenced = _fenced(lines)
    lines = [t if k in fenced else _KRAMDOWN_ATTRS.sub("", _INLINE_ATTRS.sub("", t)) for k, t in enumerate(lines)]
    closes = _closings(lines, fenced)
    loose_tags = sum(len(_LOOSE_TAG.findall(t)) for k, t in enumerate(lines) if k not in fenced) > MAX_TAG_STARTS
    lone = _lone_numerals(lines, fenced)
    item_code = _fenced(lines, nested=True)  # code fenced inside list items too: its '!!! note' is code
    fixer = _LineFixer()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i in fenced:
            if not lines[i].startswith((" ", "\t")):
                fixer.items = []  # a fence at the margin ends the list
            out.append(lines[i])
            i += 1
            continue
        line = lines[i]
        column = fixer.column(line) if i not in item_code else 0
        if column and len(line) - len(line.lstrip(" ")) < column + 4:  # further in: the item's indented code
            # a box or a toggle indented under a list item: read as at the top, written inside the item
            j = _in_item(lines, i, column, fixer, closes["details"], out)
            if j > i:
                i = j
                continue
        callout = _CALLOUT.match(line) if not fixer.quoted else None
        opener, tab = _ADMONITION.match(line), _TAB.match(line)
        block, container = _HTML_BLOCK.match(line), _CONTAINER.match(line)
        if callout:
            i = _callout(lines, i, callout, out)
        elif opener:
            i = _admonition(lines, i, opener, out)
        elif tab:
            i = _tab(lines, i, tab, out)
        elif block and i in closes[block.group(1).lower()]:
            j = closes[block.group(1).lower()][i]
            if block.group(1).lower() != "details" or not _toggle(lines[i:j], out):
                fence = "`" * max(3, 1 + max((len(m) for t in lines[i:j] for m in re.findall(r"`+", t)), default=0))
                out += [f"{fence}{{=html}}", *lines[i:j], fence]
            i = j
        else:
            if container and i in closes[container.group(1).lower()]:  # '<div class="abstract">' over indented
                j = closes[container.group(1).lower()][i] - 1  # Markdown: the indent is layout, not code
                lines[i + 1:j] = textwrap.dedent("\n".join(lines[i + 1:j])).split("\n")
            if i in lone:  # 'IV. Combat' alone: a title typed with its number, text ('IV\. Combat'), no list
                line = _ROMAN.sub(r"\1\2\\.", line)
            out += fixer.fixed(_tamed(line, loose_tags), out[-1] if out else "", lines[i + 1] if i + 1 < len(lines) else "")
            i += 1
    return out


def _in_item(lines: list[str], i: int, column: int, fixer: _LineFixer, toggles: dict[int, int],
             out: list[str]) -> int:
    """A callout, an admonition or a ``<details>`` toggle (``toggles``: its line -> the index after it) on line
    ``i``, indented under a list item whose text starts at ``column``: its lines, dedented by its indent, read as
    at the top of the page, and what that writes set at the item's text column between blank lines, so pandoc
    keeps it in the item; the index after it (``i`` when the line opens none of these)."""
    indent = len(lines[i]) - len(lines[i].lstrip(" "))
    first = lines[i][indent:]
    callout, opener = _CALLOUT.match(first) if not fixer.quoted else None, _ADMONITION.match(first)
    # its lines, no further than its reader reads (each line is gathered once: an item's long body stays fast)
    end = i + 1
    if callout:  # up to a blank line
        while end < len(lines) and lines[end].strip():
            end += 1
    elif opener:  # the lines indented under it, blank ones between
        while end < len(lines) and (not lines[end].strip() or lines[end].startswith(" " * (indent + 4))):
            end += 1
    elif re.match(r"<details\b", first, re.I) and i in toggles:
        end = toggles[i]
    else:
        return i
    sub = [re.sub(rf"^ {{0,{indent}}}", "", t) for t in lines[i:end]]
    written: list[str] = []
    if callout:
        _callout(sub, 0, callout, written)
    elif opener:
        _admonition(sub, 0, opener, written)
    elif not _toggle(sub, written):
        return i
    out += ["", *(" " * column + t if t.strip() else "" for t in written), ""]
    return end


def _lone_numerals(lines: list[str], fenced: set[int]) -> set[int]:
    """The indexes of lines numbered by a roman numeral and a dot with no numbered line as the nearest text above
    or below them (a list 'I. II. III.' has), nor an indented line under them (an item's body, kept an item)."""
    texts = [k for k, t in enumerate(lines) if t.strip()]
    out = set()
    for n, k in enumerate(texts):
        if k in fenced or not _ROMAN.match(lines[k]):
            continue
        above = lines[texts[n - 1]] if n else ""
        below = lines[texts[n + 1]] if n + 1 < len(texts) else ""
        if not _NUMBERED_ANY.match(above) and not _NUMBERED_ANY.match(below) and not below.startswith((" ", "\t")):
            out.add(k)
    return out


def _fenced(lines: list[str], nested: bool = False) -> set[int]:
    """The indexes of the lines inside fenced code blocks, their fences included (an unclosed one runs on);
    ``nested``: fences indented any way too (as in a list item), not only up to three spaces."""
    out: set[int] = set()
    opened = None
    fences = _NESTED_FENCE if nested else _FENCE
    for k, line in enumerate(lines):
        fence = fences.match(line)
        if opened is None and fence:
            opened = fence.group(1)
            out.add(k)
        elif opened is not None:
            out.add(k)
            if fence and fence.group(1)[0] == opened[0] and len(fence.group(1)) >= len(opened) \
                    and not line.strip().strip(opened[0]):
                opened = None
    return out


MAX_BRACKETS = 2  # '[' inside '[' on a line: a rulebook nests two ('[![badge](…)](…)'); pandoc's link search
# grows about tenfold with each level more (2 000 lines nested two deep: 0.3 s, four deep: 3 s, six deep: 40 s)
MAX_TAG_STARTS = 50  # '<' that open no tag on their line: past this many, each is a character, not a tag's start
_LOOSE_TAG = re.compile(r"<(?![A-Za-z/!?][^<>]*>)")


def _tamed(line: str, loose_tags: bool) -> str:
    """The line without what makes pandoc's search take minutes on a few bytes: brackets nested deeper than
    MAX_BRACKETS and, in a text of many (``loose_tags``), '<' that open no tag ('<a <a <a …'), each shown as
    the character it is."""
    if line.count("[") > MAX_BRACKETS:
        depth, chars = 0, []
        for char in line:
            depth += char == "["
            chars.append("\\[" if char == "[" and depth > MAX_BRACKETS else char)
            depth -= char == "]" and depth > 0
        line = "".join(chars)
    return _LOOSE_TAG.sub("&lt;", line) if loose_tags else line


class _LineFixer:
    """Typing that pandoc reads otherwise than its author meant, line by line."""

    def __init__(self):
        self.quoted = False  # inside a quote: lines up to the next blank one are its own (a list under it too)
        self.item = (-1, -1, -1)  # the last list item's indent, its text's column, the indent of its sub-list
        self.listed = False  # a list item since the last blank line: a number line under it is the next item
        self.items: list[tuple[int, int]] = []  # the open list items, outermost first: (indent, text's column)

    def column(self, line: str) -> int:
        """The text column of the innermost open list item that ``line``, indented, belongs in (pandoc's rule:
        to its text's column, or four spaces in); 0 if none."""
        indent = len(line) - len(line.lstrip(" "))
        for base, column in reversed(self.items):
            if base < indent and indent >= min(column, base + 4):
                return column
        return 0

    def fixed(self, line: str, above: str, below: str) -> list[str]:
        """The line as pandoc is to read it (``above`` as it was read, ``below`` as typed), after a blank line
        when it starts a block of its own."""
        out = []
        starts_quote = line.lstrip().startswith(">") and len(line) - len(line.lstrip()) < 4
        table = line.lstrip().startswith("|") and not above.lstrip().startswith(("|", "+"))
        if (starts_quote and not self.quoted or _HEADING.match(line) or table) and above.strip():
            out.append("")  # a quote, '## Roll' or '| Die |' under a paragraph or a list item: a block of its own
        self.quoted = bool(line.strip()) and (self.quoted or starts_quote)
        if self.quoted and not starts_quote:
            line = "> " + line
        if _RULE_ALONE.match(line) and not above.strip():
            line = ""  # '===' under no text: a rule drawn by hand, no setext heading
        marker = _ITEM.match(line)
        wrapped = _NUMBERED.match(line) if _PROSE.match(above) and not self.listed and not _HEADING.match(above) \
            and not above.rstrip().endswith(":") and not _NUMBERED.match(below) else None
        if wrapped and wrapped.group(2) != "1":  # '2. strength points' wrapped under 'The attacker loses': no list
            return out + [f"{wrapped.group(1)}{wrapped.group(2)}\\{line[wrapped.end(2):]}"]
        self.listed = bool(line.strip()) and (self.listed or bool(marker))
        if marker:  # '  - Army …' under ' 10. Presidency …': a sub-list indented less than its item's text
            indent, (base, column, sub) = len(marker.group(1)), self.item
            if base < indent < column or indent == sub:
                self.item = (base, column, indent)
                line = " " * column + line[indent:]
            else:
                self.item = (indent, marker.end(), -1)
        elif line.strip() and not line.startswith(" "):
            self.item = (-1, -1, -1)
        written = _ITEM.match(line)  # as written (a sub-list may have been moved right)
        if written:
            self.items = [x for x in self.items if x[0] < len(written.group(1))] + [(len(written.group(1)),
                                                                                   written.end())]
        elif line.strip() and not line.startswith(" "):
            self.items = []
        return out + [line]


def _closings(lines: list[str], fenced: set[int]) -> dict[str, dict[int, int]]:
    """For each block tag, the lines opening one -> the index after the line that closes it; found in one pass
    (a text of many unclosed tags must not be scanned once per tag)."""
    stacks: dict[str, list[int]] = {tag: [] for tag in _BLOCK_TAGS}
    out: dict[str, dict[int, int]] = {tag: {} for tag in _BLOCK_TAGS}
    for k, line in enumerate(lines):
        if "<" not in line or k in fenced:
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
    kind = opener.group(2).lower()
    title = (opener.group(3) or "").strip()
    body = _indented_body(lines, i)
    out += ["", f"::: {{.admonition .{_ADMONITION_KINDS.get(kind, kind)}}}", *([f"**{title}**", ""] if title else [])]
    out += body + [":::"]
    return i + 1 + len(body)


def _tab(lines: list[str], i: int, tab: re.Match, out: list[str]) -> int:
    """'=== "Two players"' over indented lines (a Material content tab): its title a bold line over its body."""
    body = _indented_body(lines, i)
    out += ["", f"**{tab.group(1).strip()}**", "", *body, ""]
    return i + 1 + len(body)


def _indented_body(lines: list[str], i: int) -> list[str]:
    """The lines indented under line ``i`` (blank ones between them too), dedented."""
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or lines[j].startswith(("    ", "\t"))):
        j += 1
    while j > i + 1 and not lines[j - 1].strip():
        j -= 1
    return textwrap.dedent("\n".join(t.expandtabs(4) for t in lines[i + 1:j])).split("\n") if j > i + 1 else []


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
    outline.remarks[:0] = remarks + pandoc_run.warning_remarks(warnings, given, text)
    outline.remarks.sort(key=lambda r: int(r.line))
    return outline

