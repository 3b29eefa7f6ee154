"""The sheet's stylesheets, parsed once per process (mkdocs_plugin/sheet_layout.py): the same PDF as with the
document's own links, a stylesheet parsed again whenever its bytes change (whatever its timestamp), a missing
one left out as WeasyPrint leaves it out, and only the newest few kept."""

from __future__ import annotations

import os

from rulecraft.mkdocs_plugin import sheet_layout
from rulecraft.mkdocs_plugin.fitting import measure
from rulecraft.mkdocs_plugin.pdf import sheet_document

LINES = "".join(f"<p>Line {i} of the sheet, long enough to wrap once or twice in a column.</p>" for i in range(40))


def site(tmp_path, line_height: str = "1.2"):
    (tmp_path / "assets").mkdir(parents=True, exist_ok=True)
    (tmp_path / "assets" / "sheet.css").write_text(f"p {{ line-height: {line_height}; margin: 0; }}\n",
                                                   encoding="utf-8")
    page = tmp_path / "game" / "cheatsheet" / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    return page


def document(css: list[str]) -> str:
    return sheet_document(LINES, css, "Sheet", "letter")


def with_links(page, site_dir, doc):
    """The layout WeasyPrint makes of the document as it is (links and style read by WeasyPrint itself)."""
    from weasyprint import HTML

    return HTML(string=doc, base_url=str(page), url_fetcher=sheet_layout.site_only_fetcher(site_dir)).render()


def test_the_same_pdf_as_from_the_documents_own_links(tmp_path):
    page = site(tmp_path)
    doc = document(["../../assets/sheet.css"])
    render = sheet_layout.renderer(page, tmp_path)
    assert render(doc).write_pdf() == with_links(page, tmp_path, doc).write_pdf()


def test_a_stylesheet_rewritten_in_the_same_second_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setattr(sheet_layout, "_STYLESHEETS", sheet_layout._Stylesheets())
    page = site(tmp_path, "1.2")
    css = tmp_path / "assets" / "sheet.css"
    stamp = css.stat().st_mtime_ns
    render = sheet_layout.renderer(page, tmp_path)
    doc = document(["../../assets/sheet.css"])
    before = measure(render(doc))
    site(tmp_path, "1.9")  # the same size, and the same timestamp below
    os.utime(css, ns=(stamp, stamp))
    after = measure(render(doc))
    assert after[1] > before[1] * 1.3  # taller lines: the new rule was read


def test_a_missing_stylesheet_is_left_out_not_fatal(tmp_path):
    page = site(tmp_path)
    doc = document(["../../assets/gone.css", "../../assets/sheet.css"])
    render = sheet_layout.renderer(page, tmp_path)
    assert render(doc).write_pdf() == with_links(page, tmp_path, doc).write_pdf()


def test_a_stylesheet_outside_the_site_is_refused(tmp_path):
    outside = tmp_path / "outside.css"
    outside.write_text("p { line-height: 9; }", encoding="utf-8")
    site_dir = tmp_path / "site"
    page = site(site_dir)
    render = sheet_layout.renderer(page, site_dir)
    plain = measure(render(document(["../../assets/sheet.css"])))
    assert measure(render(document(["../../assets/sheet.css", "../../../outside.css"]))) == plain


def test_only_the_newest_parses_are_kept(tmp_path, monkeypatch):
    kept = sheet_layout._Stylesheets()
    monkeypatch.setattr(sheet_layout, "_STYLESHEETS", kept)
    for copy in range(sheet_layout._Stylesheets.KEEP + 3):  # served rebuilds: a fresh copy of the site each
        site_dir = tmp_path / f"copy-{copy}"
        page = site(site_dir)
        sheet_layout.renderer(page, site_dir)(document(["../../assets/sheet.css"]))
    assert len(kept.parsed) == sheet_layout._Stylesheets.KEEP
    assert any(key[1].endswith(f"copy-{copy}/assets/sheet.css") for key in kept.parsed if key[0] == "url")
