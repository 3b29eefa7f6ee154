"""checks.dice_coverage: every reachable roll hits exactly one row; custom dice agree with tables."""

from __future__ import annotations

import re

from gamekit import assert_at, check, error_codes, only, where, with_code

from rulecraft.dice.odds import numeric_coverage
from rulecraft.loader import load_game

RETIREMENT = """\
    tables:
      - id: retirement
        title: Retirement
        dice: 1d6
        when: End of each turn, for every executive with a Widget.
        modifiers:
          - id: chairman
            label: Chairman
            value: 1
            count: [0, 1]
          - id: fatigue
            label: per fatigue cube
            value: 1
            count: [0, 3]
        rows:
          - roll: 1-2
            result: Stays.
          - roll: 3-4
            result: Tired.
          - roll: 5-6
            result: Retires.
    """


def table(rows: list[str], dice: str = "2d6", modifiers: list[str] = ()) -> dict[str, str]:
    """dice.yaml with one table 't'; rows and modifiers are flow mappings, one per line."""
    lines = ["tables:", "  - id: t", "    title: T", f"    dice: {dice}", "    when: Whenever a Widget is lost."]
    if modifiers:
        lines.append("    modifiers:")
        lines += [f"      - {m}" for m in modifiers]
    lines.append("    rows:")
    lines += [f"      - {r}" for r in rows]
    return {"dice.yaml": "\n".join(lines) + "\n"}


def test_john_company_retirement_gap(game):
    folder = game({"dice.yaml": RETIREMENT})
    problem = only(check(folder).problems, "dice-gap")
    assert problem.is_error
    assert "table 'retirement': no row covers totals 7–10" in problem.message
    assert "reachable: 1–10 with its modifiers" in problem.message
    assert "e.g. rolled 6 with Chairman (+1)" in problem.message
    assert "'5+'" in problem.hint
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "- roll: 1-2"))


def test_retirement_fixed_with_an_open_row(game):
    folder = game({"dice.yaml": RETIREMENT.replace("roll: 5-6", "roll: 5+")})
    assert error_codes(check(folder)) == []


def test_well_covered_tables_are_clean(game):
    folder = game({"dice.yaml": """\
        tables:
          - id: two
            title: Two dice
            dice: 2d6
            when: When a Widget breaks.
            rows:
              - {roll: 2-, result: a}
              - {roll: 3-6, result: b}
              - {roll: 7, result: c}
              - {roll: "8 to 11", result: d}
              - {roll: ">= 12", result: e}
          - id: bonus
            title: One die plus one
            dice: 1d6+1
            rows:
              - {roll: 2-4, result: a}
              - {roll: 5-7, result: b}
          - id: sixty-six
            title: d66
            dice: d66
            rows:
              - {roll: 11-36, result: a}
              - {roll: 41-66, result: b}
        """})
    result = check(folder)
    assert result.problems == [], "\n".join(p.format() for p in result.problems)


def test_dice_overlap(game):
    folder = game(table(['{roll: 2, result: a}', '{roll: 3-4, result: b}', '{roll: 4+, result: c}']))
    problem = only(check(folder).problems, "dice-overlap")
    assert "table 't': rows 2 ('3-4') and 3 ('4+') both cover 4" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "4+"))


def test_dice_overlap_of_a_range(game):
    folder = game(table(['{roll: 2-8, result: a}', '{roll: 6-12, result: b}']))
    problem = only(check(folder).problems, "dice-overlap")
    assert "both cover 6–8" in problem.message


def test_dice_unreachable(game):
    folder = game(table(['{roll: 2-6, result: a}', '{roll: 7-12, result: b}', '{roll: 13+, result: c}']))
    problem = only(check(folder).problems, "dice-unreachable")
    assert "table 't': row 3 ('13+') can never be rolled (reachable totals: 2–12)" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "13+"))
    assert [p for p in check(folder).problems if p.code == "dice-overlap"] == []


def test_row_reachable_only_with_a_modifier_is_fine(game):
    folder = game(table(['{roll: 1-6, result: a}', '{roll: 7, result: b}'], dice="1d6",
                        modifiers=["{id: boost, label: Boost, value: 1}"]))
    assert error_codes(check(folder)) == []


def test_negative_modifier_opens_a_low_gap(game):
    folder = game(table(['{roll: 1-3, result: a}', '{roll: 4+, result: b}'], dice="1d6",
                        modifiers=["{id: wound, label: per wound, value: -1, count: [0, 2]}"]))
    problem = only(check(folder).problems, "dice-gap")
    assert "no row covers totals -1–0" in problem.message
    assert "e.g. rolled 1 with 2× per wound (-2)" in problem.message


def _gap_totals(problems) -> set[int]:
    totals: set[int] = set()
    for problem in with_code(problems, "dice-gap"):
        match = re.search(r"covers totals? (\d+)(?:–(\d+))?", problem.message)
        assert match, problem.message
        low = int(match.group(1))
        totals.update(range(low, int(match.group(2) or low) + 1))
    return totals


def test_d66_gap_names_every_missing_total(game):
    folder = game(table(['{roll: 11-36, result: a}', '{roll: 51-66, result: b}'], dice="d66"))
    problems = check(folder).problems
    assert _gap_totals(problems) == set(range(41, 47))
    for problem in with_code(problems, "dice-gap"):
        assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "- {roll: 11-36"))
    assert set(error_codes(check(folder))) == {"dice-gap"}


def test_d66_rows_between_the_numbers_are_unreachable(game):
    folder = game(table(['{roll: 11-16, result: a}', '{roll: 17-20, result: never}', '{roll: 21-66, result: b}'],
                        dice="d66"))
    problem = only(check(folder).problems, "dice-unreachable")
    assert "row 2 ('17-20')" in problem.message
    assert "reachable totals: 11–66" in problem.message


def test_numeric_coverage_of_d66_lists_the_36_totals(game):
    folder = game(table(['{roll: 11-66, result: a}'], dice="d66"))
    loaded, _ = load_game(folder)
    coverage = numeric_coverage(loaded.tables[0])
    assert coverage.reachable == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert coverage.gaps == [] and coverage.overlaps == [] and coverage.unreachable == []


# --- custom dice -----------------------------------------------------------------------------------------

CUSTOM = """\
dice:
  - id: combat
    name: Combat die
    faces:
      - {id: hit, label: Hit, count: 3}
      - {id: miss, label: Miss, count: 2}
      - {id: crit, label: Critical}
tables:
  - id: fight
    title: Fight
    custom_die: combat
    when: When a Widget attacks.
    rows:
"""


HIT, MISS, CRIT = "{face: hit, result: Win.}", "{face: miss, result: Lose.}", "{face: crit, result: Win twice.}"


def custom(rows: list[str]) -> dict[str, str]:
    return {"dice.yaml": CUSTOM + "".join(f"      - {r}\n" for r in rows)}


def test_custom_die_table_clean(game):
    folder = game(custom([HIT, MISS, CRIT]))
    assert check(folder).problems == []


def test_custom_die_unknown_face(game):
    folder = game(custom([HIT, MISS, CRIT, '{face: blank, result: Nothing.}']))
    problem = only(check(folder).problems, "dice-unknown-face")
    assert "table 'fight': row 4 names face 'blank', which die 'combat' does not have" in problem.message
    assert problem.hint == "faces of the die: hit, miss, crit"
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "blank"))


def test_custom_die_missing_face(game):
    folder = game(custom([HIT, MISS]))
    problem = only(check(folder).problems, "dice-gap")
    assert "table 'fight': die 'combat' has face(s) crit with no row" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "- {face: hit"))


def test_custom_die_face_twice(game):
    folder = game(custom([HIT, MISS, CRIT, '{face: hit, result: Win again.}']))
    problem = only(check(folder).problems, "dice-overlap")
    assert "table 'fight': face 'hit' has two rows (1 and 4)" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "hit", 2))


def test_numeric_row_on_custom_die_table(game):
    folder = game(custom([HIT, MISS, CRIT, '{roll: 6, result: Six.}']))
    problem = only(check(folder).problems, "dice-roll-row")
    assert "uses custom die 'combat' but row 4 has a numeric roll '6'" in problem.message
    assert problem.hint == "use 'face:' with one of: hit, miss, crit"
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "6,"))


def test_face_row_on_numeric_table(game):
    folder = game(table(['{roll: 2-12, result: a}', '{face: hit, result: b}']))
    problem = only(check(folder).problems, "dice-face-row")
    assert "table 't' rolls 2d6 but row 2 names face 'hit'" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "hit"))
