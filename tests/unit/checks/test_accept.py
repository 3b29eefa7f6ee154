"""checks.accept: a warning accepted with a reason, on its object, in game.yaml or on a page's line."""

from __future__ import annotations

import json

from gamekit import assert_at, check, only, where, with_code

from rulecraft.checks.accept import Accepts, in_prose
from rulecraft.cli.main import main
from rulecraft.models.index import build_index
from rulecraft.problems import Location, error, gap, warning

UNUSED_TERM = """\
    terms:
      - id: widget
        term: Widget
        plurals: [widgets]
        short: A small wooden cube.
      - id: gizmo
        term: Gizmo
        short: Printed on the box only.
        {accept}
    """


def game_yaml(check_block: str = "") -> str:
    return ("id: demo\ntitle: Demo Game\nversion: \"1.0\"\nsummary: Players trade widgets.\n"
            + (check_block if check_block else ""))


def test_without_an_accept_the_unused_term_is_a_warning(game):
    folder = game({"terms.yaml": UNUSED_TERM.replace("{accept}", "")})
    assert only(check(folder).problems, "unused-term").subject == "term:gizmo"
    assert main(["check", "--strict", str(folder)]) == 1


def test_accept_inline_on_the_object(game, capsys):
    folder = game({"terms.yaml": UNUSED_TERM.replace("{accept}", 'accept: {unused-term: "named on the box"}')})
    result = check(folder)
    assert with_code(result.problems, "unused-term") == []
    (accepted,) = result.accepted
    assert accepted.problem.code == "unused-term" and accepted.reason == "named on the box"
    assert_at(accepted.problem, folder / "terms.yaml")
    assert accepted.where.line == where(folder, "terms.yaml", "unused-term")[0]
    assert result.summaries[0].accepted == 1
    assert main(["check", "--strict", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "unused-term" not in out.split("\n\n")[0]  # not listed among the problems
    assert "accepted warnings 1" in out and "0 warning(s), 0 recorded gap(s), 1 accepted warning(s)" in out


def test_accept_in_game_yaml_by_code_and_subject(game, capsys):
    folder = game({
        "terms.yaml": UNUSED_TERM.replace("{accept}", ""),
        "game.yaml": game_yaml("check:\n  accept:\n    - {code: unused-term, at: term:gizmo, reason: Kept for "
                               "the box art.}\n"),
    })
    result = check(folder)
    assert result.warnings == []
    assert [(a.problem.subject, a.reason) for a in result.accepted] == [("term:gizmo", "Kept for the box art.")]
    assert main(["check", "--strict", "--format", "json", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    (entry,) = data["accepted"]
    assert (entry["code"], entry["subject"], entry["reason"]) == ("unused-term", "term:gizmo", "Kept for the box art.")
    assert entry["accepted_at"]["line"] == 7 and data["warnings"] == 0


def test_an_accept_names_one_code_on_one_object(game):
    folder = game({
        "terms.yaml": UNUSED_TERM.replace("{accept}", ""),
        "game.yaml": game_yaml("check:\n  accept:\n    - {code: unused-icon, at: term:gizmo, reason: wrong code}\n"
                               "    - {code: unused-term, at: term:widget, reason: wrong term}\n"),
    })
    result = check(folder)
    assert only(result.problems, "unused-term").subject == "term:gizmo"
    assert len(with_code(result.problems, "accept-stale")) == 2


def test_a_stale_accept_is_a_located_warning(game, capsys):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget or a Gizmo.
        """, "terms.yaml": UNUSED_TERM.replace("{accept}", 'accept: {unused-term: "named on the box"}')})
    result = check(folder)
    problem = only(result.problems, "accept-stale")
    assert problem.is_warning and result.accepted == []
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "unused-term"))
    assert "term:gizmo" in problem.message
    assert main(["check", "--strict", str(folder)]) == 1
    line, column = where(folder, "terms.yaml", "unused-term")
    assert f"terms.yaml:{line}:{column}: warning[accept-stale]" in capsys.readouterr().out


def test_a_stale_accept_in_game_yaml_names_its_line(game):
    folder = game({"game.yaml": game_yaml("check:\n  accept:\n    - {code: unused-term, at: term:nothing, "
                                          "reason: gone}\n")})
    problem = only(check(folder).problems, "accept-stale")
    assert_at(problem, folder / "game.yaml", 7)


def test_an_error_cannot_be_accepted(game, capsys):
    folder = game({
        "phases.yaml": """\
            phases:
              - id: trade
                name: Trade
                rules: Trade a {term:gizmo}.
                accept: {dangling-term: "the source calls it that"}
            """,
    })
    result = check(folder)
    assert only(result.problems, "dangling-term").is_error  # still there
    refusal = only(result.problems, "accept-refused")
    assert refusal.is_error and "an error" in refusal.message
    assert_at(refusal, folder / "phases.yaml", *where(folder, "phases.yaml", "dangling-term"))
    assert result.accepted == []
    assert main(["check", str(folder)]) == 1


def test_a_recorded_gap_cannot_be_accepted(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
            todo: ties are not covered
            accept: {todo: "we know"}
        """})
    result = check(folder)
    assert only(result.problems, "todo").is_gap
    assert "recorded gap" in only(result.problems, "accept-refused").message


def test_an_accept_needs_a_reason(game):
    folder = game({"terms.yaml": UNUSED_TERM.replace("{accept}", 'accept: {unused-term: "  "}')})
    result = check(folder)
    assert result.errors and all(p.location.file.endswith("terms.yaml") for p in result.errors)


def test_accept_other_kinds_inline(game):
    folder = game({
        "game.yaml": game_yaml("constants:\n  spare:\n    value: 3\n    accept: {unused-constant: printed on the "
                               "board}\n"),
        "icons.yaml": """\
            icons:
              - id: star
                label: Star
                meaning: A bonus.
                glyph: {emoji: "⭐"}
                accept: {unused-icon: on the box}
            """,
        "phases.yaml": """\
            groups:
              - id: main
                name: Main
                accept: {unused-group: the source names it}
            phases:
              - id: trade
                name: Trade
                rules: Each player may trade one Widget.
            """,
    })
    result = check(folder)
    assert sorted(a.problem.subject for a in result.accepted) == ["const:spare", "group:main", "icon:star"]
    assert result.warnings == []


# --- a finding in a prose page: an HTML comment on its line, or alone on the line above -------------------


PAGE = """\
# Rules

The Gizmo is the box's mascot. <!-- rulecraft: accept drift "the box art names it" -->

<!-- rulecraft: accept drift "kept as the source has it" -->
The Widget costs 3.

An unaccepted line.
"""


def test_prose_accepts_match_the_finding_on_their_line(game):
    folder = game()
    index = build_index(check(folder).book.games["demo"])
    pages, mistakes = in_prose("docs/demo/rules.md", PAGE, "demo")
    assert mistakes == []
    found = [warning("drift", "a", Location("docs/demo/rules.md", 3, 5), game="demo"),
             warning("drift", "b", Location("docs/demo/rules.md", 6, 5), game="demo"),
             warning("drift", "c", Location("docs/demo/rules.md", 8, 1), game="demo"),
             warning("other", "d", Location("docs/demo/rules.md", 3, 1), game="demo")]
    accepts = Accepts()
    outcome = accepts.apply(index, pages, found)
    assert [(a.problem.message, a.reason) for a in outcome.accepted] == [
        ("a", "the box art names it"), ("b", "kept as the source has it")]
    assert [p.message for p in outcome.kept] == ["c", "d"]
    assert accepts.stale() == []


def test_a_prose_accept_never_takes_an_error_or_a_gap(game):
    index = build_index(check(game()).book.games["demo"])
    pages, _ = in_prose("p.md", 'x <!-- rulecraft: accept todo "no" -->\ny <!-- rulecraft: accept bad "no" -->\n')
    outcome = Accepts().apply(index, pages, [gap("todo", "t", Location("p.md", 1, 1)),
                                             error("bad", "e", Location("p.md", 2, 1))])
    assert outcome.accepted == []
    assert sorted(p.code for p in outcome.kept) == ["accept-refused", "accept-refused", "bad", "todo"]


def test_a_stale_prose_accept_and_a_malformed_one_are_located(game, tmp_path):
    folder = game()
    docs = tmp_path / "docs"
    (docs / "demo").mkdir(parents=True)
    (docs / "demo" / "rules.md").write_text("# Rules\n\nTrade a Widget. <!-- rulecraft: accept drift \"old\" -->\n"
                                            "<!-- rulecraft: accpet drift -->\n", encoding="utf-8")
    result = check(folder, docs)
    stale = only(result.problems, "accept-stale")
    assert stale.location.file.endswith("rules.md") and (stale.location.line, stale.location.column) == (3, 17)
    syntax = only(result.problems, "accept-syntax")
    assert syntax.is_error and syntax.location.line == 4 and "rulecraft: accept CODE" in syntax.hint


# --- the Status page lists every accept with its reason ------------------------------------------------------


def test_status_page_lists_accepted_warnings_with_their_reason(game):
    from mdkit import render

    folder = game({
        "terms.yaml": UNUSED_TERM.replace("{accept}", 'accept: {unused-term: "named on the box"}'),
        "game.yaml": game_yaml("constants:\n  spare: 3\ncheck:\n  accept:\n    - {code: unused-constant, "
                               "at: const:spare, reason: printed on the board}\n"),
    })
    soup, _ = render(folder.parent, "/// status\n///\n", game="demo")
    facts = {dt.get_text(): dt.find_next("dd").get_text() for dt in soup.select(".rc-status-summary dt")}
    assert facts["Accepted warnings"] == "2"
    items = [" ".join(li.get_text(" ").split()) for li in soup.select("#accepted-warnings ~ ul.rc-accepted-list li")]
    assert len(items) == 2
    assert items[0].startswith("unused-constant on spare : accepted: printed on the board")
    assert items[1].startswith("unused-term on Gizmo : accepted: named on the box")
    assert items[1].endswith(f"terms.yaml:{where(folder, 'terms.yaml', 'unused-term')[0]}:"
                             f"{where(folder, 'terms.yaml', 'unused-term')[1]}")
    assert soup.select_one("#accepted-warnings ~ ul.rc-accepted-list a[href]").get_text() == "Gizmo"
