"""The neutral outline both readers produce: headings as a tree of sections holding blocks.

Text inside blocks is inline Markdown (``**bold**``, ``*em*``, ```code```, absolute links);
everything the readers could not carry over (images, relative links, comments) is
recorded as a :class:`Remark` for the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Paragraph:
    text: str
    line: int = 0


@dataclass
class ListItem:
    text: str
    line: int = 0
    number: int | None = None  # the number typed in the source (ordered lists)
    children: list = field(default_factory=list)  # nested ListBlocks and Paragraphs


@dataclass
class ListBlock:
    ordered: bool
    items: list[ListItem] = field(default_factory=list)
    line: int = 0
    hint: str = ""  # "dice" (inside <div class="dice">), "definitions" (<dl>), "lines" ('Label: text' lines)

    def all_items(self):
        """Every item, nested lists' items right after their parent's."""
        for item in self.items:
            yield item
            for child in item.children:
                if isinstance(child, ListBlock):
                    yield from child.all_items()


@dataclass
class Note:
    kind: str  # note, warning, tip ... (an admonition)
    blocks: list = field(default_factory=list)
    line: int = 0


@dataclass
class Quote:
    blocks: list = field(default_factory=list)
    line: int = 0


@dataclass
class Image:
    alt: str
    src: str
    line: int = 0


@dataclass
class Code:
    text: str
    lang: str = ""
    line: int = 0


@dataclass
class Table:
    rows: list[list[str]]  # first row is the header
    line: int = 0


@dataclass
class Heading:
    level: int
    text: str
    line: int = 0


@dataclass
class Section:
    title: str
    level: int
    line: int = 0
    blocks: list = field(default_factory=list)
    children: list[Section] = field(default_factory=list)
    parent: Section | None = field(default=None, repr=False)

    def walk(self):
        """This section and every section below it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Remark:
    """Something the reader dropped or could not carry over."""

    kind: str  # image, link, comment, html
    text: str
    line: int = 0


@dataclass
class Outline:
    source: str
    format: str  # "markdown" or "html"
    title: str | None
    root: Section
    remarks: list[Remark] = field(default_factory=list)
    lines: int = 0

    def sections(self):
        for child in self.root.children:
            yield from child.walk()


_TITLE_SKIP = ("version", "change", "release notes")


def build_tree(stream: list, title: str | None) -> tuple[str | None, Section]:
    """Nest a flat stream of Headings and blocks into sections.

    The document title (front matter, or the first level-1 heading that is not a changelog
    heading) is not a section: the content after it belongs to the root.
    """
    root = Section(title or "", 0)
    stack = [root]
    title_taken = title is not None
    for item in stream:
        if isinstance(item, Heading):
            text = item.text.strip()
            is_title = (not title_taken and item.level == 1
                        and not any(word in text.lower() for word in _TITLE_SKIP))
            if is_title or (title_taken and item.level == 1 and _same(text, title)):
                if not title_taken:
                    title = text
                    root.title = text
                title_taken = True
                del stack[1:]
                continue
            while len(stack) > 1 and stack[-1].level >= item.level:
                stack.pop()
            section = Section(text, item.level, item.line, parent=stack[-1])
            stack[-1].children.append(section)
            stack.append(section)
        else:
            stack[-1].blocks.append(item)
    return title, root


def _same(a: str, b: str | None) -> bool:
    return b is not None and a.strip().lower() == b.strip().lower()


# Class words that make a <div> a note; generic ones ("admonition", "callout", "info") become plain notes.
NOTE_KINDS = ("note", "warning", "tip", "important", "caution", "example", "info", "admonition", "callout")


def note_kind(classes: str) -> str | None:
    """The admonition kind of an element with these (lower-case) classes, or None if it is no note."""
    kind = next((c for c in NOTE_KINDS if c in classes), None)
    return "note" if kind in ("admonition", "callout", "info") else kind
