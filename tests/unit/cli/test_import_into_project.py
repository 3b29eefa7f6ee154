"""`rulecraft new my-game` then `rulecraft import book.md --id my-game` (the README's order): the import
replaces the untouched starter, adds a game beside others, and refuses to overwrite anyone's work."""

from __future__ import annotations

import sitekit
import yaml

from rulecraft.cli.main import main

BOOK = """\
# Tinker Town

Build the town before the others do.

## Turn

1. Gather: take one wood.
2. Build: place one tile.

## End of the game

The game ends when the town has ten tiles.
"""


def _book(tmp_path):
    path = tmp_path / "book.md"
    path.write_text(BOOK, encoding="utf-8")
    return str(path)


def test_import_replaces_the_untouched_starter_and_says_so(tmp_path, capsys):
    root = tmp_path / "p"
    assert main(["new", "my-game", "--root", str(root)]) == 0
    capsys.readouterr()
    assert main(["import", _book(tmp_path), "--id", "my-game", "--out", str(root)]) == 0
    out = capsys.readouterr().out
    assert "replaced the starter game 'my-game'" in out
    assert not (root / "docs" / "my-game" / "how-to-play.md").exists()  # the starter's page is gone
    assert sorted(p.name for p in (root / "docs" / "my-game").iterdir()) == ["rules.md"]
    game = yaml.safe_load((root / "rules_data" / "my-game" / "game.yaml").read_text(encoding="utf-8"))
    assert game["title"] == "Tinker Town" and "starter" not in game.get("summary", "")
    assert not list(root.rglob(".*.replaced"))  # nothing left aside


def test_import_beside_another_game_leaves_its_files_alone(tmp_path):
    root = tmp_path / "p"
    assert main(["new", "my-game", "--root", str(root)]) == 0
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and "my-game" in p.parts}
    assert main(["import", _book(tmp_path), "--id", "tinker", "--out", str(root)]) == 0
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and "my-game" in p.parts} == before
    assert (root / "rules_data" / "tinker" / "game.yaml").is_file()


def test_an_edited_game_is_refused_unless_replace_is_given(tmp_path, capsys):
    root = tmp_path / "p"
    assert main(["new", "my-game", "--root", str(root)]) == 0
    page = root / "docs" / "my-game" / "how-to-play.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nMy own house rule.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["import", _book(tmp_path), "--id", "my-game", "--out", str(root)]) == 1
    err = capsys.readouterr().err
    assert "not the untouched starter" in err and "--replace" in err
    assert "My own house rule." in page.read_text(encoding="utf-8")  # nothing touched
    assert main(["import", _book(tmp_path), "--id", "my-game", "--out", str(root), "--replace"]) == 0
    assert "replaced the game 'my-game'" in capsys.readouterr().out
    assert not page.exists()


def test_replacing_a_game_in_an_explicit_nav_keeps_one_entry(tmp_path):
    root = sitekit.make_project(tmp_path / "p", files={"docs/index.md": "# Home\n"})
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8") + "nav:\n  - Home: index.md\n", encoding="utf-8")
    assert main(["new", "my-game", "--root", str(root)]) == 0
    assert main(["import", _book(tmp_path), "--id", "my-game", "--out", str(root)]) == 0
    nav = yaml.safe_load(yml.read_text(encoding="utf-8"))["nav"]
    assert nav[0] == {"Home": "index.md"} and len(nav) == 2
    assert {"Rules": "my-game/rules.md"} in nav[1]["Tinker Town"]


def test_new_then_import_checks_clean_and_builds(tmp_path):
    root = sitekit.make_project(tmp_path / "p")
    assert main(["new", "my-game", "--root", str(root)]) == 0
    assert main(["new", "other", "--root", str(root)]) == 0
    assert main(["import", _book(tmp_path), "--id", "my-game", "--out", str(root)]) == 0
    assert main(["check", str(root / "rules_data"), "--docs", str(root / "docs")]) == 0
    run = sitekit.build(root, strict=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert (root / "site" / "my-game" / "rules" / "index.html").is_file()
    assert (root / "site" / "other" / "how-to-play" / "index.html").is_file()


def test_a_comment_at_column_0_inside_the_nav_does_not_end_it(tmp_path):
    from rulecraft.cli.project import add_nav_entry, remove_nav_entry

    yml = tmp_path / "mkdocs.yml"
    yml.write_text("site_name: X\nnav:\n  - Home: index.md\n# the games\n  - Alpha:\n"
                   "      # house rules next\n      - Rules: alpha/rules.md\n  - Beta:\n      - Rules: beta/rules.md\ntheme: mkdocs\n",
                   encoding="utf-8")
    remove_nav_entry(yml, "alpha")
    assert yaml.safe_load(yml.read_text(encoding="utf-8"))["nav"] == [
        {"Home": "index.md"}, {"Beta": [{"Rules": "beta/rules.md"}]}]
    assert "house rules" not in yml.read_text(encoding="utf-8")  # alpha's own comment went with it
    assert add_nav_entry(yml, "Gamma", [("Rules", "gamma/rules.md")]) is None
    data = yaml.safe_load(yml.read_text(encoding="utf-8"))
    assert data["nav"][-1] == {"Gamma": [{"Rules": "gamma/rules.md"}]} and data["theme"] == "mkdocs"
