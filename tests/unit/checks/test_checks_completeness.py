"""checks.completeness: todo fields, placeholders, open questions, phases without rules, summary."""

from __future__ import annotations

import pytest
from gamekit import assert_at, check, line_col, only, where, with_code


def test_todo_field_is_a_warning_at_its_key(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
            todo: say what happens with ties
        """})
    result = check(folder)
    problem = only(result.problems, "todo")
    assert problem.is_gap
    assert problem.message == "incomplete: Trade: say what happens with ties"
    assert_at(problem, folder / "phases.yaml", *where(folder, "phases.yaml", "todo:"))
    assert result.errors == []


@pytest.mark.parametrize("word", ["TODO", "todo", "TBD", "FIXME", "???", "Lorem ipsum"])
def test_placeholder_in_text_is_located_at_the_word(game, word):
    folder = game({"phases.yaml": f"""\
        phases:
          - id: trade
            name: Trade
            rules: "Each player may trade one Widget. {word} the rest."
        """})
    problem = only(check(folder).problems, "todo")
    assert problem.message == f"incomplete: Trade: Each player may trade one Widget. {word} the rest."
    assert_at(problem, folder / "phases.yaml", *where(folder, "phases.yaml", f"{word} the rest"))


def test_placeholder_inside_a_block_scalar_is_on_its_line(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: |
              Each player may trade one Widget.
              TODO: the market rules.
        """})
    problem = only(check(folder).problems, "todo")
    assert_at(problem, folder / "phases.yaml", 6)


def test_placeholder_words_inside_other_words_do_not_count(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget; the todos and tbdx are names.
        """})
    assert with_code(check(folder).problems, "todo") == []


def test_open_question(game):
    folder = game({"game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        open_questions:
          - id: ties
            question: >-
              What happens on a tie?
            source: page 4
        """})
    problem = only(check(folder).problems, "open-question")
    assert problem.is_gap
    assert problem.message == "open question 'ties': What happens on a tie?"
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "ties"))


def test_phase_without_rules(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
          - id: score
            name: Score
          - id: clean-up
            name: Clean-up
            todo: write it
        """})
    problems = check(folder).problems
    problem = only(problems, "phase-without-rules")
    assert problem.message == "phase 2 'Score' has no rules yet"
    assert "todo" in problem.hint
    assert_at(problem, folder / "phases.yaml", *where(folder, "phases.yaml", "score"))
    assert only(problems, "todo").message == "incomplete: Clean-up: write it"


def test_alternatives_need_rules_each(game):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            alternatives:
              - {id: barter, name: Barter, rules: Swap one Widget.}
              - {id: auction, name: Auction}
        """})
    problems = with_code(check(folder).problems, "phase-without-rules")
    assert [p.message for p in problems] == ["phase 1 'Trade' has no rules yet",  # one alternative is missing
                                             "phase 1b 'Auction' has no rules yet"]
    assert_at(problems[1], folder / "phases.yaml", *where(folder, "phases.yaml", "auction"))


def test_todo_in_a_prose_page(game, tmp_path):
    folder = game()
    docs = tmp_path / "docs"
    (docs / "demo").mkdir(parents=True)
    page = "# Demo\n\nTrade widgets.\nThe end game: TBD.\n"
    (docs / "demo" / "rules.md").write_text(page, encoding="utf-8")
    problem = only(check(folder, docs).problems, "todo")
    assert problem.message == "incomplete prose: The end game: TBD."
    assert_at(problem, docs / "demo" / "rules.md", *line_col(page, "TBD"))


def test_completeness_summary(game):
    folder = game({
        "game.yaml": """\
            id: demo
            title: Demo Game
            version: "1.0"
            summary: Players trade widgets. TODO say more.
            todo: components
            open_questions:
              - {id: ties, question: "Ties?"}
              - {id: end, question: "When does it end?"}
            """,
        "phases.yaml": """\
            phases:
              - id: trade
                name: Trade
                rules: Each player may trade one Widget.
              - id: score
                name: Score
              - id: market
                name: Market
                subphases:
                  - {id: buy, name: Buy, rules: Buy.}
                  - {id: sell, name: Sell, todo: write it}
            """,
        "dice.yaml": """\
            tables:
              - id: loot
                title: Loot
                dice: 1d6
                rows:
                  - {roll: 1-6, result: Gain a Widget.}
            """,
        "cards.yaml": """\
            decks:
              - id: actions
                name: Actions
                cards:
                  - {id: a, name: A, qty: 3}
                  - {id: b, name: B}
            """,
    })
    result = check(folder)
    summary = result.summaries[0]
    assert (summary.phases_with_rules, summary.phases) == (3, 5)  # trade, market (grouping), buy
    assert summary.todos == 3  # summary placeholder, game todo, sell's todo
    assert summary.open_questions == 2
    # card b has no qty: its count is unknown, so only A's 3 are counted (never an assumed 1)
    assert (summary.terms, summary.dice_tables, summary.cards, summary.icons) == (1, 1, 3, 0)
    assert summary.line() == ("demo: phases with rules 3/5, TODOs 3, open questions 2, terms 1, dice tables 1, "
                              "cards 3, icons 0, accepted warnings 0")
    assert len(with_code(result.problems, "todo")) == 3


def test_summary_of_the_minimal_game(game):
    summary = check(game()).summaries[0]
    assert (summary.game, summary.title, summary.phases_with_rules, summary.phases, summary.todos) == \
        ("demo", "Demo Game", 1, 1, 0)


def test_placeholder_words_in_ids_are_not_todos(game):
    # BUG (checks/completeness.todo_items): placeholders are searched in every string field,
    # ids included (index.NON_PROSE_FIELDS is not consulted), so an id such as 'todo-list' or
    # 'xxx-bonus' raises "incomplete: ..." although nothing is unfinished.
    folder = game({"phases.yaml": """\
        phases:
          - id: todo-list
            name: Make a list
            rules: Each player may trade one Widget.
        """})
    assert with_code(check(folder).problems, "todo") == []


def test_a_todo_designer_note_in_prose_is_one_todo(game, tmp_path):
    folder = game()
    docs = tmp_path / "docs"
    (docs / "demo").mkdir(parents=True)
    page = ("# Demo\n\nTrade widgets.\n\n/// designer-note | todo\nWho wins a tie? TODO: ask.\n///\n\n"
            "/// designer-note\nThe source has no TODO here.\n///\n")
    (docs / "demo" / "rules.md").write_text(page, encoding="utf-8")
    first, second = [p for p in check(folder, docs).problems if p.code == "todo"]
    assert first.message == "incomplete prose: designer note: Who wins a tie? TODO: ask."  # once, not twice
    assert_at(first, docs / "demo" / "rules.md", *line_col(page, "/// designer-note | todo"))
    assert second.message == "incomplete prose: The source has no TODO here."  # a plain note's words count
