"""checks.dice_conditions: rows keyed by a condition on the dice are conditions the roll can state (located at
the token), and every outcome of the dice, under every combination of modifiers, falls to some row."""

from __future__ import annotations

from gamekit import assert_at, check, only, where, with_code

ROPE = "{id: rope, label: a rope, value: 1}"


def table(rows: list[str], dice: str = "2d6", modifiers: list[str] = (), extra: list[str] = ()) -> dict[str, str]:
    """dice.yaml with one table 't'; rows and modifiers are flow mappings, one per line."""
    lines = ["tables:", "  - id: t", "    title: T", f"    dice: {dice}", "    when: Whenever a Widget is lost."]
    lines += [f"    {e}" for e in extra]
    if modifiers:
        lines.append("    modifiers:")
        lines += [f"      - {m}" for m in modifiers]
    lines.append("    rows:")
    lines += [f"      - {r}" for r in rows]
    return {"dice.yaml": "\n".join(lines) + "\n"}


def problems(game, rows, **kw):
    folder = game(table(rows, **kw))
    return folder, check(folder).problems


SAVE = ["{on: doubles, result: Fails.}", '{on: "total >= 8", result: Saved.}', "{roll: 7-, result: Hurt.}"]


def test_a_table_read_from_the_top_that_covers_every_outcome_is_clean(game):
    _, found = problems(game, SAVE, modifiers=[ROPE])
    assert [p.format() for p in found] == []


def test_overlapping_ranges_among_conditions_are_read_in_order_not_refused(game):
    _, found = problems(game, ["{on: doubles, result: A.}", "{roll: 2-8, result: B.}", "{roll: 6+, result: C.}"])
    assert not with_code(found, "dice-overlap") and not [p for p in found if p.is_error]


def test_an_outcome_no_row_takes_is_named_with_its_dice(game):
    folder, found = problems(game, ["{on: doubles, result: Fails.}"])
    gap = only(found, "dice-gap")
    # (1, 1) is a double; the first outcome left is (1, 2); 36 - 6 doubles = 30 left
    assert "no row applies when the dice show 1 and 2 (total 3) and 29 other outcomes" in gap.message
    assert_at(gap, folder / "dice.yaml", *where(folder, "dice.yaml", "- {on: doubles"))


def test_an_outcome_left_uncovered_by_a_modifier_says_which(game):
    folder, found = problems(game, ["{on: doubles, result: A.}", "{roll: 2-11, result: B.}"], modifiers=[ROPE])
    gap = only(found, "dice-gap")
    # without the rope every outcome is taken; with it 5 and 6 make 12, and 6 and 5 (6 and 6 is a double)
    assert "the dice show 5 and 6 (total 12) with a rope (+1) and 1 other outcome with its modifiers" \
        in gap.message


def test_a_row_earlier_rows_take_every_roll_of_is_a_warning(game):
    folder, found = problems(game, ["{roll: 2-7, result: Low.}", "{roll: 8+, result: High.}",
                                    "{on: doubles, result: Never.}"])
    shadowed = only(found, "dice-row-shadowed")
    assert shadowed.is_warning
    assert "row 3 (on 'doubles') never applies: rows 1 and 2 above it take every roll it holds for" \
        in shadowed.message
    assert_at(shadowed, folder / "dice.yaml", *where(folder, "dice.yaml", "doubles, result: Never"))


def test_a_condition_no_roll_makes_hold_is_an_error(game):
    folder, found = problems(game, ['{on: "total > 12", result: Never.}', "{roll: 2+, result: Else.}"])
    problem = only(found, "dice-unreachable")
    assert "row 1 (on 'total > 12') holds for no roll of the dice" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", '"total > 12"'))


def test_an_unknown_name_is_located_at_its_token(game):
    folder, found = problems(game, ['{on: "total >= 8 and doubels", result: A.}', "{roll: 2+, result: B.}"])
    problem = only(found, "dice-condition")
    assert "unknown name 'doubels'" in problem.message and "did you mean 'doubles'?" in problem.hint
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "doubels"))


def test_a_number_where_a_condition_belongs(game):
    folder, found = problems(game, ['{on: "total + 1", result: A.}', "{roll: 2+, result: B.}"])
    problem = only(found, "dice-condition")
    assert "this is a number, and a condition is needed here" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "total + 1"))


def test_a_bare_number_in_on_says_what_to_write(game):
    folder = game(table(["{on: 6, result: A.}", "{roll: 2+, result: B.}"]))
    problem = next(p for p in check(folder).problems if p.is_error)
    assert "write 'roll: 6' for a total, or 'on: any(d == 6)'" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "6, result"))


def test_the_games_names_are_not_available_in_a_dice_row(game):
    folder, found = problems(game, ['{on: "doubles and state.time == night", result: A.}', "{roll: 2+, result: B.}"])
    problem = only(found, "dice-condition")
    assert "'state.time' is not available in a dice table's row" in problem.message
    assert "only_when" in problem.hint
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "state.time"))
    folder, found = problems(game, ['{on: "round >= 2", result: A.}', "{roll: 2+, result: B.}"])
    assert "'round' is not available" in only(found, "dice-condition").message


def test_a_die_the_table_does_not_roll(game):
    folder, found = problems(game, ['{on: "d1 == 6 or d3 == 6", result: A.}', "{roll: 2+, result: B.}"])
    problem = only(found, "dice-condition")
    assert "'d3': the table rolls 2 dice (d1 and d2)" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "d3"))


def test_conditions_need_the_dice_as_they_fell(game):
    folder, found = problems(game, ["{on: doubles, result: A.}", "{roll: 2+, result: B.}"], dice="3d6",
                             extra=["keep: {highest: 2}"])
    problem = only(found, "dice-condition")
    assert "keep, reroll and explode change which dice count" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "keep:"))


def test_a_pool_row_cannot_be_a_condition(game):
    folder = game({"dice.yaml": """\
        tables:
          - id: p
            title: P
            dice: 1d6
            pool: {dice: {label: soldier, range: [1, 3]}, success: 5+}
            rows:
              - {roll: 0, result: Nothing.}
              - {on: doubles, result: Twins.}
        """})
    problem = only(check(folder).problems, "dice-condition")
    assert "a pool's rows are numbers of successes" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "doubles"))


def test_too_many_outcomes_to_read_one_by_one(game):
    folder, found = problems(game, ["{on: doubles, result: A.}", "{roll: 6+, result: B.}"], dice="6d6")
    problem = only(found, "dice-budget")
    assert "6d6 falls 46,656 ways (at most 10,000)" in problem.message
    assert_at(problem, folder / "dice.yaml", *where(folder, "dice.yaml", "6d6"))
