"""A PDF rulebook's text layer (pdfminer.six) as the lines a layout reader takes.

The output is what ``pdftotext -layout`` and ``pdftohtml`` give the plain-text reader (:mod:`plaintext`,
:mod:`layout_lines`): text lines, cells of a row apart by runs of spaces at their columns, headings marked
with '#'. So one layout reader serves converted text and real PDFs. From the characters (font, size,
position) this module decides what only a PDF knows:

* reading order: rows by baseline; a page set in two columns (a gutter no row crosses, text filling both
  sides) is read left column, then right, between full-width rows;
* headings: a short row standing alone, set larger than the body text (levels by size) or all in a bold face;
* inline bold (``**Term**: …``), bullets (``•``, ``▪`` … as ``- ``), words hyphenated at a line end joined;
* running heads, footers and page numbers (in the top or bottom band of the page, repeated on several pages)
  dropped as remarks, so the report lists them.

Work is bounded: pages are capped, characters per page are capped, and a deadline stops a file that would keep
the interpreter busy. Every line keeps its page, for the report ("page 4").
"""

from __future__ import annotations

import io
import re
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from . import cardsheet, framed, layout_lines
from .outline import Remark
from .placed import callout_order, disc_numbers, frame_cuts, frame_gutters, panel_gutters, staggered_columns

MAX_PAGES = 600  # a thick rulebook has 100; more is not a rulebook
MAX_CHARS_PER_PAGE = 60_000  # a dense page of 8 pt text holds ~ 8 000
MAX_DRAWINGS_PER_PAGE = 5_000  # the boxes of a page's drawn shapes kept (a map may have more: enough to see it)
MAX_SECONDS = 120.0  # for the whole file: pdfminer reads ~ 10 pages a second on a slow machine
BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|-b$|,b$", re.I)
BULLETS = "•●▪■◦‣○□◆◇►▸➢✓✔–·"
FURNITURE_BAND = 0.08  # the top and bottom of a page where running heads and folios sit
# ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ: a typesetter's ligature glyphs, spelled out (NFKC on these only: other compatibility forms,
# ² or ½, mean something)
LIGATURES = {chr(c): unicodedata.normalize("NFKC", chr(c)) for c in range(0xFB00, 0xFB07)}
# a run of right-to-left letters (Hebrew, Arabic and their presentation forms) with the spaces between them
RTL_RUN = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff](?:[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\s]*"
                     r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff])?")
LEAD_ENTRY = re.compile(r"^\s*\*\*[^*]{1,40}\*\*\s*[–—:-]")  # '**Cloud** – One space …': an entry led by its name
LIST_MARKER = re.compile(r"^\s*(?:- |\d{1,2}[.)]\s|[a-z][.)]\s|\([a-z0-9]\)\s)")
ROLL_CELL = re.compile(r"\d{1,2}(?:\s*[–—-]\s*\d{1,2})?\+?")  # '5', '11–13', '6+': a roll set before its result
# a line that leads a list item, its next lines hanging: '3.6 Set …', 'b) Take …', '• Each …'
HANGING_LEAD = re.compile(r"\s*(?:\d{1,2}(?:\.\d{1,2})*[.)]?(?=\s|[^\W\d_])|(?:[a-zA-Z][.)]|\([a-z0-9]{1,3}\))\s|["
                          + re.escape(BULLETS) + "])")
SECTION_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,3}")  # a section's number: '3', '4.2', '2.1.3'


class PdfError(Exception):
    """The file cannot be read as a PDF rulebook: the message says why, without the file name."""


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in page space (y upwards)


@dataclass
class Char:
    text: str
    x0: float
    x1: float
    y: float  # baseline-ish: the glyph box's bottom
    size: float
    bold: bool
    disc: bool = False  # a step number printed in a drawn disc (see placed.disc_numbers)


@dataclass
class Row:
    chars: list[Char]
    y: float
    page: int
    segments: list[list[Char]] = field(default_factory=list)
    left: float | None = None  # where its column starts (the page's text edge, or its column's)
    bottom: float | None = None  # the baseline of its last line, when it joins a table row's lines
    furniture: bool = False  # in the top or bottom band of the page
    box: tuple[float, float] | None = None  # in a row of framed boxes: its left and right (see framed)

    @property
    def x0(self) -> float:
        return self.chars[0].x0

    @property
    def x1(self) -> float:
        return max(c.x1 for c in self.chars)

    def size(self) -> float:
        sizes = Counter(round(c.size, 1) for c in self.chars if c.text.strip())
        return sizes.most_common(1)[0][0] if sizes else 0.0

    def bold(self) -> bool:
        letters = [c for c in self.chars if c.text.strip()]
        return bool(letters) and all(c.bold for c in letters)


# -- reading the characters ------------------------------------------------------------------------------------


def _collector(deadline: float):
    from pdfminer.converter import PDFLayoutAnalyzer
    from pdfminer.layout import LTChar
    from pdfminer.pdffont import PDFUnicodeNotDefined
    from pdfminer.utils import apply_matrix_pt

    class Collector(PDFLayoutAnalyzer):
        """Keeps each page's characters and nothing else (no paths, images or layout analysis: bounded)."""

        def __init__(self, rsrcmgr):
            super().__init__(rsrcmgr, laparams=None)
            self.pages: list[tuple[float, float, list[Char], list[Box]]] = []
            self.chars: list[Char] = []
            self.drawings: list[Box] = []

        def begin_page(self, page, ctm) -> None:
            super().begin_page(page, ctm)
            self.chars = []
            self.drawings = []

        def end_page(self, page) -> None:
            self.pages.append((self.cur_item.width, self.cur_item.height, self.chars, self.drawings))
            self.pageno += 1

        def _tick(self) -> None:
            if time.monotonic() > deadline:
                raise PdfError(f"reading it takes too long (over {MAX_SECONDS:.0f} s at page {self.pageno}); "
                               "the file may be damaged: print it to a new PDF and try again")

        def paint_path(self, gstate, stroke, fill, evenodd, path) -> None:
            """Only where the shape is (a figure beside a heading is no empty column)."""
            self._tick()
            points = [apply_matrix_pt(self.ctm, tuple(p[-2:])) for p in path if len(p) >= 3]
            if points and len(self.drawings) < MAX_DRAWINGS_PER_PAGE:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                self.drawings.append((min(xs), min(ys), max(xs), max(ys)))

        def render_image(self, *args, **kwargs) -> None:
            self._tick()

        def begin_figure(self, *args, **kwargs) -> None:
            self._tick()

        def end_figure(self, *args, **kwargs) -> None:
            pass  # begin_figure opened no layout container, so there is none to close

        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate) -> float:
            try:
                text = font.to_unichr(cid)
            except PDFUnicodeNotDefined:
                text = ""
            item = LTChar(matrix, font, fontsize, scaling, rise, text or " ", font.char_width(cid),
                          font.char_disp(cid), ncs, graphicstate)
            if len(self.chars) >= MAX_CHARS_PER_PAGE:
                raise PdfError(f"page {self.pageno} holds more than {MAX_CHARS_PER_PAGE} characters; "
                               "it is not a rulebook page (or the file is damaged)")
            if len(self.chars) % 500 == 0:
                self._tick()
            if text and item.upright:
                name = font.fontname if isinstance(font.fontname, str) else str(font.fontname)
                self.chars.append(Char(text, item.x0, item.x1, item.y0, item.size,
                                       bool(BOLD_FONT.search(name.split("+")[-1]))))
            return item.adv

    return Collector


def read_chars(raw: bytes) -> list[tuple[float, float, list[Char], list[Box]]]:
    """(width, height, characters, drawn shapes' boxes) of every page, or PdfError saying in words what is wrong."""
    try:
        from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        from pdfminer.pdfparser import PDFParser
        from pdfminer.psexceptions import PSException
    except ImportError:
        raise PdfError("reading PDF files needs: pip install 'rulecraft[import]'") from None
    deadline = time.monotonic() + MAX_SECONDS
    try:
        document = PDFDocument(PDFParser(io.BytesIO(raw)))
    except PDFPasswordIncorrect:
        raise PdfError("it is encrypted with a password; save an unprotected copy (or print it to a new PDF)"
                       " and import that") from None
    except PDFEncryptionError as exc:
        raise PdfError(f"it is encrypted in a way that cannot be read ({exc}); save an unprotected copy") from None
    except (PSException, ValueError, TypeError, KeyError, AttributeError, IndexError, EOFError, OSError,
            RecursionError, AssertionError, ZeroDivisionError, OverflowError) as exc:
        raise PdfError(f"it is damaged or truncated ({_why(exc)}); export or print it to a new PDF") from None
    manager = PDFResourceManager(caching=True)
    device = _collector(deadline)(manager)
    interpreter = PDFPageInterpreter(manager, device)
    count = 0
    try:
        for page in PDFPage.create_pages(document):
            count += 1
            if count > MAX_PAGES:
                raise PdfError(f"it has more than {MAX_PAGES} pages; split it and import the rules part")
            interpreter.process_page(page)
    except PdfError:
        raise
    except (PSException, ValueError, TypeError, KeyError, AttributeError, IndexError, EOFError, OSError,
            RecursionError, AssertionError, ZeroDivisionError, OverflowError) as exc:
        if not device.pages:
            raise PdfError(f"it is damaged or truncated ({_why(exc)}); export or print it to a new PDF") from None
        # a damaged page late in the file: keep what was read (the report gives the page count)
    if not device.pages:
        raise PdfError("it has no pages (damaged or truncated?); export or print it to a new PDF")
    return device.pages


def _why(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0][:80] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# -- characters to rows ----------------------------------------------------------------------------------------


def _rows(chars: list[Char], page: int) -> list[Row]:
    """Characters on one baseline (a tolerance of a third of their size) as rows, top to bottom."""
    rows: list[Row] = []
    for char in chars:
        if char.text in LIGATURES:
            char.text = LIGATURES[char.text]
    for char in sorted(chars, key=lambda c: (-c.y, c.x0)):
        row = rows[-1] if rows else None
        if row and abs(row.y - char.y) <= max(1.0, 0.35 * min(char.size, row.chars[0].size)):
            row.chars.append(char)
        else:
            rows.append(Row([char], char.y, page))
    for row in rows:
        row.chars.sort(key=lambda c: c.x0)
        row.segments = _segments(row.chars)
    _cut_bold_cells(rows)
    return rows


def _cut_bold_cells(rows: list[Row]) -> None:
    """'**1–2**Gone for good …': a bold roll or name cell wide enough to leave less than an em before its
    neighbour is still its own cell when the plain text after it starts at a column edge two or more other
    rows' cells start at."""
    cells = Counter(round(seg[0].x0) for row in rows if len(row.segments) > 1 for seg in row.segments[1:])
    lines = Counter(round(seg[0].x0) for row in rows for seg in row.segments)  # a result's wrapped lines too

    def edge(counts: Counter, x: float) -> bool:
        return sum(n for at, n in counts.items() if abs(at - x) <= 1.5) >= 2

    for row in rows:
        out: list[list[Char]] = []
        for seg in row.segments:
            cut = next((k for k in range(1, len(seg)) if seg[k].text.strip() and seg[k - 1].text.strip()
                        and seg[k].x0 - seg[k - 1].x1 >= 0.5 * seg[k].size
                        and ((seg[k - 1].bold and not seg[k].bold and edge(cells, seg[k].x0))
                             or (ROLL_CELL.fullmatch("".join(c.text for c in seg[:k]).strip())
                                 and edge(lines, seg[k].x0)))), None)
            out += [seg[:cut], seg[cut:]] if cut else [seg]
        row.segments = out


def _segments(chars: list[Char]) -> list[list[Char]]:
    """A row cut where a gap is wider than about an em (a justified line's spaces are narrower): table cells, or
    the two columns of a page."""
    out: list[list[Char]] = []
    for char in chars:
        if not char.text.strip() and out:
            out[-1].append(char)
            continue
        last = next((c for c in reversed(out[-1]) if c.text.strip()), None) if out else None
        if last is None or char.x0 - last.x1 > 0.9 * max(char.size, last.size):
            out.append([char])
        else:
            out[-1].append(char)
    return [seg for seg in out if any(c.text.strip() for c in seg)]


def _gutter(rows: list[Row], width: float, spanned: int = 0) -> float | None:
    """The x of a gutter between two columns of text, or None: no row's text crosses it, and the text on each
    side fills most of its column (a table's short cells leave gaps too, but do not fill). ``spanned``: the
    lines of a row of boxes standing across the columns (left out of ``rows``), which cross no gutter."""
    text_rows = [r for r in rows if r.segments]
    if len(text_rows) < 8:
        return None
    best = None
    for step in range(30, 71, 2):
        x = width * step / 100
        crossing = sum(1 for r in text_rows for s in r.segments if s[0].x0 < x < s[-1].x1)
        # of as many crossings, the x furthest from the text's edges: a clear strip's middle, not its edge,
        # where a line of the left column may end just past it (the rows crossing differ, their count not)
        clear = min((min(abs(x - s[-1].x1), abs(s[0].x0 - x)) for r in text_rows for s in r.segments
                     if not s[0].x0 < x < s[-1].x1), default=0.0)
        if best is None or (crossing, -clear) < best[:2]:
            best = (crossing, -clear, x)
    crossing, _, x = best
    if crossing > 0.1 * (len(text_rows) + spanned):
        return None
    left = [s for r in text_rows for s in r.segments if s[-1].x1 <= x]
    right = [s for r in text_rows for s in r.segments if s[0].x0 >= x]
    if len(left) < 0.3 * len(text_rows) or len(right) < 0.3 * len(text_rows):
        return None
    l0, l1 = min(s[0].x0 for s in left), max(s[-1].x1 for s in left)  # a column ends at its text, not at x,
    r0 = min(s[0].x0 for s in right)  # which may sit anywhere in the clear strip
    r1 = max(s[-1].x1 for s in right)
    l_full = sum(1 for s in left if s[-1].x1 - s[0].x0 >= 0.6 * (l1 - l0))
    r_full = sum(1 for s in right if s[-1].x1 - s[0].x0 >= 0.6 * (r1 - r0))
    if l_full < max(3, 0.25 * len(left)) or r_full < max(3, 0.25 * len(right)):
        return None
    return x


def _gutters(rows: list[Row], width: float, spanned: int = 0) -> list[float]:
    """The gutters of a page set in columns, left to right: two or more for three or four columns (a big-box
    rulebook in landscape, a cheat sheet), else what :func:`_gutter` finds for two (or nothing). A gutter is a
    clear vertical strip between the text's edges that few rows cross; each column it bounds holds its share
    of the segments and full lines (a table's short cells leave strips too, but do not fill)."""
    text_rows = [r for r in rows if r.segments]
    if len(text_rows) < 8:
        return []
    lo = min(s[0].x0 for r in text_rows for s in r.segments)
    hi = max(s[-1].x1 for r in text_rows for s in r.segments)
    limit = 0.1 * (len(text_rows) + spanned)
    xs = [lo + (hi - lo) * i / 200 for i in range(4, 197)]
    cross = [sum(1 for r in text_rows for s in r.segments if s[0].x0 < x < s[-1].x1) for x in xs]
    found: list[float] = []
    i = 0
    while i < len(xs):
        if cross[i] > limit:
            i += 1
            continue
        j = i
        while j + 1 < len(xs) and cross[j + 1] <= limit:
            j += 1
        low = min(cross[i:j + 1])
        best = [k for k in range(i, j + 1) if cross[k] == low]
        found.append(xs[best[len(best) // 2]])
        i = j + 1
    if len(found) >= 2 and _columns_filled(text_rows, found, lo, hi):
        return found
    two = _gutter(rows, width, spanned)
    return [two] if two is not None else []


def _columns_filled(text_rows: list[Row], xs: list[float], lo: float, hi: float) -> bool:
    """Each column between the gutters ``xs`` holds its share of the segments, and full lines of prose among
    them (four words or more, most of the column's width)."""
    edges = [lo, *xs, hi]
    for a, b in zip(edges, edges[1:]):
        segs = [s for r in text_rows for s in r.segments if s[0].x0 >= a - 1 and s[-1].x1 <= b + 1]
        if len(segs) < 0.6 / (len(edges) - 1) * len(text_rows):
            return False
        x0, x1 = min(s[0].x0 for s in segs), max(s[-1].x1 for s in segs)
        full = sum(1 for s in segs if s[-1].x1 - s[0].x0 >= 0.6 * (x1 - x0)
                   and len("".join(c.text for c in s).split()) >= 4)  # lines of prose, not a table's cells
        if full < max(3, 0.25 * len(segs)):
            return False
    return True


def _document_gutter(gutters: list[list[float]], widths: list[float]) -> list[float]:
    """The gutters two or more pages share (as many, each within 2 % of the page width): the document is set
    in columns. When no two pages agree, the one page that shows gutters offers them (a two-card player aid:
    one card is mostly tables); :func:`_known_gutter` still checks each page against them."""
    found = [(xs, w) for xs, w in zip(gutters, widths) if xs]
    for xs, w in found:
        if sum(1 for ys, _ in found if len(ys) == len(xs)
               and all(abs(x - y) <= 0.02 * w for x, y in zip(xs, ys))) >= 2:
            return xs
    return found[0][0] if len(found) == 1 else []


def _known_gutter(rows: list[Row], xs: list[float]) -> list[float]:
    """A page of a document set in columns too short or too full of tables to show its gutters by itself: the
    document's gutters, when few of its rows cross them and text stands in every column, a full line in each."""
    text_rows = [r for r in rows if r.segments and not r.furniture]
    if not xs or len(text_rows) < 3:
        return []
    if any(sum(1 for r in text_rows for s in r.segments if s[0].x0 < x < s[-1].x1) > 0.1 * len(text_rows)
           for x in xs):
        return []
    edges = [-1e9, *xs, 1e9]
    for a, b in zip(edges, edges[1:]):
        segs = [s for r in text_rows for s in r.segments if s[0].x0 >= a and s[-1].x1 <= b]
        if not segs:
            return []
        x0 = min(s[0].x0 for s in segs)
        right = max(s[-1].x1 for s in segs)  # its text's edge: the gutter may stand mid-strip
        if not any(s[-1].x1 - s[0].x0 >= 0.75 * (right - x0) for s in segs):
            return []
    return xs


def _spanning_heading(row: Row, rows: list[Row], x: float, body: float, drawings: list[Box]) -> bool:
    """A heading set across both columns (CSS ``column-span``, a DTP section title) though its words fit in
    one: larger than the text, nothing beside it in the other column (no text, no figure), that column
    holding text above and below it, and both columns starting again level under it (the band below is
    balanced anew)."""
    if row.size() < body * 1.15 or len(row.segments) != 1:
        return False
    left = row.segments[0][-1].x1 <= x
    size = row.size()
    other = [r for r in rows if r is not row and any((s[0].x0 >= x) if left else (s[-1].x1 <= x)
                                                     for s in r.segments)]
    if any(abs(r.y - row.y) <= 1.2 * size for r in other):
        return False
    if any(y0 <= row.y + 0.8 * size and y1 >= row.y and ((x0 >= x - 2) if left else (x1 <= x + 2))
           for x0, y0, x1, y1 in drawings):
        return False
    above = [r for r in other if r.y > row.y]
    below = [r for r in other if r.y < row.y]
    same = [r for r in rows if r is not row and r.y < row.y and any((s[-1].x1 <= x) if left else (s[0].x0 >= x)
                                                                      for s in r.segments)]
    if not above or not below or not same:
        return False
    return abs(max(r.y for r in below) - max(r.y for r in same)) <= 3 * body


def _contents_rows(rows: list[Row], page_left: float) -> set[int]:
    """A contents list set across the page ('Overview' at the left margin, its page number at the right one,
    no dot leader): three or more such rows span both columns, whatever gap they leave at the gutter."""
    right_edge = max((r.x1 for r in rows), default=0.0)
    found = {id(r) for r in rows if len(r.segments) == 2 and abs(r.segments[0][0].x0 - page_left) <= 3
             and r.segments[1][-1].x1 >= right_edge - 3
             and re.fullmatch(r"\d{1,3}", "".join(c.text for c in r.segments[1]).strip())}
    return found if len(found) >= 3 else set()


def _reading_order(rows: list[Row], width: float, xs: list[float] | None = None,
                   drawings: list[Box] | None = None, cuts: list[float] | None = None) -> list[Row]:
    """Rows of a page set in columns (gutters ``xs``, left to right): each column in turn, band by band between
    rows that cross a gutter (or, in two columns, headings set across both, or the rows of a sheet of cards,
    ``cuts`` top to bottom)."""
    page_left = min((r.x0 for r in rows), default=0.0)
    if not xs:
        for row in rows:
            row.left = row.left if row.box else page_left
        return rows
    out: list[Row] = []
    columns: list[list[Row]] = [[] for _ in range(len(xs) + 1)]

    def flush() -> None:
        for column in columns:
            out.extend(column)
            column.clear()

    def crosses(row: Row) -> bool:
        if row.box:  # a row of boxes across a gutter stands across it: read box by box, not column by column
            return any(row.box[0] < x < row.box[1] for x in xs)
        return any(s[0].x0 < x < s[-1].x1 for s in row.segments for x in xs)

    sizes = Counter(round(c.size, 1) for r in rows for c in r.chars if c.text.strip())
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    spanning = set()
    if len(xs) == 1:
        spanning = {id(r) for r in rows if _spanning_heading(r, rows, xs[0], body, drawings or [])}
    spanning |= _contents_rows(rows, page_left)
    cuts = list(cuts or [])
    for row in rows:
        if cuts and row.y < cuts[0]:
            flush()  # the next row of cards
            cuts = [cut for cut in cuts if cut < row.y]
        if crosses(row) or id(row) in spanning:
            flush()
            row.left = row.left if row.box else page_left
            out.append(row)
            continue
        for k, column in enumerate(columns):
            segs = [s for s in row.segments if _column_of(s[0].x0, xs) == k]
            if segs:
                chars = [c for s in segs for c in s]
                column.append(Row(chars, row.y, row.page, segs, row.left if row.box else None,
                                  furniture=row.furniture, box=row.box))
    flush()
    for k in range(len(columns)):  # each column's rows measure their cells from the column's edge
        mine = [r for r in out if r.left is None and _column_of(r.x0, xs) == k]
        edge = min((r.x0 for r in mine), default=0.0)
        for row in mine:
            row.left = edge
    for row in out:
        if not row.box and (row.left is None or crosses(row) or id(row) in spanning):
            row.left = page_left
    return out


def _column_of(x0: float, xs: list[float]) -> int:
    return sum(1 for x in xs if x0 >= x)


# -- rows to layout lines --------------------------------------------------------------------------------------


def _text(chars: list[Char], bold_marks: bool) -> str:
    """A segment's text: a space where the glyphs leave a gap, '**' around bold words when asked."""
    out: list[str] = []
    prev: Char | None = None
    bold = False
    for char in chars:
        if not char.text.strip():
            if out and out[-1] != " ":
                out.append(" ")
            prev = char
            continue
        if prev is not None and prev.text.strip() and char.x0 - prev.x1 > 0.18 * char.size \
                and out and out[-1] != " ":
            out.append(" ")
        if bold_marks and char.bold != bold:
            if char.bold:
                out.append("**")
            else:  # '**Term**: …', '**Shelf**.': the closing mark before the space the glyphs left
                spaced = bool(out) and out[-1] == " "
                while out and out[-1] == " ":
                    out.pop()
                out.append("** " if spaced else "**")
            bold = char.bold
        out.append(char.text)
        prev = char
    text = "".join(out).rstrip()
    if bold:
        text += "**"
    # glyphs come left to right (visual order): a Hebrew or Arabic run reads right to left, so it is reversed
    # into the order it is read and typed in (logical order)
    text = RTL_RUN.sub(lambda m: m.group(0)[::-1], text)
    return re.sub(r"\*\*(\s*)\*\*", r"\1", text)


@dataclass
class Styles:
    body: float
    char_width: float
    levels: dict[float, int]


def _styles(rows: list[Row]) -> Styles:
    sizes: Counter = Counter()
    widths: list[float] = []
    for row in rows:
        for c in row.chars:
            if c.text.strip():
                sizes[round(c.size, 1)] += 1
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    for row in rows:
        widths += [c.x1 - c.x0 for c in row.chars if c.text.strip() and round(c.size, 1) == body]
    widths.sort()
    char_width = widths[len(widths) // 2] if widths else body / 2
    big = sorted({round(r.size(), 1) for r in rows if r.size() >= body * 1.15 and _heading_text(r)}, reverse=True)
    return Styles(body, max(char_width, 1.0), {size: min(1 + rank, 4) for rank, size in enumerate(big)})


def _capitals(row: Row) -> bool:
    text = "".join(c.text for c in row.chars)
    return len(re.findall(r"[A-Z]", text)) >= 4 and not re.search(r"[a-z]", text)


def _heading_text(row: Row) -> bool:
    text = "".join(c.text for c in row.chars).strip()
    # a line of figures alone ('7' set large on a drawn card, a page number) names nothing: no heading
    return 0 < len(text) <= 90 and not text.endswith((".", ",", ";")) \
        and (len(row.segments) == 1 or _numbered_title(row)) and re.search(r"[^\W\d_]", text) is not None


def _numbered_title(row: Row) -> bool:
    """'3⎵⎵Setting Up', '4.2⎵⎵Ticking Phase': LaTeX and Word set a section's number a wide gap before its title,
    so the row falls in two cells; a number alone before one cell of words is still one heading."""
    if len(row.segments) != 2:
        return False
    number = "".join(c.text for c in row.segments[0]).strip()
    title = "".join(c.text for c in row.segments[1]).strip()
    return bool(SECTION_NUMBER.fullmatch(number)) and re.match(r"[^\W\d_]", title) is not None


def _heading_line(row: Row) -> str:
    return " ".join(_text(seg, False).strip() for seg in row.segments).strip("*").strip()


def to_layout(pages: list[tuple], remarks: list[Remark]) -> tuple[list[tuple[int, str]], dict[int, int]]:
    """(text lines numbered from 1, the page of each line): the plain-text reader's input. A page is (width,
    height, characters) and, from :func:`read_chars`, its drawn shapes' boxes."""
    widths = [page[0] for page in pages]
    drawings = [page[3] if len(page) > 3 else [] for page in pages]
    page_rows = [callout_order(_drop_furniture_marks(_rows(page[2], number), page[1]), page[0])
                 for number, page in enumerate(pages, start=1)]
    _drop_furniture(page_rows, pages, remarks)  # before the columns: a running head spans both
    page_rows = [framed.read_boxes(rows, shapes, page[0]) for rows, page, shapes in zip(page_rows, pages, drawings)]
    free = [[r for r in rows if not r.box] for rows in page_rows]  # the page's columns are those of its free text
    gutters = [panel_gutters(rows, page[0], page[1]) or frame_gutters(rows, shapes, page[0])
               or _gutters(rows, page[0], len(whole) - len(rows)) for rows, whole, page, shapes
               in zip(free, page_rows, pages, drawings)]
    cuts = [frame_cuts(rows, shapes, page[0]) for rows, page, shapes in zip(free, pages, drawings)]
    known = _document_gutter(gutters, widths)
    all_rows = [_reading_order(rows, width, gutter or _known_gutter(mine, known), shapes, cut)
                for rows, mine, width, gutter, shapes, cut in zip(page_rows, free, widths, gutters, drawings, cuts)]
    all_rows = [rows if gutter or known else staggered_columns(rows) for rows, gutter in zip(all_rows, gutters)]
    _drop_card_furniture(all_rows, drawings, widths, remarks)
    for rows, shapes in zip(all_rows, drawings):
        disc_numbers(rows, shapes)  # in reading order: a row's first cell is its column's
    styles = _styles([r for rows in all_rows for r in rows])
    lines: list[tuple[str, int]] = []  # (text, page)
    for rows in all_rows:
        start = len(lines)
        _page_lines(rows, styles, lines)
        if start >= 2 and not lines[start - 1][0] and re.search(r"[a-z,]$", lines[start - 2][0]) \
                and start < len(lines) and re.match(r"\s*[a-z]", lines[start][0]):
            del lines[start - 1]  # 'Only whole loads may be' / 'sold.': the sentence goes on over the page
        lines.append(("", rows[0].page if rows else len(lines)))
    _join_hyphens(lines)
    numbered = layout_lines.drop_page_contents([(n, text) for n, (text, _) in enumerate(lines, start=1)], remarks)
    return numbered, {n: page for n, (_, page) in enumerate(lines, start=1)}


def _drop_card_furniture(all_rows: list[list[Row]], drawings: list, widths: list[float],
                         remarks: list[Remark]) -> None:
    """Rules printed as cards: each card's number badge beside its title and the foot line every card repeats
    are left out (listed), so the title is a heading and the rules run on from card to card."""
    feet = [row for rows, shapes, width in zip(all_rows, drawings, widths)
            for row in cardsheet.foot_lines(rows, shapes, width)]
    drop = cardsheet.repeated_feet(feet)
    for rows, shapes, width in zip(all_rows, drawings, widths):
        for row, badge in cardsheet.number_badges(rows, shapes, width):
            remarks.append(Remark("furniture", f"page {row.page}: card number '{_text(badge, False).strip()}' "
                                               f"beside a card's title dropped"))
            row.segments = [seg for seg in row.segments if seg is not badge]
            row.chars = [c for seg in row.segments for c in seg]
            if not row.chars:
                drop.add(id(row))
        for row in rows:
            if id(row) in drop and row.chars:
                remarks.append(Remark("furniture", f"page {row.page}: card foot line dropped: "
                                                   f"'{_text(row.chars, False).strip()[:80]}'"))
        rows[:] = [row for row in rows if id(row) not in drop]


def _drop_furniture_marks(rows: list[Row], height: float) -> list[Row]:
    for row in rows:  # a head counts by its letters' top, which the band holds though its baseline may not
        top = row.y + max(c.size for c in row.chars)
        row.furniture = top > height * (1 - FURNITURE_BAND) or row.y < height * FURNITURE_BAND
    return rows


def _furniture_key(row: Row) -> str:
    return _key(row.chars)


def _key(chars: list[Char]) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", "".join(c.text for c in chars))).strip().lower()


def _furniture_keys(row: Row) -> set[str]:
    """The row's key and, for a row in parts (title at the left, section or folio at the right), each part's."""
    keys = {_key(row.chars)}
    if len(row.segments) > 1:
        keys |= {_key(seg) for seg in row.segments}
    return keys


def _drop_furniture(all_rows: list[list[Row]], pages: list, remarks: list[Remark]) -> None:
    """Rows in the top or bottom band repeated (numbers aside) on two or more pages and a third of them, and
    folios (a bare number, or 'Page 4') in those bands, are page furniture: left out, listed as remarks."""
    counts: Counter = Counter()
    for rows in all_rows:
        counts.update({key for r in rows if r.furniture for key in _furniture_keys(r)})
    enough = max(2, len(all_rows) // 3)

    def repeated(row: Row) -> bool:  # 'HOLLOWMERE QUARRY ... Setting Up': a head whose other part names the section
        return len(all_rows) >= 2 and any(counts[k] >= enough and re.search(r"[a-z]{2}", k)
                                          for k in _furniture_keys(row))

    heads = Counter((round(r.y), round(r.size(), 1)) for rows in all_rows for r in rows[:1]
                    if r.furniture and repeated(r))
    for rows in all_rows:
        keep = []
        for k, row in enumerate(rows):
            key = _furniture_key(row)
            text = "   ".join(re.sub(r"\s+", " ", "".join(c.text for c in seg)).strip() for seg in row.segments)
            folio = re.fullmatch(r"(?:page\s+)?#(?:\s*(?:/|of)\s*#)?|[-–—]\s*#\s*[-–—]", key)
            # a page's first row where the other pages' running heads stand, in their size: the other page's
            # head of a book whose left and right pages have their own ('ELDERFORD MILLRACE' / 'RULES OF PLAY')
            alternate = k == 0 and heads[(round(row.y), round(row.size(), 1))] >= 2 and len(text.split()) <= 8
            if row.furniture and (folio or repeated(row) or alternate):
                remarks.append(Remark("furniture", f"page {row.page}: running page line dropped: '{text[:80]}'"))
                continue
            keep.append(row)
        rows[:] = keep


def _blocks(rows: list[Row]) -> list[list[Row]]:
    """Rows in runs without a wide gap between them (two and a half lines: a table's rows are often set
    further apart than a paragraph's lines)."""
    out: list[list[Row]] = []
    for row in rows:
        last = out[-1][-1] if out else None
        if last is not None and 0 <= (last.bottom or last.y) - row.y <= 2.5 * max(row.size(), last.size()):
            out[-1].append(row)
        else:
            out.append([row])
    joined: list[list[Row]] = []
    for block in out:  # a table with tall padding: blocks of the same two or more left edges, close together
        if joined and len(_edges(block)) >= 2 and _same_edges(_edges(joined[-1]), _edges(block)) \
                and 0 <= (joined[-1][-1].bottom or joined[-1][-1].y) - block[0].y <= 5 * block[0].size():
            joined[-1].extend(block)
        else:
            joined.append(block)
    return joined


def _edges(block: list[Row]) -> list[float]:
    edges: list[float] = []
    for row in block:
        for seg in row.segments:
            if not any(abs(e - seg[0].x0) <= 4 for e in edges):
                edges.append(seg[0].x0)
    return sorted(edges)


def _same_edges(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= 4 for x, y in zip(a, b))


def _column_starts(block: list[Row]) -> list[float]:
    """Where a table's columns start: the cells of rows cut in two or more; failing that (a table whose short
    cells sit beside the middle of the long ones, or a name above or beside its indented meaning), every
    left edge used by two or more cells."""
    starts: list[float] = []
    lefts = [seg[0].x0 for row in block for seg in row.segments]
    for row in block:
        if len(row.segments) >= 2:
            for seg in row.segments:
                # an edge no other line starts at is a wide gap inside one line (an inline icon), no column
                if not any(abs(seg[0].x0 - x) <= 4 for x in starts) \
                        and sum(1 for x in lefts if abs(x - seg[0].x0) <= 4) >= 2:
                    starts.append(seg[0].x0)
    # a column of centred figures ('1' … '8') starts right of its wider cells ('4–5', the header 'd8'): where
    # a cell of a start to its left runs across it is no column edge
    cells = [seg for row in block if len(row.segments) >= 2 for seg in row.segments]
    starts = [x for x in starts if not any(seg[0].x0 < x - 4 and seg[-1].x1 > x + 2
                                           and any(abs(seg[0].x0 - s) <= 4 for s in starts) for seg in cells)]
    if len(starts) >= 2:
        return sorted(starts)
    edges: list[list[float]] = []
    for row in block:
        for seg in row.segments:
            near = next((e for e in edges if abs(e[0] - seg[0].x0) <= 4), None)
            if near is None:
                edges.append([seg[0].x0])
            else:
                near.append(seg[0].x0)
    return sorted(e[0] for e in edges if len(e) >= 2)


def _column(x: float, starts: list[float]) -> int:
    return max((k for k, s in enumerate(starts) if x >= s - 4), default=0)


def _fits(row: Row, starts: list[float], body: float) -> bool:
    """Each of the row's cells ends before the next column starts (a line of prose runs across them); no cell
    of a later column is a list item (a list indented under its bold lead is no table); no heading type."""
    if row.size() >= body * 1.15:
        return False
    for seg in row.segments:
        if _column(seg[0].x0, starts) > 0 and LIST_MARKER.match(_text(seg, False)):
            return False
        k = _column(seg[0].x0, starts)
        if k + 1 < len(starts) and seg[-1].x1 > starts[k + 1] - 2:
            return False
    return True


def _runs(rows: list[Row], body: float) -> list[tuple[list[Row], list[float]]]:
    """The rows in runs, each with its column starts: [] for prose, two or more for a table (three or more rows
    whose cells all keep to their columns, each column holding two cells or more)."""
    out: list[tuple[list[Row], list[float]]] = []
    prose: Row | None = None  # the row before, when it was prose
    for block in (piece for whole in _blocks(rows) for piece in _between_prose(whole)):
        starts = _column_starts(block)
        if len(starts) < 2:
            out.append((block, []))
            prose = block[-1] if len(block[-1].segments) == 1 else None
            continue
        run: list[Row] = []
        for row in block:
            if _fits(row, starts, body) and not (not run and prose is not None and _ends_paragraph(prose, row)):
                run.append(row)
                prose = None
            else:
                _flush_run(run, body, out)
                out.append(([row], []))
                prose = row
        _flush_run(run, body, out)
        prose = None
    return out


def _between_prose(block: list[Row]) -> list[list[Row]]:
    """A block cut at its lines of prose (one cell across most of its width), each its own piece, when the
    pieces hold tables of different columns: two tables a paragraph apart, set as closely as one ('Face |
    Result' rows, a lead-in, 'd6 | What happens' rows), each find their own columns; taken together, each
    table's cells run across the other's column edges and neither is found."""
    left, right = min(r.x0 for r in block), max(r.x1 for r in block)
    pieces: list[list[Row]] = [[]]
    for row in block:
        if len(row.segments) == 1 and row.x1 - row.x0 >= 0.6 * (right - left) and len(block) > 3:
            pieces += [[row], []]
        else:
            pieces[-1].append(row)
    pieces = [piece for piece in pieces if piece]
    # only tables of different columns are cut apart: a table's own wide rows ('24–26 Buzzards. Sheep …' set in
    # one cell) leave pieces whose columns agree, and the table stays whole
    columns = [_column_starts(piece) for piece in pieces if sum(len(r.segments) >= 2 for r in piece) >= 2]
    columns = [starts for starts in columns if len(starts) >= 2]
    return pieces if any(not _same_edges(columns[0], starts) for starts in columns[1:]) else [block]


def _ends_paragraph(prose: Row, row: Row) -> bool:
    """A short line right under a line of prose that left its sentence open ('… Roll one' over 'die:'): the
    paragraph's last line, not a table's first row, however well it keeps to the table's first column."""
    text = "".join(c.text for c in prose.chars).rstrip()
    gap = (prose.bottom or prose.y) - row.y
    return len(row.segments) == 1 and bool(text) and text[-1] not in ".!?:;" and abs(row.size() - prose.size()) < 0.5 \
        and 0 <= gap <= 1.6 * max(row.size(), prose.size()) and abs(row.segments[0][0].x0 - prose.chars[0].x0) <= 4


def _flush_run(run: list[Row], body: float, out: list[tuple[list[Row], list[float]]]) -> None:
    mine = _column_starts(run)
    used = Counter(_column(seg[0].x0, mine) for r in run for seg in r.segments) if mine else Counter()
    if len(run) >= 3 and len(mine) >= 2 and all(used[k] >= 2 for k in range(len(mine))) \
            and all(_fits(r, mine, body) for r in run):
        out.append((list(run), mine))
    elif run:
        out.append((list(run), []))
    run.clear()


def _padding_gap(gaps: list[float], spacing: float) -> float:
    """The smallest gap that is a row's padding rather than a line's spacing: above the first clear jump (a
    quarter wider) between the gaps in order of size (a narrow column's wrapped cells set their lines 9.4 to
    13.5 pt apart, the rows 32 pt: 13.5 is still a line's spacing; a header's wider gap above the rows' padding
    is no second line spacing); a line's spacing plus 1.5 pt when no jump stands out."""
    ordered = sorted(gaps)
    between = next(((a + b) / 2 for a, b in zip(ordered, ordered[1:]) if a > 0 and b >= 1.25 * a), 0.0)
    return between if between > spacing + 1.5 else spacing + 1.5 + 1e-9


def _centred_groups(cells: dict[int, list[tuple[float, list[Char]]]]) -> list[list[float]] | None:
    """The table rows as the baselines of the column holding the most lines, cut where the gap is wider than
    its line spacing (the rows' padding); None without such gaps, or when a 'row' would hold over four lines
    (a header over evenly set rows of one line each)."""
    driver = max(cells, key=lambda k: len(cells[k]))
    ys = [y for y, _ in cells[driver]]
    if all(len(items) == len(ys) and all(abs(y - z) <= 1 for (y, _), z in zip(items, ys)) for items in cells.values()):
        return None  # every line a row of level cells, however unevenly the rows are spaced
    gaps = [a - b for a, b in zip(ys, ys[1:])]
    positive = [g for g in gaps if g > 0]
    if not positive:
        return None
    spacing = min(positive)
    cuts = [k + 1 for k, g in enumerate(gaps) if g >= _padding_gap(positive, spacing)]
    groups = [ys[a:b] for a, b in zip([0] + cuts, cuts + [len(ys)])]
    if not cuts or len(groups) < 3 or any(len(g) > 4 for g in groups[1:]) or all(len(g) == 1 for g in groups):
        return None
    if driver != min(cells):
        texts = {y: "".join(c.text for c in seg).strip() for y, seg in cells[driver]}
        groups = _join_lonely(groups, [y for k, items in cells.items() if k != driver for y, _ in items],
                              max(1.0, 0.6 * spacing), texts)
    return groups


def _join_lonely(groups: list[list[float]], others: list[float], reach: float,
                 texts: dict[float, str]) -> list[list[float]]:
    """A 'row' of the long column's lines alone, no other cell level with it or half a line out, is part of the
    row next to it (the nearer one): a line of a wrapped cell whose gap came out wide (small type set unevenly;
    a line moved onto the baseline of the cell centred beside it). The first and last rows join only a sentence
    they go on (the row above ends mid-sentence, or the row starts in lower case): otherwise they are a row the
    column or page cut, its other cells on the other side of the break."""
    def lonely(g: list[float]) -> bool:
        return not any(g[-1] - reach <= y <= g[0] + reach for y in others)

    def goes_on(above: list[float], below: list[float]) -> bool:
        end, start = texts.get(above[-1], ""), texts.get(below[0], "")
        return bool(end and start) and (not end.endswith((".", "!", "?", ":", ")")) or start[0].islower())

    out = [list(g) for g in groups]
    k = 0
    while len(out) > 1 and k < len(out):
        if not lonely(out[k]):
            k += 1
            continue
        up = out[k - 1][-1] - out[k][0] if k > 0 else None
        down = out[k][-1] - out[k + 1][0] if k + 1 < len(out) else None
        if up is None or down is None:  # the first or the last row
            if up is not None and goes_on(out[k - 1], out[k]):
                out[k - 1] += out.pop(k)
            elif down is not None and goes_on(out[k], out[k + 1]):
                alone = out.pop(k)
                out[k] = alone + out[k]
            else:
                k += 1
        elif up <= down:
            out[k - 1] += out.pop(k)
        else:
            alone = out.pop(k)
            out[k] = alone + out[k]
    return out


def _top_groups(block: list[Row], starts: list[float]) -> list[list[float]] | None:
    """The table rows when each starts with its first cell and its other cells run on below (a name above or
    beside its meaning): a row begins at every line holding a first-column cell. None when every line does."""
    groups: list[list[float]] = []
    for row in block:
        first = any(_column(seg[0].x0, starts) == 0 for seg in row.segments)
        if first or not groups:
            groups.append([row.y])
        else:
            groups[-1].append(row.y)
    return None if all(len(g) == 1 for g in groups) else groups


def _cells(block: list[Row], starts: list[float]) -> dict[int, list[tuple[float, list[Char]]]]:
    cells: dict[int, list[tuple[float, list[Char]]]] = {}
    for row in block:
        for seg in row.segments:
            cells.setdefault(_column(seg[0].x0, starts), []).append((row.y, seg))
    return cells


def merge_table_rows(rows: list[Row], body: float) -> list[Row]:
    """A table whose cells wrap over several lines, the shorter cells set in the middle of their row (as
    browsers and Word print them): each table row becomes one row, a cell's lines joined. The column holding
    the most lines drives: its lines split into cells where the gap is wider than its line spacing (the row's
    padding); every other line goes to the cell beside it. Without such gaps the rows stay as they are."""
    out: list[Row] = []
    for block, starts in _runs(rows, body):
        if not starts:
            out.extend(block)
            continue
        groups = None
        spacing = min((a.y - b.y for a, b in zip(block[1:], block[2:]) if a.y > b.y), default=0.0)
        if len(block) > 3 and block[0].bold() and len(block[0].segments) >= 2 and not block[1].bold() \
                and 0 < block[0].y - block[1].y <= spacing + 1.5:
            # a bold header row set as close as a cell's lines is still a row of its own, when the rows
            # under it fall into rows by themselves
            cells = _cells(block[1:], starts)
            groups = _centred_groups(cells) or _top_groups(block[1:], starts)
            if groups is not None:
                out.append(block[0])
                block = block[1:]
        if groups is None:
            cells = _cells(block, starts)
            groups = _centred_groups(cells) or _top_groups(block, starts)
        if groups is None:
            out.extend(block)
            continue
        merged: list[dict[int, list[Char]]] = [dict() for _ in groups]
        for column, items in sorted(cells.items()):
            for y, seg in items:
                k = min(range(len(groups)), key=lambda g: 0 if groups[g][-1] - 1 <= y <= groups[g][0] + 1
                        else min(abs(y - groups[g][0]), abs(y - groups[g][-1])))
                chars = merged[k].setdefault(column, [])
                if chars:
                    last = chars[-1]
                    chars.append(Char(" ", last.x1, last.x1, last.y, last.size, last.bold))
                chars.extend(seg)
        page = block[0].page
        for group, columns in zip(groups, merged):
            segs = [columns[c] for c in sorted(columns)]
            row = Row([c for seg in segs for c in seg], group[0], page, segs, block[0].left,
                      bottom=min(y for seg in segs for y in (seg[0].y, seg[-1].y)))
            out.append(row)
    return out


def table_lines(rows: list[Row], body: float) -> dict[int, tuple[int, str]]:
    """id(row) -> (table number, its line) for the rows of tables: three or more rows in a run, two or more
    of them cut into cells at the same columns. With a header (set in bold, or naming its columns as
    :data:`layout_lines.HEADER_WORDS` does) the rows are '| … |' rows, the header first; a two-column table
    without one is 'name — meaning' lines (a glossary, a die's results), as the layout reader writes them."""
    from .layout_lines import _header_words

    out: dict[int, tuple[int, str]] = {}
    for number, (block, starts) in enumerate(_runs(rows, body)):
        if not starts:
            continue
        if _caption(block):
            block = block[1:]  # one cell over rows of two or more: the table's caption set above it, no row
        cells = []
        for row in block:
            texts = [""] * len(starts)
            for seg in row.segments:
                k = _column(seg[0].x0, starts)
                texts[k] = (texts[k] + " " + _text(seg, False)).strip()
            cells.append(texts)
        first = cells[0]
        header = block[0].bold() or _header_words(first) or (
            all(len(c.split()) <= 3 and not re.search(r"\d", c) for c in first)
            and all(re.search(r"\d", r[0]) for r in cells[1:]))
        for row, texts in zip(block, cells):
            if header or len(starts) > 2:
                text = "| " + " | ".join(c.replace("|", "/") for c in texts) + " |"
            else:
                text = f"{texts[0]} — {texts[1]}" if texts[0] and texts[1] else (texts[0] or texts[1])
            out[id(row)] = (number, text)
    return out


def _caption(block: list[Row]) -> bool:
    """The run's first row is a caption set close above the table ('Pond Table' over 'Roll | What happens'):
    a single short cell over rows of two or more cells, not a sentence the next row goes on with."""
    if len(block) < 4 or len(block[0].segments) != 1 or any(len(r.segments) < 2 for r in block[1:]):
        return False
    text = _text(block[0].chars, False).strip()
    after = _text(block[1].segments[0], False).strip()
    return 0 < len(text.split()) <= 5 and not re.search(r"[.,;:!?]$", text) and not after[:1].islower()


def _icon(row: Row) -> bool:
    """A row of one drawn symbol alone ('★', '⚗'): the icon of a note set beside the text."""
    text = "".join(c.text for c in row.chars).strip()
    return 0 < len(text) <= 2 and not any(ch.isalnum() for ch in text)


def _term_rows(rows: list[Row], styles: Styles, tables: dict) -> set[int]:
    """A definition list as printed (an HTML ``<dl>``, a DTP glossary): a short bold name on a line of its own,
    its meaning in plain text right below (no paragraph gap), level with it or indented. Two or more such
    names at the same edge and size on the page; a name set like a heading (as large as the text) counts
    only over an indented meaning, which a heading's text never is."""
    found: list[Row] = []
    for k, (row, nxt) in enumerate(zip(rows, rows[1:])):
        text = _text(row.chars, False).strip()
        if k and _icon(rows[k - 1]) and rows[k - 1].page == row.page:
            continue  # 'Tip' under an icon of its own: a margin note's title, its note no definition
        if id(row) in tables or id(nxt) in tables or not row.bold() or len(row.segments) != 1 \
                or styles.levels.get(round(row.size(), 1)) or nxt.bold() or nxt.page != row.page:
            continue
        if not text or len(text) > 40 or len(text.split()) > 5 or text.endswith((".", ",", ";", ":", "?", "!")) \
                or LIST_MARKER.match(text) or LIST_MARKER.match(_text(nxt.chars, False)) \
                or _text(nxt.chars, False).lstrip()[:1] in BULLETS.replace("–", "").replace("·", ""):
            continue  # a bold lead over bullets ('Sail – reminders' over '• …') heads its list
        gap = row.y - nxt.y
        indent = nxt.x0 - row.x0
        if gap < 0 and row.left is not None and nxt.left is not None and nxt.left != row.left:
            # the name ends a column, its meaning starts the next one: measured from each column's edge
            gap, indent = 1.0, (nxt.x0 - nxt.left) - (row.x0 - row.left)
        indented = indent >= styles.char_width
        if not 0 < gap <= 1.6 * max(row.size(), nxt.size()) or indent < -2:
            continue
        if row.size() >= styles.body * 0.95 and not indented:
            continue  # a bold line as large as the text over its paragraph: a heading
        found.append(row)
    return {id(r) for r in found if any(o is not r and abs(o.x0 - r.x0) <= 2 and abs(o.size() - r.size()) < 0.3
                                        for o in found)}


def _run_in_name(row: Row) -> int:
    """How many characters of the row its bold run-in name takes ('**Cog** A wheel token …'), 0 if none: one to
    four bold words, no stop after them, plain words after."""
    chars = row.chars
    k = 0
    while k < len(chars) and (chars[k].bold or not chars[k].text.strip()):
        k += 1
    name = "".join(c.text for c in chars[:k]).strip()
    rest = "".join(c.text for c in chars[k:]).strip()
    if not name or not rest or len(name) > 40 or len(name.split()) > 4 or name[-1] in ".,;:?!–—-" \
            or not re.match(r"[^\W\d_]", name) or not re.match(r"[^\W\d_]", rest):
        return 0
    return k


def _run_in_rows(rows: list[Row], styles: Styles, tables: dict) -> dict[int, int]:
    """A description list as LaTeX prints it: each entry's bold name runs into its meaning on the same line,
    the meaning's further lines hang indented under it. id(row) -> where its name ends, for two or more such
    entries at one edge, one of them hanging at least."""
    found: list[tuple[Row, int, bool]] = []
    for k, row in enumerate(rows):
        if id(row) in tables or len(row.segments) != 1 or styles.levels.get(round(row.size(), 1)):
            continue
        end = _run_in_name(row)
        if not end or LIST_MARKER.match(_text(row.chars, False)):
            continue
        nxt = rows[k + 1] if k + 1 < len(rows) else None
        hangs = nxt is not None and nxt.page == row.page and 0 < row.y - nxt.y <= 1.6 * row.size() \
            and nxt.x0 - row.x0 >= styles.char_width and not _run_in_name(nxt)
        found.append((row, end, hangs))
    out: dict[int, int] = {}
    for row, end, _ in found:
        mates = [h for r, _, h in found if abs(r.x0 - row.x0) <= 2]
        if len(mates) >= 2 and any(mates):
            out[id(row)] = end
    return out


# a cell that opens with its bold name and a dash: 'Ailment – A card in …'
_NAMED = re.compile(r"^[^\W\d_][\w'’]*(?: [\w'’]+){0,3} [–—-] \S")


def _named_entry(seg: list[Char]) -> bool:
    text = "".join(c.text for c in seg)
    found = _NAMED.match(text)
    return bool(found) and all(c.bold for c in seg[:found.end() - 3] if c.text.strip()) \
        and not seg[found.end() - 1].bold


def entry_columns(rows: list[Row], body: float) -> list[Row]:
    """Entries set in two or more columns side by side ('Ailment – …' | 'Tincture – …', a glossary in a
    one-column page) read a column at a time, as the page is read: not a table of names and meanings. Each
    column opens two entries or more with a bold name and a dash; a table's cells do not."""
    out: list[Row] = []
    for block, starts in _runs(rows, body):
        if not starts:
            out.extend(block)
            continue
        columns: list[list[tuple[float, list[Char]]]] = [[] for _ in starts]
        for row in block:
            for seg in row.segments:
                columns[_column(seg[0].x0, starts)].append((row.y, seg))
        if any(sum(_named_entry(seg) for _, seg in column) < 2 for column in columns):
            out.extend(block)
            continue
        for start, column in zip(starts, columns):
            out += [Row(list(seg), y, block[0].page, [list(seg)], start) for y, seg in column]
    return out


def card_columns(rows: list[Row]) -> list[Row]:
    """A grid of cards side by side (a web page's phases as a 2 × 2 grid of boxes, each a bold title such as
    '1 Current' over a few lines of text) read a card at a time: not a table. A band starts at a row of two or
    more short bold titles; each column under it is wrapped prose (most lines go on with a lower-case word
    the line above left open), which a table's cells never are."""
    out: list[Row] = []
    i = 0
    while i < len(rows):
        band = _card_band(rows, i)
        if band is None:
            out.append(rows[i])
            i += 1
            continue
        titles, columns, end = band
        for title, column in zip(titles, columns):
            out.append(Row(list(title), rows[i].y, rows[i].page, [list(title)], title[0].x0))
            out += [Row(list(seg), y, rows[i].page, [list(seg)], seg[0].x0) for y, seg in column]
        i = end
    return out


def _card_title(seg: list[Char]) -> bool:
    text = "".join(c.text for c in seg).strip()
    return all(c.bold for c in seg if c.text.strip()) and 0 < len(text.split()) <= 5 \
        and not re.search(r"[.,;:!?]$", text) and re.search(r"[^\W\d_]", text) is not None


def _card_band(rows: list[Row], i: int) -> tuple[list, list, int] | None:
    """(the titles, each column's (y, segment) lines, the index after the band) for a band of cards at row i."""
    head = rows[i]
    if len(head.segments) < 2 or not all(_card_title(seg) for seg in head.segments):
        return None
    bounds = [seg[0].x0 for seg in head.segments[1:]] + [float("inf")]
    columns: list[list[tuple[float, list[Char]]]] = [[] for _ in head.segments]
    starts: list[float | None] = [None] * len(head.segments)
    last, j = head, i + 1
    while j < len(rows):
        row = rows[j]
        if row.page != head.page or not 0 < last.y - row.y <= 3 * max(row.size(), last.size()) \
                or (len(row.segments) >= 2 and all(_card_title(seg) for seg in row.segments)):
            break
        placed = []
        for seg in row.segments:
            k = next(n for n, b in enumerate(bounds) if seg[0].x0 < b - 6)
            if (starts[k] is not None and abs(seg[0].x0 - starts[k]) > 3) or seg[-1].x1 > bounds[k]:
                placed = []
                break
            placed.append((k, seg))
        if not placed:
            break
        for k, seg in placed:
            starts[k] = seg[0].x0 if starts[k] is None else starts[k]
            columns[k].append((row.y, seg))
        last, j = row, j + 1
    for column in columns:
        texts = ["".join(c.text for c in seg).strip() for _, seg in column]
        joins = list(zip(texts, texts[1:]))
        going_on = sum(1 for a, b in joins if not re.search(r"[.!?:]$", a) and b[:1].islower())
        if len(texts) < 2 or 2 * going_on < len(joins):
            return None
    return list(head.segments), columns, j


def _page_lines(rows: list[Row], styles: Styles, lines: list[tuple[str, int]]) -> None:
    rows = merge_table_rows(entry_columns(card_columns(rows), styles.body), styles.body)
    tables = table_lines(rows, styles.body)
    terms = _term_rows(rows, styles, tables)
    run_in = _run_in_rows(rows, styles, tables)
    prev: Row | None = None
    heading_open: tuple[float, bool] | None = None
    list_x: float | None = None  # where the current list's markers stand
    para_first = ""  # the first line of the paragraph being written
    for i, row in enumerate(rows):
        size = round(row.size(), 1)
        gap = ((prev.bottom or prev.y) - row.y) if prev is not None else None
        para_break = prev is None or gap is None or gap < 0 or gap > 1.75 * max(size, round(prev.size(), 1))
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if id(row) in tables:
            same = prev is not None and tables.get(id(prev), (None,))[0] == tables[id(row)][0]
            if not same and lines and lines[-1][0].strip():
                lines.append(("", row.page))
            lines.append((tables[id(row)][1], row.page))
            heading_open = None
            prev = row
            continue
        if prev is not None and id(prev) in tables and lines and lines[-1][0].strip():
            lines.append(("", row.page))
        text = _row_text(row, styles, row.left or 0.0)
        if id(row) in terms or (prev is not None and id(prev) in terms):
            # written as a Markdown definition list ('Term' over ': meaning'), the reader's entries
            if id(row) in terms and lines and lines[-1][0].strip():
                lines.append(("", row.page))
            lines.append((text.strip().strip("*").strip() if id(row) in terms else ": " + text.strip(), row.page))
            heading_open, list_x = None, None
            prev = row
            continue
        if id(row) in run_in:  # written as a definition list: 'Term' over ': meaning …'
            if lines and lines[-1][0].strip():
                lines.append(("", row.page))
            cut = run_in[id(row)]
            lines.append((_text(row.chars[:cut], False).strip(), row.page))
            lines.append((": " + _text(row.chars[cut:], False).strip(), row.page))
            heading_open, list_x = None, None
            prev = row
            continue
        if gap is not None and gap < 0 and not heading_open and LEAD_ENTRY.match(text) \
                and LEAD_ENTRY.match(para_first):
            para_break = False  # '**Wreck** – …' at a column's top goes on the '**Cloud** – …' entries before it
        if not para_break and _indented_first_line(prev, row, nxt):
            para_break = True  # paragraphs told apart by their first line's indent, not by space between them
        if para_break or heading_open:
            para_first = text
        led = any(c.disc for c in row.chars[:2])  # a step name after its disc number: set small, still a heading
        # numbered lines back to back ('1 KNOCK — take a job', '2 MEND — …' in discs): a list's items, no headings
        run = led and any(r is not None and r.page == row.page and any(c.disc for c in r.chars[:2])
                          for r in (prev, nxt))
        if run:
            # the marker outside the bold, and an item bold throughout plain: its weight marks no name in it
            text = re.sub(r"^(\s*)\*\*(\d{1,2}\.)\s*\*{0,2}", r"\1\2 **", text)
            text = re.sub(r"^(\s*\d{1,2}\. )\*\*([^*]+)\*\*$", r"\1\2", text)
        marker = LIST_MARKER.match(text)
        if marker and list_x is not None and abs(row.x0 - list_x) <= 3 and para_break and not heading_open:
            para_break = False  # the next item of a list whose items are spaced apart: one list
        list_x = row.x0 if marker else (list_x if not para_break else None)
        level = styles.levels.get(size)
        after = _row_text(nxt, styles, nxt.left or 0.0) if nxt is not None else ""
        bold_heading = row.bold() and _heading_text(row) and (size >= styles.body * 0.95 or led) and (
            nxt is None or not nxt.bold() or (nxt.y < row.y - 1.75 * size)) and (para_break or heading_open or led) \
            and (not LIST_MARKER.match(after) or _capitals(row) or row.y - nxt.y > 3 * size) and not run  # a bold line
        # right over a list leads it (set-up steps by player), unless set in capitals as a card's section title
        # ('SETUP' over its steps) or standing well apart (a player-count badge over a page of callouts)
        if level is None and bold_heading:
            level = min(len(styles.levels) + 1, 5) if styles.levels else 2
            level = max(level, 2)
        if level and _heading_text(row):
            text = _heading_line(row)
            if heading_open == (size, row.bold()) and not para_break and lines and lines[-1][0].startswith("#"):
                lines[-1] = (lines[-1][0] + " " + text, lines[-1][1])  # a heading wrapped over two rows
            else:
                if lines and lines[-1][0].strip():
                    lines.append(("", row.page))
                lines.append(("#" * level + " " + text, row.page))
            heading_open = (size, row.bold())
            prev = row
            continue
        if heading_open or (para_break and lines and lines[-1][0].strip()):
            lines.append(("", row.page))
        heading_open = None
        lines.append((text if marker or len(row.segments) > 1 else text.lstrip(), row.page))
        prev = row


def _indented_first_line(prev: Row | None, row: Row, nxt: Row | None) -> bool:
    """A book's paragraphs set without space between them, each first line indented about an em ('text-indent'):
    a plain line indented from the line above it, with the line below it back at that line's edge."""
    if prev is None or nxt is None or not prev.page == row.page == nxt.page \
            or any(len(r.segments) != 1 for r in (prev, row, nxt)) or not prev.y > row.y > nxt.y:
        return False
    text = "".join(c.text for c in row.chars).strip()
    if not text[:1].isupper() and text[:1] not in "\"'“‘*" or LIST_MARKER.match(text) or text[:1] in BULLETS:
        return False
    if HANGING_LEAD.match("".join(c.text for c in prev.chars)):
        return False  # the line above leads a list item ('1. Lay out …', '3.6 Set …'): its next line hangs
    em = row.size()
    return 0.6 * em <= row.x0 - prev.x0 <= 3 * em and abs(nxt.x0 - prev.x0) <= 1.0 \
        and row.y - nxt.y <= 1.75 * em and prev.y - row.y <= 2 * em


def _row_text(row: Row, styles: Styles, left: float) -> str:
    """A row as a layout line: cells at their columns (two spaces at least between them), a bullet as '- '."""
    out = ""
    for k, seg in enumerate(row.segments):
        column = max(0, round((seg[0].x0 - left) / styles.char_width))
        text = _text(seg, len(row.segments) == 1)  # a table's cells: no bold marks (a header row is bold)
        if k == 0:
            out = " " * column + text
        else:
            out += " " * max(2, column - len(out)) + text
    stripped = out.lstrip()
    if stripped[:1] in BULLETS and stripped[1:2] in (" ", "\t", "") and len(stripped) > 2:
        out = out[:len(out) - len(stripped)] + "- " + stripped[1:].lstrip()
    elif stripped[:3] == "**" + stripped[2:3] and stripped[2:3] in BULLETS:
        out = out[:len(out) - len(stripped)] + "- **" + stripped[3:].lstrip()
    return out


def _join_hyphens(lines: list[tuple[str, int]]) -> None:
    """'cap-' / 'tured the …': a word hyphenated at the line end is joined (the rest of the line moves down).
    The document decides a real compound ('self-' / 'contained'): the word written elsewhere with its hyphen
    keeps it, written elsewhere as one word is joined; with no such evidence the hyphen stays only when the
    part after it is a word of its own elsewhere in the document (and the part before is no bare prefix)."""
    words = Counter(w.lower() for text, _ in lines for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", text))
    for i in range(len(lines) - 1):
        text, page = lines[i]
        following, page2 = lines[i + 1]
        if re.search(r"[a-z]-$", text) and re.match(r"\s*[a-z]", following) and not text.lstrip().startswith("#"):
            word = re.match(r"\s*(\S+)\s*", following)
            head = re.search(r"([^\W\d_]+)-$", text).group(1).lower()
            tail = re.match(r"[^\W\d_]+", word.group(1))
            tail = tail.group(0).lower() if tail else ""
            hyphen = _keep_hyphen(head, tail, words)
            lines[i] = (text[:-1] + ("-" if hyphen else "") + word.group(1), page)
            lines[i + 1] = (following[word.end():].rstrip() and " " * (len(following) - len(following.lstrip()))
                            + following[word.end():], page2)


join_hyphens = _join_hyphens  # a plain text saved from a PDF viewer has the same broken words (plaintext.py)


def _keep_hyphen(head: str, tail: str, words: Counter) -> bool:
    if words[f"{head}-{tail}"]:
        return True
    if words[head + tail]:
        return False
    # 'tail' counted once as the broken line's own word start: it must stand somewhere else too
    return len(head) >= 3 and words[tail] >= 2


def text_chars(pages: list[tuple]) -> int:
    return sum(1 for page in pages for c in page[2] if c.text.strip())
