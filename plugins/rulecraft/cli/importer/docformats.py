"""PDF and Word (.docx) rulebooks: recognised by their content, read into the same outline as any text.

A PDF's text layer becomes layout lines for the plain-text reader (:mod:`pdf_reader`); a Word file is read by
pandoc after a pass over its XML (:mod:`docx_reader`) into the one outliner (:mod:`ast_outline`). Either way the
outline's findings are located where the user can look: "page 4" in a PDF, "paragraph 57, under 'Setting up'"
in Word, never a line of an intermediate text they never saw. Both need the ``import`` extra (pdfminer.six,
pypandoc-binary).
"""

from __future__ import annotations

import logging
import re
from contextlib import contextmanager

from . import isolated
from .outline import Outline, Remark

MAX_DOCUMENT_BYTES = 100_000_000  # a PDF or .docx is mostly pictures: a long illustrated rulebook is tens of MB
CHILD_MEMORY = 2 * 1024**3  # what a reading child may take beyond its start: a big illustrated PDF needs ~300 MB
DOCX_SECONDS = 120.0  # the XML pass parses a few MB of Word markup a second on a slow machine (the cap is 25 MB)
SUFFIXES = {".pdf": "pdf", ".docx": "docx", ".odt": "odt"}
OLE = b"\xd0\xcf\x11\xe0"  # an old Office file (.doc), or a .docx Word encrypted with a password


class DocumentError(Exception):
    """Why a PDF or Word file cannot be read (the caller adds the file name)."""


def kind_of(raw: bytes, suffix: str) -> str | None:
    """'pdf' or 'docx' by the bytes ('%PDF-' near the start, a zip holding word/document.xml), else None; a
    file named .pdf or .docx that is neither is refused rather than read as text."""
    from . import docx_reader

    if b"%PDF-" in raw[:1024]:
        return "pdf"
    if docx_reader.is_docx(raw):
        return "docx"
    if raw.startswith(OLE) and "EncryptedPackage".encode("utf-16-le") in raw:  # Word's 'Encrypt with Password'
        raise DocumentError("it is protected with a password (Word encrypts the whole file); save a copy without "
                            "the password (File > Info > Protect Document) and import that")
    if raw.startswith(b"PK\x03\x04") and b"mimetype" in raw[:100] and b"opendocument.text" in raw[:200]:
        return "odt"  # LibreOffice's own format: pandoc reads it
    if raw.startswith(b"PK\x03\x04") and b"mimetype" in raw[:100] and b"opendocument" in raw[:200]:
        raise DocumentError("it is an OpenDocument file but no text document (a spreadsheet or slides?); save the "
                            "rules as a text document (.odt or .docx) and import that")
    if raw.lstrip()[:5] == b"{\\rtf":
        raise DocumentError("it is a Rich Text file (RTF); open it in Word or LibreOffice, save it as .docx and "
                            "import that")
    suffix = suffix.lower()
    if suffix == ".pdf":
        raise DocumentError("it is named .pdf but is not a PDF (it does not start with '%PDF-'); "
                            "export or print it to a PDF again")
    if suffix == ".docx":
        if raw.startswith(b"PK"):
            try:
                docx_reader.check_archive(raw)  # says what is wrong with it: damaged, or no Word inside
            except docx_reader.DocxError as exc:
                raise DocumentError(str(exc)) from None
        raise DocumentError("it is named .docx but is not a Word document (a .docx is a zip file holding "
                            "word/document.xml); save it from Word as .docx")
    if suffix == ".doc" or raw.startswith(OLE):
        raise DocumentError("it is an old Word file (.doc); open it in Word or LibreOffice and save it as .docx")
    return None


def read_document(raw: bytes, source: str, kind: str, text_limit: int) -> Outline:
    """The outline of a PDF or Word rulebook, its places in the reader's terms; DocumentError if it cannot be."""
    if kind == "pdf":
        return _read_pdf(raw, source, text_limit)
    if kind == "odt":
        return _read_odt(raw, source, text_limit)
    return _read_docx(raw, source, text_limit)


def _read_odt(raw: bytes, source: str, text_limit: int) -> Outline:
    from . import pandoc_reader, pandoc_run

    try:
        outline = pandoc_reader.read_binary(raw, source, "odt", text_limit)
    except pandoc_run.PandocError as exc:
        raise DocumentError(f"{exc}; save it again from LibreOffice (or as .docx) and import that") from None
    if not any(True for _ in outline.sections()) and not outline.root.blocks:
        raise DocumentError("it holds no text (only pictures, or empty); type or paste the rules into it")
    return outline


def _read_pdf(raw: bytes, source: str, text_limit: int) -> Outline:
    from . import pdf_reader

    try:  # in a child: pdfminer can loop or inflate inside one call, where no check of ours runs
        count, lines, page_of, remarks = isolated.call(_pdf_layout, raw, seconds=pdf_reader.MAX_SECONDS + 15,
                                                       memory=CHILD_MEMORY)
    except (pdf_reader.PdfError, isolated.Overrun) as exc:
        raise DocumentError(str(exc)) from None
    if lines is None:
        raise DocumentError(f"its {count} page(s) hold no text, only pictures (a scanned rulebook?): "
                            "run OCR on it first, e.g. `ocrmypdf rules.pdf rules-ocr.pdf`, and import the result")
    _check_length(sum(len(text) + 1 for _, text in lines), text_limit)
    outline = _layout_outline(lines, source, "pdf", remarks)
    outline.place = lambda line: f"page {page_of.get(int(line), '?')}"
    outline.extent = f"{count} page{'s' if count != 1 else ''}"
    return outline


def _pdf_layout(raw: bytes) -> tuple[int, list | None, dict | None, list]:
    """(pages, layout lines, page of each line, remarks) of a PDF; no lines when it holds no text. Runs in the
    child: plain data only goes back."""
    from . import pdf_reader

    with _quiet("pdfminer"):
        pages = pdf_reader.read_chars(raw)
    if pdf_reader.text_chars(pages) == 0:
        return len(pages), None, None, []
    remarks: list = []
    lines, page_of = pdf_reader.to_layout(pages, remarks)
    return len(pages), lines, page_of, remarks


def _check_length(length: int, text_limit: int) -> None:
    if length > text_limit:
        raise DocumentError(f"its text is longer than {text_limit // 1_000_000} MB; split it and import the rules part")


def _layout_outline(lines: list[tuple[int, str]], source: str, fmt: str, remarks: list = ()) -> Outline:
    """The plain-text reader's outline of numbered layout lines (a PDF's, a Word text typed line by line)."""
    from . import plaintext
    from .plain_reader import PlainReader

    reader = PlainReader(source)
    reader.remarks += remarks
    return reader.outline(plaintext.to_markdown(lines, reader.remarks), fmt)


@contextmanager
def _quiet(name: str):
    """The library's warnings about a damaged file ('Refusing to execute circular reference …') kept off the
    terminal: the import says in one line what is wrong, or reads what it can."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(level)


def _read_docx(raw: bytes, source: str, text_limit: int) -> Outline:
    from . import ast_outline, docx_reader, pandoc_run, wordtyped

    try:
        pandoc_run.executable()
    except pandoc_run.PandocError:
        raise DocumentError("reading Word files needs: pip install 'rulecraft[import]'") from None
    try:  # in a child, as a PDF: a word processor's markup can be made to take minutes and gigabytes
        prepared, furniture, paragraphs = isolated.call(docx_reader.prepare, raw, seconds=DOCX_SECONDS,
                                                        memory=CHILD_MEMORY)
        ast, warnings = pandoc_run.to_ast(prepared, "docx", ("--track-changes=all",))
    except (docx_reader.DocxError, isolated.Overrun, pandoc_run.PandocError) as exc:
        raise DocumentError(str(exc)) from None
    comments = docx_reader.review_comments(ast)
    docx_reader.unbold_headings(ast["blocks"])
    lines = docx_reader.paragraph_lines(ast)
    _check_length(sum(len(text) + 1 for text, _ in lines), text_limit)
    if not any(text.strip() for text, _ in lines):
        raise DocumentError(f"its {paragraphs} paragraph(s) hold no text (only pictures, or empty); type or paste "
                            "the rules into it, or import the PDF or text the pictures came from")
    places = docx_reader.places(lines)
    if docx_reader.is_typed_text(ast):  # typed line by line: read by its layout, a paragraph a line
        from . import wordtext

        typed = [(n, part) for n, (text, _) in enumerate(lines, start=1) for part in text.split("\n")]
        layout = [(k, text) for k, (_, text) in enumerate(typed, start=1)]
        if wordtext.is_word_text("\n".join(text for _, text in layout)):  # '1.⇥Forage': tabbed lists, columns
            layout = wordtext.to_layout(layout)
        layout = [(k, text.expandtabs(4)) for k, text in layout]
        outline = _layout_outline(layout, source, "docx")
        at = {k: n for k, (n, _) in enumerate(typed, start=1)}  # its lines are typed lines, not paragraphs
        outline.place = lambda line: places.get(at.get(int(line), 0)) or "the start of the document"
    else:
        ast["blocks"] = wordtyped.read_typed(ast["blocks"])
        wordtyped.untab(ast["blocks"])
        lines = docx_reader.paragraph_lines(ast)
        places = docx_reader.places(lines)
        docx_reader.without_empty(ast["blocks"])
        outline = ast_outline.read(ast, source, "docx", "\n".join(text for text, _ in lines))
        from .line_entries import roll_paragraphs

        for section in outline.root.walk():  # '2–3 – Plain week: …' a paragraph each: one list of results
            section.blocks = roll_paragraphs(section.blocks)
        outline.place = lambda line: places.get(int(line)) or "the start of the document"
    outline.remarks += pandoc_run.warning_remarks(warnings)
    outline.remarks += [Remark("furniture", what, _line_of(lines, text)) for what, text in furniture]
    outline.extent = f"{paragraphs} paragraph{'s' if paragraphs != 1 else ''}"
    outline.remarks += [Remark("review", f"{author}: '{text}'" + (f" (on '{anchor[:60]}')" if anchor else ""),
                               _line_of(lines, anchor)) for author, text, anchor in comments]
    return outline


def _line_of(lines: list[tuple[str, bool]], words: str) -> int:
    """The paragraph holding these words (0 when they are not found)."""
    words = re.sub(r"\s+", " ", words[:40]).strip()
    for n, (text, _) in enumerate(lines, start=1):
        if words and words in re.sub(r"\s+", " ", text):
            return n
    return 0
