"""`rulecraft import` reads the column shifts and die-roll modifiers stated near a combat results table into
the two-dimensional table's `shifts` and `modifiers` (cli/importer/grid_mods.py); what it cannot read for sure
(no direction, a count the rules do not bound, two amounts in one sentence) is a located question, never a
guess; a shift keyed by another table's code, or stated for a table read with its columns joined, is a todo."""

from __future__ import annotations

import textwrap

import pytest
import yaml
from gamekit import REPO

from rulecraft.cli.importer import grid_mods, import_rulebook

BOOKS = REPO / "tests" / "unit" / "cli" / "rulebooks"
HELDOUT = REPO / "benchmarks" / "heldout_rulebooks"

CRT = """\
# Marsh Ford

## 1.0 Sequence of Play

1. **Movement Phase.** Move your units.
2. **Combat Phase.** Attack enemy units next to yours.

## 4.0 Combat

Total the attacking strength and divide it by the defender's to find the odds; round in favour of the
defender. The attacker rolls one die. Odds of more than 4-1 are resolved on the 4-1 column, odds of less
than 1-2 on the 1-2 column.

### 4.1 Combat Results Table

| Die | 1-2 | 1-1 | 2-1 | 3-1 | 4-1 |
|-----|-----|-----|-----|-----|-----|
| 1 | AR | DR | DR | DE | DE |
| 2 | AR | AR | DR | DR | DE |
| 3 | AE | AR | EX | DR | DR |
| 4 | AE | AR | AR | EX | DR |
| 5 | AE | AE | AR | AR | EX |
| 6 | AE | AE | AE | AR | AR |

**Key.** AE = attacker eliminated; AR = attacker retreats; EX = exchange; DR = defender retreats; DE = defender
eliminated.

### 4.2 Combat modifiers

- Defender in woods: shift one column left.
- Any attack that includes artillery receives 1 favorable column shift.
- +1 to the die roll if the defender is disrupted.
- Shift one column right per attacking leader.
"""


def _import(tmp_path, text: str):
    source = tmp_path / "book.md"
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="game")
    assert result.check.errors == [] and result.check.warnings == [], [p.format() for p in result.check.problems]
    tables = yaml.safe_load((result.folder / "dice.yaml").read_text(encoding="utf-8"))["tables"]
    return result, {t["id"]: t for t in tables}


@pytest.mark.parametrize("sentence, kind, value, label", [
    ("Defender in woods: shift one column left.", "shift", -1, "if defender in woods"),
    ("If the defender is in a town, shift the odds two columns to the left.", "shift", -2,
     "if the defender is in a town"),
    ("Any attack against a clear hex that includes artillery receives 2 favorable column shifts.", "shift", 2,
     "for any attack against a clear hex that includes artillery"),
    ("An attack across a river suffers a one column shift in the defender's favour.", "shift", -1,
     "for an attack across a river"),
    ("+1 to the die roll if the attacker is rested.", "modifier", 1, "if the attacker is rested"),
    ("Subtract one from the die roll when attacking at night.", "modifier", -1, "when attacking at night"),
    ("Elite units: −1 DRM.", "modifier", -1, "if elite units"),
])
def test_a_stated_shift_or_modifier_is_read_with_its_amount_direction_and_label(sentence, kind, value, label):
    found, unread = grid_mods.read([(sentence, 7)])
    assert unread == []
    assert [(f.kind, f.value, f.label, f.line) for f in found] == [(kind, value, label, 7)]


@pytest.mark.parametrize("sentence", [
    "Shift one column right per attacking leader.",  # a count the rules do not bound
    "Attacks out of a fog bank are subject to a column shift.",  # no amount, no direction
    "A two column shift applies across a bridge.",  # no direction
    "Defender in woods: shift one column left; in a town, shift two columns left.",  # two amounts
])
def test_what_cannot_be_read_for_sure_is_unread_never_guessed(sentence):
    found, unread = grid_mods.read([(sentence, 3)])
    assert found == [] and unread == [(sentence, 3)]


def test_sentences_with_no_shift_or_modifier_are_left_alone():
    found, unread = grid_mods.read([("Odds of more than 9-1 are resolved on the 9-1 column.", 1),
                                    ("Cavalry halves its strength when attacking into marsh.", 2),
                                    ("Roll one die and add 1 for each forest hex.", 3)])
    assert found == [] and unread == []


def test_the_shifts_and_modifiers_near_a_crt_become_the_tables_own(tmp_path):
    result, tables = _import(tmp_path, CRT)
    crt = tables["combat-results-table"]
    assert crt["shifts"] == [{"id": "defender-woods", "label": "if defender in woods", "value": -1},
                             {"id": "attack-includes-artillery", "label": "for any attack that includes artillery",
                              "value": 1}]
    assert crt["modifiers"] == [{"id": "defender-disrupted", "label": "if the defender is disrupted", "value": 1}]
    assert crt["rolls_beyond"] == "clamp"  # the checker proves every modified roll has a row: assumed, and said
    todo = crt["todo"]
    assert "read from the rules at lines 30, 31, 32" in todo and "check 'rolls_beyond'" in todo
    assert "'favourable' shift (line 31) is read as in the attacker's favour" in todo
    assert "'Shift one column right per attacking leader.' (line 33)" in todo
    asked = result.report_text
    assert "Shift one column right per attacking leader." in asked and "(line 33)" in asked
    page = result.page.read_text(encoding="utf-8")
    assert "Defender in woods: shift one column left." in page  # copied, not moved: the prose keeps its rules


def test_a_crt_with_nothing_stated_near_it_has_no_shifts(tmp_path):
    _, tables = _import(tmp_path, CRT.split("### 4.2")[0])
    crt = tables["combat-results-table"]
    assert "shifts" not in crt and "modifiers" not in crt and "rolls_beyond" not in crt


def test_a_shift_coded_in_a_terrain_chart_is_a_todo_naming_its_rows(tmp_path):
    result = import_rulebook(BOOKS / "greywater-crossing.md", tmp_path, game_id="greywater")
    assert result.check.errors == []
    tables = yaml.safe_load((result.folder / "tables.yaml").read_text(encoding="utf-8"))["tables"]
    terrain = next(t for t in tables if t["title"] == "Terrain")
    assert "The codes 'L1' (Forest), 'L2' (Town) of legend" in terrain["todo"]
    assert "'Combat Results Table'" in terrain["todo"]
    crt = yaml.safe_load((result.folder / "dice.yaml").read_text(encoding="utf-8"))["tables"][0]
    assert "shifts" not in crt  # whose hex makes the shift is the rules' to say: not tied to the grid here


def test_odds_the_calculator_cannot_work_out_are_picked_and_keep_their_shifts(tmp_path):
    """Gross Jagersdorf's CRT: a bare <table> whose first row is 'Die' then odds such as '1-4 1-3' (two odds in
    one column) and '1.5-1' (a fraction): a 'pick' grid, every heading as printed, the three combined-arms
    shifts listed after it read into its shifts."""
    result = import_rulebook(HELDOUT / "gross-jagersdorf.html", tmp_path, game_id="gj")
    assert result.check.errors == []
    crt = yaml.safe_load((result.folder / "dice.yaml").read_text(encoding="utf-8"))["tables"][0]
    assert crt["columns"]["pick"] == {"label": "Odds"} and "rows" not in crt
    assert crt["columns"]["values"] == ["1-4 1-3", "1-2", "1-1", "1.5-1", "2-1", "3-1", "4-1", "5-1", "6-1 or more"]
    assert [row["cells"][-1] for row in crt["grid"]] == ["D-R", "D-R", "D-E", "D-E", "D-E", "D-E"]
    assert [(s["value"], s["label"][:30]) for s in crt["shifts"]] == [
        (1, "for any attack starting at 1-1"), (2, "for any attack against a clear"),
        (1, "for any attack against a non c")]
    assert "'pick'" in crt["todo"] and "lines 290, 293, 296" in crt["todo"] and "check 'beyond'" in crt["todo"]


def test_shifts_for_a_table_read_with_joined_columns_are_a_todo_naming_their_lines(tmp_path):
    """A chart of results by columns that are no odds stays a one-dimensional table with its rows joined: a shift
    stated beside it has no column to move, so the todo names the line."""
    result, tables = _import(tmp_path, """\
        # Hill Fight

        ## Combat

        Roll one die on the fight table. Defender on a hill: shift one column left.

        | Die | Infantry | Cavalry | Guns |
        |-----|----------|---------|------|
        | 1-2 | DR | DR | AR |
        | 3-4 | EX | DR | DR |
        | 5-6 | DE | EX | DE |
        """)
    table = next(iter(tables.values()))
    assert "grid" not in table and "the rules at line 5 state column shifts for these columns" in table["todo"]
