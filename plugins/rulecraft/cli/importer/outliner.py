"""Outliner pages (Logseq, Roam, Workflowy exports) as Markdown.

An outliner writes every line as a ``- `` bullet and nests by indentation; a page's properties are ``key:: value``
lines above the first bullet, a block's are ``key:: value`` lines under it (``id::``, ``collapsed::``,
``heading::``); ``[[page]]`` links, ``#tag`` / ``#[[tag]]`` tags, ``((block id))`` references, ``{{query …}}``
macros and ``TODO`` / ``DONE`` task markers sit in the text. :func:`to_markdown` rewrites the page into the
Markdown the reader knows, each line with its source line, so it is read by the one outline path (as Org is):
a top-level bullet with blocks under it is a heading (``- ## Setup`` keeps its level), a short bullet heading
blocks under a heading is a sub-heading, and the rest is the section's body: runs of short bullets a list,
long ones paragraphs, ``#+BEGIN_NOTE`` blocks boxes, tables tables.

What is the outliner's and not the rules' is listed with its line: task blocks (the author's to-do notes), queries
and embeds of other pages, page properties naming the document, tags; editor settings (``id::``,
``collapsed::``, ``logseq.*``) are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .outline import Remark
from .text import excerpt

Line = tuple[int, str]

# no pattern here lets a run of spaces or marks be searched over and over: a hostile line stays linear
BULLET = re.compile(r"^(?P<indent>[ \t]*)-(?:[ \t]+(?P<text>.*))?$")
PROPERTY = re.compile(r"^[ \t]*(?P<key>[A-Za-z][\w.\-/]*)::(?:[ \t]+(?P<value>.*))?$")
TASK = re.compile(r"^(?P<marker>TODO|DOING|DONE|LATER|NOW|WAITING|WAIT|CANCELED|CANCELLED|IN-PROGRESS)\s+(?P<rest>.*)$")
HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<text>\S.*)$")
BLOCK_BEGIN = re.compile(r"^#\+begin_(?P<name>\w+)", re.I)
LINK = re.compile(r"\[(?P<label>[^\]\n]*)\]\(\[\[(?P<target>[^\]\n]+)\]\]\)|\[\[(?P<page>[^\]\n]+)\]\]")
TAG = re.compile(r"(?<![\w\]#&/])#(?:\[\[(?P<long>[^\]\n]+)\]\]|(?P<short>(?=[\w\-/]*[A-Za-z])[\w\-/]+))")
BLOCK_REF = re.compile(r"\(\((?P<id>[0-9a-f-]{8,})\)\)")
MACRO = re.compile(r"\{\{(?P<body>.*?)\}\}")
IMAGE_ATTRS = re.compile(r"(!\[[^\]]*\]\([^)]*\))\{:[^}]*\}")
MARKS = re.compile(r"==(?P<a>[^=\n]+)==|\^\^(?P<b>[^^\n]+)\^\^")
PLANNING = re.compile(r"^(?:SCHEDULED|DEADLINE):\s*<[^>]*>\s*$")
# block properties that steer the editor, dropped without a word
SETTINGS = {"id", "collapsed", "heading", "background-color", "icon", "public", "filters", "template",
            "template-including-parent", "query-table", "query-properties", "query-sort-by", "query-sort-desc",
            "created-at", "updated-at", "card-last-interval", "card-repeats", "card-ease-factor",
            "card-next-schedule", "card-last-reviewed", "card-last-score", "hl-page", "hl-color", "ls-type"}
CALLOUTS = {"note", "tip", "warning", "important", "caution", "info", "example", "hint", "attention", "danger"}
SENTENCE_END = re.compile(r"[.!?:;…)]\W*$")
MAX_DEPTH = 40  # bullets nested deeper are read as the deepest level's siblings (no recursion without end)
SHORT = 100  # a bullet this long or shorter reads as a list item or a heading; longer ones are paragraphs


@dataclass
class Block:
    line: int
    indent: int
    text: list[Line]  # the bullet's own line and its continuation lines, dedented
    props: dict[str, Line] = field(default_factory=dict)
    children: list[Block] = field(default_factory=list)

    @property
    def first(self) -> str:
        return self.text[0][1] if self.text else ""


@dataclass
class OutlinerResult:
    lines: list[Line]
    title: str | None = None


def is_outliner(text: str) -> bool:
    """An outliner page by its content: every line at the left margin a '- ' bullet or a 'key:: value' property
    (three top-level bullets at least), some bullets nested, and one outliner mark ('key:: value', '[[page]]',
    a task marker). A Markdown file that is one long list has no such mark and stays Markdown."""
    margin = [ln for ln in text.split("\n") if ln.strip() and not ln[0].isspace()]
    bullets = sum(1 for ln in margin if BULLET.match(ln))
    props = sum(1 for ln in margin if PROPERTY.match(ln))
    if bullets < 3 or bullets + props < 0.95 * len(margin):
        return False
    if not re.search(r"^[ \t]+-[ \t]+\S", text, re.M):
        return False
    return bool(re.search(r"^[ \t]*[A-Za-z][\w.\-/]*::[ \t]|\[\[[^\]\n]+\]\]"
                          r"|^[ \t]*-[ \t]+(?:TODO|DONE|LATER|NOW)[ \t]", text, re.M))


class OutlinerConverter:
    def __init__(self, lines: list[Line], remarks: list[Remark]):
        self.lines = lines
        self.remarks = remarks
        self.out: list[Line] = []
        self.result = OutlinerResult(self.out)
        self.ids: dict[str, str] = {}  # 'id::' of a block -> its first line, for '((id))' references

    def remark(self, kind: str, text: str, line: int) -> None:
        self.remarks.append(Remark(kind, text, line))

    # -- the tree ---------------------------------------------------------------------------------------

    def parse(self) -> list[Block]:
        roots: list[Block] = []
        stack: list[Block] = []
        fence = False  # inside a '```' or '#+BEGIN_' block a '- ' line is the block's text
        for ln, raw in self.lines:
            bullet = None if fence else BULLET.match(raw)
            if bullet and (bullet.group("text") or stack == [] or len(bullet.group("indent")) <= stack[-1].indent):
                indent = len(bullet.group("indent"))
                while stack and (stack[-1].indent >= indent or len(stack) >= MAX_DEPTH):
                    stack.pop()
                block = Block(ln, indent, [(ln, (bullet.group("text") or "").strip())])
                (stack[-1].children if stack else roots).append(block)
                stack.append(block)
                fence = self._opens(bullet.group("text") or "", fence)
                continue
            if not raw.strip():
                if stack and fence:
                    stack[-1].text.append((ln, ""))
                continue
            if not stack:  # above the first bullet: the page's properties (or a line of text)
                prop = PROPERTY.match(raw)
                if prop:
                    self._page_property(ln, prop.group("key"), (prop.group("value") or "").strip())
                else:
                    roots.append(Block(ln, -1, [(ln, raw.strip())]))
                continue
            block = stack[-1]
            body = raw[block.indent + 2:] if raw[:block.indent + 2].strip() == "" else raw.strip()
            prop = None if fence else PROPERTY.match(body)
            if prop:
                key = prop.group("key").lower()
                block.props[key] = (ln, (prop.group("value") or "").strip())
                if key == "id":
                    self.ids[(prop.group("value") or "").strip()] = HEADING.sub(r"\g<text>", block.first.strip())
                continue
            if not fence and (PLANNING.match(body.strip()) or re.match(r"^:(LOGBOOK|END):", body.strip())):
                continue  # the task's schedule and clock: the author's diary
            block.text.append((ln, body.rstrip()))
            fence = self._opens(body, fence)
        return roots

    @staticmethod
    def _opens(text: str, fence: bool) -> bool:
        """Whether a code fence or '#+BEGIN_' block is open after this line."""
        stripped = text.strip()
        if stripped.startswith("```"):
            return not fence
        if re.match(r"^#\+begin_", stripped, re.I):
            return True
        if re.match(r"^#\+end_", stripped, re.I):
            return False
        return fence

    def _page_property(self, ln: int, key: str, value: str) -> None:
        low = key.lower()
        if low == "title" and value.strip():
            self.result.title = self.inline(value, ln)
        elif low not in SETTINGS and value.strip():
            self.remark("markup", f"page property dropped: {key}:: {excerpt(value)}", ln)

    # -- inline -----------------------------------------------------------------------------------------

    def inline(self, text: str, ln: int) -> str:
        def macro(match: re.Match) -> str:
            body = match.group("body").strip()
            embed = re.fullmatch(r"embed\s+\(\((?P<id>[^)]+)\)\)", body)
            if embed and embed.group("id").strip() in self.ids:
                return self.ids[embed.group("id").strip()]
            self.remark("markup", f"outliner macro dropped: {{{{{excerpt(body)}}}}}", ln)
            return ""

        def ref(match: re.Match) -> str:
            if match.group("id") in self.ids:
                return self.ids[match.group("id")]
            self.remark("link", f"reference to a block of another page: (({match.group('id')}))", ln)
            return ""

        text = IMAGE_ATTRS.sub(r"\1", text)
        text = MACRO.sub(macro, text)
        text = BLOCK_REF.sub(ref, text)
        text = self._closing_tags(text, ln)
        text = TAG.sub(lambda m: m.group("long") or m.group("short"), text)  # '#variant blocks …': a word
        text = LINK.sub(lambda m: m.group("page") or m.group("label") or m.group("target"), text)
        text = MARKS.sub(lambda m: m.group("a") or m.group("b"), text)
        return re.sub(r"[ \t]{2,}", " ", text).strip()

    def _closing_tags(self, text: str, ln: int) -> str:
        """Tags after a block's words file the block ('… each. #variant'): listed and left out."""
        end = len(text.rstrip())
        for match in reversed(list(TAG.finditer(text))):
            if match.end() != end or match.start() and not text[match.start() - 1].isspace():
                break
            self.remark("markup", f"tag dropped: #{match.group('long') or match.group('short')}", ln)
            end = len(text[:match.start()].rstrip())
        return text[:end]

    # -- blocks -----------------------------------------------------------------------------------------

    def convert(self) -> OutlinerResult:
        roots = self.parse()
        for block in roots:
            if block.indent < 0:
                self._paragraph(block)
            else:
                self._block(block, 1, top=True)
        return self.result

    def _heading_level(self, block: Block, level: int, top: bool) -> int | None:
        """The heading level the block stands for, or None when it is body text."""
        first = block.first.strip()
        marks = HEADING.match(first)
        if marks:
            return len(marks.group("marks"))
        prop = block.props.get("heading", (0, ""))[1].strip().lower()
        if prop.isdigit():
            return min(int(prop), 6)
        if prop == "true":
            return min(level + 1, 6)
        if not block.children or len(block.text) > 1 or TASK.match(first) or first.startswith(("|", "#+", "!")):
            return None
        if top and len(first) <= SHORT:
            return 2
        if len(first) <= 60 and not SENTENCE_END.search(first):
            return min(level + 1, 6)  # 'Dive' heading the blocks under it
        return None

    def _block(self, block: Block, level: int, top: bool = False) -> None:
        """A block standing in a section: a heading with its section, a note box, a table or a paragraph."""
        if self._task(block):
            return
        heading = self._heading_level(block, level, top)
        if heading is not None:
            text = HEADING.sub(r"\g<text>", block.first.strip())
            self.out += [(block.line, ""), (block.line, "#" * heading + " " + self.inline(text, block.line)),
                         (block.line, "")]
            self._settings(block)
            self._children(block.children, heading)
            return
        self._paragraph(block)
        self._children(block.children, level)

    def _children(self, blocks: list[Block], level: int) -> None:
        """A section's blocks: a run of bullets mostly short (or numbered, or term entries) is a list; headings,
        boxes, tables and runs of long bullets stand one by one."""
        i = 0
        while i < len(blocks):
            run = []
            while i + len(run) < len(blocks) and self._plain(blocks[i + len(run)], level):
                run.append(blocks[i + len(run)])
            short = sum(1 for b in run if self._item_like(b))
            if run and (len(run) >= 2 and 2 * short > len(run) or any(b.children for b in run)):
                self._list(run)
                i += len(run)
                continue
            for block in run or blocks[i:i + 1]:
                self._block(block, level)
            i += max(len(run), 1)

    def _plain(self, block: Block, level: int) -> bool:
        """A block of text: neither a heading nor a box, table, figure or macro."""
        first = block.first.strip()
        if self._heading_level(block, level, False) is not None or not first:
            return False
        return not first.startswith(("|", "#+", "```", "![", "{{"))

    def _item_like(self, block: Block) -> bool:
        first = block.first.strip()
        return len(" ".join(t for _, t in block.text)) <= SHORT or self._ordered(block) or \
            bool(re.match(r"^\*\*[^*]+\*\*\s*(?:[—–:-]|\s-)", first))  # '**Holt** — …': a term's entry

    @staticmethod
    def _ordered(block: Block) -> bool:
        return block.props.get("logseq.order-list-type", (0, ""))[1].strip() == "number"

    def _list(self, run: list[Block], depth: int = 0) -> None:
        number = 0
        for block in run:
            if self._task(block):
                continue
            ordered = self._ordered(block)
            if number and not ordered and depth == 0:
                self.out.append((block.line, ""))  # a numbered list ends; a bulleted one starts
            number = number + 1 if ordered else 0
            marker = f"{number}." if ordered else "-"
            pad = "    " * depth
            texts = [self.inline(t, n) for n, t in block.text]
            self.out.append((block.line, f"{pad}{marker} {texts[0]}"))
            self.out += [(n, f"{pad}    {t}") for (n, _), t in zip(block.text[1:], texts[1:]) if t]
            self._settings(block)
            if block.children:
                self._list(block.children, depth + 1)
        if depth == 0:
            self.out.append((run[-1].line, ""))

    def _paragraph(self, block: Block) -> None:
        """A block's own text: a '#+BEGIN_…' box, a table, a code fence or a paragraph."""
        self._settings(block)
        lines = block.text
        ln = block.line
        begin = BLOCK_BEGIN.match(block.first.strip())
        if begin:
            name = begin.group("name").lower()
            body = [(n, t) for n, t in lines[1:] if not re.match(r"^\s*#\+end_", t, re.I)]
            if name in ("src", "example"):
                self.out += [(ln, ""), (ln, "```")] + [(n, t) for n, t in body] + [(ln, "```"), (ln, "")]
            elif name == "quote":
                self.out += [(ln, "")] + [(n, "> " + self.inline(t, n)) for n, t in body] + [(ln, "")]
            elif name in CALLOUTS:
                self.out += [(ln, ""), (ln, f'<div class="{name}">')]
                self.out += [(n, self.inline(t, n)) for n, t in body] + [(ln, "</div>"), (ln, "")]
            else:
                self.out += [(ln, "")] + [(n, self.inline(t, n)) for n, t in body] + [(ln, "")]
            return
        if block.first.strip().startswith(("|", "```")):
            self.out += [(ln, "")] + [(n, t if t.startswith("```") else self.inline(t, n) if not
                                      t.lstrip().startswith("|") else t.strip()) for n, t in lines] + [(ln, "")]
            return
        self.out.append((ln, ""))
        self.out += [(n, self.inline(t, n)) for n, t in lines if t.strip()]
        self.out.append((lines[-1][0], ""))

    def _task(self, block: Block) -> bool:
        """A task block (TODO, DONE …) is the author's note to self: listed with what is under it, not read."""
        task = TASK.match(block.first.strip())
        if not task:
            return False
        words = [task.group("rest")] + [t for _, t in block.text[1:]]
        stack = list(block.children)
        while stack:
            child = stack.pop(0)
            words += [t for _, t in child.text]
            stack[:0] = child.children
        self.remark("task", f"{task.group('marker')} note dropped: '{excerpt(' '.join(words))}'", block.line)
        return True

    def _settings(self, block: Block) -> None:
        for key, (ln, value) in block.props.items():
            if key not in SETTINGS and not key.startswith("logseq.") and value.strip():
                self.remark("markup", f"block property dropped: {key}:: {excerpt(value)}", ln)


def to_markdown(lines: list[Line], remarks: list[Remark]) -> OutlinerResult:
    """The outliner page's lines as Markdown lines (each with its source line) and its 'title::'."""
    return OutlinerConverter(lines, remarks).convert()
