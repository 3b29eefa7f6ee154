"""``fitting.spill`` on pages WeasyPrint really lays out: how far a table or a word reaches past the sheet
column it starts in (the body's multi-column layout), on any page."""

from __future__ import annotations

from weasyprint import HTML

from rulecraft.mkdocs_plugin.fitting import spill

STYLE = ("<style>@page { size: letter; margin: 10mm; } body { margin: 0; font: 10pt sans-serif; }"
         ".rc-sheet-body { columns: 3; column-gap: 12px; } td { white-space: nowrap; padding: 0; }</style>")


def laid_out(body: str):
    return HTML(string=f"{STYLE}<div class='rc-sheet-body'>{body}</div>").render()


def test_a_table_wider_than_its_column_spills_by_its_excess():
    wide = "<table><tr>" + "".join(f"<td>Column{n}</td>" for n in range(12)) + "</tr></table>"
    past, width = spill(laid_out(wide + "<p>After.</p>"))
    assert past > 100
    assert 200 < width < 240  # a third of 196 mm less two gaps


def test_text_that_wraps_inside_its_columns_does_not_spill():
    text = "".join(f"<p>Rule {n}: the attacker rolls a die and adds the strength of each unit.</p>"
                   for n in range(200))
    rendered = laid_out(text)
    assert len(rendered.pages) > 1  # every page is looked at
    assert spill(rendered)[0] <= 1.0


def test_a_word_that_cannot_break_spills_from_a_later_column_and_page():
    text = "".join(f"<p>Rule {n} is ordinary.</p>" for n in range(300))
    rendered = laid_out(text + "<p style='white-space: nowrap'>" + "unbreakable " * 12 + "</p>")
    assert len(rendered.pages) > 1
    assert spill(rendered)[0] > 100


def test_a_page_without_the_sheet_body_has_no_columns_to_spill_from():
    assert spill(HTML(string=f"{STYLE}<p>No sheet here.</p>").render()) == (0.0, 0.0)
