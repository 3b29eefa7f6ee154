"""Page furniture of a Word file made from a printed PDF (Acrobat's "Export PDF > Word" and the like).

Such a converter sets each printed page as a Word section of its own (a next-page section break at its end)
and types what the page carried around the text as ordinary paragraphs: the running head as each page's first
line ('HIGHCRAG WALLERS⇥⇥RULES OF PLAY'), the folio ('2') as its last. Neither is a rule: a first (or last)
paragraph repeated on two pages or more is a running line, a page's first or last paragraph that is only a
number is its folio; both are emptied before pandoc reads the file and listed (:func:`drop_furniture`).
A sentence cut at the page's foot ('A finished length of wall' … 'is never taken down again') is joined again
once the furniture between its halves is gone.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
FOLIO = re.compile(r"^(?:[-–—(\[]\s*)?(?:page\s+)?\d{1,3}(?:\s*[-–—)\]])?$", re.I)
MIN_PAGES = 3  # a cover and two pages at least: one section break is a layout change, not a printed page


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _paragraphs(paragraphs: list) -> list[tuple[str, bool, bool]]:
    """(text, whether a section ends with it, whether a heading style is set on it) for each body paragraph."""
    out = []
    for par in paragraphs:
        styled = bool(re.match(r"(?i)heading|title|toc", par.style_id) or re.match(r"heading|title|toc", par.style))
        out.append((_fold(par.text.replace("\t", " ")), par.node.find(f"{W}pPr/{W}sectPr") is not None, styled))
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


def drop_furniture(paragraphs: list) -> list[tuple[str, int]]:
    """The furniture paragraphs emptied (their places stay, so paragraph numbers do not shift) and a paragraph
    cut by a page break joined again; what was dropped, as (what, paragraph number)."""
    from .docx_reader import Run, W as NS, _run_nodes

    texts = _paragraphs(paragraphs)
    marks = furniture(texts)
    dropped: list[tuple[str, int]] = []
    cut, between = None, False  # a paragraph that may be cut at a page's foot; furniture seen since it

    def empty(par) -> None:
        for child in list(par.node):
            if child.tag != f"{NS}pPr":
                par.node.remove(child)
        par.runs, par.text = [], ""

    for k, par in enumerate(paragraphs):
        if k in marks:
            text = texts[k][0]
            dropped.append((f"page number dropped: '{text}'" if marks[k] == "folio" else
                            f"running page line dropped: '{text[:80]}'", k + 1))
            empty(par)
            between = True
            continue
        text = par.text.strip()
        if not text:
            continue
        if marks and cut is not None and between and re.match(r"[a-z]", text):  # 'is never taken down …'
            space = ElementTree.SubElement(cut.node, f"{NS}r")
            ElementTree.SubElement(space, f"{NS}t").text = " "
            space.find(f"{NS}t").set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            for run in list(_run_nodes(par.node)):
                cut.node.append(run)
            cut.runs = [Run(r) for r in _run_nodes(cut.node)]
            cut.text = "".join(r.text for r in cut.runs)
            empty(par)
            cut, between = None, False
            continue
        cut = par if re.search(r"[\w,;–-]$", text) else None
        between = False
    return dropped
