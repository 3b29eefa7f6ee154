"""HTML rulebooks -> outline, with the standard library's html.parser (no extra dependency).

A small tolerant tree builder (browsers' forgiveness for unclosed ``<li>``/``<p>`` and
lists nested straight inside lists) followed by a walk that turns headings, paragraphs,
lists, definition lists, notes, quotes, tables and images into outline blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from .brlines import alone, line_groups, sized_title, title_sizes, underlined_title
from .continued import join_continued
from .dice import roll_line
from .enumeration import drop_page_marks, join_number_spans
from .inline import absolute, as_text, image_remark, safe_href
from .line_entries import roll_paragraphs
from .maincontent import dropped_lines, first_post, page_parts, reply_summary, thread_parts
from .names import generic_title
from .outline import (
    Code,
    Heading,
    Image,
    ListBlock,
    ListItem,
    Note,
    Outline,
    Paragraph,
    Pos,
    Quote,
    Remark,
    Table,
    build_tree,
    drawn_table,
    drop_running_lines,
    note_kind,
)
from .plain_reader import PlainReader
from .sections import definition
from .text import BACK_WORDS, escape_refs

BREAK = "\ue000"  # a <br> while a paragraph's lines are told apart (a private-use character: never in text)

VOID = {"br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr", "source", "embed", "param", "track"}
SKIP = {"script", "style", "template", "noscript", "svg", "head", "title"}
# Page furniture, not rules: a wiki heading's '[edit]' link, a generated table of contents. Matched on whole
# class words ('toc-left' on Asciidoctor's <body> is a layout switch, not a table of contents).
# A heading's permalink ('#', '¶' or a zero-width space: Docusaurus' hash-link, MkDocs' and Sphinx' headerlink)
# is furniture too.
EDIT_CLASSES = {"mw-editsection", "hash-link", "headerlink"}
TOC_CLASSES = {"toc", "toctitle", "table-of-contents"}
TOC_MAX_CHARS = 3000  # a table of contents is short: a longer block is content and is kept
TOC_LINK_SHARE = 0.6  # most of a table of contents' text is link text
CONTROLS_MAX_CHARS = 80  # a form's words when it is a search box or a button, not a page wrapped in a form
CLOSE_CLASSES = {"close", "close-button", "btn-close", "modal-close", "closebtn", "dismiss"}
CLOSE_WORDS = re.compile(r"[x×✕✖]|close", re.I)  # what a close button shows
FOOTER_MAX_CHARS = 400  # a page footer is a line or two (copyright, credits); a longer one is content


def _classes(node) -> set[str]:
    return set(node.attrs.get("class", "").lower().split())


def _quote_box(node) -> bool:
    """A forum's rendered quote box: a class 'quote', 'bbcode_quote', 'post-quote' (not 'quotetitle')."""
    return any(re.search(r"(?:^|[-_])quote$", word) for word in _classes(node))


def _entry_title(node: Node) -> bool:
    words = set(node.attrs.get("class", "").lower().split())
    return bool(words & {"entry-title", "post-title"}) or node.attrs.get("itemprop", "").lower() == "headline"


def _edit_link(node) -> bool:
    """A heading's edit or permalink anchor, or a 'Skip to main content' link to the page's own anchor."""
    if node.tag == "a" and node.attrs.get("href", "").startswith("#"):
        words = "".join(c for c in node.children if isinstance(c, str)).strip().lower()
        if re.match(r"skip (?:to|navigation)\b", words):
            return True
    return bool(_classes(node) & EDIT_CLASSES)


def style_heading_level(node) -> int | None:
    """The heading level a <p>'s paragraph style names ('H2-Phase' -> 2), else None."""
    levels = [int(m.group(1)) for word in node.attrs.get("class", "").split()
              if (m := STYLE_HEADING.fullmatch(word))]
    return min(levels) if levels else None


# a page builder's heading widget set to render a <div> ('elementor-heading-title'), or an ARIA heading
WIDGET_HEADING = re.compile(r"(?:^|[-_])heading[-_]title$")
WIDGET_SIZES = {"small": 4, "medium": 3}  # the widget's size class ranks it under the large section titles


def widget_heading_level(node) -> int | None:
    """The heading level of a <div> that says it is a heading (role="heading" with its aria-level, or a class
    word ending 'heading-title', ranked by its 'size-…' class word), holding inline content only; else None."""
    if any(n.tag in BLOCK_TAGS or n.tag in HEADINGS for n in _descendants(node)):
        return None
    if node.attrs.get("role", "").lower() == "heading":
        level = node.attrs.get("aria-level", "2")
        return min(max(int(level), 1), 6) if level.isdigit() else 2
    words = _classes(node)
    if not any(WIDGET_HEADING.search(word) for word in words):
        return None
    sizes = [m.group(1) for word in words if (m := re.search(r"(?:^|[-_])size[-_](\w+)$", word))]
    return WIDGET_SIZES.get(sizes[0], 2) if sizes else 2


def _toc_like(node) -> bool:
    """A block that says it is a table of contents (class word or id 'toc'/'toctitle', or one ending in a part
    'toc': DokuWiki's 'dw__toc'; a layout class such as 'toc-left' says where a contents box goes, not that
    this is one)."""
    words = _classes(node) | {node.attrs.get("id", "").lower()}
    return bool(words & TOC_CLASSES) or any(re.split(r"[-_]+", word)[-1] == "toc" for word in words if word)


HEADINGS = {f"h{i}": i for i in range(1, 7)}
# A paragraph style that names a heading level, as word processors and layout programs export it when they
# write no <h1>..<h6>: 'Heading1', 'heading-2', 'H1-Section', 'H2_Phase', 'Titre-1', 'Überschrift 2', 'Kop1',
# 'MsoHeading3'. The level is the style's number; 'TOC-Level-1', 'Sidebar-Head' name no heading level.
STYLE_HEADING = re.compile(r"(?:mso)?(?:h|heading|header|titre|titulo|título|titolo|überschrift|kop|rubrik)"
                           r"[-_ ]?([1-6])(?:$|[-_].*)", re.I)
STYLE_HEADING_MAX_CHARS = 120
BANNER_LEVEL = 99  # a banner image's heading until the page's top heading level is known
BANNER_MAX_WORDS = 8  # a heading is a line; a longer paragraph in such a style is text
# inline elements whose edge spaces part words from their neighbours (a link or code keeps its text tight)
INLINE_TAGS = {"span", "strong", "b", "em", "i", "u", "s", "del", "strike", "font", "mark", "small", "sup", "sub"}
BLOCK_TAGS = {"p", "div", "ul", "ol", "dl", "table", "section", "blockquote", "pre", "header", "footer", "main",
              "article", "aside", "nav", "figure", *HEADINGS}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list = field(default_factory=list)  # Nodes and strings
    parent: Node | None = None


HEADING_REMARK = re.compile(r"(?<=\S)\s*\([^()]+\)\s*$")  # a heading's closing '(…)'
LONG_LINE = 1000  # a line this long holds many elements: locations then carry a column
MAX_NESTING = 100  # elements inside each other (HTML pages nest deeper than Markdown: wrappers)


class TooDeep(Exception):
    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, 1)
        self.stack = [self.root]
        self.columns = False  # locations as line:column (a page written on a few very long lines)

    def _close_until(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        open_tags = [n.tag for n in self.stack]
        if tag == "li" and "li" in open_tags:
            # a new item closes the previous one of the same list
            last_list = max((i for i, t in enumerate(open_tags) if t in ("ul", "ol")), default=-1)
            last_li = max(i for i, t in enumerate(open_tags) if t == "li")
            if last_li > last_list:
                del self.stack[last_li:]
        if tag in ("td", "th", "tr"):
            # '</td>' and '</tr>' may be left out: a new cell closes the open cell of its row, a new row the
            # open row of its table (as browsers read '<td>Die<td>1-1</td>'), never a cell of an outer table
            closes = ("td", "th") if tag != "tr" else ("tr",)
            for i in range(len(self.stack) - 1, 0, -1):
                if self.stack[i].tag in closes:
                    del self.stack[i:]
                    break
                if self.stack[i].tag in ("table", "tr"):
                    break
        if tag in ("dt", "dd"):
            for i in range(len(self.stack) - 1, 0, -1):
                if self.stack[i].tag in ("dt", "dd"):
                    del self.stack[i:]
                    break
                if self.stack[i].tag == "dl":
                    break
        if tag in BLOCK_TAGS and self.stack[-1].tag == "p":
            self.stack.pop()
        line, col = self.getpos()
        node = Node(tag, {k.lower(): (v or "") for k, v in attrs}, Pos(line, col + 1) if self.columns else line,
                    parent=self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)
            if len(self.stack) > MAX_NESTING:
                raise TooDeep(node.line)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag.lower() not in VOID and self.stack[-1].tag == tag.lower():
            self.stack.pop()

    def handle_endtag(self, tag):
        tag = tag.lower()
        if tag in VOID:
            return
        if any(n.tag == tag for n in self.stack[1:]):
            self._close_until(tag)

    def handle_data(self, data):
        self.stack[-1].children.append(data)


# '.c1{font-weight:700}': exporters such as Google Docs set bold and italics by class, not with <b>/<i>
STYLE_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
BOLD_DECL = re.compile(r"font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b", re.I)
ITALIC_DECL = re.compile(r"font-style\s*:\s*italic\b", re.I)


def styled_classes(text: str) -> tuple[set[str], set[str]]:
    """(bold classes, italic classes) declared by single-class rules in the page's <style> blocks."""
    bold: set[str] = set()
    italic: set[str] = set()
    for sheet in re.findall(r"<style\b[^>]*>(.*?)</style>", text, re.S | re.I):
        sheet = re.sub(r"/\*.*?\*/", "", sheet, flags=re.S)
        for selectors, body in STYLE_RULE.findall(sheet):
            names = {m.group(1) for sel in selectors.split(",")
                     if (m := re.fullmatch(r"\s*(?:span)?\.([\w-]+)\s*", sel))}
            if BOLD_DECL.search(body):
                bold |= names
            if ITALIC_DECL.search(body):
                italic |= names
    return bold, italic


# character style names that say what the text looks like or is ('Bold', 'Char-Strong', 'Glossary-Term')
BOLD_STYLE_NAMES = {"bold", "strong", "term", "keyword"}
ITALIC_STYLE_NAMES = {"italic", "emphasis", "em"}


class HtmlReader:
    def __init__(self, source: str):
        self.source = source
        self.remarks: list[Remark] = []
        self.bold: set[str] = set()
        self.italic: set[str] = set()
        self.addresses: set[str] = set()  # the page's own address(es): a link there is a link within the page
        self.title_levels: dict[float, int] = {}  # a rendered BBCode post's title sizes, as heading levels
        self.entry_title: Heading | None = None  # the post's own title, marked so (a blog's 'entry-title')
        self.thread_title = None  # a forum thread's title (its last <h1>/<h2> before the first post)
        self.controls: list[tuple[str, int]] = []  # small forms dropped: their words and lines

    def _styled(self, node: Node) -> str:
        """'**' or '*' when a <span>'s class makes it bold or italic, else ''. The page's own <style> rules
        decide first; else a character style's name does (an exporter's stylesheet is often a separate file
        that is not imported: InDesign's 'Bold', Word's 'Strong', a glossary's 'Glossary-Term')."""
        if node.tag != "span":
            return ""
        style = node.attrs.get("style", "")  # an editor's inline style (Google Sites, web editors)
        if BOLD_DECL.search(style):
            return "**"
        if ITALIC_DECL.search(style):
            return "*"
        classes = set(node.attrs.get("class", "").split())
        if classes & self.bold:
            return "**"
        if classes & self.italic:
            return "*"
        parts = {part for word in classes for part in re.split(r"[-_]", word.lower()) if part}
        return "**" if parts & BOLD_STYLE_NAMES else "*" if parts & ITALIC_STYLE_NAMES else ""

    def read(self, text: str) -> Outline:
        for match in re.finditer(r"<!--(.*?)-->", text, re.S):
            body = re.sub(r"\s+", " ", match.group(1)).strip()
            if body:
                self.remarks.append(Remark("comment", f"commented-out text dropped: '{body[:80]}'",
                                           text.count("\n", 0, match.start()) + 1))
        self.bold, self.italic = styled_classes(text)
        self.addresses = page_addresses(text)
        builder = _TreeBuilder()
        builder.columns = max(map(len, text.splitlines()), default=0) > LONG_LINE
        builder.feed(text)  # TooDeep: the caller reports it
        builder.close()
        stream: list = []
        parts = page_parts(builder.root, SKIP)
        self.title_levels = title_sizes(builder.root)
        if (thread := first_post(parts.main if parts else None, builder.root, SKIP)) is not None:
            # a forum thread: the rules are the first post; the replies are listed, each with its line
            body, replies = thread
            parts = thread_parts(body, replies, SKIP)
            self.thread_title = next((h for n in parts.before for h in reversed([n, *_descendants(n)])
                                      if h.tag in ("h1", "h2")), None)
            self.remarks += [Remark("reply", f"'{reply_summary(r, SKIP)}'", r.line) for r in replies]
        if parts is None:
            self.blocks(builder.root, stream)
        else:  # a site around the rules (header, tools, sidebar, footer): read the page's main content
            for line, at in dropped_lines(parts.dropped, SKIP):
                self.remarks.append(Remark("furniture", line, at))
            for node in [*parts.before, parts.main, *parts.after]:
                self.blocks(Node("#part", {}, node.line, [node]), stream)
            stream = self._without_page_name(stream, text)
        if self.controls:
            words = sorted({t for t, _ in self.controls if t})
            self.remarks.append(Remark("furniture", f"page controls dropped ({len(self.controls)} form(s)"
                                       + (f": {', '.join(repr(w) for w in words)[:80]}" if words else "") + ")",
                                       self.controls[0][1]))
        stream = roll_paragraphs(drop_page_marks(join_number_spans(stream), self.remarks))  # '⚀' + result: a row
        # the top level in use, never the title's: a banner above the first heading must not become the title
        top = max(2, min((b.level for b in stream if isinstance(b, Heading) and b.level != BANNER_LEVEL), default=2))
        stream = [Heading(top, b.text, b.line) if isinstance(b, Heading) and b.level == BANNER_LEVEL else b
                  for b in stream]
        stream = self._entry_titled(stream)
        title, root = build_tree(join_continued(drop_running_lines(stream, self.remarks), self.remarks), None)
        if title and (named := site_name(text, title)):
            title = root.title = named
        return Outline(self.source, "html", title, root, self.remarks, text.count("\n") + 1)

    def _without_page_name(self, stream: list, text: str) -> list:
        """A line near the top of a site's main content that is only the page's name as the site files it
        ('games:ferry:rules', the <title> 'games:ferry:rules [Studio Wiki]' begins with it: a wiki's page id)
        is the site's, not a summary of the game: dropped and listed."""
        found = PAGE_TITLE.search(text[:20000])
        names = {p.strip() for p in re.split(r"\s+[—–|·-]\s+|\s*\[[^\]]*\]\s*", found.group(1)) if p.strip()} \
            if found else set()
        out = []
        for n, block in enumerate(stream):
            if n < 4 and isinstance(block, Paragraph) and " " not in block.text.strip() \
                    and block.text.strip() in names:
                self.remarks.append(Remark("furniture", f"page name dropped: '{block.text.strip()}'", block.line))
                continue
            out.append(block)
        return out

    def _entry_titled(self, stream: list) -> list:
        """A blog post's title marked as the entry's ('entry-title', 'post-title', a schema.org 'headline',
        often an <h3>) titles the document; the site's name in the <h1> above it heads a section of its own."""
        if self.entry_title is None or self.entry_title.level == 1:
            return stream
        at = next(n for n, b in enumerate(stream) if b is self.entry_title)
        # a thread's first post may size its own section titles above the rest: all rank under the thread's
        after = len(stream) if self.thread_title is None else 0
        return [Heading(1, b.text, b.line) if n == at else
                Heading(2, b.text, b.line) if (n < at or n >= after) and isinstance(b, Heading) and b.level == 1
                else b for n, b in enumerate(stream)]

    # -- inline ---------------------------------------------------------------------------------------

    def inline(self, node: Node, skip_lists: bool = False, breaks: bool = False) -> str:
        """Inline Markdown of ``node``; with ``breaks``, each <br> is kept as BREAK (a line of its own)."""
        parts: list[str] = []
        for child in node.children:
            if isinstance(child, str):
                # decoded text: '&lt;script&gt;' must stay text; a zero-width space is no character of it
                parts.append(as_text(child.replace("\u200b", "").replace("\ufeff", "")))
                continue
            tag = child.tag
            if tag in SKIP or (skip_lists and tag in ("ul", "ol", "dl")) or _edit_link(child):
                continue
            if tag == "br":
                parts.append(BREAK)
            elif tag == "img":
                self.remarks.append(image_remark(child.attrs.get("alt", ""), child.attrs.get("src", ""), child.line))
            elif tag in ("strong", "b"):
                parts.append(self._wrap("**", self.inline(child)))
            elif self._styled(child):
                parts.append(self._wrap(self._styled(child), self.inline(child)))
            elif tag in ("em", "i"):
                parts.append(self._wrap("*", self.inline(child)))
            elif tag in ("s", "del", "strike"):  # a draft's removed words stay, marked (as BBCode's [s])
                parts.append(self._wrap("~~", self.inline(child)))
            elif tag == "span" and breaks:
                parts.append(self.inline(child, skip_lists, breaks))
            elif tag == "code":
                parts.append(f"`{self.inline(child)}`")
            elif tag == "a":
                words = self.inline(child)
                href = child.attrs.get("href", "")
                if href.partition("#")[0] in self.addresses:  # a saved page's link to its own anchor
                    href = "#" + href.partition("#")[2]
                if absolute(href) and words.strip():  # a link round a picture alone: the picture is reported
                    parts.append(f"[{words}]({safe_href(href)})")
                else:
                    if href and not href.startswith("#"):
                        self.remarks.append(Remark("link", f"link '{words}' to '{href}' kept as text", child.line))
                    parts.append(words)
            else:
                parts.append(" " + self.inline(child, skip_lists) + " " if tag in BLOCK_TAGS | {"li"}
                             else self.inline(child, skip_lists))
        text = "".join(parts)
        if not breaks:
            text = text.replace(BREAK, " ")
        if node.tag in INLINE_TAGS:  # 'on the </span><span>Hull</span><span> box': the space at a span's
            raw = self._text(node)   # edge still parts the words (kept outside any emphasis marks)
            text = (" " if raw[:1].isspace() else "") + text.strip() + (" " if raw[-1:].isspace() else "")
            return escape_refs(re.sub(r"\s+", " ", text)) if text.strip() else ""
        text = re.sub(r"\s+", " ", text).strip()
        return escape_refs(text)

    @staticmethod
    def _wrap(mark: str, text: str) -> str:
        inner = text.strip()
        if not inner:
            return text[:1] if text[:1].isspace() else ""
        return (" " if text[:1].isspace() else "") + f"{mark}{inner}{mark}" + (" " if text[-1:].isspace() else "")

    # -- blocks ---------------------------------------------------------------------------------------

    def blocks(self, node: Node, out: list) -> None:
        loose: list[str] = []
        loose_at: list = []  # the line each piece of ``loose`` starts on
        loose_line = node.line
        running = node.line

        def flush() -> None:
            table = _markdown_table("".join(loose).replace(BREAK, " "), loose_line, self.source)
            text = re.sub(r"\s+", " ", "".join(loose).replace(BREAK, " ")).strip()
            if table is not None:
                out.append(table)
            elif BREAK in loose and text:  # lines parted by <br> (a rendered forum post): see brlines
                self._line_blocks(lines_of_loose(), out)
            elif text:
                out.append(Paragraph(escape_refs(text), loose_line))
            loose.clear()
            loose_at.clear()

        def lines_of_loose() -> list:
            lines, words, at = [], [], None
            for piece, line in zip(loose, loose_at, strict=True):
                if piece == BREAK:
                    lines.append((re.sub(r"\s+", " ", "".join(words)).strip(), at or line))
                    words, at = [], None
                    continue
                if piece.strip() and at is None:
                    at = line + (len(piece) - len(piece.lstrip("\n")) if isinstance(line, int) else 0)
                words.append(piece)
            lines.append((re.sub(r"\s+", " ", "".join(words)).strip(), at or loose_line))
            return lines

        for at, child in enumerate(node.children):
            if isinstance(child, str):
                if child.strip():
                    loose.append(child)
                    loose_at.append(int(running))
                running = int(running) + child.count("\n")
                continue
            running = child.line
            tag = child.tag
            if tag in SKIP or _edit_link(child) or (_toc_like(child) and self._dropped_toc(child)) \
                    or self._dropped_chrome(child) or self._dropped_controls(child):
                continue
            if tag in ("strong", "b", "em", "i", "a", "span", "code", "br", "small", "sup", "sub", "u", "mark"):
                if (level := self._title_line(node.children, at)) is not None:  # a rendered BBCode title: see brlines
                    flush()
                    out.append(Heading(level, re.sub(r"^\*+|\*+$", "", self.inline(child).strip()).strip(),
                                       child.line))
                    continue
                loose.append(BREAK if tag == "br" else self.inline(Node("#span", {}, child.line, [child])))
                loose_at.append(child.line)
                loose_line = child.line
                continue
            flush()
            if tag in HEADINGS:
                out.append(Heading(HEADINGS[tag], self.inline(child), child.line))
                if self.entry_title is None and (_entry_title(child) or child is self.thread_title):
                    self.entry_title = out[-1]
            elif tag in ("figure", "p", "div") and (banner := self._banner(child)):
                # a banner image titles the section below it: a heading at the page's top level (set in read)
                self.remarks.append(image_remark(banner.attrs.get("alt", ""), banner.attrs.get("src", ""),
                                                 banner.line))
                out.append(Image(banner.attrs.get("alt", ""), banner.attrs.get("src", ""), banner.line))
                out.append(Heading(BANNER_LEVEL, escape_refs(banner.attrs["alt"].strip()), banner.line))
            elif (level := style_heading_level(child) if tag == "p" else
                    widget_heading_level(child) if tag == "div" else None) and \
                    0 < len(heading := self.inline(child).strip()) <= STYLE_HEADING_MAX_CHARS:
                out.append(Heading(level, heading, child.line))
            elif tag == "p" and {"title", "msotitle"} & _classes(child) and \
                    not any(isinstance(b, Heading) for b in out):
                # a word processor's 'Title' style (Google Docs, LibreOffice, Word's 'MsoTitle') is the document title
                out.append(Heading(1, re.sub(r"^\*+|\*+$", "", self.inline(child)).strip(), child.line))
            elif tag == "p" and (self._dropped_furniture_style(child) or self._dropped_code_label(node.children, at)):
                continue
            elif tag == "p" and (entry := self._styled_term(child)):
                out.append(ListBlock(False, [ListItem(entry, child.line)], child.line, hint="definitions"))
            elif tag == "p":
                text = self.inline(child, breaks=True)
                lines = [line.strip() for line in text.split(BREAK) if line.strip()]
                # '**Wind (roll 1 d6)**<br>1 – Calm: …<br>2 – …': a bold title line above the entries names them
                titled = len(lines) >= 3 and re.fullmatch(r"\*\*[^*]+\*\*:?", lines[0]) is not None \
                    and all(roll_line(line) for line in lines[1:])
                if titled:
                    out.append(Paragraph(lines[0], child.line))
                    lines = lines[1:]
                if len(lines) >= 2 and all(roll_line(line) or definition(line) for line in lines):
                    # 'Bed — the cards …<br>Bloom — a card …': one entry a line, as the author laid them out
                    out.append(ListBlock(False, [ListItem(line, child.line) for line in lines], child.line,
                                         hint="lines"))
                elif lines:
                    out.append(Paragraph(" ".join(lines), child.line))
                for img in self._images(child):
                    out.append(img)
            elif tag == "details" and self._toggle(child) is not None:
                out.append(ListBlock(False, [self._toggle(child)], child.line, hint="toggles"))
            elif tag in ("ul", "ol"):
                block = self.list_block(child)
                if not _continues(out[-1] if out else None, block):
                    out.append(block)
                else:  # Notion's export: one <ul>, or one <ol start="N">, per item: one list as shown
                    out[-1].items.extend(block.items)
            elif tag == "dl" and "field-list" in _classes(child):
                # docutils' field list ('Players: 2–5', 'Rules version: 1.2'): facts about the document, no terms
                out.extend(Paragraph(line, pos) for line, pos in self.fields(child))
            elif tag == "dl":
                out.append(self.definitions(child))
            elif tag == "img":
                self.remarks.append(image_remark(child.attrs.get("alt", ""), child.attrs.get("src", ""), child.line))
                out.append(Image(child.attrs.get("alt", ""), child.attrs.get("src", ""), child.line))
            elif tag == "blockquote" or tag == "div" and _quote_box(child):  # a rendered [q] box
                inner: list = []
                self.blocks(child, inner)
                out.append(Quote(inner, child.line))
            elif tag == "pre":
                code = Code(self._text(child), "", child.line)
                out.append(drawn_table(code) or code)
            elif tag == "table" and (layout := self._layout_rows(child)) is not None:
                for label, line, body in layout:  # a layout table: each row a section, its label the heading
                    if label is not None:
                        out.append(Heading(BANNER_LEVEL, escape_refs(label), line))
                    self.blocks(body, out)
            elif tag == "table":
                caption = next((c for c in child.children if isinstance(c, Node) and c.tag == "caption"), None)
                if caption is not None and (title := self._flat(caption)):
                    # above its table, as a title (as pandoc reads one): the dice reader names the table by it
                    out.append(Paragraph(f"**{escape_refs(as_text(title))}**", caption.line))
                out.append(self.table(child))
            elif tag in ("hr",):
                continue
            else:
                classes = child.attrs.get("class", "").lower()
                kind = note_kind(classes)
                inner = []
                self.blocks(child, inner)
                if kind and not any(isinstance(b, Heading) for b in inner):
                    out.append(Note(kind, inner, child.line))
                else:
                    if "dice" in classes or "roll" in classes:
                        for block in inner:
                            if isinstance(block, ListBlock):
                                block.hint = "dice"
                    out.extend(inner)
        flush()

    def _title_line(self, siblings: list, at: int) -> int | None:
        """The heading level of a title set on a line of its own in text parted by <br> (brlines), else None."""
        node = siblings[at]
        if (size := sized_title(node)) is not None and size in self.title_levels and alone(siblings, at):
            return self.title_levels[size]
        if underlined_title(node) and alone(siblings, at):
            return min(len(self.title_levels) + 1, 6)
        return None

    def _line_blocks(self, lines: list, out: list) -> None:
        for kind, group in line_groups(lines):
            if kind == "lines":
                out.append(ListBlock(False, [ListItem(escape_refs(t), at) for t, at in group], group[0][1],
                                     hint="lines"))
            else:
                out.append(Paragraph(escape_refs(" ".join(t for t, _ in group)), group[0][1]))

    def _banner(self, node: Node) -> Node | None:
        """The image when ``node`` holds only an image whose alternative text is a title in capitals ('SETTING
        UP THE FARM', 'THE HERD DIE'): a campaign page or blog draws its section titles as banners, and the
        alternative text is the only place their words are."""
        if any(isinstance(c, str) and c.strip() for n in [node, *_descendants(node)] for c in n.children):
            return None
        images = [n for n in _descendants(node) if n.tag == "img"]
        other = [n for n in _descendants(node) if n.tag not in ("img", "a", "picture", "source", "span", "div")]
        if len(images) != 1 or other:
            return None
        alt = images[0].attrs.get("alt", "").strip()
        letters = [c for c in alt if c.isalpha()]
        if not letters or alt != alt.upper() or len(alt.split()) > BANNER_MAX_WORDS or re.search(r"[.:;,]$", alt):
            return None
        return images[0]

    def _dropped_code_label(self, siblings: list, at: int) -> bool:
        """A forum's code box label ('Code: Select all', 'Code: [Select]', 'Code:') in the paragraph right above
        the box's <pre>: the box's furniture, not rules: dropped and listed."""
        text = self._flat(siblings[at])
        after = next((n for n in siblings[at + 1:] if not isinstance(n, str) or n.strip()), None)
        if not re.fullmatch(r"code\s*:[^.!?]{0,30}", text, re.I) or getattr(after, "tag", None) != "pre":
            return False
        self.remarks.append(Remark("furniture", f"code box label dropped: '{text}'", siblings[at].line))
        return True

    def _dropped_furniture_style(self, node: Node) -> bool:
        """A paragraph whose style says it is a page number ('Folio', 'Page-Number') or a contents entry
        ('TOC-Level-1', 'TOC-Title', 'MsoToc2') -- a print layout's furniture, not rules: dropped and listed."""
        words = node.attrs.get("class", "").lower().split()
        text = self._flat(node)
        if any(re.fullmatch(r"(?:mso)?toc(?:[-_]?[\w-]*)?", word) for word in words) and len(text) <= 120:
            what = f"contents entry dropped: '{text[:80]}'"
        elif any(re.search(r"(?:^|[-_])(?:folio|page[-_]?num(?:ber)?)(?:$|[-_])", word) for word in words) \
                and len(text) <= 12:
            what = f"page number dropped: '{text}'"
        elif any(re.search(r"(?:^|[-_])running[-_]?(?:line|head(?:er)?|foot(?:er)?)(?:$|[-_])", word)
                 for word in words) and len(text) <= 120:
            what = f"running page line dropped: '{text[:80]}'"
        else:
            return False
        self.remarks.append(Remark("furniture", what, node.line))
        return True

    def _styled_term(self, node: Node) -> str | None:
        """'Term -- meaning' for a paragraph led by a span in a term character style ('Glossary-Term',
        'DefinitionTerm') and its meaning after it with no separator, as layout programs set a glossary; else
        None. The two stay apart as a definition list's term and meaning would."""
        lead = next((c for c in node.children if not isinstance(c, str) or c.strip()), None)
        if not isinstance(lead, Node) or lead.tag != "span" or not any(
                "term" in re.split(r"[-_ ]", word.lower()) or word.lower().endswith("term")
                for word in lead.attrs.get("class", "").split()):
            return None
        name = self.inline(lead)
        rest = self.inline(Node("#rest", {}, node.line, node.children[node.children.index(lead) + 1:]))
        if not name or not rest or len(name.split()) > 6:
            return None
        return f"{name} -- {rest}"

    def _dropped_toc(self, node: Node) -> bool:
        """Drop a block marked as a table of contents only when it is one -- short, and (its title aside) its
        text mostly links or short list entries -- and say so in the report; anything else so marked is read as
        content (never lost silently)."""
        titles = [n for n in _descendants(node) if n.tag in HEADINGS or _toc_like(n)]
        text = self._flat(node)
        body = len(text) - sum(len(self._flat(n)) for n in titles)
        links = [n for n in _descendants(node) if n.tag == "a"]
        items = [self._flat(n) for n in _descendants(node) if n.tag == "li"]
        listed = sum(len(self._flat(a)) for a in links) if links else \
            sum(len(t) for t in items if len(t.split()) <= 8 and not re.search(r"[.!?;]\s", t))
        title_only = len(text) <= 60 and not any(n.tag in BLOCK_TAGS for n in _descendants(node))
        if len(text) > TOC_MAX_CHARS or not (title_only or (listed and listed >= TOC_LINK_SHARE * body)):
            return False
        what = f"{len(links)} link(s)" if links else f"{len(items)} entries" if items else f"'{text}'"
        self.remarks.append(Remark("contents", f"table of contents ({what})", node.line))
        return True

    def _dropped_chrome(self, node: Node) -> bool:
        """A site's navigation bar (mostly links) or the page's own footer (short, outside any article or
        section: '© 2026 …, built with …') is the site's, not the rulebook's: dropped and listed in the report."""
        role = node.attrs.get("role", "").lower()
        text = self._flat(node)
        if node.tag == "nav" or role == "navigation":
            links = [self._flat(a) for a in _descendants(node) if a.tag == "a"]
            # a breadcrumb trail names the page it is on as plain text ('Home › Rules of play'): few link words
            crumbs = any("breadcrumb" in n.attrs.get("class", "").lower() for n in [node, *_descendants(node)])
            if len(text) > TOC_MAX_CHARS or sum(map(len, links)) < TOC_LINK_SHARE * len(text) and \
                    not (crumbs and len(text) <= FOOTER_MAX_CHARS):
                return False
            what = f"site navigation dropped ({len(links)} link(s): {', '.join(links)[:80]})"
        elif node.tag == "footer" or role == "contentinfo":
            parent = node.parent
            while parent is not None and parent.tag not in ("article", "section", "aside", "details", "blockquote"):
                parent = parent.parent
            if len(text) > FOOTER_MAX_CHARS or any(n.tag in HEADINGS for n in _descendants(node)) \
                    or parent is not None and re.search(r"[.!?:;](?:\s|$)", text):
                return False  # an article's footer may hold its notes; its metadata alone is no sentence
            what = f"page footer dropped: '{text[:80]}'"  # 'Edit this page · Last updated on … by …'
        elif node.tag in ("button", "div", "span", "a") and _classes(node) & CLOSE_CLASSES \
                and CLOSE_WORDS.fullmatch(text):
            what = f"close button dropped: '{text}'"  # a pop-up's or drop-down's 'X' ('<div class="close">')
        elif _back_link(node, self._flat):
            what = f"link back to another page dropped: '{text}'"  # '<a class="back" href="./">‹ Back to the game
        else:
            return False
        self.remarks.append(Remark("furniture", what, node.line))
        return True

    def _dropped_controls(self, node: Node) -> bool:
        """A form of a few words (a search box, a section's 'Edit' button) is the page's controls: dropped and
        counted in the report. A form holding headings or paragraphs is read (some sites wrap the whole page
        in one: ASP.NET, SharePoint)."""
        if node.tag != "form":
            return False
        text = self._flat(node)
        if len(text) > CONTROLS_MAX_CHARS or any(n.tag in HEADINGS or n.tag in ("p", "li", "table", "dl")
                                                 for n in _descendants(node)):
            return False
        self.controls.append((text, node.line))
        return True

    def _flat(self, node: Node) -> str:
        return re.sub(r"\s+", " ", self._text(node)).strip()

    def _images(self, node: Node):
        for child in node.children:
            if isinstance(child, Node):
                if child.tag == "img":
                    yield Image(child.attrs.get("alt", ""), child.attrs.get("src", ""), child.line)
                else:
                    yield from self._images(child)

    def _text(self, node: Node) -> str:
        return "".join(c if isinstance(c, str) else self._text(c) for c in node.children)

    def list_block(self, node: Node) -> ListBlock:
        block = ListBlock(node.tag == "ol", line=node.line)
        number = int(node.attrs.get("start", "1") or 1) if node.tag == "ol" and \
            (node.attrs.get("start", "1") or "1").isdigit() else 1
        for child in node.children:
            if isinstance(child, str) or child.tag in SKIP:
                continue
            toggle = self._toggle(child)
            if toggle is None and child.tag == "li":
                toggle = self._headed_item(child)
            if toggle is not None:  # '<li><details><summary>Refill</summary><p>…': the toggle is the item
                toggle.number = number if block.ordered else None
                number += 1
                block.items.append(toggle)
            elif child.tag == "li" and (parts := _item_parts(child)) is not None:
                # '<li><p>Roll.</p><p>Then …</p><table>…</li>': the first paragraph is the item, the other blocks
                # are its own (as pandoc reads an item), never run together into its text
                lead, rest = parts
                item = ListItem(self.inline(Node("#lead", {}, child.line, lead)), child.line,
                                number if block.ordered else None)
                number += 1
                self.blocks(Node("#body", {}, child.line, rest), item.children)
                block.items.append(item)
            elif child.tag == "li":
                item = ListItem(self.inline(child, skip_lists=True), child.line,
                                number if block.ordered else None)
                number += 1
                for sub in child.children:
                    if isinstance(sub, Node) and sub.tag in ("ul", "ol"):
                        item.children.append(self.list_block(sub))
                    elif isinstance(sub, Node) and sub.tag == "dl":
                        item.children.append(self.definitions(sub))
                block.items.append(item)
            elif child.tag in ("ul", "ol"):  # a list straight inside a list: it belongs to the previous item
                nested = self.list_block(child)
                if block.items:
                    block.items[-1].children.append(nested)
                else:
                    block.items.extend(nested.items)
        return block

    def _headed_item(self, node: Node) -> ListItem | None:
        """'<li><h3>March</h3><p>Move one road.</p></li>': an item led by a heading is named by it, like a
        toggle by its summary, and its blocks are its body (one run of text would make 'March Move one road'
        the item's name)."""
        inner = [c for c in node.children if isinstance(c, Node) or c.strip()]
        if not inner or not isinstance(inner[0], Node) or inner[0].tag not in HEADINGS:
            return None
        name = self.inline(inner[0])
        if not name:
            return None
        body: list = []
        self.blocks(Node("#body", {}, node.line, inner[1:]), body)
        if any(not isinstance(b, (Paragraph, ListBlock)) for b in body):
            return None  # a table, quote or code inside: read the item as before, losing nothing
        # 'Russian Movement (none moves more than 2 MP on turn 1)': a remark in brackets ending the heading
        # stays outside the bold name, as it is typed in a list item's lead
        paren = HEADING_REMARK.search(name)
        lead, remark = (name[:paren.start()].rstrip(), " " + paren.group(0)) if paren else (name, "")
        item = ListItem(f"**{lead}**{remark}" if body or remark else name, inner[0].line)
        item.children = body
        return item

    def _toggle(self, node: Node) -> ListItem | None:
        """A toggle (<details> with a <summary>, alone or as a list item's only content): an item named by
        the summary, its body the toggle's blocks."""
        if node.tag == "li":
            inner = [c for c in node.children if isinstance(c, Node) or c.strip()]
            node = inner[0] if len(inner) == 1 and isinstance(inner[0], Node) else node
        if node.tag != "details":
            return None
        summary = next((c for c in node.children if isinstance(c, Node) and c.tag == "summary"), None)
        if summary is None or not self.inline(summary):
            return None
        body: list = []
        self.blocks(Node("#body", {}, node.line, [c for c in node.children if c is not summary]), body)
        if any(not isinstance(b, (Paragraph, ListBlock)) for b in body):
            return None  # a table, quote or code inside: read the toggle as ordinary content, losing nothing
        item = ListItem(f"**{self.inline(summary)}**", summary.line)
        item.children = body
        return item

    def fields(self, node: Node) -> list[tuple[str, int]]:
        """A field list's 'Name: value' lines."""
        out, name = [], None
        for child in node.children:
            if isinstance(child, Node) and child.tag == "dt":
                name = (self.inline(child).strip().rstrip(":").strip(), child.line)
            elif isinstance(child, Node) and child.tag == "dd" and name:
                out.append((f"{name[0]}: {self.inline(child).strip()}", name[1]))
                name = None
        return out

    def definitions(self, node: Node) -> ListBlock:
        block = ListBlock(False, line=node.line, hint="definitions")
        term = None
        for child in node.children:
            if isinstance(child, str):
                continue
            if child.tag == "dt":
                term = (self.inline(child), child.line)
            elif child.tag == "dd" and term:
                block.items.append(ListItem(f"{term[0]} -- {self.inline(child)}", term[1]))
                term = None
            elif child.tag == "dd" and block.items and self.inline(child).strip():
                # a term's further definition paragraph (Markdown's second ': …'): part of its meaning, never lost
                block.items[-1].text += " " + self.inline(child).strip()
        return block

    def _layout_rows(self, node: Node) -> list[tuple[str | None, Pos, Node]] | None:
        """A word processor's page laid out as one table, each row a section: a short label in the left cell
        (no header row, no numbers or rolls), the section's blocks in the right cell -- paragraphs, lists,
        nested tables -- in three rows or more, a third of them at least. [(label, right cell)], a row of one
        cell (a title across the page) with no label; None for a table of data (a glossary's one sentence a
        row, a dice table, a component list)."""
        rows = [[c for c in row.children if isinstance(c, Node) and c.tag in ("td", "th")] for row in _rows(node)]
        pairs = [cells for cells in rows if len(cells) == 2]
        if len(rows) < 4 or len(pairs) * 10 < len(rows) * 8 or any(len(cells) > 2 or not cells for cells in rows) \
                or any(c.tag == "th" for cells in rows[:1] for c in cells):
            return None
        labels = [self.inline(left).strip() for left, _ in pairs]
        if any(not LAYOUT_LABEL.fullmatch(plain_label(label)) for label in labels) \
                or any(n.tag in ("table", "ul", "ol") for left, _ in pairs for n in _descendants(left)):
            return None
        blocky = sum(1 for _, right in pairs if _blocks_in(right) >= 2)
        if blocky < 3 or blocky * 3 < len(pairs):
            return None
        return [(plain_label(self.inline(cells[0])) if len(cells) == 2 else None,
                 next((n.line for n in _descendants(cells[0]) if n.tag == "p"), cells[0].line), cells[-1])
                for cells in rows]

    def table(self, node: Node) -> Table:
        rows = []

        def walk(n: Node) -> None:
            for c in n.children:
                if isinstance(c, Node):
                    if c.tag == "tr":
                        rows.append([self.inline(cell) for cell in c.children
                                     if isinstance(cell, Node) and cell.tag in ("td", "th")])
                    else:
                        walk(c)

        walk(node)
        first = next((n for n in _descendants(node) if n.tag == "tr"), None)
        cells = [c.tag for c in first.children if isinstance(c, Node) and c.tag in ("td", "th")] if first else []
        # a header row is <th> across (its corner cell may be a <td>); '<th>High</th><td>Won by …</td>' on every
        # row is a column of row headers, and the first row is a row like the others
        headed = "th" in cells[1:] and all(tag == "th" for tag in cells[1:]) or cells == ["th"] \
            or any(n.tag == "thead" for n in _descendants(node))
        # a word processor's table marks its header row by bold text alone (Google Docs: no <th>, no <thead>)
        bold_row = len(rows) >= 3 and len(rows[0]) >= 2 and all(re.fullmatch(r"\*\*[^*]+\*\*", c) for c in rows[0]) \
            and not all(re.fullmatch(r"\*\*[^*]+\*\*", c) for c in rows[1])
        return Table(rows, node.line, header=headed or bold_row)


PAGE_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.I | re.S)
TITLE_SEPARATORS = re.compile(r"\s+[—–|·-]\s+")
DOCS_SUFFIX = re.compile(r"\s+(?:v?\d[\w.]*\s+)?(?:documentation|docs|wiki)$", re.I)


def site_name(text: str, heading: str) -> str | None:
    """The game's name when the page's title heading only says what the page is ('Rules of play') and the
    <title> names the site beside it ('Rules of play — Galeholm Signalmen 1.2 documentation': Sphinx,
    MkDocs, wikis). None when the heading names something, or the <title> names nothing else."""
    if not generic_title(heading):  # 'Rules of play', '1. Overview'
        return None
    found = PAGE_TITLE.search(text[:20000])
    if not found:
        return None
    parts = [DOCS_SUFFIX.sub("", p).strip() for p in TITLE_SEPARATORS.split(re.sub(r"\s+", " ", found.group(1)))]
    others = [p for p in parts if p and p.lower() != heading.strip().lower() and not generic_title(p)]
    if len(others) == 1:
        return others[0]
    # 'Moonmilk Dairy — a cosy farming game for 1-4 players — Kickstarter': a short capitalised name first
    first = others[0] if others and others[0] == parts[0] else ""
    return first if first[:1].isupper() and len(first.split()) <= 5 else None


SAVED_FROM = re.compile(r"<!--\s*saved from url=\(\d+\)(\S+?)\s*-->", re.I)
OWN_ADDRESS = re.compile(r"<(?:link|base)\b[^>]*>", re.I)


def page_addresses(text: str) -> set[str]:
    """Where a saved page was saved from: the browser's 'saved from url' comment, its canonical link and
    its <base>. A browser's 'save page' writes the page's in-page links out in full ('…/rules.html#term-Station'
    from Sphinx' term references): those are links within the page, not to the web."""
    found = {m.group(1) for m in SAVED_FROM.finditer(text[:5000])}
    for tag in OWN_ADDRESS.findall(text[:20000]):
        rel = re.search(r"\brel\s*=\s*[\"']?canonical\b", tag, re.I)
        href = re.search(r"\bhref\s*=\s*[\"']([^\"']+)", tag, re.I)
        if href and (rel or tag[1:5].lower() == "base"):
            found.add(href.group(1))
    return {a.partition("#")[0] for a in found if absolute(a)}



def _back_link(node: Node, flat) -> bool:
    """'‹ Back to the game', alone or as a paragraph's only content, linking to another page of the site."""
    if node.tag == "a":
        links = [node]
    elif node.tag == "p" and not any(isinstance(c, str) and c.strip() for c in node.children):
        links = [c for c in node.children if isinstance(c, Node)]
    else:
        return False
    if len(links) != 1 or links[0].tag != "a":
        return False
    href = links[0].attrs.get("href", "#")  # to this page ('#top') or another site ('https:') is no way back
    return not href.startswith("#") and not re.match(r"^[a-z]+:", href) and bool(BACK_WORDS.match(flat(links[0])))


def _descendants(node: Node):
    for child in node.children:
        if isinstance(child, Node):
            yield child
            yield from _descendants(child)


# a layout table's label: a few words naming a section ('Setting up', 'Phase 1 – Set'), never a number or a roll
LAYOUT_LABEL = re.compile(r"(?=.*[^\W\d_]{2})(?!\W*\d+\W*$)(?!.*[.!?]\s+\S).{1,60}", re.S)


def plain_label(text: str) -> str:
    """A label cell's text without the bold that sets it off: '**In the box**' -> 'In the box'."""
    return re.sub(r"^(\*\*|__|\*|_)(.*)\1$", r"\2", text.strip()).strip()


def _rows(table: Node) -> list[Node]:
    """A table's own rows (through <thead>/<tbody>), not the rows of tables nested in its cells."""
    out = []
    for child in table.children:
        if isinstance(child, Node) and child.tag == "tr":
            out.append(child)
        elif isinstance(child, Node) and child.tag in ("thead", "tbody", "tfoot"):
            out += [r for r in child.children if isinstance(r, Node) and r.tag == "tr"]
    return out


def _item_parts(item: Node) -> tuple[list, list] | None:
    """(the item's own text: what comes before its first block, or its first paragraph; the blocks after it) of
    a list item holding a paragraph, table, quote or code block after its text; None for an item of text alone
    (and its sub-lists), read as one line, as for one whose first block is no paragraph."""
    parts = [c for c in item.children if isinstance(c, Node) or c.strip()]
    at = next((k for k, c in enumerate(parts) if isinstance(c, Node) and c.tag in BLOCK_TAGS), len(parts))
    if at == 0 and parts and parts[0].tag == "p":
        at = 1
    rest = parts[at:]
    if not at or not any(isinstance(c, Node) and c.tag in BLOCK_TAGS - {"ul", "ol", "dl"} for c in rest):
        return None  # no text ahead of the blocks ('<li><div>…</div></li>': a wrapper, read as before)
    return parts[:at], rest


def _continues(before, block: ListBlock) -> bool:
    """``block`` goes on the list right before it, nothing between them: bullets after bullets, or numbers
    counting on from the last ('<ol start="3">' after an item 2)."""
    if not isinstance(before, ListBlock) or before.hint or block.hint or before.ordered != block.ordered \
            or not before.items or not block.items:
        return False
    return not block.ordered or block.items[0].number == (before.items[-1].number or 0) + 1


def _blocks_in(cell: Node) -> int:
    """How many blocks a cell holds: a list or a table counts two (a section's body, never a data cell's)."""
    count = 0
    for child in cell.children:
        if isinstance(child, Node):
            count += 2 if child.tag in ("ul", "ol", "table", "dl") else 1 if child.tag in BLOCK_TAGS else 0
    return count


def read_html(text: str, source: str) -> Outline:
    return HtmlReader(source).read(text)


def read_fragment(text: str, source: str, line: int) -> tuple[list, list[Remark]]:
    """(blocks, remarks) of a piece of HTML that starts on ``line`` of its file (a table typed into Markdown)."""
    builder = _TreeBuilder()
    builder.feed("\n" * (line - 1) + text)
    builder.close()
    reader = HtmlReader(source)
    out: list = []
    reader.blocks(builder.root, out)
    return out, reader.remarks


def _markdown_table(text: str, line: int, source: str) -> Table | None:
    """A Markdown pipe table left as text in the page (a renderer that does not read Markdown inside a
    ``<details>`` block leaves '| Term | Meaning |' lines as they were typed): the table it is, or None."""
    lines = [t.strip() for t in text.strip().split("\n")]
    if len(lines) < 3 or not all(t.startswith("|") and t.endswith("|") for t in lines) \
            or not re.fullmatch(r"\|[\s:|-]+\|", lines[1]) or "-" not in lines[1]:
        return None
    blocks = PlainReader(source).blocks([(line, t) for t in lines])
    return blocks[0] if len(blocks) == 1 and isinstance(blocks[0], Table) else None
