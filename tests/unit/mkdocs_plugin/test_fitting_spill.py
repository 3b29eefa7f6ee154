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


def test_what_a_box_clips_is_not_measured_past_it():
    """A fixed-layout grid's cells clip their codes (the sheet's combat results table): nothing prints over
    the next column, so nothing spills."""
    cells = "".join(f"<td style='overflow: hidden'>DEFENDER-ELIMINATED-{n}</td>" for n in range(10))
    grid = f"<table style='table-layout: fixed; width: 100%'><tr>{cells}</tr></table>"
    assert spill(laid_out(grid))[0] <= 1.0


def test_a_boxed_flag_that_will_not_wrap_spills_with_its_border():
    flag = ("<p>Engineers <em style='white-space: nowrap; border: 1px solid; padding: 0 .3em'>only when the round"
            " is three or more, unless the bridge was blown</em></p>")
    assert spill(laid_out(flag))[0] > 50
