"""checks.dice_profile: natural results the dice cannot show, charts with a missing, doubled or stray value,
an earlier roll that does not exist or cannot be beaten, and a test that decides nothing, each at its line;
and the model's own refusals located in dice.yaml."""

from __future__ import annotations

from gamekit import assert_at, check, error_codes, only, where

CHART = """\
tables:
  - id: to-hit
    title: To hit
    dice: 1d6
    chart:
      axis: {input: bs, label: BS, range: [0, 4]}
      needs:
        - {at: 0, roll: "—"}
        - {at: [1, 2], roll: 5+}
        - {at: 3, roll: 4+}
        - {at: 4, roll: 3+}
      natural: {1: fail}
"""


def dice(game, body: str):
    return game({"dice.yaml": body})


def test_a_clean_chart_and_targets_pass(game):
    folder = dice(game, CHART + """\
  - id: dodge
    title: Dodge
    dice: 1d6
    target: {from: to-hit, exceed: true}
  - id: nerve
    title: Nerve
    dice: 2d6
    modifiers:
      - {id: near, label: the leader is near, value: 1}
    target:
      against: {label: Ld, range: [2, 10]}
      under: true
      natural: {12: fail}
""")
    assert check(folder).problems == []


def test_a_natural_result_the_dice_cannot_show(game):
    folder = dice(game, """\
tables:
  - id: climb
    title: Climb
    dice: 1d6
    target:
      against: {label: I, range: [1, 10]}
      under: true
      natural: {7: fail, 1: success}
""")
    problem = only(check(folder).problems, "dice-natural")
    assert "a natural 7 cannot be rolled on 1d6 (the dice show 1 to 6)" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "7: fail"))


def test_a_chart_value_with_no_roll(game):
    folder = dice(game, CHART.replace("        - {at: 3, roll: 4+}\n", ""))
    problem = only(check(folder).problems, "dice-chart-gap")
    assert "the chart gives no roll for BS 3" in problem.message and "'—'" in problem.hint
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "needs:")[0])


def test_a_chart_value_given_twice_and_one_outside(game):
    folder = dice(game, CHART.replace("{at: 3, roll: 4+}", "{at: [2, 3], roll: 4+}")
                  .replace("{at: 4, roll: 3+}", "{at: [4, 5], roll: 3+}"))
    problems = check(folder).problems
    overlap = only(problems, "dice-chart-overlap")
    assert "BS 2 has two entries (2 and 3)" in overlap.message
    assert_at(overlap, folder / "dice.yaml", *where(folder, "dice.yaml", "[2, 3]"))
    outside = only(problems, "dice-chart-outside")
    assert "entry 4 is for BS 4 to 5, outside the chart's 0 to 4" in outside.message
    assert_at(outside, folder / "dice.yaml", *where(folder, "dice.yaml", "[4, 5]"))


def test_a_difference_of_one_characteristic_with_itself(game):
    folder = dice(game, """\
tables:
  - id: wound
    title: Wound
    dice: 1d6
    chart:
      difference:
        over: {input: s, label: S, range: [1, 2]}
        under: {input: s, label: T, range: [1, 2]}
      needs:
        - {at: [-1, 1], roll: 4+}
""")
    problem = only(check(folder).problems, "dice-chart-axis")
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "under: {input: s")[0])


def test_an_earlier_roll_that_is_no_table_itself_or_a_pool(game):
    folder = dice(game, """\
tables:
  - id: dodge
    title: Dodge
    dice: 1d6
    target: {from: to-hti, exceed: true}
  - id: echo
    title: Echo
    dice: 1d6
    target: {from: echo}
  - id: volley
    title: Volley
    dice: 1d6
    pool: {dice: {label: archer, range: [1, 3]}, success: 5+, per_success: One hit.}
  - id: shield
    title: Shield
    dice: 1d6
    target: {from: volley}
""")
    problems = check(folder).problems
    unknown = only(problems, "dice-from-unknown")
    assert "'from: to-hti' names no dice table" in unknown.message and "echo" in unknown.hint
    assert_at(unknown, folder / "dice.yaml", *where(folder, "dice.yaml", "to-hti"))
    itself = only(problems, "dice-from-itself")
    assert_at(itself, folder / "dice.yaml", *where(folder, "dice.yaml", "echo}"))
    pool = only(problems, "dice-from-kind")
    assert "counts successes" in pool.message
    assert_at(pool, folder / "dice.yaml", *where(folder, "dice.yaml", "volley}"))


def test_a_test_that_always_succeeds(game):
    # 1d6 under a value of 6 to 10, with nothing to spoil it: every roll succeeds, whatever the value.
    folder = dice(game, """\
tables:
  - id: sure
    title: Sure
    dice: 1d6
    target:
      against: {label: I, range: [6, 10]}
      under: true
""")
    problem = only(check(folder).problems, "dice-test-decides-nothing")
    assert "always succeeds" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "target:")[0])


def test_the_model_refusals_are_located(game):
    folder = dice(game, CHART.replace("roll: 4+}", "roll: four}"))
    result = check(folder)
    assert error_codes(result) == ["schema-value-error"]
    problem = result.errors[0]
    assert "like '4+'" in problem.message
    assert_at(problem, folder / "dice.yaml", where(folder, "dice.yaml", "four")[0])


def test_an_earlier_roll_whose_chances_are_unknown_is_refused_not_a_crash(game):
    folder = dice(game, """\
dice:
  - id: omen
    name: Omen die
    unknown_counts: The rules show the faces but not how many of each.
    faces:
      - {id: low, label: Low, value: 1}
      - {id: high, label: High, value: 3}
tables:
  - id: omen-roll
    title: Omen roll
    custom_die: omen
    rows:
      - {roll: 1-2, result: Ill omen.}
      - {roll: 3, result: Good omen.}
  - id: defy
    title: Defy the omen
    dice: 1d6
    target: {from: omen-roll, exceed: true}
""")
    problem = only(check(folder).problems, "dice-from-kind")
    assert "no known chances" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "omen-roll, exceed"))
