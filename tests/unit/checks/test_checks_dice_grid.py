"""Two-dimensional dice tables in dice.yaml: the checker's located errors (a grid row of the wrong width, a
code the legend lacks, a total or a column no rule covers, an unreadable heading) and a clean table."""

from __future__ import annotations

from gamekit import assert_at, check, codes, only, where

LEGEND = """\
    legends:
      - id: crt
        codes:
          - {code: AE, meaning: Attacker eliminated.}
          - {code: AR, meaning: Attacker retreats.}
          - {code: DR, meaning: Defender retreats.}
          - {code: DE, meaning: Defender eliminated.}
    """


def dice(columns: str = "[1-2, 1-1, 2-1, 3-1]", beyond: str = "beyond: clamp", rolls_beyond: str = "rolls_beyond: clamp",
         rows: str | None = None, extra: str = "") -> str:
    rows = rows or """\
          - {roll: 1-2, cells: [AR, AR, DR, DR]}
          - {roll: 3-4, cells: [AE, AR, AR, DR]}
          - {roll: 5-6, cells: [AE, AE, AR, DE]}"""
    return f"""\
tables:
  - id: combat
    title: Combat
    dice: 1d6
    legend: crt
    columns:
      ratio: {{over: {{label: attack, range: [1, 20]}}, under: {{label: defence, range: [1, 20]}}}}
      values: {columns}
      {beyond}
    modifiers:
      - {{id: forest, label: in a forest, value: 1}}
    shifts:
      - {{id: storm, label: in a storm, value: -1}}
    {rolls_beyond}
{extra}    grid:
{rows}
"""


def test_a_clean_grid(game):
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice()})
    assert check(folder).problems == []


def test_a_grid_row_with_the_wrong_number_of_cells_is_located_at_the_row(game):
    rows = """\
          - {roll: 1-2, cells: [AR, AR, DR, DR]}
          - {roll: 3-4, cells: [AE, AR, DR]}
          - {roll: 5-6, cells: [AE, AE, AR, DE]}"""
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(rows=rows)})
    problem = only(check(folder).problems, "grid-cells")
    assert "grid row 2 (roll 3-4) has 3 cell(s) but the table has 4 columns" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "[AE, AR, DR]")[0])
    assert "one cell per column" in problem.hint


def test_a_code_the_legend_does_not_declare_is_located_at_the_cell(game):
    rows = """\
          - {roll: 1-2, cells: [AR, AR, DR, DR]}
          - {roll: 3-4, cells: [AE, AR, AR, DX]}
          - {roll: 5-6, cells: [AE, AE, AR, DE]}"""
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(rows=rows)})
    problem = only(check(folder).problems, "legend-undefined-code")
    assert "grid row 2 (roll 3-4), column 3-1, shows 'DX'" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "DX"))
    assert "did you mean" in problem.hint


def test_a_stated_result_past_an_edge_must_be_a_legend_code(game):
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(beyond="beyond: {low: AE, high: DX}")})
    problem = only(check(folder).problems, "legend-undefined-code")
    assert "'beyond: high' shows 'DX'" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "DX")[0])


def test_a_total_past_the_rows_without_a_rule_is_a_gap(game):
    # The forest's +1 makes a 6 into 7, which no row covers, and the table states nothing past the rows.
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(rolls_beyond="")})
    problem = only(check(folder).problems, "grid-gap")
    assert "no grid row covers a total of 7 (the rows cover 1 to 6; e.g. rolled 6 with in a forest (+1))" \
        in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "roll: 5-6")[0])  # the row to widen
    assert "rolls_beyond" in problem.hint


def test_a_hole_between_rows_is_a_gap_even_with_a_rule_past_the_rows(game):
    rows = """\
          - {roll: 1-2, cells: [AR, AR, DR, DR]}
          - {roll: 4, cells: [AE, AR, AR, DR]}
          - {roll: 5-6, cells: [AE, AE, AR, DE]}"""
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(rows=rows)})
    problem = only(check(folder).problems, "grid-gap")
    assert "a total of 3" in problem.message


def test_overlapping_rows(game):
    rows = """\
          - {roll: 1-3, cells: [AR, AR, DR, DR]}
          - {roll: 3-4, cells: [AE, AR, AR, DR]}
          - {roll: 5-6, cells: [AE, AE, AR, DE]}"""
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(rows=rows)})
    problem = only(check(folder).problems, "grid-overlap")
    assert "grid rows 1 ('1-3') and 2 ('3-4') both cover 3" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "roll: 3-4")[0])


def test_a_ratio_past_the_columns_without_a_rule_is_reported(game):
    # 20 against 1 is 20-1, far right of 3-1; 1 against 20 is 1-20, left of 1-2 (and the storm shifts left).
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(beyond="")})
    found = [p for p in check(folder).problems if p.code == "grid-beyond"]
    assert len(found) == 2, [p.format() for p in found]
    assert "1 against 20" in found[0].message and "left of the first column" in found[0].message
    assert "20 against 1" in found[1].message and "right of the last column" in found[1].message
    assert_at(found[0], folder / "dice.yaml", where(folder, "dice.yaml", "ratio:")[0])
    assert "beyond: clamp" in found[0].hint


def test_a_shift_past_the_edge_of_a_picked_column_needs_a_rule(game):
    text = dice(beyond="").replace(
        "ratio: {over: {label: attack, range: [1, 20]}, under: {label: defence, range: [1, 20]}}", "pick: true")
    folder = game({"tables.yaml": LEGEND, "dice.yaml": text})
    problem = only(check(folder).problems, "grid-beyond")
    assert "the first column with in a storm (-1) lands left of the first column" in problem.message


def test_an_unreadable_heading_is_refused_where_it_is_written(game):
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(columns="[1-2, 1-1, 2-1, three]")})
    problem = check(folder).problems[0]
    assert "column 4: 'three' is not a ratio" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "values:")[0])


def test_headings_out_of_order_are_refused(game):
    folder = game({"tables.yaml": LEGEND, "dice.yaml": dice(columns="[1-1, 1-2, 2-1, 3-1]")})
    assert "column 2: '1-2' must be higher odds than '1-1'" in check(folder).problems[0].message


def test_a_dangling_legend(game):
    folder = game({"tables.yaml": LEGEND.replace("id: crt", "id: results"), "dice.yaml": dice()})
    problem = only(check(folder).problems, "dangling-legend")
    assert "dice table 'combat' refers to unknown legend 'crt'" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "legend: crt")[0])


def test_grid_keys_without_columns(game):
    text = dice().replace("    columns:\n      ratio", "    colums:\n      ratio")
    folder = game({"tables.yaml": LEGEND, "dice.yaml": text})
    assert "colums" in check(folder).problems[0].message
    text = "\n".join(line for line in dice().splitlines()
                     if not line.startswith(("    columns:", "      ratio", "      values", "      beyond")))
    folder = game({"tables.yaml": LEGEND, "dice.yaml": text + "\n"})
    assert any("add 'columns'" in p.message for p in check(folder).problems), codes(check(folder).problems)
