"""The formats pandoc reads for the importer, known by their content, and what pandoc drops without a word.

LaTeX, Org, reStructuredText and MediaWiki sources are converted by pandoc (:mod:`pandoc_run`) and read by the
one outliner (:mod:`ast_outline`). What pandoc leaves out silently is listed here first, with its line, so the
report mentions it: LaTeX ``%`` comments, Org comment lines and ``COMMENT`` subtrees, wiki templates,
references and categories. Org ``:noexport:`` subtrees are kept (pandoc would drop them) and marked private:
prose, never data.
"""

from __future__ import annotations

import re

from . import ast_outline, pandoc_run
from .outline import Outline, Remark
from .pandoc_run import PandocError
from .text import excerpt

READERS = {"latex": "latex+raw_tex", "org": "org", "rst": "rst", "wiki": "mediawiki", "odt": "odt"}
FORMAT_TITLES = {"latex": "LaTeX", "org": "Org", "rst": "reStructuredText", "wiki": "MediaWiki", "odt": "OpenDocument"}
FORMAT_NAMES = {"latex": "latex", "org": "org", "rst": "rst", "wiki": "wiki", "odt": "odt"}
_NOT_MARKUP_OF_ITS_OWN = re.compile(r"^#{2,6}\s+\S|<h[1-6]\b|<html\b", re.M | re.I)  # Markdown or HTML


def is_latex(text: str) -> bool:
    """A '\\documentclass' or '\\begin{document}' line, or two sectioning commands beside an environment."""
    if _NOT_MARKUP_OF_ITS_OWN.search(text):
        return False
    if re.search(r"^\s*\\(?:documentclass\b|begin\{document\})", text, re.M):
        return True
    headings = len(re.findall(r"^\s*\\(?:chapter|section|subsection)\*?\{", text, re.M))
    return headings >= 2 and bool(re.search(r"^\s*\\begin\{\w+\*?\}", text, re.M))


def is_org(text: str, suffix: str = "") -> bool:
    """Two '#+KEYWORD:' / '#+BEGIN_' lines, or two '* ' headlines beside an Org-only mark; a '.org' name."""
    if suffix.lower() == ".org":
        return True
    if re.search(r"^#{2,6}\s+\S|<h[1-6]\b", text, re.M | re.I):
        return False
    keywords = len(re.findall(r"^\s*#\+(?:[A-Za-z_]+:|begin_)", text, re.M | re.I))
    headlines = len(re.findall(r"^\*+ +\S", text, re.M))
    marks = bool(keywords or re.search(r"^\s*:(?:PROPERTIES|LOGBOOK):\s*$|\[\[[^\]\n]+\]\[[^\]\n]+\]\]"
                                       r"|^\*+ .*\s:[\w@#%:]+:\s*$|^\s*- .+ :: ", text, re.M))
    return keywords >= 2 or headlines >= 2 and marks


_ADORNMENT = re.compile(r"^([=\-`:'\"~^_*+#<>.])\1{2,}\s*$")


def is_rst(text: str) -> bool:
    """Two underlined titles and a mark only reST has ('.. name::', '.. _label:', ':role:`text`')."""
    if _NOT_MARKUP_OF_ITS_OWN.search(text):
        return False
    lines = text.split("\n")
    titles = sum(1 for k in range(1, len(lines)) if _ADORNMENT.match(lines[k]) and lines[k - 1].strip()
                 and not _ADORNMENT.match(lines[k - 1]) and len(lines[k].rstrip()) >= len(lines[k - 1].rstrip()))
    marks = re.search(r"^\s*\.\.\s+(?:[\w:-]+::|_[^:\n]+:|\|[^|\n]+\|\s+\w+::)|:(?:term|ref|doc):`", text, re.M)
    return titles >= 2 and bool(marks)


_WIKI_HEADING = re.compile(r"^==+\s*.+?\s*==+\s*$")


def is_wikitext(text: str) -> bool:
    """Two '== Heading ==' lines and other wiki markup ('[[…]]', '{{…}}', "'''", '{|'), no HTML heading."""
    if re.search(r"<h[1-6]\b", text, re.I):
        return False
    headings = sum(1 for line in text.split("\n") if _WIKI_HEADING.match(line))
    return headings >= 2 and bool(re.search(r"\[\[|\{\{|'''|^\{\|", text, re.M))


# a file named for its format is read as it: a short page shows too few marks to be told by its text
SUFFIXES = {".tex": "latex", ".latex": "latex", ".ltx": "latex", ".rst": "rst", ".rest": "rst", ".wiki": "wiki",
            ".mediawiki": "wiki", ".wikitext": "wiki"}


def format_of(text: str, suffix: str) -> str | None:
    """'latex', 'org', 'rst' or 'wiki' when pandoc is to read the text, else None (Markdown, HTML, text)."""
    if suffix.lower() in SUFFIXES:
        return SUFFIXES[suffix.lower()]
    if is_org(text, suffix):
        return "org"
    if is_latex(text):
        return "latex"
    if is_rst(text):
        return "rst"
    if is_wikitext(text):
        return "wiki"
    return None


# -- what pandoc drops silently, listed with its line -------------------------------------------------------

_TEX_COMMENT = re.compile(r"(?<!\\)%(.*)$")
_ORG_COMMENT = re.compile(r"^\s*#(?:\s(?P<text>.*)|$)")
_ORG_COMMENT_TREE = re.compile(r"^(?P<stars>\*+)\s+COMMENT\b\s*(?P<title>.*)$")


MAX_NESTING = 50  # groups and environments inside each other; a rulebook nests a handful deep
_TEX_TOKEN = re.compile(r"\\begin\{([^{}]*)\}|\\end\{([^{}]*)\}|\\[{}%\\]|\\verb(.).*?\3"
                        r"|(?:\\([A-Za-z@]+)\s*)?\{|\}|%.*")
_MACRO = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z@]+)\}?\s*\[(\d)\](?:\[[^\]]*\])?\s*"
                    r"\{((?:[^{}]|\{[^{}]*\})*)\}")
MAX_COPIES = 4096  # copies of an argument the macros round it make: '\\d{#1#1}' nested 14 deep makes 16 384
# enumitem's layout options ('\\begin{description}[style=nextline]'), which make pandoc keep the list as raw TeX
_LIST_OPTIONS = re.compile(r"(\\begin\{(?:description|itemize|enumerate)\})\s*\[[^\]\n]*\]")
_VERBATIM = ("verbatim", "verbatim*", "lstlisting", "minted", "comment")
# page layout around the text ('\\begin{multicols}{2}' … '\\end{multicols}', a title page): pandoc knows none of
# these and keeps the environment, with every rule inside it, as one raw TeX block; unwrapped, the text is read
_LAYOUT_ENV = re.compile(r"\\(?:begin\{(?:multicols\*?|titlepage|adjustwidth|landscape|spacing|singlespace\*?|"
                         r"onehalfspace|doublespace|samepage|raggedright|paracol)\}(?:\{[^{}\n]*\}|\[[^\]\n]*\])*|"
                         r"end\{(?:multicols\*?|titlepage|adjustwidth|landscape|spacing|singlespace\*?|onehalfspace|"
                         r"doublespace|samepage|raggedright|paracol)\})")


def check_latex(text: str) -> list[tuple[int, int]]:
    """PandocError, at its line, for groups or environments nested more than MAX_NESTING deep, or macros nested so
    that they copy their arguments more than MAX_COPIES times: what pandoc spends minutes on (a thousand unclosed
    groups, a '\\d{#1#1}' nested 14 deep: 85 MB of tree) before it answers. What it reads quickly and refuses
    (an environment never closed) it says itself, at its line."""
    stack: list[tuple[str, int, int, int]] = []  # ('{' or an environment's name, line, copies it makes, column)
    unclosed: list[tuple[int, int]] = []  # (line, column) of each '{' nothing closes
    copies = {m.group(1): max(m.group(3).count(f"#{k}") for k in range(1, int(m.group(2)) + 1))
              for m in _MACRO.finditer(text) if int(m.group(2)) > 0}
    made = 1  # copies the groups open here are made
    verbatim = None
    for n, line in enumerate(text.split("\n"), start=1):
        for match in _TEX_TOKEN.finditer(line):
            begin, end, token = match.group(1), match.group(2), match.group(0)
            if verbatim is not None:
                if end == verbatim:
                    verbatim = None
                continue
            if begin is not None:
                if begin in _VERBATIM:
                    verbatim = begin
                    continue
                stack.append((begin, n, 1, 0))
            elif end is not None:  # closes its environment and any group left open in it ('{% raw %}')
                names = [entry[0] for entry in stack]
                if end in names:
                    while stack[-1][0] != end:
                        name, line, factor, col = stack.pop()
                        made //= factor
                        if name == "{":
                            unclosed.append((line, col))
                    stack.pop()
            elif token.endswith("{") and not token.startswith("\\{"):
                factor = max(copies.get(match.group(4) or "", 1), 1)
                stack.append(("{", n, factor, match.end() - 1))
                made *= factor
                if made > MAX_COPIES:
                    raise PandocError(f"the macro \\{match.group(4)} is nested so deep that expanding it makes more "
                                      f"than {MAX_COPIES} copies of its text; simplify the macros", n)
            elif token == "}" and stack and stack[-1][0] == "{":
                made //= stack.pop()[2]
            if len(stack) > MAX_NESTING:
                raise PandocError(f"groups or environments are nested more than {MAX_NESTING} deep; flatten them", n)
    return unclosed + [(line, col) for name, line, _, col in stack if name == "{"]


def _braces_as_text(text: str, braces: list[tuple[int, int]], remarks: list[Remark]) -> str:
    """The text with each '{' that nothing closes written '\\{' (a '{% raw %}' whose '%' hides its '}'): shown as
    the brace it is, as TeX could not, instead of pandoc refusing the whole file at its end."""
    lines = text.split("\n")
    for line, col in sorted(braces, reverse=True):
        lines[line - 1] = lines[line - 1][:col] + "\\" + lines[line - 1][col:]
        remarks.append(Remark("markup", "a '{' that nothing closes is read as text", line))
    return "\n".join(lines)


def _tex_remarks(lines: list[str], remarks: list[Remark]) -> None:
    """Comments, and the preamble (class, packages, macros): layout, listed with the packages it loads."""
    begin = next((n for n, line in enumerate(lines) if re.match(r"^\s*\\begin\{document\}", line)), None)
    start = next((n for n, line in enumerate(lines) if re.match(r"^\s*\\documentclass\b", line)), None)
    if begin is not None and start is not None and begin > start + 1:
        packages = [p.strip() for line in lines[start:begin] if not line.lstrip().startswith("%")
                    for group in re.findall(r"\\usepackage(?:\[[^\]]*\])?\{([^}]*)\}", line) for p in group.split(",")]
        listed = f" (packages: {', '.join(packages)})" if packages else ""
        remarks.append(Remark("markup", f"LaTeX preamble dropped, lines {start + 1}–{begin}{listed}", start + 1))
    run: list[tuple[int, str]] = []
    for n, line in enumerate(lines + [""], start=1):
        match = _TEX_COMMENT.search(line.replace("\\\\", "  "))
        if match and n <= len(lines):
            run.append((n, match.group(1).strip()))
            if line.lstrip().startswith("%"):
                continue
        if run:
            words = " ".join(t for _, t in run if t)
            if words:
                remarks.append(Remark("comment", f"comment dropped: '{excerpt(words)}'", run[0][0]))
            run = []


_ORG_KEYWORD = re.compile(r"^\s*#\+(?P<key>AUTHOR|DATE|EMAIL|INCLUDE|SETUPFILE):\s*(?P<value>.*)$", re.I)
_ORG_DRAWER = re.compile(r"^\s*:[\w-]+:\s*$")
_ORG_BLOCK = re.compile(r"^\s*#\+(?P<end>begin|end)_(?P<name>\w+)", re.I)


def _org_remarks(lines: list[str], remarks: list[Remark]) -> None:
    skip_below, tree = 0, None  # the level of a COMMENT subtree being skipped, its (line, title, words)
    for n, line in enumerate(lines + ["* "], start=1):
        headline = re.match(r"^(\*+)\s", line)
        if headline and skip_below and len(headline.group(1)) <= skip_below:
            words = excerpt(" ".join(tree[2]))
            remarks.append(Remark("comment", f"commented-out section '{tree[1]}' dropped" +
                                  (f": {words}" if words else ""), tree[0]))
            skip_below = 0
        if n > len(lines):
            break
        commented = _ORG_COMMENT_TREE.match(line)
        if commented and not skip_below:
            skip_below, tree = len(commented.group("stars")), (n, commented.group("title").strip(), [])
            continue
        if skip_below:
            tree[2].append(line.strip())
            continue
        keyword = _ORG_KEYWORD.match(line)
        if keyword:
            key = keyword.group("key").upper()
            kind = "included file not imported" if key in ("INCLUDE", "SETUPFILE") else "document keyword dropped"
            remarks.append(Remark("markup", f"{kind}: {key}: {excerpt(keyword.group('value'))}", n))
            continue
        comment = _ORG_COMMENT.match(line)
        if comment and (comment.group("text") or "").strip():
            remarks.append(Remark("comment", f"comment line dropped: '{excerpt(comment.group('text'))}'", n))


def _org_closed_blocks(text: str) -> str:
    """Org with each '#+BEGIN_…' that no '#+END_…' closes made a line of text (',#+BEGIN_QUOTE'): pandoc's reader
    tries every unclosed opener against the rest of the file, minutes for a few thousand of them."""
    lines = text.split("\n")
    open_at: list[tuple[int, str]] = []
    unclosed: set[int] = set()
    for k, line in enumerate(lines):
        block = _ORG_BLOCK.match(line)
        if not block:
            continue
        name = block.group("name").lower()
        if block.group("end").lower() == "begin":
            open_at.append((k, name))
        else:
            while open_at and open_at[-1][1] != name:
                unclosed.add(open_at.pop()[0])
            if open_at:
                open_at.pop()
    unclosed |= {k for k, _ in open_at}
    closer = len(lines)  # the next ':END:' before the next headline, from each line on: a drawer needs one
    for k in range(len(lines) - 1, -1, -1):
        if re.match(r"^\*+\s", lines[k]):
            closer = len(lines)
        elif re.match(r"^\s*:END:\s*$", lines[k], re.I):
            closer = k
        elif _ORG_DRAWER.match(lines[k]) and closer == len(lines):
            unclosed.add(k)
    return "\n".join("," + line.lstrip() if k in unclosed else line for k, line in enumerate(lines))


_RST_EXPLICIT = re.compile(r"^\.\.(?:\s+(?P<rest>.*))?$")
_RST_DIRECTIVE = re.compile(r"^(?P<name>[\w:-]+)::")
# directives that print no rules text (a contents list, an index, a file pulled in): listed, left to pandoc
_RST_DROPPED = {"contents", "toctree", "index", "highlight", "meta", "include", "literalinclude", "sectnum",
                "only", "image", "figure"}


def _rst_remarks(lines: list[str], remarks: list[Remark]) -> None:
    """reST comments ('.. a note to self') and directives that print nothing, which pandoc drops silently."""
    for n, line in enumerate(lines):
        match = _RST_EXPLICIT.match(line)
        if not match:
            continue
        rest = (match.group("rest") or "").strip()
        directive = _RST_DIRECTIVE.match(rest)
        if directive:
            name = directive.group("name").lower()
            if name in _RST_DROPPED:
                what = "picture dropped" if name in ("image", "figure") else f"'{name}' directive dropped"
                arg = rest[directive.end():].strip()
                remarks.append(Remark("image" if "picture" in what else "markup",
                                      what + (f": {excerpt(arg)}" if arg else ""), n + 1))
            continue
        if rest.startswith(("_", "[", "|")):
            continue  # a target, a footnote or a substitution: pandoc reads them
        words = [rest] + [ln.strip() for ln in _indented_after(lines, n)]
        if " ".join(words).strip():
            remarks.append(Remark("comment", f"comment dropped: '{excerpt(' '.join(w for w in words if w))}'", n + 1))


def _rst_targets(lines: list[str]) -> dict[str, str]:
    """'.. _current:' -> the title of the section it stands before ('The current die'): what ':ref:' prints."""
    out = {}
    for n, line in enumerate(lines):
        target = re.match(r"^\.\.\s+_([^:]+):\s*$", line)
        if not target:
            continue
        k = n + 1
        while k < len(lines) and (not lines[k].strip() or _ADORNMENT.match(lines[k])):
            k += 1
        if k + 1 < len(lines) and _ADORNMENT.match(lines[k + 1]):
            out[target.group(1).strip().lower()] = lines[k].strip()
    return out


def _indented_after(lines: list[str], n: int) -> list[str]:
    out = []
    for line in lines[n + 1:]:
        if line.strip() and not line[:1].isspace():
            break
        out.append(line)
    return out


_WIKI_REF = re.compile(r"<ref\b[^>/]*/>|<ref\b[^>]*>.*?</ref\s*>", re.I | re.S)
_WIKI_CATEGORY = re.compile(r"\[\[Category:(?P<name>[^\]|]*)(?:\|[^\]]*)?\]\]", re.I)


def _template_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each outermost '{{…}}' template, found in one pass (an unclosed one runs to the end)."""
    spans, depth, start, i = [], 0, 0, 0
    while i < len(text) - 1:
        pair = text[i:i + 2]
        if pair == "{{":
            start = i if depth == 0 else start
            depth, i = depth + 1, i + 2
        elif pair == "}}" and depth:
            depth, i = depth - 1, i + 2
            if depth == 0:
                spans.append((start, i))
        else:
            i += 1
    if depth:
        spans.append((start, len(text)))
    return spans


def _without_wiki_macros(text: str, remarks: list[Remark]) -> str:
    """The page without templates, references and categories (the platform's macros and footnotes, no words of
    the rules), each listed with its line; an infobox's title becomes the page's title. Lines are kept."""
    def line_of(at: int) -> int:
        return text.count("\n", 0, at) + 1

    def blanked(part: str) -> str:
        return "\n" * part.count("\n")

    for match in _WIKI_REF.finditer(text):
        body = re.sub(r"<[^>]+>", "", match.group(0)).strip()
        remarks.append(Remark("markup", f"reference dropped: '{excerpt(body)}'" if body else
                              "reference mark dropped (a footnote the page repeats)", line_of(match.start())))
    for match in _WIKI_CATEGORY.finditer(text):
        remarks.append(Remark("markup", f"wiki category dropped: '{match.group('name').strip()}'",
                              line_of(match.start())))
    text = _WIKI_CATEGORY.sub("", _WIKI_REF.sub(lambda m: blanked(m.group(0)), text))
    out, last = [], 0
    for start, end in _template_spans(text):
        body = text[start + 2:end - 2]
        name, *fields = [f.strip() for f in body.split("|")]
        title = next((f.split("=", 1)[1].strip() for f in fields if re.match(r"title\s*=", f)), "")
        heading = f"= {title} =" if title and name.lower().startswith("infobox") else ""
        remarks.append(Remark("markup", f"wiki template '{excerpt(name)}' dropped" +
                              (f": {excerpt('; '.join(f for f in fields if f))}" if any(fields) else ""),
                              line_of(start)))
        part = text[start:end]
        out += [text[last:start], heading + blanked(part) if heading else blanked(part)]
        last = end
    text = "".join(out) + text[last:]
    return text


_ORG_EXCLUDE = re.compile(r"^\s*#\+EXCLUDE_TAGS:(.*)$", re.I | re.M)


def _with_org_exports(text: str) -> str:
    """Org with its ':noexport:' (and '#+EXCLUDE_TAGS:') subtrees kept and their tags shown, where pandoc drops
    them: read, then marked private."""
    return "#+OPTIONS: tags:t\n" + _ORG_EXCLUDE.sub("", text) + "\n#+EXCLUDE_TAGS: rulecraftkeepsall\n"


def _org_private_tags(text: str) -> set[str]:
    return {tag for match in _ORG_EXCLUDE.finditer(text) for tag in match.group(1).split()}


def read(text: str, source: str, fmt: str) -> Outline:
    """The outline of a LaTeX, Org, reStructuredText or wiki source, its findings on the source's lines."""
    lines = text.split("\n")
    remarks: list[Remark] = []
    given = text
    if fmt == "latex":
        given = _LAYOUT_ENV.sub("", _LIST_OPTIONS.sub(r"\1", _braces_as_text(text, check_latex(text), remarks)))
        _tex_remarks(lines, remarks)
    elif fmt == "org":
        _org_remarks(lines, remarks)
        given = _with_org_exports(_org_closed_blocks(text))
    elif fmt == "rst":
        _rst_remarks(lines, remarks)
    elif fmt == "wiki":
        given = _without_wiki_macros(text, remarks)
    ast, warnings = pandoc_run.to_ast(given.encode("utf-8"), READERS[fmt])
    targets = _rst_targets(lines) if fmt == "rst" else None
    outline = ast_outline.read(ast, source, FORMAT_NAMES[fmt], text, front=fmt != "org", targets=targets,
                               private_tags=_org_private_tags(text) if fmt == "org" else set())
    outline.remarks[:0] = remarks + pandoc_run.warning_remarks(warnings, given, text)
    outline.remarks.sort(key=lambda r: int(r.line))
    return outline


MAX_UNPACKED_BYTES = 50_000_000  # an .odt's XML unpacked: a long rulebook's is a few MB; more is a zip bomb


def read_binary(data: bytes, source: str, fmt: str, text_limit: int) -> Outline:
    """The outline of an OpenDocument text (.odt), read by pandoc, placed by paragraph ('paragraph 12')."""
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = {info.filename: info.file_size for info in archive.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError):
        raise PandocError("it is damaged (its zip archive cannot be opened); save it again from LibreOffice") from None
    if "content.xml" not in names:
        raise PandocError("it holds no content.xml, so no text; save it again from LibreOffice")
    if sum(size for name, size in names.items() if name.endswith(".xml")) > MAX_UNPACKED_BYTES:
        raise PandocError(f"its text unpacks to more than {MAX_UNPACKED_BYTES // 1_000_000} MB (a zip bomb?); "
                          "split it and import the rules part")
    ast, warnings = pandoc_run.to_ast(data, READERS[fmt])
    paragraphs = ast_outline.plain_lines(ast)
    if len(paragraphs) > text_limit:
        raise PandocError(f"its text is longer than {text_limit // 1_000_000} MB; split it and import the rules part")
    outline = ast_outline.read(ast, source, FORMAT_NAMES[fmt], paragraphs)
    outline.remarks += pandoc_run.warning_remarks(warnings)
    count = paragraphs.count("\n") + 1 if paragraphs else 0
    outline.place = lambda line: f"paragraph {int(line)}"
    outline.extent = f"{count} paragraph{'s' if count != 1 else ''}"
    return outline
