"""checks.identifiers: two things of one kind with the same id."""

from __future__ import annotations

import pytest
from gamekit import assert_at, check, only, where

DUPLICATES = {
    "phase": ("phases.yaml", """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
          - id: trade
            name: Trade again
            rules: Once more.
        """, "id: trade"),
    "nested subphase": ("phases.yaml", """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one Widget.
          - id: market
            name: Market
            subphases:
              - id: buy
                name: Buy
                rules: Buy.
              - id: sell
                name: Sell
                rules: Sell.
                subphases:
                  - id: trade
                    name: Trade in the market
                    rules: Trade.
        """, "id: trade"),
    "dice table": ("dice.yaml", """\
        tables:
          - id: loot
            title: Loot
            dice: 1d6
            rows:
              - roll: 1-6
                result: Gain one Widget.
          - id: loot
            title: Loot again
            dice: 1d6
            rows:
              - roll: 1-6
                result: Gain two widgets.
        """, "id: loot"),
    "custom die": ("dice.yaml", """\
        dice:
          - id: combat
            name: Combat die
            faces: [{id: hit, label: Hit}, {id: miss, label: Miss}]
          - id: combat
            name: Other die
            faces: [{id: hit, label: Hit}, {id: miss, label: Miss}]
        """, "id: combat"),
    "term": ("terms.yaml", """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
          - id: widget
            term: Gadget
            short: Another thing.
        """, "id: widget"),
    "icon": ("icons.yaml", """\
        icons:
          - id: zap
            label: Zap
            meaning: Energy; one Widget.
            glyph: {emoji: "⚡"}
          - id: zap
            label: Zap 2
            meaning: More energy.
            glyph: {text: "Z"}
        """, "id: zap"),
    "card": ("cards.yaml", """\
        decks:
          - id: actions
            name: Actions
            cards:
              - id: swap
                name: Swap
                text: Swap a Widget.
          - id: events
            name: Events
            cards:
              - id: swap
                name: Swap event
        """, "id: swap"),
    "deck": ("cards.yaml", """\
        decks:
          - id: actions
            name: Actions
          - id: actions
            name: More actions
        """, "id: actions"),
    "face of die 'combat'": ("dice.yaml", """\
        dice:
          - id: combat
            name: Combat die
            faces:
              - {id: hit, label: Hit}
              - {id: hit, label: Critical}
        """, "id: hit"),
    "modifier of table 'loot'": ("dice.yaml", """\
        tables:
          - id: loot
            title: Loot
            dice: 1d6
            modifiers:
              - {id: bonus, label: Bonus, value: 1}
              - {id: bonus, label: Bonus again, value: 2}
            rows:
              - roll: 1+
                result: Gain one Widget.
        """, "id: bonus"),
}


@pytest.mark.parametrize("kind", list(DUPLICATES))
def test_duplicate_id(game, kind):
    name, text, needle = DUPLICATES[kind]
    folder = game({name: text})
    result = check(folder)
    problem = only(result.problems, "duplicate-id")
    label = "phase" if kind == "nested subphase" else kind
    dup_id = needle.split(": ")[1]
    first_line, first_col = where(folder, name, needle, 0, offset=4)
    assert f"duplicate {label} id '{dup_id}'" in problem.message
    assert f"(first used at {folder / name}:{first_line}:{first_col})" in problem.message
    assert_at(problem, folder / name, *where(folder, name, needle, 1, offset=4))
    assert problem.game == "demo"


COMPONENTS = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    components:
      - id: cube
        name: Widget cubes
      - id: board
        name: Board
      - id: cube
        name: More cubes
    """


def test_duplicate_component_id(game):
    folder = game({"game.yaml": COMPONENTS})
    problem = only(check(folder).problems, "duplicate-id")
    assert "duplicate component id 'cube'" in problem.message
    assert_at(problem, folder / "game.yaml", *where(folder, "game.yaml", "id: cube", 1, offset=4))


def test_same_id_in_different_kinds_is_fine(game):
    folder = game({
        "phases.yaml": """\
            phases:
              - id: widget
                name: Widget phase
                rules: Each player may trade one Widget.
            """,
        "dice.yaml": """\
            tables:
              - id: widget
                title: Widget roll
                dice: 1d6
                rows:
                  - roll: 1-6
                    result: Gain a widget.
            """,
    })
    assert [p for p in check(folder).problems if p.code == "duplicate-id"] == []
