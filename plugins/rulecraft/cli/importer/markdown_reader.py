"""Markdown rulebooks (with the HTML people mix in) -> outline.

Handles what the five rulebooks beside this project do: front matter, HTML wrappers around Markdown
(``<div class="note">``, ``<div class="dice">``, ``<header>``), hand-numbered lists
split across wrappers, nested lists by indentation, kramdown attribute lines,
blockquote examples, images and relative links (dropped, remarked).
"""

from __future__ import annotations

import re
import textwrap
from pathlib import PurePath

from . import bbcode, layout_lines, liquid, outliner, pdfhtml, plaintext, wordtext
from .continued import join_continued
from .line_entries import DASH_LINE_RE, LABEL_LINE_RE, line_entries, result_line, roll_paragraphs
from .enumeration import drop_page_marks, join_number_spans
from .inline import attrs, convert, image_remark
from .outline import (
    Code,
    Heading,
    Image,
    ListBlock,
    ListItem,
    Note,
    Outline,
    Paragraph,
    Quote,
    Remark,
    Table,
    build_tree,
    drawn_table,
    drop_running_lines,
    note_kind,
)

LIST_RE = re.compile(r"^(\s*)([-*+]|(\d{1,3})[.)])(?:\s+(.*)|$)")
HEADING_RE = re.compile(r"^ {0,3}(#{1,6})\s+(.*)$")
# a closing run of '#' after a space ('## Setup ##'); found apart from HEADING_RE, whose lazy title before
# '\s*#*\s*$' was quadratic in a long run of spaces inside the heading
_CLOSING_HASHES = re.compile(r"(?:^|\s)#+$")
FENCE_RE = re.compile(r"^\s*(```+|~~~+)\s*([\w-]*)")
TASK_BOX_RE = re.compile(r"^\[[ xX]\]\s+(?=\S)")
DEFINITION_RE = re.compile(r"^ {0,3}:[ \t]+(\S.*)$")
CALLOUT_RE = re.compile(r"^\[!\w+\][+-]?\s*(.*)$")
# '!!! tip "Two players"', '???+ note': an admonition's first line (its body is indented under it)
ADMONITION_RE = re.compile(r'^(!!!|\?\?\?\+?)\s*([A-Za-z][\w-]*)(?:\s+[\w-]+)*(?:\s+"([^"]*)")?\s*$')
ADMONITION_KINDS = {"danger": "warning", "error": "warning", "failure": "warning", "bug": "warning",
                    "attention": "warning", "success": "tip", "hint": "tip", "question": "note", "quote": "note",
                    "abstract": "note", "summary": "note", "tldr": "note", "check": "tip", "done": "tip"}
HR_RE = re.compile(r"^ {0,3}([-*_])(\s*\1){2,}\s*$")
HTML_BLOCK_RE = re.compile(r"^<(table|figure|details|dl)\b", re.I)
CONTAINER_RE = re.compile(r"^<(div|header|section|main|article|aside|footer|nav|body|html|head|center)\b([^>]*)>(.*)$",
                          re.I)

Line = tuple[int, str]


_TYPED_MARKUP = re.compile(r"&|<(?=[A-Za-z/!?])|\]\(")


def _shown_as_typed(line: str) -> str:
    """A plain text's line with what Markdown would read as a tag, an entity or a link's target ('<img …>',
    '[x](…)') written as character references: the inline reader decodes them back into the text the file
    shows, and never drops them as markup."""
    return _TYPED_MARKUP.sub(lambda m: {"&": "&amp;", "<": "&lt;", "](": "]&#40;"}[m.group(0)], line)


def _blank_keep_lines(match: re.Match) -> str:
    return "\n" * match.group(0).count("\n")


def _lead(text: str) -> int:
    return len(text) - len(text.lstrip(" "))



# '## **Setting up** {#setting-up}', '# Title {#intro .unnumbered}': a heading's own anchor id and classes (Pandoc,
# Markdown Extra, a Google Docs Markdown download), markup for the page, not words of the heading
# (no leading '\s*': tried at every space of a long run, it made the search quadratic; the text is stripped)
HEADING_ATTRS = re.compile(r"\{#[^\s{}]+(?:\s+(?:[.#][^\s{}]+|[\w-]+=[^\s{}]+))*\}\s*$")


def _no_anchor(text: str) -> str:
    return HEADING_ATTRS.sub("", text).rstrip()


def _heading_text(match: re.Match) -> str:
    """A '#' heading's words, without a closing run of '#' ('## Setup ##')."""
    return _CLOSING_HASHES.sub("", match.group(2).rstrip()).rstrip()


class MarkdownReader:
    def __init__(self, source: str):
        self.source = source
        self.remarks: list[Remark] = []
        self.title: str | None = None
        self.plain = False  # a plain-text file: layout marks the structure (plaintext.py)
        self.private: set[int] = set()  # lines of headings whose sections are the author's own (Org ':noexport:')

    def read(self, text: str) -> Outline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = self._front_matter(text)
        for pattern in (r"<script\b.*?</script\s*>", r"<style\b.*?</style\s*>", r"<head\b.*?</head\s*>"):
            text = re.sub(pattern, self._grab_title, text, flags=re.S | re.I)
        text = re.sub(r"<!--.*?-->", self._comment, text, flags=re.S)
        text = re.sub(r"<!DOCTYPE[^>]*>", "", text, flags=re.I)
        text = re.sub(r"^\s*(?:[*-]|1\.)\s+TOC\s*\n\s*\{:\s*toc\s*\}\s*$", lambda m: "\n", text, flags=re.M | re.I)
        lines = [(i + 1, line.expandtabs(4)) for i, line in enumerate(text.split("\n"))]
        if outliner.is_outliner(text):  # an outliner page (Logseq, Roam): bullets nested, Markdown once rewritten
            page = outliner.to_markdown(lines, self.remarks)
            self.title = page.title or self.title
            outline = self.outline(page.lines, "markdown")
            outline.lines = len(lines)
            return outline
        if liquid.has_block_tags(text):  # GitBook / Jekyll block tags around the Markdown
            lines = liquid.to_markdown(lines, self.remarks)
        if bbcode.is_bbcode(text):  # a forum post's tags: its own markup, read before any layout guess
            self.plain = True  # laid out by hand like a plain text: column tables, one entry a line
            lines = bbcode.to_markdown(lines, self.remarks)
        elif plaintext.is_plain(text, PurePath(self.source).suffix):
            self.plain = True
            if wordtext.is_word_text(text):  # tabs carry a word processor's columns and list markers
                raw = [(i + 1, line) for i, line in enumerate(text.split("\n"))]
                lines = [(ln, line.expandtabs(4)) for ln, line in wordtext.to_layout(raw)]
            lines = [(ln, _shown_as_typed(line)) for ln, line in plaintext.to_markdown(lines, self.remarks, typed=True)]
        return self.outline(lines, "markdown")

    def read_layout_html(self, text: str) -> Outline:
        """A page of lines without block structure (pdftohtml): its lines read as a plain text's."""
        self.plain = True
        _, lines = pdfhtml.to_lines(text)
        return self.outline(plaintext.to_markdown(lines, self.remarks), "html")

    def outline(self, lines: list[Line], fmt: str) -> Outline:
        stream = self.blocks(lines)
        stream = drop_page_marks(join_number_spans(stream), self.remarks)  # folios, icons, number spans
        title, root = build_tree(join_continued(drop_running_lines(stream, self.remarks), self.remarks), self.title)
        outline = Outline(self.source, fmt, title, root, self.remarks, len(lines))
        outline.private = self.private
        return outline

    # -- whole-text clean-up ---------------------------------------------------------------------------

    def _front_matter(self, text: str) -> str:
        match = re.match(r"---\n(.*?)\n---\n", text, re.S)
        if not match:
            return text
        title = re.search(r"^title:\s*['\"]?(.*?)['\"]?\s*$", match.group(1), re.M)
        if title:
            self.title = title.group(1)
        return "\n" * match.group(0).count("\n") + text[match.end():]

    @staticmethod
    def _grab_title(match: re.Match) -> str:
        return _blank_keep_lines(match)  # scripts, styles, <head>: a <title> names the file, not the game

    def _comment(self, match: re.Match) -> str:
        body = re.sub(r"\s+", " ", match.group(0)[4:-3]).strip()
        if body:
            self.remarks.append(Remark("comment", f"commented-out text dropped: '{body[:80]}'",
                                       match.string.count("\n", 0, match.start()) + 1))
        return _blank_keep_lines(match)

    # -- blocks ----------------------------------------------------------------------------------------

    def blocks(self, lines: list[Line]) -> list:
        out: list = []
        para: list[Line] = []
        i, n = 0, len(lines)

        def flush() -> None:
            if self.plain and len(para) >= 2:
                numbered = _numbered_labels(para)
                entries = numbered or _layout_entries(para)
                if entries:  # 'Hollow: One of …' entries wrapping over lines, as a PDF sets them
                    lead = para[:entries[0][0]]
                    if lead:
                        out.append(Paragraph(convert(" ".join(t.strip() for _, t in lead), lead[0][0], self.remarks),
                                             lead[0][0]))
                    if numbered:  # '1 Blizzard: …', '2 Rain: …': numbered in order, as an ordered list is
                        items = [ListItem(convert(NUMBERED_LABEL.match(text).group("rest"), ln, self.remarks), ln,
                                          int(NUMBERED_LABEL.match(text).group("n"))) for _, ln, text in entries]
                    else:
                        items = [ListItem(convert(text, ln, self.remarks), ln) for _, ln, text in entries]
                    out.append(ListBlock(bool(numbered), items, entries[0][1], hint="lines"))
                    para.clear()
                    return
            if line_entries([t for _, t in para]):  # '⚀–⚁: ...', '1-2 → ...', 'Field: ...', 'Pan — ...'

                # 'Field: A square ...' on lines of their own: one entry a line, as the author laid them out
                out.append(ListBlock(False, [ListItem(convert(t.strip(), ln, self.remarks), ln) for ln, t in para],
                                     para[0][0], hint="lines"))
                para.clear()
            if para:
                text = convert(" ".join(t.strip() for _, t in para), para[0][0], self.remarks)
                if text:
                    out.append(Paragraph(text, para[0][0]))
                para.clear()

        while i < n:
            ln, raw = lines[i]
            stripped = raw.strip()
            if not stripped:
                flush()
                i += 1
                continue
            if stripped.startswith("<"):
                consumed = self._html_line(lines, i, out, flush)
                if consumed:
                    i = consumed
                    continue
            fence = FENCE_RE.match(raw)
            if fence:
                flush()
                j = i + 1
                while j < n and not lines[j][1].strip().startswith(fence.group(1)):
                    j += 1
                code = Code("\n".join(t for _, t in lines[i + 1:j]), fence.group(2), ln)
                out.append(drawn_table(code) or code)
                i = j + 1
                continue
            heading = HEADING_RE.match(raw)
            if heading:
                flush()
                out.append(Heading(len(heading.group(1)), convert(_no_anchor(_heading_text(heading)), ln, self.remarks),
                                   ln))
                i += 1
                continue
            if re.fullmatch(r"=+", stripped):
                if len(para) == 1:  # setext heading
                    out.append(Heading(1, convert(_no_anchor(para[0][1]), para[0][0], self.remarks), para[0][0]))
                    para.clear()
                else:
                    flush()
                i += 1
                continue
            if re.fullmatch(r"-+", stripped) and len(para) == 1:  # setext heading, level 2
                out.append(Heading(2, convert(_no_anchor(para[0][1]), para[0][0], self.remarks), para[0][0]))
                para.clear()
                i += 1
                continue
            if HR_RE.match(raw) or re.fullmatch(r"\{:[^}]*\}", stripped):
                flush()
                i += 1
                continue
            image = re.fullmatch(r"!\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)", stripped)
            if image:
                flush()
                self.remarks.append(image_remark(image.group(1), image.group(2), ln))
                out.append(Image(image.group(1), image.group(2), ln))
                i += 1
                continue
            admonition = None if self.plain else ADMONITION_RE.match(raw)
            if admonition:
                flush()
                i = self._admonition(lines, i, admonition, out)
                continue
            if stripped.startswith(">"):
                flush()
                i = self._quote(lines, i, out)
                continue
            if LIST_RE.match(raw) and (LIST_RE.match(raw).group(4) or "").strip():
                flush()
                block, i = self._list(lines, i)
                out.append(block)
                continue
            grid = layout_lines.grid_table(lines, i) if stripped.startswith("+") else None
            if grid:  # '+----+' rules and '| … |' rows: a pandoc grid table, a README's ASCII box
                flush()
                rows, header, i = grid
                if not header and all(len(row) == 1 for row in rows):  # a box of one column: a note set apart
                    text = convert(" ".join(row[0] for row in rows if row[0]), ln, self.remarks)
                    out.append(Note("note", [Paragraph(text, ln)], ln))
                    continue
                out.append(Table([[convert(c, ln, self.remarks) for c in row] for row in rows], ln))
                continue
            simple = _simple_table(lines, i) if not para and stripped else None
            if simple:  # a pandoc simple table: a header over a rule of dashes per column, rows to a blank line
                flush()
                rows, i = simple
                out.append(Table([[convert(c, ln, self.remarks) for c in row] for row in rows], ln, header=True))
                continue
            separated = i + 1 < n and re.fullmatch(r"\|?[\s:|-]+\|?", lines[i + 1][1].strip())
            # 'Card | Points' over '---- | ----': GitHub's tables may leave out the outer pipes; then the rule
            # under the header must have as many cells as the header (a lone '---' underlines a heading)
            bare = not stripped.startswith("|") and not para and separated and "|" in lines[i + 1][1] \
                and _cells(stripped) >= 2 and _cells(lines[i + 1][1].strip()) == _cells(stripped)
            if (stripped.startswith("|") or bare) and (separated or self.plain and _pipe_run(lines, i) >= 3):
                flush()  # a plain text's column table (layout_lines) has its header first and no separator
                rows = []
                j = i
                while j < n and (lines[j][1].strip().startswith("|") or bare and _cells(lines[j][1].strip()) >= 2):
                    if j != i + 1 or not separated:
                        # '[[#Soggy\|soggy]]': an escaped pipe stays in its cell
                        rows.append([convert(c.replace("\\|", "|"), lines[j][0], self.remarks)
                                     for c in re.split(r"(?<!\\)\|", lines[j][1].strip().strip("|"))])
                    j += 1
                if self.plain:  # a row with its first cell empty continues the row above (a wrapped cell)
                    rows = _join_wrapped(rows)
                out.append(Table(rows, ln))
                i = j
                continue
            if DEFINITION_RE.match(raw) and (para or self._term_paragraph(out)):
                i = self._definition(lines, i, para, out)
                continue
            if self.plain and para and plaintext.ENUMERATED.match(raw):
                flush()  # '(b) Each warden ...' on a new line: a new entry, however the lines wrap
            elif self.plain and para and plaintext.CASE_LEAD.match(raw) and plaintext.CASE_LEAD.match(para[0][1]):
                flush()  # '**4.4 Renown.** …' under a '**4.3 Exposed.** …' case: the next case, set without a gap
            elif self.plain and para and plaintext.CASE_LINE.match(raw) and plaintext.CASE_LINE.match(para[0][1]):
                flush()  # '3.2 Place the tiles …' under '3.1 Lay the board …': the next case, set without a gap
            elif self.plain and plaintext.is_sequence_line(stripped):
                flush()  # 'Fell – Stack – Tend' set as a line of its own: its own paragraph, the text runs on after
                para.append((ln, raw))
                flush()
                i += 1
                continue
            para.append((ln, raw))
            i += 1
        flush()
        return roll_paragraphs(out)

    # -- definition lists (Python-Markdown def_list: 'Term' then ': definition') ------------------------

    @staticmethod
    def _term_paragraph(out: list) -> bool:
        """The block before a ': definition' line separated by a blank line: a short term, or a definition
        list to continue (a second ': ' paragraph of the last term)."""
        last = out[-1] if out else None
        if isinstance(last, ListBlock):
            return last.hint == "definitions"
        return isinstance(last, Paragraph) and len(last.text.split()) <= 8 and not last.text.rstrip().endswith(
            (".", "!", "?", ":"))

    def _definition(self, lines: list[Line], i: int, para: list[Line], out: list) -> int:
        """One entry: the term line(s) in ``para`` (or the paragraph before), then ': text' lines with their
        continuation lines; consecutive entries make one list (hint 'definitions', like HTML <dl>)."""
        n = len(lines)
        definitions: list[str] = []
        if para:
            terms = [(ln, convert(t.strip(), ln, self.remarks)) for ln, t in para]
            para.clear()
        elif isinstance(out[-1], Paragraph):
            last = out.pop()
            terms = [(last.line, last.text)]
        else:  # another definition of the previous term, after a blank line
            item = out[-1].items.pop()
            term, _, before = item.text.partition(" -- ")
            terms, definitions = [(item.line, term)], [before]
        current: list[str] = []
        while i < n:
            raw = lines[i][1]
            match = DEFINITION_RE.match(raw)
            if match:
                if current:
                    definitions.append(" ".join(current))
                current = [match.group(1).strip()]
            elif raw.strip():
                current.append(raw.strip())  # lazy or indented continuation
            else:
                j = i + 1
                while j < n and not lines[j][1].strip():
                    j += 1
                if j < n and (_lead(lines[j][1]) >= 2 and not LIST_RE.match(lines[j][1].strip())
                              or DEFINITION_RE.match(lines[j][1])):
                    i = j  # a further paragraph (indented) or definition of the same term
                    continue
                break
            i += 1
        if current:
            definitions.append(" ".join(current))
        text = convert(" ".join(definitions), terms[0][0], self.remarks)
        if not (out and isinstance(out[-1], ListBlock) and out[-1].hint == "definitions"):
            out.append(ListBlock(False, line=terms[0][0], hint="definitions"))
        for line, term in terms:
            out[-1].items.append(ListItem(f"{term} -- {text}", line))
        return i

    def _html_line(self, lines: list[Line], i: int, out: list, flush) -> int:
        """Handle a line starting with an HTML tag; returns the next index, or 0 if it is ordinary text."""
        ln, raw = lines[i]
        stripped = raw.strip()
        match = CONTAINER_RE.match(stripped)
        if match:
            flush()
            tag, attr_text, rest = match.group(1).lower(), match.group(2), match.group(3)
            close = re.compile(rf"</{tag}\s*>", re.I)
            opener = re.compile(rf"<{tag}\b", re.I)
            inner: list[Line] = []
            if close.search(rest):
                inner.append((ln, close.split(rest, 1)[0]))
                j = i + 1
            else:
                if rest.strip():
                    inner.append((ln, rest))
                depth, j = 1, i + 1
                while j < len(lines):
                    text = lines[j][1]
                    depth += len(opener.findall(text)) - len(close.findall(text))
                    if depth <= 0:
                        before = close.split(text)[0]
                        if before.strip():
                            inner.append((lines[j][0], before))
                        break
                    inner.append(lines[j])
                    j += 1
                j += 1
            dedented = textwrap.dedent("\n".join(t for _, t in inner)).split("\n")
            inner = [(inner[k][0], dedented[k]) for k in range(len(inner))]
            classes = attrs(attr_text).get("class", "").lower()
            blocks = self.blocks(inner)
            kind = note_kind(classes)
            if kind:
                out.append(Note(kind, blocks, ln))
            else:
                if "dice" in classes or "roll" in classes:
                    for block in blocks:
                        if isinstance(block, ListBlock):
                            block.hint = "dice"
                out.extend(blocks)
            return j
        block = HTML_BLOCK_RE.match(stripped)
        if block:
            flush()
            return self._html_block(lines, i, block.group(1).lower(), out)
        img = re.fullmatch(r"<img\b([^>]*)/?>", stripped, re.I)
        if img:
            flush()
            a = attrs(img.group(1))
            self.remarks.append(image_remark(a.get("alt", ""), a.get("src", ""), ln))
            out.append(Image(a.get("alt", ""), a.get("src", ""), ln))
            return i + 1
        if re.fullmatch(r"(</?[a-zA-Z][\w-]*\b[^>]*>\s*)+", stripped):
            flush()  # <br/>, <hr/>, a stray closing tag: a paragraph break
            return i + 1
        return 0

    def _html_block(self, lines: list[Line], i: int, tag: str, out: list) -> int:
        """An HTML table, figure, definition list or toggle written into Markdown (GitBook and GitHub pages
        do): read as the HTML reader reads it; a toggle's body stays Markdown. Returns the next index."""
        opener, close = re.compile(rf"<{tag}\b", re.I), re.compile(rf"</{tag}\s*>", re.I)
        depth, j = 0, i
        while j < len(lines):
            depth += len(opener.findall(lines[j][1])) - len(close.findall(lines[j][1]))
            j += 1
            if depth <= 0:
                break
        chunk = lines[i:j]
        if tag == "details":
            text = "\n".join(t for _, t in chunk)
            summary = re.search(r"<summary\b[^>]*>(.*?)</summary\s*>", text, re.I | re.S)
            if summary and text.count("<details") == 1:
                body = [(ln, re.sub(r"</?details\b[^>]*>|<summary\b[^>]*>.*?</summary\s*>", "", t, flags=re.I))
                        for ln, t in chunk]
                blocks = self.blocks(body)
                name = re.sub(r"<[^>]+>|\s+", " ", summary.group(1)).strip()
                line = next(ln for ln, t in chunk if "<summary" in t.lower())
                if name and all(isinstance(b, (Paragraph, ListBlock)) for b in blocks):
                    item = ListItem(f"**{name}**", line)
                    item.children = blocks
                    out.append(ListBlock(False, [item], line, hint="toggles"))
                    return j
                if any(isinstance(b, Table) for b in blocks):
                    # a README folds its glossary table into a toggle: the table is the content, the summary
                    # its caption; the HTML reader would read the Markdown table as one paragraph of pipes
                    if name:
                        out.append(Paragraph(convert(name, line, self.remarks), line))
                    out.extend(blocks)
                    return j
        from .html_reader import HtmlReader, _TreeBuilder  # the HTML reader builds on this module

        builder = _TreeBuilder()
        builder.feed("\n" * (chunk[0][0] - 1) + "\n".join(t for _, t in chunk))
        builder.close()
        reader = HtmlReader(self.source)
        reader.blocks(builder.root, out)
        self.remarks.extend(reader.remarks)
        return j

    def _admonition(self, lines: list[Line], i: int, opener: re.Match, out: list) -> int:
        """'!!! info "What's in the box"' over indented lines (Python-Markdown and Material admonitions, '???'
        folded): a note with its title as a bold line; a table or list in it is rules data, read as such."""
        ln, n = lines[i][0], len(lines)
        inner: list[Line] = []
        j = i + 1
        while j < n and (not lines[j][1].strip() or lines[j][1].startswith(("    ", "\t"))):
            inner.append(lines[j])
            j += 1
        while inner and not inner[-1][1].strip():
            inner.pop()
        dedented = textwrap.dedent("\n".join(t.expandtabs(4) for _, t in inner)).split("\n")
        blocks = self.blocks([(inner[k][0], dedented[k]) for k in range(len(inner))])
        title = opener.group(3) or ""  # none: the kind is the box's title on the site, not repeated inside
        if title.strip():
            blocks.insert(0, Paragraph(f"**{convert(title.strip(), ln, self.remarks)}**", ln))
        if any(isinstance(b, (Table, ListBlock)) for b in blocks):
            out.extend(blocks)
        else:
            kind = opener.group(2).lower()
            out.append(Note(note_kind(kind) or ADMONITION_KINDS.get(kind, "note"), blocks, ln))
        return j

    def _quote(self, lines: list[Line], i: int, out: list) -> int:
        inner: list[Line] = []
        n = len(lines)
        while i < n and lines[i][1].strip():
            text = lines[i][1].strip()
            inner.append((lines[i][0], re.sub(r"^>\s?", "", text) if text.startswith(">") else text))
            i += 1
        callout = CALLOUT_RE.match(inner[0][1]) if inner else None
        if callout:  # '> [!note] Weather table (roll 1d6)': an Obsidian/GitHub callout, its title a line
            title = callout.group(1).strip()
            inner[0] = (inner[0][0], title)
            blocks = self.blocks(inner if title else inner[1:])
            if any(isinstance(b, (Table, ListBlock)) for b in blocks):
                out.extend(blocks)  # a table or list in a box is rules data: read it like any other
                return i
            out.append(Quote(blocks, inner[0][0]))
            return i
        out.append(Quote(self.blocks(inner), inner[0][0] if inner else 0))
        return i

    def _list(self, lines: list[Line], i: int, outer: int = -1) -> tuple[ListBlock, int]:
        """A list starting at line ``i``; lines indented ``outer`` or less belong to an enclosing list."""
        first = LIST_RE.match(lines[i][1])
        base = len(first.group(1))
        ordered = first.group(3) is not None
        block = ListBlock(ordered, line=lines[i][0])
        current: ListItem | None = None
        after_blank = False
        n = len(lines)
        while i < n:
            ln, raw = lines[i]
            if not raw.strip():
                j = i + 1
                while j < n and not lines[j][1].strip():
                    j += 1
                if j >= n:
                    i = j
                    break
                nxt = lines[j][1]
                marker = LIST_RE.match(nxt)
                if marker and outer < _lead(nxt) <= base + 1 and (marker.group(3) is not None) == ordered:
                    i, after_blank = j, True
                    continue
                if _lead(nxt) > base + 1 and current is not None and not HEADING_RE.match(nxt):
                    i, after_blank = j, True
                    continue
                break
            indent = _lead(raw)
            marker = LIST_RE.match(raw)
            if indent <= outer:
                break
            if marker and indent <= base + 1:
                if (marker.group(3) is not None) != ordered or not (marker.group(4) or "").strip():
                    break
                # '- [ ] Shuffle ...' (a task list): the box is a tick for the reader, not part of the step
                text = TASK_BOX_RE.sub("", marker.group(4), count=1)
                current = ListItem(convert(text, ln, self.remarks), ln,
                                   int(marker.group(3)) if marker.group(3) else None)
                block.items.append(current)
                i, after_blank = i + 1, False
                continue
            if current is None or HEADING_RE.match(raw) or raw.strip().startswith(("<div", "</div", ">")):
                break
            if indent > base + 1:
                if marker and (marker.group(4) or "").strip():
                    child, i = self._list(lines, i, base + 1)
                    current.children.append(child)
                    after_blank = False
                    continue
                text = convert(raw, ln, self.remarks)
                if after_blank or current.children:
                    current.children.append(Paragraph(text, ln))
                elif text:
                    current.text = f"{current.text} {text}".strip()
                i, after_blank = i + 1, False
                continue
            if after_blank:
                break
            text = convert(raw, ln, self.remarks)  # lazy continuation
            if text:
                current.text = f"{current.text} {text}".strip()
            i += 1
        return block, i


def read_plain_text(text: str, source: str) -> Outline:
    return MarkdownReader(source).read(text)


def read_layout_html(text: str, source: str) -> Outline:
    return MarkdownReader(source).read_layout_html(text)


SIMPLE_RULE = re.compile(r"^\s*-{2,}(?:[ ]+-{2,})+\s*$")


def _cells(line: str) -> int:
    """How many cells a pipe table's line holds ('a | b', '| a | b |', '---- | :--:'); 1 without a pipe."""
    return len(re.split(r"(?<!\\)\|", line.strip().strip("|")))


def _simple_table(lines: list[Line], i: int) -> tuple[list[list[str]], int] | None:
    """(rows, the line after) of a pandoc simple table at line i: its header line, a rule of one dash run per
    column (the runs set its columns), then two or more rows up to a blank line; None otherwise."""
    if i + 3 >= len(lines) or not SIMPLE_RULE.match(lines[i + 1][1]):
        return None
    runs = [m.span() for m in re.finditer(r"-+", lines[i + 1][1])]
    cuts = [0] + [end for end, _ in zip((e for _, e in runs), runs[1:])] + [None]
    j = i + 2
    while j < len(lines) and lines[j][1].strip() and not SIMPLE_RULE.match(lines[j][1]):
        j += 1
    if j - (i + 2) < 2:
        return None
    rows = [[line[a:b].strip() for a, b in zip(cuts, cuts[1:])] for _, line in [lines[i]] + lines[i + 2:j]]
    if any(not row[0] for row in rows[1:]) or not all(rows[0]):
        return None  # a cell set across the columns' cuts: not a table this reader can split
    return rows, j


def _join_wrapped(rows: list[list[str]]) -> list[list[str]]:
    out: list[list[str]] = []
    for row in rows:
        if out and row and not row[0].strip() and len(row) == len(out[-1]):
            out[-1] = [f"{a} {b}".strip() for a, b in zip(out[-1], row)]
        else:
            out.append(row)
    return out


def _pipe_run(lines: list[Line], i: int) -> int:
    j = i
    while j < len(lines) and re.fullmatch(r"\|.*\|", lines[j][1].strip()):
        j += 1
    return j - i


def _entry_start(text: str) -> bool:
    return bool(LABEL_LINE_RE.match(text) or DASH_LINE_RE.match(text) or result_line(text.strip()))


def _wrapped_on(para: list[Line], k: int, width: int) -> bool:
    """Line k goes on with the sentence the line above left open at the full measure ('… leave the snag tokens
    in the' over 'box – the river is wild enough'): a lower-case word after an unpunctuated full line."""
    above = para[k - 1][1].strip() if k > 0 else ""
    return para[k][1].strip()[:1].islower() and re.search(r"[a-z]$", above) is not None \
        and len(above) >= 0.85 * width


# 'Millrace. The channel that brings', 'Water Gauge. The track …': a short capitalised name and a full stop, then
# its meaning (a typewritten or OCRed glossary that lost the name's bold)
STOP_LINE_RE = re.compile(r"^ {0,3}[A-Z][a-z'’-]+(?: [A-Z]?[a-z'’-]+){0,2}\.\s+[A-Z]")


def _layout_entries(para: list[Line]) -> list[tuple[int, int, str]]:
    """A plain paragraph whose lines from some point on each start an entry ('Name: meaning', 'Name — meaning',
    a roll; 'Name. Meaning' when three or more lines do), with wrapped lines in between: (index in para, line,
    text) per entry; [] when it is prose."""
    width = max(len(t.strip()) for _, t in para)
    starts = [k for k, (_, t) in enumerate(para) if _entry_start(t) and not _wrapped_on(para, k, width)]
    if len(starts) < 2:
        starts = [k for k, (_, t) in enumerate(para) if STOP_LINE_RE.match(t) and not _wrapped_on(para, k, width)]
        starts = starts if len(starts) >= 3 else []
    if len(starts) < 2:
        return []
    out = []
    for a, b in zip(starts, starts[1:] + [len(para)]):
        out.append((a, para[a][0], " ".join(t.strip() for _, t in para[a:b])))
    return out


# '1 Blizzard: no one may …': a bare number, then a name and its colon (a die's faces typed in a plain text)
NUMBERED_LABEL = re.compile(r"^\s*(?P<n>\d{1,2})\s+(?P<rest>[A-Z][\w'’ /-]{0,30}:\s+\S.*)$", re.S)


def _numbered_labels(para: list[Line]) -> list[tuple[int, int, str]]:
    """Like :func:`_layout_entries` for lines from some point on each starting 'N Name: …' with N counting up
    by one (three or more; wrapped lines join their entry); [] otherwise."""
    starts = [k for k, (_, t) in enumerate(para) if NUMBERED_LABEL.match(t)]
    numbers = [int(NUMBERED_LABEL.match(para[k][1]).group("n")) for k in starts]
    if len(starts) < 3 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return []
    bounds = starts + [len(para)]
    if any(b - a > 3 for a, b in zip(bounds, bounds[1:])):  # an entry wraps over a line or two, not a page
        return []
    return [(a, para[a][0], " ".join(t.strip() for _, t in para[a:b])) for a, b in zip(starts, bounds[1:])]
