"""HTML rulebooks -> outline: the page cleaned here, its blocks read by pandoc into the one outliner.

What pandoc cannot know about a web page is decided on a tolerant tree of it (the standard library's html.parser,
forgiving unclosed ``<li>``/``<p>`` and lists nested straight inside lists, as browsers do): which part is the
rules (a site's main content, a forum thread's first post), what is furniture (navigation, footers, tables of
contents, forms, edit links: dropped and listed), and what a page's styles make of an element (a paragraph
styled as a heading, bold set by a class, a glossary's term style, a banner image's title, a table laid out as
sections). The page is then written again as plain HTML, each element on its source line, and pandoc's HTML
reader builds the tree :mod:`ast_outline` reads, as for every other format.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from . import pandoc_run
from .ast_outline import LINK_SHAPED, AstOutliner, picture, split_lines, text_of
from .brlines import alone, line_groups, sized_title, title_sizes, underlined_title
from .continued import join_continued
from .dice import roll_line
from .enumeration import drop_page_marks, join_number_spans
from .inline import absolute, image_remark
from .line_entries import roll_paragraphs
from .maincontent import dropped_lines, first_post, page_parts, reply_summary, thread_parts
from .names import generic_title
from .outline import (
    Heading,
    Image,
    ListBlock,
    ListItem,
    Outline,
    Paragraph,
    Pos,
    Remark,
    Table,
    build_tree,
    drop_running_lines,
    note_kind,
)
from .plain_reader import PlainReader
from .sections import definition
from .text import BACK_WORDS

READER = "html"
PLACED = {"p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6"}  # blocks whose line is marked for the outliner
# A line mark is written into the text as two Unicode noncharacters round the line's number, and made an empty
# span again in pandoc's output (:func:`_spans`): an empty <span rc="8"> per block cost pandoc twice the time
# and three times the memory (a 2 MB page of 40 000 paragraphs: 6.7 s and 1 GB, against 3.5 s and 330 MB).
# Noncharacters are for a program's own use; a page's own are dropped, so no page can forge a mark.
MARK_OPEN, MARK_CLOSE = "\ufdd0", "\ufdd1"
_OWN_MARKS = str.maketrans("", "", MARK_OPEN + MARK_CLOSE)
_LINE_MARK = f"{MARK_OPEN}\\d+{MARK_CLOSE}"
_MARK_JSON = re.compile(f"{MARK_OPEN}(\\d+){MARK_CLOSE}".encode())
_EMPTY_STR = re.compile(rb'\{"t":"Str","c":""\},|,\{"t":"Str","c":""\}')
# elements written as they stand (pandoc reads them); any other is a <div> or a <span>, which pandoc never drops
KEPT = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table", "caption", "tr",
        "td", "th", "pre", "code", "blockquote", "img", "br", "b", "strong", "i", "em", "s", "del", "strike", "u",
        "sup", "sub", "hr", "details", "summary"}
PHRASING = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "caption", "figcaption", "summary"}  # text, no blocks
NOT_ENTRY_TEXT = {"table", "pre", "blockquote", "img", "figure", *(f"h{i}" for i in range(1, 7))}
TEXT_BLOCKS = {"li", "td", "th", "dd"}
KEPT_ATTRS = {"src", "alt", "start", "colspan", "rowspan", "class"}
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


class Text(str):
    """A run of the page's text, with the line it starts on."""

    line: int

    def __new__(cls, text: str, line: int):
        run = super().__new__(cls, text)
        run.line = line
        return run


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
        self.stack[-1].children.append(Text(data, self.getpos()[0]))


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
        self.entry_marked = False  # the post's own title is marked for the outliner
        self.phrasing = 0  # > 0 inside a heading or a paragraph: a wrapper in it is a <span> (Google Sites' <div>s)
        # > 0 inside a list item or a cell: a link or a button beside its words is no page furniture
        self.in_text = 0
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
        parts = page_parts(builder.root, SKIP)
        self.title_levels = title_sizes(builder.root)
        if (thread := first_post(parts.main if parts else None, builder.root, SKIP)) is not None:
            # a forum thread: the rules are the first post; the replies are listed, each with its line
            body, replies = thread
            parts = thread_parts(body, replies, SKIP)
            self.thread_title = next((h for n in parts.before for h in reversed([n, *_descendants(n)])
                                      if h.tag in ("h1", "h2")), None)
            self.remarks += [Remark("reply", f"'{reply_summary(r, SKIP)}'", r.line) for r in replies]
        writer = Writer(builder.columns)
        if parts is None:
            self.clean(builder.root, writer)
        else:  # a site around the rules (header, tools, sidebar, footer): read the page's main content
            for line, at in dropped_lines(parts.dropped, SKIP):
                self.remarks.append(Remark("furniture", line, at))
            for node in [*parts.before, parts.main, *parts.after]:
                self.clean(Node("#part", {}, node.line, [node]), writer)
        stream = _outlined(self, writer)
        if parts is not None:
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

    # -- the cleaned page ------------------------------------------------------------------------------

    def clean(self, node: Node, out: Writer) -> None:
        """Write ``node``'s children as plain HTML for pandoc: the page's furniture left out (and listed), what a
        page's styles or widgets make of an element written as that element (a heading, bold, a definition, a
        toggle, a quote), and every other element as HTML pandoc reads."""
        children = _continued_lists(node.children)
        for at, child in enumerate(children):
            if isinstance(child, str):
                out.text(child.replace("\u200b", "").replace("\ufeff", ""), getattr(child, "line", None))
                continue
            tag = child.tag
            if tag in SKIP or _edit_link(child) or not self.phrasing and not self.in_text and (  # a block
                    _toc_like(child) and self._dropped_toc(child) or self._dropped_chrome(child)
                    or self._dropped_controls(child)) \
                    or tag == "p" and (self._dropped_furniture_style(child) or self._dropped_code_label(children, at)):
                continue
            if tag in INLINE_TAGS | {"a", "code", "br"} and (level := self._title_line(children, at)) is not None:
                out.leaf(f"h{level}", self._flat(child), child.line)  # a rendered BBCode title: see brlines
            elif tag in HEADINGS:
                mark = {}
                if not self.entry_marked and (_entry_title(child) or child is self.thread_title):
                    self.entry_marked, mark = True, {"rc": "entry"}
                self.element(tag, mark, child, out)
            elif tag in ("figure", "p", "div") and (banner := self._banner(child)):
                # a banner image titles the section below it: a heading at the page's top level (set in read)
                self.element("img", {"src": banner.attrs.get("src", ""), "alt": banner.attrs["alt"]}, banner, out)
                out.leaf("h6", banner.attrs["alt"].strip(), banner.line, {"rc": "banner"})
            elif (level := style_heading_level(child) if tag == "p" else
                    widget_heading_level(child) if tag == "div" else None) and \
                    0 < len(self._flat(child)) <= STYLE_HEADING_MAX_CHARS:
                self.element(f"h{level}", {}, child, out)
            elif tag == "p" and {"title", "msotitle"} & _classes(child) and not out.headings:
                # a word processor's 'Title' style (Google Docs, LibreOffice, Word's 'MsoTitle') is the document title
                out.leaf("h1", self._flat(child), child.line)
            elif tag == "p" and (term := self._styled_term(child)) is not None:
                lead, rest = term
                out.open("dl", {}, child.line)
                self.element("dt", {}, lead, out)
                self.element("dd", {}, Node("#rest", {}, child.line, rest), out)
                out.close("dl")
            elif tag == "details" and (summary := self._summary(child)) is not None:
                # a toggle: an entry named by its summary (as Markdown's '<details>' reads, see ast_outline)
                self._listed_pictures(summary)
                # (the div opens on the toggle's line: the page's text before the summary is written inside it)
                self.element("div", {"class": "toggle", "summary": self._flat(summary),
                                     "summary-line": str(summary.line)},
                             Node("#body", {}, child.line, [c for c in child.children if c is not summary]), out)
            elif tag == "li" and (head := self._item_head(child)) is not None:
                # an item led by a heading or a toggle's summary is named by it, its blocks are its body
                lead_node, body = head
                name = self._flat(lead_node)
                self._listed_pictures(lead_node)
                # 'Russian Movement (none moves more than 2 MP on turn 1)': a remark in brackets ending the
                # heading stays outside the bold name, as it is typed in a list item's lead
                paren = HEADING_REMARK.search(name)
                lead, remark = (name[:paren.start()].rstrip(), " " + paren.group(0).strip()) if paren else (name, "")
                out.open("li", {}, child.line)
                out.open("p", {}, lead_node.line)
                if body or remark:
                    out.leaf("strong", lead, lead_node.line)
                out.text(remark if body or remark else name)
                out.close("p")
                self.clean(Node("#body", {}, child.line, body), out)
                out.close("li")
            elif tag == "dl" and "field-list" in _classes(child):
                # docutils' field list ('Players: 2–5', 'Rules version: 1.2'): facts about the document, no terms
                for line, pos in self.fields(child):
                    out.leaf("p", line, pos)
            elif tag == "div" and _quote_box(child):  # a rendered [q] box
                self.element("blockquote", {}, child, out)
            elif tag == "table" and (layout := self._layout_rows(child)) is not None:
                for label, line, body in layout:  # a layout table: each row a section, its label the heading
                    if label is not None:
                        out.leaf("h6", label, line, {"rc": "banner"})
                    self.clean(body, out)
            elif tag == "table":
                self.table(child, out)
            elif tag == "span" and (mark := self._styled(child)):
                self.element("strong" if mark == "**" else "em", {}, child, out)
            elif tag == "a":
                href = child.attrs.get("href", "")
                if href.partition("#")[0] in self.addresses:  # a saved page's link to its own anchor
                    href = "#" + href.partition("#")[2]
                self.element("a", {"href": href}, child, out)
            elif tag in KEPT:
                attrs = {k: v for k, v in child.attrs.items() if k in KEPT_ATTRS}
                if tag == "img":  # pandoc leaves out a picture with no address: it is listed all the same
                    attrs["src"] = attrs.get("src") or child.attrs.get("data-src", "")
                self.element(tag, attrs, child, out)
            else:  # a page's own wrappers ('<section>', '<font>', a custom element): what pandoc does not drop
                block = tag not in INLINE_TAGS and any(n.tag in BLOCK_TAGS | {"li", "br"} for n in _descendants(child))
                kind = note_kind(child.attrs.get("class", "").lower())
                if kind and any(n.tag in HEADINGS for n in _descendants(child)):
                    kind = None  # a box holding sections is read as its sections
                classes = child.attrs.get("class", "") if kind or tag == "div" else ""
                wrapper = "div" if (block or tag in BLOCK_TAGS) and not self.phrasing else "span"
                self.element(wrapper, {"class": classes} if classes else {}, child, out)

    def element(self, tag: str, attrs: dict, node: Node, out: Writer) -> None:
        out.open(tag, attrs, node.line)
        if tag not in VOID:
            self.phrasing += tag in PHRASING
            self.in_text += tag in TEXT_BLOCKS
            self.clean(node, out)
            self.phrasing -= tag in PHRASING
            self.in_text -= tag in TEXT_BLOCKS
            out.close(tag)

    def _title_line(self, siblings: list, at: int) -> int | None:
        """The heading level of a title set on a line of its own in text parted by <br> (brlines), else None."""
        node = siblings[at]
        if (size := sized_title(node)) is not None and size in self.title_levels and alone(siblings, at):
            return self.title_levels[size]
        if underlined_title(node) and alone(siblings, at):
            return min(len(self.title_levels) + 1, 6)
        return None

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
        if not re.fullmatch(r"code\s*:[^.!?]{0,30}", text, re.I):
            return False
        after = next((siblings[i] for i in range(at + 1, len(siblings))
                      if not isinstance(siblings[i], str) or siblings[i].strip()), None)
        if getattr(after, "tag", None) != "pre":
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



    def _styled_term(self, node: Node) -> tuple[Node, list] | None:
        """(the term, the meaning's nodes) of a paragraph led by a span in a term character style ('Glossary-Term',
        'DefinitionTerm') and its meaning after it with no separator, as layout programs set a glossary; else
        None. The two stay apart as a definition list's term and meaning would."""
        lead = next((c for c in node.children if not isinstance(c, str) or c.strip()), None)
        if not isinstance(lead, Node) or lead.tag != "span" or not any(
                "term" in re.split(r"[-_ ]", word.lower()) or word.lower().endswith("term")
                for word in lead.attrs.get("class", "").split()):
            return None
        rest = node.children[node.children.index(lead) + 1:]
        name = self._flat(lead)
        if not name or not self._flat(Node("#rest", {}, node.line, rest)) or len(name.split()) > 6:
            return None
        return lead, rest

    def _summary(self, node: Node) -> Node | None:
        """A toggle's <summary>, when it has words and the toggle holds only paragraphs and lists (a table, quote
        or code inside: the toggle is read as ordinary content, losing nothing)."""
        summary = next((c for c in node.children if isinstance(c, Node) and c.tag == "summary"), None)
        body = [c for c in node.children if c is not summary]
        if summary is None or not self._flat(summary) or not _paragraphs_and_lists(body):
            return None
        return summary

    def _item_head(self, node: Node) -> tuple[Node, list] | None:
        """(what names it, its body) of a list item led by a heading ('<li><h3>March</h3><p>Move one road.</p>': one
        run of text would make 'March Move one road' the item's name) or holding a toggle alone; else None."""
        inner = [c for c in node.children if isinstance(c, Node) or c.strip()]
        if len(inner) == 1 and isinstance(inner[0], Node) and inner[0].tag == "details" \
                and (summary := self._summary(inner[0])) is not None:
            # the body is written after the name: the page's line breaks before the summary are no part of it
            children = inner[0].children
            at = children.index(summary)
            return summary, [c for c in children[:at] if isinstance(c, Node) or c.strip()] + children[at + 1:]
        if not inner or not isinstance(inner[0], Node) or inner[0].tag not in HEADINGS or not self._flat(inner[0]):
            return None
        return inner[0], inner[1:]

    def fields(self, node: Node) -> list[tuple[str, int]]:
        """A field list's 'Name: value' lines."""
        out, name = [], None
        for child in node.children:
            if isinstance(child, Node) and child.tag == "dt":
                name = (self._flat(child).rstrip(":").strip(), child.line)
            elif isinstance(child, Node) and child.tag == "dd" and name:
                out.append((f"{name[0]}: {self._flat(child)}", name[1]))
                name = None
        return out

    def _layout_rows(self, node: Node) -> list[tuple[str | None, Pos, Node]] | None:
        """A word processor's page laid out as one table, each row a section: a short label in the left cell
        (no header row, no numbers or rolls), the section's blocks in the right cell -- paragraphs, lists,
        nested tables -- in three rows or more, a third of them at least. [(label, right cell)], a row of one
        cell (a title across the page) with no label; None for a table of data (a glossary's one sentence a
        row, a dice table, a component list)."""
        rows = [_cells(row) for row in _rows(node)]
        pairs = [cells for cells in rows if len(cells) == 2]
        if len(rows) < 4 or len(pairs) * 10 < len(rows) * 8 or any(len(cells) > 2 or not cells for cells in rows) \
                or any(c.tag == "th" for cells in rows[:1] for c in cells):
            return None
        if any(not LAYOUT_LABEL.fullmatch(self._flat(left)) for left, _ in pairs) \
                or any(n.tag in ("table", "ul", "ol") for left, _ in pairs for n in _descendants(left)):
            return None
        blocky = sum(1 for _, right in pairs if _blocks_in(right) >= 2)
        if blocky < 3 or blocky * 3 < len(pairs):
            return None
        return [(self._flat(cells[0]) if len(cells) == 2 else None,
                 next((n.line for n in _descendants(cells[0]) if n.tag == "p"), cells[0].line), cells[-1])
                for cells in rows]

    def table(self, node: Node, out: Writer) -> None:
        """A table written as pandoc reads one: its caption, a header row when the page marks one, the rows."""
        # its own rows, not those of a table in a cell; a spacer row ('<tr></tr>') holds nothing to read
        rows = [row for row in _rows(node) if _cells(row)]
        cells = [c.tag for c in _cells(rows[0])] if rows else []
        # a header row is <th> across (its corner cell may be a <td>); '<th>High</th><td>Won by …</td>' on every
        # row is a column of row headers, and the first row is a row like the others
        headed = "th" in cells[1:] and all(tag == "th" for tag in cells[1:]) or cells == ["th"] \
            or any(isinstance(n, Node) and n.tag == "thead" for n in node.children)
        # a word processor's table marks its header row by bold text alone (Google Docs: no <th>, no <thead>)
        bold_row = len(rows) >= 3 and len(cells) >= 2 and all(map(self._bold, _cells(rows[0]))) \
            and not all(map(self._bold, _cells(rows[1])))
        out.open("table", {}, node.line)
        caption = next((c for c in node.children if isinstance(c, Node) and c.tag == "caption"), None)
        if caption is not None:
            self.element("caption", {}, caption, out)
        # the header rows in a head and the others in one body: pandoc cuts a cell down rows at a part's end; a
        # header cell down two rows heads them both ('Terrain' beside 'Foot' and 'Horse' under 'Cost') when the
        # second is <th> across too (a row header down the table, 'Costs' beside 'Wood' and 'Stone', heads none)
        heads = 0
        if headed or bold_row:
            down = max((_number(c.attrs.get("rowspan")) for c in _cells(rows[0])), default=1)
            heads = 1 + next((k for k, row in enumerate(rows[1:down])
                              if not all(c.tag == "th" for c in _cells(row))), len(rows[1:down]))
        for n, row in enumerate(rows):
            head = n < heads
            if n in (0, heads):
                out.open("thead" if head else "tbody", {}, row.line)
            # pandoc fills a short row with empty cells: how many it has is kept (a page's short row is the author's)
            given = sum(_number(c.attrs.get("colspan")) for c in _cells(row))
            out.open("tr", {"cells": str(given)}, row.line)
            for cell in _cells(row):
                spans = {k: v for k, v in cell.attrs.items() if k in ("colspan", "rowspan")}
                if spans.get("rowspan", "").strip() == "0":  # down to the end of the table's rows (HTML's meaning)
                    spans["rowspan"] = str((heads if head else len(rows)) - n)
                if any(n.tag == "table" for n in _descendants(cell)):  # a table in a cell: its words, in the cell
                    self._listed_pictures(cell)
                    out.leaf("th" if head else "td", self._flat(cell), cell.line, spans)
                else:
                    self.element("th" if head else "td", spans, cell, out)
            out.close("tr")
            if n in (heads - 1, len(rows) - 1):
                out.close("thead" if head else "tbody")
        out.close("table")

    def _bold(self, cell: Node) -> bool:
        """Whether a cell's words are all bold (a <b>, a <strong> or a span styled bold)."""
        def plain(node: Node) -> bool:
            return any(isinstance(c, str) and c.strip() or isinstance(c, Node) and not (
                c.tag in ("b", "strong") or self._styled(c) == "**") and plain(c) for c in node.children)
        return bool(self._flat(cell)) and not plain(cell)

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


    def _text(self, node: Node) -> str:
        """A node's words; a line break, a block or a cell parts them."""
        return "".join(c if isinstance(c, str) else " " if c.tag == "br" else
                       f" {self._text(c)} " if c.tag in BLOCK_TAGS | {"li", "td", "th", "dt", "dd", "tr"} else
                       self._text(c) for c in node.children)

    def _listed_pictures(self, node: Node) -> None:
        """The pictures in a node read as its words alone (a heading naming an item, a cell round a table)."""
        self.remarks += [image_remark(n.attrs.get("alt", ""), n.attrs.get("src", ""), n.line)
                         for n in _descendants(node) if n.tag == "img"]



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


def _rows(table: Node) -> list[Node]:
    """A table's own rows (through <thead>/<tbody>), not the rows of tables nested in its cells."""
    out = []
    for child in table.children:
        if isinstance(child, Node) and child.tag == "tr":
            out.append(child)
        elif isinstance(child, Node) and child.tag in ("thead", "tbody", "tfoot"):
            out += [r for r in child.children if isinstance(r, Node) and r.tag == "tr"]
    return out



def _blocks_in(cell: Node) -> int:
    """How many blocks a cell holds: a list or a table counts two (a section's body, never a data cell's)."""
    count = 0
    for child in cell.children:
        if isinstance(child, Node):
            count += 2 if child.tag in ("ul", "ol", "table", "dl") else 1 if child.tag in BLOCK_TAGS else 0
    return count




class Writer:
    """The cleaned page as HTML for pandoc, each element on the line it stands on in the source (on a page of a
    few very long lines, each element on a line of its own, its place kept in ``places``): a block found on a
    line of what pandoc read is found on the source's. Line breaks go inside tags, where they are no space."""

    def __init__(self, columns: bool):
        self.parts: list[str] = []
        self.line = 1  # the line being written
        self.columns = columns
        self.places: list[int] = [1]  # the source place of each line written, with columns
        self.headings = 0  # headings written so far
        self.verbatim = 0  # inside a <pre> or <code>: its text is written as it stands
        self.line_start = False  # nothing but space written since the last line break
        self.broken = False  # after a <br>: the words of each line it starts are marked with their line

    def _to(self, at) -> str:
        if at is None:
            return ""
        if self.columns:
            self.places.append(at)
            self.line += 1
            return "\n"
        pad = int(at) - self.line
        self.line += max(pad, 0)
        return "\n" * pad

    def open(self, tag: str, attrs: dict, at) -> None:
        self.headings += tag in HEADINGS
        self.verbatim += tag in ("pre", "code")
        to = self._to(at)
        if tag == "table":  # its line, which pandoc keeps: the first words of a table may stand anywhere above
            attrs = {**attrs, "id": f"rc-line-{self.line}"}
        # pandoc drops a value's line breaks: written as spaces ('<img alt="SETTING UP⏎THE FARM">')
        shown = "".join(f' {k}="{_escaped(" ".join(v.split()), True)}"' for k, v in attrs.items())
        # the line a block's words start on, kept by pandoc as an empty span (found by words, an item that
        # starts as the one above it did would be placed on that one's line)
        mark = _line_mark(self.line) if tag in PLACED and not self.verbatim else ""
        before = _line_mark(self.line) \
            if self.line_start and self.broken and tag in INLINE_TAGS and not self.verbatim else ""
        self.line_start = False
        self.broken = tag == "br" or self.broken and tag in INLINE_TAGS
        self.parts.append(f"{before}<{tag}{shown}{to}>{mark}")

    def close(self, tag: str) -> None:
        self.verbatim -= tag in ("pre", "code")
        self.parts.append(f"</{tag}>")

    def text(self, text: str, at=None) -> None:
        if not self.columns and text[:1].isspace():  # what the page's dropped parts left out: caught up with
            self.parts.append(self._to(at))
        first, *lines = text.split("\n")
        self.parts.append(_escaped(first))
        for line in lines:
            self.line += 1
            if self.columns:
                self.places.append(Pos(int(self.places[-1]) + 1, 1))
            words = line.lstrip()
            # words starting a line of their own (after a <br>, in a forum post) are marked with it, as blocks are
            mark = _line_mark(self.line) if words and self.broken and not self.verbatim else ""
            self.parts.append("\n" + line[:len(line) - len(words)] + mark + _escaped(words))
        self.line_start = bool(lines) and not lines[-1].strip() or not text.strip() and self.line_start
        self.broken = self.broken and not text.strip()

    def leaf(self, tag: str, text: str, at, attrs: dict | None = None) -> None:
        self.open(tag, attrs or {}, at)
        self.text(text)
        self.close(tag)

    def written(self) -> str:
        return "".join(self.parts)


def _number(span: str | None) -> int:
    """A cell's colspan or rowspan: 1 unless the page gives a number."""
    return int(span) if span and span.isdigit() and int(span) > 0 else 1


def _line_mark(line: int) -> str:
    return f"{MARK_OPEN}{line}{MARK_CLOSE}"


def _escaped(text: str, quote: bool = False) -> str:
    """A page's text as HTML, without the noncharacters line marks are made of."""
    return html.escape(text.translate(_OWN_MARKS), quote=quote)


def _spans(json_text: bytes) -> bytes:
    """pandoc's JSON output with each line mark in a text made the empty span ``<span rc="8">`` it stands for
    (marks are written where no code or attribute holds them, so only a Str's text has one)."""
    span = rb'"},{"t":"Span","c":[["",[],[["rc","\1"]]],[]]},{"t":"Str","c":"'
    return _EMPTY_STR.sub(b"", _MARK_JSON.sub(span, json_text))


def _shown(written: str) -> str:
    """What pandoc reads of the written page, line for line: its words without their tags (a block's tag parts
    words, an inline one does not: '<b>Hull</b>s')."""
    def gone(tag: re.Match) -> str:
        if tag.group(1) is None:  # a line mark
            return ""
        if tag.group(1).lower() == "img":  # a picture is found by its alternative text (or its address)
            found = dict(re.findall(r'(\w+)="([^"]*)"', tag.group(0)))
            return f" {found.get('alt') or found.get('src', '')} " + "\n" * tag.group(0).count("\n")
        return ("" if tag.group(1).lower() in INLINE_TAGS | {"a", "code"} else " ") + "\n" * tag.group(0).count("\n")
    return html.unescape(re.sub(r"</?([A-Za-z][\w-]*)[^>]*>|" + _LINE_MARK, gone, written))


class HtmlOutliner(AstOutliner):
    """pandoc's tree of a cleaned page -> outline blocks, with what a page means that Markdown does not: lines
    parted by <br> (a rendered forum post, a dice table set as lines), pictures as blocks, banners and a post's
    own title."""

    def __init__(self, reader: HtmlReader, written: str):
        super().__init__(reader.source, _shown(written))
        self.reader = reader
        self.ragged = True
        self.marked: int | None = None  # the line the block being read starts on, as the page marked it


    def placed(self, text: str) -> int:
        if self.marked is None or self.held:
            self.marked = None
            return super().placed(text)
        self.line, self.marked = self.marked, None
        self.locate.at = max(self.locate.at, self.line - 1)  # words searched for from here on
        return self.line

    def link(self, text: str, href: str) -> str:
        return super().link(text, href) if text else ""  # a link round a picture alone: the picture is listed

    def inlines(self, inlines: list) -> str:
        if self.marked is None:  # the block's own, not a link's inside it
            self.marked = _marked_line(inlines)
        text = super().inlines([i for i in inlines if not _mark(i)])
        # '[2]', a note's mark as the page shows it: no link without '(' or ':' after it, so no escape
        return text.replace("\\[", "[") if "\\[" in text and not LINK_SHAPED.search(text) else text

    def inline(self, node: dict) -> str:
        if node["t"] == "Str" and "\u00a0" in node["c"]:  # a page's no-break spaces set words apart, as spaces
            node = {"t": "Str", "c": re.sub("\u00a0+", " ", node["c"])}
        return super().inline(node)

    def row(self, row: list) -> list[tuple[str | None, int]]:
        given = dict(row[0][2]).get("cells", "")
        return super().row(row)[:int(given)] if given.isdigit() else super().row(row)

    def table(self, c: list) -> list:
        blocks = super().table(c)
        if at := re.fullmatch(r"rc-line-(\d+)", c[0][0]):
            for block in blocks:  # the table and its title
                block.line = int(at.group(1))
        return blocks

    def block(self, block: dict) -> list:
        kind, c = block["t"], block.get("c")
        if kind == "Header" and (mark := dict(c[1][2]).get("rc")):
            heading = self.heading(c)
            if mark == "banner":
                heading.level = BANNER_LEVEL
            else:
                self.reader.entry_title = heading
            return [heading]
        if kind not in ("Para", "Plain"):
            return super().block(block)
        pictures = _pictures(c)
        if pictures and all(picture(i) or _mark(i) or i["t"] in ("Space", "SoftBreak", "LineBreak")
                            or i["t"] == "Link" and not text_of(i["c"][1]).strip() for i in c):
            line = self.placed(" ".join(alt or src for alt, src in pictures))  # pictures on their own
            self.remarks += [image_remark(alt, src, line) for alt, src in pictures]
            return [Image(alt, src, line) for alt, src in pictures]
        lines = split_lines(c, "LineBreak")
        if len(lines) > 1:
            mark = len(self.remarks)
            if kind == "Para":
                read = [(self.inlines(inlines), _marked_line(inlines)) for inlines in lines]
                blocks = self.lines([t for t, _ in read if t], [at for t, at in read if t])
            else:  # each line placed as it is read; an empty line (two <br>) parts paragraphs
                blocks = self.loose_lines([(t, self.placed(t) if t else self.line) for t in map(self.inlines, lines)])
            for remark in self.remarks[mark:]:
                remark.line = self.line
        else:
            blocks = self.typed_pipes(c) or super().block(block)
        # a paragraph's pictures stand after it; in text set straight in a block (a forum post's smileys) they are
        # only listed
        return blocks + ([Image(alt, src, self.line) for alt, src in pictures] if kind == "Para" else [])

    def lines(self, texts: list[str], places: list[int | None]) -> list:
        """A paragraph's <br> lines (``places``: the line each starts on, where the page marked it): entries one
        a line when each is a roll or a definition ('Bed — the cards …<br>Bloom — a card …'), under a bold title
        line that names them; else one paragraph."""
        line = self.placed(texts[0]) if texts else self.line
        places = [line] + [at or line for at in places[1:]]
        out: list = []
        if len(texts) >= 3 and re.fullmatch(r"\*\*[^*]+\*\*:?", texts[0]) and all(map(roll_line, texts[1:])):
            out.append(Paragraph(texts[0], line))
            texts, places = texts[1:], places[1:]
        if len(texts) >= 2 and all(roll_line(t) or definition(t) for t in texts):
            out.append(ListBlock(False, [ListItem(t, at) for t, at in zip(texts, places)], places[0], hint="lines"))
        elif texts:
            out.append(Paragraph(" ".join(texts), line))
        return out

    def loose_lines(self, lines: list[tuple[str, int]]) -> list:
        """Text set straight in a block, its lines parted by <br> (a rendered forum post): see brlines."""
        out: list = []
        for kind, group in line_groups(lines):
            if kind == "lines":
                out.append(ListBlock(False, [ListItem(t, at) for t, at in group], group[0][1], hint="lines"))
            else:
                out.append(Paragraph(" ".join(t for t, _ in group), group[0][1]))
        return out

    def typed_pipes(self, inlines: list) -> list:
        """A Markdown pipe table left as text in the page (a renderer that does not read Markdown inside a
        ``<details>`` block leaves '| Term | Meaning |' lines as they were typed): [the table it is], or []."""
        lines = [t.strip() for t in text_of([i if i["t"] != "SoftBreak" else {"t": "Str", "c": "\n"}
                                              for i in inlines]).split("\n")]
        if len(lines) < 3 or not all(t.startswith("|") and t.endswith("|") for t in lines) \
                or not re.fullmatch(r"\|[\s:|-]+\|", lines[1]) or "-" not in lines[1]:
            return []
        line = self.placed(lines[0])
        blocks = PlainReader(self.source).blocks([(line, t) for t in lines])
        return blocks if len(blocks) == 1 and isinstance(blocks[0], Table) else []


def _pictures(inlines: list) -> list[tuple[str, str]]:
    """(alt text, address) of each picture among inlines, a linked one too."""
    found = []
    for node in inlines:
        if shown := picture(node):
            found.append(shown)
        elif node["t"] in ("Link", "Span", "Strong", "Emph"):
            found += _pictures(node["c"][1] if node["t"] in ("Link", "Span") else node["c"])
    return found


def _marked_line(inlines: list) -> int | None:
    """The line the page marked at the start of a run of inlines (a line after a <br>), if any."""
    return next((int(dict(i["c"][0][2])["rc"]) for i in inlines if _mark(i)), None)


def _mark(node: dict) -> bool:
    """Whether a pandoc inline is the empty span the cleaned page marks a block's line with."""
    return node["t"] == "Span" and not node["c"][1] and any(k == "rc" for k, _ in node["c"][0][2])


def _moved(blocks: list, places: list) -> None:
    """Each block's line of the written page taken back to its place in the source (a page of long lines)."""
    for block in blocks:
        block.line = places[min(int(block.line), len(places)) - 1] if block.line else block.line
        for inner in getattr(block, "items", []) + getattr(block, "blocks", []) + getattr(block, "children", []):
            _moved([inner], places)


def _outlined(reader: HtmlReader, writer: Writer) -> list:
    """The outline blocks of what the reader wrote, read by pandoc; its remarks added to the reader's."""
    written = writer.written()
    ast, warnings = pandoc_run.to_ast(written.encode("utf-8"), READER, edit=_spans)
    outliner = HtmlOutliner(reader, written)
    blocks = outliner.blocks(ast.get("blocks", []))
    remarks = outliner.remarks + pandoc_run.warning_remarks(warnings)
    if writer.columns:
        _moved(blocks + remarks, writer.places)
    reader.remarks += remarks
    return blocks


def read_html(text: str, source: str) -> Outline:
    return HtmlReader(source).read(text)


def read_fragment(text: str, source: str, line: int) -> tuple[list, list[Remark]]:
    """(blocks, remarks) of a piece of HTML that starts on ``line`` of its file (a table typed into Markdown)."""
    builder = _TreeBuilder()
    builder.feed("\n" * (line - 1) + text)
    builder.close()
    reader = HtmlReader(source)
    writer = Writer(columns=False)
    reader.clean(builder.root, writer)
    return _outlined(reader, writer), reader.remarks


def _paragraphs_and_lists(nodes: list) -> bool:
    """Whether these nodes hold only text, paragraphs and lists, in any wrappers (what an entry's body may be:
    a table, quote, code, picture, heading or note inside makes it content of its own, read as such)."""
    return not any(n.tag in NOT_ENTRY_TEXT or note_kind(n.attrs.get("class", "").lower())
                   for node in nodes if isinstance(node, Node) for n in [node, *_descendants(node)])


def _cells(row: Node) -> list[Node]:
    return [c for c in row.children if isinstance(c, Node) and c.tag in ("td", "th")]


def _continued_lists(children: list) -> list:
    """Notion's export, one <ul> (or one <ol start="N">) per item, as the one list it shows: a list right after a
    list of its kind, nothing but space between them, bullets after bullets or numbers counting on, joins it
    (a new node: the page's tree stays as it was; the space between goes, the list covers its lines)."""
    out: list = []
    for child in children:
        at = next((k for k in range(len(out) - 1, -1, -1) if not isinstance(out[k], str) or out[k].strip()), None)
        before = out[at] if at is not None else None
        if isinstance(child, Node) and isinstance(before, Node) and child.tag in ("ul", "ol") \
                and before.tag == child.tag and _items(before) and _items(child) \
                and (child.tag == "ul" or _start(child) == _start(before) + len(_items(before))):
            out[at:] = [Node(before.tag, before.attrs, before.line, before.children + child.children, before.parent)]
            continue
        out.append(child)
    return out


def _items(node: Node) -> list[Node]:
    return [c for c in node.children if isinstance(c, Node) and c.tag == "li"]


def _start(node: Node) -> int:
    start = node.attrs.get("start", "1") or "1"
    return int(start) if start.isdigit() else 1
