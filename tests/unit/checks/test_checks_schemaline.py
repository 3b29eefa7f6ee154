"""`rulecraft check` warns when a data file's $schema line points nowhere (editors lose completion)."""

from __future__ import annotations

from gamekit import MINIMAL_GAME, dedent, only, write_game

from rulecraft.checks import check_path
from rulecraft.cli.schema import write_schemas


def test_dangling_schema_line_is_a_located_warning(tmp_path):
    game = dedent(MINIMAL_GAME["game.yaml"])
    folder = write_game(tmp_path / "rules_data", {
        "game.yaml": "# yaml-language-server: $schema=../../v/lib/python3.11/site-packages/rulecraft/schemas/"
                     "game.schema.json\n" + game})
    problem = only(check_path(folder, editor_hints=True).problems, "schema-missing")
    assert problem.location.line == 1 and problem.location.file.endswith("game.yaml")
    assert "site-packages" in problem.message and "rulecraft schema --out schemas" in problem.hint
    assert not [p for p in check_path(folder).problems if p.code == "schema-missing"], "builds do not ask"


def test_schema_lines_that_resolve_or_are_urls_pass(tmp_path):
    write_schemas(tmp_path / "schemas")
    game = dedent(MINIMAL_GAME["game.yaml"])
    folder = write_game(tmp_path / "rules_data", {
        "game.yaml": "# yaml-language-server: $schema=../../schemas/game.schema.json\n" + game,
        "terms.yaml": "# yaml-language-server: $schema=https://example.org/terms.schema.json\n"
                      + MINIMAL_GAME.get("terms.yaml", "terms: []\n")})
    assert not [p for p in check_path(folder, editor_hints=True).problems if p.code == "schema-missing"]
