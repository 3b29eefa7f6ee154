"""Conditional rules on sections, set-up / end-of-game steps and phases (optional, condition, from_round) and
the phase's 'acts' badge: the model's rules, the checker, and what the page shows."""

from __future__ import annotations

from gamekit import MINIMAL_GAME, assert_at, check, only, where
from mdkit import render

GAME = MINIMAL_GAME["game.yaml"].rstrip(" ") + """\
        setup:
          - Give each player 3 Widgets.
          - text: Put the Monastery tiles next to the board.
            optional: true
            condition: playing with the Monks expansion
        end_of_game:
          - text: The game ends when the Widget pile is empty.
          - text: From the fifth round on, it also ends when a player has 17 fame.
            from_round: 5
        sections:
          - id: trading
            title: Trading
            from_round: 2
            text: Players may trade Widgets one for one.
          - id: monks
            title: Monks
            optional: true
            condition: playing with the Monks expansion
            text: Each Monk protects one Widget.
        """

PHASES = """\
        phases:
          - id: trade
            name: Trade
            acts: turn-order
            rules: Each player may trade one Widget.
          - id: harvest
            name: Harvest
            acts: simultaneous
            from_round: 3
            rules: Every player takes a Widget.
            subphases:
              - id: early
                name: Early harvest
                skip_first_round: true
                rules: Too early.
        """


def test_conditions_on_sections_steps_and_phases(game):
    folder = game({"game.yaml": GAME, "phases.yaml": PHASES})
    problem = only(check(folder).problems, "round-before-parent")
    assert "'early' starts in round 2" in problem.message and "from round 3" in problem.message
    assert_at(problem, folder / "phases.yaml", *where(folder, "phases.yaml", "- id: early", offset=6))


def test_a_setup_step_cannot_start_in_a_later_round(game):
    folder = game({"game.yaml": GAME.replace("            optional: true\n            condition: playing",
                                             "            from_round: 2\n            condition: playing", 1)})
    problem = only(check(folder).problems, "setup-from-round")
    assert "before the first round" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "from_round: 2", offset=12))


def test_optional_needs_a_condition_everywhere(game):
    folder = game({"game.yaml": GAME.replace("            condition: playing with the Monks expansion\n"
                                             "            text: Each Monk", "            text: Each Monk")})
    problems = check(folder).errors
    assert problems and "optional rule needs a 'condition'" in problems[0].message


def test_one_way_to_say_a_phase_starts_later(game):
    folder = game({"phases.yaml": PHASES.replace("            from_round: 3\n",
                                                 "            from_round: 3\n            skip_first_round: true\n")})
    assert "not both" in check(folder).errors[0].message


def test_page_shows_conditions_and_who_acts(game, tmp_path):
    folder = game({"game.yaml": GAME, "phases.yaml": PHASES.replace("skip_first_round: true", "from_round: 4")})
    assert not check(folder).errors
    root = folder.parent
    page = render(root, "/// setup\n///\n\n/// end-of-game\n///\n\n/// section | trading\n///\n\n"
                  "/// section | monks\n///\n\n/// turn\n///\n", game="demo")[0]
    monastery = next(li for li in page.select("li") if "Monastery" in li.get_text())
    assert monastery.select_one(".rc-badge--optional").get_text() == "Optional"
    assert monastery.select_one(".rc-condition").get_text(" ", strip=True) == \
        "Applies when: playing with the Monks expansion"
    fame = next(li for li in page.select("li") if "17 fame" in li.get_text())
    assert fame.select_one(".rc-badge--skip").get_text() == "From round 5"
    badges = [b.get_text() for b in page.select(".rc-phase-markers .rc-badge")]
    assert "From round 2" in badges  # the Trading section
    assert "In turn order" in badges and "Simultaneously" in badges and "From round 3" in badges
    monks = page.find(id="monks").find_next_sibling("p")
    assert "Optional" in monks.get_text() and "playing with the Monks expansion" in monks.get_text()
