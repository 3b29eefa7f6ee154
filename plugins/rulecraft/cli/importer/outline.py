"""The neutral outline both readers produce: headings as a tree of sections holding blocks.

Text inside blocks is inline Markdown (``**bold**``, ``*em*``, ```code```, absolute links);
everything the readers could not carry over (images, relative links, comments) is
recorded as a :class:`Remark` for the report.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from .inert import sealed


class Pos(int):
    """A line number that also carries a column, printed 'line:column'. HTML exports that put the whole page
    on one line (Notion, minifiers) would otherwise give every finding the same line; the column (1-based,
    in characters) lets an editor jump to the element. Compares and sorts as its line."""

    col: int

    def __new__(cls, line: int, col: int):
        pos = super().__new__(cls, line)
        pos.col = col
        return pos

    def __str__(self) -> str:
        return f"{int(self)}:{self.col}"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else format(int(self), spec)


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
    rows: list[list[str]]  # first row is the header when ``header``
    line: int = 0
    header: bool = True  # False: an HTML table without <th> cells (every row is data)


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

    kind: str  # image, link, comment, html, furniture (running lines), contents (a dropped table of contents)
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
    # where a line is in the user's document when it is no text file ("page 4" of a PDF); None: its line
    place: Callable[[int], str] | None = field(default=None, repr=False)
    extent: str = ""  # its size in the user's terms ("12 pages"); '' : its lines
    # heading lines of sections the author keeps out of the rules (Org ':noexport:'): prose only, never data
    private: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        # every reader builds its outline here, so this is where copied text becomes text whatever its format
        # and however its reader got it (a LaTeX title, an image's alt, a heading): see inert.py
        if self.title is not None:
            self.title = sealed(self.title)
        _seal_section(self.root)

    def at(self, line: int) -> str:
        """'line 12', or where that is in a PDF or Word file ('page 4')."""
        return self.place(line) if self.place is not None else f"line {line}"

    def at_lines(self, lines: list[int]) -> str:
        """'lines 27, 31', 'pages 3, 4' or 'paragraphs 5, 6, under 'Set-up'' (each place once, numbers of the
        same kind and heading together)."""
        if self.place is None:
            return f"line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}"
        groups: dict[tuple[str, str], list[str]] = {}  # (page|paragraph, ", under …") -> numbers, in order
        for place in dict.fromkeys(self.place(n) for n in lines):
            match = _PLACE_RE.fullmatch(place)
            key = (match.group(1), match.group(3) or "") if match else (place, "")
            groups.setdefault(key, [])
            if match and match.group(2) not in groups[key]:
                groups[key].append(match.group(2))
        return "; ".join(f"{kind}{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}{rest}" if numbers else kind
                         for (kind, rest), numbers in groups.items())

    def sections(self):
        for child in self.root.children:
            yield from child.walk()


def _seal_section(section: Section) -> None:
    section.title = sealed(section.title)
    _seal_blocks(section.blocks)
    for child in section.children:
        _seal_section(child)


def _seal_blocks(blocks: list) -> None:
    for block in blocks:
        if isinstance(block, Paragraph):
            block.text = sealed(block.text)
        elif isinstance(block, ListBlock):
            for item in block.items:
                item.text = sealed(item.text)
                _seal_blocks(item.children)
        elif isinstance(block, (Note, Quote)):
            _seal_blocks(block.blocks)
        elif isinstance(block, Table):
            block.rows = [[sealed(cell) for cell in row] for row in block.rows]
        elif isinstance(block, Image):
            block.alt, block.src = sealed(block.alt), sealed(block.src)
        # Code is verbatim inside its fence: nothing in it is markup


_PLACE_RE = re.compile(r"(page|paragraph) (\d+)(, under .*)?")  # what Outline.place says of a PDF or Word file
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
    if title is None:
        title = _bold_lead_title(root)
        root.title = title or ""
    return title, root


# '**Mudlark Dredgers** is a push-your-luck river game …': a README without a title heading names its game in
# bold at the start of its first paragraph (the logo above it is a picture)
_BOLD_LEAD = re.compile(r"^\*\*(?P<name>[^*\n]{2,60}?)\*\*\s+(?:is|are)\s+(?:an?|the)\b")


def _bold_lead_title(root: Section) -> str | None:
    first = next((b for b in root.blocks if isinstance(b, Paragraph)), None)
    match = _BOLD_LEAD.match(first.text) if first is not None else None
    return match.group("name").strip() if match else None


def _same(a: str, b: str | None) -> bool:
    return b is not None and a.strip().lower() == b.strip().lower()


# Class words that make a <div> a note; generic ones ("admonition", "callout", "info") become plain notes.
NOTE_KINDS = ("note", "warning", "tip", "important", "caution", "example", "info", "admonition", "callout")


def note_kind(classes: str) -> str | None:
    """The admonition kind of an element with these (lower-case) classes, or None if it is no note."""
    kind = next((c for c in NOTE_KINDS if c in classes), None)
    return "note" if kind in ("admonition", "callout", "info") else kind


# A table drawn in a code block (' roll | what happens' over a '-----+-----' rule): READMEs and plain-text
# rulebooks draw tables in monospace because their format has none, so the block is data, not code.
_CELL_SEP = re.compile(r"\s*[|│┃]\s*")
_RULE_LINE = re.compile(r"^[\s|│┃:+=\-─━┼┬┴├┤┌┐└┘═╪╬]+$")
_PLAIN_LANGS = ("", "text", "txt", "plain", "plaintext", "ascii", "table")


def drawn_table(code: Code) -> Table | None:
    """The table a plain code block draws (at least a header and two rows, every row with the same number of
    cells, a rule line under the header), or None."""
    if code.lang.strip().lower() not in _PLAIN_LANGS:
        return None
    lines = [line for line in code.text.splitlines() if line.strip()]
    rules = [n for n, line in enumerate(lines) if _RULE_LINE.match(line) and re.search(r"[-─━=═]", line)]
    if rules and not any(_CELL_SEP.search(line) for line in lines):
        rows = _simple_rows(lines, rules)
    else:
        rows = [[c for c in _CELL_SEP.split(line.strip().strip("|│┃").strip())] for n, line in enumerate(lines)
                if n not in rules]
    if len(rows) < 3 or not rules or rules[0] > 2 or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return None
    return Table(rows, code.line)


def _simple_rows(lines: list[str], rules: list[int]) -> list[list[str]]:
    """The rows of a table drawn without bars ('Total   Result' / '-----   ------' / '2-5     Miss: …'): the
    runs of dashes under the header mark where each column starts; a line with a word across a column's start
    is no row of it (then the table is none: [])."""
    starts = [m.start() for m in re.finditer(r"[-─━=═]+", lines[rules[0]])]
    if len(starts) < 2:
        return []
    rows = []
    for n, line in enumerate(lines):
        if n in rules:
            continue
        if any(0 < at < len(line) and line[at - 1] != " " for at in starts[1:]):
            return []
        bounds = [*starts, max(len(line), starts[-1])]
        bounds[0] = 0  # the first column takes any indent before its rule
        rows.append([line[a:b].strip() for a, b in zip(bounds, bounds[1:])])
    return rows


RUNNING_GAP = 2  # blocks most pages hold at the least between two of their running lines


def drop_running_lines(stream: list, remarks: list[Remark]) -> list:
    """The stream without page furniture: a short paragraph repeated on three or more pages with only its
    number changing, counting up as pages do ('Cinderfall Foundry — Rulebook 3', then 4, 5), is a running footer
    or header of a converted PDF. 'Cost: 4 Gold', 'Cost: 2 Gold', 'Cost: 3 Gold' under three items are rules, and
    so are lines next to each other ('Round 1: 2 workers', 'Round 2: 3 workers'): most pages hold more than a line
    (a page of one picture's caption may not)."""
    def key(block) -> str | None:
        if not isinstance(block, Paragraph) or len(block.text) > 80 or not re.search(r"\d", block.text):
            return None
        return re.sub(r"\d+", "#", block.text.strip().lower())

    numbers: dict[str, list[tuple[int, ...]]] = {}
    places: dict[str, list[int]] = {}
    for at, block in enumerate(stream):
        k = key(block)
        if k:
            numbers.setdefault(k, []).append(tuple(int(n) for n in re.findall(r"\d+", block.text)))
            places.setdefault(k, []).append(at)
    running = {k for k, seen in numbers.items() if len(seen) >= 3 and all(a < b for a, b in zip(seen, seen[1:]))
               and statistics.median(b - a for a, b in zip(places[k], places[k][1:])) > RUNNING_GAP}
    out = []
    for block in stream:
        k = key(block)
        if k in running and len(re.findall(r"[a-z]+", k)) >= 1:
            remarks.append(Remark("furniture", f"running page line dropped: '{block.text[:80]}'", block.line))
            continue
        out.append(block)
    return out
