"""The "Changed in" fold at a rule: rule text as it read, a short value as before → after, the chances a
dice table's change moved, and, in a table row, the fold inside the cell given (no block in a <tr>)."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace as NS

from rulecraft.diff.history import GameHistory, Tagged
from rulecraft.diff.result import ADDED, CHANGED, REMOVED, Change, Detail, GameDiff, Odds, Word
from rulecraft.render.base import Element, sub
from rulecraft.render.change_marks import CHANGED_ATTR, change_marks


def ctx(*changes: Change):
    history = GameHistory([Tagged("0.1", "v0.1", "a"), Tagged("0.2", "v0.2", "b")],
                          {"0.2": GameDiff("demo", "Demo", changes=list(changes))}, {"0.2": "0.1"})
    return NS(history=history)


def fold_lines(box: Element) -> list[str]:
    fold = box.find(".//details")
    return ["".join(p.itertext()) for p in fold.iter("p")]


def test_short_values_read_before_and_after_and_rule_text_as_it_was():
    change = Change("dice", "retire", "Dice table", CHANGED, [
        Detail(("row 3", "roll"), before="5+", after="4+"),
        Detail(("row 3", "result"), before="Retire", after="Retire now",
               words=[Word("=", "Retire"), Word("+", " now")]),
        Detail(("row 4",), REMOVED, before="6: Die"),
        Detail(("row 5",), ADDED, after="6: Live"),
        Detail(("odds",), note="with no modifier", odds=[Odds("4+ (was 5+): Retire", Fraction(1, 3), Fraction(1, 2)),
                                                         Odds("6: Live", None, Fraction(1, 6))])])
    box = Element("div")
    meta = sub(box, "p")
    change_marks(meta, box, ctx(change), "dice", "retire", None)
    assert box.get(CHANGED_ATTR) == "0.2"
    assert [b.text for b in meta] == ["Changed in 0.2"]
    assert list(box)[1].tag == "details"  # right after the badges' block
    assert fold_lines(box) == [
        "Row 3 › roll: 5+ → 4+",
        "Row 3 › result: Retire",
        "Row 4 (removed): 6: Die",
        "Chance, with no modifier: 4+ (was 5+): Retire: 1/3 (33.3%) → 1/2 (50%)",
        "Chance, with no modifier: 6: Live: — → 1/6 (16.7%)"]


def test_in_a_table_row_the_fold_goes_in_the_cell():
    change = Change("const", "actions", "Constant", CHANGED, [Detail(("value",), before=1, after=2)])
    tr = Element("tr")
    cell = sub(tr, "td")
    sub(cell, "span", "2")
    change_marks(cell, tr, ctx(change), "const", "actions", None, folds=cell)
    assert tr.get(CHANGED_ATTR) == "0.2" and [el.tag for el in tr] == ["td"]
    assert [el.tag for el in cell] == ["span", "span", "details"]
    assert fold_lines(cell) == ["Value: 1 → 2"]


def test_an_added_item_is_new_and_has_no_fold():
    change = Change("item", "hut", "Catalog item", ADDED, [Detail(("cost", "wood"), ADDED, after=2)])
    box = Element("div")
    marks = sub(box, "p")
    change_marks(marks, box, ctx(change), "item", "hut", None)
    assert [b.text for b in marks] == ["New in 0.2"] and box.find(".//details") is None
    other = Element("div")
    change_marks(sub(other, "p"), other, ctx(change), "item", "farm", None)
    assert other.get(CHANGED_ATTR) is None  # only the item the diff names
