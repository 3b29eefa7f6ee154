"""loader: YAML files to typed models; every schema mistake becomes a located, friendly problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamekit import assert_at, codes, only, where, with_code, write_game

from rulecraft.loader import load_game, load_rulebook


def test_minimal_game_loads_clean(game):
    folder = game()
    loaded, problems = load_game(folder)
    assert problems == []
    assert loaded.id == "demo" and loaded.title == "Demo Game"
    assert [p.id for p in loaded.phases] == ["trade"]
    assert [t.id for t in loaded.terms] == ["widget"]
    assert loaded.failed == set()


def test_models_remember_their_source(game):
    folder = game()
    loaded, _ = load_game(folder)
    phase = loaded.phases[0]
    assert phase.source_path == ("phases", 0)
    location = loaded.where(phase, "rules")
    assert (location.line, location.column) == where(folder, "phases.yaml", "Each player")


def test_unknown_key_with_did_you_mean(game):
    folder = game({"game.yaml": """\
        id: demo
        titel: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-extra-forbidden")
    assert "unknown key 'titel'" in problem.message
    assert "did you mean 'title'" in problem.hint
    assert_at(problem, folder / "game.yaml", 2, 1)
    missing = only(problems, "schema-missing")  # and the real key is then missing
    assert "'title'" in missing.message


def test_unknown_key_nested_lists_the_allowed_keys(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Trade.
            steps:
              - text: One.
                colour: red
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-extra-forbidden")
    assert "unknown key 'colour' in phases[0].steps[0]" in problem.message
    assert "allowed keys: id, text, steps, todo" in problem.hint
    assert_at(problem, folder / "phases.yaml", *where(folder, "phases.yaml", "colour"))


def test_missing_required_key_is_located_at_the_parent_mapping(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
          - id: gear
            term: Gear
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-missing")
    assert "missing required key 'short' in terms[1]" in problem.message
    assert "short: ..." in problem.hint
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "id: gear"))


def test_missing_top_level_key_is_located_at_the_document(game):
    folder = game({"game.yaml": """\
        # a comment first
        id: demo
        title: Demo Game
        version: "1.0"
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-missing")
    assert "missing required key 'summary'" in problem.message
    assert_at(problem, folder / "game.yaml", 2, 1)


def test_wrong_type_players_min(game):
    folder = game({"game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        players:
          min: two
          max: 4
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-int-parsing")
    assert problem.message.startswith("players.min:")
    assert "integer" in problem.message and "'two'" in problem.message
    assert_at(problem, folder / "game.yaml", 6, 8)


@pytest.mark.parametrize("written,raw", [("1.10", "1.10"), ("2", "2"), ("1.0", "1.0")])
def test_version_written_as_a_number_hints_quotes_with_raw_text(game, written, raw):
    folder = game({"game.yaml": f"""\
        id: demo
        title: Demo Game
        version: {written}
        summary: Players trade widgets.
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-string-type")
    assert problem.message.startswith("version: expected text, found the number")
    assert f'"{raw}"' in problem.hint and "quotes" in problem.hint
    assert_at(problem, folder / "game.yaml", 3, 10)


@pytest.mark.parametrize("bad", ["Trade", "trade phase", "-trade", "trädé"])
def test_invalid_id_pattern(game, bad):
    folder = game({"phases.yaml": f"""\
        phases:
          - id: "{bad}"
            name: Trade
            rules: Trade.
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-string-pattern-mismatch")
    assert problem.message == f"phases[0].id: {bad!r} is not a valid id"
    assert "lower-case" in problem.hint
    assert_at(problem, folder / "phases.yaml", 2, 9)


def test_unknown_data_file_name_did_you_mean(game):
    folder = game({"phase.yaml": "phases: []\n"})
    _, problems = load_game(folder)
    problem = only(problems, "file-name")
    assert "unknown data file 'phase.yaml'" in problem.message
    assert "did you mean phases.yaml?" in problem.hint
    assert_at(problem, folder / "phase.yaml")
    assert problem.location.line == 0  # the whole file


def test_yml_extension(game):
    folder = game({"terms.yaml": None, "terms.yml": "terms: []\n"})
    _, problems = load_game(folder)
    problem = only(problems, "file-name")
    assert "'terms.yml' uses the .yml extension" in problem.message
    assert problem.hint == "rename it to terms.yaml"
    assert_at(problem, folder / "terms.yml")


def test_other_files_beside_the_data_are_ignored(game):
    folder = game({"notes.md": "# notes\n", "board.png": b"\x89PNG\x00\x00"})
    _, problems = load_game(folder)
    assert problems == []


def test_game_id_must_match_folder(game):
    folder = game({"game.yaml": """\
        id: other-game
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        """})
    _, problems = load_game(folder)
    problem = only(problems, "id-mismatch")
    assert "'other-game'" in problem.message and "'demo'" in problem.message
    assert "id: demo" in problem.hint
    assert_at(problem, folder / "game.yaml", 1, 5)


def test_missing_game_yaml(game):
    folder = game({"game.yaml": None})
    _, problems = load_game(folder)
    problem = only(problems, "missing-file")
    assert "no game.yaml" in problem.message
    assert_at(problem, folder)


def test_top_level_list_instead_of_mapping(game):
    folder = game({"terms.yaml": """\
        - id: widget
          term: Widget
        """})
    loaded, problems = load_game(folder)
    problem = only(problems, "schema-top-level")
    assert "found a list of 1 item(s)" in problem.message
    assert "terms" in problem.hint
    assert_at(problem, folder / "terms.yaml", 1, 1)
    assert "terms" in loaded.failed


@pytest.mark.parametrize("content", ["---\n", "null\n", "~\n"], ids=["marker-only", "null", "tilde"])
def test_file_holding_only_null_is_reported(game, content):
    # BUG (loader.load_game / yamlsource.parse_yaml_text): a data file whose single document is
    # null ('---' alone, 'null', '~') gets data None and no problem at all; load_game then skips
    # it silently (`doc.data is None` -> failed, continue) and `rulecraft check` exits 0.
    folder = game({"phases.yaml": content})
    loaded, problems = load_game(folder)
    assert "phases" in loaded.failed
    errors = [p for p in problems if p.is_error]
    assert errors, "a data file with no data must be reported"
    assert_at(errors[0], folder / "phases.yaml", 1, 1)


def test_all_problems_of_a_file_and_a_game_in_one_run(game):
    folder = game({
        "game.yaml": """\
            id: Demo
            titel: Demo Game
            version: 2
            summary: Players trade widgets.
            players: {min: two, max: 4}
            """,
        "phases.yaml": """\
            phases:
              - id: trade
                nam: Trade
            """,
        "phase.yaml": "phases: []\n",
    })
    _, problems = load_game(folder)
    found = sorted(codes(problems))
    assert found == sorted(["schema-string-pattern-mismatch", "schema-extra-forbidden", "schema-missing",
                            "schema-string-type", "schema-int-parsing",  # game.yaml: 5
                            "schema-extra-forbidden", "schema-missing",  # phases.yaml: 2
                            "file-name"]), "\n".join(p.format() for p in problems)
    game_yaml = [p for p in problems if p.location.file.endswith("game.yaml")]
    assert sorted(p.location.line for p in game_yaml) == [1, 1, 2, 3, 5]


@pytest.mark.parametrize("dice,words", [("0d6", "number of dice"), ("2d1", "sides"), ("51d6", "number of dice")])
def test_dice_notation_limits(game, dice, words):
    folder = game({"dice.yaml": f"""\
        tables:
          - id: t
            title: T
            dice: {dice}
            rows:
              - roll: 1+
                result: x
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-value-error")
    assert words in problem.message
    assert_at(problem, folder / "dice.yaml", 4, 11)


def test_optional_phase_without_condition(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Trade.
          - id: bonus
            name: Bonus
            optional: true
            rules: Score a bonus.
        """})
    _, problems = load_game(folder)
    problem = only(problems, "schema-value-error")
    assert "optional phase needs a 'condition'" in problem.message
    assert problem.message.startswith("phases[1]:")
    assert_at(problem, folder / "phases.yaml", 5, 5)


def test_single_alternative_is_refused(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            alternatives:
              - id: only
                name: Only
                rules: x
        """})
    _, problems = load_game(folder)
    assert "at least two phases" in only(problems, "schema-value-error").message


def test_yaml_problems_stop_that_file_only(game):
    folder = game({"terms.yaml": "terms:\n  - id: x\n    term: X\n    term: Y\n    short: s\n"})
    loaded, problems = load_game(folder)
    problem = only(problems, "duplicate-key")
    assert_at(problem, folder / "terms.yaml", 4, 5)
    assert loaded.failed == {"terms"}
    assert loaded.glossary_file is None
    assert loaded.phases  # the other files still load


# --- rule books --------------------------------------------------------------------------------------------


def test_rulebook_loads_every_game_folder(tmp_path: Path):
    write_game(tmp_path, game_id="alpha")
    write_game(tmp_path, game_id="beta")
    (tmp_path / ".hidden").mkdir()
    book = load_rulebook(tmp_path)
    assert sorted(book.games) == ["alpha", "beta"]
    assert book.problems == []


def test_rulebook_of_one_game_folder(tmp_path: Path):
    folder = write_game(tmp_path)
    book = load_rulebook(folder)
    assert list(book.games) == ["demo"]


def test_shared_glossary_and_dangling_glossary(tmp_path: Path):
    (tmp_path / "_shared").mkdir()
    (tmp_path / "_shared" / "cards.yaml").write_text(
        "terms:\n  - id: deck\n    term: Deck\n    short: A pile of cards.\n", encoding="utf-8")
    folder = write_game(tmp_path, {"game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        glossaries: [cards, dice]
        """})
    book = load_rulebook(tmp_path)
    assert [t.id for t in book.games["demo"].terms] == ["widget", "deck"]
    problem = only(book.problems, "dangling-glossary")
    assert "'dice'" in problem.message
    assert_at(problem, folder / "game.yaml", 5, 13)


def test_rulebook_reports_a_game_folder_without_game_yaml(tmp_path: Path):
    write_game(tmp_path)
    (tmp_path / "notes").mkdir()
    book = load_rulebook(tmp_path)
    assert with_code(book.problems, "missing-file")[0].message == "game folder 'notes' has no game.yaml"


# Each case: a data file with one mistake -> exactly one problem with this code, these words in its
# message, located at this (line, column) or at this text of the file.
SCHEMA_MISTAKES = [
    pytest.param({"game.yaml": """\
            id: demo
            title: Demo Game
            version: "1.0"
            summary: Players trade widgets.
            players: {min: 4, max: 2}
            """}, 'schema-value-error', ('max (2) is smaller than min (4)',), 'game.yaml', '{min', id='players_max_below_min'),
    pytest.param({"cards.yaml": """\
            decks:
              - id: deck
                name: Deck
                cards:
                  - id: c
                    name: C
                    type: yes
            """}, 'schema-string-type', ('boolean true', 'yes/no'), 'cards.yaml', 'yes', id='yes_no_read_as_boolean_is_explained'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 2x6
                rows:
                  - roll: 1+
                    result: x
            """}, 'schema-value-error', ('tables[0].dice', "'2x6' is not dice notation"), 'dice.yaml', (4, 11), id='bad_dice_notation_is_located_at_the_field'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 1d6
                rows:
                  - roll: 6-3
                    result: x
            """}, 'schema-value-error', ("'6-3' runs backwards", "'3-6'"), 'dice.yaml', (6, 15), id='backwards_roll_is_located_at_the_field'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 1d6
                rows:
                  - roll: 1-6
                    result: x
                  - roll: seven
                    result: y
            """}, 'schema-value-error', ("'seven' is not a roll",), 'dice.yaml', (8, 15), id='unparseable_roll'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 1d6
                rows:
                  - roll: 1-6
                    face: hit
                    result: x
            """}, 'schema-value-error', ("exactly one of 'roll'", "'face'"), 'dice.yaml', (6, 9), id='row_with_both_roll_and_face'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 1d6
                custom_die: combat
                rows:
                  - roll: 1-6
                    result: x
            """}, 'schema-value-error', ("exactly one of 'dice'",), 'dice.yaml', (2, 5), id='table_with_both_dice_and_custom_die'),
    pytest.param({"dice.yaml": """\
            tables:
              - id: t
                title: T
                dice: 1d6
                modifiers:
                  - id: m
                    label: M
                    value: 1
                    count: [3, 1]
                rows:
                  - roll: 1+
                    result: x
            """}, 'schema-value-error', ('count must be [lowest, highest]', '[3, 1]'), 'dice.yaml', 'id: m', id='modifier_count_backwards'),
    pytest.param({"icons.yaml": """\
            icons:
              - id: zap
                label: Zap
                meaning: Energy.
                glyph: {emoji: "⚡", text: "Z"}
            """}, 'schema-value-error', ('exactly one of emoji', 'emoji, text'), 'icons.yaml', '{emoji', id='glyph_needs_exactly_one_kind'),
]


@pytest.mark.parametrize("files, code, words, file, at", SCHEMA_MISTAKES)
def test_schema_mistake_is_explained_and_located(game, files, code, words, file, at):
    folder = game(files)
    _, problems = load_game(folder)
    problem = only(problems, code)
    assert all(w in problem.message for w in words), problem.message
    assert_at(problem, folder / file, *(where(folder, file, at) if isinstance(at, str) else at))
