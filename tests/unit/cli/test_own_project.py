"""A designer's own project, outside this repository: what `rulecraft new` and `import` leave behind.

Schema lines must resolve for every collaborator (a `schemas/` folder in the project, not a path into
one person's virtualenv); the starter mkdocs.yml has every feature it turns on working.
"""

from __future__ import annotations

import re
import shutil
import sysconfig
from pathlib import Path

import pytest
from gamekit import REPO

from rulecraft.cli.importer import import_rulebook
from rulecraft.cli.main import main
from rulecraft.cli.project import read_mkdocs
from rulecraft.cli.scaffold import create_game
from rulecraft.cli.schema import SCHEMA_DIR, check_schemas
from rulecraft.cli.yamlwrite import is_installed, schema_folder

SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")
BOOK = REPO / "tests" / "unit" / "cli" / "rulebooks" / "market-day.md"


def schema_targets(root):
    for path in sorted(root.glob("rules_data/*/*.yaml")):
        match = SCHEMA_LINE.match(path.read_text(encoding="utf-8").splitlines()[0])
        assert match, f"{path} has no schema line"
        yield path, (path.parent / match.group(1)).resolve()


@pytest.mark.parametrize("how", ["new", "import"])
def test_every_schema_line_resolves_inside_the_project(tmp_path, how):
    root = tmp_path / "my-rules"
    if how == "new":
        create_game(root, "my-game")
    else:
        import_rulebook(BOOK, root, game_id="market-day")
    targets = list(schema_targets(root))
    assert targets
    for path, target in targets:
        assert target.is_file(), f"{path}: {target}"
        assert target.parent == (root / "schemas").resolve(), "the project carries its own schemas"
    assert not check_schemas(root / "schemas"), "the written schemas are the current ones"


def test_a_second_game_reuses_the_project_schemas(tmp_path):
    create_game(tmp_path, "first")
    created = create_game(tmp_path, "second")
    assert not [p for p in created.files if p.parent.name == "schemas"], "current schemas are not rewritten"
    assert all(target.is_file() for _, target in schema_targets(tmp_path))


def test_inside_the_package_home_the_lines_point_at_the_package(tmp_path):
    # This repository is the package's home: its games use plugins/rulecraft/schemas, kept current by
    # `rulecraft schema` and tested against the models (tests/unit/cli/test_schema.py).
    for path, target in schema_targets(REPO):
        assert target.parent == SCHEMA_DIR.resolve(), path


def test_starter_mkdocs_features_all_work(tmp_path):
    create_game(tmp_path, "my-game")
    config = read_mkdocs(tmp_path / "mkdocs.yml")
    features = config["theme"]["features"]
    assert config["site_url"], "instant navigation and the sitemap need site_url"
    assert "navigation.instant" in features and "content.action.edit" in features
    ours = read_mkdocs(REPO / "mkdocs.yml")["theme"]["features"]
    assert set(ours) <= set(features), "the same Material features as this repository's site"
    text = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
    assert "# edit_url: https://github.com/you/your-rules/edit/main/{path}" in text
    assert (tmp_path / ".gitignore").read_text(encoding="utf-8").count("site/") == 1


def test_an_existing_gitignore_is_left_alone(tmp_path):
    (tmp_path / ".gitignore").write_text("mine\n", encoding="utf-8")
    create_game(tmp_path, "my-game")
    assert (tmp_path / ".gitignore").read_text(encoding="utf-8") == "mine\n"


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert re.fullmatch(r"rulecraft (\d+\.\d+\.\d+\S*|\(not installed\))\n", capsys.readouterr().out)


def test_new_says_how_to_go_on(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "my-game", "--root", "rules"]) == 0
    out = capsys.readouterr().out
    assert "cd rules\n" in out and "check rules_data/my-game" in out and "serve --livereload" in out


def test_readme_speaks_of_no_internal_paths_and_its_commands_parse():
    from rulecraft.cli.main import build_parser

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "seed" not in readme.lower()
    own = readme.split("## Use Rulecraft for your own game", 1)[1].split("\n## ", 1)[0]
    # Rulecraft has no public address: no made-up one (github.com/OWNER/...); installs from a copy
    # beside the project (test_fresh_install runs that line) or from the reader's own git URL, marked so.
    assert "OWNER" not in own and "github.com/" not in own.replace("github.com/<you>/", "")
    installs = [line.split("#")[0].strip() for line in own.splitlines()
                if re.match(r"^\s*(\.venv/bin/pip|- run: pip) install ", line)]
    assert len(installs) == 4  # the copy, a git URL, CI, CI with PDFs pinned to a commit
    assert installs[0] == ".venv/bin/pip install '../rulecraft[pdf,import]'"
    assert all("../rulecraft" in line or "<your copy's URL>" in line or "vars.RULECRAFT_GIT_URL" in line
               for line in installs), installs
    commands = [line.split("#")[0].strip() for line in own.splitlines()]
    commands = [c.split("rulecraft ", 1)[1] for c in commands if re.match(r"^(\.venv/bin/|- run: )?rulecraft ", c)]
    assert len(commands) >= 3
    parser = build_parser()
    for command in commands:
        if command.strip() != "--version":
            parser.parse_args(command.split())


def fake_package(monkeypatch, schemas_dir):
    """Pretend the package's schemas live at ``schemas_dir`` (a copy of the real ones, marked stale)."""
    import rulecraft.cli.yamlwrite as yamlwrite

    shutil.copytree(SCHEMA_DIR, schemas_dir)
    (schemas_dir / "game.schema.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(yamlwrite, "SCHEMA_DIR", schemas_dir)
    return {p.name: p.read_bytes() for p in schemas_dir.iterdir()}


def test_a_package_installed_in_the_projects_venv_is_not_its_home(tmp_path, monkeypatch, capsys):
    # The README's layout: `python3 -m venv .venv` inside the project folder, Rulecraft pip-installed there.
    root = tmp_path / "my-rules"
    installed = root / ".venv" / "lib" / "python3.11" / "site-packages" / "rulecraft" / "schemas"
    before = fake_package(monkeypatch, installed)
    assert schema_folder(root) == root / "schemas"
    create_game(root, "my-game")
    for path, target in schema_targets(root):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.endswith(f"$schema=../../schemas/{path.stem}.schema.json"), path
        assert target.is_file()
    assert not check_schemas(root / "schemas")
    (root / "schemas" / "terms.schema.json").write_text("{}", encoding="utf-8")
    monkeypatch.chdir(root)
    assert main(["schema"]) == 0
    assert f"wrote {root / 'schemas' / 'terms.schema.json'}" in capsys.readouterr().out
    assert not check_schemas(root / "schemas")
    assert {p.name: p.read_bytes() for p in installed.iterdir()} == before  # site-packages left alone


def test_the_packages_source_tree_inside_the_project_is_its_home(tmp_path, monkeypatch):
    # As in this repository: the package's source (not an installed copy) lies within the project.
    root = tmp_path / "rulecraft"
    source = root / "plugins" / "rulecraft" / "schemas"
    fake_package(monkeypatch, source)
    assert schema_folder(root) == source.resolve()
    assert schema_folder(tmp_path / "elsewhere") == tmp_path / "elsewhere" / "schemas"


def test_is_installed():
    assert not is_installed(SCHEMA_DIR.parent) or "site-packages" in SCHEMA_DIR.parts
    assert is_installed(Path(sysconfig.get_path("purelib")) / "rulecraft")
    assert is_installed(Path("/opt/py/lib/python3.11/dist-packages/rulecraft"))
