"""tables.yaml: reference tables and legends — the checker's located errors, the rendered table and its
legend, {table:id} links and the /// table block."""

from __future__ import annotations

from gamekit import assert_at, check, only, where
from mdkit import render

TABLES = """\
    legends:
      - id: crt
        title: Results
        codes:
          - {code: AE, meaning: Attacker eliminated.}
          - {code: DR, meaning: Defender retreats one hex.}
          - {code: "D#", meaning: "Defender loses # steps."}
    tables:
      - id: terrain
        title: Terrain effects
        text: Costs and effects of each hex.
        columns:
          - {id: terrain, title: Terrain}
          - {id: move, title: Movement cost, required: true}
          - {id: result, title: Worst result, legend: crt}
          - {id: notes, title: Notes, sheet: false}
        rows:
          - {terrain: Clear, move: 1, result: AE}
          - {terrain: Forest, move: 2, result: "DR / D2", notes: "A {term:widget} may hide here."}
          - {terrain: Lake, move: 3.5, result: "—"}
    """

PHASES = """\
    phases:
      - id: trade
        name: Trade
        rules: Each player may trade one Widget; hexes cost what the {table:terrain} chart says.
    """


def test_a_clean_table_its_page_and_its_links(game):
    folder = game({"tables.yaml": TABLES, "phases.yaml": PHASES})
    assert check(folder).problems == []
    page = render(folder.parent, "/// reference-tables\n///\n\nSee {table:terrain|the chart}.\n", game="demo",
                  page="demo/tables.md")[0]
    box = page.find(id="table-terrain")
    assert box.select_one("h2").get_text(strip=True) == "Terrain effects"
    assert [th.get_text() for th in box.select("thead th")] == ["Terrain", "Movement cost", "Worst result", "Notes"]
    rows = [[c.get_text(" ", strip=True) for c in tr.find_all(["th", "td"])] for tr in box.select("tbody tr")]
    assert rows == [["Clear", "1", "AE", "—"], ["Forest", "2", "DR / D2", "A Widget may hide here."],
                    ["Lake", "3.5", "—", "—"]]
    assert [td["data-label"] for td in box.select("tbody tr")[0].find_all(["th", "td"])] == \
        ["Terrain", "Movement cost", "Worst result", "Notes"]
    codes = box.select("a.rc-code")
    assert [(a.get_text(), a["title"], a["href"]) for a in codes] == [
        ("AE", "Attacker eliminated.", "#legend-crt-ae"), ("DR", "Defender retreats one hex.", "#legend-crt-dr"),
        ("D2", "Defender loses 2 steps.", "#legend-crt-dn")]
    assert page.find(id="legend-crt-dn").get_text() == "Dn"  # the legend under the table, where links land
    assert box.select_one(".rc-legend dd").get_text() == "Attacker eliminated."
    assert "rc-ref-table--wide" in box["class"]
    link = page.select("p a.rc-table-ref")[-1]
    assert link.get_text() == "the chart" and link["href"] == "#table-terrain"


def test_a_table_block_in_prose_links_its_codes_to_the_tables_page(game):
    folder = game({"tables.yaml": TABLES})
    page = render(folder.parent, "/// table | terrain\n///\n", game="demo", page="demo/rules.md")[0]
    assert page.select_one(".rc-ref-title strong").get_text() == "Terrain effects"
    assert page.select_one("a.rc-code")["href"] == "tables.md#legend-crt-ae"
    assert not page.select("[id^=legend-]")  # anchors live on the tables page only: ids stay unique


def test_a_cell_code_the_legend_does_not_declare(game):
    folder = game({"tables.yaml": TABLES.replace('"DR / D2"', '"DR / EX"')})
    problem = only(check(folder).problems, "legend-undefined-code")
    assert "row 2 of table 'terrain' shows 'EX' in column 'result', which legend 'crt' does not declare" \
        in problem.message
    assert "codes: AE, DR, D#" in problem.hint
    assert_at(problem, folder / "tables.yaml", *where(folder, "tables.yaml", "EX"))


def test_a_number_code_takes_digits_only(game):
    folder = game({"tables.yaml": TABLES.replace('"DR / D2"', '"DR / Dx"')})
    assert "'Dx'" in only(check(folder).problems, "legend-undefined-code").message


def test_unknown_column_duplicate_row_and_empty_required_cell(game):
    broken = (TABLES.replace("{terrain: Clear, move: 1, result: AE}", "{terrain: Clear, mvoe: 1, result: AE}")
              .replace("{terrain: Lake,", "{terrain: Forest,"))
    folder = game({"tables.yaml": broken})
    problems = check(folder).problems
    unknown = only(problems, "table-unknown-column")
    assert "row 1 of table 'terrain' gives 'mvoe'" in unknown.message and unknown.hint == "did you mean 'move'?"
    assert_at(unknown, folder / "tables.yaml", *where(folder, "tables.yaml", "mvoe"))
    empty = only(problems, "table-empty-cell")
    assert empty.message == "row 1 of table 'terrain' gives no 'Movement cost'"
    assert_at(empty, folder / "tables.yaml", *where(folder, "tables.yaml", "{terrain: Clear"))
    twice = only(problems, "table-duplicate-row")
    assert "two rows named 'Forest' (rows 2 and 3)" in twice.message
    assert_at(twice, folder / "tables.yaml", *where(folder, "tables.yaml", "Forest", nth=1))


def test_a_row_without_a_name_a_bad_key_and_a_doubled_column(game):
    folder = game({"tables.yaml": TABLES.replace("{terrain: Lake, move: 3.5", "{move: 3.5")})
    assert only(check(folder).problems, "table-empty-cell").message == "row 3 of table 'terrain' names no row"
    folder = game({"tables.yaml": TABLES.replace("        columns:\n", "        key: terain\n        columns:\n")})
    problem = only(check(folder).problems, "table-unknown-column")
    assert "names key 'terain'" in problem.message and problem.hint == "did you mean 'terrain'?"
    folder = game({"tables.yaml": TABLES.replace("{id: notes, title: Notes", "{id: move, title: Notes")})
    assert only(check(folder).problems, "table-duplicate-column").message == \
        "table 'terrain' has two columns 'move'"


def test_dangling_legend_and_table_references(game):
    folder = game({"tables.yaml": TABLES.replace("legend: crt", "legend: crtt"),
                   "phases.yaml": PHASES.replace("{table:terrain}", "{table:terain}")})
    problems = check(folder).problems
    legend = only(problems, "dangling-legend")
    assert "refers to unknown legend 'crtt'" in legend.message and legend.hint == "did you mean 'crt'?"
    assert_at(legend, folder / "tables.yaml", *where(folder, "tables.yaml", "crtt"))
    table = only(problems, "dangling-table")
    assert "unknown reference table 'terain'" in table.message
    assert_at(table, folder / "phases.yaml", *where(folder, "phases.yaml", "{table:terain}"))
    assert not [p for p in problems if p.code == "legend-undefined-code"]  # one error for the missing legend


def test_a_code_declared_twice_and_a_code_no_cell_can_show(game):
    folder = game({"tables.yaml": TABLES.replace("{code: DR, meaning: Defender retreats one hex.}",
                                                 "{code: AE, meaning: Defender retreats one hex.}")})
    problem = only(check(folder).problems, "legend-duplicate-code")
    assert problem.message == "legend 'crt' declares code 'AE' twice"
    assert_at(problem, folder / "tables.yaml", *where(folder, "tables.yaml", "AE", nth=1))
    folder = game({"tables.yaml": TABLES.replace("{code: AE,", "{code: 'A E',")})
    problem = only(check(folder).problems, "schema-string-pattern-mismatch")
    assert "is not a code a cell can show" in problem.message and "like AE or D#" in problem.hint


def test_references_inside_cells_are_checked(game):
    folder = game({"tables.yaml": TABLES.replace("{term:widget}", "{term:widgit}")})
    problem = only(check(folder).problems, "dangling-term")
    assert_at(problem, folder / "tables.yaml", *where(folder, "tables.yaml", "{term:widgit}"))


SECTION_GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    sections:
      - id: moving
        title: Moving
        text: Each hex costs what its terrain says.
        steps: [Pay the cost from your movement.]
        tables: [terrain]
    """


def test_a_section_shows_the_tables_its_rules_read_under_its_steps(game):
    folder = game({"tables.yaml": TABLES, "game.yaml": SECTION_GAME, "phases.yaml": PHASES})
    assert check(folder).problems == []
    page = render(folder.parent, "/// overview\n///\n", game="demo", page="demo/index.md")[0]
    heading = page.find(id="moving")
    box = page.find(id="table-terrain")
    assert box is not None and box.select_one(".rc-ref-title strong").get_text() == "Terrain effects"
    # under the section's steps, before whatever follows the section
    order = [e for e in page.find_all(True) if e is heading or e is box or "Pay the cost" in (e.string or "")]
    assert order[0] is heading and order[-1] is box
    assert [tr.find("th").get_text(strip=True) for tr in box.select("tbody tr")] == ["Clear", "Forest", "Lake"]


def test_a_section_naming_a_table_that_does_not_exist(game):
    folder = game({"tables.yaml": TABLES, "game.yaml": SECTION_GAME.replace("[terrain]", "[terain]"),
                   "phases.yaml": PHASES})
    problem = only(check(folder).problems, "dangling-table")
    assert "section 'moving' (tables) refers to unknown reference table 'terain'" in problem.message
    assert problem.hint == "did you mean 'terrain'?"
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "terain"))
