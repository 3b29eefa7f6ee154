"""The cheat sheet's fit, chosen on the page WeasyPrint actually lays out (not on an estimate).

The sheet is set 190 mm wide on both papers (cheatsheet.css), so only the page height differs: a sheet
that fits US Letter's shorter page fits A4. ``fit_here`` renders the sheet on Letter, first at the
estimate's fit for a full page (``read_fit``), measures it (pages, and how far down the ink reaches in
each third of the page width) and adjusts the type size (never below ``MIN_PT``), then the spacing
(when the largest size still leaves the page short), then the columns (when the smallest size still
overflows), until the page is ``LOW``–``HIGH`` full. When even the smallest size in the most columns the
sheet may take (4, fewer once a table is too wide for them) overflows,
units are left out from the end of the least needed blocks, in the game's drop order (``DROP``, written by
the renderer; by default ``sheet_priority.DROP_ORDER``: terms, icons, catalog items, reference tables, sections, dice
tables, cards; never a phase, an end-of-game condition or a key number), and the result names them. Each render is bounded (``MAX_RENDERS``);
the best one-page fit found is kept. A render where a table or a word reaches past its column (``spill``:
it would print over the next one) never fits: where type small enough to stop it would leave the page
well short, the sheet gets fewer, wider columns (and never more again), else smaller type.

The sheet is set in balanced columns, so A4 lays it out as Letter on a taller page: a fit that is one
page on Letter predicts A4's fill (``_paper_ratio``). Letter's best render is written as it is; when a
cliff keeps Letter under ``LOW``, type and spacing are tuned on Letter (``_tune``). Every other paper is
then rendered and measured: at the shared fit, or, where that is predicted under ``PAPER_FULL``, at its
own wider spacing straight away (``_spread``). Every PDF written is a render that was measured.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..models.cheatsheet import FILL_AIM, MAX_COLUMNS, MAX_PT, MIN_SPACING, SIZES_PT, Fit
from ..models.sheet_priority import DROP_ORDER
from ..render.cheatsheet import CREDIT_HTML, DROP, FIT_START
from ..render.emoji import emoji_data_uri, replace_emoji

MIN_PT = SIZES_PT[-1]
MAX_SPACING = 2.6
# Fill of Letter's printable height measured on line boxes (a little below the ink). A4 is 6 % taller,
# so Letter 0.93-0.985 is A4 0.87-0.92; the top margin leaves Chromium room for its own line breaking.
LOW, HIGH, TARGET = 0.93, 0.985, FILL_AIM
# A paper the shared fit leaves under PAPER_FULL gets its own, wider spacing (``_spread``), aimed at
# PAPER_AIM: on A4 the spacing moves the fill slowly (about 0.05 per unit of --rc-space, measured).
PAPER_FULL, PAPER_AIM = 0.9, 0.93
SPREAD_AIM = 0.92  # the first spread aims lower: a cliff (the sheet spilling over) lies not far above
PAPER_TUNES = 4
# Fill per unit of --rc-space (measured on the five games' sheets: A4 0.044-0.06, Letter that over 0.9365):
# where the spacing search starts; later steps use the renders' own secant.
SPREAD_SLOPE, LETTER_SLOPE = 0.05, 0.06
GROWTH = 2.0  # fill ~ size ** GROWTH until two renders measure it (1.6-2.1 on the five games' sheets)
SPILL_PX = 1.0  # past its column's edge: text or a table reaching further may print over the next column
# A spill that type small enough to stop it would leave under this fill is met with fewer columns instead
# (the Tarok import's contracts table: 27 % too wide at a 0.69 fill; Bridgehead's CRT: 1 % at 0.82).
FEWER_COLUMNS_BELOW = 0.75
CLIFF = 0.15  # pt: fits below, spills over above, and Letter still under LOW: stop the size search
MAX_RENDERS = 14
MAX_TUNES = 6
SPACING_ROUNDS = 2  # tuning rounds on the spacing, then on type size (SIZE_STEPS, in pt, tighter gaps)
SIZE_STEPS = (0.1, 0.2, 0.3)
# Paper heights (CSS page sizes of pdf.PAPERS): a one-page Letter layout predicts the fill on the other.
PAPER_HEIGHT_MM = {"A4": 297.0, "letter": 279.4}
PX_PER_MM = 96 / 25.4
# A block of the sheet (sheet_priority.DROP_ORDER) -> the id prefix of its units (render/cheatsheet.py) and their name.
_UNIT_KIND = {"terms": "term", "icons": "icon", "catalog": "item", "tables": "table", "sections": "section",
              "dice": "dice", "cards": "card"}
_DROP_NAMES = {"term": "key term", "icon": "icon", "item": "catalog item", "table": "reference table",
               "section": "section", "dice": "dice table", "card": "card"}


@dataclass
class FitResult:
    fit: Fit
    fragment: str  # the sheet as verified: fit applied, emoji as pictures, units left out removed
    pdfs: dict[str, tuple[bytes, int, float]]  # CSS paper size -> (PDF, pages, fill)
    fill: float  # on Letter
    attempts: int
    dropped: list[str] = field(default_factory=list)  # element ids left out
    dropped_names: list[str] = field(default_factory=list)
    # CSS paper size -> the wider spacing that paper's PDF alone was given (_spread); the page carries
    # A4's too, so the browser prints on A4 what the A4 PDF shows (cheatsheet.css)
    paper_spacing: dict[str, float] = field(default_factory=dict)

    def to_json(self, folder: Path) -> dict:
        files = {}
        for i, (paper, (data, pages, fill)) in enumerate(self.pdfs.items()):
            (folder / f"{i}.pdf").write_bytes(data)
            files[paper] = [f"{i}.pdf", pages, fill]
        return {"fit": [self.fit.size_pt, self.fit.columns, self.fit.spacing], "fragment": self.fragment,
                "pdfs": files, "fill": self.fill, "attempts": self.attempts, "dropped": self.dropped,
                "dropped_names": self.dropped_names, "paper_spacing": self.paper_spacing}

    @classmethod
    def from_json(cls, data: dict, folder: Path) -> FitResult:
        """The result ``to_json`` wrote into ``folder``; ValueError for anything else (the cache's folder is
        the project's: whatever is found there is checked before a page or the site gets it)."""
        if not isinstance(data, dict) or not isinstance(data.get("pdfs"), dict) or not data["pdfs"]:
            raise ValueError("not a fit result")
        size, columns, spacing = _checked(data.get("fit"), list, 3)
        if not (_number(size) and type(columns) is int and 1 <= columns <= MAX_COLUMNS and _number(spacing)):
            raise ValueError("not a fit")
        pdfs = {}
        for paper, entry in data["pdfs"].items():
            name, pages, fill = _checked(entry, list, 3)
            if type(name) is not str or not _PDF_NAME.fullmatch(name) or type(pages) is not int or not _number(fill):
                raise ValueError("not a PDF entry")
            path = folder / name
            if path.is_symlink() or not path.is_file():  # the file written there: no link out, no pipe
                raise ValueError("a PDF is a file of the entry")
            pdfs[paper] = (path.read_bytes(), pages, fill)
        fragment, dropped, names = data.get("fragment"), data.get("dropped"), data.get("dropped_names")
        spread = data.get("paper_spacing", {})
        if not (type(fragment) is str and _strings(dropped) and _strings(names) and isinstance(spread, dict)
                and all(_number(v) for v in spread.values()) and _number(data.get("fill"))
                and type(data.get("attempts")) is int):
            raise ValueError("not a fit result")
        return cls(Fit(size, columns, spacing), fragment, pdfs, data["fill"], data["attempts"], dropped, names,
                   spread)

    def made_from(self, fragment: str) -> bool:
        """Whether this result's sheet is the one its fit makes of ``fragment`` (its units left out, the fit
        applied), as ``fit_here`` made it: a cached result whose sheet is anything else is not put into a page."""
        try:
            for element_id in self.dropped:
                fragment = drop(fragment, element_id)
        except ValueError:  # an id the sheet does not have
            return False
        return apply_fit(fragment, self.fit, self.paper_spacing.get("A4")) == self.fragment


_PDF_NAME = re.compile(r"[0-9]{1,3}\.pdf")


def _checked(value, kind: type, size: int) -> list:
    if type(value) is not kind or len(value) != size:
        raise ValueError("damaged")
    return value


def _number(value) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _strings(value) -> bool:
    return type(value) is list and all(type(v) is str for v in value)


# --- the fragment ---------------------------------------------------------------------------------------

_OPEN_TAG = re.compile(r"<div\b[^>]*>")
_START_ATTR = re.compile(rf'\s{FIT_START}="([\d.]+) (\d)"')
_DROP_ATTR = re.compile(rf'\s{DROP}="([a-z ]*)"')


def apply_fit(fragment: str, fit: Fit, a4_spacing: float | None = None) -> str:
    """The sheet's opening tag gets the fit's columns class and style (with A4's own spacing, when its
    PDF was spread wider than the shared fit), and loses the search's start (``read_fit``)."""
    match = _OPEN_TAG.match(fragment)
    if not match:
        return fragment
    tag = match.group(0)
    tag = re.sub(r"\brc-columns-\d\b", fit.classes, tag)
    tag = _DROP_ATTR.sub("", _START_ATTR.sub("", tag))
    tag = re.sub(r'\sstyle="[^"]*"', "", tag)
    style = fit.style + (f"; --rc-space-a4: {a4_spacing:g}" if a4_spacing is not None else "")
    tag = tag[:-1] + f' style="{style}">'
    return tag + fragment[match.end():]


def read_drop_order(fragment: str) -> list[str]:
    """The blocks whose units are left out first ... last, as the renderer wrote them (``DROP``), then any
    the attribute leaves unnamed in the default order (all of it for a sheet without one)."""
    tag = _OPEN_TAG.match(fragment).group(0) if _OPEN_TAG.match(fragment) else ""
    found = _DROP_ATTR.search(tag)
    blocks = dict.fromkeys([*(found.group(1).split() if found else []), *DROP_ORDER])  # the rest: as by default
    return [b for b in blocks if b in _UNIT_KIND]


def read_fit(fragment: str) -> Fit:
    """Where the search starts: the estimate's fit for the PDF, which the renderer wrote beside the
    page's own (``FIT_START``), else the page's (the one the browser prints before a PDF is fitted)."""
    tag = _OPEN_TAG.match(fragment).group(0) if _OPEN_TAG.match(fragment) else ""
    start = _START_ATTR.search(tag)
    if start:
        return Fit(float(start.group(1)), int(start.group(2)))
    size = re.search(r"--rc-fs:\s*([\d.]+)pt", tag)
    space = re.search(r"--rc-space:\s*([\d.]+)", tag)
    columns = re.search(r"\brc-columns-(\d)\b", tag)
    return Fit(float(size.group(1)) if size else MIN_PT, int(columns.group(1)) if columns else 3,
               float(space.group(1)) if space else 1.0)


def emoji_to_images(fragment: str) -> str:
    """Emoji in the sheet's text become vector pictures (render/emoji.py), so no emoji font is needed;
    a sheet showing one credits the pictures in its header (their licence asks for it)."""
    def swap(emoji: str) -> str | None:
        uri = emoji_data_uri(emoji)
        if uri is None:
            return None
        return f'<img class="rc-icon rc-icon--emoji" src="{uri}" alt="{html.escape(emoji)}">'

    parts = re.split(r"(<[^>]*>)", fragment)
    out = "".join(p if p.startswith("<") else replace_emoji(p, swap) for p in parts)
    heading = out.find('<p class="rc-sheet-heading">')
    if out != fragment and "rc-sheet-credit" not in out and heading >= 0:
        end = out.index("</p>", heading)
        out = out[:end] + ("" if out[end - 1].isspace() else " ") + CREDIT_HTML + out[end:]
    return out


def _units(fragment: str) -> list[tuple[str, str, str]]:
    """(kind, element id, name) of every unit that may be left out, in the order they are left out: block by
    block in the sheet's drop order (``DROP`` on its opening tag, else the default), each from its end."""
    found = []
    for kind in (_UNIT_KIND[block] for block in read_drop_order(fragment)):
        ids = re.findall(rf'\sid="(sheet-{kind}-[^"]+)"', fragment)
        for element_id in reversed(ids):
            found.append((kind, element_id, _unit_name(fragment, element_id, kind)))
    return found


def _unit_name(fragment: str, element_id: str, kind: str) -> str:
    start = fragment.index(f'id="{element_id}"')
    inner = fragment[start:start + 600].split(">", 1)[1]
    inner = re.split(r"</(?:h3|dt|strong|th|p)>", inner, maxsplit=1)[0]  # its name: a heading, a term, a row's
    words = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", inner)).split()[:6])
    return f"{_DROP_NAMES[kind]} '{re.split(r':| — ', words)[0].strip()}'"


def drop(fragment: str, element_id: str) -> str:
    """The fragment without the element of that id (the units are div, tr or li elements)."""
    start = fragment.index(f'id="{element_id}"')
    start = fragment.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", fragment[start:]).group(1)
    depth, pos = 0, start
    for match in re.compile(rf"<(/?){tag}\b[^>]*>").finditer(fragment, start):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            pos = match.end()
            break
    return fragment[:start] + fragment[pos:]


# --- measuring the rendered page -------------------------------------------------------------------------

def measure(rendered) -> tuple[int, float]:
    """(pages, fill): fill is the mean over the page's thirds of how far down line boxes, pictures and
    ruled boxes reach, as a share of the printable height; with more than one page, pages - 1 plus the
    last page's fill (how much too much there is)."""
    from weasyprint.formatting_structure import boxes

    pages = rendered.pages
    page_box = pages[-1]._page_box
    top = page_box.margin_top
    height = page_box.height
    left, width = page_box.margin_left, page_box.width
    lows = [0.0, 0.0, 0.0]

    def visit(box):
        inked = isinstance(box, (boxes.LineBox, boxes.ReplacedBox)) or (
            isinstance(box, boxes.BlockBox) and (box.border_bottom_width or 0) > 0)
        if inked:
            x0, x1 = box.position_x, box.position_x + (box.margin_width() if hasattr(box, "margin_width") else 0)
            bottom = box.position_y + box.margin_height()
            for third in range(3):
                t0, t1 = left + width * third / 3, left + width * (third + 1) / 3
                if x0 < t1 and x1 > t0:
                    lows[third] = max(lows[third], bottom)
        for child in getattr(box, "children", []) or []:
            visit(child)

    visit(page_box)
    fill = sum(max(0.0, low - top) for low in lows) / 3 / height
    return len(pages), (len(pages) - 1) + fill


def spill(rendered) -> tuple[float, float]:
    """(px, column width px): how far the widest thing reaches past the right edge of the sheet column it
    stands in, on any page (a table whose words cannot wrap narrower than its column prints over the next
    one; 0 when nothing does), and how wide a column is. The columns are the boxes WeasyPrint lays the
    sheet's body (``rc-sheet-body``) out in; what a box clips (``overflow: hidden``, a grid's cells) is not
    measured past it."""
    from weasyprint.formatting_structure import boxes

    found, column_width = 0.0, 0.0

    def body(box):
        element = getattr(box, "element", None)
        if element is not None and "rc-sheet-body" in (element.get("class") or "").split() and box.element_tag:
            return box
        for child in getattr(box, "children", []) or []:
            if (hit := body(child)) is not None:
                return hit
        return None

    def visit(box, right: float):
        nonlocal found
        if isinstance(box, (boxes.TableBox, boxes.TextBox, boxes.ReplacedBox, boxes.InlineBox)):
            found = max(found, box.position_x + box.margin_width() - right)
        if box.style["overflow"] != "visible":
            return  # its content is clipped at its edge
        for child in getattr(box, "children", []) or []:
            visit(child, right)

    for page in rendered.pages:
        container = body(page._page_box)
        if container is None:
            continue
        for child in container.children:
            if getattr(child, "is_column", False):  # a column of the layout, the units set in it
                column_width = max(column_width, child.width)
                visit(child, child.position_x + child.width)
            else:  # a box spanning every column
                visit(child, container.content_box_x() + container.width)
    return found, column_width


# --- the search ------------------------------------------------------------------------------------------

def _round(size: float) -> float:
    return round(min(MAX_PT, max(MIN_PT, size)) * 20) / 20


def _growth(points: list[tuple[float, float]]) -> float:
    """How fast fill grows with type size (fill ~ size ** k), from the two latest one-page renders at
    different sizes; ``GROWTH`` before there are two. Wrapping makes k vary between sheets (1.6-2.1
    measured), so one measured pair beats any fixed guess."""
    if len(points) >= 2:
        (s0, f0), (s1, f1) = points[-2], points[-1]
        if s0 != s1 and f0 > 0 and f1 > 0 and f0 != f1:
            return min(3.0, max(1.2, math.log(f1 / f0) / math.log(s1 / s0)))
    return GROWTH


def _paper_ratio(rendered, paper: str) -> float | None:
    """Letter's printable height over ``paper``'s, from the Letter render (both have the same margins), or
    None when either paper's height is unknown. The sheet is set in balanced columns 190 mm wide on both
    papers, so a sheet that is one page on Letter is laid out the same on the taller paper: its fill there
    is Letter's times this ratio. It only predicts (which spacing to render first); every PDF is measured."""
    try:
        height = rendered.pages[0]._page_box.height
    except (AttributeError, IndexError):
        return None
    if paper not in PAPER_HEIGHT_MM or not height:
        return None
    return height / (height + (PAPER_HEIGHT_MM[paper] - PAPER_HEIGHT_MM["letter"]) * PX_PER_MM)


class _Renders:
    """Letter renders of the search, counted, measured once each; only the best one-page render is kept
    (its PDF is written without rendering it again). A render is (pages, fill, narrowing): narrowing is 1,
    or, where something reaches more than ``SPILL_PX`` past its column (``spill``) and fewer columns could
    give it room, the share of its width that would fit (type that much smaller would); such a wide render
    is never the best."""

    def __init__(self, template: str, render, prepare):
        self.template, self.render, self.prepare = template, render, prepare
        self.count = 0
        self.seen: dict[tuple, tuple[int, float, float]] = {}
        self.best: tuple[float, Fit, str, object] | None = None  # (fill, fit, fragment, rendered)

    def __call__(self, fit: Fit, current: str) -> tuple[int, float, float]:
        key = (fit, len(current))
        if key not in self.seen:
            self.count += 1
            rendered = self.render(self.template.replace("{fragment}", self.prepare(apply_fit(current, fit))))
            pages, fill = measure(rendered)
            past, width = spill(rendered) if fit.columns > 1 else (0.0, 0.0)
            narrowing = width / (width + past) if past > SPILL_PX else 1.0
            self.seen[key] = pages, fill, narrowing
            if pages == 1 and fill <= HIGH and narrowing == 1.0 and (self.best is None or fill > self.best[0]):
                self.best = (fill, fit, current, rendered)
        return self.seen[key]


def fit_here(fragment: str, documents: dict[str, str], render, prepare=lambda f: f) -> FitResult:
    """Search the fit on Letter (see module doc), tune it when a cliff keeps Letter under ``LOW``, then
    give every other paper its PDF (``_on_paper``); ``documents`` are the papers' HTML with ``{fragment}``
    where the sheet goes; ``render`` lays out one document (WeasyPrint)."""
    attempt = _Renders(documents["letter"], render, prepare)
    current = fragment
    start = read_fit(fragment)
    fit = Fit(_round(start.size_pt), start.columns, 1.0)
    fits_below: float | None = None  # largest size known to fit
    overflows_above: float | None = None  # smallest size known to overflow
    overflow_fill = 1.0  # its fill (over 1: pages - 1 plus the last page's fill)
    points: list[tuple[float, float]] = []  # (size, fill) of one-page renders at these columns, spacing 1
    sides: list[bool] = []
    dropped: list[tuple[str, str, str]] = []
    tried: set[tuple[Fit, str]] = set()
    max_columns = MAX_COLUMNS  # fewer once a sheet not yet full is too wide for its columns
    width_bound = False  # the smallest size known not to fit spilled sideways (no cliff: spacing may fill)
    while attempt.count < MAX_RENDERS:
        if (fit, current) in tried:
            # back at a fit already tried (spread, spilled over, stepped back, spread again): the search is
            # deterministic, so it would go round forever; a known fit is not rendered again, so the
            # render count alone never ends it
            break
        tried.add((fit, current))
        pages, fill, narrowing = attempt(fit, current)
        wide = narrowing < 1.0
        if wide and (fit.size_pt <= MIN_PT or pages == 1 and fill * narrowing ** GROWTH < FEWER_COLUMNS_BELOW):
            # a table too wide for its column where type small enough for it would leave the page well short
            # (the width binds, not the height), or where type is as small as it goes: fewer, wider columns,
            # and never more again; what was tried at these columns before (a spill at more) is tried anew
            max_columns = fit.columns - 1
            fit = Fit(fit.size_pt, max_columns, 1.0)
            fits_below = overflows_above = None
            points, sides = [], []
            tried.clear()
            continue
        ok = pages == 1 and fill <= HIGH and not wide  # a wide, full page: smaller type narrows the table
        if fit.spacing == 1.0:
            sides.append(ok)  # the size search's renders: fitted (True) or spilled over (False)
        if ok and (fill >= LOW or fit.spacing < 1.0):  # full, or as full as packed spacing gets
            break
        if ok:
            if fit.spacing == 1.0:
                fits_below = max(fits_below or 0, fit.size_pt)
                points.append((fit.size_pt, fill))
            if fit.size_pt >= MAX_PT:  # as big as type goes: spread the sheet out instead
                if fit.spacing >= MAX_SPACING:
                    break
                spacing = min(MAX_SPACING, round(fit.spacing * (1 + 2.5 * (TARGET - fill) / fill), 2))
                fit = Fit(fit.size_pt, fit.columns, max(spacing, fit.spacing + 0.05))
                continue
        elif fit.spacing > 1.0:  # too spread: step back towards the best
            fit = Fit(fit.size_pt, fit.columns, round(1 + (fit.spacing - 1) * 0.6, 2))
            continue
        else:
            if overflows_above is None or fit.size_pt < overflows_above:
                overflows_above, overflow_fill = fit.size_pt, fill
                width_bound = wide and pages == 1 and fill <= HIGH  # a spill, not an overflow, set it
            if fit.size_pt <= MIN_PT:
                if fit.columns < max_columns:
                    fit = Fit(fit.size_pt, fit.columns + 1, 1.0)
                    fits_below = overflows_above = None
                    points, sides = [], []
                    continue
                if fit.spacing > MIN_SPACING:  # tighter gaps before anything is left out
                    fit = Fit(fit.size_pt, fit.columns, round(max(MIN_SPACING, fit.spacing - 0.25), 2))
                    continue
                units = [u for u in _units(current) if u[1] not in {d[1] for d in dropped}]
                if not units:
                    break
                # leave out about the share that is too much, at least one unit
                share = max(1, math.ceil(len(units) * min(0.5, (fill - TARGET) / max(fill, 1e-6))))
                for unit in units[:share]:
                    current = drop(current, unit[1])
                    dropped.append(unit)
                continue
        # from the fullest one-page render (else this one), along fill ~ size ** k; once a size spills
        # over, on the line from there to the spilt size at its measured fill (1 + its share of the next
        # page: how far over it is; counting it as just full crept down on a cliff in 0.1 pt steps)
        anchor = max(points, key=lambda p: p[1]) if points else (fit.size_pt, fill)
        size = _round(anchor[0] * (TARGET / max(anchor[1], 0.05)) ** (1 / _growth(points)))
        if points and overflows_above is not None and overflows_above > anchor[0]:
            over = max(1.0, overflow_fill)
            size = _round(anchor[0] + (TARGET - anchor[1]) / (over - anchor[1]) * (overflows_above - anchor[0]))
        low, high = (fits_below or MIN_PT), (overflows_above or MAX_PT + 0.05)
        # The line keeps missing on the same side where fill bends or jumps (a cliff): once a fit and a
        # spill are known, two size renders in a row on one side (the render that made the bracket is on
        # the other side of the one before it, so this needs a miss after it) mean bisect, as regula
        # falsi's safeguard does.
        one_sided = fits_below is not None and overflows_above is not None and len(set(sides[-2:])) == 1
        if not low < size < high or one_sided:  # or the model overshoots what was already seen
            size = _round((low + high) / 2)
        if size == fit.size_pt or (size in (low, high) and (fits_below == size or overflows_above == size)):
            break  # nothing between what fits and what does not
        if points and high - low < CLIFF + 0.01 and anchor[1] < LOW:
            break  # a cliff: the last size step spills the sheet over; tuning takes it from here
        fit = Fit(size, fit.columns, 1.0)
    if attempt.best is not None and attempt.best[0] < LOW and attempt.best[2] == current:
        cliff = fits_below is not None and overflows_above is not None and overflows_above - fits_below < CLIFF + 0.01 \
            and not width_bound
        _tune(attempt, attempt.best[1], current, cliff)
    if attempt.best is None:  # nothing fitted: the smallest, most packed try (the build says so)
        fit = Fit(MIN_PT, fit.columns, 1.0)
        rendered = render(documents["letter"].replace("{fragment}", prepare(apply_fit(current, fit))))
        attempt.count += 1
        pages, fill = measure(rendered)
    else:
        fill, fit, current, rendered = attempt.best
        pages = 1
    dropped = [d for d in dropped if f'id="{d[1]}"' not in current]  # those the fit chosen leaves out
    results = {"letter": (rendered, pages, fill)}
    renders = attempt.count
    spread: dict[str, float] = {}
    for paper, template in documents.items():
        if paper != "letter":
            results[paper], made, spacing = _on_paper(current, fit, template, paper, results["letter"], render,
                                                      prepare)
            renders += made
            if spacing != fit.spacing:
                spread[paper] = spacing
    pdfs = {paper: (rendered.write_pdf(), pages, round(fill, 3))
            for paper, (rendered, pages, fill) in results.items()}
    pdfs = {paper: pdfs[paper] for paper in documents}  # the papers' own order
    return FitResult(fit, apply_fit(current, fit, spread.get("A4")), pdfs, pdfs["letter"][2], renders,
                     [d[1] for d in dropped], [d[2] for d in dropped], spread)


def _tune(attempt: _Renders, start: Fit, current: str, cliff: bool) -> None:
    """Letter is one page but under ``LOW`` at the largest size that fits: the next size step spills over
    (a unit moves to the next column or page). Spacing is tuned first (``SPACING_ROUNDS``, secant) unless
    that cliff is one size step away (more spacing meets it as soon); then larger type with tighter gaps,
    which arranges the units differently (``SIZE_STEPS``, until one spills over). Letter only: the other
    papers follow from the fit chosen (``_on_paper``)."""
    goal = (LOW + HIGH) / 2
    seen: list[tuple[float, float]] = [(start.spacing, attempt.best[0])]
    fit = start
    for _ in range(0 if cliff else SPACING_ROUNDS):
        if len(seen) >= 2 and seen[-1][1] != seen[-2][1]:  # secant through the last two rounds
            (s0, f0), (s1, f1) = seen[-2], seen[-1]
            spacing = s1 + (goal - f1) * (s1 - s0) / (f1 - f0)
        else:
            spacing = fit.spacing + (goal - seen[-1][1]) / LETTER_SLOPE
        fit = Fit(fit.size_pt, fit.columns, round(min(MAX_SPACING, max(MIN_SPACING, spacing)), 2))
        pages, fill, narrowing = attempt(fit, current)
        if pages != 1 or fill > HIGH or narrowing < 1.0:
            break
        seen.append((fit.spacing, fill))
        if fill >= LOW:
            return
    for step in SIZE_STEPS:
        if attempt.count >= MAX_RENDERS + MAX_TUNES:
            return
        fit = Fit(_round(start.size_pt + step), start.columns, round(max(MIN_SPACING, start.spacing - 1.5 * step), 2))
        pages, fill, narrowing = attempt(fit, current)
        if pages != 1 or fill > HIGH or narrowing < 1.0 or fill >= LOW:
            return


def _on_paper(current: str, fit: Fit, template: str, paper: str, letter: tuple, render,
              prepare) -> tuple[tuple, int, float]:
    """Another paper's PDF for the fit found on Letter: (rendered, pages, fill), the renders made and the
    spacing it was rendered at.
    Where the shared fit is predicted to leave it under ``PAPER_FULL`` (``_paper_ratio``), it is not
    rendered first: the wider spacing is searched straight away (``_spread``)."""
    rendered_letter, pages, fill = letter
    ratio = _paper_ratio(rendered_letter, paper) if pages == 1 else None
    if ratio is not None and fill * ratio < PAPER_FULL:
        best, made, spacing = _spread(current, fit, template, (None, 1, fill * ratio), render, prepare)
        if best[0] is not None:
            return best, made, spacing
        made += 1
    else:
        made = 1
    rendered = render(template.replace("{fragment}", prepare(apply_fit(current, fit))))
    have, spacing = (rendered, *measure(rendered)), fit.spacing
    if have[1] == 1 and have[2] < PAPER_FULL and made == 1:  # the prediction was off: spread it now
        have, tuned, spacing = _spread(current, fit, template, have, render, prepare)
        made += tuned
    return have, made, spacing


def _spread(current: str, fit: Fit, template: str, have: tuple, render, prepare) -> tuple[tuple, int, float]:
    """One paper left emptier than ``PAPER_FULL`` by the shared fit (A4, 6 % taller than Letter): its own
    PDF gets wider spacing (same type size and columns, so the sheet reads the same), aimed at
    ``PAPER_AIM`` along ``SPREAD_SLOPE`` at first, then by secant, then by bisection between the spacing
    that fits and the least that overflows, in ``PAPER_TUNES`` renders at most. ``have`` is the shared
    fit's (rendered, pages, fill); rendered is None when the fill is only predicted. Returns the fullest
    one-page result (``have`` when none), the renders made and the result's spacing."""
    best, best_spacing = have, fit.spacing
    low, high = (fit.spacing, have[2]), None  # (spacing, fill): the fullest that fits, the least that does not
    previous = None
    for tries in range(1, PAPER_TUNES + 1):
        if high is not None:  # past a cliff (a unit moved to the next column or page): bisect
            spacing = (low[0] + high[0]) / 2
        elif previous is not None and low[1] > previous[1]:  # secant through the last two
            spacing = low[0] + (PAPER_AIM - low[1]) * (low[0] - previous[0]) / (low[1] - previous[1])
        else:
            spacing = low[0] + (SPREAD_AIM - low[1]) / SPREAD_SLOPE
        spacing = round(min(MAX_SPACING, spacing), 2)
        if spacing <= low[0] or (high is not None and spacing >= high[0]):
            return best, tries - 1, best_spacing
        rendered = render(template.replace("{fragment}", prepare(apply_fit(current, Fit(fit.size_pt, fit.columns,
                                                                                          spacing)))))
        pages, fill = measure(rendered)
        if pages == 1 and fill <= HIGH:
            previous, low = low, (spacing, fill)
            best, best_spacing = (rendered, pages, fill), spacing
            if fill >= PAPER_FULL:
                return best, tries, best_spacing
        else:
            high = (spacing, fill)
    return best, PAPER_TUNES, best_spacing
