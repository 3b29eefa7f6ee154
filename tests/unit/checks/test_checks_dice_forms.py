"""checks.dice_coverage on the roll forms: budget, expressions, opposed rolls that never decide, pools, and
coverage of keep / explode supports and of success counts under every modifier."""

from __future__ import annotations

import time

from dicekit import FORMS_YAML
from gamekit import assert_at, check, error_codes, only, where


def dice_yaml(body: str) -> dict[str, str]:
    return {"dice.yaml": body}


def test_the_forms_fixture_is_clean(game):
    folder = game(dice_yaml(FORMS_YAML))
    assert check(folder).problems == []


def test_50d1000_is_a_fast_located_budget_error(game):
    folder = game(dice_yaml("""\
        tables:
          - id: huge
            title: Huge
            dice: 50d1000
            rows:
              - {roll: 1+, result: Anything.}
        """))
    start = time.thread_time()  # this thread's CPU: no load or leftover thread counts
    result = check(folder)
    assert time.thread_time() - start < 10  # it took 307 s to build before the budget
    problem = only(result.problems, "dice-budget")
    assert "table 'huge'" in problem.message and "50d1000" in problem.message
    assert "49,951 different values" in problem.message
    assert "fewer dice" in problem.hint
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "50d1000"))


def test_pool_budget_is_the_largest_pool(game):
    folder = game(dice_yaml("""\
        tables:
          - id: swarm
            title: Swarm
            dice: 1d6
            pool:
              dice: {label: bee, range: [1, 40]}
              success: 5+
              per_success: One sting.
        """))
    problem = only(check(folder).problems, "dice-budget")
    assert "40 dice of 6 faces" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "[1, 40]"))


def test_pool_threshold_must_decide_something(game):
    folder = game(dice_yaml("""\
        tables:
          - id: p
            title: P
            dice: 1d6
            pool:
              dice: {label: worker, range: [1, 3]}
              success: 7+
              per_success: One Widget.
        """))
    problem = only(check(folder).problems, "dice-pool-threshold")
    assert "every die fails on 7+" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "7+"))


def test_pool_rows_cover_every_number_of_successes_under_every_modifier(game):
    folder = game(dice_yaml("""\
        tables:
          - id: p
            title: P
            dice: 1d6
            modifiers:
              - {id: luck, label: with luck, value: 3, count: [0, 1]}
            pool:
              dice: {label: worker, range: [1, 3]}
              success: 6+
            rows:
              - {roll: 0, result: Nothing.}
              - {roll: 1-2, result: Some.}
        """))
    problem = only(check(folder).problems, "dice-gap")
    assert "no row covers total 3" in problem.message and "3 successes" in problem.message


def test_explode_support_has_holes(game):
    # 1d6 exploding once never totals 6: a row for 6 can never be rolled.
    folder = game(dice_yaml("""\
        tables:
          - id: w
            title: W
            dice: 1d6
            explode: {depth: 1}
            rows:
              - {roll: 1-5, result: Low.}
              - {roll: 6, result: Never.}
              - {roll: 7+, result: High.}
        """))
    problem = only(check(folder).problems, "dice-unreachable")
    assert "row 2 ('6')" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "6, result: Never"))


def test_ties_rerolled_forever(game):
    folder = game(dice_yaml("""\
        dice:
          - id: blank
            name: Blank die
            faces:
              - {id: a, label: A, value: 1}
              - {id: b, label: B, value: 1}
        tables:
          - id: d
            title: D
            custom_die: blank
            opposed:
              difference: {label: difference, range: [0, 1]}
              ties: reroll
        """))
    problem = only(check(folder).problems, "dice-never-decided")
    assert "difference of +0" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "reroll"))


def test_numbers_on_a_die_of_named_faces(game):
    folder = game(dice_yaml("""\
        dice:
          - id: omen
            name: Omen die
            faces:
              - {id: good, label: Good}
              - {id: bad, label: Bad}
        tables:
          - id: sum
            title: Sum
            custom_die: omen
            count: 2
            rows:
              - {roll: 2+, result: Anything.}
          - id: faces
            title: Faces
            custom_die: omen
            modifiers:
              - {id: m, label: m, value: 1}
            rows:
              - {face: good, result: Good.}
              - {face: bad, result: Bad.}
        """))
    result = check(folder)
    assert error_codes(result).count("dice-expression") == 2
    named = [p for p in result.problems if p.code == "dice-expression"]
    assert any("'modifiers' needs numbers" in p.message for p in named)


def test_unknown_counts_reject_counts_and_sums(game):
    folder = game(dice_yaml("""\
        dice:
          - id: omen
            name: Omen die
            unknown_counts: Not stated.
            faces:
              - {id: good, label: Good, count: 2}
              - {id: bad, label: Bad}
        tables:
          - id: faces
            title: Faces
            custom_die: omen
            rows:
              - {face: good, result: Good.}
              - {face: bad, result: Bad.}
        """))
    result = check(folder)
    assert result.errors and "give a count" in result.errors[0].message


def test_form_rules_are_schema_errors(game):
    folder = game(dice_yaml("""\
        tables:
          - id: o
            title: O
            dice: 2d6
            opposed:
              difference: {label: difference, range: [0, 1]}
              ties: reroll
            rows:
              - {roll: 2+, result: X.}
        """))
    problem = check(folder).errors[0]
    assert "has no 'rows'" in problem.message
