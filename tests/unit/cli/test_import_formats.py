"""`rulecraft import` of PDF and Word (.docx) rulebooks: the readers, the bad files, and whole imports.

The PDF and Word files are made at test time from tuned rulebooks (tests/formatkit.py: printed with
WeasyPrint, written with python-docx), so their hand counts apply unchanged."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import formatkit
import pytest
import yaml

from rulecraft.cli.importer import ImportError_, docformats, docx_reader, import_rulebook, pdf_reader
from rulecraft.cli.importer.outline import ListBlock, Paragraph, Remark, Table, drop_running_lines
from rulecraft.cli.importer.pdf_reader import Char

REPO = Path(__file__).resolve().parents[3]
BOOKS = REPO / "tests" / "unit" / "cli" / "rulebooks"


def _benchmark():
    spec = importlib.util.spec_from_file_location("import_yield", REPO / "benchmarks" / "import_yield.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data(result) -> dict:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}


# -- whole imports -----------------------------------------------------------------------------------------------

FORMS = {
    "pdf": lambda html, out: formatkit.to_pdf(html, out.with_suffix(".pdf")),
    "pdf-2col": lambda html, out: formatkit.to_pdf(html, out.with_suffix(".pdf"), columns=2),
    "docx": lambda html, out: formatkit.to_docx(html, out.with_suffix(".docx")),
    "docx-manual": lambda html, out: formatkit.to_docx(html, out.with_suffix(".docx"), styled=False),
}


@pytest.mark.parametrize("book", ["market-day.md", "glazewright.html"])
@pytest.mark.parametrize("form", list(FORMS))
def test_a_printed_or_word_rulebook_yields_what_its_source_does(tmp_path, book, form, capsys):
    source = BOOKS / book
    made = FORMS[form](formatkit.source_html(source), tmp_path / f"{source.stem}-{form}")
    result = import_rulebook(made, tmp_path / "out", game_id="book")
    assert not result.check.errors, [p.format() for p in result.check.errors]
    expected = yaml.safe_load(source.with_suffix(".expected.yaml").read_text(encoding="utf-8"))
    figures = _benchmark().measure(data(result), expected)
    with capsys.disabled():
        print(f"\n{book} as {form}: " + ", ".join(f"{k} {a}/{b}" for k, (a, b, _) in figures.items()))
    assert all(got == present for got, present, _ in figures.values()), figures
    assert sum(extra for _, _, extra in figures.values()) == 0, figures


@pytest.mark.parametrize("book", ["harrowgate-apiary.txt", "gullwing-rally.txt"])
def test_a_word_file_typed_line_by_line_reads_as_its_plain_text(tmp_path, book):
    # no heading, list or table: Word's tabbed lists ('1.<tab>') and a README's underlined headings, as typed
    source = BOOKS / book
    made = formatkit.to_docx(formatkit.source_html(source), tmp_path / "typed.docx")
    result = import_rulebook(made, tmp_path / "out", game_id="typed")
    expected = yaml.safe_load(source.with_suffix(".expected.yaml").read_text(encoding="utf-8"))
    figures = _benchmark().measure(data(result), expected)
    assert all(got == present for got, present, _ in figures.values()), figures
    assert "(paragraph " in result.report_text and "(line " not in result.report_text.split("## Files")[0]


def test_pdf_report_says_pages_and_drops_the_running_head(tmp_path):
    source = BOOKS / "cinderfall-foundry.md"
    pdf = formatkit.to_pdf(formatkit.source_html(source), tmp_path / "rules.pdf", columns=2)
    result = import_rulebook(pdf, tmp_path / "out", game_id="cf")
    report = result.report_text
    assert "(pdf, 2 pages)" in report or "(pdf, 3 pages)" in report
    assert "(page 1)" in report and "(line " not in report and "lines " not in report.split("## Files")[0]
    assert "running page line dropped: 'CINDERFALL FOUNDRY — Rulebook'" in report
    page = result.page.read_text(encoding="utf-8")
    assert "CINDERFALL FOUNDRY — Rulebook\n" not in page and "Page 2" not in page
    assert [p["name"] for p in data(result)["phases"]["phases"]] == ["Stoke", "Pour", "Temper", "Ship"]


def test_docx_report_locates_by_heading_and_paragraph(tmp_path):
    source = BOOKS / "glazewright.html"
    docx = formatkit.to_docx(formatkit.source_html(source), tmp_path / "rules.docx")
    result = import_rulebook(docx, tmp_path / "out", game_id="gw")
    needs = result.report_text.split("## Needs a human", 1)[1]
    assert "(line " not in needs
    assert re.search(r"\(paragraph \d+(, under 'Setting up the workshop')?\)", result.report_text)
    assert "'Setting up the workshop' (paragraph " in result.report_text or \
        "(paragraph " in result.report_text.split("Setting up the workshop", 1)[1][:200]
    assert "(docx, " in result.report_text and " paragraphs)" in result.report_text


def test_content_decides_not_the_name(tmp_path):
    pdf = formatkit.to_pdf(formatkit.source_html(BOOKS / "market-day.md"), tmp_path / "rules.pdf")
    renamed = tmp_path / "rules.txt"
    renamed.write_bytes(pdf.read_bytes())
    assert import_rulebook(renamed, tmp_path / "out", game_id="a").state.outline.format == "pdf"
    docx = formatkit.to_docx(formatkit.source_html(BOOKS / "market-day.md"), tmp_path / "rules.docx")
    zipped = tmp_path / "rules.zip"
    zipped.write_bytes(docx.read_bytes())
    assert import_rulebook(zipped, tmp_path / "out", game_id="b").state.outline.format == "docx"


# -- the PDF reader on characters placed by hand -------------------------------------------------------------------


def line(text: str, x: float, y: float, size: float = 10, bold: bool = False, width: float = 5) -> list[Char]:
    return [Char(c, x + i * width, x + (i + 1) * width, y, size, bold) for i, c in enumerate(text)]


def layout(*pages: list[Char], width: float = 600, height: float = 800) -> list[str]:
    lines, _ = pdf_reader.to_layout([(width, height, chars) for chars in pages], [])
    return [text for _, text in lines]


def test_headings_by_size_and_weight_and_inline_bold():
    chars = line("The Game", 50, 700, size=20) + line("Setting up", 50, 660, size=14)
    chars += line("Place the board in the middle of the table.", 50, 640)
    chars += line("Harvest", 50, 610, bold=True) + line("Take one crop for each worker you placed.", 50, 595)
    chars += line("Ash", 50, 570, bold=True) + line(": a spent ember.", 65, 570)
    out = [t for t in layout(chars) if t]
    assert out[:3] == ["# The Game", "## Setting up", "Place the board in the middle of the table."]
    assert out[3] == "### Harvest"
    assert out[5] == "**Ash**: a spent ember."


def test_two_columns_read_left_then_right_between_full_width_rows():
    chars = line("A heading across the whole page", 50, 760, size=16)
    for k in range(10):  # two columns of ten lines each, filling their width
        chars += line(f"left column line {k} of text here", 50, 700 - 14 * k)
        chars += line(f"right column line {k} of text here", 320, 700 - 14 * k)
    out = [t for t in layout(chars) if t]
    assert out[0].startswith("# A heading")
    assert out[1:11] == [f"left column line {k} of text here" for k in range(10)]
    assert out[11:21] == [f"right column line {k} of text here" for k in range(10)]


def test_a_table_of_aligned_cells_with_wrapped_cells_becomes_rows():
    chars = line("Roll", 50, 700, bold=True) + line("Result", 150, 700, bold=True)
    chars += line("1-2", 50, 680) + line("Calm: nothing happens.", 150, 680)  # rows 20 pt apart
    chars += line("3-5", 50, 653) + line("Squall: every raft loses", 150, 660) + line("its top tile.", 150, 646)
    chars += line("6", 50, 626) + line("Wreck: add three tiles.", 150, 626)  # a cell's lines 14 pt apart
    out = [t for t in layout(chars) if t]
    assert out == ["| Roll | Result |", "| 1-2 | Calm: nothing happens. |",
                   "| 3-5 | Squall: every raft loses its top tile. |", "| 6 | Wreck: add three tiles. |"]


def test_bullets_hyphens_and_spaced_list_items():
    chars = line("• Take a raft board and", 50, 700) + line("three coins.", 62, 686)
    chars += line("• Put the storm die be-", 50, 660) + line("side the board.", 62, 646)
    out = [t for t in layout(chars) if t]
    assert out == ["- Take a raft board and", "three coins.", "- Put the storm die beside", "the board."]


def test_running_heads_and_folios_are_dropped_as_remarks():
    pages = []
    for n in range(1, 4):
        pages.append(line("Driftwood Salvagers - Rules", 200, 780, size=8) + line(f"Rule text on page {n}.", 50, 400)
                     + line(str(n), 300, 20, size=8))
    remarks: list[Remark] = []
    lines, page_of = pdf_reader.to_layout([(600, 800, c) for c in pages], remarks)
    texts = [t for _, t in lines if t]
    assert texts == ["Rule text on page 1.", "Rule text on page 2.", "Rule text on page 3."]
    assert len(remarks) == 6 and all("running page line dropped" in r.text for r in remarks)
    assert [page_of[n] for n, t in lines if t] == [1, 2, 3]


def test_a_running_head_whose_letters_reach_into_the_top_band_is_dropped_above_a_table():
    pages = [line("DRIFTWOOD", 50, 730, size=9) + line("Rules version 1.2", 450, 730, size=9)
             + line(f"Rule text on page {n}.", 50, 400) for n in (1, 2)]
    table = [("2d6", "Event", "Effect"), ("2", "Comet", "Gain 2 renown."), ("3", "Meteor", "Observe again.")]
    pages.append(line("DRIFTWOOD", 50, 730, size=9) + line("Rules version 1.2", 450, 730, size=9)
                 + [c for k, row in enumerate(table) for x, cell in zip((60, 160, 300), row)
                    for c in line(cell, x, 712 - 16 * k)])
    remarks: list[Remark] = []
    lines, _ = pdf_reader.to_layout([(600, 800, c) for c in pages], remarks)
    texts = [t for _, t in lines if t]
    assert not any("DRIFTWOOD" in t for t in texts) and sum("running page line" in r.text for r in remarks) == 3
    assert "2d6" in texts[2] and "Comet" in texts[3]


def test_a_running_head_naming_each_pages_section_is_dropped_whole():
    pages = []
    for n, section in enumerate(("Setting Up", "Playing a Season", "Glossary"), start=1):
        pages.append(line("QUARRY BOOK", 50, 780, size=8) + line(section, 450, 780, size=8)
                     + line(f"Rule text on page {n}.", 50, 400))
    remarks: list[Remark] = []
    lines, _ = pdf_reader.to_layout([(600, 800, c) for c in pages], remarks)
    assert [t for _, t in lines if t] == [f"Rule text on page {n}." for n in (1, 2, 3)]
    assert "page 2: running page line dropped: 'QUARRY BOOK   Playing a Season'" in [r.text for r in remarks]


def _two_column_band(top: float, rows: int, tag: str) -> list[Char]:
    chars: list[Char] = []
    for k in range(rows):
        chars += line(f"{tag} left line {k} of text here", 50, top - 14 * k)
        chars += line(f"{tag} right line {k} of text here", 320, top - 14 * k)
    return chars


def test_a_heading_set_across_both_columns_cuts_the_page_into_bands():
    chars = _two_column_band(740, 6, "A") + line("Playing a Season", 50, 640, size=16)
    chars += _two_column_band(610, 6, "B")
    out = [t for t in layout(chars) if t]
    assert out[:6] == [f"A left line {k} of text here" for k in range(6)]
    assert out[6:12] == [f"A right line {k} of text here" for k in range(6)]
    assert out[12] == "# Playing a Season"
    assert out[13:19] == [f"B left line {k} of text here" for k in range(6)]
    # the same heading beside a figure in the other column belongs to its own column
    figure = (320.0, 560.0, 560.0, 700.0)
    lines, _ = pdf_reader.to_layout([(600, 800, chars, [figure])], [])
    texts = [t for _, t in lines if t]
    assert texts[6] == "# Playing a Season" and texts[13] == "A right line 0 of text here"


def test_a_short_page_of_a_two_column_document_is_read_by_the_documents_gutter():
    full = [_two_column_band(700, 10, "P") for _ in range(2)]
    short = _two_column_band(700, 4, "S")
    out = [t for t in layout(*full, short) if t]
    assert out[-8:] == [f"S left line {k} of text here" for k in range(4)] + \
        [f"S right line {k} of text here" for k in range(4)]


def test_a_contents_list_across_a_two_column_page_keeps_its_rows_whole():
    chars = line("Contents", 50, 770, size=16)
    for k, (entry, page) in enumerate((("Overview", "2"), ("Setting Up", "3"), ("Glossary", "6"))):
        chars += line(entry, 50, 745 - 14 * k) + line(page, 450, 745 - 14 * k)  # at the text's right edge
    chars += _two_column_band(680, 10, "C")
    out = [t for t in layout(chars) if t]
    assert out[1:4] == ["Overview — 2", "Setting Up — 3", "Glossary — 6"]
    assert out[4:14] == [f"C left line {k} of text here" for k in range(10)]


def test_a_printed_definition_list_is_read_as_one():
    chars = line("Glossary", 50, 740, size=16)
    chars += line("Seam", 50, 700, size=9, bold=True) + line("One of the twelve quarry tiles. Its picks", 50, 688)
    chars += line("show how much Stone a Mason cuts there.", 50, 676)
    chars += line("Struck row", 50, 650, size=9, bold=True) + line("The row chosen by the Chisel die.", 50, 638)
    chars += line("This is body text set at the usual size.", 50, 600)
    out = [t for t in layout(chars) if t]
    assert out[1:6] == ["Seam", ": One of the twelve quarry tiles. Its picks", "show how much Stone a Mason cuts there.",
                        "Struck row", ": The row chosen by the Chisel die."]


def test_word_roll_lines_typed_with_a_tab_are_a_die_table(tmp_path):
    def build(doc):
        doc.add_paragraph("Drift", style="Title")
        doc.add_heading("The wind roll", level=1)
        doc.add_paragraph("Roll the 2 normal dice and add them up, then check this list:")
        for text in ("2-6\tDead calm. Every kite drops 1 height.", "7\tSea breeze. Nothing special.",
                     "8-12\tStorm! Every kite is Tangled."):
            doc.add_paragraph(text)

    assert "| 2-6 | Dead calm. Every kite drops 1 height. |" in _shown(_docx(build))
    source = tmp_path / "drift.docx"
    source.write_bytes(_docx(build))
    table = import_rulebook(source, tmp_path / "out", game_id="drift").state.tables[0]
    assert [row["roll"] for row in table["rows"]] == ["2-6", 7, "8-12"]


# -- the Word reader ------------------------------------------------------------------------------------------------


def _shown(raw: bytes) -> list[str]:
    """The Word file as the importer reads it, one block a line in Markdown's terms ('# Title', '1. Step',
    '| a | b |'), nested list items indented."""
    outline = docformats.read_document(raw, "book.docx", "docx", 20_000_000)
    out = [f"# {outline.title}"] if outline.title else []

    def blocks(items, indent=""):
        for block in items:
            if isinstance(block, Paragraph):
                out.append(indent + block.text)
            elif isinstance(block, ListBlock):
                for item in block.items:
                    out.append(indent + (f"{item.number}. " if block.ordered else "- ") + item.text)
                    blocks(item.children, indent + "  ")
            elif isinstance(block, Table):
                out.extend(indent + "| " + " | ".join(row) + " |" for row in block.rows)
            elif hasattr(block, "blocks"):
                blocks(block.blocks, indent)

    for section in outline.root.walk():
        if section.level:
            out.append("#" * section.level + " " + section.title)
        blocks(section.blocks)
    return out


def _docx(build) -> bytes:
    from docx import Document

    doc = Document()
    build(doc)
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


def test_word_styles_manual_headings_typed_numbers_and_soft_breaks():
    from docx.shared import Pt

    def build(doc):
        doc.add_paragraph("Kelp Market", style="Title")
        doc.add_heading("Setting up", level=1)
        doc.add_paragraph("Lay out the board.", style="List Number")
        doc.add_paragraph("Deal two cards.", style="List Number")
        doc.add_paragraph("Each player also draws one.", style="List Number 2")
        big = doc.add_paragraph().add_run("Playing a round")
        big.bold, big.font.size = True, Pt(16)
        doc.add_paragraph("Every round has three phases.")
        small = doc.add_paragraph().add_run("Tide")
        small.bold = True
        para = doc.add_paragraph("The tide rises.")
        para.add_run().add_break()
        para.add_run("Then it falls.")
        doc.add_paragraph("1.\tRoll the die.")
        doc.add_paragraph("2.\tMove the boat.")
        table = doc.add_table(rows=2, cols=2)
        table.cell(0, 0).text, table.cell(0, 1).text = "Roll", "Result"
        table.cell(1, 0).text, table.cell(1, 1).text = "1", "Calm"

    shown = _shown(_docx(build))
    assert "# Kelp Market" in shown and "# Setting up" in shown
    at = shown.index("1. Lay out the board.")
    assert shown[at:at + 3] == ["1. Lay out the board.", "2. Deal two cards.", "  1. Each player also draws one."]
    assert "## Playing a round" in shown, "a bigger bold Normal paragraph is a heading"
    assert "## Tide" in shown or "### Tide" in shown, "a bold Normal paragraph leading text"
    assert "The tide rises. Then it falls." in shown  # a soft line break between the words
    at = shown.index("1. Roll the die.")
    assert shown[at:at + 2] == ["1. Roll the die.", "2. Move the boat."], "typed numbers and a tab"
    assert shown[-2:] == ["| Roll | Result |", "| 1 | Calm |"]


def test_word_cells_merged_down_a_column_stand_in_each_row():
    def build(doc):
        doc.add_heading("Terrain", level=1)
        table = doc.add_table(rows=4, cols=3)
        for r, row in enumerate([["Terrain", "Cost", "Effect"], ["Forest", "2", "Cover"], ["", "3", "Winter"],
                                 ["Marsh", "3", "None"]]):
            for c, text in enumerate(row):
                table.cell(r, c).text = text
        table.cell(1, 0).merge(table.cell(2, 0))

    shown = _shown(_docx(build))
    assert shown[-4:] == ["| Terrain | Cost | Effect |", "| Forest | 2 | Cover |", "| Forest | 3 | Winter |",
                          "| Marsh | 3 | None |"]


def test_bold_lines_in_a_row_are_emphasis_not_headings():
    def build(doc):
        for text in ("Wood", "Stone", "Gold"):
            doc.add_paragraph().add_run(text).bold = True
        doc.add_paragraph("Three resources.")

    shown = _shown(_docx(build))
    assert "**Wood**" in shown and "**Stone**" in shown
    assert "## Gold" in shown or "# Gold" in shown, "the last one leads the text: a heading"


def test_a_word_tables_bold_header_row_names_its_columns_and_a_symbol_column_its_faces(tmp_path):
    # Google Docs sets a table's header row in bold (often coloured): no <th>, and each cell alone would look
    # like a heading set by hand; and a die's faces drawn as symbols are named in the column beside them
    def build(doc):
        doc.add_paragraph("Bramble Fair", style="Title")
        doc.add_heading("The sky die", level=1)
        doc.add_paragraph("The sky die is a six-sided die with its own faces. Roll it at dawn.")
        rows = [("Face", "Sky", "What it does"), ("☀", "Sunny", "Gain 1 berry."), ("☀", "Sunny", "Gain 1 berry."),
                ("☁", "Cloudy", "Nothing happens."), ("☂", "Rain", "Lose 1 berry."), ("❄", "Frost", "Skip a turn."),
                ("🌈", "Rainbow", "Gain 2 berries.")]
        table = doc.add_table(rows=len(rows), cols=3)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                run = table.cell(r, c).paragraphs[0].add_run(text)
                run.bold = r == 0
        doc.add_heading("Winning", level=1)
        doc.add_paragraph("Most berries wins.")

    shown = _shown(_docx(build))
    assert not [line for line in shown if line.startswith("#") and "Face" in line]
    assert "| **Face** | **Sky** | **What it does** |" in shown
    source = tmp_path / "book.docx"
    source.write_bytes(_docx(build))
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    die = data(result)["dice"]["dice"][0]
    assert [f["label"] for f in die["faces"]] == ["☀ Sunny", "☀ Sunny", "☁ Cloudy", "☂ Rain", "❄ Frost",
                                                  "🌈 Rainbow"]


WORD_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _raw_docx(body: str, extra: dict[str, str] | None = None) -> bytes:
    """A minimal Word file with this body XML (for what python-docx cannot write: text boxes, footnotes)."""
    buffer = io.BytesIO()
    rels = ('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>')
    doc_rels = ('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                'relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                'relationships/footnotes" Target="footnotes.xml"/></Relationships>')
    types = ('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" '
             'ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>')
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", rels)
        archive.writestr("word/_rels/document.xml.rels", doc_rels)
        archive.writestr("word/document.xml", f'<?xml version="1.0"?><w:document {WORD_NS}><w:body>{body}'
                                              "</w:body></w:document>")
        for name, text in (extra or {}).items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_text_boxes_tabs_and_footnotes_are_read():
    body = ('<w:p><w:r><w:t>Spend</w:t></w:r><w:r><w:tab/><w:t>two coins</w:t></w:r>'
            '<w:r><w:footnoteReference w:id="1"/></w:r></w:p>'
            '<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>'
            '<w:p><w:r><w:t>Tip: keep one coin back.</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape>'
            '</w:pict></w:r></w:p>')
    notes = (f'<?xml version="1.0"?><w:footnotes {WORD_NS}><w:footnote w:id="1"><w:p><w:r>'
             '<w:t>Three coins with five players.</w:t></w:r></w:p></w:footnote></w:footnotes>')
    body += '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>2d6</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'  # not typed text
    shown = _shown(_raw_docx(body, {"word/footnotes.xml": notes}))
    assert shown[:2] == ["Spend two coins[1]", "Tip: keep one coin back."]  # the box after its anchor
    assert "[1] Three coins with five players." in shown


# -- bad files: one clear line naming the file, exit 1, never a traceback ---------------------------------------


def import_error(tmp_path, name: str, raw: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(raw)
    with pytest.raises(ImportError_) as caught:
        import_rulebook(path, tmp_path / "out", game_id="bad")
    message = str(caught.value)
    assert str(path) in message and "\n" not in message and not caught.value.usage
    return message


def cli(tmp_path, name: str, raw: bytes) -> subprocess.CompletedProcess:
    path = tmp_path / name
    path.write_bytes(raw)
    return subprocess.run([sys.executable, "-m", "rulecraft.cli.main", "import", str(path), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO / "plugins"), "PATH": "/usr/bin:/bin"})


def test_cli_bad_pdf_is_one_line_and_exit_1(tmp_path):
    result = cli(tmp_path, "rules.pdf", b"%PDF-1.7\n% nothing else\n")
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and "rules.pdf" in result.stderr and "Traceback" not in result.stderr
    result = cli(tmp_path, "rules.docx", b"this is no zip")
    assert result.returncode == 1 and "not a Word document" in result.stderr and "Traceback" not in result.stderr


def test_missing_extra_names_the_install_command(tmp_path, monkeypatch):
    pdf = formatkit.to_pdf("<p>Some rules.</p>", tmp_path / "made.pdf").read_bytes()
    monkeypatch.setitem(sys.modules, "pdfminer.pdfdocument", None)
    assert "reading PDF files needs: pip install 'rulecraft[import]'" in import_error(tmp_path, "a.pdf", pdf)
    docx = _docx(lambda doc: doc.add_paragraph("Some rules."))
    monkeypatch.setitem(sys.modules, "pypandoc", None)  # pandoc reads Word files
    assert "reading Word files needs: pip install 'rulecraft[import]'" in import_error(tmp_path, "a.docx", docx)


ENCRYPTED = b"""%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj
4 0 obj << /Filter /Standard /V 1 /R 2 /P -44
/O <0102030405060708090a0b0c0d0e0f100102030405060708090a0b0c0d0e0f10>
/U <1112131415161718191a1b1c1d1e1f201112131415161718191a1b1c1d1e1f20> >> endobj
trailer << /Root 1 0 R /Encrypt 4 0 R /Size 5 /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>
%%EOF
"""


def test_encrypted_pdf(tmp_path):
    assert "encrypted with a password" in import_error(tmp_path, "locked.pdf", ENCRYPTED)


def test_scanned_pdf_without_text_says_ocr(tmp_path):
    from weasyprint import HTML

    pdf = HTML(string='<div style="width:10cm;height:10cm;background:#333"></div>').write_pdf()  # a picture only
    message = import_error(tmp_path, "scan.pdf", pdf)
    assert "no text" in message and "ocrmypdf" in message


def test_corrupt_and_truncated_files(tmp_path):
    assert "damaged" in import_error(tmp_path, "junk.pdf", b"%PDF-1.4\n" + bytes(range(256)) * 40) \
        or "no pages" in import_error(tmp_path, "junk.pdf", b"%PDF-1.4\n" + bytes(range(256)) * 40)
    docx = _docx(lambda doc: doc.add_paragraph("Some rules."))
    assert "damaged" in import_error(tmp_path, "cut.docx", docx[: len(docx) // 2])
    assert "is named .pdf but is not a PDF" in import_error(tmp_path, "text.pdf", b"# Rules\n\nPlay well.\n")
    assert "not a Word document" in import_error(tmp_path, "text.docx", b"# Rules\n")
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("readme.txt", "hello")
    assert "without word/document.xml" in import_error(tmp_path, "other.docx", zipped.getvalue())
    assert "old Word file (.doc)" in import_error(tmp_path, "old.doc", b"\xd0\xcf\x11\xe0" + bytes(600))


def test_zip_bomb_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(docx_reader, "MAX_UNCOMPRESSED", 1_000_000)
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"<" + b" " * 3_000_000 + b">")
    assert len(bomb.getvalue()) < 100_000
    assert "would unpack to 3 MB" in import_error(tmp_path, "bomb.docx", bomb.getvalue())


def test_page_cap_character_cap_and_deadline(tmp_path, monkeypatch):
    pdf = formatkit.to_pdf("<p>One.</p><p style='break-before:page'>Two.</p><p style='break-before:page'>Three.</p>",
                           tmp_path / "three.pdf").read_bytes()
    monkeypatch.setattr(pdf_reader, "MAX_PAGES", 2)
    assert "more than 2 pages" in import_error(tmp_path, "long.pdf", pdf)
    monkeypatch.setattr(pdf_reader, "MAX_PAGES", 600)
    monkeypatch.setattr(pdf_reader, "MAX_CHARS_PER_PAGE", 2)
    assert "more than 2 characters" in import_error(tmp_path, "dense.pdf", pdf)
    monkeypatch.setattr(pdf_reader, "MAX_CHARS_PER_PAGE", 60_000)
    monkeypatch.setattr(pdf_reader, "MAX_SECONDS", -1.0)
    assert "takes too long" in import_error(tmp_path, "slow.pdf", pdf)


def test_kind_of_by_content():
    assert docformats.kind_of(b"%PDF-1.7\n...", ".txt") == "pdf"
    assert docformats.kind_of(b"# Rules", ".md") is None
    assert docformats.kind_of(_docx(lambda doc: doc.add_paragraph("x")), ".bin") == "docx"


def test_word_typed_line_by_line_locates_the_paragraph(tmp_path):
    # a typed text's outline lines are its typed lines (a soft break makes two): the report counts Word's paragraphs
    def build(doc):
        doc.add_paragraph("LANTERN RUN")
        doc.add_paragraph("")
        para = doc.add_paragraph("A quick game for two players.")
        para.add_run().add_break()
        para.add_run("Ages 8 and up.")
        para.add_run().add_break()
        para.add_run("Twenty minutes.")
        for text in ("", "SETTING UP", "", "Put the board down.", "Each player takes a lantern.", "", "PLAYING", "",
                     "Roll the die."):
            doc.add_paragraph(text)

    outline = docformats.read_document(_docx(build), "typed.docx", "docx", 20_000_000)
    assert {s.title: outline.at(s.line) for s in outline.sections()} == {"SETTING UP": "paragraph 5",
                                                                        "PLAYING": "paragraph 10"}


def test_word_markup_bomb_is_refused_before_parsing(tmp_path, monkeypatch):
    # repeated paragraphs zip ~350:1 and cost ~50 times their size to parse: the XML parts are capped on their own
    monkeypatch.setattr(docx_reader, "MAX_XML", 1_000_000)
    body = "<w:p><w:r><w:t>Roll the die and move.</w:t></w:r></w:p>" * 40_000
    packed = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(_raw_docx(body))) as plain, \
            zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in plain.namelist():
            archive.writestr(name, plain.read(name))
    raw = packed.getvalue()
    assert len(raw) < 20_000
    assert "text and markup would unpack to 2 MB" in import_error(tmp_path, "bomb.docx", raw)


def test_other_documents_say_what_to_do(tmp_path):
    encrypted = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "EncryptionInfo".encode("utf-16-le") + bytes(50)
                 + "EncryptedPackage".encode("utf-16-le") + bytes(3000))  # Word's 'Encrypt with Password'
    assert "protected with a password" in import_error(tmp_path, "locked.docx", encrypted)
    odt = io.BytesIO()
    with zipfile.ZipFile(odt, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", "<office:document-content/>")
    message = import_error(tmp_path, "rules.odt", odt.getvalue())  # read by pandoc, which finds it incomplete
    assert "pandoc: Could not find styles.xml; save it again from LibreOffice" in message
    rtf = rb"{\rtf1\ansi\deff0 {\fonttbl {\f0 Times;}}\f0\fs24 {\b Setup}\par Put the board down.\par}"
    assert "Rich Text file (RTF)" in import_error(tmp_path, "rules.rtf", rtf)
    message = import_error(tmp_path, "rules.png", b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert "neither a PDF, a Word (.docx) file nor UTF-8 text" in message and "0x89 at offset 0" in message
    empty = _raw_docx('<w:p><w:r><w:t xml:space="preserve"> </w:t></w:r></w:p><w:p/>')
    assert "its 2 paragraph(s) hold no text" in import_error(tmp_path, "blank.docx", empty)
    assert not (tmp_path / "out").exists(), "nothing written"


LOOPING_FORM = b"""%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 7 0 R >> >> /Contents 5 0 R >>
endobj
5 0 obj << /Length 6 >> stream
/X Do
endstream endobj
7 0 obj << /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X 7 0 R >> >> /Length 6 >> stream
/X Do
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
"""


def test_cli_damaged_pdf_prints_no_library_warnings(tmp_path):
    # pdfminer logs 'Refusing to execute circular reference to content stream 7' on stderr: kept off the terminal
    result = cli(tmp_path, "loop.pdf", LOOPING_FORM)
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "loop.pdf" in result.stderr and "circular" not in result.stderr


def test_a_document_renamed_gets_the_document_size_limit(tmp_path, monkeypatch):
    # known by content, so held to the PDF limit whatever its name; a text file keeps the text limit
    import rulecraft.cli.importer as importer

    pdf = formatkit.to_pdf("<h1>Rules</h1><p>Roll the die.</p>", tmp_path / "made.pdf").read_bytes()
    monkeypatch.setattr(importer, "MAX_SOURCE_BYTES", len(pdf) - 1)
    renamed = tmp_path / "rules.bin"
    renamed.write_bytes(pdf)
    assert import_rulebook(renamed, tmp_path / "out", game_id="a").state.outline.format == "pdf"
    text = tmp_path / "rules.md"
    text.write_bytes(b"# Rules\n\n" + b"Roll the die. " * (len(pdf) // 14 + 1))
    with pytest.raises(ImportError_, match="larger than 0 MB and neither a PDF nor a Word file"):
        import_rulebook(text, tmp_path / "out2", game_id="b")


def test_places_of_copied_text_are_grouped_as_a_reader_looks_them_up():
    """'paragraphs 5, 6, under …' and 'pages 3, 4', not a comma list of places that hold commas themselves."""
    from rulecraft.cli.importer.outline import Outline

    outline = Outline.__new__(Outline)
    outline.place = {1: "paragraph 5, under 'Intro'", 2: "paragraph 6, under 'Intro'", 3: "paragraph 9",
                     4: "the start of the document"}.get
    assert outline.at_lines([1, 2, 3, 4, 1]) == "paragraphs 5, 6, under 'Intro'; paragraph 9; the start of the document"
    outline.place = lambda line: f"page {line // 10}"
    assert outline.at_lines([11, 12, 25, 31]) == "pages 1, 2, 3"
    assert outline.at_lines([25]) == "page 2"


def _columns_band(top: float, rows: int, lefts: tuple[float, ...], tag: str) -> list[Char]:
    chars: list[Char] = []
    for k in range(rows):
        for n, x in enumerate(lefts):
            chars += line(f"{tag}{n} line {k} text", x, top - 14 * k, width=4)
    return chars


@pytest.mark.parametrize("lefts", [(40, 240, 440), (30, 180, 330, 480)])
def test_three_or_four_columns_are_read_one_column_after_another(lefts):
    chars = _columns_band(740, 10, lefts, "C")
    out = [t for t in layout(chars, width=620) if t]
    assert out == [f"C{n} line {k} text" for n in range(len(lefts)) for k in range(10)]


def test_the_one_page_that_shows_a_gutter_offers_it_to_a_page_of_tables():
    text = _two_column_band(700, 10, "P")
    tables = line("Roll", 50, 700, bold=True) + line("Result", 90, 700, bold=True)
    for k in range(6):  # short cells on the left, full lines of text on the right
        tables += line(str(k + 1), 50, 686 - 14 * k) + line(f"Result {k}", 90, 686 - 14 * k)
        tables += line(f"Keyword {k} – a full line of text", 320, 700 - 14 * k)
    tables += line("A note set under a table", 50, 586)
    out = [t for t in layout(text, tables) if t]
    page2 = out[out.index("P right line 9 of text here") + 1:]
    assert page2[-6:] == [f"Keyword {k} – a full line of text" for k in range(6)]


def test_a_line_end_hyphen_is_kept_or_joined_by_the_documents_own_words():
    def joined(first: str, second: str, elsewhere: str) -> str:
        chars = line(first, 50, 700) + line(second, 50, 686) + line(elsewhere, 50, 640)
        return [t for t in layout(chars) if t][0]
    # the compound written with its hyphen elsewhere, or its second part a word of its own: the hyphen stays
    assert joined("Each board is self-", "contained and small.", "A self-contained rule.") == \
        "Each board is self-contained"
    assert joined("Each board is self-", "contained and small.", "Cards contained in the box.") == \
        "Each board is self-contained"
    # a word broken by the typesetter: joined (written whole elsewhere, or its second part no word)
    assert joined("Each board is self-", "contained and small.", "It is selfcontained.") == \
        "Each board is selfcontained"
    assert joined("Put the storm die be-", "side the board.", "A side bet.") == "Put the storm die beside"
    assert joined("Roll the die and cap-", "ture a ship.", "Nothing else.") == "Roll the die and capture"


def test_ligatures_are_spelled_out_and_right_to_left_runs_read_in_order():
    chars = line("The \ufb01rst player may o\ufb00er a \ufb02ag.", 50, 700)
    visual = "שלום עולם"[::-1]  # glyphs placed left to right: the Hebrew words come reversed
    chars += line(f"Say {visual} twice.", 50, 680)
    out = [t for t in layout(chars) if t]
    assert out == ["The first player may offer a flag.", "Say שלום עולם twice."]


def test_a_definition_whose_name_ends_a_column_goes_on_at_the_top_of_the_next():
    chars: list[Char] = []
    for k, name in enumerate(("Seam", "Mason", "Chisel")):
        top = 700 - 50 * k
        chars += line(name, 50, top, size=9, bold=True)
        chars += line("A piece of the quarry that the players", 60, top - 12)
        chars += line("share between them all game long.", 60, top - 24)
    chars += line("Struck row", 50, 550, size=9, bold=True)  # the column's last line
    for k in range(8):  # the next column: its meaning, then text
        chars += line(f"Right column text line {k} here now", 330, 700 - 14 * k)
    out = [t for t in layout(chars) if t]
    at = out.index("Struck row")
    assert out[at + 1] == ": Right column text line 0 here now"


def test_a_wide_gap_inside_one_line_is_no_table_column():
    chars = line("1. Lay out the board and the storm marker.", 40, 740)
    chars += line("2. Each captain, 3", 40, 726) + line("fuel and 2 crew.", 150, 726)  # an icon in the gap
    chars += line("3. Put your skiff at the dock.", 40, 712)
    for k, (name, rest) in enumerate((("Chart", "reveal a tile next to your"), ("Sail", "move up to three"),
                                      ("Dive", "send crew down and roll"))):
        top = 690 - 36 * k
        chars += line(str(k + 1), 50, top) + line(f"{name} – {rest}", 80, top)
        chars += line("skiff and go on with the turn.", 80, top - 12)
    out = [t for t in layout(chars) if t]
    assert out[-3:] == ["1 — Chart – reveal a tile next to your skiff and go on with the turn.",
                        "2 — Sail – move up to three skiff and go on with the turn.",
                        "3 — Dive – send crew down and roll skiff and go on with the turn."]


def test_table_rows_set_unevenly_in_small_type_are_cut_at_their_padding():
    chars: list[Char] = []
    for k in range(3):  # lines 8 and 10 pt apart inside a row, 13 pt of padding between rows
        top = 700 - 31 * k
        chars += line(str(k + 1), 50, top, size=7) + line(f"Step {k} starts on this line", 80, top, size=7)
        chars += line("and runs on to this one", 80, top - 8, size=7) + line("and ends here.", 80, top - 18, size=7)
    out = [t for t in layout(chars) if t]
    assert out == [f"{k + 1} — Step {k} starts on this line and runs on to this one and ends here." for k in range(3)]


def test_a_bold_lead_over_bullets_is_no_definition():
    chars = line("Sail – reminders", 50, 700, size=9, bold=True) + line("• You may not end on a cloud.", 50, 688)
    chars += line("Dive – reminders", 50, 660, size=9, bold=True) + line("• Crew lost go back to the dock.", 50, 648)
    out = [t for t in layout(chars) if t]
    assert ": - You may not end on a cloud." not in out and "- You may not end on a cloud." in [t.strip() for t in out]


def test_a_bold_title_in_capitals_over_numbered_steps_is_a_heading():
    chars = line("SETUP", 50, 740, bold=True) + line("1. Lay out the board.", 50, 726)
    chars += line("2. Deal two cards to each captain.", 50, 712)
    chars += line("Red player", 50, 680, bold=True) + line("1. Take the red skiff.", 50, 666)
    out = [t for t in layout(chars) if t]
    assert out[0] == "## SETUP" and "**Red player**" in out


def test_name_led_entries_go_on_at_the_top_of_the_next_column():
    chars = line("KEYWORDS", 50, 760, size=14)
    for k in range(10):
        chars += line(f"Left column prose line {k} goes here", 50, 740 - 14 * k)
    chars += line("Cloud", 50, 586, bold=True) + line(" – one space of the board.", 75, 586)
    for k, name in enumerate(("Wreck", "Hold", "Grapple")):
        chars += line(name, 320, 740 - 14 * k, bold=True) + line(" – a thing of the reef, set here.", 320 + 5 * len(name),
                                                                  740 - 14 * k)
    for k in range(3, 11):
        chars += line(f"Right column prose line {k} here", 320, 740 - 14 * k)
    out = layout(chars)
    at = out.index("**Cloud** – one space of the board.")
    assert out[at + 1].startswith("**Wreck** –")


def test_the_benchmark_reads_a_term_with_its_abbreviation_as_name_and_alias():
    data = {"terms": {"terms": [{"term": "Zone of Control", "aliases": ["ZOC"]}, {"term": "Stacking"},
                                {"term": "Retreat"}]}}
    expected = {"terms": ["Zone of Control (ZOC)", "Stacking"]}
    assert _benchmark().measure(data, expected)["terms"] == (2, 2, 1)


def test_one_line_table_rows_spaced_unevenly_stay_one_row_each():
    chars = line("Roll", 50, 700, bold=True) + line("Result", 90, 700, bold=True)
    for k, y in enumerate((686, 672, 662, 652, 638, 624)):  # rows 3 and 4 (and 4 and 5) set closer
        chars += line(str(k + 1), 50, y) + line(f"Result number {k + 1}.", 90, y)
    out = [t for t in layout(chars) if t]
    assert out == ["| Roll | Result |"] + [f"| {k} | Result number {k}. |" for k in range(1, 7)]


def test_wrapped_table_cells_with_uneven_line_gaps_are_cut_only_at_the_rows_padding():
    # a narrow column: the result wraps over two or three lines 9.5 to 13.5 pt apart, rows 32 pt apart, the roll
    # centred beside its result (the two-column print of a 2d6 table)
    chars = line("2d6", 50, 740, bold=True) + line("Weather", 90, 740, bold=True)
    rows = (("2", ("Great Squall. The tide marker", "does not move. Every ship is", "sent home.")),
            ("3–4", ("Squall. Close the berth", "with the most cargo.")),
            ("5–6", ("Fog. No tolls this bell.",)),
            ("7", ("Fair winds. Nothing", "happens this bell.")))
    top = 708.0
    for roll, lines_ in rows:
        ys = [top - sum((9.5, 13.5)[:k]) for k in range(len(lines_))]
        chars += line(roll, 50, ys[len(ys) // 2])
        for text, y in zip(lines_, ys):
            chars += line(text, 90, y)
        top = ys[-1] - 32
    out = [t for t in layout(chars) if t]
    assert out == ["| 2d6 | Weather |",
                   "| 2 | Great Squall. The tide marker does not move. Every ship is sent home. |",
                   "| 3–4 | Squall. Close the berth with the most cargo. |",
                   "| 5–6 | Fog. No tolls this bell. |", "| 7 | Fair winds. Nothing happens this bell. |"]


def test_a_wrapped_cells_line_with_no_cell_beside_it_joins_the_nearer_row():
    # rows of two lines 11.5 apart, 15.5 of padding; the last row's middle line sits on the baseline of the
    # name centred beside it, so its lines come out 9.5 and 13.5 apart: no gap stands out from the others
    chars = line("Face", 50, 740, bold=True) + line("Effect", 120, 740, bold=True)
    names = ("Leaf", "Cap", "Moon", "Thorn")
    texts = (("Take 1 herb of your", "choice from the market."), ("Move 1 extra space", "this turn."),
             ("Your familiar may act", "again now."), ("Place 1 bramble on an", "empty hedge space next", "to you."))
    top = 724.5
    for name, lines_ in zip(names, texts):
        ys = [top, top - 11.5] if len(lines_) == 2 else [top, top - 9.5, top - 23.0]
        chars += line(name, 50, (ys[0] + ys[1]) / 2 if len(lines_) == 2 else ys[1])
        for text, y in zip(lines_, ys):
            chars += line(text, 120, y)
        top = ys[-1] - 15.5
    out = [t for t in layout(chars) if t]
    assert out[-4:] == ["| Leaf | Take 1 herb of your choice from the market. |", "| Cap | Move 1 extra space this turn. |",
                        "| Moon | Your familiar may act again now. |",
                        "| Thorn | Place 1 bramble on an empty hedge space next to you. |"]


OUTLINE_NUMBERING = ('<?xml version="1.0"?><w:numbering ' + WORD_NS + '><w:abstractNum w:abstractNumId="7">'
                     + "".join(f'<w:lvl w:ilvl="{n}"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
                               f'<w:lvlText w:val="{".".join(f"%{k + 1}" for k in range(n + 1))}"/></w:lvl>'
                               for n in range(3))
                     + '</w:abstractNum><w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num></w:numbering>')


def _item(level: int, text: str, bold: bool = False, extra: str = "") -> str:
    run = f'<w:r>{"<w:rPr><w:b/></w:rPr>" if bold else ""}<w:t xml:space="preserve">{text}</w:t></w:r>'
    return (f'<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="{level}"/>'
            f'<w:numId w:val="3"/></w:numPr></w:pPr>{extra}{run}</w:p>')


def _outline_docx(comments: str = "") -> bytes:
    body = (_item(0, "Overview", True) + _item(1, "Two to four players race caravans across the desert.")
            + _item(0, "Setup", True) + "".join(_item(1, t) for t in (
                "Lay out the board and put the marker on space I.", "Each player takes 2 Beasts.",
                "Deal 4 contracts face up."))
            + _item(2, "In a two-player game the second player takes 1 extra rivet.")
            + _item(0, "Sequence of play", True) + _item(1, "Each journey has two phases.")
            + _item(1, "Load Phase", True) + _item(2, "Each Beast on an oasis may load 3 goods.")
            + _item(1, "Travel Phase", True)
            + _item(2, "Move your caravan up to 4 hexes.", extra='<w:commentRangeStart w:id="0"/>')
            + '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>2d6</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'
            + _item(0, "End of the game", True) + _item(1, "The most Renown wins."))
    extra = {"word/numbering.xml": OUTLINE_NUMBERING}
    if comments:
        extra["word/comments.xml"] = comments
    return _raw_docx(body, extra)


def test_a_word_multi_level_list_of_title_lines_is_the_outline_and_keeps_its_numbers():
    lines = _shown(_outline_docx())
    assert "# 1 Overview" in lines and "# 2 Setup" in lines
    assert "2.2 Each player takes 2 Beasts." in lines
    assert "2.3.1 In a two-player game the second player takes 1 extra rivet." in lines
    assert "## 3.2 Load Phase" in lines and "3.3.1 Move your caravan up to 4 hexes." in lines
    assert "# 4 End of the game" in lines  # the count goes on past the table between the items
    assert "4.1 The most Renown wins." in lines


def test_a_numbered_list_of_sentences_stays_a_list():
    body = "".join(_item(0, t) for t in ("Lay out the board.", "Deal 4 contracts.", "Take 2 Beasts."))
    shown = _shown(_raw_docx(body, {"word/numbering.xml": OUTLINE_NUMBERING}))
    assert "1. Lay out the board." in shown and not [line for line in shown if line.startswith("#")]


def test_word_comments_are_listed_for_a_human_not_read_as_rules(tmp_path):
    comments = ('<?xml version="1.0"?><w:comments ' + WORD_NS + '><w:comment w:id="0" w:author="Ana Petrov">'
                '<w:p><w:r><w:t>Four hexes feels slow.</w:t></w:r></w:p></w:comment></w:comments>')
    path = tmp_path / "draft.docx"
    path.write_bytes(_outline_docx(comments))
    assert not [line for line in _shown(path.read_bytes()) if "Four hexes" in line]
    from rulecraft.cli.importer import import_rulebook

    result = import_rulebook(path, tmp_path / "out", game_id="draft")
    report = (result.folder / "IMPORT-REPORT.md").read_text(encoding="utf-8")
    assert "- Ana Petrov: 'Four hexes feels slow.' (on 'Move your caravan up to 4 hexes.') (paragraph 13, under " \
           "'3.3 Travel Phase')" in report


def test_struck_through_words_stay_marked_not_run_into_the_next():
    body = ('<w:p><w:r><w:t xml:space="preserve">Each player takes </w:t></w:r><w:r><w:rPr><w:strike/></w:rPr>'
            '<w:t>3</w:t></w:r><w:r><w:t xml:space="preserve">2 Beasts.</w:t></w:r></w:p>'
            '<w:p><w:r><w:t>Move up to 4 hexes.</w:t></w:r></w:p>')
    body += '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>2d6</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'  # not typed text
    assert "Each player takes ~~3~~2 Beasts." in _shown(_raw_docx(body))


def test_a_large_figure_alone_on_its_line_is_no_heading():
    chars = line("CARD KEYWORDS", 50, 740, size=12, bold=True)
    chars += line("Some cards carry a keyword in the text box. The keyword", 50, 720)
    chars += line("7", 60, 700, size=20, bold=True)  # the number of a card drawn beside the text
    chars += line("tells you what the card does.", 50, 680)
    out = [t for t in layout(chars) if t]
    assert not any(t.startswith("#") and "7" in t for t in out) and any("7" in t for t in out)


def _entry(name: str, rest: str, x: float, y: float) -> list[Char]:
    return line(name, x, y, bold=True) + line(f" – {rest}", x + 5 * len(name), y)


def test_entries_set_in_two_columns_are_read_a_column_at_a_time_not_as_a_table():
    chars = line("Running prose of the page goes right across the page above the glossary here.", 50, 760)
    chars += line("Glossary", 50, 740, size=14, bold=True)
    left = (("Ailment", "A card in the row showing", "what a villager suffers from."),
            ("Potency", "How strong a tincture is,", "shown by cubes on it."), ("Spoiled", "A herb turned brown.", ""))
    right = (("Tincture", "A finished brew on your", "mat, waiting for a villager."),
             ("Workbench", "The herb spaces on your", "mat: eight at most."), ("Pouch", "Where herbs are drawn.", ""))
    for x, entries, top in ((50, left, 715), (320, right, 708)):  # the columns' entries not level
        y = top
        for name, first, second in entries:
            chars += _entry(name, first, x, y)
            if second:
                chars += line(second, x, y - 12)
            y -= 32
    chars += line("Solo rules", 50, 590, size=14, bold=True)
    for k in range(8):  # the page's one wide column goes on below
        chars += line(f"Play as normal, but after your tidy step reveal a rival card number {k} now.", 50, 570 - 14 * k)
    out = [t for t in layout(chars) if t]
    at = out.index("# Glossary")
    assert out[at + 1:at + 3] == ["**Ailment** – A card in the row showing", "what a villager suffers from."]
    assert not any(" — " in t for t in out)
    assert out.index("**Spoiled** – A herb turned brown.") < out.index("**Tincture** – A finished brew on your")


def test_a_bold_title_under_an_icon_of_its_own_is_a_note_not_a_definition():
    chars = line("Refill the shelf from the pouch and pass the pestle to the left, then play on.", 50, 760)
    y = 730.0
    for icon, title in (("★", "Tip"), ("☝", "Remember")):
        chars += line(icon, 480, y, size=14) + line(title, 480, y - 20, size=8, bold=True)
        chars += line("Early on, a weak brew", 486, y - 30, size=8) + line("is plenty.", 486, y - 40, size=8)
        y -= 70
    out = [t for t in layout(chars) if t]
    assert not any(t.startswith(": ") for t in out)


def test_table_rows_cut_at_the_first_clear_jump_in_their_gaps_not_at_a_header_gap():
    # line spacing 13.5, the rows' padding 17.5 (a third wider), the header 24 above the first row: the padding
    # is the rows' cut, the header's wider gap no second kind of spacing
    chars = line("TERM", 50, 760, bold=True) + line("DEFINITION", 160, 760, bold=True)
    entries = (("Casting", ("The area of your board where orders wait.",)),
               ("Crucible", ("Your crucible token. While it is on your board", "you may pour one extra order.")),
               ("Heat", ("The number shown by your heat marker. Orders", "need a minimum heat to be poured.")),
               ("Slag", ("Waste cubes. Each slag cube costs", "1 renown at the end.")))
    y = 736.0
    for name, lines_ in entries:
        chars += line(name, 50, y)
        for k, text in enumerate(lines_):
            chars += line(text, 160, y - 13.5 * k)
        y -= 13.5 * (len(lines_) - 1) + 17.5
    out = [t for t in layout(chars) if t]
    assert out[-3:] == ["| Crucible | Your crucible token. While it is on your board you may pour one extra order. |",
                        "| Heat | The number shown by your heat marker. Orders need a minimum heat to be poured. |",
                        "| Slag | Waste cubes. Each slag cube costs 1 renown at the end. |"]


def test_a_section_number_set_a_wide_gap_before_its_title_is_one_heading():
    # LaTeX and Word set '3' and 'Setting Up' a quad apart: two cells, still one numbered heading
    chars = line("3", 50, 760, size=14, bold=True) + line("Setting Up", 75, 760, size=14, bold=True)
    chars += line("Before the first hour, prepare the game as follows, in the order given here.", 50, 740)
    chars += line("4.2", 50, 715, size=12, bold=True) + line("Ticking Phase", 80, 715, size=12, bold=True)
    chars += line("Every wound automaton runs: remove one spring from it and advance its track.", 50, 698)
    out = [t for t in layout(chars) if t]
    assert out[0] == "# 3 Setting Up" and out[2] == "## 4.2 Ticking Phase"


def test_a_description_list_with_run_in_bold_names_and_hanging_lines_is_a_definition_list():
    chars = line("Glossary", 50, 770, size=14, bold=True)
    y = 750.0
    for name, first, second in (("Cog", "A wheel token used to pay for automata. Cogs come", "in three sizes."),
                                ("Escapement", "The notch at the end of a gear track. An automaton", "is ready."),
                                ("Chime", "The bonus gained when two automata strike at once.", "")):
        chars += line(name, 50, y, bold=True) + line(" " + first, 50 + 5 * len(name), y)
        if second:
            chars += line(second, 62, y - 13)  # the meaning's next line hangs indented
            y -= 13
        y -= 13
    out = [t for t in layout(chars) if t]
    assert out[1:4] == ["Cog", ": A wheel token used to pay for automata. Cogs come", "in three sizes."]
    assert "Chime" in out and ": The bonus gained when two automata strike at once." in out


def test_a_bold_run_in_paragraph_alone_is_no_definition():
    chars = line("Chimes.", 50, 760, bold=True) + line(" If two or more automata strike in one hour, each", 85, 760)
    chars += line("owner gains 2 favour, as the hall rings in harmony.", 50, 747)
    chars += line("Winding", 50, 720, bold=True) + line(" Each player may take one automaton card", 90, 720)
    chars += line("from an alcove and place it on their workbench.", 50, 707)
    out = [t for t in layout(chars) if t]
    assert not any(t.startswith(": ") for t in out)


def test_centred_figures_in_a_table_with_a_wider_range_cell_stay_one_column():
    # booktabs centres the d8 column: '4–5' and the header 'd8' start left of the single figures
    chars = line("d8", 52, 760, bold=True) + line("Malfunction", 90, 760, bold=True) + line("Effect", 220, 760, bold=True)
    rows = (("1", "Seized", "The automaton stops."), ("2", "Stripped cog", "Return one cog."),
            ("4–5", "Grinding", "No effect this hour."), ("6", "Racing", "Move one tooth."),
            ("8", "Perpetual motion", "Add a spring."))
    for k, (roll, name, effect) in enumerate(rows):
        y = 745 - 14 * k
        chars += line(roll, 52 if len(roll) > 1 else 57, y) + line(name, 90, y) + line(effect, 220, y)
    out = [t for t in layout(chars) if t]
    assert out == ["| d8 | Malfunction | Effect |", "| 1 | Seized | The automaton stops. |",
                   "| 2 | Stripped cog | Return one cog. |", "| 4–5 | Grinding | No effect this hour. |",
                   "| 6 | Racing | Move one tooth. |", "| 8 | Perpetual motion | Add a spring. |"]


def _die_rows(rows, top: float, bold_names: bool = False) -> list[Char]:
    """A narrow die table: a roll (bold) less than an em before its result, the result wrapped under itself."""
    chars: list[Char] = []
    y = top
    for roll, first, second in rows:
        name, rest = (first.split(" ", 1) + [""])[:2] if bold_names else ("", first)
        chars += line(roll, 40, y, bold=True)
        x = 40 + 5 * len(roll) + (8 if len(roll) > 1 else 18)
        if name:
            chars += line(name, x, y, bold=True) + line(" " + rest, x + 5 * len(name), y)
        else:
            chars += line(first, x, y)
        if second:
            chars += line(second, x, y - 12)
            y -= 12
        y -= 20
    return chars


def test_a_bold_roll_set_close_before_its_result_at_the_column_edge_is_its_own_cell():
    chars = line("d6", 40, 760, bold=True) + line("Where it turns up", 63, 760, bold=True)
    chars += _die_rows((("1–2", "Gone for good: put it back in", "the box."),
                        ("5", "Beside your dog.", ""), ("6", "Waiting at your gate.", "")), 740)
    out = [t for t in layout(chars) if t]
    assert out == ["| d6 | Where it turns up |", "| 1–2 | Gone for good: put it back in the box. |",
                   "| 5 | Beside your dog. |", "| 6 | Waiting at your gate. |"]


def test_a_roll_set_close_before_a_bold_result_name_is_its_own_cell():
    chars = line("d66", 40, 770, bold=True) + line("Event", 63, 770, bold=True)
    chars += _die_rows((("11–13", "Mist. No dog may move more than", "1 hex tomorrow."),
                        ("14–16", "Rain. Every sheep on a bog hex", "becomes a stray."),
                        ("21–23", "Fox. Each player loses a sheep.", "")), 740, bold_names=True)
    out = [t for t in layout(chars) if t]
    assert out[1:] == ["11–13 — Mist. No dog may move more than 1 hex tomorrow.",
                       "14–16 — Rain. Every sheep on a bog hex becomes a stray.", "21–23 — Fox. Each player loses a sheep."]


def test_a_bold_header_row_as_close_as_a_cells_lines_stays_a_row_of_its_own():
    chars = line("d6", 40, 752, bold=True) + line("Effect", 70, 752, bold=True)  # 12 above, like a cell's lines
    chars += _die_rows((("1", "Storm: nobody may survey this", "night at all."),
                        ("2", "Cloud: only one arc can be", "surveyed."), ("3", "Clear: no effect.", "")), 740)
    out = [t for t in layout(chars) if t]
    assert out[0] == "| d6 | Effect |" and out[1] == "| 1 | Storm: nobody may survey this night at all. |"


def test_a_paragraphs_last_line_above_a_table_is_no_row_of_it():
    """'… Roll one' over 'die:' set in the table's first column: the sentence ends there, the table starts below."""
    chars = line("If your frog is next to a fly you may snap at it with your tongue. Roll one", 50, 700)
    chars += line("die:", 50, 686)
    chars += line("Roll", 50, 668) + line("Fly roll", 150, 668)
    chars += line("1-2", 50, 652) + line("Miss! Nothing happens", 150, 652)
    chars += line("3-5", 50, 636) + line("Got one", 150, 636)
    chars += line("6", 50, 620) + line("Big gulp", 150, 620)
    out = [t for t in layout(chars) if t]
    assert out[:2] == ["If your frog is next to a fly you may snap at it with your tongue. Roll one", "die:"]
    assert out[2:] == ["| Roll | Fly roll |", "| 1-2 | Miss! Nothing happens |", "| 3-5 | Got one |",
                       "| 6 | Big gulp |"]


def test_a_tables_caption_set_close_above_it_is_no_row_of_it():
    chars = line("Pond Table", 50, 700, bold=True)
    chars += line("Roll", 50, 684, bold=True) + line("What happens", 150, 684, bold=True)
    chars += line("1", 50, 668) + line("Rain - every frog leaps again", 150, 668)
    chars += line("2", 50, 652) + line("Breeze - flies move right", 150, 652)
    chars += line("3", 50, 636) + line("Sunny - nothing happens", 150, 636)
    out = [t for t in layout(chars) if t]
    assert "| Pond Table |  |" not in out and any("Pond Table" in t for t in out[:1])
    assert out[1:] == ["| Roll | What happens |", "| 1 | Rain - every frog leaps again |",
                       "| 2 | Breeze - flies move right |", "| 3 | Sunny - nothing happens |"]


def _pdf_outline(texts: list[str]):
    return docformats._layout_outline(list(enumerate(texts, start=1)), "book.pdf", "pdf")


def test_a_sidebar_title_in_capitals_ranks_below_the_headings_the_pdf_marked():
    outline = _pdf_outline(["# THE GAME", "", "## 1.0 INTRODUCTION", "", "Each player leads a team.", "",
                            "**DESIGNER'S NOTE**", "The valley is different every game.", "",
                            "#### 2.0 COMPONENTS", "", "- 1 valley board", "- 36 terrain tiles", "",
                            "#### 3.0 SETTING UP", "", "Shuffle the tiles."])
    where = {s.title: s.parent.title for s in outline.sections()}
    assert where["2.0 COMPONENTS"] == where["3.0 SETTING UP"] == "1.0 INTRODUCTION"
    assert where["**DESIGNER'S NOTE**"] == "1.0 INTRODUCTION"


def test_numbered_cases_led_in_bold_set_without_a_gap_are_paragraphs_of_their_own():
    outline = _pdf_outline(["# THE GAME", "", "## 4.0 KEY TERMS", "",
                            "**4.3 Exposed.** A surveyor on a tile with no camp marker at the",
                            "end of the day is exposed.", "**4.4 Renown.** Victory points, tracked around the edge",
                            "of the board.", "**4.5 Frontier.** Every empty space next to a tile."])
    section = next(s for s in outline.sections() if s.title == "4.0 KEY TERMS")
    assert [b.text.split("**")[1] for b in section.blocks] == ["4.3 Exposed.", "4.4 Renown.", "4.5 Frontier."]


def test_word_tab_stop_tables_and_hanging_indent_glossaries(tmp_path):
    # round 19b: a die table typed with tab stops (a bold header line with as many cells) and a glossary of
    # bold words set with a hanging indent (a tab between the word and its meaning), all manual formatting
    def build(doc):
        doc.add_paragraph("Loftkeepers", style="Title")
        doc.add_heading("The weather table", level=1)
        doc.add_paragraph("Roll one die at the start of the Flight:")
        doc.add_paragraph().add_run("Roll\tWeather\tEffect").bold = True
        for text in ("1-2\tGale\tno pigeon may fly today", "3-5\tDrizzle\tno change",
                     "6\tTailwind\teach pigeon moves one extra village"):
            doc.add_paragraph(text)
        doc.add_heading("Words used in these rules", level=1)
        for word, meaning in (("Loft", "where pigeons wait."), ("Caught", "a pigeon taken by the hawk.")):
            para = doc.add_paragraph()
            para.add_run(word).bold = True
            para.add_run("\t" + meaning)

    source = tmp_path / "loft.docx"
    source.write_bytes(_docx(build))
    state = import_rulebook(source, tmp_path / "out", game_id="loft").state
    table = state.tables[0]
    assert table["dice"] == "1d6" and [row["roll"] for row in table["rows"]] == ["1-2", "3-5", 6]
    assert table["rows"][0]["result"] == "Gale; no pigeon may fly today"
    assert [(t["term"], t["short"]) for t in state.terms] == [("Loft", "Where pigeons wait."),
                                                              ("Caught", "A pigeon taken by the hawk.")]


def test_a_grid_of_cards_side_by_side_is_read_a_card_at_a_time():
    chars = line("Each round has two phases.", 50, 730)
    chars += line("1 Dawn", 54, 700, bold=True) + line("2 Dusk", 254, 700, bold=True)
    for k, (left, right) in enumerate([("Every boat sails one", "Each crew counts its"),
                                       ("space and the tide", "nets and scores one"),
                                       ("turns. Boats in port", "point a fish."),
                                       ("do not sail.", "")]):
        chars += line(left, 50, 680 - 14 * k, width=4) + (line(right, 250, 680 - 14 * k, width=4) if right else [])
    chars += line("Then the next round starts.", 50, 600)
    out = [t for t in layout(chars) if t]
    assert out == ["Each round has two phases.", "## 1 Dawn", "Every boat sails one", "space and the tide",
                   "turns. Boats in port", "do not sail.", "## 2 Dusk", "Each crew counts its",
                   "nets and scores one", "point a fish.", "Then the next round starts."]


def test_a_line_going_on_with_an_open_sentence_starts_no_entry():
    outline = _pdf_outline(["# THE GAME", "", "## Setting up", "",
                            "**Top tip:** for your first game leave the snag tokens in the",
                            "box – the river is wild enough already!", "", "## Words", "",
                            "Eddy – a calm space.", "Snag – a hidden token."])
    section = next(s for s in outline.sections() if s.title == "Setting up")
    assert [type(b).__name__ for b in section.blocks] == ["Paragraph"]
    words = next(s for s in outline.sections() if s.title == "Words")
    assert [len(b.items) for b in words.blocks] == [2]


def test_a_printed_pages_own_contents_list_is_dropped_and_reported():
    chars = line("Pond Frogs", 50, 760, size=20) + line("On this page", 50, 730, bold=True)
    for k, entry in enumerate(["Setting up the pond", "Playing a round", "FAQ"]):
        chars += line(entry, 50, 714 - 14 * k)
    chars += line("Setting up the pond", 50, 640, size=14) + line("Put the pond board in the middle.", 50, 620)
    chars += line("Playing a round", 50, 590, size=14) + line("Every frog jumps once.", 50, 570)
    chars += line("Frequently asked questions", 50, 540, size=14) + line("Can frogs swim? Yes.", 50, 520)
    remarks: list[Remark] = []
    lines, _ = pdf_reader.to_layout([(600, 800, chars)], remarks)
    out = [text for _, text in lines if text]
    assert out[:3] == ["# Pond Frogs", "## Setting up the pond", "Put the pond board in the middle."]
    assert any("'Setting up the pond, Playing a round, FAQ'" in r.text for r in remarks if r.kind == "contents")


def test_a_word_page_laid_out_as_one_table_is_an_outline(tmp_path):
    """Each row a section: a short bold label on the left, the section's paragraphs, lists and tables on the
    right; a real two-column table (a component list) in it stays a table."""

    def build(doc):
        page = doc.add_table(rows=0, cols=2)

        def row(label, *texts, style=None):
            cells = page.add_row().cells
            cells[0].paragraphs[0].add_run(label).bold = True
            cells[1].paragraphs[0].text = texts[0]
            for text in texts[1:]:
                cells[1].add_paragraph(text, style=style)
            return cells[1]

        title = page.add_row().cells
        title[0].merge(title[1]).paragraphs[0].add_run("ORCHARD WARDENS").bold = True
        row("How to win", "Pick the most apples by the end of the fifth season.",
            "A tie goes to the player with more baskets.")
        box = row("In the box", "The game holds these parts:")
        parts = box.add_table(rows=3, cols=2)
        for r, (name, count) in enumerate([("Tree tile", "12"), ("Basket", "20"), ("Apple token", "60")]):
            parts.cell(r, 0).text, parts.cell(r, 1).text = name, count
        row("Getting ready", "Do these steps:", "Lay the tree tiles in a ring.", "Give each player 4 baskets.",
            "Put the apple tokens in the barn.", style="List Number")
        row("A season", "Every season has three phases, played in this order: Plant, Water, Pick.",
            "The first player starts each phase.")
        row("Plant", "Place one basket under any tree tile.")
        row("Water", "Roll the weather die and apply the result below.")
        row("Pick", "Take one apple token for each of your baskets under a ripe tree.")
        weather = row("Weather die", "Roll one die:")
        dice = weather.add_table(rows=3, cols=2)
        for r, (roll, what) in enumerate([("1-2", "Frost: no tree ripens."), ("3-5", "Sun: every tree ripens."),
                                          ("6", "Storm: each player loses one basket.")]):
            dice.cell(r, 0).text, dice.cell(r, 1).text = roll, what
        weather.add_paragraph("Frost lasts one season.")
        words = row("Words", "Here are the words we use.")
        for term, meaning in [("Ripe", "a tree tile turned face up."), ("Barn", "the supply of apple tokens."),
                              ("Ring", "the circle of tree tiles.")]:
            para = words.add_paragraph()
            para.add_run(term).bold = True
            para.add_run(f" – {meaning}")

    source = tmp_path / "orchard.docx"
    source.write_bytes(_docx(build))
    result = import_rulebook(source, tmp_path / "out", game_id="orchard")
    files = data(result)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Plant", "Water", "Pick"]
    setup = [s if isinstance(s, str) else s["text"] for s in files["game"]["setup"]]
    assert "Lay the tree tiles in a ring." in setup and "Put the apple tokens in the barn." in setup
    table = files["dice"]["tables"][0]
    assert "Storm: each player loses one basket." in str(table["rows"])
    assert [t["term"] for t in files["terms"]["terms"]] == ["Ripe", "Barn", "Ring"]
    page = result.page.read_text(encoding="utf-8")
    assert "## In the box" in page and "| Tree tile | 12 |" in page.replace("  ", " ")


def test_a_two_column_glossary_table_stays_a_table(tmp_path):
    source = tmp_path / "glossary.html"
    rows = "".join(f"<tr><td><strong>{t}</strong></td><td><p>{m}</p></td></tr>" for t, m in [
        ("Ripe", "A tree tile turned face up."), ("Barn", "The supply of apple tokens."),
        ("Ring", "The circle of tree tiles."), ("Basket", "A wooden token you place under a tree.")])
    head = "<tr><td><strong>Term</strong></td><td><strong>Meaning</strong></td></tr>"
    source.write_text(f"<h1>Orchard</h1><h2>Glossary</h2><table>{head}{rows}</table>", encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="orchard")
    assert [t["term"] for t in data(result)["terms"]["terms"]] == ["Ripe", "Barn", "Ring", "Basket"]


def _callout(n: int, lines: list[str], x: float, y: float) -> list[Char]:
    # a numbered circle (its bold figure) then the callout's first words, the rest wrapping under it
    chars = line(str(n), x + 6, y, size=9, bold=True) + line(lines[0], x + 22, y, size=9)
    for k, text in enumerate(lines[1:], start=1):
        chars += line(text, x, y - 12 * k, size=9)
    return chars


def test_numbered_callouts_round_a_picture_are_read_one_callout_at_a_time_in_their_order():
    chars = line("Mill Race", 50, 760, size=24, bold=True) + line("Quick start", 50, 735, size=12)
    chars += _callout(1, ["Put the board", "in the middle."], 50, 680) + _callout(2, ["Each miller takes", "a sack and a cart."], 400, 680)
    chars += line("weir", 200, 600, size=8)  # the drawing's own label, between the callouts
    chars += _callout(3, ["Fill the pond", "with 6 cubes."], 50, 470) + _callout(4, ["Deal two orders", "to each miller."], 420, 470)
    chars += line("The board ready for two players.", 200, 400, size=8)
    chars += line("A round has three phases: Grind, Haul and Sell. The full rules follow on the next pages.", 50, 100)
    out = [t.strip() for t in layout(chars) if t]
    at = out.index("1. Put the board")
    assert out[at:at + 8] == ["1. Put the board", "in the middle.", "2. Each miller takes", "a sack and a cart.",
                              "3. Fill the pond", "with 6 cubes.", "4. Deal two orders", "to each miller."]
    assert out.index("weir") > at + 7  # the label and the caption follow, nothing lost


def test_a_definition_list_in_two_staggered_columns_of_a_one_column_page_is_read_column_by_column():
    chars = line("Running prose of the page goes right across the page above the glossary here.", 50, 760)
    chars += line("Words", 50, 740, size=14, bold=True)
    for x, top, entries in ((50, 715, (("Weir", "A low wall across the river."), ("Sluice", "A gate that lets water by."))),
                            (310, 722, (("Leat", "The channel to the wheel."), ("Race", "The water under the wheel.")))):
        y = top
        for name, meaning in entries:
            chars += line(name, x, y, size=9.5, bold=True) + line(meaning, x + 12, y - 14)
            y -= 34
    chars += line("Questions", 50, 600, size=14, bold=True)
    chars += line("Can two carts share a road? No, one cart a road at any time, and the first there keeps it.", 50, 580)
    out = [t.strip() for t in layout(chars) if t]
    at = out.index("# Words")
    assert out[at + 1:at + 9] == ["Weir", ": A low wall across the river.", "Sluice", ": A gate that lets water by.",
                                  "Leat", ": The channel to the wheel.", "Race", ": The water under the wheel."]


def test_running_heads_of_left_and_right_pages_are_both_dropped():
    pages = []
    for n, head in enumerate(("SALTINGS FERRY", "RULES OF PLAY", "SALTINGS FERRY"), start=1):
        chars = line(head, 150, 780, size=9)
        for k in range(6):
            chars += line(f"Page {n} line {k}: the ferry crosses when the tide allows it.", 50, 700 - 14 * k)
        pages.append(chars + line(str(n), 295, 20, size=9))
    out = [t for t in layout(*pages) if t]
    assert not any("RULES OF PLAY" in t or "SALTINGS FERRY" in t for t in out)
    assert sum("the ferry crosses" in t for t in out) == 18


def test_a_sentence_going_on_over_the_page_stays_one_paragraph():
    first = line("Definitions", 50, 740, size=14, bold=True)
    first += line("Load. Five flour counters hauled together. Only whole loads may be", 50, 700)
    second = line("sold. A load is never split.", 50, 740)
    second += line("Toll. Money paid for each load passing a lock.", 50, 726)
    out = layout(first, second)
    at = out.index("Load. Five flour counters hauled together. Only whole loads may be")
    assert out[at + 1] == "sold. A load is never split."


def test_a_tri_fold_leaflets_three_panels_are_read_one_after_another():
    chars: list[Char] = []
    panels = (("HOW TO WIN", "The first boat to reach the harbour wins the race"),
              ("SETTING OUT", "Each player puts a boat on the slipway and takes coins"))
    for k, (title, text) in enumerate(panels):  # frames placed on the panels, their lines level across the page
        x = 30 + k * 280
        chars += line(title, x, 540, size=14, bold=True)
        for n in range(8):
            chars += line(f"{text} {n}.", x, 515 - 14 * n, width=4.2)
    for n, text in enumerate(("POND", "RACE", "for 2–4", "sailors", "[ boat ]", "ages 6+")):  # the cover panel
        chars += line(text, 640, 540 - 28 * n, size=12 if n > 1 else 24)
    out = [t.strip() for t in layout(chars, width=842, height=595) if t.strip()]
    assert [t for t in out if t.startswith("#")][:2] == ["## HOW TO WIN", "## SETTING OUT"]
    assert out.index("## SETTING OUT") > out.index("The first boat to reach the harbour wins the race 7.")
    at = out.index("## SETTING OUT")
    assert out[at + 1:at + 9] == [f"Each player puts a boat on the slipway and takes coins {n}." for n in range(8)]


def _disc(n: int, x: float, y: float, size: float = 8.5) -> tuple[list[Char], tuple]:
    # a number printed in a drawn circle: the figure, and the circle's box round it
    return line(str(n), x + 3, y, size=size, bold=True), (x, y - 3, x + 13, y + 10)


def test_numbers_in_drawn_discs_are_list_markers_and_lead_step_headings():
    chars = line("Pond Hop", 50, 760, size=20, bold=True) + line("Setting up", 50, 730, size=14, bold=True)
    boxes = []
    for n, step in enumerate(["Put the lily pads in a ring.", "Each frog starts on its own pad."], start=1):
        figure, box = _disc(n, 50, 710 - 20 * n)
        chars += figure + line(step, 75, 710 - 20 * n, size=10)  # the text well apart from its disc
        boxes.append(box)
    chars += line("Playing a round", 50, 620, size=14, bold=True)
    chars += line("Each round has two steps, in order:", 50, 600)
    for n, (name, text) in enumerate([("Leap", "Every frog hops one pad."), ("Croak", "The loudest frog scores.")],
                                     start=1):
        figure, box = _disc(n, 50, 585 - 30 * n)
        chars += figure + line(name, 66, 585 - 30 * n, size=8.5, bold=True)  # set smaller than the text
        chars += line(text, 50, 573 - 30 * n)
        boxes.append(box)
    chars += line("A card's cost sits in a circle in its corner: the cards are on the last page.", 50, 400)
    lines, _ = pdf_reader.to_layout([(600, 800, chars, boxes)], [])
    out = [text.strip() for _, text in lines if text.strip()]
    assert "1. Put the lily pads in a ring." in out and "2. Each frog starts on its own pad." in out
    assert "### 1. Leap" in out and "### 2. Croak" in out
    # a single number in a circle (no count 1, 2 …) is left as it stands
    figure, box = _disc(3, 50, 500)
    lines, _ = pdf_reader.to_layout([(600, 800, line("Intro text of the page here.", 50, 700) + figure
                                      + line("Lone step", 75, 500), [box])], [])
    assert "3 Lone step" in [" ".join(text.split()) for _, text in lines]


def test_two_tables_a_lead_in_apart_each_find_their_own_columns():
    chars = line("Weather", 50, 760, size=14, bold=True)
    chars += line("The weather die has six faces, rolled at dawn by the first player:", 50, 740)
    y = 722
    # the faces' names run past where the market table's results start, its results past the faces' results
    for name, effect in [("Face", "Result"), ("Low water", "Every boat sails one more space."), ("Fog", "No boat may sail."),
                         ("Spring tide", "Each boat bails out one cube."), ("Squall", "Boats at sea lose a sail.")]:
        chars += line(name, 52, y, size=9, bold=name == "Face") + line(effect, 130, y, size=9, bold=name == "Face")
        y -= 14
    chars += line("When a boat reaches the harbour, roll an ordinary die for the fish market:", 50, y - 4)
    y -= 20
    for roll, effect in [("d6", "Market"), ("1", "Prices fall by one coin."), ("2-4", "Prices hold."),
                         ("5-6", "Prices rise by one coin.")]:
        chars += line(roll, 52, y, size=9, bold=roll == "d6") + line(effect, 80, y, size=9, bold=roll == "d6")
        y -= 14
    out = [text.strip() for text in layout(chars) if text.strip()]
    assert "| Fog | No boat may sail. |" in out and "| 2-4 | Prices hold. |" in out


def test_a_sheet_of_framed_cards_is_read_card_by_card():
    chars = line("Spell cards, to cut out along the frames", 40, 760, size=12, bold=True)
    boxes = []
    # a card: its type, its name, a picture's placeholder, an ability wrapping onto a short second line
    cards = [("Ember", ["Burn: every foe in", "loses one."]), ("Frost", ["Chill: a foe skips", "a move."]),
             ("Gale", ["Push: move a foe", "two back."]), ("Mend", ["Heal: a friend in", "gains one."])]
    for k, (name, text) in enumerate(cards):
        x, top = 40 + 190 * (k % 2), 720 - 220 * (k // 2)
        boxes.append((x, top - 200, x + 170, top + 10))  # the card's frame
        chars += line("SPELL", x + 10, top - 2, size=8) + line(name, x + 10, top - 14, size=10, bold=True)
        chars += line("picture", x + 60, top - 26, size=8)
        for n, words in enumerate(text):
            chars += line(words, x + 10, top - 40 - 12 * n, size=9, width=4.5)
    lines, _ = pdf_reader.to_layout([(600, 800, chars, boxes)], [])
    out = [" ".join(text.split()) for _, text in lines if text.strip()]
    at = out.index("Burn: every foe in")
    assert out[at + 1] == "loses one."  # not 'Chill: a foe skips' beside it
    assert out.index("Chill: a foe skips") == out.index("a move.") - 1


def test_numbered_lines_next_to_each_other_are_rules_not_a_running_head():
    # a running head stands once a page, with a page's text between; lines in a row that differ by a number
    # are a rule's ('Round 1: 2 workers', …), and one repeated across pages is still furniture
    rounds = [Paragraph(f"Round {n}: {n + 1} workers", n) for n in range(1, 5)]
    paged = [b for n in range(1, 4) for b in (Paragraph(f"Moth Lamps rules {n}", 10 * n),
                                               Paragraph("A rule of the page.", 10 * n + 1),
                                               Paragraph("The next rule of it.", 10 * n + 2))]
    remarks: list[Remark] = []
    kept = drop_running_lines(rounds + paged, remarks)
    assert [b.text for b in kept][:4] == [b.text for b in rounds]
    assert not any("Moth Lamps" in b.text for b in kept) and len(remarks) == 3
    # a page of one picture's caption between two footers: the others are still a page apart
    paged = [b for n in range(1, 6) for b in (Paragraph(f"Moth Lamps rules {n}", 10 * n),
                                               *([Paragraph("A full-page picture of the board.", 10 * n + 1)]
                                                 if n == 3 else [Paragraph("A rule of the page.", 10 * n + 1),
                                                                 Paragraph("The next rule of it.", 10 * n + 2)]))]
    kept = drop_running_lines(paged, [])
    assert not any("Moth Lamps" in b.text for b in kept)
