"""pandoc's document tree -> the importer's outline: the one outliner for every format pandoc reads.

Text becomes inline Markdown that shows what the document showed: pandoc's words (``Str``) and its raw nodes
(raw HTML, raw LaTeX, an unknown macro's source) are escaped text, and only what this module writes on purpose
is markup (emphasis, code, links to web and mail addresses). Images and links to files the import does not carry
are dropped and listed. pandoc gives most readers no source positions, so each block is placed at the first line
at or after the previous block's that holds its first words.
"""

from __future__ import annotations

import re

from .continued import join_continued
from .enumeration import drop_page_marks, join_number_spans
from .inline import absolute, attrs, image_remark, safe_href
from .line_entries import line_entries, roll_paragraphs, typed_table
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
from .text import range_dashes

# what would be Markdown if written as it stands: escaped with a backslash ('<' and '&' as references)
# never ']' outside a link's text (without its '[' it makes no link, no note), a '#' only before a space or at the
# end (where it opens or closes a heading), a '_' only at a word's edge (inside one, 'benny_b', it is no emphasis)
_MARKUP = re.compile(r"[\\`*\[|~]|#(?=\s|$)|(?<![^\W_])_|_(?![^\W_])")
_ENTITY_LIKE = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
_BARE_COMMAND = re.compile(r"(?:\\[A-Za-z@]+\*?(?:\[[^\]]*\])?\s*)+")  # '\\maketitle', '\\vspace*' no braced text
_COMMAND = re.compile(r"\\([A-Za-z@]+)\*?(?:\[[^\]]*\])*(?:\{[^{}]*\})+")  # '\\foo[x]{a}{b}', no nesting
_FILE_COMMANDS = {"input", "include", "subfile", "includegraphics", "import", "subimport", "lstinputlisting"}
_WORD = re.compile(r"[^\W_]{2,}")
_TOKEN = re.compile(r"\w+")
_TASK_BOX = re.compile(r"^[☐☒]\s+")  # pandoc's mark for a task list's '[ ]' and '[x]'
LINK_SHAPED = re.compile(r"\](?:\(|\[|:)")  # '\\[x](y)': brackets that would make a link if unescaped
_TAG = re.compile(r"</?([A-Za-z][\w-]*)\b[^>]*>$")
_BOLD = re.compile(r"(?<!\\)\*\*")
_CLOSE = re.compile(r"(?<!\\)\]")
_TAG_MARKS = {"strong": "**", "b": "**", "em": "*", "i": "*", "s": "~~", "del": "~~"}
META_LINES = ("subtitle", "author", "date")  # printed under the title (\maketitle, #+AUTHOR, :Author:)


def literal(text: str) -> str:
    """Text as inline Markdown that reads as that text."""
    text = _ENTITY_LIKE.sub("&amp;", _MARKUP.sub(lambda mark: "\\" + mark.group(0), text))
    return text.replace("<", "&lt;")


class Locator:
    """The source line of each block, found by its first words in document order (as a phrase when they are on
    one line or three, else the first of them)."""

    def __init__(self, source_text: str):
        self.lines = [line.lower() for line in source_text.split("\n")]
        self.at = 0  # index of the line the last block was found on

    def exact(self, first: str) -> int | None:
        """The line, at or after the last block's, that holds ``first`` as it stands (a code block's first line:
        its words may stand in the sentence that introduces it too); the search goes on from it."""
        first = first.strip().lower()
        for index in range(self.at, len(self.lines)):
            if first and self.lines[index].strip() == first:
                self.at = index
                return index + 1
        return None

    def pipe_cells(self, line: int) -> tuple[int, list[int]]:
        """(the line a pipe table found near ``line`` starts on, the number of cells on each of its rows but the
        rule): a table's first words may stand in the sentence above it ('Roll one die.' over '| Die | …'); the
        search goes on from the table."""
        counts: list[int] = []
        lines = self.lines[line - 1:]
        start = next((k for k, text in enumerate(lines[:3]) if "|" in text), 0)
        for text in lines[start:]:
            if "|" not in text:
                break
            if not re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", text):
                counts.append(len(re.split(r"(?<!\\)\|", text.strip().strip("|"))))
        if counts:
            self.at = line - 1 + start
        return line + start, counts

    def indented(self, line: int) -> bool:
        """Whether the source line starts with four spaces or a tab (an indented block, not a fenced one)."""
        return 0 < line <= len(self.lines) and self.lines[line - 1].startswith(("    ", "\t"))

    def line(self, text: str) -> int:
        bare = re.sub(r"\\.|&#?\w+;", " ", text.lower())
        words = (_WORD.findall(bare) or re.findall(r"[^\W_]+", bare))[:3]  # '— 3 —': a folio by its number
        if not words:
            return self.at + 1
        for phrase in (True, False):  # the words as a phrase, else the first line holding the first of them
            for index in range(self.at, len(self.lines)):
                if words[0] in self.lines[index] and (not phrase or self._phrase_at(index, words)):
                    # a block starts a line: one of the phrase's lines that opens with it is the block's
                    index = next((k for k in range(index, min(index + 3, len(self.lines)))
                                  if phrase and self._opens(k, words)), index)
                    self.at = index
                    return index + 1
        return self.at + 1

    def _opens(self, index: int, words: list[str]) -> bool:
        """Whether the line's first words are the phrase ('1.', '**' and other marks are no words)."""
        tokens = _TOKEN.findall(self.lines[index])[:len(words)]
        return len(tokens) == len(words) and tokens[0].endswith(words[0]) and tokens[1:-1] == words[1:-1] \
            and (len(words) == 1 or tokens[-1].startswith(words[-1]))

    def _phrase_at(self, index: int, words: list[str]) -> bool:
        """Whether the words stand in order from the line on (over three lines at most), the first ending a word
        of this line, each next one starting within the three words after the one before."""
        first = len(_TOKEN.findall(self.lines[index]))
        tokens = _TOKEN.findall(" ".join(self.lines[index:index + 3]))
        last = len(words) - 1
        for start in range(first):
            if not tokens[start].endswith(words[0]):
                continue
            at, found = start, bool(last == 0)
            for n, word in enumerate(words[1:], start=1):
                ahead = tokens[at + 1:at + 4]
                step = next((g for g, t in enumerate(ahead) if (t.startswith(word) if n == last else t == word)), None)
                if step is None:
                    break
                at += step + 1
                found = n == last
            if found:
                return True
        return False


class AstOutliner:
    def __init__(self, source: str, source_text: str, front: bool = True, targets: dict | None = None):
        self.source = source
        self.targets = targets or {}  # reST '.. _name:' targets -> the title under them
        self.private_tags = {"noexport"}  # Org tags whose subtrees are the author's (and '#+EXCLUDE_TAGS:')
        self.fields: set[str] = set()  # names of reST field-list lines (':Players: 2 to 5'): facts, not terms
        self.front = front  # the author and date under the title, as \\maketitle prints them (Org lists them)
        self.notes: list[str] = []  # footnotes, numbered in the order they are referred to
        self.remarks: list[Remark] = []
        self.locate = Locator(source_text)
        self.private: set[int] = set()  # heading lines of sections kept out of the rules (Org ':noexport:')
        self.line = 0
        self.labels: dict[str, str] = {}  # LaTeX '\\label' keys -> what a '\\ref' to them prints
        self.tables = 0  # captioned tables numbered so far
        self.held = 0  # > 0 while reading what is placed with its block (cells, captions, footnotes)
        self.number_tables = False  # LaTeX numbers its tables ('Table 1: The dusk table.')
        self.shift = 0  # added to each heading's level
        self.org_marks = False  # emphasis round no word is Org's marks as typed ('///')
        self.typed = False  # a text typed by hand (Markdown): its lines, folios and running lines are read
        self.ragged = False  # a table's rows keep the cells they were given (a page's short row is the author's)

    def outline(self, ast: dict, fmt: str, lines: int) -> Outline:
        meta = ast.get("meta", {})
        self.labels = _labels(ast.get("blocks", []), self)
        self.number_tables = fmt == "latex"
        # LaTeX's \\section and Org's '*' are the document's parts, its title is \\title or #+TITLE: a level below
        self.shift = 1 if fmt in ("latex", "org") else 0
        self.org_marks = fmt == "org"
        self.typed = fmt == "markdown"
        heading = meta.get("title", {})
        subtitle = ""
        if heading.get("t") == "MetaInlines" and any(i["t"] == "LineBreak" for i in heading["c"]):
            cut = next(k for k, i in enumerate(heading["c"]) if i["t"] == "LineBreak")  # 'Name\\ A subtitle'
            subtitle = self.inlines(heading["c"][cut + 1:])
            heading = {"t": "MetaInlines", "c": heading["c"][:cut]}
        title = self.meta_text(heading) or None
        stream: list = []
        front = [subtitle] + [self.meta_text(meta[key]) for key in META_LINES if key in meta]
        if self.front and any(front):
            stream.append(Paragraph(" · ".join(t for t in front if t), self.locate.line(next(t for t in front if t))))
        stream += self.blocks(ast.get("blocks", []))
        if self.notes:  # where a printed page puts them: after the text, each under its number
            stream.append(Note("note", [Paragraph(f"[{n}] {text}", self.line)
                                        for n, text in enumerate(self.notes, start=1)], self.line))
        if self.typed:  # folios, number spans, running lines and continued titles, as in a plain text
            stream = drop_page_marks(join_number_spans(stream), self.remarks)
            stream = join_continued(drop_running_lines(roll_paragraphs(stream), self.remarks), self.remarks)
        title, root = build_tree(stream, title)
        outline = Outline(self.source, fmt, title, root, self.remarks, lines)
        outline.private = self.private
        return outline

    # -- metadata -------------------------------------------------------------------------------------

    def meta_text(self, value) -> str:
        if not value:
            return ""
        kind, content = value.get("t"), value.get("c")
        if kind == "MetaInlines":
            return self.inlines(content)
        if kind == "MetaString":
            return literal(content)
        if kind == "MetaList":
            return " · ".join(t for t in (self.meta_text(v) for v in content) if t)
        if kind == "MetaBlocks":
            return " ".join(b.text for b in self.blocks(content) if isinstance(b, Paragraph))
        if kind == "MetaBool":
            return ""
        if kind == "MetaMap":
            return " · ".join(t for t in (self.meta_text(v) for v in content.values()) if t)
        return ""

    # -- blocks ---------------------------------------------------------------------------------------

    def blocks(self, blocks: list) -> list:
        out: list = []
        for block in blocks:
            out += self.block(block)
        return out

    def placed(self, text: str) -> int:
        if self.held:  # inside a table cell, a caption or a footnote: the block holding it is placed
            return self.line
        self.line = self.locate.line(text)
        return self.line

    def inside(self, blocks: list) -> list:
        """Blocks read without moving the place (a cell's, a caption's, a footnote's)."""
        self.held += 1
        try:
            return self.blocks(blocks)
        finally:
            self.held -= 1

    def block(self, block: dict) -> list:
        kind, c = block["t"], block.get("c")
        if kind in ("Para", "Plain"):
            pictures = [picture(i) for i in c if i["t"] not in ("Space", "SoftBreak")]
            if self.typed and pictures and all(pictures):  # pictures on their own: kept for the caption under them
                line = self.placed(" ".join(alt or src for alt, src in pictures))
                self.remarks += [image_remark(alt, src, line) for alt, src in pictures]
                return [Image(alt, src, line) for alt, src in pictures]
            if self.typed and any(i["t"] == "SoftBreak" for i in c):
                entries = self.line_entries(c)
                if entries:
                    return entries
            mark = len(self.remarks)
            text = self.inlines(c)
            line = self.placed(text)
            for remark in self.remarks[mark:]:  # an image or a macro in it: at the paragraph's line
                remark.line = line
            return [Paragraph(text, line)] if text else []
        if kind == "LineBlock":
            texts = [self.inlines(line) for line in c]
            return [Paragraph(text, self.placed(text)) for text in texts if text]
        if kind == "Header":
            return [self.heading(c)]
        if kind == "CodeBlock":
            (_, classes, _), text = c
            line = self.locate.exact(text.split("\n")[0]) if self.typed and not self.held else None
            code = Code(text, classes[0] if classes else "", line or self.placed(text))
            self.line = line or self.line
            drawn = drawn_table(code)
            if drawn or not self.typed or classes or not self.locate.indented(code.line):
                return [drawn or code]
            return typed_table(code) or [code]  # an indented block: maybe a table typed the old way
        if kind == "RawBlock" and self.typed and c[0] == "html":
            return self.html(c[1])
        if kind == "RawBlock":
            text = self.raw(c)
            return [Paragraph(text, self.placed(c[1]))] if text else []
        if kind == "BlockQuote":
            return [Quote(self.blocks(c), self.line)]
        if kind in ("BulletList", "OrderedList"):
            return [self.list_block(block)]
        if kind == "DefinitionList":
            return [self.definitions(c)]
        if kind == "Table":
            return self.table(c)
        if kind == "Figure":
            caption = self.caption(c[1])
            inner = self.blocks(c[2])
            return inner + ([Paragraph(caption, self.placed(caption))] if caption else [])
        if kind == "Div":
            return self.div(c)
        return []  # HorizontalRule, Null

    def line_entries(self, inlines: list) -> list:
        """A paragraph whose lines are each an entry ('Field: …' a line) as one list, an entry a line; [] if not."""
        texts = [self.inlines(line) for line in split_lines(inlines, "SoftBreak")]
        if not line_entries(texts):
            return []
        out = ListBlock(False, hint="lines")
        out.items = [ListItem(text, self.placed(text)) for text in texts if text]
        out.line = out.items[0].line
        return [out]

    def html(self, source: str) -> list:
        """An HTML table, figure or definition list written into a Markdown text, read as the HTML reader reads
        it, on the lines it stands on."""
        from .html_reader import read_fragment

        blocks, remarks = read_fragment(source, self.source, self.placed(re.sub(r"<[^>]*>", " ", source)))
        self.remarks += remarks
        return blocks

    def toggle(self, name: str, blocks: list, line: int) -> list:
        """A '<details>' toggle on ``line``: an entry named by its summary over its body; when the body holds more
        than paragraphs and lists (a table), the summary is a line above it."""
        if name and blocks and all(isinstance(b, (Paragraph, ListBlock)) for b in blocks):
            item = ListItem(f"**{literal(name)}**", line)
            item.children = blocks
            return [ListBlock(False, [item], item.line, hint="toggles")]
        return ([Paragraph(literal(name), line)] if name else []) + blocks

    def heading(self, c: list) -> Heading:
        level, (_, classes, _), inlines = c
        tags = [i for i in inlines if i["t"] == "Span" and "tag" in i["c"][0][1]]
        # Left out of the title: an Org headline's task keyword, priority and progress cookie
        # ('TODO [#A] Night [2/3]' reads 'Night'), which are the editor's marks, not the rule's words.
        text = self.inlines([i for i in inlines if i not in tags and not _task_mark(i)]).strip()
        text = text.replace("\\|", "|")  # a heading is never a table row: its pipe needs no escape
        line = self.placed(text)
        if self.typed and not self.held:  # a heading is a line of its own: the next block starts below it
            self.locate.at = max(self.locate.at, line)
        if any(dict(span["c"][0][2]).get("tag-name") in self.private_tags for span in tags):
            self.private.add(line)
        return Heading(max(1, min(level + self.shift, 6)), text, line)

    def list_block(self, block: dict) -> ListBlock:
        ordered = block["t"] == "OrderedList"
        start, items = (block["c"][0][0], block["c"][1]) if ordered else (1, block["c"])
        out = ListBlock(ordered, line=self.line)
        for n, item in enumerate(items):
            blocks = self.blocks(item)
            first = blocks[0] if blocks and isinstance(blocks[0], Paragraph) else None
            if first and self.typed:  # '- [ ] Shuffle …' (a task list): the box is a tick, not the step's words
                first.text = _TASK_BOX.sub("", first.text)
            entry = ListItem(first.text if first else "", first.line if first else self.line,
                             start + n if ordered else None, blocks[1:] if first else blocks)
            out.items.append(entry)
        out.line = out.items[0].line if out.items else self.line
        return out

    def definitions(self, entries: list) -> ListBlock:
        names = [" ".join(i["c"] for i in term if i["t"] == "Str") for term, _ in entries]
        if entries and all(name in self.fields for name in names):  # a reST field list (':Players: 2 to 5')
            out = ListBlock(False, hint="lines")
            for term, meanings in entries:
                name = self.inlines(term)
                texts = [b.text for meaning in meanings for b in self.flat(self.inside(meaning))]
                out.items.append(ListItem(f"{name}: {' '.join(texts)}", self.placed(name)))
            out.line = out.items[0].line
            return out
        out = ListBlock(False, hint="definitions")
        for term, meanings in entries:
            name = self.inlines(term)
            line = self.placed(name)
            texts = [b.text for meaning in meanings for b in self.flat(self.blocks(meaning))]
            out.items.append(ListItem(f"{name} -- {' '.join(texts)}", line))
        out.line = out.items[0].line if out.items else self.line
        return out

    def flat(self, blocks: list) -> list:
        """The paragraphs of blocks, list items as paragraphs: a definition's meaning is one text."""
        out = []
        for b in blocks:
            if isinstance(b, Paragraph):
                out.append(b)
            elif isinstance(b, ListBlock):
                out += [Paragraph(i.text, i.line) for i in b.all_items() if i.text]
            elif isinstance(b, (Note, Quote)):
                out += self.flat(b.blocks)
        return out

    def table(self, c: list) -> list:
        _, caption, _, head, bodies, foot = c
        every = _spread([self.row(r) for r in head[1]]
                        + [self.row(r) for body in bodies for r in body[2] + body[3]] + [self.row(r) for r in foot[1]])
        header_rows, rows = every[:len(head[1])], [[t or "" for t in r] for r in every[len(head[1]):]]
        header_rows, before = _headers(header_rows, self.line)
        rows = header_rows + rows
        line = self.placed(" ".join(rows[0])) if rows else self.line
        width = max((len(r) for r in rows), default=0)
        rows = rows if self.ragged else [r + [""] * (width - len(r)) for r in rows]
        if self.typed:  # a pipe table typed with rows short of cells stays ragged: no reader guesses the gap
            line, typed = self.locate.pipe_cells(line)
            self.line = line
            if len(typed) == len(rows) and len(set(typed)) > 1:
                rows = [r[:n] if not any(r[n:]) else r for r, n in zip(rows, typed)]
        text = self.caption(caption)  # above its table, as a title: the dice reader names the table by it
        if text and self.number_tables:
            self.tables += 1
            text = f"Table {self.tables}: {text}"
        titled = [Paragraph(f"**{_BOLD.sub('', text)}**", line)] if text else []  # a bold title, bold words in it
        if self.typed and not header_rows and rows and all(len(r) == 1 for r in rows):  # a box drawn round text
            return before + titled + [Note("note", [Paragraph(" ".join(r[0] for r in rows if r[0]), line)], line)]
        return before + titled + ([Table(rows, line, header=bool(header_rows))] if rows else [])

    def row(self, row: list) -> list[tuple[str | None, int]]:
        """A row's own cells, one per column it covers: its text (a cell across columns: then None for each
        other column) and the rows it covers."""
        cells = []
        for cell in row[1]:
            _, _, down, across, blocks = cell
            text = " ".join(b.text for b in self.flat(self.inside(blocks)))
            cells += [(text, down)] + [(None, down)] * (across - 1)
        return cells

    def caption(self, caption: list) -> str:
        return " ".join(b.text for b in self.flat(self.inside(caption[1])))

    def div(self, c: list) -> list:
        (_, classes, attributes), blocks = c
        if "title" in classes:
            return self.blocks(blocks)
        if "toggle" in classes:  # the entry stands on its summary's line (a page gives it), found before the body
            name, at = dict(attributes).get("summary", ""), dict(attributes).get("summary-line", "")
            line = int(at) if at.isdigit() else self.placed(name) if name else self.line
            return self.toggle(name, self.blocks(blocks), line)
        kind = note_kind(" ".join(classes).lower())
        if kind is None:
            inner = self.blocks(blocks)
            if {"dice", "die", "roll", "rolls"} & {w for c in classes for w in re.split(r"[-_]", c.lower())}:
                for block in inner:
                    if isinstance(block, ListBlock):
                        block.hint = "dice"
            return inner
        if "admonition" in classes or "callout" in classes:  # a table or list in a box is rules data
            inner = self.blocks(blocks)
            if any(isinstance(b, (Table, ListBlock)) for b in inner):
                return inner
            return [Note(kind, inner, self.line)]
        inner = [b for b in blocks if not (b["t"] == "Div" and "title" in b["c"][0][1])]
        titles = [b for b in blocks if b not in inner]
        note = Note(kind, self.blocks(titles) + self.blocks(inner), self.line)
        return [note]

    # -- inlines --------------------------------------------------------------------------------------

    def inlines(self, inlines: list) -> str:
        text = re.sub(r"[ \t]+", " ", self.spanned(inlines)).strip()
        if self.typed and "\\[" in text and not LINK_SHAPED.search(text):  # '[ picture: … ]' as typed
            text = text.replace("\\[", "[")
        return text

    def spanned(self, inlines: list) -> str:
        """The text of inlines inside another (emphasis, a span), its edge spaces kept: they part it from the words
        beside it ('on the </span><b>Hull</b><span> box')."""
        paired = _paired_tags(inlines) if self.typed else set()
        return "".join(_TAG_MARKS[_TAG.match(i["c"][1]).group(1).lower()] if k in paired else self.inline(i)
                       for k, i in enumerate(inlines))

    def inline(self, node: dict) -> str:  # noqa: C901 - one case per kind of pandoc inline
        kind, c = node["t"], node.get("c")
        if kind == "Str":  # '11--36' typed for a range: the en dash a typesetter prints
            return literal(range_dashes(c) if self.typed else c)
        if kind in ("Space", "SoftBreak", "LineBreak"):
            return " "
        if kind in _ORG_MARKS and self.org_marks and not re.search(r"\w", text_of(c)):
            # Org's '///' read as an italic '/': marks round no word are what the author typed
            return literal(_ORG_MARKS[kind] + text_of(c) + _ORG_MARKS[kind])
        if kind == "Emph":
            return _wrapped("*", self.spanned(c))
        if kind == "Strong":
            return _wrapped("**", self.spanned(c))
        if kind == "Strikeout":
            return _wrapped("~~", self.spanned(c))
        if kind in ("Underline", "SmallCaps", "Superscript", "Subscript"):
            return self.spanned(c)
        if kind == "Span":
            return self.spanned(c[1])
        if kind == "Quoted":
            open_, close = ("\u201c", "\u201d") if c[0]["t"] == "DoubleQuote" else ("\u2018", "\u2019")
            return open_ + self.inlines(c[1]) + close
        if kind == "Cite":
            return self.inlines(c[1])
        if kind == "Code" and "interpreted-text" in c[0][1]:  # a reST role pandoc does not know (':term:`x <X>`')
            shown = re.sub(r"\s*<[^<>]*>\s*$", "", c[1]).lstrip("~!")
            if dict(c[0][2]).get("role") == "ref" and shown == c[1]:  # ':ref:`current`': the title it names
                return literal(self.targets.get(c[1].lower(), shown))
            return literal(shown)
        if kind == "Code":
            ticks = "`" * (max((len(m) for m in re.findall(r"`+", c[1])), default=0) + 1)
            return f"{ticks}{' ' if c[1].startswith('`') else ''}{c[1].replace('<', '&lt;')}{ticks}"
        if kind == "Math":
            return literal(c[1].replace("\\times", "×").replace("\\cdot", "·"))
        if kind == "RawInline":
            return self.raw(c)
        if kind == "Link":
            return self.link(self.inlines(c[1]), c[2][0])
        if kind == "Image":
            self.remarks.append(image_remark(self.inlines(c[1]), c[2][0], self.line))
            return ""
        if kind == "Note":
            text = " ".join(b.text for b in self.flat(self.inside(c)))
            if not text:
                return ""
            self.notes.append(text)
            return f"[{len(self.notes)}]"
        return ""

    def raw(self, c: list) -> str:
        """A raw node's source as text (shown, never run); a bare layout command ('\\maketitle', '\\newpage')
        prints no words: listed, left out."""
        fmt, source = c
        source = source.strip()
        if fmt == "html" and self.typed:  # a tag typed into Markdown: its emphasis kept, the tag itself no text
            return self.typed_tag(source)
        if fmt in ("latex", "tex") and _BARE_COMMAND.fullmatch(source):
            self.remarks.append(Remark("markup", f"{source} dropped (layout, no text)", self.line))
            return ""
        ref = re.fullmatch(r"\\(?:auto|c|C|page|eq|name)?ref\{([^{}]*)\}", source)
        if fmt in ("latex", "tex") and ref:  # what it points at, never a braced key
            return self.labels.get(ref.group(1), literal(ref.group(1)))
        command = _COMMAND.fullmatch(source) if fmt in ("latex", "tex") else None
        if command and command.group(1) in _FILE_COMMANDS:  # another file: never read (pandoc runs sandboxed)
            arg = " ".join(re.findall(r"\{([^{}]*)\}", source))
            self.remarks.append(Remark("image" if "graphics" in command.group(1) else "markup",
                                       f"included file not imported: {arg}", self.line))
            return ""
        if command:  # '\\foo{refill}': a macro pandoc does not know, its words are what it prints
            self.remarks.append(Remark("markup", f"LaTeX command \\{command.group(1)} not known: read as its text",
                                       self.line))
            return literal(" ".join(re.findall(r"\{([^{}]*)\}", source)))
        return literal(" ".join(source.split()))

    def typed_tag(self, source: str) -> str:
        tag = _TAG.match(source)
        if not tag:  # '<!-- … -->' left inline, a '<' that opens no tag
            return "" if source.startswith("<!--") else literal(source)
        name = tag.group(1).lower()
        if name == "img":
            found = attrs(source)
            self.remarks.append(image_remark(found.get("alt", ""), found.get("src", ""), self.line))
            return ""
        return " " if name in ("br", "p", "div") else ""  # emphasis only when its tags pair (inlines)

    def link(self, text: str, href: str) -> str:
        if absolute(href):  # a ']' in its text would end the link there: 'a](http://elsewhere) b'
            shown = _CLOSE.sub(r"\\]", text) or literal(href)
            return f"[{shown}]({safe_href(href)})"
        if href and not href.startswith("#"):
            self.remarks.append(Remark("link", f"link '{text}' to '{href}' kept as text (the target is not "
                                               "imported)", self.line))
        return text


def split_lines(inlines: list, kind: str) -> list[list]:
    """Inlines cut into lines at each break of ``kind`` ('SoftBreak': a typed line, 'LineBreak': a <br>)."""
    lines: list[list] = [[]]
    for node in inlines:
        if node["t"] == kind:
            lines.append([])
        else:
            lines[-1].append(node)
    return lines


def _paired_tags(inlines: list) -> set[int]:
    """The indexes of '<b>'…'</b>' (and <strong>, <em>, <i>, <s>, <del>) raw tags that open and close each other
    among these inlines: only those are emphasis, a lone '<b>' or '<b and c>' is no mark."""
    opened: dict[str, list[int]] = {}
    paired: set[int] = set()
    for k, node in enumerate(inlines):
        tag = _TAG.match(node["c"][1]) if node["t"] == "RawInline" and node["c"][0] == "html" else None
        name = tag.group(1).lower() if tag else ""
        if name not in _TAG_MARKS:
            continue
        if not node["c"][1].startswith("</"):
            opened.setdefault(name, []).append(k)
        elif opened.get(name):
            paired |= {opened[name].pop(), k}
    return paired


def picture(node: dict) -> tuple[str, str] | None:
    """(alt text, address) of a picture: a Markdown image or an '<img>' tag typed into the text; else None."""
    if node["t"] == "Image":
        return text_of(node["c"][1]), node["c"][2][0]
    if node["t"] == "RawInline" and node["c"][0] == "html" and re.match(r"<img\b", node["c"][1], re.I):
        found = attrs(node["c"][1])
        return found.get("alt", ""), found.get("src", "")
    return None


def _labels(blocks: list, outliner: AstOutliner) -> dict[str, str]:
    """Each heading's and table's id -> what a reference to it prints: '“Glossary”', '1' (tables in order)."""
    labels: dict[str, str] = {}
    tables = 0

    def walk(node) -> None:
        nonlocal tables
        if isinstance(node, list):
            for child in node:
                walk(child)
            return
        if not isinstance(node, dict) or "t" not in node:
            return
        kind, c = node["t"], node.get("c")
        if kind == "Header" and c[1][0]:
            labels[c[1][0]] = "\u201c" + "".join(i["c"] if i["t"] == "Str" else " " for i in c[2]
                                                 if i["t"] in ("Str", "Space")) + "\u201d"
        elif kind == "Table":
            tables += 1
            if c[0][0]:
                labels[c[0][0]] = str(tables)
        elif kind == "Div" and c[0][0] and any(b["t"] == "Table" for b in c[1]):
            labels[c[0][0]] = str(tables + 1)
        if isinstance(c, list):
            walk(c)

    walk(blocks)
    return labels


_ORG_MARKS = {"Emph": "/", "Strong": "*", "Strikeout": "+", "Underline": "_"}


def text_of(inlines: list) -> str:
    return "".join(i["c"] if i["t"] == "Str" else " " if i["t"] == "Space" else text_of(i.get("c") or [])
                   if isinstance(i.get("c"), list) and i["t"] in _ORG_MARKS else "" for i in inlines)


def _task_mark(node: dict) -> bool:
    if node["t"] == "Span":
        return bool({"todo", "done"} & set(node["c"][0][1]))
    return node["t"] == "Str" and bool(re.fullmatch(r"\[#[A-Z0-9]\]|\[\d*/\d*\]|\[\d*%\]", node["c"]))


def _wrapped(mark: str, text: str) -> str:
    """``text`` in emphasis marks, its edge spaces outside them (``** x**`` is no emphasis)."""
    core = text.strip()
    if not core:
        return text
    lead, tail = text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]
    return f"{lead}{mark}{core}{mark}{tail}"


def read(ast: dict, source: str, fmt: str, source_text: str, front: bool = True,
         targets: dict | None = None, private_tags: set[str] = frozenset()) -> Outline:
    """The outline of a document pandoc read, placed on the lines of ``source_text``; ``front``: the author and
    date as a line under the title."""
    outliner = AstOutliner(source, source_text, front, targets)
    outliner.private_tags |= set(private_tags)
    outliner.fields = set(re.findall(r"^\s*:([^:\n`]+):\s", source_text, re.M)) if fmt == "rst" else set()
    return outliner.outline(ast, fmt, source_text.count("\n") + 1)


def plain_lines(ast: dict) -> str:
    """A document without source lines (an .odt) as one line a paragraph or heading, in order: the lines its
    blocks are placed on ('paragraph 12')."""
    lines: list[str] = []

    def words(node) -> str:
        if isinstance(node, list):
            return "".join(words(n) for n in node)
        if isinstance(node, dict):
            if node.get("t") == "Str":
                return node["c"]
            if node.get("t") in ("Space", "SoftBreak", "LineBreak"):
                return " "
            return words(node.get("c"))
        return ""

    def walk(node) -> None:
        if isinstance(node, list):
            for child in node:
                walk(child)
        elif isinstance(node, dict) and "t" in node:
            if node["t"] in ("Para", "Plain", "Header"):
                lines.append(words(node["c"]).strip())
            elif node["t"] not in ("Str", "Space"):
                walk(node.get("c"))

    walk(ast.get("blocks", []))
    return "\n".join(lines)


def _headers(rows: list[list[str | None]], line: int) -> tuple[list[list[str]], list[Paragraph]]:
    """A table's header row, and what stands above it: header rows over it that group its columns name them
    ('Cost' over 'Foot' and 'Horse': 'Cost – Foot', 'Cost – Horse'); one of a single cell is the table's title,
    a line above it."""
    if len(rows) < 2:
        return [[t or "" for t in r] for r in rows], []
    titles = [r for r in rows[:-1] if sum(1 for t in r if t) == 1]
    groups = [r for r in rows if r not in titles]
    widths = range(max(len(r) for r in groups))
    columns = [[_spanned(r, k) for r in groups] for k in widths]  # a cell across columns heads each of them
    header = [_grouped(list(dict.fromkeys(t for t in column if t))) for column in columns]
    return [header], [Paragraph(next(t for t in r if t), line) for r in titles]


def _grouped(titles: list[str]) -> str:
    """'Cost – Foot': a column's title under the groups over it (not 'Cost: Foot', which a phone shows as
    'Cost: Foot: 2'; nor 'Cost (Foot)', which names what a bare number counts: 'Cost (points)')."""
    return " – ".join(titles)


def _spanned(row: list[str | None], k: int) -> str:
    """The text heading column ``k`` of a header row: its own, or that of the cell across columns covering it."""
    while 0 <= k < len(row) and row[k] is None:
        k -= 1
    return row[k] or "" if 0 <= k < len(row) else ""


def _spread(rows: list[list[tuple[str | None, int]]]) -> list[list[str | None]]:
    """Rows of cell texts, a cell down several rows in each of them at its column ('Forest' beside both its
    costs): pandoc keeps it in its first row only, and the rows under it start a column short."""
    out, above = [], {}  # column -> (text, rows under it still covered)
    for cells in rows:
        texts, given = [], iter(cells)
        while True:
            column = len(texts)
            if column in above:
                text, left = above.pop(column)
                texts.append(text)
                if left > 1:
                    above[column] = (text, left - 1)
                continue
            cell = next(given, None)
            if cell is None:  # a short row: a cell from above further right still stands at its column
                if not any(k > column for k in above):
                    break
                cell = ("", 1)
            texts.append(cell[0])
            if cell[1] > 1:
                above[column] = (cell[0], cell[1] - 1)
        out.append(texts)
    return out
