"""LaTeX rulebooks (a ``.tex`` source, often saved as ``.txt`` from Overleaf) as Markdown.

LaTeX marks structure with commands: a preamble (``\\documentclass``, ``\\usepackage``, ``\\newcommand`` macros,
``\\title`` / ``\\author`` / ``\\date``) before ``\\begin{document}``; ``\\section{…}`` / ``\\subsection{…}``
headings with ``\\label{…}`` keys that ``\\ref{…}`` points at; ``itemize`` / ``enumerate`` / ``description``
lists of ``\\item`` lines; ``tabular`` tables (cells split by ``&``, rows ended by ``\\\\``) inside ``table``
floats with a ``\\caption``; boxes (``tcolorbox`` environments, ``quote``); ``%`` comments.
:func:`to_markdown` rewrites those lines into the Markdown the reader knows, each with its source line, so a
LaTeX file is read by the one outline path every text takes: a description list becomes a definition list, a
tabular a pipe table under its caption, a box a quote. ``\\ref`` becomes what it points at (a section's title, a
table's number), never a ``{key}`` the rules page would read as a reference. Comments, the preamble, the
contents, pictures and commands the converter does not know leave the text (a command's braced text stays) and
are listed with their line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import latex_lines
from .outline import Remark
from .text import excerpt

Line = tuple[int, str]

# a lone '\' ending the text (a line ending in '\') matches too, with no name: TeX reads it as a space
COMMAND = re.compile(r"\\(?P<name>[A-Za-z@]+\*?|.|)", re.S)
BEGIN = re.compile(r"^\s*\\begin\{(?P<env>[^}]+)\}")
END = re.compile(r"^\s*\\end\{(?P<env>[^}]+)\}")
ITEM = re.compile(r"^\s*\\item\b\s*")
SECTIONING = ["part", "chapter", "section", "subsection", "subsubsection"]
HEADING = re.compile(r"^\s*\\(?P<cmd>" + "|".join(SECTIONING) + r"|paragraph|subparagraph)\*?\s*(?=[\[{])")
MACRO_DEF = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\(?P<name>[A-Za-z@]+)\}?\s*(?:\[(?P<args>\d)\])?"
                       r"(?:\[[^\]]*\])?\s*(?=\{)|\\def\s*\\(?P<dname>[A-Za-z@]+)\s*(?=\{)")
BOX_DEF = re.compile(r"\\(?:re)?new(?:tcolorbox|environment|mdenv|theorem)\*?\s*\{(?P<name>[^}]+)\}")
RULES = re.compile(r"\\(?:toprule|midrule|bottomrule|hline|addlinespace|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?"
                   r"\{[^}]*\})(?:\[[^\]]*\])?")
REFS = {"ref", "autoref", "cref", "Cref", "nameref", "pageref", "eqref", "vref", "hyperref"}
SYMBOLS = {"ldots": "…", "dots": "…", "textellipsis": "…", "copyright": "©", "textcopyright": "©",
           "textregistered": "®", "texttrademark": "™", "S": "§", "P": "¶", "textbackslash": "\\",
           "textbullet": "•", "textendash": "–", "textemdash": "—", "textdegree": "°", "pounds": "£",
           "textsterling": "£", "euro": "€", "times": "×", "cdot": "·", "bullet": "•", "pm": "±", "le": "≤",
           "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠", "to": "→", "rightarrow": "→",
           "leftarrow": "←", "Rightarrow": "⇒", "approx": "≈", "div": "÷", "infty": "∞", "circ": "°",
           "star": "★", "quad": " ", "qquad": " ", "newline": " ", "linebreak": " ", "LaTeX": "LaTeX",
           "TeX": "TeX", "ss": "ß", "ae": "æ", "oe": "œ", "o": "ø", "aa": "å", "i": "ı"}
ESCAPES = {"": " ", "\n": " ", "\t": " ", "&": "&", "%": "%", "$": "$", "#": "#", "_": "_", "{": "{", "}": "}",
           ",": " ", " ": " ", ";": " ", ":": " ", "!": "", "/": "", "-": "", "\\": " ", "@": ""}
EMPHASIS = {"emph": "*", "textit": "*", "textsl": "*", "textbf": "**"}
TEXT_ONLY = {"textsc", "textsf", "textrm", "textup", "textnormal", "textmd", "mbox", "text", "underline",
             "uline", "hbox", "makebox", "fbox", "framebox", "textsuperscript", "MakeUppercase", "uppercase",
             "MakeLowercase", "enquote", "texorpdfstring"}
# declarations that set type, spacing or page layout: no words of the rules, dropped without a note
LAYOUT = {"small", "footnotesize", "scriptsize", "tiny", "normalsize", "large", "Large", "LARGE", "huge", "Huge",
          "itshape", "bfseries", "sffamily", "rmfamily", "ttfamily", "scshape", "upshape", "mdseries", "slshape",
          "normalfont", "em", "bf", "it", "sf", "rm", "tt", "sc", "centering", "raggedright", "raggedleft",
          "noindent", "indent", "par", "newpage", "clearpage", "cleardoublepage", "pagebreak", "vfill", "hfill",
          "smallskip", "medskip", "bigskip", "maketitle", "protect", "relax", "null", "strut", "nopagebreak",
          "onecolumn", "twocolumn", "appendix", "frontmatter", "mainmatter", "backmatter", "selectfont",
          "FloatBarrier", "noindentafter", "leavevmode", "item"}
# layout commands whose braced arguments are sizes, styles or colours, not text
LAYOUT_ARGS = {"vspace": 1, "hspace": 1, "thispagestyle": 1, "pagestyle": 1, "color": 1, "label": 1,
               "setlength": 2, "addtolength": 2, "setcounter": 2, "addtocounter": 2, "fontsize": 2,
               "pagenumbering": 1, "addcontentsline": 3, "phantomsection": 0, "needspace": 1, "rule": 2,
               "linespread": 1, "enlargethispage": 1, "hypersetup": 1, "bibliographystyle": 1, "setstretch": 1,
               "titlespacing": 4, "includegraphics": 1}
CONTENTS = {"tableofcontents", "listoftables", "listoffigures"}
# environments that only place or size what they hold
TRANSPARENT = {"center", "flushleft", "flushright", "minipage", "multicols", "multicols*", "small", "footnotesize",
               "large", "document", "abstract", "samepage", "raggedright", "landscape", "adjustbox"}
QUOTES = {"quote", "quotation", "verse"}
LISTS = {"itemize": "-", "enumerate": "1.", "description": ":", "compactitem": "-", "compactenum": "1.",
         "inparaenum": "1.", "asparaenum": "1."}
FLOATS = {"table", "table*", "figure", "figure*", "sidewaystable", "wrapfigure", "wraptable"}
CODE = {"verbatim", "lstlisting", "minted", "Verbatim"}
TABULAR_BEGIN = re.compile(r"\\begin\{(?:tabular|longtable|tabularx|tabulary)\*?\}")
CAPTION = re.compile(r"\\caption\*?\s*(?:\[[^\]]*\])?(?=\{)")
TABULAR_END = re.compile(r"\\end\{(?:tabular|longtable|tabularx|tabulary)\*?\}")
# the braced arguments an environment inside a float takes that are sizes or places, not words
ENV_ARGS = {"minipage": 1, "subfigure": 1, "subtable": 1, "wrapfigure": 2, "wraptable": 2, "multicols": 1,
            "adjustbox": 1}
MAX_OPTION = 400  # an optional argument's length at most ('[style=nextline,leftmargin=1.5em]')
MAX_NESTING = 40  # groups and environments inside each other; deeper is read as plain words
MAX_EXPANSIONS = 5_000  # macro expansions in a file: a macro that calls itself stops, its name kept
# characters macro expansion may produce in a file: a fixed budget and a few times the file's size, since a
# macro doubling its argument, nested, grows the text exponentially within MAX_EXPANSIONS expansions
EXPANSION_CHARS = 100_000
EXPANSION_TIMES = 4
CALLOUTS = {"note", "tip", "warning", "example", "important", "caution", "remark", "hint"}


def is_latex(text: str) -> bool:
    """A LaTeX source: a '\\documentclass' or '\\begin{document}' line, or two or more sectioning commands
    beside a '\\begin{…}' environment; never a Markdown file ('## ' headings) or an HTML page."""
    if re.search(r"^#{2,6}\s+\S|<h[1-6]\b|<html\b", text, re.M | re.I):
        return False
    if re.search(r"^\s*\\(?:documentclass\b|begin\{document\})", text, re.M):
        return True
    headings = len(re.findall(r"^\s*\\(?:chapter|section|subsection)\*?\{", text, re.M))
    return headings >= 2 and bool(re.search(r"^\s*\\begin\{\w+\*?\}", text, re.M))


@lru_cache(maxsize=32)
def _closers(text: str) -> dict[int, int]:
    """Each '{' of the text -> the index of the '}' closing it (an escaped '\\{' is no brace): found once a text,
    so a line of thousands of unclosed groups is read in one pass, not one pass a group."""
    out: dict[int, int] = {}
    opened: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            opened.append(i)
        elif ch == "}" and opened:
            out[opened.pop()] = i
        i += 1
    return out


def _group(text: str, i: int, open_: str = "{", close: str = "}") -> tuple[str, int] | None:
    """The balanced group starting at text[i] (after spaces): (its inside, the index after it), or None. An
    optional '[…]' is looked for within MAX_OPTION characters: options are short."""
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != open_:
        return None
    if open_ == "{":
        end = _closers(text).get(i)
        return (text[i + 1:end], end + 1) if end is not None else None
    depth, j = 0, i
    while j < min(len(text), i + MAX_OPTION):
        ch = text[j]
        if ch == "\\":
            j += 2
            continue
        if ch == open_:
            depth += 1
        elif ch == close:
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
        j += 1
    return None


def _optional(text: str, i: int) -> int:
    """The index after an optional '[…]' argument at text[i], or i when there is none."""
    found = _group(text, i, "[", "]")
    return found[1] if found else i


def _split(text: str, sep: str) -> list[str]:
    """text split on sep ('&', '\\\\') outside braces, an escaped '\\&' never splitting."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text.startswith("\\\\", i) and sep == "\\\\" and depth == 0:
            parts.append(text[start:i])
            i = _optional(text, i + 2)
            start = i
            continue
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        depth += (ch == "{") - (ch == "}")
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    return parts + [text[start:]]


def _uncomment(text: str) -> tuple[str, str]:
    """(the line before its first unescaped '%', the comment after it)."""
    i = 0
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "%":
            return text[:i], text[i + 1:]
        i += 1
    return text, ""


def _balance(text: str) -> int:
    depth, i = 0, 0
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        depth += (text[i] == "{") - (text[i] == "}")
        i += 1
    return depth


@dataclass
class LatexResult:
    lines: list[Line]
    title: str | None = None
    notes: list[Remark] = field(default_factory=list)


class LatexConverter:
    def __init__(self, lines: list[Line], remarks: list[Remark]):
        self.remarks = remarks
        self.macros: dict[str, tuple[int, str]] = {}  # '\coin' -> (arguments, body)
        self.boxes: set[str] = set()  # environments the preamble defines (a tcolorbox 'sidebar')
        self.labels: dict[str, str] = {}  # 'sec:terms' -> 'Words to Know'; 'tab:weather' -> '1'
        self.unknown: dict[str, int] = {}  # commands read as their text (or dropped), first line
        self.title: str | None = None
        self.front: list[Line] = []  # what \maketitle prints under the title: subtitle, author, date
        self.out: list[Line] = []
        self.counts = {"table": 0, "figure": 0}
        self.expansions = 0
        self.allowed = EXPANSION_CHARS + EXPANSION_TIMES * sum(len(t) for _, t in lines)
        self.budget = self.allowed  # characters expansion may still produce
        self.nesting = 0  # environments open around the line being read
        self._defined: dict[str, int] = {}  # each macro's line
        self.lines = latex_lines.split(self._logical(self._strip_comments(lines)))
        # an environment never closed ends at this empty line, so the file's last line is read like the others
        self.lines.append((self.lines[-1][0] if self.lines else 1, ""))

    def remark(self, kind: str, text: str, line: int) -> None:
        self.remarks.append(Remark(kind, text, line))

    # -- the source's lines ----------------------------------------------------------------------------

    def _strip_comments(self, lines: list[Line]) -> list[Line]:
        """Each line without its '%' comment; a run of comment lines is listed as one dropped comment."""
        out: list[Line] = []
        run: list[Line] = []

        def flush() -> None:
            words = " ".join(t.strip() for _, t in run if re.search(r"\w", t))
            if words:
                self.remark("comment", f"comment dropped: '{excerpt(words)}'", run[0][0])
            run.clear()

        for ln, raw in lines:
            code, comment = _uncomment(raw)
            if comment or raw.lstrip().startswith("%"):
                run.append((ln, comment))
            if code.strip() or not raw.lstrip().startswith("%"):
                flush()
            out.append((ln, code.rstrip() if code.strip() else ""))
        flush()
        return out

    @staticmethod
    def _logical(lines: list[Line]) -> list[Line]:
        """Lines whose braces are open joined with the lines that close them (a '\\caption{…}' over two lines),
        keeping the first line's number; at most 40 lines, so one stray brace never swallows the book."""
        out: list[Line] = []
        balances = [_balance(t) for _, t in lines]
        i = 0
        while i < len(lines):
            ln, text = lines[i]
            j, depth = i + 1, balances[i]
            while depth > 0 and j < len(lines) and j - i < 40 and lines[j][1].strip():
                text += " " + lines[j][1].strip()
                depth += balances[j]
                j += 1
            if depth > 0:  # never closed: read line by line
                text, j = lines[i][1], i + 1
            out.append((ln, text))
            out += [(lines[k][0], "") for k in range(i + 1, j)]
            i = j
        return out

    # -- the preamble ----------------------------------------------------------------------------------

    def preamble(self, end: int) -> None:
        """Macros, boxes, title, author and date from the lines before '\\begin{document}'; the rest (class,
        packages, page style) is listed once."""
        packages = []
        for ln, text in self.lines[:end]:
            self.definitions(ln, text)
            packages += [p.strip() for m in re.finditer(r"\\usepackage(?:\[[^\]]*\])?\{([^}]*)\}", text)
                         for p in m.group(1).split(",")]
        if end:
            first = next((ln for ln, t in self.lines[:end] if t.strip()), self.lines[0][0])
            listed = f" (packages: {', '.join(packages[:12])}{' …' if len(packages) > 12 else ''})" if packages else ""
            self.remark("markup", f"LaTeX preamble dropped, lines {first}–{self.lines[end][0] - 1}{listed}", first)
        for name, (count, body) in self.macros.items():
            self.remark("markup", f"macro \\{name} read as '{excerpt(self.render(body, 0)) or '(nothing)'}'"
                        + (f" ({count} argument{'s' if count > 1 else ''})" if count else ""), self._defined[name])

    def definitions(self, ln: int, text: str) -> bool:
        """Macro, box, title, author and date definitions on the line; True when it held one."""
        found = False
        for match in MACRO_DEF.finditer(text):
            body = _group(text, match.end())
            if body:
                name = match.group("name") or match.group("dname")
                self.macros[name] = (int(match.group("args") or 0), body[0])
                self._defined[name] = ln
                found = True
        for match in BOX_DEF.finditer(text):
            self.boxes.add(match.group("name").strip())
            found = True
        for key in ("title", "author", "date", "subtitle"):
            for match in re.finditer(r"\\" + key + r"\s*(?=[\[{])", text):
                arg = _group(text, _optional(text, match.end()))
                if arg:
                    self.front_matter(key, arg[0], ln)
                    found = True
        return found

    def front_matter(self, key: str, value: str, ln: int) -> None:
        """A title's first line names the game (later lines are its subtitle); the author's and date's lines
        are what \\maketitle prints under it; a '\\thanks' footnote follows them."""
        thanks: list[str] = []
        while found := re.search(r"\\thanks\s*(?=\{)", value):
            arg = _group(value, found.end())
            if not arg:
                break
            thanks.append(arg[0])
            value = value[:found.start()] + value[arg[1]:]
        parts = [p for p in (self.render(p, ln).strip() for p in _split(value, "\\\\")) if p]
        if key == "title" and parts:
            self.title = parts[0]
            self.front += [(ln, f"*{p}*") for p in parts[1:]]
        elif parts:
            self.front.append((ln, " · ".join(parts) if key == "author" else " ".join(parts)))
        self.front += [(ln, self.render(t, ln).strip()) for t in thanks]

    # -- labels ----------------------------------------------------------------------------------------

    def _labels(self, start: int) -> None:
        """What each '\\label{key}' names: the title of the heading above it, or its float's number."""
        heading, floats, counts, current = "", [], {"table": 0, "figure": 0}, None
        for _, text in self.lines[start:]:
            if match := HEADING.match(text):
                arg = _group(text, _optional(text, match.end()))
                heading = self.render(arg[0], 0).strip() if arg else heading
            if (begin := BEGIN.match(text)) and begin.group("env").rstrip("*") in ("table", "figure", "wraptable",
                                                                                  "wrapfigure", "sidewaystable"):
                floats.append(begin.group("env"))
                current = "table" if "table" in begin.group("env") else "figure"
            if "\\caption" in text and current:
                counts[current] += 1
            for match in re.finditer(r"\\label\s*\{([^}]*)\}", text):
                self.labels[match.group(1).strip()] = str(counts[current]) if current else heading
            if (end := END.match(text)) and floats and end.group("env") == floats[-1]:
                floats.pop()
                current = None
        self.counts = {"table": 0, "figure": 0}

    # -- inline text -----------------------------------------------------------------------------------

    def render(self, text: str, ln: int, depth: int = 0) -> str:
        """LaTeX text as inline Markdown: macros expanded, emphasis marked, symbols typed, layout dropped."""
        if depth > MAX_NESTING:  # groups inside groups beyond any rulebook's: the words, without markup
            return re.sub(r"\\[A-Za-z@]+\*?|[{}$]", " ", text)
        out: list[str] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\\":
                match = COMMAND.match(text, i)
                name, i = match.group("name"), match.end()
                if not name[:1].isalpha():
                    if name == "\\":
                        i = _optional(text, i)
                    out.append(ESCAPES.get(name, name))
                    continue
                i, word = self.command(name, text, i, ln, depth)
                out.append(word)
            elif ch in "{}":  # a bare group only scopes a declaration ('{\\small …}'): its braces go, its words stay
                i += 1
            elif ch == "$":
                close = text.find("$", i + 1)
                inner = text[i + 1:close] if close > i else text[i + 1:]
                out.append(self.render(re.sub(r"[\^_](?=\{)", "", inner), ln, depth + 1).replace(" ", "")
                           if len(inner) < 12 and " " not in inner.strip() else self.render(inner, ln, depth + 1))
                i = close + 1 if close > i else len(text)
            elif ch == "~":
                out.append("\u00a0")
                i += 1
            else:
                out.append(ch)
                i += 1
        words = "".join(out)
        words = words.replace("---", "—").replace("--", "–").replace("``", "“").replace("''", "”")
        return re.sub(r"[ \t]{2,}", " ", words)

    def expand(self, size: int, ln: int) -> bool:
        """Whether an expansion of size characters fits the file's budget; past it no macro is expanded (each
        is kept as written) and that is listed once, with the line where it happened."""
        if self.budget >= size:
            self.budget -= size
            self.expansions += 1
            return True
        if self.budget >= 0:
            self.remark("markup", f"macros kept as written from here on: expanding them would pass {self.allowed:,} "
                        "characters", ln)
            self.budget = -1
        return False

    def command(self, name: str, text: str, i: int, ln: int, depth: int) -> tuple[int, str]:
        """(the index after the command and its arguments, its text) for '\\name' read at text[i]."""
        base = name.rstrip("*")
        if base in self.macros and self.expansions < MAX_EXPANSIONS:
            start = i - len(name) - 1
            count, body = self.macros[base]
            for k in range(1, count + 1):
                arg = _group(text, i)
                if not arg:
                    break
                body, i = body.replace(f"#{k}", arg[0]), arg[1]
            if not count and text.startswith("{}", i):
                i += 2  # '\coin{}': the empty group only ends the macro's name
            if not self.expand(len(body), ln):
                return i, text[start:i]
            return i, self.render(body, ln, depth + 1)
        if base in REFS:
            arg = _group(text, _optional(text, i))
            if not arg:
                return i, ""
            key = arg[0].split(",")[0].strip()
            if key not in self.labels:
                self.unknown.setdefault(f"\\{base}{{{key}}} (no such label)", ln)
            named = self.labels.get(key, key)
            return arg[1], named if named.isdigit() or base == "hyperref" else f"“{named}”"
        if base in SYMBOLS:
            return (i + 2 if text.startswith("{}", i) else i), SYMBOLS[base]
        if base in EMPHASIS or base in TEXT_ONLY or base in ("textcolor", "colorbox", "href", "footnote", "url",
                                                             "texttt", "caption", "thanks"):
            if base in ("textcolor", "colorbox"):
                skipped = _group(text, _optional(text, i))
                i = skipped[1] if skipped else i
            if base == "href":
                url = _group(text, i)
                i = url[1] if url else i
            arg = _group(text, _optional(text, i))
            if not arg:
                return i, ""
            inner = self.render(arg[0], ln, depth + 1)
            if base in EMPHASIS and inner.strip():
                mark = EMPHASIS[base]
                return arg[1], f"{mark}{inner.strip()}{mark}"
            if base == "texttt":
                return arg[1], f"`{inner}`"
            if base in ("footnote", "thanks"):
                return arg[1], f" ({inner.strip()})"
            if base == "href" and url:
                return arg[1], f"[{inner}]({url[0].strip()})"
            return arg[1], inner
        if base in LAYOUT:
            return (i + 2 if text.startswith("{}", i) else i), ""
        if base in LAYOUT_ARGS:
            i = _optional(text, i)
            for _ in range(LAYOUT_ARGS[base]):
                arg = _group(text, _optional(text, i))
                i = arg[1] if arg else i
            return i, ""
        # a command the converter does not know: its braced text stays, the command is listed
        self.unknown.setdefault(f"\\{base}", ln)
        i = _optional(text, i)
        arg = _group(text, i)
        if arg:
            return arg[1], self.render(arg[0], ln, depth + 1)
        return i, ""

    # -- the document ----------------------------------------------------------------------------------

    def convert(self) -> LatexResult:
        start = next((k for k, (_, t) in enumerate(self.lines) if re.match(r"^\s*\\begin\{document\}", t)), None)
        if start is not None:
            self.preamble(start)
            body_from = start + 1
        else:
            for ln, text in self.lines:
                self.definitions(ln, text)
            body_from = 0
        self._labels(body_from)
        levels = [c for c in SECTIONING if any(re.match(r"^\s*\\" + c + r"\*?\s*[\[{]", t) for _, t in self.lines)]
        self.levels = {c: min(k + 2, 6) for k, c in enumerate(levels)}
        i = body_from
        while i < len(self.lines):
            i = self.block(i)
        for command, ln in self.unknown.items():
            self.remark("markup", f"LaTeX command {command} not known: read as its text", ln)
        return LatexResult(self.out, self.title)

    def emit(self, ln: int, text: str, prefix: str = "") -> None:
        self.out.append((ln, prefix + text if text else prefix.rstrip()))

    def block(self, i: int, prefix: str = "") -> int:
        """Convert the construct starting at line i; the index after it."""
        ln, text = self.lines[i]
        stripped = text.strip()
        if not stripped:
            self.emit(ln, "", prefix)
            return i + 1
        if re.match(r"^\\end\{document\}", stripped):
            rest = [t for _, t in self.lines[i + 1:] if t.strip()]
            if rest:
                self.remark("markup", f"text after \\end{{document}} dropped: '{excerpt(' '.join(rest))}'", ln)
            return len(self.lines)
        if re.match(r"^\\maketitle\b", stripped):
            for n, t in self.front:  # each a paragraph of its own: the subtitle says what the game is
                self.out += [(n, ""), (n, t)] if t else []
            self.out.append((ln, ""))
            self.front = []
            return i + 1
        if match := re.match(r"^\\(" + "|".join(CONTENTS) + r")\b", stripped):
            self.remark("contents", f"\\{match.group(1)} dropped (the headings are read where they stand)", ln)
            return i + 1
        if self.definitions(ln, text) and re.match(r"^\\(?:(?:re)?new|def|title|author|date|subtitle)", stripped):
            return i + 1
        if match := HEADING.match(text):
            return self.heading(i, match, prefix)
        if match := BEGIN.match(text):
            return self.environment(i, match.group("env"), prefix)
        if END.match(text):
            return i + 1  # an '\end' with no '\begin' read
        if "\\includegraphics" in text:
            self.picture(ln, text)
            text = re.sub(r"\\includegraphics\*?(?:\[[^\]]*\])?\{[^}]*\}", "", text)
        self.emit(ln, self.render(text, ln).strip(), prefix)
        return i + 1

    def picture(self, ln: int, text: str) -> None:
        for match in re.finditer(r"\\includegraphics\*?(?:\[[^\]]*\])?\{([^}]*)\}", text):
            self.remark("image", f"picture dropped: {match.group(1).strip()}", ln)

    def heading(self, i: int, match: re.Match, prefix: str) -> int:
        ln, text = self.lines[i]
        arg = _group(text, _optional(text, match.end()))
        if not arg:
            self.emit(ln, self.render(text, ln).strip(), prefix)
            return i + 1
        title = self.render(arg[0], ln).strip()
        rest = self.render(text[arg[1]:], ln).strip()
        if match.group("cmd") in self.levels:
            self.out += [(ln, prefix.rstrip()), (ln, prefix + "#" * self.levels[match.group("cmd")] + " " + title),
                         (ln, prefix.rstrip())]
            if rest:
                self.emit(ln, rest, prefix)
        else:  # '\paragraph{Two players.}': a run-in title
            self.emit(ln, f"**{title}** {rest}".strip(), prefix)
        return i + 1

    def _end(self, i: int, env: str) -> int:
        """The index of the line ending the environment opened at line i (nested ones of its name skipped)."""
        depth = 0
        for k in range(i, len(self.lines)):
            text = self.lines[k][1]
            depth += len(re.findall(r"\\begin\{" + re.escape(env) + r"\}", text))
            depth -= len(re.findall(r"\\end\{" + re.escape(env) + r"\}", text))
            if depth <= 0:
                return k
        return len(self.lines) - 1

    def environment(self, i: int, env: str, prefix: str) -> int:
        ln, text = self.lines[i]
        if self.nesting >= MAX_NESTING:  # deeper than any rulebook: the line's words, the nesting unread
            self.emit(ln, self.render(text, ln).strip(), prefix)
            return i + 1
        self.nesting += 1
        try:
            return self._environment(i, env, prefix)
        finally:
            self.nesting -= 1

    def _environment(self, i: int, env: str, prefix: str) -> int:
        ln, text = self.lines[i]
        end = self._end(i, env)
        after = text[BEGIN.match(text).end():]
        name = env.rstrip("*")
        opening = re.match(r"^\s*(?:\[[^\]]*\])?", after).end()
        if name in LISTS:
            self.items(i + 1, end, LISTS[name], prefix)
        elif env in FLOATS or name == "tabular" or name in ("tabularx", "longtable", "tabulary"):
            self.floating(i, end, prefix)
        elif name in CODE:
            self.out += [(ln, prefix + "```")] + [(n, prefix + t) for n, t in self.lines[i + 1:end]]
            self.out.append((self.lines[end][0], prefix + "```"))
        elif name in QUOTES or name in self.boxes or name in CALLOUTS:
            title = _group(after, opening)
            head = self.render(title[0], ln).strip() if title else ""
            head = head or (name.capitalize() if name in CALLOUTS or name in self.boxes else "")
            self.emit(ln, "", prefix)
            if head:
                self.emit(ln, f"**{head}**", prefix + "> ")
                self.emit(ln, "", prefix + "> ")
            self.body(i, end, prefix + "> ", after[(title[1] if title else opening):])
            self.emit(self.lines[end][0], "", prefix)
        else:
            if name not in TRANSPARENT:
                self.remark("markup", f"LaTeX environment '{env}' read as plain text", ln)
            self.body(i, end, prefix, after[opening:])
        return end + 1

    def body(self, i: int, end: int, prefix: str, first: str = "") -> None:
        """The lines between an environment's \\begin (line i, text after it: first) and its \\end."""
        ln = self.lines[i][0]
        if first.strip():
            self.emit(ln, self.render(first, ln).strip(), prefix)
        k = i + 1
        while k < end:
            k = self.block(k, prefix)
        closing = self.lines[end][1]
        before = closing[:closing.find("\\end{")] if "\\end{" in closing else ""
        if end > i and before.strip():
            self.emit(self.lines[end][0], self.render(before, ln).strip(), prefix)

    def items(self, start: int, end: int, marker: str, prefix: str) -> None:
        """A list's '\\item' lines: continuation lines joined to their item, nested lists indented under it, a
        description item a Markdown definition ('Term' then ': meaning'), or a bold lead-in when it asks a
        question (an FAQ set as a description list)."""
        number = 0
        k = start
        item: list = []  # [line, label, words]

        def flush() -> None:
            nonlocal number
            if not item:
                return
            n, label, words = item
            words = self.render(" ".join(words), n).strip()
            label = self.render(label, n).strip() if label is not None else None
            if marker == ":":
                if label and label.rstrip().endswith("?"):
                    self.out += [(n, prefix + f"**{label}** {words}".strip()), (n, prefix.rstrip())]
                elif label:
                    self.out += [(n, prefix + label), (n, prefix + ": " + words), (n, prefix.rstrip())]
                else:
                    self.out += [(n, prefix + words), (n, prefix.rstrip())]
            elif marker == "1.":
                number += 1
                self.emit(n, f"{number}. {(label + ' ') if label else ''}{words}", prefix)
            else:
                self.emit(n, f"- {(label + ' ') if label else ''}{words}", prefix)
            item.clear()

        while k < end:
            ln, text = self.lines[k]
            if ITEM.match(text):
                flush()
                rest = text[ITEM.match(text).end():]
                label = _group(rest, 0, "[", "]")
                item[:] = [ln, label[0] if label else None, [rest[label[1]:] if label else rest]]
                k += 1
            elif BEGIN.match(text):
                flush()
                k = self.environment(k, BEGIN.match(text).group("env"), prefix + "    ")
            elif text.strip() and item:
                item[2].append(text.strip())
                k += 1
            else:
                if text.strip():
                    flush()
                    self.emit(ln, self.render(text, ln).strip(), prefix)
                k += 1
        flush()
        self.emit(self.lines[end][0], "", prefix)

    def floating(self, i: int, end: int, prefix: str) -> None:
        """A table or figure float (or a bare tabular): its captions as bold lines ('Table 1: …'), then its
        tabulars as pipe tables and its other lines as text, in the source's order; pictures listed."""
        ln = self.lines[i][0]
        kind = "Figure" if "figure" in self.lines[i][1] else "Table"
        captions: list[str] = []
        body: list[Line] = []  # every tabular and every line of text: a float may hold several
        k = i
        while k <= end:
            n, text = self.lines[k]
            if TABULAR_BEGIN.search(text):
                close = next((j for j in range(k, end + 1) if TABULAR_END.search(self.lines[j][1])), end)
                body += ([(n, prefix.rstrip())] if body else []) + self.tabular(k, close, prefix)
                k = close + 1
                continue
            while (found := CAPTION.search(text)) and (arg := _group(text, found.end())):
                self.counts[kind.lower()] += 1
                captions.append(f"**{kind} {self.counts[kind.lower()]}: {self.render(arg[0], n).strip()}**")
                text = text[:found.start()] + text[arg[1]:]
            if "\\includegraphics" in text:
                self.picture(n, text)
                text = re.sub(r"\\includegraphics\*?(?:\[[^\]]*\])?\{[^}]*\}", "", text)
            words = self.render(self._unwrapped(text), n).strip()
            if words:
                body.append((n, prefix + words))
            k += 1
        self.emit(ln, "", prefix)
        for caption in captions:
            self.out += [(ln, prefix + caption), (ln, prefix.rstrip())]
        self.out += body
        self.emit(self.lines[end][0], "", prefix)

    @staticmethod
    def _unwrapped(text: str) -> str:
        """A float's line without the \\begin / \\end of an environment in it (the float's own, a minipage's)
        and their options and sizes: the words after them are read ('\\begin{minipage}{.5\\linewidth}Roll')."""
        if END.match(text):
            return ""
        if not (match := BEGIN.match(text)):
            return text
        i = _optional(text, match.end())
        for _ in range(ENV_ARGS.get(match.group("env"), 0)):
            arg = _group(text, _optional(text, i))
            i = arg[1] if arg else i
        return text[i:]

    def tabular(self, start: int, close: int, prefix: str) -> list[Line]:
        """A tabular's rows ('3--4 & Fair skies \\\\') as a pipe table: the first row is its header when a
        rule ('\\midrule', '\\hline') follows it, otherwise every row is data under an empty header."""
        first = self.lines[start][1]
        opened = re.search(r"\\begin\{\w+\*?\}", first)
        pos = opened.end()
        if "tabularx" in opened.group(0) or "tabulary" in opened.group(0):
            width = _group(first, pos)
            pos = width[1] if width else pos
        spec = _group(first, _optional(first, pos))
        pieces = [(self.lines[start][0], first[spec[1] if spec else pos:])]
        pieces += [(n, t) for n, t in self.lines[start + 1:close + 1]]
        rows: list[tuple[int, list[str]]] = []
        header = False
        pending = ""
        row_line = None
        for n, text in pieces:
            text = re.sub(r"\\end\{(?:tabular|longtable|tabularx|tabulary)\*?\}.*$", "", text)
            if RULES.search(text) and len(rows) == 1 and not pending.strip():
                header = True
            text = RULES.sub("", text)
            if not text.strip():
                continue
            row_line = row_line or n
            parts = _split(text, "\\\\")
            pending += " " + parts[0]
            for part in parts[1:]:
                rows.append((row_line, [self.render(c, n).strip().replace("|", "\\|") for c in _split(pending, "&")]))
                pending, row_line = part, n
            if not pending.strip():
                row_line = None
        if pending.strip():
            rows.append((row_line or self.lines[start][0], [self.render(c, 0).strip() for c in _split(pending, "&")]))
        if not rows:
            return []
        width = max(len(r) for _, r in rows)
        rows = [(n, r + [""] * (width - len(r))) for n, r in rows]
        head = rows[0][1] if header else [""] * width
        data = rows[1:] if header else rows
        out = [(rows[0][0], prefix + "| " + " | ".join(head) + " |"), (rows[0][0], prefix + "|" + "---|" * width)]
        out += [(n, prefix + "| " + " | ".join(r) + " |") for n, r in data]
        return out + [(self.lines[close][0], prefix.rstrip())]


def to_markdown(lines: list[Line], remarks: list[Remark]) -> LatexResult:
    """The LaTeX document's lines as Markdown lines (each with its source line) and its '\\title'."""
    return LatexConverter(lines, remarks).convert()
