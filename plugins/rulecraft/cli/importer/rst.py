"""reStructuredText rulebooks (a Sphinx or docutils ``.rst`` source, often saved as ``.txt``) as Markdown.

reST marks structure with its own syntax (docutils.sourceforge.io/rst.html): section titles underlined (and
perhaps overlined) with a repeated punctuation character, their levels set by the order the styles first
appear; ``.. name::`` directives with ``:option:`` lines and an indented body (``glossary``, ``list-table``,
``note`` / ``tip`` / ``admonition``, ``figure``, ``contents``, ``versionchanged`` …); ``.. _label:`` targets;
``.. |name| image::`` substitutions; ``..`` comments; ``=====  =====`` simple tables; ``#.`` auto-numbered
lists; ``:Field: value`` field lists; ``:role:`text <target>``` roles and ````literal```` text.
:func:`to_markdown` rewrites those lines into the Markdown the reader knows, each with its source line, so a
reST file is read by the one outline path every text takes: a glossary becomes a definition list, a list-table
or simple table a pipe table, an admonition a quote. Comments, the contents directive and pictures leave the
text and are listed with their line.
"""

from __future__ import annotations

import re

from .outline import Remark
from .text import excerpt

Line = tuple[int, str]

ADORNMENT = re.compile(r"^([=\-~^\"'`#*+_:.<>])\1{2,}\s*$")  # '=====', '-----', '#####'
DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?:\|(?P<sub>[^|]+)\|\s+)?(?P<name>[\w:-]+)::(?:\s+(?P<args>.*))?$")
TARGET = re.compile(r"^\s*\.\.\s+_(?P<label>[^:]+):(?:\s+(?P<url>\S.*))?$")
COMMENT = re.compile(r"^(?P<indent>\s*)\.\.(?:\s+(?P<text>.*))?$")
OPTION = re.compile(r"^:(?P<name>[\w-]+):(?:\s+(?P<value>.*))?$")
FIELD = re.compile(r"^:(?P<name>[^:`\s][^:`]*):(?:\s+(?P<value>\S.*))?$")
SIMPLE_BORDER = re.compile(r"^\s*=+(?: +=+)+\s*$")  # '=====  ======  ====': a simple table's rule
ROLE = re.compile(r":(?P<role>[\w.+-]+(?::[\w.+-]+)?):`(?P<body>[^`]+)`")
LINK = re.compile(r"`(?P<text>[^`<]+?)\s*<(?P<url>[^>`]+)>`__?")
REFERENCE = re.compile(r"`(?P<text>[^`]+)`__?")
AUTO_NUMBER = re.compile(r"^(?P<indent>\s*)#[.)]\s+")
ADMONITIONS = {"note", "tip", "hint", "important", "warning", "caution", "attention", "danger", "error",
               "seealso", "todo"}
VERSIONS = {"versionadded": "New in version", "versionchanged": "Changed in version", "deprecated": "Deprecated "
            "since version"}
DROPPED = {"contents", "toctree", "index", "highlight", "meta", "raw", "include", "literalinclude", "sectnum",
           "only", "tabularcolumns", "default-role", "role", "currentmodule", "module"}
CODE = {"code", "code-block", "sourcecode", "parsed-literal"}


def is_rst(text: str) -> bool:
    """Two or more underlined section titles and a mark only reST has: a '.. name::' directive, a '.. _label:'
    target or a ':role:`text`'; never a Markdown file ('## ' headings) or an HTML page."""
    if re.search(r"^#{2,6}\s+\S|<h[1-6]\b|<html\b", text, re.M | re.I):
        return False
    lines = text.split("\n")
    titles = sum(1 for k in range(1, len(lines)) if ADORNMENT.match(lines[k]) and lines[k - 1].strip()
                 and not ADORNMENT.match(lines[k - 1]) and len(lines[k].rstrip()) >= len(lines[k - 1].rstrip()))
    marks = re.search(r"^\s*\.\.\s+(?:[\w:-]+::|_[^:\n]+:|\|[^|\n]+\|\s+\w+::)|:(?:term|ref|doc):`", text, re.M)
    return titles >= 2 and bool(marks)


def _title_at(lines: list[Line], i: int) -> tuple[str, tuple[str, bool], int] | None:
    """(title, its style, lines taken) for a section title starting at line i, or None."""
    text = lines[i][1]
    if ADORNMENT.match(text) and i + 2 < len(lines):  # over- and underlined
        title, under = lines[i + 1][1], lines[i + 2][1]
        if title.strip() and not ADORNMENT.match(title) and under.strip() and under.strip()[0] == text.strip()[0] \
                and ADORNMENT.match(under):
            return title.strip(), (text.strip()[0], True), 3
        return None
    if i + 1 < len(lines) and text.strip() and not text[0].isspace() and (i == 0 or not lines[i - 1][1].strip()):
        under = lines[i + 1][1]
        if ADORNMENT.match(under) and len(under.rstrip()) >= len(text.rstrip()) and not SIMPLE_BORDER.match(under):
            return text.strip(), (under.strip()[0], False), 2
    return None


def _block(lines: list[Line], i: int, indent: int) -> int:
    """The end of the indented body starting at line i: blank lines and lines indented deeper than indent."""
    j = i
    while j < len(lines) and (not lines[j][1].strip() or _indent(lines[j][1]) > indent):
        j += 1
    while j > i and not lines[j - 1][1].strip():
        j -= 1  # trailing blank lines stay outside
    return j


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def _dedent(body: list[Line]) -> list[Line]:
    width = min((_indent(t) for _, t in body if t.strip()), default=0)
    return [(ln, t[width:] if t.strip() else "") for ln, t in body]


class RstConverter:
    def __init__(self, lines: list[Line], remarks: list[Remark]):
        self.lines = lines
        self.remarks = remarks
        self.styles: list[tuple[str, bool]] = []  # title styles in the order they first appear: their levels
        self.titles: dict[str, str] = {}  # '.. _sea-table:' -> the title it stands before ('The sea die')
        self.images: dict[str, str] = {}  # '|egg|' -> '![egg](_static/icons/egg.svg)'
        self._labels()

    def _labels(self) -> None:
        pending: list[str] = []
        for i, (_, text) in enumerate(self.lines):
            target = TARGET.match(text)
            if target and not target.group("url"):
                pending.append(target.group("label").strip().lower())
            elif (found := _title_at(self.lines, i)) and pending:
                self.titles.update((label, found[0]) for label in pending)
                pending = []

    # -- inline markup ---------------------------------------------------------------------------------

    def inline(self, text: str) -> str:
        def role(match: re.Match) -> str:
            body = match.group("body")
            shown = re.match(r"^(?P<text>.*?)\s*<(?P<target>[^>]+)>$", body, re.S)
            if shown and shown.group("text"):
                return shown.group("text")
            target = shown.group("target") if shown else body
            if match.group("role") in ("ref", "std:ref"):
                return self.titles.get(target.strip().lower(), target)
            return target

        text = ROLE.sub(role, text)
        text = re.sub(r"``(?P<lit>[^`]+)``", r"`\g<lit>`", text)
        text = LINK.sub(r"[\g<text>](\g<url>)", text)
        text = REFERENCE.sub(r"\g<text>", text)
        return re.sub(r"\|(?P<name>[^|\s][^|]*)\|", lambda m: self.images.get(m.group("name"), m.group(0)), text)

    def remark(self, kind: str, text: str, line: int) -> None:
        self.remarks.append(Remark(kind, text, line))

    # -- the document ----------------------------------------------------------------------------------

    def convert(self, lines: list[Line] | None = None) -> list[Line]:
        lines = self.lines if lines is None else lines
        out: list[Line] = []
        i = 0
        while i < len(lines):
            ln, text = lines[i]
            if lines is self.lines and (found := _title_at(lines, i)):
                title, style, taken = found
                if style not in self.styles:
                    self.styles.append(style)
                out += [(ln, ""), (ln, "#" * min(self.styles.index(style) + 1, 6) + " " + self.inline(title)),
                        (ln, "")]
                i += taken
                continue
            if TARGET.match(text):
                out.append((ln, ""))
                i += 1
                continue
            if directive := DIRECTIVE.match(text):
                end = _block(lines, i + 1, _indent(text))
                out += self.directive(directive, lines[i:end])
                i = end
                continue
            if (comment := COMMENT.match(text)) and not text.strip().startswith("..."):
                end = _block(lines, i + 1, _indent(text))
                words = " ".join(t.strip() for _, t in [(ln, comment.group("text") or "")] + lines[i + 1:end])
                if words.strip():
                    self.remark("comment", f"comment dropped: '{excerpt(words)}'", ln)
                out.append((ln, ""))
                i = end
                continue
            if SIMPLE_BORDER.match(text):
                end, table = self.simple_table(lines, i)
                if table:
                    out += [(ln, "")] + table + [(ln, "")]
                    i = end
                    continue
            if (field := FIELD.match(text)) and not text[0].isspace():
                out += [(ln, f"**{field.group('name').strip()}:** {self.inline(field.group('value') or '')}"),
                        (ln, "")]
                i += 1
                continue
            if text.rstrip().endswith("::") and text.strip() != "::":  # 'as follows::' then a literal block
                out.append((ln, self.inline(text.rstrip()[:-1])))
                end = _block(lines, i + 1, _indent(text))
                out += self.fenced(lines[i + 1:end])
                i = end
                continue
            text = AUTO_NUMBER.sub(lambda m: m.group("indent") + "1. ", text)
            if text.strip() and _indent(text) and (i == 0 or not lines[i - 1][1].strip()) and not \
                    re.match(r"\s*(?:[-*+]|\d+[.)])\s", text):
                out.append((ln, text.strip()))  # an indented paragraph (a block quote, a definition): plain text
            else:
                out.append((ln, self.inline(text.strip() if _indent(text) and not re.match(
                    r"\s*(?:[-*+]|\d+[.)])\s", text) else text)))
            i += 1
        return [(ln, self.inline(t)) if t and not t.startswith(("#", "|", "```")) else (ln, t) for ln, t in out]

    def fenced(self, body: list[Line]) -> list[Line]:
        if not body:
            return []
        ln = body[0][0]
        return [(ln, ""), (ln, "```")] + _dedent(body) + [(body[-1][0], "```"), (body[-1][0], "")]

    # -- directives ------------------------------------------------------------------------------------

    def directive(self, match: re.Match, block: list[Line]) -> list[Line]:
        ln = block[0][0]
        name, args = match.group("name").lower(), (match.group("args") or "").strip()
        body = _dedent(block[1:])
        options: dict[str, str] = {}
        while body and (option := OPTION.match(body[0][1])):
            options[option.group("name")] = (option.group("value") or "").strip()
            body = body[1:]
        while body and not body[0][1].strip():
            body = body[1:]
        if match.group("sub"):  # '.. |egg| image:: egg.svg': where '|egg|' stands, the picture
            alt = options.get("alt") or match.group("sub")
            self.images[match.group("sub")] = f"![{alt}]({args})" if name == "image" else alt
            return [(ln, "")]
        if name == "glossary":
            return self.glossary(body, ln)
        if name == "list-table":
            return self.list_table(body, args, options, ln)
        if name in ADMONITIONS or name == "admonition":
            head = f"**{self.inline(args)}**" if name == "admonition" else f"**{name.capitalize()}:**"
            text = self.convert(body)
            quoted = [(ln, "> " + head), (ln, ">")] + [(n, "> " + t if t else ">") for n, t in text]
            return [(ln, "")] + quoted + [(ln, "")]
        if name in VERSIONS:
            text = self.convert(body)
            return [(ln, ""), (ln, f"*{VERSIONS[name]} {args}:*")] + text + [(ln, "")]
        if name in ("figure", "image"):
            self.remark("image", f"picture dropped: {args}" + (f" ('{options['alt']}')" if options.get("alt") else ""),
                        ln)
            return [(ln, "")] + self.convert(body) + [(ln, "")]  # the caption and legend stay
        if name in CODE:
            return self.fenced(body)
        if name == "rubric":
            return [(ln, ""), (ln, f"**{self.inline(args)}**"), (ln, "")]
        if name in DROPPED:
            self.remark("contents" if name in ("contents", "toctree") else "markup",
                        f"'{name}' directive dropped" + (f": '{excerpt(args)}'" if args else ""), ln)
            return [(ln, "")]
        self.remark("markup", f"'{name}' directive read as plain text", ln)
        lead = [(ln, self.inline(args)), (ln, "")] if args else []
        return [(ln, "")] + lead + self.convert(body) + [(ln, "")]

    def glossary(self, body: list[Line], ln: int) -> list[Line]:
        """Term lines at the body's indent, each definition indented below: a Markdown definition list."""
        out: list[Line] = [(ln, "")]
        terms: list[Line] = []
        meaning: list[str] = []

        def flush() -> None:
            if terms:
                out.extend((n, self.inline(t.strip())) for n, t in terms)
                out.append((terms[-1][0], ": " + self.inline(" ".join(meaning)) if meaning else ": "))
                out.append((terms[-1][0], ""))

        for n, text in body:
            if not text.strip():
                if meaning:
                    meaning.append("")
                continue
            if not text[0].isspace():
                if meaning:
                    flush()
                    terms, meaning = [], []
                terms.append((n, text))
            else:
                meaning.append(text.strip())
        flush()
        return [(n, re.sub(r"\s{2,}", " ", t).rstrip() if t.startswith(": ") else t) for n, t in out]

    def list_table(self, body: list[Line], title: str, options: dict[str, str], ln: int) -> list[Line]:
        rows: list[list[str]] = []
        for _, text in body:
            item = re.match(r"^(?P<indent>\s*)(?:(?P<row>\*)\s+)?-\s+(?P<cell>.*)$", text)
            if item and (item.group("row") or rows):
                if item.group("row"):
                    rows.append([])
                rows[-1].append(item.group("cell").strip())
            elif text.strip() and rows and rows[-1]:
                rows[-1][-1] += " " + text.strip()
        if not rows:
            return [(ln, "")]
        width = max(len(r) for r in rows)
        cells = [[self.inline(c).replace("|", "\\|") for c in r] + [""] * (width - len(r)) for r in rows]
        head = cells[0] if options.get("header-rows", "0").strip() not in ("", "0") else [""] * width
        data = cells[1:] if head is cells[0] else cells
        out = [(ln, "")] + ([(ln, f"**{self.inline(title)}**"), (ln, "")] if title else [])
        out += [(ln, "| " + " | ".join(head) + " |"), (ln, "|" + "---|" * width)]
        return out + [(ln, "| " + " | ".join(r) + " |") for r in data] + [(ln, "")]

    def simple_table(self, lines: list[Line], i: int) -> tuple[int, list[Line]]:
        """'=====  =====' rules around a simple table: its rows as a pipe table (a row whose first column is
        blank continues the one above); (i, []) when no closing rule follows."""
        border = lines[i][1]
        starts = [m.start() for m in re.finditer(r"=+", border)]
        rules = [i]
        j = i + 1
        while j < len(lines) and lines[j][1].strip():
            if SIMPLE_BORDER.match(lines[j][1]):
                rules.append(j)
            j += 1
        if len(rules) < 2 or rules[-1] != j - 1:
            return i, []
        rows: list[tuple[int, list[str]]] = []
        header = 0
        for k in range(i + 1, j - 1):
            ln, text = lines[k]
            if k in rules:
                header = len(rows)
                continue
            cells = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text) + 1])]
            if rows and not cells[0]:
                rows[-1] = (rows[-1][0], [(old + " " + new).strip() for old, new in zip(rows[-1][1], cells)])
            else:
                rows.append((ln, cells))
        if not rows:
            return i, []
        head = rows[0][1] if header == 1 else [""] * len(starts)
        data = rows[1:] if header == 1 else rows
        out = [(rows[0][0], "| " + " | ".join(head) + " |"), (rows[0][0], "|" + "---|" * len(starts))]
        out += [(ln, "| " + " | ".join(self.inline(c).replace("|", "\\|") for c in cells) + " |") for ln, cells in data]
        return j, out


def to_markdown(lines: list[Line], remarks: list[Remark]) -> list[Line]:
    """The reST document's lines as Markdown lines, each with its source line."""
    return RstConverter(lines, remarks).convert()
