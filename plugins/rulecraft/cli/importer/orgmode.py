"""Emacs Org-mode rulebooks (a ``.org`` file, or one saved as ``.txt``) as Markdown.

Org marks structure with its own syntax (orgmode.org/manual): ``#+TITLE:`` keywords, ``*`` / ``**`` headlines
(with TODO keywords, ``[#A]`` priorities, ``[1/3]`` cookies and ``:tags:``), planning lines and ``:PROPERTIES:``
drawers under them, ``-`` / ``+`` / ``1.`` lists with ``[ ]`` / ``[X]`` checkboxes, ``- term :: meaning``
description lists, ``|---+---|`` tables, ``#+BEGIN_…`` blocks, ``: `` fixed-width lines, ``[fn:1]`` footnotes,
``*bold*`` / ``/italic/`` / ``=code=`` / ``~code~`` / ``+strike+`` emphasis and ``[[target][text]]`` links.
:func:`to_markdown` rewrites those lines into the Markdown the reader knows, each with its source line, so an
Org file is read by the one outline path every text takes.

What Org does not export is no rules text: a ``:noexport:`` (or ``#+EXCLUDE_TAGS:``) subtree stays in the prose
but its headline line is returned so the recognisers leave it alone; ``COMMENT`` subtrees, comment lines and
blocks, drawers holding words and keywords naming the document (author, date) leave the text and are listed with
their line; export settings (``#+OPTIONS:``, ``#+LATEX_HEADER:``, property drawers, file variables) are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .outline import Remark
from .text import excerpt

Line = tuple[int, str]

KEYWORD = re.compile(r"^\s*#\+(?P<key>[A-Za-z_][\w-]*)(?:\[[^\]]*\])?:\s?(?P<value>.*)$")
BLOCK_BEGIN = re.compile(r"^\s*#\+begin_(?P<name>\S+)\s*(?P<args>.*)$", re.I)
HEADLINE = re.compile(r"^(?P<stars>\*+)\s+(?P<text>.*?)\s*$")
TAGS = re.compile(r"\s+(:[\w@#%:]+:)\s*$")
PRIORITY = re.compile(r"^\[#[A-Za-z0-9]+\]\s*")
COOKIE = re.compile(r"\s*\[\d*(?:%|/\d*)\]")  # '[1/3]', '[33%]': a progress cookie
PLANNING = re.compile(r"^\s*(?:(?:SCHEDULED|DEADLINE|CLOSED):\s*[<\[][^>\]]*[>\]]\s*)+$")
DRAWER = re.compile(r"^\s*:(?P<name>[\w-]+):\s*$")
DRAWER_END = re.compile(r"^\s*:END:\s*$", re.I)
LIST_ITEM = re.compile(r"^(?P<indent>\s*)(?P<bullet>[-+]|(?<=\s)\*|\d{1,9}[.)]|[A-Za-z][.)])\s+(?P<rest>.*)$")
CHECKBOX = re.compile(r"^\[(?P<box>[ xX-])\]\s+")
COUNTER = re.compile(r"^\[@(?:\d+|[A-Za-z])\]\s+")  # '[@5]': the item's number set by hand
DESCRIPTION = re.compile(r"^(?P<term>.*?\S)\s+::(?:\s+(?P<meaning>.*)|\s*$)")
TABLE_RULE = re.compile(r"^\s*\|[-+]+\|?\s*$")
FOOTNOTE_DEF = re.compile(r"^\[fn:(?P<label>[\w-]+)\]\s*(?P<text>.*)$")
FIXED_WIDTH = re.compile(r"^\s*:(?:\s(?P<text>.*)|$)")
COMMENT_LINE = re.compile(r"^\s*#(?:\s(?P<text>.*)|$)")
LINK = re.compile(r"\[\[(?P<target>(?:[^\]\\]|\\.)+)\](?:\[(?P<label>[^\]]+)\])?\]")
FOOTNOTE_REF = re.compile(r"\[fn:(?P<label>[\w-]*)(?::(?P<inline>[^\]]*))?\]")
IMAGE_SUFFIX = re.compile(r"\.(?:png|jpe?g|gif|svg|webp|bmp|tiff?)$", re.I)
# Emphasis: a marker after the start, a space or one of -({'" and before the end, a space or -.,;:!?')}[" ;
# the marked text neither starts nor ends with a space (Org's own rule, 'org-emphasis-regexp-components'), and
# is held to 400 characters so a line of lone markers is not searched to its end from each one
_PRE, _POST = r"(?:(?<=^)|(?<=[\s\-({'\"]))", r"(?=[\s\-.,;:!?')}\[\"]|$)"
EMPHASIS = [(re.compile(_PRE + re.escape(m) + r"(?P<body>[^\s" + re.escape(m) + r"](?:[^\n]{0,400}?[^\s])??)"
                        + re.escape(m) + _POST), md) for m, md in (("*", "**"), ("/", "*"), ("+", "~~"), ("_", ""))]
VERBATIM = re.compile(r"(?:(?<=^)|(?<=[\s\-({'\"]))([=~])(?P<body>\S(?:.{0,400}?\S)?)\1" + _POST)
# blocks Org exports as an admonition box (special blocks: '#+BEGIN_NOTE' is '<div class="note">' in HTML)
CALLOUTS = {"note", "tip", "warning", "important", "caution", "info", "example", "hint", "attention", "danger"}
# keywords that only steer export or the editor: dropped without a word
SETTINGS = {"options", "startup", "setupfile", "language", "filetags", "category", "todo", "seq_todo", "typ_todo",
            "tags", "columns", "archive", "priorities", "constants", "link", "macro", "bind", "property",
            "export_file_name", "select_tags", "exclude_tags", "creator", "tblfm", "results", "call", "header",
            "name", "plot", "toc", "cite_export", "bibliography", "print_bibliography", "keywords", "description"}
MAX_BLOCK_DEPTH = 20  # blocks inside blocks; rulebooks nest one or two
SETTING_PREFIXES = ("latex", "html", "odt", "beamer", "texinfo", "man", "md_", "ascii", "attr_", "export_", "hugo")


@dataclass
class OrgResult:
    lines: list[Line]
    title: str | None = None
    private: set[int] = field(default_factory=set)  # lines of headlines whose subtree Org does not export


def is_org(text: str, suffix: str = "") -> bool:
    """An Org document by its content: two or more '#+KEYWORD:' / '#+BEGIN_' lines, or two or more '* ' headlines
    with one Org-only mark beside them (a keyword, a drawer, a '[[target][text]]' link, a tagged headline, a
    '- term :: meaning' item); never a Markdown file ('## ' headings, '<h1>'). A '.org' name is enough."""
    if suffix.lower() == ".org":
        return True
    if re.search(r"^#{2,6}\s+\S|<h[1-6]\b", text, re.M | re.I):
        return False
    keywords = len(re.findall(r"^\s*#\+(?:[A-Za-z_]+:|begin_)", text, re.M | re.I))
    headlines = len(re.findall(r"^\*+ +\S", text, re.M))
    marks = bool(keywords or re.search(r"^\s*:(?:PROPERTIES|LOGBOOK):\s*$|\[\[[^\]\n]+\]\[[^\]\n]+\]\]"
                                       r"|^\*+ .*\s:[\w@#%:]+:\s*$|^\s*- .+ :: ", text, re.M))
    return keywords >= 2 or headlines >= 2 and marks


class OrgConverter:
    def __init__(self, lines: list[Line], remarks: list[Remark], depth: int = 0):
        self.lines = lines
        self.remarks = remarks
        self.depth = depth  # blocks inside blocks: a file of unclosed '#+BEGIN_QUOTE' lines must not recurse on
        # the index of the next ':END:' and the next headline at or after each line: finding a drawer's end
        # never rescans the file
        self.next_end, self.next_headline = [len(lines)] * (len(lines) + 1), [len(lines)] * (len(lines) + 1)
        for k in range(len(lines) - 1, -1, -1):
            self.next_end[k] = k if DRAWER_END.match(lines[k][1]) else self.next_end[k + 1]
            self.next_headline[k] = k if HEADLINE.match(lines[k][1]) else self.next_headline[k + 1]
        self.out: list[Line] = []
        self.result = OrgResult(self.out)
        self.todo = {"TODO", "DONE"}
        self.exclude = {"noexport"}
        self.caption: Line | None = None
        self._settings()

    def _settings(self) -> None:
        """The file's own TODO keywords ('#+TODO: DRAFT | FINAL') and export exclusions ('#+EXCLUDE_TAGS:')."""
        for _, raw in self.lines:
            match = KEYWORD.match(raw)
            if not match:
                continue
            key, value = match.group("key").lower(), match.group("value")
            if key in ("todo", "seq_todo", "typ_todo"):
                self.todo |= {re.sub(r"\(.*\)$", "", w) for w in value.split() if w != "|"}
            elif key == "exclude_tags":
                self.exclude = set(value.split())

    def remark(self, kind: str, text: str, line: int) -> None:
        self.remarks.append(Remark(kind, text, line))

    # -- inline ----------------------------------------------------------------------------------------

    def inline(self, text: str, ln: int) -> str:
        """One line of Org text as inline Markdown: links, footnote marks, emphasis, dashes."""
        codes: list[str] = []

        def keep(code: str) -> str:  # verbatim text takes no further markup
            codes.append(code)
            return f"\x00{len(codes) - 1}\x00"

        def link(match: re.Match) -> str:
            target, label = match.group("target").replace("\\]", "]"), match.group("label")
            kind, _, rest = target.partition(":")
            if IMAGE_SUFFIX.search(target) and not label:
                return f"![]({rest if kind in ('file', 'attachment') else target})"
            if kind in ("http", "https", "mailto"):
                return f"[{label or target}]({target})" if label else target
            if target.startswith(("#", "*")) or not _:  # a headline, custom id or target in this file
                return label or target.lstrip("#*")
            if kind == "file":
                return f"[{label or rest}]({rest})"  # the reader lists a link to a file it does not import
            return label or target

        def footnote(match: re.Match) -> str:
            if match.group("inline") is not None:  # '[fn:: text]': the note is written where it is marked
                return f" ({match.group('inline').strip()})"
            return f"[{match.group('label')}]" if match.group("label").isdigit() else ""

        text = VERBATIM.sub(lambda m: keep(f"`{m.group('body')}`"), text)
        text = re.sub(r"\\\\\s*$", "", text)  # a forced line break
        text = LINK.sub(lambda m: keep(link(m)), text)
        text = FOOTNOTE_REF.sub(footnote, text)
        if text.lstrip().startswith(">"):
            text = text.replace(">", "\\>", 1)  # plain text in Org; a quote in Markdown
        for pattern, md in EMPHASIS:
            for _ in range(2):  # nested '*/bold italic/*'
                text = pattern.sub(lambda m, md=md: f"{md}{m.group('body')}{md}", text)
        text = text.replace("---", "—").replace("--", "–").replace("\\-", "")
        return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text).rstrip()

    # -- lines -----------------------------------------------------------------------------------------

    def convert(self) -> OrgResult:
        lines, i = self.lines, 0
        while i < len(lines):
            ln, raw = lines[i]
            headline = HEADLINE.match(raw)
            if headline:
                i = self._headline(i, headline)
                continue
            keyword = KEYWORD.match(raw)
            if BLOCK_BEGIN.match(raw):
                i = self._block(i)
                continue
            if keyword:
                self._keyword(ln, keyword.group("key"), keyword.group("value").strip())
                i += 1
                continue
            if DRAWER.match(raw) and raw.strip().upper() != ":END:":
                i = self._drawer(i)
                continue
            if re.match(r"^\s*#\s*-\*-.*-\*-\s*$", raw) or re.match(r"^\s*#\s*Local Variables:", raw, re.I):
                i = self._file_variables(i)
                continue
            comment = COMMENT_LINE.match(raw)
            if comment:
                if (comment.group("text") or "").strip():
                    self.remark("comment", f"comment line dropped: '{excerpt(comment.group('text'))}'", ln)
                i += 1
                continue
            if FIXED_WIDTH.match(raw) and not DRAWER.match(raw):
                i = self._fixed_width(i)
                continue
            if raw.lstrip().startswith("|"):
                i = self._table(i)
                continue
            i += 1
            if re.fullmatch(r"\s*-{5,}\s*", raw):
                self.out += [(ln, ""), (ln, "***"), (ln, "")]  # a rule; '---' under text is a Markdown heading
                continue
            footnote = FOOTNOTE_DEF.match(raw)
            if footnote:  # '[fn:1] …': a footnote kept as a note where it is defined
                self._flush_caption()
                self.out += [(ln, ""), (ln, '<div class="note">'),
                             (ln, f"[{footnote.group('label')}] " + self.inline(footnote.group("text"), ln))]
                while i < len(lines) and lines[i][1].strip() and not HEADLINE.match(lines[i][1]) \
                        and not FOOTNOTE_DEF.match(lines[i][1]):
                    self.out.append((lines[i][0], self.inline(lines[i][1].strip(), lines[i][0])))
                    i += 1
                self.out += [(ln, "</div>"), (ln, "")]
                continue
            item = LIST_ITEM.match(raw)
            if item:
                self._item(ln, item)
                continue
            if raw.strip():
                image = re.fullmatch(r"\s*!\[\]\((?P<src>[^)]*)\)\s*", self.inline(raw, ln))
                if image:  # a figure: its caption (the '#+CAPTION:' above it) is its alt text
                    alt = self.caption[1] if self.caption else ""
                    self.caption = None
                    self.out.append((ln, f"![{alt}]({image.group('src')})"))
                    continue
            else:
                self._flush_caption()
            self.out.append((ln, self.inline(raw, ln)))
        self._flush_caption()
        return self.result

    def _flush_caption(self) -> None:
        """A caption no figure or table took (a '#+CAPTION:' written under its figure): an italic line of its
        own, as a caption is printed."""
        if self.caption:
            ln, text = self.caption
            self.out += [(ln, ""), (ln, f"*{text}*"), (ln, "")]
            self.caption = None

    def _headline(self, i: int, match: re.Match) -> int:
        ln = self.lines[i][0]
        level = len(match.group("stars"))
        text = match.group("text")
        tags: list[str] = []
        found = TAGS.search(" " + text)
        if found:
            tags = [t for t in found.group(1).split(":") if t]
            text = (" " + text)[:found.start()].strip()
        words = text.split(" ", 1)
        if words[0] in self.todo:
            text = words[1] if len(words) > 1 else ""
        text = PRIORITY.sub("", text)
        commented = text == "COMMENT" or text.startswith("COMMENT ")
        text = COOKIE.sub("", text).strip()
        i += 1
        if commented:
            return self._comment_subtree(i - 1, level, text[len("COMMENT"):].strip())
        self._flush_caption()
        if set(tags) & self.exclude:
            self.result.private.add(ln)
        self.out += [(ln, ""), (ln, "#" * min(level + 1, 6) + " " + self.inline(text, ln)), (ln, "")]
        while i < len(self.lines) and PLANNING.match(self.lines[i][1]):
            i += 1  # 'SCHEDULED: <…>', 'CLOSED: […]': the author's diary, no rule
        return i

    def _comment_subtree(self, i: int, level: int, title: str) -> int:
        """'* COMMENT Ideas': a subtree Org never exports; its words are listed, not imported."""
        ln = self.lines[i][0]
        words = []
        i += 1
        while i < len(self.lines):
            headline = HEADLINE.match(self.lines[i][1])
            if headline and len(headline.group("stars")) <= level:
                break
            if self.lines[i][1].strip():
                words.append(self.lines[i][1].strip())
            i += 1
        body = f": {excerpt(' '.join(words))}" if words else ""
        self.remark("comment", f"commented-out section '{title}' dropped{body}", ln)
        return i

    def _keyword(self, ln: int, key: str, value: str) -> None:
        low = key.lower()
        if low == "title" and value:
            title = self.inline(value, ln)
            self.result.title = f"{self.result.title} {title}" if self.result.title else title
            return
        if low == "caption":
            self._flush_caption()
            self.caption = (ln, self.inline(value, ln))
            return
        if low in ("subtitle",) and value:
            self.out += [(ln, ""), (ln, f"*{self.inline(value, ln)}*"), (ln, "")]
            return
        if low in SETTINGS or low.startswith(SETTING_PREFIXES) or not value:
            if low == "tblfm":
                self.remark("markup", f"table formula dropped: '{excerpt(value)}'", ln)
            return
        if low == "include":
            self.remark("markup", f"included file not imported: {value}", ln)
            return
        self.remark("markup", f"document keyword dropped: {key.upper()}: {excerpt(self.inline(value, ln))}", ln)

    def _block(self, i: int) -> int:
        ln, raw = self.lines[i]
        match = BLOCK_BEGIN.match(raw)
        name, args = match.group("name").lower(), match.group("args").strip()
        end = re.compile(r"^\s*#\+end_" + re.escape(name) + r"\b", re.I)
        j = i + 1
        while j < len(self.lines) and not end.match(self.lines[j][1]):
            j += 1
        body = self.lines[i + 1:j]
        nxt = min(j + 1, len(self.lines))
        if name != "src":
            self._flush_caption()
        if name == "comment":
            words = " ".join(t.strip() for _, t in body if t.strip())
            if words:
                self.remark("comment", f"comment block dropped: '{excerpt(words)}'", ln)
            return nxt
        if name == "export":
            self.remark("markup", f"{args or 'export'} block dropped (text for one export only)", ln)
            return nxt
        if name in ("src", "example"):  # verbatim: kept as written ('Example' starts the box's title)
            lang = args.split()[0] if name == "src" and args else ""
            pad = min((len(t) - len(t.lstrip()) for _, t in body if t.strip()), default=0)
            if name == "example" and body:  # a rulebook's example of play: an example box, its lines as written
                self.out += [(ln, ""), (ln, '<div class="example">')]
                self.out += [(n, self.inline(t.strip(), n)) for n, t in body]
                self.out += [(ln, "</div>"), (ln, "")]
                return nxt
            self.out += [(ln, ""), (ln, f"```{lang}")]
            self.out += [(n, re.sub(r"^,(?=\*|#\+)", "", t[pad:].rstrip())) for n, t in body]
            self.out += [(self.lines[min(j, len(self.lines) - 1)][0], "```"), (ln, "")]
            return nxt
        if self.depth >= MAX_BLOCK_DEPTH:
            self.out += [(n, self.inline(t, n)) for n, t in body]
            return nxt
        inner = OrgConverter(body, self.remarks, self.depth + 1)
        inner.todo, inner.exclude = self.todo, self.exclude
        converted = [(n, t) for n, t in inner.convert().lines]
        if name == "quote":
            self.out += [(ln, "")] + [(n, f"> {t}" if t.strip() else ">") for n, t in converted] + [(ln, "")]
        elif name in CALLOUTS:
            self.out += [(ln, ""), (ln, f'<div class="{name}">')] + converted + [(ln, "</div>"), (ln, "")]
        else:  # center, verse, a block of the author's own name: its text as it stands
            self.out += [(ln, "")] + converted + [(ln, "")]
        return nxt

    def _drawer(self, i: int) -> int:
        """':PROPERTIES:' … ':END:': the headline's settings, dropped; any other drawer with words in it is
        listed, as Org keeps it out of most exports."""
        ln, raw = self.lines[i]
        name = DRAWER.match(raw).group("name")
        j = self.next_end[i + 1]
        if j >= len(self.lines) or self.next_headline[i + 1] < j:  # no ':END:' before the next headline
            self.out.append((ln, self.inline(raw, ln)))  # no drawer: a line of text
            return i + 1
        words = " ".join(t.strip() for _, t in self.lines[i + 1:j] if t.strip())
        if name.upper() not in ("PROPERTIES", "LOGBOOK") and words:
            self.remark("markup", f"drawer '{name}' dropped: '{excerpt(words)}'", ln)
        return j + 1

    def _file_variables(self, i: int) -> int:
        """'# Local Variables:' … '# End:' (and a '-*- mode: org -*-' line): settings for Emacs."""
        if "-*-" in self.lines[i][1]:
            return i + 1
        j = i + 1
        while j < len(self.lines) and COMMENT_LINE.match(self.lines[j][1]):
            j += 1
            if re.match(r"^\s*#\s*End:\s*$", self.lines[j - 1][1], re.I):
                break
        return j

    def _fixed_width(self, i: int) -> int:
        """': text' lines: fixed-width text, kept verbatim as code."""
        ln = self.lines[i][0]
        self.out += [(ln, ""), (ln, "```")]
        while i < len(self.lines) and FIXED_WIDTH.match(self.lines[i][1]) and not DRAWER.match(self.lines[i][1]):
            self.out.append((self.lines[i][0], FIXED_WIDTH.match(self.lines[i][1]).group("text") or ""))
            i += 1
        self.out += [(self.lines[i - 1][0], "```"), (self.lines[i - 1][0], "")]
        return i

    def _table(self, i: int) -> int:
        """An Org table: the rows above its first '|---+---|' rule are its header; without a rule it has none
        (an empty header row keeps every row data). A '#+CAPTION:' above it is its bold title."""
        rows: list[tuple[int, list[str]]] = []
        header = 0
        ln = self.lines[i][0]
        while i < len(self.lines) and self.lines[i][1].lstrip().startswith("|"):
            n, raw = self.lines[i]
            i += 1
            if TABLE_RULE.match(raw):
                header = header or len(rows)
                continue
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", raw.strip().strip("|"))]
            if all(re.fullmatch(r"<[lrc]?\d*>|", c) for c in cells):
                continue  # '| <l> | <10> |': column alignment and width cookies
            if cells and cells[0] in ("!", "^", "_", "#", "*", "$", "/"):
                cells = cells[1:]  # a spreadsheet table's marking column
            rows.append((n, [self.inline(c, n).replace("|", "\\|") for c in cells]))
        if not rows:
            return i
        width = max(len(c) for _, c in rows)
        out: list[Line] = [(ln, "")]
        if self.caption:
            out += [(self.caption[0], f"**{self.caption[1]}**"), (self.caption[0], "")]
            self.caption = None
        if header != 1:
            out += [(ln, "|" + "  |" * width)] if not header else []
            head = rows[:header] if header else []
            if head:  # a header of several rows: one row of their words
                cells = [" ".join(r[k] for _, r in head if k < len(r)).strip() for k in range(width)]
                out.append((ln, "| " + " | ".join(cells) + " |"))
            rows = rows[header:]
        else:
            out.append((rows[0][0], "| " + " | ".join(rows[0][1] + [""] * (width - len(rows[0][1]))) + " |"))
            rows = rows[1:]
        out.append((ln, "|" + " --- |" * width))
        out += [(n, "| " + " | ".join(c + [""] * (width - len(c))) + " |") for n, c in rows]
        self.out += out + [(self.lines[i - 1][0], "")]
        return i

    def _item(self, ln: int, match: re.Match) -> None:
        indent, bullet, rest = match.group("indent"), match.group("bullet"), match.group("rest")
        ordered = bullet[0].isalnum()
        rest = COUNTER.sub("", rest)
        box = CHECKBOX.match(rest)
        if box:  # '[X] 1 market board': the tick is the reader's, as in a Markdown task list
            rest = rest[box.end():]
            rest = ("[x] " if box.group("box") in "xX" else "[ ] ") + rest
        description = None if ordered else DESCRIPTION.match(rest)
        pad = " " * len(indent)
        if description and not indent:
            term, meaning = description.group("term"), description.group("meaning") or ""
            self.out += [(ln, ""), (ln, self.inline(term, ln)), (ln, ": " + self.inline(meaning, ln))]
            return
        if description:
            rest = f"**{description.group('term')}**: {description.group('meaning') or ''}"
        marker = (bullet[:-1] if bullet[0].isdigit() else "1") + "." if ordered else "-"
        self.out.append((ln, f"{pad}{marker} {self.inline(rest, ln)}"))


def to_markdown(lines: list[Line], remarks: list[Remark]) -> OrgResult:
    """The Org document's lines as Markdown lines (each with its source line), its '#+TITLE:' and the lines
    of the headlines Org would not export."""
    return OrgConverter(lines, remarks).convert()
