"""The word diff, and the odds of roll forms other than rows (a target number), before and after."""

from __future__ import annotations

from fractions import Fraction

from diffkit import write_files

from rulecraft.diff import diff_versions
from rulecraft.diff.result import Word
from rulecraft.diff.words import trimmed, word_diff

GAME = {"game.yaml": "id: demo\ntitle: Demo\nsummary: A game.\n"}
TARGET = """\
tables:
  - id: climb
    title: Climbing
    dice: 2d6
    modifiers:
      - {{id: rope, label: with a rope, value: {rope}}}
    target:
      against: {{label: the cliff, range: [7, 7]}}
"""


def test_a_word_diff_keeps_spacing_and_punctuation_apart():
    assert word_diff("Pay 2 gold, then draw.", "Pay 3 gold; then draw.") == [
        Word("=", "Pay "), Word("-", "2"), Word("+", "3"), Word("=", " gold"), Word("-", ","), Word("+", ";"),
        Word("=", " then draw.")]


def test_long_kept_stretches_are_cut_around_the_change():
    before = " ".join(f"w{i}" for i in range(40)) + " end"
    after = " ".join(f"w{i}" for i in range(40)) + " finish"
    runs = trimmed(word_diff(before, after), context=3)
    assert runs[0] == Word("=", "… w37 w38 w39 ")
    assert [r.op for r in runs] == ["=", "-", "+"]
    middle = trimmed([Word("-", "a"), Word("=", " ".join("xyz" * 1 + str(i) for i in range(20))), Word("+", "b")],
                     context=2)
    assert middle[1].text.startswith("xyz0 xyz1") and " … " in middle[1].text and middle[1].text.endswith("xyz19")


def test_a_target_tables_modifier_change_gives_its_odds_before_and_after(tmp_path):
    write_files(tmp_path / "old" / "demo", {**GAME, "dice.yaml": TARGET.format(rope=1)})
    write_files(tmp_path / "new" / "demo", {**GAME, "dice.yaml": TARGET.format(rope=2)})
    change = diff_versions(str(tmp_path / "old"), str(tmp_path / "new")).games[0].changes[0]
    assert [(d.where, d.before, d.after) for d in change.details if not d.odds] == [("modifier `rope` › value", 1, 2)]
    (with_rope,) = [d for d in change.details if d.odds]
    assert with_rope.note == "with the modifier “with a rope” (+2)"
    # 2d6 + 1 >= 7: 26/36; 2d6 + 2 >= 7: 30/36
    assert [(o.label, o.before, o.after) for o in with_rope.odds] == [
        ("target 7: success", Fraction(13, 18), Fraction(5, 6))]


ROWS = """\
tables:
  - id: retire
    title: Retirement
    dice: 1d6
    modifiers:
      - {{id: tired, label: per fatigue cube, value: 1, count: [0, 3]}}
    rows:
      - {{roll: 1-{stay}, result: Nothing}}
      - {{roll: {go}+, result: Retire}}
"""


def test_an_unchanged_modifier_read_from_another_folder_is_not_reported(tmp_path):
    write_files(tmp_path / "old" / "demo", {**GAME, "dice.yaml": ROWS.format(stay=4, go=5)})
    write_files(tmp_path / "new" / "demo", {**GAME, "dice.yaml": ROWS.format(stay=3, go=4)})
    change = diff_versions(str(tmp_path / "old"), str(tmp_path / "new")).games[0].changes[0]
    assert [d.note for d in change.details if d.odds] == ["with no modifier"]
    assert [o.label for o in change.details[-1].odds] == ["1-3 (was 1-4): Nothing", "4+ (was 5+): Retire"]


VARIANTS = """\
id: demo
title: Demo
summary: A game.
variants:
  - {{id: dragons, name: Dragons}}
  - {{id: sieges, name: Sieges}}
  - {{id: solo, name: Solo}}
combinations:
  - {{variants: [{first}, sieges], summary: {summary}}}
"""


def test_a_combination_without_an_id_is_matched_by_its_variants(tmp_path):
    write_files(tmp_path / "old" / "demo", {"game.yaml": VARIANTS.format(first="dragons", summary="Big.")})
    write_files(tmp_path / "new" / "demo", {"game.yaml": VARIANTS.format(first="dragons", summary="Bigger.")})
    changes = diff_versions(str(tmp_path / "old"), str(tmp_path / "new")).games[0].changes
    assert [(c.kind, c.id, c.action) for c in changes] == [("combination", "dragons-and-sieges", "changed")]
    write_files(tmp_path / "new" / "demo", {"game.yaml": VARIANTS.format(first="solo", summary="Big.")})
    changes = diff_versions(str(tmp_path / "old"), str(tmp_path / "new")).games[0].changes
    assert sorted((c.id, c.action) for c in changes) == [("dragons-and-sieges", "removed"), ("solo-and-sieges", "added")]
