"""Game states and conditions: `states:`/`events:` in game.yaml, `only_when:` on phases, steps, sections, dice
tables, modifiers and catalog items — checked against the game's names at their character, shown in words."""

from __future__ import annotations

from gamekit import assert_at, check, only, where
from mdkit import render

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    states:
      - id: time
        name: the time of day
        values: [day, night]
        initial: day
    events:
      - id: army-lost
        name: an army was annihilated last turn
    constants:
      late-turn: {value: 12, label: the late turn}
    sections:
      - id: undead
        title: The undead
        only_when: state.time == night
        text: The undead fight; each Widget counts double.
    setup:
      - text: Place the moon marker.
        only_when: state.time == night
    """

PHASES = """\
    phases:
      - id: trade
        name: Trade
        rules: Each player may trade one Widget.
      - id: muster
        name: Muster
        only_when: round >= const.late-turn or event.army-lost
        rules: Raise one army.
        dice: [ambush]
    """

DICE = """\
    tables:
      - id: ambush
        title: Ambush
        dice: 1d6
        from_round: 2
        only_when: not state.time == day
        modifiers:
          - {id: moon, label: by moonlight, value: 1, only_when: state.time == night}
        rows:
          - {roll: 3-, result: No ambush.}
          - {roll: 4+, result: Ambush.}
    """


CATALOG = """\
    resources:
      - {id: gold, name: Gold}
    items:
      - id: lantern
        name: Lantern
        cost: {gold: 1}
        only_when: state.time == night
        effect: See one hex further.
    """


def test_conditions_check_clean_and_read_as_words(game):
    folder = game({"game.yaml": GAME, "phases.yaml": PHASES, "dice.yaml": DICE, "catalog.yaml": CATALOG})
    assert check(folder).problems == []
    page = render(folder.parent, "/// turn\n///\n\n/// section | undead\n///\n", game="demo")[0]
    badges = [b.get_text() for b in page.select(".rc-badge--when")]
    assert "Only when: the round ≥ the late turn or an army was annihilated last turn" in badges
    assert "Only when: not (the time of day is day)" in badges
    assert "by moonlight: only when the time of day is night" in badges
    assert "Only when: the time of day is night" in badges  # the section
    assert "From round 2" in [b.get_text() for b in page.select(".rc-dice .rc-badge--skip")]
    catalog = render(folder.parent, "/// catalog\n///\n", game="demo")[0]
    assert catalog.find(id="item-lantern").select_one(".rc-badge--when").get_text() == \
        "Only when: the time of day is night"
    setup = render(folder.parent, "/// setup\n///\n", game="demo")[0]
    assert setup.select_one(".rc-badge--when").get_text() == "Only when: the time of day is night"


def test_a_value_the_state_does_not_take(game):
    folder = game({"game.yaml": GAME.replace("only_when: state.time == night\n        text:", "only_when: state.time == nite\n        text:"),
                   "phases.yaml": PHASES, "dice.yaml": DICE})
    problem = only(check(folder).problems, "condition-expression")
    assert problem.message == "only_when 'state.time == nite': 'nite' is not a value of the time of day"
    assert problem.hint == "did you mean 'night'?"
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "nite"))


def test_an_unknown_state_event_or_name(game):
    folder = game({"game.yaml": GAME, "phases.yaml": PHASES.replace("event.army-lost", "event.army-lots"),
                   "dice.yaml": DICE.replace("only_when: not state.time", "only_when: not state.tiem")})
    problems = [p for p in check(folder).problems if p.code == "condition-expression"]
    assert len(problems) == 2
    event = next(p for p in problems if "army-lots" in p.message)
    assert "unknown name 'event.army-lots'" in event.message and event.hint == "did you mean 'event.army-lost'?"
    assert_at(event, folder / "phases.yaml", *where(folder, "phases.yaml", "event.army-lots"))
    state = next(p for p in problems if "tiem" in p.message)
    assert_at(state, folder / "dice.yaml", *where(folder, "dice.yaml", "state.tiem"))


def test_a_number_or_unreadable_text_is_no_condition(game):
    folder = game({"game.yaml": GAME, "phases.yaml": PHASES.replace("round >= const.late-turn or event.army-lost",
                                                                     "round + 1"),
                   "dice.yaml": DICE.replace("state.time == night}", "state.time = night}")})
    problems = [p for p in check(folder).problems if p.code == "condition-expression"]
    assert {p.message for p in problems} == {"only_when 'round + 1': this is a number, and a condition is needed here",
                                             "only_when 'state.time = night': unexpected '='"}
    unreadable = next(p for p in problems if "unexpected" in p.message)
    assert_at(unreadable, folder / "dice.yaml", *where(folder, "dice.yaml", "= night"))


def test_a_state_needs_two_distinct_values_and_an_initial_one_of_them(game):
    folder = game({"game.yaml": GAME.replace("initial: day", "initial: dusk")})
    assert "initial value 'dusk' is not one of its values: day, night" in only(
        check(folder).problems, "schema-value-error").message
    folder = game({"game.yaml": GAME.replace("values: [day, night]", "values: [day, day]")})
    assert "lists each value once" in only(check(folder).problems, "schema-value-error").message
