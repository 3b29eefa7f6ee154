"""HTML as pages are written by hand: list items led by a heading, and table cells whose end tags are left out."""

from __future__ import annotations

import textwrap

import yaml

from rulecraft.cli.importer import import_rulebook


def run(tmp_path, text: str):
    source = tmp_path / "book.html"
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}, result


def test_a_list_item_led_by_a_heading_is_a_phase_named_by_it(tmp_path):
    files, _ = run(tmp_path, """\
        <h1>Drill Game</h1>
        <h2>Turn Order</h2>
        <ol>
          <li><h3>Muster Phase</h3><p>Gather your troops at the gate.</p></li>
          <li><h3>March Phase (nobody marches on turn 1 only)</h3><p>Move each troop one road.</p></li>
          <li><h3>Turn End</h3></li>
        </ol>
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Muster", "March", "Turn End"]
    assert phases[0]["rules"] == "Gather your troops at the gate."
    # the heading's closing remark is a rule of the phase, not part of its name
    assert phases[1]["rules"].startswith("Nobody marches on turn 1 only.")
    assert "Move each troop one road." in phases[1]["rules"]
    assert "rules" not in phases[2]


def test_a_list_item_led_by_a_heading_keeps_a_table_it_holds(tmp_path):
    files, result = run(tmp_path, """\
        <h1>Drill Game</h1>
        <h2>Turn Order</h2>
        <ol>
          <li><h3>Muster</h3><p>Gather your troops.</p></li>
          <li><h3>Parade</h3><table><tr><th>Troop</th><th>Step</th></tr><tr><td>Guard</td><td>Two</td></tr></table></li>
        </ol>
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "Guard" in page or "Guard" in yaml.safe_dump(files)


def test_table_cells_without_end_tags_are_cells(tmp_path):
    files, result = run(tmp_path, """\
        <h1>Skirmish</h1>
        <h2>Combat results</h2>
        <table>
          <tr><td>Die<td>1-1<td>2-1
          <tr><td>1<td>Attacker retreats<td>Defender retreats
          <tr><td>2<td>Defender retreats<td>Defender eliminated
        </table>
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "Die1-1" not in page.replace(" ", "")  # the header's three cells are not run into one
    rows = [r["result"] for t in files.get("dice", {}).get("tables", []) for r in t["rows"]]
    assert any("Defender eliminated" in r for r in rows), rows


def test_a_cell_of_a_table_inside_a_cell_closes_only_its_own_row(tmp_path):
    _, result = run(tmp_path, """\
        <h1>Skirmish</h1>
        <h2>Terrain</h2>
        <table>
          <tr><td>Woods<td><table><tr><td>Foot<td>2 MP</table><td>Blocks sight
          <tr><td>Clear<td>1 MP<td>Open
        </table>
        """)
    page = result.page.read_text(encoding="utf-8")
    for words in ("Woods", "Foot", "2 MP", "Blocks sight", "Clear", "Open"):
        assert words in page


# -- card games written up in plain Markdown: stages as sections, tables without outer pipes, terms in sentences


def run_md(tmp_path, text: str):
    source = tmp_path / "book.md"
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}, result


HAND = """\
    # Pike

    ## Preliminaries

    **Players** 3.

    **Deal** Each player gets nine cards.

    ## Auction

    Each player bids once, or passes.

    ## Discard

    The high bidder discards two cards face down.

    ## Play

    The high bidder leads the first trick.

    ## Scoring

    Each trick is worth one point.

    ## Variants

    Play to 11 points.
    """


def test_sections_between_the_preliminaries_and_the_scoring_are_the_stages_of_play(tmp_path):
    files, result = run_md(tmp_path, HAND)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Auction", "Discard", "Play", "Scoring"]
    assert phases[1]["rules"] == "The high bidder discards two cards face down."
    assert "read as the stages of play" in result.report_text  # a guess from order: the report says so


def test_no_stages_without_a_scoring_section_to_close_them(tmp_path):
    files, _ = run_md(tmp_path, HAND.replace("## Scoring", "## Tricks"))
    assert not (files.get("phases") or {}).get("phases")


def test_a_pipe_table_without_outer_pipes_is_a_table(tmp_path):
    _, result = run_md(tmp_path, """\
        # Pike

        ## Card points

        Card | Points
        ---- | ------
        King | 4
        Queen | 3

        Others score nothing.

        A title | with a pipe
        ---

        Text under it.
        """)
    page = result.page.read_text(encoding="utf-8")
    tables = yaml.safe_load((result.folder / "tables.yaml").read_text(encoding="utf-8"))["tables"]
    assert [[str(v) for v in row.values()] for row in tables[0]["rows"]] == [["King", "4"], ["Queen", "3"]]
    assert "/// table | card-points" in page and "Others score nothing." in page
    assert "## A title | with a pipe" in page  # a lone rule under one cell underlines a heading


def test_terms_named_in_quotes_or_by_their_section_are_read_from_sentences(tmp_path):
    files, _ = run_md(tmp_path, """\
        # Pike

        ## Play

        The jack and the ten are played to one trick. This is known as the "Double Pike."

        ## Marks

        Each player gains a mark when they win a hand.

        A mark is a tally drawn beside the player's score.
        """)
    terms = {t["term"]: t["short"] for t in files["terms"]["terms"]}
    assert terms["Double Pike"].startswith("The jack and the ten are played to one trick.")
    assert terms["Mark"].startswith("A mark is a tally")


def test_lettered_phases_led_inside_a_phase_text_are_its_sub_phases(tmp_path):
    files, _ = run(tmp_path, """\
        <h1>Drill Game</h1>
        <h2>Turn Order</h2>
        <ol>
          <li><h3>Muster</h3><p>Gather your troops.</p></li>
          <li><h3>Attack Phase</h3><p>A] Planning Phase: Point at a foe.
              B] Resolution Phase: Roll the die for each attack.</p></li>
          <li><h3>Rest</h3><p>A] Eat. C] Sleep Phase: close your eyes.</p></li>
        </ol>
        """)
    attack, rest = files["phases"]["phases"][1:]
    assert [(s["name"], s["rules"]) for s in attack["subphases"]] == [
        ("Planning", "Point at a foe."), ("Resolution", "Roll the die for each attack.")]
    assert "subphases" not in rest and "C] Sleep Phase" in rest["rules"]  # one lead, marks not counted on


def test_a_dice_table_with_several_result_columns_keeps_their_names(tmp_path):
    files, _ = run(tmp_path, """\
        <h1>Skirmish</h1>
        <h2>Combat results</h2>
        <table>
          <tr><td>Die<td>1-1<td>2-1 or more
          <tr><td>1<td>Attacker retreats<td>Defender retreats
          <tr><td>2<td>Defender retreats<td>Defender eliminated
        </table>
        """)
    table = files["dice"]["tables"][0]
    assert "'1-1', '2-1 or more'" in table["todo"]  # the odds are not lost when the columns are joined


def test_a_list_item_of_paragraphs_and_a_table_keeps_them_apart(tmp_path):
    # a rules site rendered by a documentation generator: loose list items, one <p> a paragraph
    files, result = run(tmp_path, """\
        <h1>Lantern Keepers</h1>
        <h2>Setting up</h2>
        <ol>
          <li><p>Shuffle the wind deck.</p><p>Leave it face down beside the board.</p></li>
          <li><p>Each keeper takes a lantern of one colour and these tokens:</p>
            <table><tr><th>Players</th><th>Oil tokens</th></tr><tr><td>2</td><td>6</td></tr><tr><td>3-4</td><td>4</td></tr></table>
          </li>
        </ol>
        """)
    setup = files["game"]["setup"]
    assert setup[0] == "Shuffle the wind deck.\n\nLeave it face down beside the board."
    assert setup[1].startswith("Each keeper takes a lantern of one colour and these tokens:")
    assert "2 6" not in setup[1]  # the table's cells are no words of the step's sentence
    page = result.page.read_text(encoding="utf-8")  # a step holds no table: the page keeps it, after the steps
    assert page.index("/// setup") < page.index("| Players | Oil tokens |\n|---|---|\n| 2 | 6 |\n| 3-4 | 4 |")
    assert "'Setting up' (line 2): text at line 6" in result.report_text


def test_a_drop_downs_close_button_is_furniture(tmp_path):
    _, result = run(tmp_path, """\
        <h1>Drill Game</h1>
        <div class="dropDown"><h4>Rules</h4><div class="close">X</div>
        <p>Move each troop one road.</p></div>
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "\nX\n" not in page and "Move each troop one road." in page
    assert "close button dropped: 'X' (line 2)" in result.report_text
