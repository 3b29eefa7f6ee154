"""A tuned rulebook as the files designers really have: a printed PDF and a Word document.

Shared by the importer's PDF/DOCX tests and benchmarks/import_yield.py (--formats). Generated at test time
(deterministic: same input, same text layer and same document), never committed:

* ``source_html``: the rulebook as HTML (Markdown rendered first; a plain-text book set as preformatted text,
  as such a book is printed; none for BBCode, wikitext or GitBook sources, which only their platform renders);
* ``to_pdf``: printed with WeasyPrint on A4, one column or two (a running head with the game's name and a
  folio on every page, as InDesign and Word exports have);
* ``to_docx``: written with python-docx from that HTML, either with Word's styles (Title, Heading n,
  List Bullet/Number and their nested levels, a table style) or by manual formatting only (a bigger bold
  "Normal" paragraph for every heading, typed bullets and numbers with a tab, soft line breaks kept).
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import markdown

CSS = """
@page { size: A4; margin: 22mm 18mm;
        @top-center { content: "%(head)s"; font-size: 8pt; color: #555; }
        @bottom-center { content: "Page " counter(page); font-size: 8pt; } }
body { font-family: 'DejaVu Serif', serif; font-size: 10pt; line-height: 1.35; }
h1 { font-size: 22pt; } h2 { font-size: 15pt; } h3 { font-size: 12.5pt; } h4, h5, h6 { font-size: 11pt; }
table { border-collapse: collapse; margin: 6pt 0; } td, th { padding: 2pt 10pt 2pt 0; text-align: left; }
pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 8.5pt; white-space: pre-wrap; }
img { display: none; }
"""
TWO_COLUMNS = "body { column-count: 2; column-gap: 9mm; } h1 { column-span: all; } table { font-size: 8.5pt; }"


def source_html(book: Path) -> str | None:
    """The rulebook as the HTML that is printed, or None for a markup source no reader prints as it is (a
    forum post's BBCode, a wiki page's source, GitBook's template tags: their platform renders them)."""
    from rulecraft.cli.importer import bbcode, liquid
    from rulecraft.cli.importer import pandoc_reader as wikitext

    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", book.read_text(encoding="utf-8"))  # no XML can hold them
    if bbcode.is_bbcode(text) or wikitext.is_wikitext(text) or liquid.has_block_tags(text):
        return None
    if book.suffix in (".html", ".htm"):
        return text
    if book.suffix == ".txt":  # printed as typed, monospace
        return f"<html><body><pre>{htmllib.escape(text)}</pre></body></html>"
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    body = markdown.markdown(text, extensions=["tables", "fenced_code", "def_list", "sane_lists", "admonition",
                                               "attr_list", "md_in_html", "pymdownx.details",
                                               "pymdownx.tasklist"])
    return f"<html><body>{body}</body></html>"


def _title(html: str) -> str:
    found = re.search(r"<h1\b[^>]*>(.*?)</h1>", html, re.S | re.I)
    return re.sub(r"<[^>]+>|\s+", " ", found.group(1)).strip()[:40] if found else "Rules"


def to_pdf(html: str, out: Path, columns: int = 1) -> Path:
    from weasyprint import CSS as Style
    from weasyprint import HTML

    head = _title(html).replace('"', "'") + " — Rulebook"
    sheets = [Style(string=CSS % {"head": head})] + ([Style(string=TWO_COLUMNS)] if columns == 2 else [])
    HTML(string=html).write_pdf(out, stylesheets=sheets)
    return out


# -- Word ------------------------------------------------------------------------------------------------------

BLOCKS = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "pre", "blockquote", "dl", "div",
          "section", "article", "details", "main", "header", "footer", "summary", "figure", "aside", "nav")
SIZES = {1: 22, 2: 16, 3: 13, 4: 11.5, 5: 11, 6: 11}


def to_docx(html: str, out: Path, styled: bool = True) -> Path:
    from bs4 import BeautifulSoup
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    doc.styles["Normal"].font.size = Pt(11)
    soup = BeautifulSoup(html, "html.parser")
    body = soup.body or soup
    for bad in body.find_all(["script", "style", "head", "img", "svg"]):
        bad.decompose()
    writer = _DocxWriter(doc, styled, Pt)
    writer.blocks(body)
    doc.save(out)
    return out


class _DocxWriter:
    def __init__(self, doc, styled: bool, pt):
        self.doc, self.styled, self.pt = doc, styled, pt
        self.first_heading = True

    def blocks(self, element) -> None:
        loose: list = []  # inline content between blocks: one paragraph
        for child in element.children:
            name = getattr(child, "name", None)
            if name in BLOCKS:
                self._loose(loose)
                self.block(child)
            elif name == "br":
                loose.append("\n")
            elif name is None and not str(child).strip():
                continue
            else:
                loose.append(child)
        self._loose(loose)

    def _loose(self, loose: list) -> None:
        """Inline content between blocks; a line break in it ends a paragraph (text typed line by line)."""
        lines: list[list] = [[]]
        for node in loose:
            if node == "\n":
                lines.append([])
            else:
                lines[-1].append(node)
        for line in lines:
            if any((getattr(n, "get_text", lambda n=n: str(n))() or "").strip() for n in line):
                para = self.doc.add_paragraph()
                for node in line:
                    self.inline(para, node)
        loose.clear()

    def block(self, el) -> None:
        name = el.name
        if re.fullmatch(r"h[1-6]", name):
            self.heading(el, int(name[1]))
        elif name == "p" or name == "summary":
            para = self.doc.add_paragraph()
            self.inline(para, el)
        elif name in ("ul", "ol"):
            self.list(el, 1)
        elif name == "table":
            self.table(el)
        elif name == "pre":
            for line in el.get_text().split("\n"):
                para = self.doc.add_paragraph()
                run = para.add_run(line)
                run.font.name = "Courier New"
        elif name == "dl":
            for dt in el.find_all("dt"):
                para = self.doc.add_paragraph()
                run = para.add_run(dt.get_text(" ", strip=True))
                run.bold = True
                dd = dt.find_next_sibling("dd")
                if dd:
                    para.add_run(": " + dd.get_text(" ", strip=True))
        else:  # a container: its blocks
            self.blocks(el)

    def heading(self, el, level: int) -> None:
        text = el.get_text(" ", strip=True)
        if self.styled:
            if level == 1 and self.first_heading:
                self.doc.add_paragraph(text, style="Title")
            else:
                self.doc.add_heading(text, level=min(level, 6))
        else:  # manual: a Normal paragraph, bold and bigger
            para = self.doc.add_paragraph()
            run = para.add_run(text)
            run.bold = True
            run.font.size = self.pt(SIZES[level])
        self.first_heading = False

    def list(self, el, depth: int) -> None:
        ordered = el.name == "ol"
        number = int(el.get("start", 1) or 1)
        for li in el.find_all("li", recursive=False):
            para = self.doc.add_paragraph()
            if self.styled:
                style = ("List Number" if ordered else "List Bullet") + (f" {depth}" if depth > 1 else "")
                para.style = self.doc.styles[style]
            else:
                para.add_run(("    " * (depth - 1)) + (f"{number}.\t" if ordered else "•\t"))
                para.paragraph_format.left_indent = self.pt(18 * depth)
            nested = []
            for child in li.children:
                if getattr(child, "name", None) in ("ul", "ol"):
                    nested.append(child)
                elif getattr(child, "name", None) in ("p", "div"):
                    self.inline(para, child)
                    para.add_run(" ")
                else:
                    self.inline(para, child)
            for child in nested:
                self.list(child, min(depth + 1, 3))
            number += 1

    def table(self, el) -> None:
        rows = [[c.get_text(" ", strip=True) for c in tr.find_all(["td", "th"], recursive=False)]
                for tr in el.find_all("tr")]
        rows = [r for r in rows if r]
        if not rows:
            return
        width = max(len(r) for r in rows)
        table = self.doc.add_table(rows=len(rows), cols=width)
        if self.styled:
            table.style = self.doc.styles["Table Grid"]
        header = bool(el.find("th"))
        for i, row in enumerate(rows):
            for j, text in enumerate(row):
                cell = table.cell(i, j)
                run = cell.paragraphs[0].add_run(text)
                run.bold = header and i == 0

    def inline(self, para, node, bold: bool = False, italic: bool = False) -> None:
        name = getattr(node, "name", None)
        if name is None:
            text = re.sub(r"\s+", " ", str(node))
            if text == "\n" or str(node) == "\n" and not text.strip():
                return
            if text:
                run = para.add_run(text)
                run.bold, run.italic = bold or None, italic or None
            return
        if name == "br":
            para.add_run().add_break()  # a soft line break (Shift+Enter)
            return
        bold = bold or name in ("b", "strong")
        italic = italic or name in ("i", "em")
        for child in node.children:
            if getattr(child, "name", None) in ("ul", "ol", "table"):
                continue
            self.inline(para, child, bold, italic)
