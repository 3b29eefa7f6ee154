"""A Word rulebook (.docx): mammoth turns Word's styles into semantic HTML, the HTML reader does the rest.

What designers really do in Word, and how it survives:

* Heading 1-6 and Title styles are headings; List Bullet / List Number (nested) are lists; tables are tables;
  footnotes come at the end as a numbered list; text boxes are read after the paragraph they are anchored to
  (mammoth reaches a DrawingML text box only through the VML copy Word usually saves beside it: one without
  that copy is lost); tabs and soft line breaks separate words;
* a "Normal" paragraph used as a heading (all bold, or set larger than the body text, short and not a
  sentence) is a heading too: mammoth drops font sizes, so the document is rewritten before conversion,
  its level ranked by size (bigger first; bold at body size below every bigger one);
* images are not read (their alt text is kept for the report).

The HTML is laid out one Word paragraph a line, so every finding maps to a place a Word user can find: the
nearest heading and the paragraph's number (:func:`places`).
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections import Counter
from collections.abc import Callable
from xml.etree import ElementTree

from .wordoutline import list_numbers, outline_transform
from .wordpages import furniture_transform

MAX_UNCOMPRESSED = 200_000_000  # a long illustrated rulebook is a few tens of MB unpacked; more is a zip bomb
MAX_MEMBERS = 20_000
# The XML parts mammoth parses cost ~50 times their size in memory and ~3 s a MB: a 300-page book's
# document.xml is under 10 MB, while 190 MB of repeated paragraphs zip to 560 KB (and would take ~9 GB).
MAX_XML = 25_000_000
MAX_LEVELS = 3  # heading levels given to manual headings (by size rank), bold at body size next
DEFAULT_BODY_SIZE = 11.0  # Word's Normal style since 2007

# Styles beyond mammoth's defaults: Word's Title and Subtitle, quotes, and the manual headings marked below.
STYLE_MAP = "\n".join([
    "p[style-name='Title'] => h1:fresh",
    "p[style-name='Subtitle'] => p:fresh",
    "p[style-name='Quote'] => blockquote > p:fresh",
    "p[style-name='Intense Quote'] => blockquote > p:fresh",
    # a definition list as pandoc writes it (a Markdown 'Term' / ': meaning'): an HTML <dl>, read as one
    "p[style-name='Definition Term'] => dl > dt:fresh",
    "p[style-name='Definition'] => dl > dd:fresh",
    # a PDF's page furniture typed as paragraphs (wordpages.py): the HTML reader drops and lists them
    "p[style-name='Rulecraft Folio'] => p.folio:fresh",
    "p[style-name='Rulecraft Running Line'] => p.running-line:fresh",
] + [f"p[style-name='Rulecraft Heading {n}'] => h{n}:fresh" for n in range(1, 7)])


LIST_STYLE = re.compile(r"^List (Bullet|Number|Continue)\s+([2-5])$", re.I)


class DocxError(Exception):
    """The file cannot be read as a Word document: the message says why, without the file name."""


def is_docx(raw: bytes) -> bool:
    """A zip holding word/document.xml (by content: a .docx renamed, or a .zip that is one)."""
    if not raw.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            return "word/document.xml" in archive.namelist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return False


def check_archive(raw: bytes) -> None:
    """Refuse what is not a Word zip, or would unpack to far more than any rulebook (checked before mammoth)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        if raw.startswith(b"PK\x03\x04"):  # a zip's start without its end: cut short in a download or a copy
            raise DocxError(f"the Word file is damaged or truncated (its zip cannot be opened: {exc}); "
                            "save it again") from None
        raise DocxError(f"it is not a Word document (.docx is a zip file; this one cannot be opened: {exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DocxError(f"the Word file holds {len(infos)} parts (more than {MAX_MEMBERS}); it is not a rulebook")
        if "word/document.xml" not in archive.namelist():
            raise DocxError("it is a zip file without word/document.xml, so not a Word document "
                            "(save it from Word as .docx)")
        total = sum(info.file_size for info in infos)
        xml = sum(info.file_size for info in infos if info.filename.lower().endswith((".xml", ".rels")))
        if xml > MAX_XML:
            raise DocxError(f"the Word file's text and markup would unpack to {xml // 1_000_000} MB (more than "
                            f"{MAX_XML // 1_000_000} MB, far beyond a rulebook's); it is damaged or not a rulebook")
        if total > MAX_UNCOMPRESSED:
            raise DocxError(f"the Word file would unpack to {total // 1_000_000} MB (more than "
                            f"{MAX_UNCOMPRESSED // 1_000_000} MB); it is damaged or not a rulebook")
        bad = archive.testzip()  # reads every part once: a truncated or corrupt part shows here, bounded above
        if bad:
            raise DocxError(f"the Word file is damaged (its part '{bad}' does not read back); save it again")


def _text_of(element) -> str:
    from mammoth import documents

    if isinstance(element, documents.Text):
        return element.value
    if isinstance(element, documents.Tab):
        return "\t"
    return "".join(_text_of(c) for c in getattr(element, "children", []) or [])


def _runs(element):
    from mammoth import documents

    for child in getattr(element, "children", []) or []:
        if isinstance(child, documents.Run):
            yield child
        elif isinstance(child, documents.Hyperlink):
            yield from _runs(child)


def _plain_style(paragraph) -> bool:
    name = (paragraph.style_name or "").lower()
    return paragraph.numbering is None and name in ("", "normal", "body text", "body", "default", "no spacing")


def _looks(paragraph, body_size: float | None) -> tuple[float, bool] | None:
    """(size, bold) of a short plain paragraph set entirely bold or larger than the body: a manual heading."""
    runs = [r for r in _runs(paragraph) if _text_of(r).strip()]
    text = _text_of(paragraph).strip()
    if not runs or not _plain_style(paragraph) or len(text) > 80 or text.endswith((".", ",", ";")) \
            or (text.endswith(":") and len(text.split()) > 4):
        return None
    sizes = {r.font_size for r in runs}
    size = max((s for s in sizes if s), default=body_size)
    bold = all(r.is_bold for r in runs)
    bigger = body_size is not None and size is not None and size >= body_size * 1.15 and len(sizes) == 1
    return (size or 0.0, bold) if bigger or bold else None


# a font named for a bold weight ('MyriadPro-Bold', 'Arial-BoldMT', 'Arial,Bold', 'Arial Black'): a PDF
# converted to Word keeps the embedded font's name and sets bold by it, never by Word's bold switch
BOLD_FONT = re.compile(r"[-, ](?:semi|demi|extra|ultra)?(?:bold|black|heavy)", re.I)


def bold_by_font(document):
    """The document with runs set in a bold-weight font marked bold, as they look on the page."""
    from mammoth import documents

    def rewrite(element):
        if isinstance(element, documents.Run):
            return element.copy(is_bold=True) if not element.is_bold and BOLD_FONT.search(element.font or "") \
                else element
        children = getattr(element, "children", None)
        if not children or not isinstance(element, (documents.HasChildren, documents.TableCellUnmerged)):
            return element
        return element.copy(children=[rewrite(c) for c in children])

    return rewrite(document)


def _title_over_two_lines(paragraphs: list, body: float | None, bigger: list[float]) -> tuple | None:
    """The document's first two paragraphs with text, when both are set in its largest size alone, short and
    unpunctuated, and no other paragraph has their look (a cover's title broken over two lines: 'HIGHCRAG' /
    'WALLERS'; a title over a first heading of its size, 'Riverward' / 'Overview', is two); else None."""
    texts = [p for p in paragraphs if _text_of(p).strip()]
    first = texts[:2]
    if len(first) < 2 or not bigger:
        return None
    looks = [_looks(p, body) for p in first]
    if not all(look and look[0] == bigger[0] for look in looks) or looks[0] != looks[1]:
        return None
    if any(_looks(p, body) == looks[0] for p in texts[2:]):
        return None
    if any(len(_text_of(p).strip()) > 30 or re.search(r"[.:!?,;]$", _text_of(p).strip()) for p in first):
        return None
    between = paragraphs[paragraphs.index(first[0]) + 1:paragraphs.index(first[1])]
    return tuple(first) if all(not _text_of(p).strip() for p in between) else None


def mark_manual_headings(document):
    """The document with manual headings given the style 'Rulecraft Heading n' (see STYLE_MAP)."""
    from mammoth import documents, transforms

    paragraphs = transforms.get_descendants_of_type(document, documents.Paragraph)
    weights: Counter = Counter()
    for p in paragraphs:
        for r in _runs(p):
            weights[r.font_size] += len(_text_of(r))
    body = weights.most_common(1)[0][0] if weights else None
    if body is None:  # the body text takes its size from its style, which mammoth does not read: Word's 11 pt
        body = DEFAULT_BODY_SIZE
    looks = [look for look in (_looks(p, body) for p in paragraphs) if look]
    bigger = sorted({size for size, _ in looks if body is not None and size > body}, reverse=True)
    levels = {size: min(1 + rank, MAX_LEVELS) for rank, size in enumerate(bigger)}
    below = max(2, min(len(bigger) + 1, MAX_LEVELS + 1))  # bold at body size: below every bigger one
    title_taken = any((p.style_name or "").lower() == "title" for p in paragraphs)
    title_lines = _title_over_two_lines(paragraphs, body, bigger)

    def heading_level(paragraph, after) -> int | None:
        look = _looks(paragraph, body)
        if not look:
            return None
        if isinstance(after, documents.Paragraph) and (body is None or look[0] <= body) \
                and (_looks(after, body) == look or after.numbering is not None
                     or re.match(r"\s*(?:\d{1,2}[.)]|[•●▪■◦–-])\t", _text_of(after))):
            # bold lines in a row at body size are emphasis; a bold line over a list leads that list
            # ('**Red player**' over set-up steps 3 and 4), as the source's bold paragraph does
            return None
        level = levels.get(look[0], below)
        return 2 if level == 1 and title_taken else level

    def header_row(row) -> bool:
        """A table row whose every cell looks like a heading (bold or larger) is the table's header row: its
        cells name the columns ('Face', 'What it does'), no section of the document."""
        cells = [[p for p in transforms.get_descendants_of_type(c, documents.Paragraph) if _text_of(p).strip()]
                 for c in row.children]
        return len(cells) >= 2 and all(ps and all(_looks(p, body) for p in ps) for ps in cells)

    def rewrite(element):
        children = getattr(element, "children", None)
        if not children or not isinstance(element, (documents.HasChildren, documents.TableCellUnmerged)) \
                or isinstance(element, documents.TableRow) and header_row(element):
            return element
        out = []
        for i, child in enumerate(children):
            new = rewrite(child)
            if title_lines and child is title_lines[0]:  # 'HIGHCRAG' over 'WALLERS': one title
                space = documents.run([documents.text(" ")], is_bold=all(r.is_bold for r in _runs(child)))
                new = new.copy(children=list(new.children) + [space] + list(title_lines[1].children))
            elif title_lines and child is title_lines[1]:
                out.append(new.copy(children=[]))  # its place stays, so paragraph numbers do not shift
                continue
            if isinstance(child, documents.Paragraph):
                level = heading_level(child, children[i + 1] if i + 1 < len(children) else None)
                if level:
                    new = new.copy(style_name=f"Rulecraft Heading {level}", style_id=None)
                nested = LIST_STYLE.match(child.style_name or "")
                if nested and new.numbering is not None and new.numbering.level_index == "0":
                    # 'List Bullet 2' is its own list at level 0 in Word: its number says how deep it is
                    new = new.copy(numbering=documents.numbering_level(int(nested.group(2)) - 1,
                                                                      new.numbering.is_ordered))
            out.append(new)
        return element.copy(children=out)

    return rewrite(document)


BLOCK_START = re.compile(r"(?=<(?:p|h[1-6]|li|tr|table|ul|ol|blockquote|dl|dt|dd)\b)")


def to_html(raw: bytes) -> tuple[str, list[str]]:
    """(the document as HTML, one Word paragraph a line; mammoth's messages)."""
    try:
        import mammoth
    except ImportError:
        raise DocxError("reading Word files needs: pip install 'rulecraft[import]'") from None
    check_archive(raw)
    images = mammoth.images.img_element(lambda image: {"alt": image.alt_text or "", "src": "image"})
    try:
        outline = outline_transform(list_numbers(raw))  # a rulebook written as one multi-level list
    except (ElementTree.ParseError, ValueError, KeyError, zipfile.BadZipFile):
        outline = outline_transform([])  # damaged numbering: mammoth says what it can read
    pages = furniture_transform(raw)  # a converted PDF's running lines and folios, a section a page
    try:
        result = mammoth.convert_to_html(io.BytesIO(raw), style_map=STYLE_MAP, convert_image=images,
                                         transform_document=lambda doc: mark_manual_headings(
                                             bold_by_font(pages(outline(doc)))),
                                         ignore_empty_paragraphs=False)  # a typed text's blank lines
    except (zipfile.BadZipFile, KeyError, ValueError, EOFError, OSError) as exc:
        raise DocxError(f"the Word file is damaged ({type(exc).__name__}: {exc}); save it again") from None
    except MemoryError:  # the reading child's memory cap: isolated says so, not 'cannot be read; save it again'
        raise
    except Exception as exc:  # malformed XML inside: lxml or mammoth errors of many kinds
        raise DocxError(f"the Word file's content cannot be read ({type(exc).__name__}); save it again") from None
    body = BLOCK_START.sub("\n", result.value).lstrip("\n")
    if not is_typed_text(body):  # a typed text's '1.⇥' lines are the plain-text reader's (is_typed_text)
        body = typed_rolls(typed_glossary(typed_tables(typed_lists(body))))
    # a manual heading's bold, and an outline heading's after its number ('<h2>4 <strong>Setup</strong>')
    body = re.sub(r"(<h[1-6]>)((?:[\w.]+ )?)<strong>(.*?)</strong>(</h[1-6]>)", r"\1\2\3\4", body)
    messages = [m.message for m in result.messages]
    return f"<html><body>\n{body}\n</body></html>\n", messages


def read(raw: bytes) -> tuple[str, list]:
    """(the document as HTML, its reviewers' comments): what the import reads, in one call in the child."""
    from .wordcomments import review_comments

    html_text, _ = to_html(raw)
    try:
        return html_text, review_comments(raw)
    except (ElementTree.ParseError, ValueError, KeyError, zipfile.BadZipFile):
        return html_text, []  # the rules read; damaged comments are not worth failing for


def _rewrite_runs(body: str, run_end: Callable[[list[str], int], int],
                  rewrite: Callable[[list[str], list[str]], list[str] | None]) -> str:
    """Each run of lines from line i to ``run_end(lines, i)`` that ``rewrite(written so far, run)`` turns into
    other lines (None: not this run; the line stays as it is and the next run starts after it)."""
    lines = body.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = run_end(lines, i)
        new = rewrite(out, lines[i:j]) if j > i else None
        if new is None:
            out.append(lines[i])
            i += 1
        else:
            out += new
            i = j
    return "\n".join(out)


def _while_matching(pattern: re.Pattern) -> Callable[[list[str], int], int]:
    def run_end(lines: list[str], i: int) -> int:
        j = i
        while j < len(lines) and pattern.match(lines[j]):
            j += 1
        return j
    return run_end


# '<p>1.\tPlace …</p>', '<p>•\tTake …</p>': numbering or a bullet typed by hand, then a tab (or two spaces)
TYPED_ITEM = re.compile(r"^<p>(?P<lead>(?:<strong>)?)\s*(?:(?P<number>\d{1,2})[.)]|(?P<bullet>[•●▪■◦‣○–-]))"
                        r"(?:\t|\s{2,})\s*(?P<rest>.*)</p>$")


def _list_end(lines: list[str], i: int) -> int:
    """The end of a run of typed items of one kind (numbers, or bullets)."""
    j, kind = i, None
    while j < len(lines):
        found = TYPED_ITEM.match(lines[j])
        this = found and ("ol" if found.group("number") else "ul")
        if not found or (kind and this != kind):
            break
        kind, j = this, j + 1
    return j


def _as_list(_out: list[str], run: list[str]) -> list[str] | None:
    if len(run) < 2:
        return None
    items = [TYPED_ITEM.match(line) for line in run]
    kind = "ol" if items[0].group("number") else "ul"
    start = f' start="{items[0].group("number")}"' if kind == "ol" and items[0].group("number") != "1" else ""
    return [f"<{kind}{start}>", *(f"<li>{m.group('lead')}{m.group('rest')}</li>" for m in items), f"</{kind}>"]


def typed_lists(body: str) -> str:
    """Runs of two or more paragraphs that start with a typed number or bullet and a tab: a list (numbered
    from the first typed number), as Word's own lists are, so set-up steps and die results read as lists."""
    return _rewrite_runs(body, _list_end, _as_list)


# '<p>2-3\tDead calm. …</p>', '<p>12\tStorm! …</p>': a roll or range typed by hand, a tab, its result
TYPED_ROLL = re.compile(r"^<p>(?P<roll>\d{1,2}(?:\s*[-–]\s*\d{1,2}|\+)?)\t+\s*(?P<rest>\S.*)</p>$")


def _as_roll_table(_out: list[str], run: list[str]) -> list[str] | None:
    rows = [TYPED_ROLL.match(line) for line in run]
    if len(rows) < 3 or all(m.group("roll").isdigit() for m in rows):
        return None
    return ["<table>", *(f"<tr><td>{m.group('roll')}</td><td>{m.group('rest')}</td></tr>" for m in rows), "</table>"]


def typed_rolls(body: str) -> str:
    """Runs of three or more paragraphs that start with a roll and a tab, one of them a range ('2-3⇥Dead
    calm.'): a die's results typed line by line, read as the two-column table Word users mean."""
    return _rewrite_runs(body, _while_matching(TYPED_ROLL), _as_roll_table)


TAB_ROW = re.compile(r"^<(?P<tag>p|h[1-6])>(?P<text>[^\t]*\S[^\t]*(?:\t+[^\t]*\S[^\t]*)+)</(?P=tag)>$")


def _tab_cells(line: str) -> list[str] | None:
    found = TAB_ROW.match(line)
    return [cell.strip() for cell in re.split(r"\t+", found.group("text"))] if found else None


def _tab_rows_end(lines: list[str], i: int) -> int:
    """The end of a run of paragraphs cut by tabs into the same number (three or more) of cells."""
    cells = _tab_cells(lines[i]) if lines[i].startswith("<p>") else None
    width = len(cells) if cells else 0
    j = i
    while j < len(lines) and lines[j].startswith("<p>") and width >= 3 and len(_tab_cells(lines[j]) or []) == width:
        j += 1
    return j


def _as_tab_table(out: list[str], run: list[str]) -> list[str] | None:
    if len(run) < 2:
        return None
    width = len(_tab_cells(run[0]))
    header = _tab_cells(out[-1]) if out else None
    head = ""
    if header and len(header) == width and (out[-1].startswith("<h") or
                                            re.fullmatch(r"<p><strong>[^<]*</strong></p>", out[-1])):
        out.pop()  # the bold line above is the table's header row
        head = "<thead><tr>" + "".join(f"<th>{re.sub(r'</?strong>', '', c)}</th>" for c in header) + "</tr></thead>"
    return [f"<table>{head}", *("<tr>" + "".join(f"<td>{c}</td>" for c in _tab_cells(line)) + "</tr>"
                                for line in run), "</table>"]


def typed_tables(body: str) -> str:
    """Runs of two or more paragraphs cut by tab stops into the same number (three or more) of cells: a
    table typed with tab stops (often with dot leaders, which are the tab's look, not text), one row a
    paragraph. A bold line above with as many cells (a manual heading by now) is its header row."""
    return _rewrite_runs(body, _tab_rows_end, _as_tab_table)


# '<p><strong>Loft</strong>\tthe part of your board …</p>': a bold word, a tab (a hanging indent), its meaning
TYPED_TERM = re.compile(r"^<p><strong>(?P<term>[^<\t]{1,60}?)\s*</strong>\t+\s*(?P<rest>[^\t]*\S[^\t]*)</p>$")


def _as_definitions(_out: list[str], run: list[str]) -> list[str] | None:
    if len(run) < 2:
        return None
    return ["<dl>", *(f"<dt>{m.group('term')}</dt><dd>{m.group('rest')}</dd>" for m in map(TYPED_TERM.match, run)),
            "</dl>"]


def typed_glossary(body: str) -> str:
    """Runs of two or more paragraphs led by a bold word and a tab: a glossary set with a hanging indent,
    read as the definition list it is (nothing but the tab parts the name from its meaning)."""
    return _rewrite_runs(body, _while_matching(TYPED_TERM), _as_definitions)


def is_typed_text(html_text: str) -> bool:
    """No heading, list or table anywhere: a text typed line by line (a plain text pasted into Word), whose
    structure is its layout, as a .txt file's is."""
    return not re.search(r"<(?:h[1-6]|li|table)\b", html_text)


def paragraph_lines(html_text: str) -> list[tuple[int, str]]:
    """(HTML line, text) of each paragraph, soft line breaks as lines of their own, tabs kept (the plain-text
    reader knows Word's tabbed lists and columns)."""
    out: list[tuple[int, str]] = []
    for n, line in enumerate(html_text.split("\n"), start=1):
        if not line.startswith("<p"):
            continue
        for part in re.split(r"<br\s*/?>", line):
            text = html.unescape(re.sub(r"<[^>]+>", "", part))
            out.append((n, text.rstrip()))
    return out


def has_text(html_text: str) -> bool:
    """Any visible text in the document (a Word file of pictures alone has none)."""
    return bool(html.unescape(re.sub(r"<[^>]+>", "", html_text)).strip())


HEADING = re.compile(r"<h[1-6]\b[^>]*>(.*?)</h[1-6]>", re.S)
PARAGRAPH = re.compile(r"<(?:p|h[1-6]|li|dt|dd)\b")  # a term and its definition: a paragraph each


def places(html_text: str) -> tuple[dict[int, str], int]:
    """Line of the HTML -> where a Word user finds it: "paragraph 12" (a heading, which the report names) or
    "paragraph 57, under 'Setting up'" (Word paragraphs counted from the start, headings and list items
    included); and how many paragraphs there are."""
    out: dict[int, str] = {}
    count = 0
    heading = ""
    for n, line in enumerate(html_text.split("\n"), start=1):
        found = HEADING.search(line)
        if PARAGRAPH.match(line):
            count += 1
        if found:
            heading = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))).strip()[:60]
            out[n] = f"paragraph {count}"  # the report names the heading beside it already
        elif count:
            out[n] = f"paragraph {count}" + (f", under '{heading}'" if heading else "")
    return out, count
