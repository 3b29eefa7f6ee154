"""Recorded gaps (todos, open questions) are a category of their own: listed and counted everywhere, a
strict-mode failure only when the designer asks (--strict-gaps, or check: {gaps: ...} in game.yaml)."""

from __future__ import annotations

import json

from gamekit import RULES_DATA, check, only

from rulecraft.cli.main import main

GAME_WITH_GAPS = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    todo: the scoring section is missing from the source
    open_questions:
      - id: ties
        question: What happens on a tie?
    {check}
    """


def gaps_game(game, check_setting: str = ""):
    return game({"game.yaml": GAME_WITH_GAPS.replace("{check}", check_setting)})


def test_gaps_are_listed_and_counted_but_strict_passes(game, capsys):
    folder = gaps_game(game)
    assert main(["check", "--strict", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "gap[todo]: incomplete: Demo Game: the scoring section is missing" in out
    assert "gap[open-question]: open question 'ties'" in out
    assert "demo: phases with rules 1/1, TODOs 1, open questions 1" in out
    assert out.rstrip().endswith("0 error(s), 0 warning(s), 2 recorded gap(s), 0 accepted warning(s) in 1 game(s)")


def test_strict_gaps_flag_makes_them_fail_strict(game, capsys):
    folder = gaps_game(game)
    assert main(["check", "--strict-gaps", str(folder)]) == 0  # warnings now, but not --strict
    assert main(["check", "--strict", "--strict-gaps", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "warning[open-question]" in out and "2 warning(s), 0 recorded gap(s)" in out


def test_game_yaml_gaps_warning_fails_strict(game, capsys):
    folder = gaps_game(game, "check: {gaps: warning}")
    assert main(["check", str(folder)]) == 0
    assert main(["check", "--strict", str(folder)]) == 1
    assert "warning[todo]" in capsys.readouterr().out


def test_game_yaml_gaps_error_fails_every_check(game, capsys):
    folder = gaps_game(game, "check: {gaps: error}")
    assert main(["check", str(folder)]) == 1
    assert "error[open-question]" in capsys.readouterr().out


def test_game_yaml_gaps_notice_is_the_default(game):
    result = check(gaps_game(game, "check: {gaps: notice}"))
    assert [p.code for p in result.gaps] == ["todo", "open-question"]
    assert result.warnings == [] and result.errors == []


def test_an_unknown_gap_level_is_a_located_error(game, capsys):
    folder = gaps_game(game, "check: {gaps: fail}")
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:9:" in out and "error[schema-" in out and "notice" in out


def test_one_game_s_setting_leaves_the_other_games_alone(tmp_path):
    from gamekit import write_game

    write_game(tmp_path, {"game.yaml": GAME_WITH_GAPS.replace("{check}", "check: {gaps: warning}")}, game_id="demo")
    write_game(tmp_path, {"game.yaml": GAME_WITH_GAPS.replace("id: demo", "id: other").replace("{check}", "")},
               game_id="other")
    result = check(tmp_path)
    assert {p.game for p in result.warnings} == {"demo"}
    assert {p.game for p in result.gaps} == {"other"}


def test_json_and_github_list_gaps(game, capsys):
    folder = gaps_game(game)
    assert main(["check", "--format", "json", "--strict", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["errors"], data["warnings"], data["gaps"]) == (0, 0, 2)
    assert {p["severity"] for p in data["problems"]} == {"gap"}
    assert main(["check", "--format", "github", "--strict", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("::notice file=") and "title=rulecraft open-question::" in line for line in lines)
    assert not any(line.startswith(("::warning", "::error")) for line in lines)


def test_a_phase_without_rules_and_without_a_todo_is_a_warning_not_a_gap(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
          - id: score
            name: Score
        """})
    assert only(check(folder).problems, "phase-without-rules").is_warning


def test_the_seed_games_are_strict_clean(capsys):
    """Honest ports with recorded gaps, and nothing else to look at."""
    assert main(["check", "--strict", str(RULES_DATA)]) == 0, capsys.readouterr().out
