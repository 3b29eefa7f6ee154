"""`rulecraft import`: the five seed rulebooks become loadable, checkable skeletons (no errors).

The seeds live in ../shared/seeds next to the repository (tests skip, saying why, when they are absent).
Output always goes to tmp_path: the importer is a starting point, never a replacement for rules_data/.
"""

from __future__ import annotations

import re

import textwrap
from pathlib import Path

import pytest
import sitekit
import yaml
from gamekit import SEED_FILES, SEEDS

from rulecraft.cli.importer import detect_format, import_rulebook, read_outline, recognise
from rulecraft.cli.importer.dice import parse_row
from rulecraft.cli.importer.outline import ListItem
from rulecraft.cli.importer.terms import split_term
from rulecraft.cli.main import main
from rulecraft.loader import load_rulebook


def seed(game: str) -> Path:
    path = SEEDS / SEED_FILES[game]
    if not path.is_file():
        pytest.skip(f"seed rulebook {path} not found: the seeds live in ../shared/seeds beside the repository")
    return path


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """Every seed imported once into one throw-away project (ids as in the seeds' README)."""
    root = tmp_path_factory.mktemp("imports")
    results = {}
    for game in SEED_FILES:
        path = SEEDS / SEED_FILES[game]
        if path.is_file():
            results[game] = import_rulebook(path, root, game_id=game)
    return root, results


def result_of(imported, game):
    seed(game)
    return imported[1][game]


def load(result):
    path = result.folder
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in path.glob("*.yaml")}


@pytest.mark.parametrize("game", list(SEED_FILES))
def test_every_seed_loads_and_checks_without_errors(imported, game):
    result = result_of(imported, game)
    book = load_rulebook(result.folder)
    assert not book.problems, [p.format() for p in book.problems]
    assert not result.check.errors, [p.format() for p in result.check.errors]
    assert result.check.gaps, "copied rules must leave todos (recorded gaps) for a human"
    for path in result.folder.glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        assert (path.parent / first.split("=", 1)[1]).resolve().is_file()
    report = result.report_path.read_text(encoding="utf-8")
    assert report == result.report_text and "## Needs a human" in report and "0 error(s)" in report
    assert result.page.is_file() and "TODO: restate" in result.page.read_text(encoding="utf-8")


def test_john_company(imported):
    result = result_of(imported, "john-company")
    data = load(result)
    assert result.counts["phases"] == 18  # as numbered in the source (7a/7b and 10b/10c, 15 nested)
    assert result.counts["dice_tables"] >= 5
    assert result.counts["terms"] >= 10
    phases = {p["id"]: p for p in data["phases"]["phases"]}
    assert [a["id"] for a in phases["directory-of-trade-or-governor-general"]["alternatives"]] == \
        ["directory-of-trade", "governor-general"]
    assert phases["london-season"]["skip_first_round"] is True
    assert [s["name"] for s in phases["presidency-of-bombay"]["subphases"]][0] == "Army Commander of Bombay"
    assert phases["vote-on-deregulation"]["optional"] is True
    assert all(p["todo"].startswith("Copied from the source as-is: restate") for p in data["phases"]["phases"]
               if "alternatives" not in p)
    tables = {t["id"]: t for t in data["dice"]["tables"]}
    retirement = tables["john-company-retirements"]
    assert [r["roll"] for r in retirement["rows"]] == ["1-2", "3-4", "5-6"]
    assert "modifiers" in retirement["todo"] and retirement["when"] == "{phase:london-season}"
    assert tables["governor-general"]["any_result"].startswith("For any result")
    assert "todo" not in tables["storms"]  # 1–6 covered exactly once: proven
    events = tables["events-in-india"]
    die = data["dice"]["dice"][0]
    assert events["custom_die"] == die["id"] and len(die["faces"]) == 5 and "count" in events["todo"]
    terms = {t["term"]: t for t in data["terms"]["terms"]}
    assert terms["You are Fired"]["short"].startswith("The Office taking the action loses")
    assert terms["Firm Manager"]["todo"].startswith("The source leaves this term undefined")
    page = result.page.read_text(encoding="utf-8")
    assert "/// phase | vote-on-deregulation" in page and "## Vote on Deregulation" in page
    assert "## 1. *Vote on Deregulation*" not in page  # typed numbers dropped
    assert "/// dice | john-company-retirements" in page and "/// glossary" in page


def test_corporate_warfare_from_html(imported):
    result = result_of(imported, "corporate-warfare")
    data = load(result)
    assert result.state.outline.format == "html"
    assert [p["name"] for p in data["phases"]["phases"]] == ["Allocation", "Action", "Execution", "Economic Upkeep"]
    cards = data["cards"]["decks"][0]["cards"]
    assert len(cards) >= 5
    assert {c["name"]: c.get("type") for c in cards}["Espionage"] == "Joker"
    assert "qty" in data["cards"]["decks"][0]["todo"]
    assert len(data["game"]["components"]) == 4 and data["game"]["setup"][0]["steps"][0] == "3 Employee tokens"
    assert "30 dollars" in data["game"]["end_of_game"][0]
    production = next(t for t in data["dice"]["tables"] if t["id"] == "production")
    assert production["rows"] == [{"roll": "1-3", "result": "Not stated in the source."},
                                  {"roll": "4-6", "result": "Gain a product token."}]
    assert production["when"] == "{phase:execution}" and "No row for 1-3" in production["todo"]


def test_asean_2090(imported):
    result = result_of(imported, "asean-2090")
    data = load(result)
    assert [p["name"] for p in data["phases"]["phases"]] == ["Agenda", "Execution", "Merger", "Scoring"]
    assert "'Production Phase' looks like a phase but matches none" in result.report_text


def test_1800(imported):
    result = result_of(imported, "1800")
    data = load(result)
    assert result.counts["phases"] == 7
    names = [p["name"] for p in data["phases"]["phases"]]
    assert names[0] == "Population and Commercial Booms" and names[-1] == "Citizen Migration"
    (entry,) = data["game"]["changelog"]
    assert entry["version"] == "0.4.0" and len(entry["changes"]) == 5
    assert data["game"]["version"] == "0.4.0" and data["game"]["players"] == {"min": 2, "max": 8}
    assert "/// changelog" in result.page.read_text(encoding="utf-8")


def test_straits_sections(imported):
    result = result_of(imported, "straits")
    assert result.counts["phases"] == 0 and not (result.folder / "phases.yaml").exists()
    assert result.counts["sections"] >= 10
    page = result.page.read_text(encoding="utf-8")
    for heading in ("## Placing Influence", "### Scoring Districts", "## Excess Public Works", "## Resources"):
        assert heading in page
    assert "![" not in page and "{:" not in page and "](icons-reference-list)" not in page
    assert "*(Image not included: Instant effects)*" in page and "!!! example" in page
    assert "No turn sequence found" in result.report_text
    assert "11 image(s) are not included" in result.report_text
    assert "commented-out" in result.report_text


@pytest.mark.site
def test_imported_seeds_build(imported):
    root, results = imported
    if not results:
        pytest.skip("no seed rulebooks found in ../shared/seeds")
    sitekit.make_project(root)  # the sitekit mkdocs.yml over the imported data and pages
    run = sitekit.build(root, strict=False)
    assert run.returncode == 0, run.stderr
    # The only warnings are glossary entries the seeds define but never use elsewhere, and drift the prose
    # checks find in the imported text (the sources' own: both real, for a human to judge); no broken links,
    # anchors or pages.
    warnings = [line for line in run.stderr.splitlines() if line.startswith("WARNING")]
    assert all(re.search(r"warning\[(unused-term|drift-[a-z-]+)\]", line) for line in warnings), "\n".join(warnings)
    if "john-company" in results:
        soup = sitekit.page(root / "site", "john-company/rules/")
        assert soup.select(".rc-block--phase") and soup.select(".rc-block--dice")


# --- recognisers on small inputs --------------------------------------------------------------------------


@pytest.mark.parametrize("text, values, label, result", [
    ("1️⃣ / 2️⃣ \u00a0\u00a0 Nothing happens.", [1, 2], None, "Nothing happens."),
    ("1/2 → Nothing", [1, 2], None, "Nothing"),
    ("3-4: Gain a coin", [3, 4], None, "Gain a coin"),
    ("5+ = Retire", [5], None, "Retire"),
    ("2️⃣ with W storm \u00a0\u00a0 Roll storms", [2], "with W storm", "Roll storms"),
    ("1️⃣ or 2️⃣ Safe", [1, 2], None, "Safe"),
])
def test_dice_rows(text, values, label, result):
    row = parse_row(ListItem(text))
    assert (row.values, row.label, row.result) == (values, label, result)


@pytest.mark.parametrize("text", ["2 green Districts and 1 blue District are open.", "£2 - A Leased Ship",
                                  "1800 is a game", "Roll storms"])
def test_not_dice_rows(text):
    assert parse_row(ListItem(text)) is None


def test_dice_gaps_are_filled_and_flagged(tmp_path):
    md = textwrap.dedent("""\
        # Game
        ## Turn
        1. Roll -- roll the die.
        ## Roll
        Roll 1d6 for each ship:

        - 1 → Sink.
        - 5-6 → Sail on.
        """)
    state = recognise(read_outline(md, "g.md"), "g")
    table = state.tables[0]
    assert table["per"] == "ship"
    assert table["rows"] == [{"roll": 1, "result": "Sink."}, {"roll": "2-4", "result": "Not stated in the source."},
                             {"roll": "5-6", "result": "Sail on."}]
    assert "no row for 2-4" in table["todo"].lower()


def test_terms_and_cards_and_html_lists(tmp_path):
    assert split_term("Enterprises -- The Workshop cards.", weak=False) == ("Enterprises", "The Workshop cards.")
    assert split_term("You are Fired - The Office loses.", weak=True) == ("You are Fired", "The Office loses.")
    assert split_term("A long sentence that is surely not a term at all - no", weak=True) is None
    html = textwrap.dedent("""\
        <h1>Game</h1><h2>Cards</h2>
        <ul><li><strong>Spy (Jack)</strong>: Peek.</li><li><strong>Thief</strong> (Queen): Steal.</li></ul>
        <h2>Glossary</h2><dl><dt>Peek</dt><dd>Look at a card.</dd><dt>Steal</dt><dd>Take a card.</dd></dl>
        <h2>Turn order</h2><ol><li><b>Draw</b><ul><li>Draw one.</li></ul><ul><li>Then another.</li></ul></li>
        <li><b>Play</b></li></ol>
        """)
    assert detect_format(html) == "html"
    state = recognise(read_outline(html, "g.html"), "g")
    assert [(c["name"], c["type"]) for c in state.decks[0]["cards"]] == [("Spy", "Jack"), ("Thief", "Queen")]
    assert [t["term"] for t in state.terms] == ["Peek", "Steal"]
    assert state.phases[0]["steps"] == ["Draw one.", "Then another."]


def test_detect_format_prefers_the_headings_used():
    assert detect_format("<!DOCTYPE html>\n<div>\n## Rules\n</div>\n") == "markdown"
    assert detect_format("<h2>Rules</h2><p>x</p>") == "html"


# --- the command line -------------------------------------------------------------------------------------


def test_cli_import_prints_and_writes_the_report(tmp_path, capsys):
    source = seed("corporate-warfare")
    assert main(["import", str(source), "--id", "cw", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "# Import report: Corporate Warfare (cw)" in out and "report written to" in out
    assert (tmp_path / "rules_data" / "cw" / "IMPORT-REPORT.md").is_file()
    assert (tmp_path / "mkdocs.yml").is_file()  # a folder without a project gets a minimal one
    assert main(["import", str(source), "--id", "cw", "--out", str(tmp_path)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_cli_import_usage_errors(tmp_path, capsys):
    assert main(["import", str(tmp_path / "missing.md"), "--out", str(tmp_path)]) == 2
    assert "does not exist" in capsys.readouterr().err
    source = tmp_path / "r.md"
    source.write_text("# Game\n\n## Turn\n\n1. Go -- go.\n", encoding="utf-8")
    assert main(["import", str(source), "--id", "Bad Id", "--out", str(tmp_path)]) == 2
    assert "not a valid game id" in capsys.readouterr().err


def test_import_into_a_project_with_an_explicit_nav(tmp_path):
    sitekit.make_project(tmp_path, files={"docs/index.md": "# Home\n"})
    with (tmp_path / "mkdocs.yml").open("a", encoding="utf-8") as yml:
        yml.write("nav:\n  - Home: index.md\n")
    source = tmp_path / "r.md"
    source.write_text("# Tiny\n\nA tiny game.\n\n## Turn\n\n1. Go -- move one space.\n", encoding="utf-8")
    result = import_rulebook(source, tmp_path, game_id="tiny")
    assert not result.check.errors
    nav = yaml.safe_load((tmp_path / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    assert nav[-1] == {"Tiny": [{"Overview": "tiny/index.md"}, {"Turn sequence": "tiny/turn.md"},
                                {"Rules": "tiny/rules.md"}, {"Play a turn": "tiny/play.md"},
                                {"Cheat sheet": "tiny/cheatsheet.md"},
                                {"Status": "tiny/status.md"}]}


@pytest.mark.parametrize("step", ["read_markdown", "recognise", "write"])
def test_cli_import_names_a_bug_of_ours_without_a_traceback(tmp_path, capsys, monkeypatch, step):
    import rulecraft.cli.importer as importer

    def broken(*args, **kwargs):
        return [][0]  # an IndexError inside the importer, as a recogniser bug would raise

    monkeypatch.setattr(importer, step, broken)
    monkeypatch.delenv("RULECRAFT_DEBUG", raising=False)
    source = tmp_path / "r.md"
    source.write_text("# Game\n\n## Turn\n\n1. Go -- go.\n", encoding="utf-8")
    code = main(["import", str(source), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == (70 if step == "write" else 1)
    assert "Traceback" not in err and "IndexError in test_import.py" in err and "bug in Rulecraft" in err
    if step != "write":  # a failure while reading writes nothing at all
        assert "nothing was written" in err and not (tmp_path / "out").exists()
    monkeypatch.setenv("RULECRAFT_DEBUG", "1")
    main(["import", str(source), "--out", str(tmp_path / "again")])
    assert "Traceback" in capsys.readouterr().err


def test_cli_import_that_cannot_write_says_where_and_blames_no_bug(tmp_path, capsys):
    project = tmp_path / "p"
    project.mkdir()
    (project / "mkdocs.yml").write_text("site_name: X\nplugins:\n  - rulecraft\n", encoding="utf-8")
    (project / "rules_data").mkdir()
    (project / "docs").write_text("", encoding="utf-8")  # a file where the docs folder goes
    source = tmp_path / "r.md"
    source.write_text("# Game\n\n## Turn\n\n1. Go -- go.\n", encoding="utf-8")
    code = main(["import", str(source), "--out", str(project)])
    err = capsys.readouterr().err
    assert code == 1
    assert "cannot write" in err and str(project / "docs") in err
    assert "bug in Rulecraft" not in err and "Traceback" not in err


def test_the_copied_page_is_named_apart_from_the_game(tmp_path):
    """Without an explicit nav the page's title names it in the navigation: not the game's title again, which
    is already the name of the game's section."""
    sitekit.make_project(tmp_path, files={"docs/index.md": "# Home\n"})
    source = tmp_path / "r.md"
    source.write_text("# Tiny\n\nA tiny game.\n\n## Turn\n\n1. Go -- move one space.\n", encoding="utf-8")
    import_rulebook(source, tmp_path, game_id="tiny")
    page = (tmp_path / "docs" / "tiny" / "rules.md").read_text(encoding="utf-8")
    assert page.startswith('---\ntitle: "Rules"\n---\n\n# Tiny\n')
    # How the page was made is a note for the designer (hidden from players), still a TODO for the checker.
    assert page.split("\n\n")[2].startswith("/// designer-note\nImported from `r.md` by `rulecraft import`. TODO:")
