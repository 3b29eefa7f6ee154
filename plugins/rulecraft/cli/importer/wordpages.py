"""Page furniture of a Word file made from a printed PDF (Acrobat's "Export PDF > Word" and the like).

Such a converter sets each printed page as a Word section of its own (a next-page section break at its end)
and types what the page carried around the text as ordinary paragraphs: the running head as each page's first
line ('HIGHCRAG WALLERS⇥⇥RULES OF PLAY'), the folio ('2') as its last. Neither is a rule: a first (or last)
paragraph repeated on two pages or more is a running line, a page's first or last paragraph that is only a
number is its folio; both are given a class the HTML reader drops and lists (:func:`furniture_transform`).
A sentence cut at the page's foot ('A finished length of wall' … 'is never taken down again') is joined again
once the furniture between its halves is gone.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
FOLIO = re.compile(r"^(?:[-–—(\[]\s*)?(?:page\s+)?\d{1,3}(?:\s*[-–—)\]])?$", re.I)
MIN_PAGES = 3  # a cover and two pages at least: one section break is a layout change, not a printed page


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _paragraphs(document: bytes) -> list[tuple[str, bool, bool]]:
    """(text, whether a section ends with it, whether a heading style is set on it) for each body paragraph
    outside text boxes, in order."""
    out: list[tuple[str, bool, bool]] = []
    in_box = 0
    for event, node in ElementTree.iterparse(io.BytesIO(document), events=("start", "end")):
        if node.tag in (f"{W}txbxContent", "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"):
            in_box += 1 if event == "start" else -1
            continue
        if event != "end" or node.tag != f"{W}p":
            continue
        if not in_box:
            text = "".join(t.text or "" if t.tag == f"{W}t" else " " for t in node.iter()
                           if t.tag in (f"{W}t", f"{W}tab"))
            style = node.find(f"{W}pPr/{W}pStyle")
            styled = style is not None and bool(re.match(r"(?i)heading|title|toc", style.get(f"{W}val", "")))
            out.append((_fold(text), node.find(f"{W}pPr/{W}sectPr") is not None, styled))
        node.clear()
    return out


def furniture(paragraphs: list[tuple[str, bool, bool]]) -> dict[int, str]:
    """Body paragraph index -> 'folio' or 'running' for the page furniture of a file laid out a section a
    printed page (MIN_PAGES or more); {} otherwise."""
    pages: list[list[int]] = [[]]
    for k, (text, ends, _) in enumerate(paragraphs):
        if text:
            pages[-1].append(k)
        if ends:
            pages.append([])
    pages = [p for p in pages if p]
    if len(pages) < MIN_PAGES:
        return {}
    out: dict[int, str] = {}
    for edge in (0, -1):  # each page's first paragraphs, then its last
        ends = [page[edge] for page in pages]
        for k in ends:
            if FOLIO.match(paragraphs[k][0]):
                out[k] = "folio"
        # the running line inside a folio ('2' then 'HIGHCRAG WALLERS')
        rest = [page[edge + 1] if edge == 0 else page[-2] for page in pages
                if len(page) > 1 and FOLIO.match(paragraphs[page[edge]][0])]
        for k in ends + rest:
            text = paragraphs[k][0]
            # a heading styled as one and repeated at each section's top ('Notes') is the author's own
            if k not in out and len(text) <= 80 and not paragraphs[k][2] \
                    and sum(paragraphs[j][0] == text for j in ends + rest) >= 2:
                out[k] = "running"
    if sum(kind == "folio" for kind in out.values()) < 2:  # one bare number is a step or a count, not folios
        out = {k: kind for k, kind in out.items() if kind != "folio"}
    return out


def furniture_transform(raw: bytes):
    """A mammoth document transform giving the furniture paragraphs the style 'Rulecraft Folio' or 'Rulecraft
    Running Line' (see docx_reader.STYLE_MAP) and joining a paragraph cut by a page break."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            paragraphs = _paragraphs(archive.read("word/document.xml"))
    except (KeyError, ElementTree.ParseError, zipfile.BadZipFile, ValueError):
        return lambda document: document  # damaged: mammoth says what it can read
    marks = furniture(paragraphs)
    if not marks:
        return lambda document: document
    texts = [t for t, _, _ in paragraphs]

    def transform(document):
        from mammoth import documents, transforms

        from .docx_reader import _text_of

        kinds: dict[int, str] = {}
        k = 0
        for paragraph in transforms.get_descendants_of_type(document, documents.Paragraph):
            text = _fold(_text_of(paragraph))
            ahead = next((j for j in range(k, min(k + 8, len(texts))) if texts[j] == text), None)
            if ahead is None:
                continue
            k = ahead + 1
            if ahead in marks:
                kinds[id(paragraph)] = marks[ahead]
        return _rewrite(document, kinds, documents)

    return transform


def _rewrite(element, kinds: dict[int, str], documents):
    from .docx_reader import _text_of

    children = getattr(element, "children", None)
    if not children or not isinstance(element, (documents.HasChildren, documents.TableCellUnmerged)):
        return element
    out = []
    cut = None  # the index in out of a paragraph that may be cut at a page's foot
    between = False  # furniture seen since it: a page break lies between it and what follows
    for child in children:
        if isinstance(child, documents.Paragraph) and id(child) in kinds:
            style = "Rulecraft Folio" if kinds[id(child)] == "folio" else "Rulecraft Running Line"
            out.append(child.copy(style_name=style, style_id=None))
            between = True
            continue
        if isinstance(child, documents.Paragraph) and not _text_of(child).strip():
            out.append(child)  # the empty paragraph carrying the section break
            continue
        text = _text_of(child).strip() if isinstance(child, documents.Paragraph) else ""
        if cut is not None and between and re.match(r"[a-z]", text):  # 'is never taken down …': the cut goes on
            joined = list(out[cut].children) + [documents.run([documents.text(" ")])] + list(child.children)
            out[cut] = out[cut].copy(children=joined)
            out.append(child.copy(children=[]))  # its place stays, so paragraph numbers do not shift
            cut = None
            continue
        out.append(_rewrite(child, kinds, documents))
        cut = len(out) - 1 if text and re.search(r"[\w,;–-]$", text) else None
        between = False
    return element.copy(children=out)
