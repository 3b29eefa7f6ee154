"""checks.usage: unused terms, icons and constants are warnings."""

from __future__ import annotations

from gamekit import assert_at, check, dedent, only, where, with_code

TERMS = """\
    terms:
      - id: widget
        term: Widget
        plurals: [widgets]
        short: A small wooden cube.
      - id: gizmo
        term: Gizmo
        short: A gadget that is never mentioned; a Widget is not a gizmo here.
    """


def test_unused_term(game):
    folder = game({"terms.yaml": TERMS})
    result = check(folder)
    problem = only(result.problems, "unused-term")
    assert not problem.is_error
    assert problem.message == "term 'Gizmo' (gizmo) is never mentioned in the rules"
    assert "{term:gizmo}" in problem.hint
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "gizmo"))
    assert result.errors == []


def test_term_used_by_plain_words_in_rules(game):
    folder = game({"terms.yaml": TERMS, "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget for a GIZMO.
        """})
    assert with_code(check(folder).problems, "unused-term") == []


def test_term_used_by_reference_only(game):
    folder = game({"terms.yaml": TERMS, "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Trade one Widget for a {term:gizmo|thingy}.
        """})
    assert with_code(check(folder).problems, "unused-term") == []


def test_term_used_in_a_prose_page(game, tmp_path):
    folder = game({"terms.yaml": TERMS})
    (tmp_path / "docs" / "demo").mkdir(parents=True)
    (tmp_path / "docs" / "demo" / "index.md").write_text("Every gizmo counts.\n", encoding="utf-8")
    assert with_code(check(folder, tmp_path / "docs").problems, "unused-term") == []


def test_term_used_only_by_see_also_or_phase_terms(game):
    folder = game({"terms.yaml": TERMS.replace("plurals: [widgets]", "plurals: [widgets]\n    see_also: [gizmo]")})
    assert with_code(check(folder).problems, "unused-term") == []
    folder2 = game({"terms.yaml": TERMS, "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
            terms: [widget, gizmo]
        """}, game_id="other")
    assert with_code(check(folder2).problems, "unused-term") == []


def test_a_terms_own_text_does_not_count(game):
    folder = game({"terms.yaml": TERMS.replace("a Widget is not a gizmo here", "Gizmo, gizmos, gizmo!")})
    assert len(with_code(check(folder).problems, "unused-term")) == 1


ICONS = """\
    icons:
      - id: zap
        label: Zap
        meaning: Energy for a Widget.
        glyph: {emoji: "⚡"}
      - id: star
        label: Star
        meaning: A point.
        glyph: {material: material/star}
    """


def test_unused_icon(game):
    folder = game({"icons.yaml": ICONS, "phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget and gains {icon:zap}.
        """})
    problem = only(check(folder).problems, "unused-icon")
    assert not problem.is_error
    assert problem.message == "icon 'star' is not used by any component, card, resource or text"
    assert "{icon:star}" in problem.hint
    assert_at(problem, folder / "icons.yaml", *where(folder, "icons.yaml", "star"))


def test_icons_used_by_components_and_cards(game):
    folder = game({
        "icons.yaml": ICONS,
        "game.yaml": """\
            id: demo
            title: Demo Game
            version: "1.0"
            summary: Players trade widgets.
            components:
              - {id: tokens, name: Star tokens, icon: star}
            """,
        "cards.yaml": """\
            decks:
              - id: actions
                name: Actions
                cards:
                  - {id: charge, name: Charge, icons: [zap]}
            """,
    })
    assert with_code(check(folder).problems, "unused-icon") == []


GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets, at most {const:trade-limit} a turn.
    constants:
      trade-limit: 2
      hand-size: {value: 5, label: Cards in hand}
    """


def test_unused_constant(game):
    folder = game({"game.yaml": GAME})
    problem = only(check(folder).problems, "unused-constant")
    assert not problem.is_error
    assert problem.message == "constant 'hand-size' is never referenced"
    assert "{const:hand-size}" in problem.hint
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "hand-size"))


def test_constant_used_by_the_cheatsheet(game):
    folder = game({"game.yaml": GAME + "    cheatsheet:\n      constants: [hand-size]\n"})
    assert with_code(check(folder).problems, "unused-constant") == []


def test_no_unused_warnings_while_a_file_fails_to_load(game):
    folder = game({"terms.yaml": TERMS, "icons.yaml": dedent(ICONS) + "  - broken: [\n"})
    result = check(folder)
    assert with_code(result.problems, "yaml-syntax")
    assert with_code(result.problems, "unused-term") == []


def test_a_term_with_punctuation_counts_as_used_however_it_is_spaced(game):
    from gamekit import check

    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: |
              Each player may trade one Widget. A Lawful/Neutral model and a Lawful /
              Neutral one trade twice.
        """, "terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            short: A small wooden cube.
          - id: lawful-neutral
            term: Lawful / Neutral
            short: An alignment.
        """})
    assert not [p for p in check(folder).problems if p.code == "unused-term"]
