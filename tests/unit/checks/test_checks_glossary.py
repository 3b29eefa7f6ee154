"""checks.glossary: no two terms may claim the same word."""

from __future__ import annotations

import pytest
from gamekit import assert_at, check, file_text, only, where


@pytest.mark.parametrize("second", ["Standing", "STANDING", "standing", "  Standing  "],
                         ids=["same", "upper", "lower", "spaces"])
def test_same_alias_on_two_terms_case_insensitive(game, second):
    folder = game({"terms.yaml": f"""\
        terms:
          - id: widget
            term: Widget
            short: A small wooden cube; each Widget counts.
          - id: company-standing
            term: Company Standing
            aliases: [Standing]
            short: How well a company is doing.
          - id: rank
            term: Rank
            aliases: ["{second}"]
            short: Your place in the Company Standing.
        """})
    problem = only(check(folder).problems, "term-clash")
    assert problem.is_error
    assert f"'{second}' is claimed by term 'rank' and by term 'company-standing'" in problem.message
    first = where(folder, "terms.yaml", "Standing]")
    assert f"('Standing' at {folder / 'terms.yaml'}:{first[0]}:{first[1]})" in problem.message
    assert "ignoring case" in problem.message
    assert "see_also" in problem.hint
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", f'"{second}"'))


def test_term_word_against_another_terms_plural(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
          - id: widgets-pile
            term: WIDGETS
            short: The pile of every Widget.
            case_sensitive: false
        """})
    problem = only(check(folder).problems, "term-clash")
    assert "'WIDGETS' is claimed by term 'widgets-pile' and by term 'widget'" in problem.message
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "WIDGETS"))


def test_multi_word_whitespace_is_normalised(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            aliases: [wooden   cube]
            short: A small wooden cube.
          - id: cube
            term: Wooden Cube
            short: Also a Widget.
        """})
    problem = only(check(folder).problems, "term-clash")
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "Wooden Cube"))


def test_a_term_repeating_its_own_word_is_fine(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            aliases: [widget]
            plurals: [widgets, Widgets]
            short: A small wooden cube.
        """})
    assert [p for p in check(folder).problems if p.code == "term-clash"] == []


def test_word_without_letters(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            aliases: ["--"]
            short: A small wooden cube; trade widgets.
        """})
    problem = only(check(folder).problems, "term-word")
    assert "'--' has no letters or digits" in problem.message
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", '"--"'))


def test_term_see_also_itself(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
            see_also: [widget]
        """})
    problem = only(check(folder).problems, "term-see-also-self")
    assert "'widget' lists itself" in problem.message
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "[widget]"))


@pytest.mark.parametrize("second", ["\uff37\uff49\uff44\uff47\uff45\uff54", "\uff57\uff49\uff44\uff47\uff45\uff54\uff53",
                                    "Pro\ufb01t"], ids=["fullwidth", "fullwidth-plural", "ligature"])
def test_look_alike_words_clash(game, second):
    folder = game({"terms.yaml": f"""\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            aliases: [Profit]
            short: A small wooden cube.
          - id: gadget
            term: Gadget
            aliases: ["{second}"]
            short: Not a widget.
        """})
    problem = only(check(folder).problems, "term-clash")
    assert f"'{second}' is claimed by term 'gadget' and by term 'widget'" in problem.message
    assert "look-alike forms" in problem.message
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", f'"{second}"'))


def test_an_alias_that_is_a_common_word_is_reported_at_the_alias(game):
    folder = game({"terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            short: A small wooden cube; each Widget counts.
          - id: attacks
            term: Attacks
            aliases: [A, S, Atk]
            short: How often a Widget strikes.
          - id: initiative
            term: Initiative
            aliases: [I, first]
            short: Who acts first with a Widget.
          - id: region
            term: Region
            aliases: [AREA]
            short: A part of the Widget board.
        """})
    problems = [p for p in check(folder).problems if p.code == "alias-common-word"]
    assert [p.message.split(": ", 1)[1].split(" is")[0] for p in problems] == [
        "alias 'A'", "alias 'I'", "alias 'first'"]  # S is no word; AREA (all caps) is matched as written only
    assert not any(p.is_error for p in problems)
    assert "(matched as written)" in problems[0].message and "(matched ignoring case)" in problems[2].message
    assert "{term:attacks|A}" in problems[0].hint
    assert_at(problems[0], folder / "terms.yaml", *where(folder, "terms.yaml", "A, S"))
    assert_at(problems[2], folder / "terms.yaml", *where(folder, "terms.yaml", "first]"))
    meant = file_text(folder, "terms.yaml").replace("aliases: [I, first]", "aliases: [I, first]\n    common_aliases: [first]")
    folder = game({"terms.yaml": meant})
    assert [p.message for p in check(folder).problems if p.code == "alias-common-word"][-1].startswith(
        "term 'initiative': alias 'I'")  # 'first' is meant to link everywhere
