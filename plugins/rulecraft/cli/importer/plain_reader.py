"""Text laid out by hand -> outline: a plain text, a forum post's BBCode, a PDF's or a typed Word file's layout
lines, once :mod:`plaintext` (or :mod:`bbcode`) has written them as simple Markdown-like lines.

The layout marks the structure: headings by their shape, column tables, entries a line each ('Name: meaning',
'1 Blizzard: …'), enumerated cases ('(b) Each warden …', '3.2 Place the tiles …') starting new paragraphs, and
lists by indentation. Markdown itself is read by pandoc (:mod:`markdown_source`).
"""

from __future__ import annotations

import re

from . import bbcode, layout_lines, pdfhtml, plaintext, wordtext
from .continued import join_continued
from .line_entries import DASH_LINE_RE, LABEL_LINE_RE, line_entries, result_line, roll_paragraphs
from .enumeration import drop_page_marks, join_number_spans
from .inline import convert
from .outline import (
    Heading,
    ListBlock,
    ListItem,
    Note,
    Outline,
    Paragraph,
    Quote,
    Remark,
    Table,
    build_tree,
    drop_running_lines,
)

LIST_RE = re.compile(r"^(\s*)([-*+]|(\d{1,3})[.)])(?:\s+(.*)|$)")
HEADING_RE = re.compile(r"^ {0,3}(#{1,6})\s+(.*)$")
# a closing run of '#' after a space ('## Setup ##'); found apart from HEADING_RE, whose lazy title before
# '\s*#*\s*$' was quadratic in a long run of spaces inside the heading
_CLOSING_HASHES = re.compile(r"(?:^|\s)#+$")
TASK_BOX_RE = re.compile(r"^\[[ xX]\]\s+(?=\S)")
DEFINITION_RE = re.compile(r"^ {0,3}:[ \t]+(\S.*)$")
HR_RE = re.compile(r"^ {0,3}([-*_])(\s*\1){2,}\s*$")

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


class PlainReader:
    def __init__(self, source: str):
        self.source = source
        self.remarks: list[Remark] = []
        self.title: str | None = None
        self.private: set[int] = set()  # lines of headings whose sections are the author's own (Org ':noexport:')

    def read(self, text: str) -> Outline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = re.sub(r"<!--.*?-->", self._comment, text, flags=re.S)
        lines = [(i + 1, line.expandtabs(4)) for i, line in enumerate(text.split("\n"))]
        if bbcode.is_bbcode(text):  # a forum post's tags: its own markup, read before any layout guess
            lines = bbcode.to_markdown(lines, self.remarks)
        else:
            if wordtext.is_word_text(text):  # tabs carry a word processor's columns and list markers
                raw = [(i + 1, line) for i, line in enumerate(text.split("\n"))]
                lines = [(ln, line.expandtabs(4)) for ln, line in wordtext.to_layout(raw)]
            lines = [(ln, _shown_as_typed(line)) for ln, line in plaintext.to_markdown(lines, self.remarks, typed=True)]
        return self.outline(lines, "markdown")

    def read_layout_html(self, text: str) -> Outline:
        """A page of lines without block structure (pdftohtml): its lines read as a plain text's."""
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
            if len(para) >= 2:
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
            heading = HEADING_RE.match(raw)
            if heading:
                flush()
                out.append(Heading(len(heading.group(1)), convert(_no_anchor(_heading_text(heading)), ln, self.remarks),
                                   ln))
                i += 1
                continue
            if HR_RE.match(raw) or re.fullmatch(r"\{:[^}]*\}", stripped):
                flush()
                i += 1
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
            separated = i + 1 < n and re.fullmatch(r"\|?[\s:|-]+\|?", lines[i + 1][1].strip())
            if stripped.startswith("|") and (separated or _pipe_run(lines, i) >= 3):
                flush()  # a plain text's column table (layout_lines) has its header first and no separator
                rows = []
                j = i
                while j < n and lines[j][1].strip().startswith("|"):
                    if j != i + 1 or not separated:
                        # '[[#Soggy\|soggy]]': an escaped pipe stays in its cell
                        rows.append([convert(c.replace("\\|", "|"), lines[j][0], self.remarks)
                                     for c in re.split(r"(?<!\\)\|", lines[j][1].strip().strip("|"))])
                    j += 1
                rows = _join_wrapped(rows)  # a row with its first cell empty continues the row above
                out.append(Table(rows, ln))
                i = j
                continue
            if DEFINITION_RE.match(raw) and (para or self._term_paragraph(out)):
                i = self._definition(lines, i, para, out)
                continue
            if para and plaintext.ENUMERATED.match(raw):
                flush()  # '(b) Each warden ...' on a new line: a new entry, however the lines wrap
            elif para and plaintext.CASE_LEAD.match(raw) and plaintext.CASE_LEAD.match(para[0][1]):
                flush()  # '**4.4 Renown.** …' under a '**4.3 Exposed.** …' case: the next case, set without a gap
            elif para and plaintext.CASE_LINE.match(raw) and plaintext.CASE_LINE.match(para[0][1]):
                flush()  # '3.2 Place the tiles …' under '3.1 Lay the board …': the next case, set without a gap
            elif plaintext.is_sequence_line(stripped):
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

    def _quote(self, lines: list[Line], i: int, out: list) -> int:
        inner: list[Line] = []
        n = len(lines)
        while i < n and lines[i][1].strip():
            text = lines[i][1].strip()
            inner.append((lines[i][0], re.sub(r"^>\s?", "", text) if text.startswith(">") else text))
            i += 1
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
    return PlainReader(source).read(text)


def read_layout_html(text: str, source: str) -> Outline:
    return PlainReader(source).read_layout_html(text)


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
