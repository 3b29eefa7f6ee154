"""snapshot: the skirmish fixture's targets, charts and natural results come back as they were stored, and
the records read the same odds as the models (a build from the snapshot shows the same page)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulecraft import snapshot
from rulecraft.dice.odds import table_shape
from rulecraft.dice.target_odds import earlier_shape, row_chances, rows_of
from rulecraft.loader import load_rulebook

SKIRMISH = Path(__file__).resolve().parents[2] / "data" / "textforms" / "skirmish"


def test_charts_and_roll_under_tests_round_trip(tmp_path):
    shutil.copytree(SKIRMISH, tmp_path / "rules_data" / "skirmish")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    tables = {t.id: t for t in book.games["skirmish"].tables}
    copies = {t.id: t for t in again.games["skirmish"].tables}
    for table_id in ("initiative-test", "leadership-test", "to-hit", "to-wound", "dodge"):
        table, copy = tables[table_id], copies[table_id]
        assert copy == table and type(copy).__name__ == "DiceTable"
        assert [r.test for r in rows_of(copy)] == [r.test for r in rows_of(table)]
        earlier = earlier_shape(copy, copies, {})
        assert row_chances(copy, table_shape(copy), 0, earlier) == row_chances(table, table_shape(table), 0,
                                                                                 earlier_shape(table, tables, {}))
    assert copies["initiative-test"].target.natural == {6: "fail", 1: "success"}
    assert copies["dodge"].target.from_roll == "to-hit" and copies["to-wound"].chart.axis_range == (-9, 9)
