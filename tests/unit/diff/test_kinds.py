"""rulecraft.diff: two versions committed in a temporary git repository, one realistic change per kind of
rule data, each asserted as the diff reports it (odds as exact fractions)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from diffkit import commit, make_repo

from rulecraft.diff import diff_versions
from rulecraft.diff.result import ADDED, CHANGED, MOVED, REMOVED, RENUMBERED


BEFORE = {
    "game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        constants:
          hand-size: {value: 5, label: Cards in hand}
          rounds: 8
        setup:
          - Shuffle the deck.
          - Deal {const:hand-size} cards to each player.
        variants:
          - {id: short, name: Short game, summary: Four rounds instead of eight.}
        inputs:
          - {id: tiles, label: tiles you own, range: [0, 12]}
        formulas:
          - {id: loot, name: Loot, value: "half(input.tiles, up)"}
        """,
    "phases.yaml": """\
        phases:
          - id: income
            name: Income
            rules: Take 2 gold.
          - id: trade
            name: Trade
            alternatives:
              - {id: barter, name: Barter, rules: Swap one card.}
              - {id: auction, name: Auction, rules: Bid gold for a card.}
          - id: score
            name: Score
            rules: Score your widgets. Discard down to {const:hand-size} cards.
        """,
    "terms.yaml": """\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube, bought at the {phase:auction} or traded in {phase:score|scoring}.
          - id: gold
            term: Gold
            short: The money of the game.
        """,
    "dice.yaml": """\
        tables:
          - id: retirement
            title: Retirement roll
            dice: 1d6
            rows:
              - {roll: 1-4, result: Stay in office}
              - {roll: 5-6, result: Retire}
        """,
    "cards.yaml": """\
        decks:
          - id: events
            name: Event deck
            cards:
              - {id: storm, name: Storm, qty: 2, text: Lose a ship.}
              - {id: boom, name: Boom, qty: 1, text: Gain 2 gold.}
        """,
    "catalog.yaml": """\
        resources:
          - {id: wood, name: Wood}
        items:
          - {id: hut, name: Hut, cost: {wood: 2}, effect: Hold one more card.}
        """,
    "tables.yaml": """\
        legends:
          - id: marks
            codes:
              - {code: DD, meaning: The defender is doubled.}
        tables:
          - id: terrain
            title: Terrain effects
            columns:
              - {id: terrain, title: Terrain}
              - {id: move, title: Movement cost}
            rows:
              - {terrain: Clear, move: 1}
              - {terrain: Forest, move: 2}
        """,
}

AFTER = {
    "game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.1"
        summary: Players trade widgets.
        constants:
          hand-size: {value: 4, label: Cards in hand}
          rounds: 8
        setup:
          - Shuffle the deck.
          - Deal {const:hand-size} cards to each player.
          - Give each player 3 gold.
        variants:
          - {id: short, name: Short game, summary: Five rounds instead of eight.}
          - {id: solo, name: Solo}
        inputs:
          - {id: tiles, label: tiles you own, range: [0, 12]}
        formulas:
          - {id: loot, name: Loot, value: "half(input.tiles, down)"}
        """,
    "phases.yaml": """\
        phases:
          - id: income
            name: Income
            rules: Take 3 gold.
          - id: upkeep
            name: Upkeep
            rules: Pay 1 gold per ship.
          - id: trade
            name: Trade
            alternatives:
              - {id: barter, name: Barter, rules: Swap one card.}
              - {id: auction, name: Auction, rules: Bid gold for a card.}
          - id: score
            name: Score
            rules: Score your widgets. Discard down to {const:hand-size} cards.
        """,
    "terms.yaml": """\
        terms:
          - id: widget
            term: Gadget
            aliases: [Widget]
            plurals: [gadgets]
            short: A small wooden cube, bought at the {phase:auction} or traded in {phase:score|scoring}.
          - id: gold
            term: Gold
            short: The money of the game, kept hidden.
        """,
    "dice.yaml": """\
        tables:
          - id: retirement
            title: Retirement roll
            dice: 1d6
            modifiers:
              - {id: tired, label: the officer is tired, value: 1}
            rows:
              - {roll: 1-3, result: Stay in office}
              - {roll: 4+, result: Retire}
        """,
    "cards.yaml": """\
        decks:
          - id: events
            name: Event deck
            cards:
              - {id: storm, name: Storm, qty: 3, text: Lose a ship.}
              - {id: calm, name: Calm, qty: 1, text: Nothing happens.}
        """,
    "catalog.yaml": """\
        resources:
          - {id: wood, name: Wood}
        items:
          - {id: hut, name: Hut, cost: {wood: 3}, effect: Hold one more card.}
        """,
    "tables.yaml": """\
        legends:
          - id: marks
            codes:
              - {code: DD, meaning: The defender's strength is doubled.}
        tables:
          - id: terrain
            title: Terrain effects
            columns:
              - {id: terrain, title: Terrain}
              - {id: move, title: Movement cost}
            rows:
              - {terrain: Clear, move: 1}
              - {terrain: Forest, move: 3}
              - {terrain: Swamp, move: 4}
        """,
}


@pytest.fixture(scope="module")
def diff(tmp_path_factory):
    repo = make_repo(tmp_path_factory.mktemp("kinds") / "repo", BEFORE)
    commit(repo, "second version", AFTER)
    result = diff_versions("HEAD~1", "HEAD", repo / "rules_data")
    assert [g.game for g in result.games] == ["demo"]
    return {(c.kind, c.id): c for c in result.games[0].changes}


def details(change, *path):
    return [d for d in change.details if d.path[:len(path)] == path]


def test_an_inserted_phase_renumbers_the_later_ones_and_lists_the_references_that_now_read_otherwise(diff):
    assert diff[("phase", "upkeep")].action == ADDED
    assert diff[("phase", "upkeep")].label == "Phase 2 Upkeep"
    for phase, before, after in [("trade", "2", "3"), ("barter", "2a", "3a"), ("auction", "2b", "3b"),
                                 ("score", "3", "4")]:
        change = diff[("phase", phase)]
        assert change.action == RENUMBERED, phase
        number = details(change, "number")[0]
        assert (number.before, number.after) == (before, after)
    # {phase:auction} shows "phase 3b (Auction)" now; {phase:score|scoring} writes its own word: not listed
    refs = details(diff[("phase", "auction")], "number")[0].places
    assert [(p.kind, p.id, p.field) for p in refs] == [("term", "widget", "short")]
    assert details(diff[("phase", "score")], "number")[0].places == []
    assert ("phase", "income") in diff and diff[("phase", "income")].action == CHANGED  # reworded, not renumbered


def test_rule_text_is_a_word_diff(diff):
    rules = details(diff[("phase", "income")], "rules")[0]
    assert [(w.op, w.text) for w in rules.words] == [("=", "Take "), ("-", "2"), ("+", "3"), ("=", " gold.")]


def test_a_dice_row_change_gives_the_odds_before_and_after(diff):
    change = diff[("dice", "retirement")]
    rows = {d.where: (d.before, d.after) for d in details(change, "row 1") + details(change, "row 2")}
    assert rows == {"row 1 › roll": ("1-4", "1-3"), "row 2 › roll": ("5-6", "4+")}
    base = next(d for d in change.details if d.odds and d.note == "with no modifier")
    assert [(o.label, o.before, o.after) for o in base.odds] == [
        ("1-3 (was 1-4): Stay in office", Fraction(2, 3), Fraction(1, 2)),
        ("4+ (was 5-6): Retire", Fraction(1, 3), Fraction(1, 2))]


def test_an_added_modifier_gives_the_odds_with_it(diff):
    change = diff[("dice", "retirement")]
    assert details(change, "modifier `tired`")[0].action == ADDED
    tired = next(d for d in change.details if d.odds and d.note == "with the modifier “the officer is tired” (+1)")
    # before: no such modifier (the plain 1d6 on the old rows); after: 1d6+1 on the new rows (2-3 stay, 4-7 retire)
    assert [(o.before, o.after) for o in tired.odds] == [(Fraction(2, 3), Fraction(1, 3)),
                                                        (Fraction(1, 3), Fraction(2, 3))]


def test_a_constant_changed_lists_every_text_it_shows_in(diff):
    change = diff[("const", "hand-size")]
    value = details(change, "value")[0]
    assert (value.before, value.after) == (5, 4)
    shows = details(change, "shows in")[0].places
    assert sorted((p.kind, p.id, p.field) for p in shows) == [("phase", "score", "rules"), ("setup", "setup", "text")]
    assert ("const", "rounds") not in diff


def test_a_renamed_term_keeps_its_old_word_as_an_alias(diff):
    change = diff[("term", "widget")]
    term = details(change, "term")[0]
    assert (term.before, term.after) == ("Widget", "Gadget")
    assert details(change, "aliases")[0].note == "+ Widget"
    assert "kept as an alias" in details(change, "renamed")[0].note
    gold = details(diff[("term", "gold")], "short")[0]
    assert [w.text for w in gold.words if w.op == "+"] == [", kept hidden"]


def test_cards_added_removed_and_quantities(diff):
    qty = details(diff[("card", "storm")], "qty")[0]
    assert (qty.action, qty.before, qty.after) == (CHANGED, 2, 3)
    assert diff[("card", "calm")].action == ADDED and details(diff[("card", "calm")], "qty")[0].after == 1
    assert diff[("card", "boom")].action == REMOVED and details(diff[("card", "boom")], "qty")[0].before == 1
    assert diff[("card", "storm")].label == "Card “Storm” (deck Event deck)"


def test_variants_catalog_items_and_set_up_steps(diff):
    assert diff[("variant", "solo")].action == ADDED
    summary = details(diff[("variant", "short")], "summary")[0]
    assert [(w.op, w.text) for w in summary.words if w.op != "="] == [("-", "Four"), ("+", "Five")]
    cost = details(diff[("item", "hut")], "cost", "wood")[0]
    assert (cost.before, cost.after) == (2, 3)
    setup = diff[("setup", "setup")]
    assert [(d.where, d.action, d.after) for d in setup.details] == [("step 3", ADDED, "Give each player 3 gold.")]


def test_reference_tables_formulas_and_legends(diff):
    table = diff[("table", "terrain")]
    assert [(d.where, d.action, d.before, d.after) for d in table.details] == [
        ("rows › row Forest › move", CHANGED, 2, 3),
        ("rows › row Swamp", ADDED, None, "{terrain: Swamp, move: 4}")]
    loot = details(diff[("formula", "loot")], "value")[0]
    assert (loot.before, loot.after) == ("half(input.tiles, up)", "half(input.tiles, down)")
    code = details(diff[("legend", "marks")], "code DD", "meaning")[0]
    assert [(w.op, w.text) for w in code.words if w.op != "="] == [("-", "defender"), ("+", "defender's strength")]


def test_the_game_file_itself_and_nothing_unchanged(diff):
    game = diff[("game", "demo")]
    assert [(d.where, d.before, d.after) for d in game.details] == [("version", "1.0", "1.1")]
    assert ("phase", "barter") in diff and ("input", "tiles") not in diff and ("resource", "wood") not in diff


def test_a_phase_moved_among_its_neighbours_and_under_another(tmp_path):
    phases = """\
        phases:
          - {id: a, name: A, rules: One.}
          - {id: b, name: B, rules: Two.}
          - {id: c, name: C, rules: Three.}
        """
    moved = """\
        phases:
          - {id: c, name: C, rules: Three.}
          - {id: a, name: A, rules: One.}
          - id: b
            name: B
            rules: Two.
            subphases:
              - {id: d, name: D, rules: Four.}
        """
    repo = make_repo(tmp_path / "repo", {**BEFORE, "phases.yaml": phases, "terms.yaml": None})
    commit(repo, "moved", {"phases.yaml": moved})
    found = {(c.kind, c.id): c for c in diff_versions("HEAD~1", "HEAD", repo / "rules_data").games[0].changes}
    assert found[("phase", "c")].action == MOVED
    assert (details(found[("phase", "c")], "number")[0].before, details(found[("phase", "c")], "number")[0].after) \
        == ("3", "1")
    assert found[("phase", "a")].action == RENUMBERED  # pushed down, not moved
    assert found[("phase", "d")].action == ADDED and found[("phase", "d")].label == "Phase 3b D"


def test_two_folders_compare_without_git(tmp_path):
    from diffkit import write_files

    write_files(tmp_path / "old" / "demo", BEFORE)
    write_files(tmp_path / "new" / "demo", {**BEFORE, "cards.yaml": AFTER["cards.yaml"]})
    result = diff_versions(str(tmp_path / "old"), str(tmp_path / "new"))
    assert {(c.kind, c.id) for c in result.games[0].changes} == {("card", "storm"), ("card", "calm"), ("card", "boom")}
    same = diff_versions(str(tmp_path / "old"), str(tmp_path / "old"))
    assert not same.changed


PAGE = """\
# How to play

Keep {const:hand-size} cards. Scoring is {phase:score}, after {phase:auction|the auction}.
"""


def test_prose_pages_count_among_the_places_a_value_or_a_number_shows(tmp_path):
    repo = make_repo(tmp_path / "repo", BEFORE)
    (repo / "docs" / "demo").mkdir(parents=True)
    (repo / "docs" / "demo" / "how-to-play.md").write_text(PAGE, encoding="utf-8")
    commit(repo, "a page")
    commit(repo, "second version", AFTER)
    for old, new in [("HEAD~1", "HEAD"), ("HEAD~1", None)]:  # a revision, and the working tree
        found = {(c.kind, c.id): c for c in diff_versions(old, new, repo / "rules_data").games[0].changes}
        shows = details(found[("const", "hand-size")], "shows in")[0].places
        assert ("page", "demo/how-to-play.md", "Page demo/how-to-play.md", "line 3") in \
            [(p.kind, p.id, p.label, p.field) for p in shows]
        score = details(found[("phase", "score")], "number")[0].places
        assert [(p.kind, p.field) for p in score] == [("page", "line 3")]  # {phase:auction|...} reads the same
        assert details(found[("phase", "auction")], "number")[0].places[-1].kind == "term"


FAQ = """\
    entries:
      - id: widget-limit
        kind: clarification
        about: term:widget
        question: Is there a limit to widgets?
        answer: No, take as many as you can pay for.
    """


def test_errata_and_faq_entries_added_and_answers_reworded(tmp_path):
    from diffkit import write_files

    write_files(tmp_path / "old" / "demo", {**BEFORE, "faq.yaml": FAQ})
    write_files(tmp_path / "new" / "demo", {**BEFORE, "faq.yaml": FAQ.replace("No, take as many", "Yes, at most ten")
                                            + "  - {id: gold-cap, kind: faq, about: term:gold, question: Is gold "
                                              "limited?, answer: No.}\n"})
    changes = {(c.kind, c.id): c for c in diff_versions(str(tmp_path / "old"), str(tmp_path / "new")).games[0].changes}
    assert changes[("faq", "gold-cap")].action == ADDED
    answer = details(changes[("faq", "widget-limit")], "answer")[0]
    assert [(w.op, w.text) for w in answer.words if w.op != "="][:2] == [("-", "No"), ("+", "Yes")]
