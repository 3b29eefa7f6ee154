"""`rulecraft import` reads tables whole: a combat results table (a roll against odds ratios or differences) as
a two-dimensional dice table, other charts as reference tables (tables.yaml), the key next to either as its
legend; never a key as a die's faces, cards or glossary terms. What it cannot read for sure stays a table on
the prose page with a located question. Every import here is checked with no errors."""

from __future__ import annotations

import re
import textwrap

import losskit
import pytest
import yaml
from gamekit import REPO

from rulecraft.cli.importer import _read_source, import_rulebook

BOOKS = REPO / "tests" / "unit" / "cli" / "rulebooks"


def data(result) -> dict[str, dict]:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}


def imported(tmp_path, text: str, name: str = "book.md"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / name
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="game")
    assert result.check.errors == [], [p.format() for p in result.check.errors]
    return result, data(result)


def source_cells(path) -> list[str]:
    """Every cell of every table the reader found in the book."""
    from rulecraft.cli.importer.outline import Table

    outline = _read_source(path.read_bytes(), path, "auto")
    return [cell for section in outline.sections() for block in section.blocks if isinstance(block, Table)
            for row in block.rows for cell in row]


def assert_nothing_lost(path, result) -> None:
    """Every cell of the book's tables, and every sentence (losskit), reaches the data or the page."""
    words = losskit.output_words(result.folder, result.page.parent)
    out = " ".join(words)
    for cell in source_cells(path):
        assert " ".join(losskit.words(cell)) in out, f"cell '{cell}' is lost"
    assert losskit.lost(losskit.outline_texts(_read_source(path.read_bytes(), path, "auto")), words) == []
    if path.suffix == ".md":
        assert losskit.lost(losskit.raw_texts(path.read_text(encoding="utf-8")), words) == []


def test_a_hex_wargame_in_markdown_its_crt_terrain_chart_and_keys(tmp_path):
    path = BOOKS / "greywater-crossing.md"
    result = import_rulebook(path, tmp_path, game_id="greywater")
    assert result.check.errors == [], [p.format() for p in result.check.errors]
    files = data(result)
    crt = {t["id"]: t for t in files["dice"]["tables"]}["combat-results-table"]
    assert crt["dice"] == "1d6" and "rows" not in crt
    assert crt["columns"]["ratio"]["rounding"] == "defender", "'round in favour of the defender' is read"
    assert crt["columns"]["values"] == ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1"]
    assert crt["columns"]["beyond"] == "clamp", "'odds of more than 9-1 are resolved on the 9-1 column'"
    assert [g["roll"] for g in crt["grid"]] == [1, 2, 3, 4, 5, 6]
    assert crt["grid"][2]["cells"] == ["AE", "AR", "EX", "DR", "DR", "DR", "DE", "DE", "DE", "DE"]
    assert "calculator" in crt["todo"] and "beyond" not in crt["todo"], "the strengths are not in the book"
    legends = {legend["id"]: legend for legend in files["tables"]["legends"]}
    key = legends[crt["legend"]]
    assert [c["code"] for c in key["codes"]] == ["AE", "AR", "EX", "DR", "DE"]
    assert key["codes"][2]["meaning"] == "Exchange: the defender is eliminated and the attacker loses as many " \
                                         "strength points."
    assert "cards" not in files, "the key's '**AE** (Attacker Eliminated): ...' entries are no deck of cards"
    terrain = files["tables"]["tables"][0]
    assert [c["title"] for c in terrain["columns"]] == ["Terrain", "Movement cost", "Combat", "Notes"]
    assert [r["terrain"] for r in terrain["rows"]] == ["Clear", "Forest", "Town", "Marsh", "River"]
    assert terrain["rows"][2] == {"terrain": "Town", "movement-cost": 1, "combat": "L2 / NR",
                                  "notes": "Units in a town are always in supply."}
    combat = next(c for c in terrain["columns"] if c["id"] == "combat")
    assert [c["code"] for c in legends[combat["legend"]]["codes"]] == ["L1", "L2", "NR", "DD", "P"]
    terms = [t["term"] for t in files["terms"]["terms"]]
    assert terms == ["Phasing player", "Disrupted", "Zone of control"], "no term from a table row or a key"
    page = result.page.read_text(encoding="utf-8")
    assert "/// dice | combat-results-table" in page and "/// table | terrain" in page
    assert "| 1-2 |" not in page and "AE** (Attacker" not in page, "the tables and keys are data, not copies"
    assert_nothing_lost(path, result)


def test_a_hex_wargame_in_html_differences_a_schedule_and_a_ragged_chart(tmp_path):
    path = BOOKS / "saltfen-guns.html"
    result = import_rulebook(path, tmp_path, game_id="saltfen")
    assert result.check.errors == [], [p.format() for p in result.check.errors]
    files = data(result)
    fire = files["dice"]["tables"][0]
    assert fire["dice"] == "2d6" and fire["columns"]["values"] == ["-2-", -1, 0, "+1", "+2", "3+"]
    assert "difference" in fire["columns"] and fire["columns"]["beyond"] == "clamp"
    assert [g["roll"] for g in fire["grid"]] == ["2-4", "5-7", "8-9", "10-11", 12]
    assert fire["grid"][4]["cells"] == ["S", "K1", "K1", "K2", "K2", "K2"]
    assert "beyond" not in fire["todo"], "'-2 or less' and '+3 or more' say what lies past the edges"
    legend = files["tables"]["legends"][0]
    assert fire["legend"] == legend["id"] and [c["code"] for c in legend["codes"]] == ["NE", "S", "K1", "K2"]
    assert "dice" not in files["dice"], "the key 'NE – No effect on the target.' ... is no die's faces"
    schedule = files["tables"]["tables"][0]
    assert schedule["title"] == "Reinforcements" and [c["id"] for c in schedule["columns"]] == \
        ["turn", "crown-batteries", "fen-batteries"]
    assert schedule["rows"][1] == {"turn": 4, "crown-batteries": "One siege gun", "fen-batteries": "Two field guns"}
    assert len(files["tables"]["tables"]) == 1, "the weather chart's ragged row makes it uncertain"
    page = result.page.read_text(encoding="utf-8")
    assert "| Fog rolls in over the marsh and stays until the end of the turn. |" in page
    assert re.search(r"- \[ \] tables: The table 'Weather' has rows of different lengths .*\(line 63\)",
                     result.report_text)
    assert_nothing_lost(path, result)


CRT = """\
    # Ridge Fight

    ## Combat

    Roll one die and find the odds column.

    | Die | 1-1 | 2-1 | 3-1 |
    |---|---|---|---|
    | 1-2 | DR | DE | DE |
    | 3-4 | AR | DR | DE |
    | 5-6 | AE | AR | DR |

    """


def test_a_key_written_as_a_sentence_becomes_the_legend(tmp_path):
    _, files = imported(tmp_path, CRT + "Key: AE = attacker eliminated; AR = attacker retreats; DR = defender "
                        "retreats; DE = defender eliminated.\n")
    crt = files["dice"]["tables"][0]
    legend = files["tables"]["legends"][0]
    assert crt["legend"] == legend["id"] and legend["title"] == "Key"
    assert legend["codes"][1] == {"code": "AR", "meaning": "attacker retreats"}
    assert [g["roll"] for g in crt["grid"]] == ["1-2", "3-4", "5-6"]
    assert "first or last column" in crt["todo"] and "rounded" in crt["todo"], "nothing said: a todo, no guess"


def test_a_key_table_after_the_crt_is_its_legend_never_a_die(tmp_path):
    _, files = imported(tmp_path, CRT + textwrap.dedent("""\
        | Symbol | Meaning |
        |---|---|
        | AE | Attacker eliminated |
        | AR | Attacker retreats |
        | DR | Defender retreats |
        | DE | Defender eliminated |
        """))
    assert "dice" not in files["dice"], "a key of symbols is no custom die"
    assert files["dice"]["tables"][0]["legend"] == files["tables"]["legends"][0]["id"]


def test_a_code_the_key_leaves_out_is_a_todo_not_a_broken_link(tmp_path):
    result, files = imported(tmp_path, CRT + "Key: AE = attacker eliminated; AR = attacker retreats; DR = "
                             "defender retreats.\n")
    crt = files["dice"]["tables"][0]
    assert "legend" not in crt and "DE" in crt["todo"]
    assert [c["code"] for c in files["tables"]["legends"][0]["codes"]] == ["AE", "AR", "DR"]
    assert "which the key next to it does not declare" in result.report_text


def test_rolls_along_the_top_and_odds_down_the_side(tmp_path):
    _, files = imported(tmp_path, """\
        # Ridge Fight

        ## Combat

        Roll one die.

        | Odds | 1 | 2 | 3 | 4 | 5 | 6 |
        |---|---|---|---|---|---|---|
        | 1-2 | AE | AE | AR | AR | DR | DR |
        | 1-1 | AE | AR | AR | DR | DR | DE |
        | 2-1 | AR | AR | DR | DR | DE | DE |
        """)
    crt = files["dice"]["tables"][0]
    assert crt["columns"]["values"] == ["1-2", "1-1", "2-1"]
    assert crt["grid"][0] == {"roll": 1, "cells": ["AE", "AE", "AR"]}
    assert crt["grid"][5] == {"roll": 6, "cells": ["DR", "DE", "DE"]}


def test_a_ragged_crt_stays_a_table_and_is_never_run_together(tmp_path):
    result, files = imported(tmp_path, """\
        # Ridge Fight

        ## Combat

        Roll one die.

        | Die | 1-1 | 2-1 | 3-1 |
        |---|---|---|---|
        | 1-2 | DR | DE |
        | 3-4 | AR | DR | DE |
        | 5-6 | AE | AR | DR |
        """)
    assert "dice" not in files, "no one-column table of 'DR; DE' strings"
    page = result.page.read_text(encoding="utf-8")
    assert "| Die | 1-1 | 2-1 | 3-1 |" in page and "| 3-4 | AR | DR | DE |" in page
    assert re.search(r"tables: The table 'Combat' reads as a two-dimensional dice table .* different numbers of "
                     r"cells .*\(line 7\)", result.report_text)


def test_the_first_column_naming_each_row_once_is_the_key_else_the_chart_stays_a_table(tmp_path):
    _, files = imported(tmp_path / "a", """\
        # Ridge Fight

        ## Supply

        | Side | Depot | Range |
        |---|---|---|
        | North | Town | 4 |
        | North | Bridge | 4 |
        """)
    assert "dice" not in files, "a 'Side' column is no die's sides"
    table = files["tables"]["tables"][0]
    assert table["key"] == "depot" and table["rows"][1] == {"side": "North", "depot": "Bridge", "range": 4}
    result, files = imported(tmp_path / "b", """\
        # Ridge Fight

        ## Supply

        | Side | Depot | Range |
        |---|---|---|
        | North | Town | 4 |
        | South | Town | 4 |
        | North | Ford | 2 |
        """)
    assert "tables" not in files and "dice" not in files
    assert "| North | Ford | 2 |" in result.page.read_text(encoding="utf-8")
    assert "no column naming each row once" in result.report_text and "(line 5)" in result.report_text


def test_result_codes_away_from_their_table_are_no_deck_of_cards(tmp_path):
    _, files = imported(tmp_path, """\
        # Ridge Fight

        ## Combat results explained

        - **AE** (Attacker Eliminated): every attacking unit is removed.
        - **DR** (Defender Retreats): the defending unit retreats two hexes.
        - **EX** (Exchange): both sides lose a step.
        """)
    assert "cards" not in files


def test_a_spacer_row_in_an_html_crt_is_no_crash(tmp_path):
    """An empty <tr> between rows (a spacer) is read as a row with no cells: the grid is read without it."""
    _, files = imported(tmp_path, """\
        <h1>Ridge Fight</h1>
        <h2>Combat</h2>
        <p>Roll one die and find the odds column.</p>
        <table>
        <tr><th>Die</th><th>1-1</th><th>2-1</th><th>3-1</th></tr>
        <tr><td>1-2</td><td>DR</td><td>DE</td><td>DE</td></tr>
        <tr></tr>
        <tr><td>3-4</td><td>AR</td><td>DR</td><td>DE</td></tr>
        <tr><td>5-6</td><td>AE</td><td>AR</td><td>DR</td></tr>
        </table>
        """, name="book.html")
    crt = files["dice"]["tables"][0]
    assert [g["roll"] for g in crt["grid"]] == ["1-2", "3-4", "5-6"]
    assert crt["grid"][1]["cells"] == ["AR", "DR", "DE"]


def test_a_heading_that_counts_the_players_keeps_its_number(tmp_path):
    # a card game's three-player variant: '3 Players' is no section 3 (while '4.1 Players' is section 4.1)
    _, files = imported(tmp_path, """\
        # Skat Night

        ## Variations

        ### 3 Players

        | Contract | Exchange | Score |
        |---|---|---|
        | Solo | 3 | 10 |
        | Beggar | 0 | 70 |

        ### 4.1 Players

        | Contract | Exchange | Score |
        |---|---|---|
        | Solo | 2 | 20 |
        | Beggar | 0 | 80 |
        """)
    assert [t["title"] for t in files["tables"]["tables"]] == ["3 Players", "Players"]


def test_an_html_tables_caption_names_it(tmp_path):
    # the caption was dropped with nothing said: the table took the section's name ('Lookout' for the sea die)
    _, files = imported(tmp_path, """\
        <h1>Signal Station</h1>
        <h2>Lookout</h2>
        <p>Roll the sea die at dawn.</p>
        <table><caption><b>Table 3.</b> Sea die</caption>
        <tr><th>Roll</th><th>Sea</th></tr><tr><td>1-2</td><td>Calm</td></tr><tr><td>3-4</td><td>Swell</td></tr>
        <tr><td>5-6</td><td>Storm</td></tr></table>
        """, name="book.html")
    assert [t["title"] for t in files["dice"]["tables"]] == ["Table 3. Sea die"]


def test_a_cell_down_two_rows_stands_in_each_and_the_cells_beside_it_keep_their_columns(tmp_path):
    # pandoc keeps a cell that spans rows in its first row only: the row under it started a column short, so a
    # terrain's costs stood under the wrong headers
    chart = """\
        <h1>Marsh Patrol</h1>
        <h2>Terrain</h2>
        <p>Moving into a hex costs movement points by terrain and by the unit's kind.</p>
        <table>
        <tr><th rowspan="2">Terrain</th><th colspan="2">Cost</th><th rowspan="2">Effect</th></tr>
        <tr><th>Foot</th><th>Horse</th></tr>
        <tr><td>Forest</td><td>2</td><td>3</td><td rowspan="2">Cover</td></tr>
        <tr><td>Copse</td><td>2</td><td>2</td></tr>
        <tr><td>Marsh</td><td>3</td><td>All</td><td>No cover</td></tr>
        </table>
        """
    result, files = imported(tmp_path / "a", chart, name="book.html")
    table = files["tables"]["tables"][0]
    # the header row over 'Foot' and 'Horse' groups them: it names them, and stands as no line of its own
    assert [c["title"] for c in table["columns"]] == ["Terrain", "Cost – Foot", "Cost – Horse", "Effect"]
    assert table["rows"] == [
        {"terrain": "Forest", "cost-foot": 2, "cost-horse": 3, "effect": "Cover"},
        {"terrain": "Copse", "cost-foot": 2, "cost-horse": 2, "effect": "Cover"},
        {"terrain": "Marsh", "cost-foot": 3, "cost-horse": "All", "effect": "No cover"}]
    assert "Terrain Cost" not in result.page.read_text(encoding="utf-8")
    # 'Forest' down two rows (a cost for each season) names no row once, nor does a column of costs or effects
    # after the costs: the chart stays a table of the prose, asked
    seasons = chart.replace("<td>Copse</td>", "").replace("<td>Forest</td>", '<td rowspan="2">Forest</td>')
    result, files = imported(tmp_path / "b", seasons, name="book.html")
    assert "tables" not in files
    assert "| Forest | 2 | 2 | Cover |" in result.page.read_text(encoding="utf-8")
    assert "The table 'Terrain' has no column naming each row once" in result.report_text


GRID_SPAN = """\
    Marsh Patrol
    ============

    +---------+------+-----------------+
    | Terrain | Cost | Effect          |
    +=========+======+=================+
    | Forest  | 2    | Cover           |
    |         +------+-----------------+
    |         | 3    | Cover in winter |
    +---------+------+-----------------+
    | Marsh   | 3    | No cover        |
    +---------+------+-----------------+
    """

WIKI_SPAN = """\
    == Terrain ==
    {| class="wikitable"
    ! Terrain !! Cost !! Effect
    |-
    | rowspan="2" | Forest || 2 || Cover
    |-
    | 3 || Cover in winter
    |-
    | Marsh || 3 || No cover
    |}
    """


@pytest.mark.parametrize("name, text", [("book.rst", GRID_SPAN), ("book.wiki", WIKI_SPAN)])
def test_a_grid_or_wiki_tables_cell_down_two_rows_stands_in_each(tmp_path, name, text):
    from rulecraft.cli.importer.outline import Table

    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    outline = _read_source(path.read_bytes(), path, "auto")
    tables = [b for s in outline.root.walk() for b in s.blocks if isinstance(b, Table)]
    assert tables[0].rows == [["Terrain", "Cost", "Effect"], ["Forest", "2", "Cover"],
                              ["Forest", "3", "Cover in winter"], ["Marsh", "3", "No cover"]]


def test_a_row_header_down_the_table_is_no_header_row_and_a_short_row_keeps_the_cell_from_above():
    from rulecraft.cli.importer import read_outline
    from rulecraft.cli.importer.outline import Paragraph, Table

    # 'Costs' down the first column heads the rows beside it, not four header rows (three were made titles)
    outline = read_outline('<h1>G</h1><table><tr><th rowspan="4">Costs</th><th>Wood</th><th>1</th></tr>\n'
                           '<tr><th>Stone</th><td>2</td></tr><tr><th>Gold</th><td>3</td></tr>'
                           '<tr><th>Ore</th><td>4</td></tr></table>', "book.html")
    blocks = [b for s in outline.root.walk() for b in s.blocks]
    assert not any(isinstance(b, Paragraph) for b in blocks)
    assert [r[-2:] for r in blocks[0].rows] == [["Wood", "1"], ["Stone", "2"], ["Gold", "3"], ["Ore", "4"]]
    # a row short of cells under a cell down two rows at its right: that cell still stands in its own column
    outline = read_outline('<h1>G</h1><table><tr><th>Roll</th><th>Foot</th><th>Horse</th></tr>\n'
                           '<tr><td>1</td><td>Halt</td><td rowspan="2">Rout</td></tr><tr><td>2</td></tr>\n'
                           '<tr><td>3</td><td>Hold</td><td>Hold</td></tr></table>', "book.html")
    table = next(b for s in outline.root.walk() for b in s.blocks if isinstance(b, Table))
    assert table.rows == [["Roll", "Foot", "Horse"], ["1", "Halt", "Rout"], ["2", "", "Rout"], ["3", "Hold", "Hold"]]


def test_a_cell_down_rowspan_zero_stands_in_every_row_below():
    from rulecraft.cli.importer import read_outline
    from rulecraft.cli.importer.outline import Table

    outline = read_outline('<h1>G</h1><table><tr><th>Roll</th><th>Result</th><th>Note</th></tr>\n'
                           '<tr><td>1</td><td>Miss</td><td rowspan="0">Reroll once</td></tr>'
                           '<tr><td>2</td><td>Hit</td></tr><tr><td>3</td><td>Kill</td></tr></table>', "book.html")
    table = next(b for s in outline.root.walk() for b in s.blocks if isinstance(b, Table))
    assert [r[2] for r in table.rows[1:]] == ["Reroll once"] * 3
