"""Measure a printed PDF the way a reader sees it: pages, how full the page is, the smallest type.

Shared by the cheat-sheet tests and benchmarks/cheatsheet_fill.py. Needs poppler-utils (pdfinfo,
pdftoppm, pdftotext) and Pillow.

* ``ink_fill``: the page is rasterised and split into thirds of its width; in each third the lowest
  row with ink is found, measured from the top margin as a share of the printable height (the page
  less its margins). The fill is the mean of the three, so a sheet whose last column stops halfway
  reads as less full than one whose columns all reach the foot.
* ``text_sizes``: every text-showing run's size in points, from the PDF's content streams (font size
  times the text and graphics matrices' scale), so no font metrics are guessed.
"""

from __future__ import annotations

import io
import math
import re
import subprocess
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4


def pages(pdf: Path) -> int:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))


def page_size_pt(pdf: Path) -> tuple[float, float]:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    w, h = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", out, re.M).groups()
    return float(w), float(h)


def render_png(pdf: Path, png_stem: Path, dpi: int = 100, first: int = 1) -> Path:
    """Page ``first`` as ``<png_stem>.png``."""
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(first), "-l", str(first), "-singlefile",
                    str(pdf), str(png_stem)], check=True)
    return png_stem.with_suffix(".png")


def ink_fill(pdf: Path, margin_mm: float = 10.0, dpi: int = 60) -> float:
    """Mean over the page's thirds of how far down ink reaches (0..1 of the printable height)."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        png = render_png(pdf, Path(tmp) / "page", dpi)
        image = Image.open(io.BytesIO(png.read_bytes())).convert("L")
    width, height = image.size
    margin = margin_mm / 25.4 * dpi
    top, bottom = margin, height - margin
    pixels = image.load()
    fills = []
    for third in range(3):
        x0, x1 = int(width * third / 3), int(width * (third + 1) / 3)
        lowest = None
        for y in range(height - 1, -1, -1):
            if any(pixels[x, y] < 200 for x in range(x0, x1)):
                lowest = y
                break
        fills.append(0.0 if lowest is None else max(0.0, (lowest + 1 - top) / (bottom - top)))
    return sum(fills) / len(fills)


def text(pdf: Path) -> str:
    """The PDF's text in reading order (column by column, as pdftotext reads it without -layout)."""
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


# --- type sizes from the content streams ----------------------------------------------------------------

_STREAM = re.compile(rb"(\d+) 0 obj\s*<<(.*?)>>\s*stream\r?\n", re.S)
_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|/[^\s/\[\]()<>]+|[-+]?\d*\.?\d+|[A-Za-z'\"*]+")


def _mul(a, b):
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


@dataclass
class TextRun:
    size: float  # points
    font: str


def text_runs(pdf: Path) -> list[TextRun]:
    """One entry per text-showing operator (Tj, TJ, ', ") in the PDF's content streams."""
    data = pdf.read_bytes()
    runs: list[TextRun] = []
    for match in _STREAM.finditer(data):
        if b"FlateDecode" not in match.group(2):
            continue
        start = match.end()
        end = data.find(b"endstream", start)
        try:
            content = zlib.decompress(data[start:end])
        except zlib.error:
            continue
        if b"BT" not in content:
            continue
        ctm, stack, tm, size, font, operands = (1, 0, 0, 1, 0, 0), [], (1, 0, 0, 1, 0, 0), 0.0, "", []
        depth = 0
        for token in _TOKEN.findall(content):
            if token == b"[":
                depth += 1
                continue
            if token == b"]":
                depth -= 1
                continue
            if depth or token[:1] in b"(</" or re.fullmatch(rb"[-+]?\d*\.?\d+", token):
                operands.append(token)
                continue
            op = token
            nums = [float(t) for t in operands if re.fullmatch(rb"[-+]?\d*\.?\d+", t)]
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q" and stack:
                ctm = stack.pop()
            elif op == b"cm" and len(nums) >= 6:
                ctm = _mul(tuple(nums[-6:]), ctm)
            elif op == b"BT":
                tm = (1, 0, 0, 1, 0, 0)
            elif op == b"Tm" and len(nums) >= 6:
                tm = tuple(nums[-6:])
            elif op == b"Tf" and nums:
                size = nums[-1]
                names = [t for t in operands if t.startswith(b"/")]
                font = names[-1].decode("latin1") if names else ""
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                runs.append(TextRun(round(size * _scale(tm) * _scale(ctm), 2), font))
            operands = []
    return runs


def smallest_text_pt(pdf: Path) -> float:
    sizes = [r.size for r in text_runs(pdf) if r.size > 0]
    return min(sizes) if sizes else 0.0


def body_text_pt(pdf: Path) -> float:
    """The most common text size: the sheet's body type."""
    sizes = [r.size for r in text_runs(pdf) if r.size > 0]
    return max(set(sizes), key=sizes.count) if sizes else 0.0


# --- columns -------------------------------------------------------------------------------------------

@dataclass
class Column:
    left: float  # points from the page's left edge
    right: float
    bottom: float  # the lowest word's foot, points from the page's top


def words(pdf: Path, page: int = 1) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in points, top-down, of every word on the page (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"', out)
    return [tuple(float(v) for v in w) for w in found]


def columns(pdf: Path, gap_pt: float = 6.0) -> list[Column]:
    """The sheet's columns as printed, left to right: the x-ranges the body's words cover (words closer than
    ``gap_pt`` side by side are one column; the sheet's column gap is 4 mm), each with its lowest word's
    foot. The header (the row of the sheet's title, its first word) spans the columns and is left out."""
    found = words(pdf)
    if not found:
        return []
    title = min(found, key=lambda w: (w[1], w[0]))
    body = sorted((w for w in found if w[1] >= title[3]), key=lambda w: w[0])
    spans: list[list[float]] = []
    for x0, _, x1, _ in body:
        if spans and x0 <= spans[-1][1] + gap_pt:
            spans[-1][1] = max(spans[-1][1], x1)
        else:
            spans.append([x0, x1])
    return [Column(x0, x1, max(w[3] for w in body if x0 <= w[0] and w[2] <= x1)) for x0, x1 in spans]


def overlapping_words(pdf: Path, page: int = 1, tolerance_pt: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of words printed over each other on the page: their boxes share more than ``tolerance_pt``
    across and half the shorter one's height down (a line's boxes touch the next line's, never overlap so)."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    found = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out)]
    found.sort()
    pairs = []
    for i, (x0, y0, x1, y1, word) in enumerate(found):
        for u0, v0, u1, v1, other in found[i + 1:]:
            if u0 >= x1 - tolerance_pt:
                break  # sorted by left edge: no later word reaches back over this one
            down = min(y1, v1) - max(y0, v0)
            if min(x1, u1) - u0 > tolerance_pt and down > 0.5 * min(y1 - y0, v1 - v0):
                pairs.append((word, other))
    return pairs
