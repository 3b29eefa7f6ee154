"""`rulecraft new` (a starter game that checks clean and builds) and the authoring guide (every example real)."""

from __future__ import annotations

import re
import shlex
import textwrap

import pytest
import sitekit
import yaml
from gamekit import REPO

from rulecraft.checks import check_path
from rulecraft.cli.cards_csv import parse_cards_csv
from rulecraft.cli.main import build_parser, main
from rulecraft.cli.scaffold import create_game
from rulecraft.cli.yamlwrite import schema_line
from rulecraft.models import FILE_KINDS

GUIDE = REPO / "docs" / "authoring.md"


def test_new_game_checks_clean_even_strict(tmp_path, capsys):
    assert main(["new", "my-game", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "no mkdocs.yml found" in out
    folder = tmp_path / "rules_data" / "my-game"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.yaml", "dice.yaml", "game.yaml", "icons.yaml",
                                                        "phases.yaml", "terms.yaml"]
    assert main(["check", "--strict", str(folder)]) == 0
    result = check_path(folder, tmp_path / "docs")
    assert (len(result.errors), len(result.warnings)) == (0, 0)
    summary = result.summaries[0]
    assert (summary.phases, summary.dice_tables, summary.terms, summary.icons) == (3, 1, 2, 1)
    page = (tmp_path / "docs" / "my-game" / "how-to-play.md").read_text(encoding="utf-8")
    assert "/// phase | income" in page and "{term:gem|gems}" in page and "{const:gems-to-win}" in page


def test_schema_lines_point_at_the_package_schemas(tmp_path):
    create_game(tmp_path, "demo")
    for path in (tmp_path / "rules_data" / "demo").glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == schema_line(path.parent, path.stem)
        assert (path.parent / first.split("=", 1)[1]).resolve().is_file()
    # inside this repository the line is exactly the seed games' line
    assert schema_line(REPO / "rules_data" / "new-game", "game") == \
        (REPO / "rules_data" / "corporate-warfare" / "game.yaml").read_text(encoding="utf-8").splitlines()[0]


def test_title_option_and_default_title(tmp_path):
    create_game(tmp_path, "two-words")
    create_game(tmp_path, "other", title='The "Other" Game')
    assert yaml.safe_load((tmp_path / "rules_data" / "two-words" / "game.yaml").read_text())["title"] == "Two Words"
    assert yaml.safe_load((tmp_path / "rules_data" / "other" / "game.yaml").read_text())["title"] == \
        'The "Other" Game'


def test_refuses_to_overwrite(tmp_path, capsys):
    assert main(["new", "demo", "--root", str(tmp_path)]) == 0
    before = (tmp_path / "rules_data" / "demo" / "game.yaml").read_text(encoding="utf-8")
    (tmp_path / "rules_data" / "demo" / "game.yaml").write_text(before + "# mine\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["new", "demo", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "already exists" in err and "refusing to overwrite game 'demo'" in err
    assert (tmp_path / "rules_data" / "demo" / "game.yaml").read_text(encoding="utf-8").endswith("# mine\n")
    (tmp_path / "docs" / "only-docs").mkdir(parents=True)
    assert main(["new", "only-docs", "--root", str(tmp_path)]) == 1


@pytest.mark.parametrize("game_id", ["My Game", "my_game!", "-dash", "Ünï", "assets", "a" * 81, ""])
def test_invalid_ids_exit_2(tmp_path, capsys, game_id):
    assert main(["new", "--root", str(tmp_path), "--", game_id]) == 2
    assert "game id" in capsys.readouterr().err
    assert not (tmp_path / "rules_data").exists()


def test_new_uses_the_projects_folders(tmp_path):
    sitekit.make_project(tmp_path, plugin_extra="")
    text = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(text.replace("docs_dir: docs", "docs_dir: pages")
                                         .replace("rules_data: rules_data", "rules_data: data"), encoding="utf-8")
    created = create_game(tmp_path, "demo")
    assert not created.notes
    assert (tmp_path / "data" / "demo" / "game.yaml").is_file()
    assert (tmp_path / "pages" / "demo" / "how-to-play.md").is_file()


@pytest.mark.site
def test_new_project_builds_strict_with_badges_and_version(tmp_path):
    project = sitekit.make_project(tmp_path / "p")
    assert main(["new", "demo", "--root", str(project)]) == 0
    run = sitekit.build(project)
    assert run.returncode == 0, run.stderr
    site = project / "site"
    for url in ("demo/", "demo/turn/", "demo/dice/", "demo/cards/", "demo/icons/", "demo/glossary/",
                "demo/cheatsheet/", "demo/changes/", "demo/how-to-play/"):
        assert (site / url / "index.html").is_file(), url
    assert not (site / "demo" / "status" / "index.html").exists()  # nothing open: no status page
    prose = sitekit.page(site, "demo/how-to-play/")
    assert prose.select_one(".rc-block--phase") and prose.select_one(".rc-block--dice")
    assert prose.select_one('a.rc-term[href$="glossary/#gem"]').get_text() in ("Gem", "gems")
    nav = [a.get_text(strip=True) for a in prose.select("nav.md-nav a.md-nav__link")]
    assert "How to play Demo" in nav or any("How to play" in n for n in nav)
    overview = sitekit.page(site, "demo/")
    facts = {dt.get_text(strip=True): dt.find_next_sibling("dd").get_text(strip=True)
             for dt in overview.select("dl.rc-facts dt")}
    assert facts["Rules version"] == "0.1.0"
    for url in ("demo/turn/", "demo/glossary/", "demo/cards/"):
        badges = [b.get_text(strip=True) for b in sitekit.page(site, url).select(".rc-badge--changed")]
        assert badges == ["Changed in 0.1.0"], (url, badges)
    changed = [a.get_text(strip=True) for a in sitekit.page(site, "demo/changes/").select(".rc-changed-items a")]
    assert changed == ["Phase 1. Income", "Term: Event card", "Card: Theft"]


@pytest.mark.site
def test_new_adds_itself_to_an_explicit_nav(tmp_path):
    project = sitekit.make_project(tmp_path / "p", files={"docs/index.md": "# Home\n"})
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as yml:
        yml.write("nav:\n  - Home: index.md   # keep this comment\n")
    created = create_game(project, "demo")
    assert "added the game to the explicit nav in mkdocs.yml" in created.notes
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    assert "# keep this comment" in text
    nav = yaml.safe_load(text)["nav"]
    assert nav[0] == {"Home": "index.md"}
    entries = nav[1]["Demo"]
    assert entries[:3] == [{"Overview": "demo/index.md"}, {"Turn sequence": "demo/turn.md"},
                           {"How to play": "demo/how-to-play.md"}]
    run = sitekit.build(project)
    assert run.returncode == 0, run.stderr
    links = [a.get("href") for a in sitekit.page(project / "site", "demo/how-to-play/").select("nav a")]
    assert any(h and h.rstrip("/").endswith("changes") for h in links)


# --- the authoring guide: every example is real ---------------------------------------------------------

FENCE = re.compile(r"^(?P<indent>[ ]*)```(?P<lang>\w*)[^\n]*\n(?P<body>.*?)^(?P=indent)```", re.M | re.S)


def guide_examples(lang: str) -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    return [textwrap.dedent(m.group("body")) for m in FENCE.finditer(text) if m.group("lang") == lang]


def test_guide_yaml_examples_validate_with_the_models():
    files = [body for body in guide_examples("yaml") if body.startswith("# rules_data/")]
    kinds = [re.match(r"# rules_data/my-game/(\w+)\.yaml", body).group(1) for body in files]
    assert sorted(kinds) == sorted(FILE_KINDS), "the guide shows one example of every data file kind"
    for kind, body in zip(kinds, files):
        FILE_KINDS[kind].model_validate(yaml.safe_load(body))


@pytest.mark.site
def test_guide_examples_form_a_game_that_checks_and_builds(tmp_path):
    files = {}
    for body in guide_examples("yaml"):
        match = re.match(r"# (rules_data/my-game/\w+\.yaml)", body)
        if match:
            files[match.group(1)] = body
    for body in guide_examples("markdown"):
        match = re.match(r"<!-- (docs/my-game/[\w-]+\.md) -->", body)
        assert match, "every Markdown example names its page"
        files[match.group(1)] = body
    project = sitekit.make_project(tmp_path / "p", games=("corporate-warfare",), files=files)
    result = check_path(project / "rules_data", project / "docs")
    mine = [p for p in result.problems if p.game == "my-game" or "my-game" in p.location.file]
    assert not [p for p in mine if p.is_error], [p.format() for p in mine]
    assert {p.code for p in mine} <= {"todo", "open-question"}, [p.format() for p in mine]
    run = sitekit.build(project)
    assert run.returncode == 0, run.stderr
    page = sitekit.page(project / "site", "my-game/strategy/")
    assert page.select_one(".rc-block--phase") and page.select_one(".rc-block--dice")
    assert page.select_one('a.rc-term[href*="corporate-warfare/glossary/#bluff"]')


def test_guide_csv_example_imports():
    (csv_text,) = guide_examples("csv")
    cards, problems = parse_cards_csv(csv_text, "events.csv")
    assert not problems and [c.id for c in cards] == ["windfall", "theft"]
    assert cards[1].text == "Take 1 gem from the player of your choice.\nThen pass."


def test_guide_command_lines_parse():
    parser = build_parser()
    commands = [line.split("#")[0].strip() for body in guide_examples("sh") for line in body.splitlines()]
    commands = [c for c in commands if c.startswith("rulecraft ")]
    assert len(commands) >= 10
    seen = set()
    for command in commands:
        args = parser.parse_args(shlex.split(command)[1:])
        seen.add(args.command)
    assert seen == {"check", "schema", "new", "import", "cards", "faq", "diff"}


def test_guide_lists_only_real_codes_and_every_block():
    guide = GUIDE.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`[^|]+`) \|", guide, re.M)
    codes = {c for row in rows for c in re.findall(r"`([a-z0-9-]+)`", row)}
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "plugins" / "rulecraft").rglob("*.py"))
    dynamic = ("schema-", "dangling-")
    missing = [c for c in codes if f'"{c}"' not in source and not c.startswith(dynamic)]
    assert not missing, f"codes in the guide that the code never emits: {missing}"
    from rulecraft.models.textrefs import GAME_BLOCKS, ITEM_BLOCKS, REF_KINDS

    for block in [*ITEM_BLOCKS, *GAME_BLOCKS, "games"]:
        assert f"`/// {block}" in guide, block
    for kind in REF_KINDS:
        assert f"`{{{kind}:" in guide, kind


def test_checking_one_game_leaves_its_neighbours_pages_to_them(tmp_path, capsys):
    """`rulecraft check rules_data/alpha` beside a game 'beta': beta's pages are beta's (their `/// dice` names
    beta's tables), not site pages naming no game; checking beta still reads them."""
    for game_id in ("alpha", "beta"):
        assert main(["new", game_id, "--root", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["check", "--strict", str(tmp_path / "rules_data" / "alpha"), "--docs", str(tmp_path / "docs")]) == 0
    assert "block-game" not in capsys.readouterr().out
    page = tmp_path / "docs" / "beta" / "how-to-play.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n/// dice | no-such-table\n///\n", encoding="utf-8")
    assert main(["check", str(tmp_path / "rules_data" / "alpha"), "--docs", str(tmp_path / "docs")]) == 0
    assert main(["check", str(tmp_path / "rules_data" / "beta"), "--docs", str(tmp_path / "docs")]) == 1
    assert "no-such-table" in capsys.readouterr().out
