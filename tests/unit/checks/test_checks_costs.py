"""catalog.yaml costs that are not one fixed price: formula amounts, named prices, uses limited per phase,
replaces, any-of requirements, exchanges; every problem located (file:line:column) with what to fix; the
old forms still valid (tests/unit/checks/test_checks_catalog.py)."""

from __future__ import annotations

from gamekit import assert_at, check, only, where

GAME = """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    inputs:
      - {id: defence, label: defence points, range: [0, 6]}
    """

PHASES = """\
    phases:
      - id: harvest
        name: Harvest
        rules: Each player takes one Widget.
      - id: trade
        name: Trade
        rules: Each player may trade one Widget.
    """

CATALOG = """\
    resources:
      - {id: gold, name: Gold}
      - {id: ore, name: Ore}
      - {id: might, name: Might}
      - {id: points, name: Points}
    items:
      - id: chapel
        name: Chapel
        cost: {gold: 1}
      - id: monastery
        name: Monastery
        cost: {gold: 3}
        requires: [chapel]
        replaces: chapel
      - id: forge
        name: Forge
        cost: {gold: 2}
        uses:
          - cost: {gold: 1, ore: 3}
            gives: {might: 1}
            limit: {times: 1, per: harvest}
      - {id: mage, name: Mage, cost: {gold: 3}}
      - {id: necromancer, name: Necromancer, cost: {gold: 2}}
      - id: ritual
        name: Ritual
        requires: {any_of: [mage, necromancer]}
        cost: {points: 4}
      - id: ward
        name: Ward
        prices:
          - {id: personal, name: personal use, cost: {points: 2}}
          - {id: unit, name: a unit, cost: {points: 10}}
      - id: shield-wall
        name: Shield wall
        cost: {points: 3 * input.defence}
    exchanges:
      - {give: {gold: 2}, get: {ore: 1}}
      - {give: {any: 2}, get: {any: 1}, limit: {per: trade}}
    """


def make(game, catalog=CATALOG, game_yaml=GAME):
    return game({"game.yaml": game_yaml, "phases.yaml": PHASES, "catalog.yaml": catalog})


def test_every_form_is_clean(game):
    assert check(make(game)).problems == []


def test_an_unknown_name_in_a_cost_formula(game):
    folder = make(game, CATALOG.replace("3 * input.defence", "3 * input.defense"))
    problem = only(check(folder).problems, "cost-expression")
    assert "catalog item 'shield-wall' cost '3 * input.defense': unknown name 'input.defense'" in problem.message
    assert "did you mean 'input.defence'" in problem.hint
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "input.defense"))


def test_a_cost_that_can_be_a_fraction_needs_a_rounding(game):
    folder = make(game, CATALOG.replace("3 * input.defence", "input.defence / 2"))
    problem = only(check(folder).problems, "cost-expression")
    assert "this is 1/2 when defence points is 1, and a whole number is needed" in problem.message
    assert "round_up" in problem.hint
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "input.defence / 2"))
    assert check(make(game, CATALOG.replace("3 * input.defence", "\"half(input.defence, up)\""))).problems == []


def test_a_cost_dividing_by_zero(game):
    folder = make(game, CATALOG.replace("3 * input.defence", "6 / input.defence"))
    problem = only(check(folder).problems, "cost-expression")
    assert "divides by zero when defence points is 0" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "/ input.defence"))


def test_formula_amounts_of_prices_and_uses_are_checked_too(game):
    folder = make(game, CATALOG.replace("{points: 10}", "{points: 10 + input.level}")
                  .replace("gives: {might: 1}", "gives: {might: input.defence / 4}"))
    problems = check(folder).problems
    price, use = sorted((p for p in problems if p.code == "cost-expression"), key=lambda p: p.location.line)
    assert "price 'unit'" in use.message and "unknown name 'input.level'" in use.message
    assert_at(use, folder / "catalog.yaml", *where(folder, "catalog.yaml", "input.level"))
    assert "use 1 (gives)" in price.message
    assert_at(price, folder / "catalog.yaml", *where(folder, "catalog.yaml", "input.defence / 4"))


def test_an_unknown_phase_in_a_limit(game):
    folder = make(game, CATALOG.replace("per: harvest}", "per: harvset}").replace("per: trade}", "per: market}"))
    problems = [p for p in check(folder).problems if p.code == "dangling-phase"]
    assert [p.message for p in problems] == [
        "catalog item 'forge' (use 1, limit) refers to unknown phase 'harvset'",
        "exchange 2 (limit) refers to unknown phase 'market'"]
    assert "did you mean 'harvest'" in problems[0].hint
    assert_at(problems[0], folder / "catalog.yaml", *where(folder, "catalog.yaml", "harvset"))
    assert_at(problems[1], folder / "catalog.yaml", *where(folder, "catalog.yaml", "market"))


def test_unknown_resources_of_prices_uses_and_exchanges(game):
    folder = make(game, CATALOG.replace("{points: 2}", "{point: 2}").replace("gives: {might: 1}", "gives: {mite: 1}")
                  .replace("get: {ore: 1}", "get: {ores: 1}"))
    problems = [p for p in check(folder).problems if p.code == "dangling-resource"]
    assert sorted(p.message for p in problems) == [
        "catalog item 'forge' (use 1, gives) refers to unknown resource 'mite'",
        "catalog item 'ward' (price 'personal') refers to unknown resource 'point'",
        "exchange 1 (get) refers to unknown resource 'ores'"]
    mite = next(p for p in problems if "mite" in p.message)
    assert_at(mite, folder / "catalog.yaml", *where(folder, "catalog.yaml", "{mite: 1}", offset=7))


def test_replaces_an_unknown_item_itself_or_in_a_circle(game):
    folder = make(game, CATALOG.replace("replaces: chapel", "replaces: chapell"))
    problem = only(check(folder).problems, "dangling-item")
    assert "catalog item 'monastery' (replaces) refers to unknown catalog item 'chapell'" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "chapell"))
    folder = make(game, CATALOG.replace("replaces: chapel", "replaces: monastery"))
    problem = only(check(folder).problems, "catalog-self-replacement")
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "monastery", nth=1))
    circle = CATALOG.replace("        name: Chapel\n", "        name: Chapel\n        replaces: monastery\n")
    folder = make(game, circle)
    problem = only(check(folder).problems, "catalog-replace-cycle")
    assert "chapel → monastery → chapel" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "replaces: monastery", offset=10))


def test_any_of_requirements_name_known_items_and_never_the_item_itself(game):
    folder = make(game, CATALOG.replace("any_of: [mage, necromancer]", "any_of: [mage, necromancr]"))
    problem = only(check(folder).problems, "dangling-item")
    assert "catalog item 'ritual' (requires) refers to unknown catalog item 'necromancr'" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "necromancr"))
    folder = make(game, CATALOG.replace("any_of: [mage, necromancer]", "any_of: [mage, ritual]"))
    problem = only(check(folder).problems, "catalog-self-requirement")
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "ritual]"))


def test_one_of_two_is_not_a_circle(game):
    # The ritual needs a mage or a necromancer; the necromancer needs the ritual: mages still open the way.
    folder = make(game, CATALOG.replace("{id: necromancer, name: Necromancer, cost: {gold: 2}}",
                                        "{id: necromancer, name: Necromancer, cost: {gold: 2}, requires: [ritual]}"))
    assert [p.code for p in check(folder).problems] == []


def test_shapes_that_are_refused_with_their_line(game):
    cases = [
        ("cost: {points: 4}", "cost: {points: 4}\n        prices: [{id: a, name: b, cost: {points: 1}}]",
         "not both", "- id: ritual"),
        ("any_of: [mage, necromancer]", "any_of: [mage]", "two items or more", "any_of: [mage]"),
        ("            gives: {might: 1}\n", "", "'gives' (resources) or 'effect'", "- cost: {gold: 1, ore: 3}"),
    ]
    for old, new, message, at in cases:
        folder = make(game, CATALOG.replace(old, new))
        errors = [p for p in check(folder).errors if p.code.startswith("schema")]
        assert len(errors) == 1 and message in errors[0].message, (new, [p.format() for p in errors])
        assert errors[0].location.line == where(folder, "catalog.yaml", at)[0], errors[0].format()


def test_an_exchange_of_a_resource_for_itself(game):
    folder = make(game, CATALOG.replace("get: {ore: 1}", "get: {gold: 1}"))
    problem = only(check(folder).problems, "exchange-same-resource")
    assert "exchange 1 gives and gets gold" in problem.message
    assert_at(problem, folder / "catalog.yaml", *where(folder, "catalog.yaml", "{give: {gold: 2}"))


def test_a_limit_per_turn_round_or_game_needs_no_such_phase(game):
    # 'once per round', 'twice per turn': most rules say it where no phase is named Round or Turn
    from rulecraft.loader import load_game
    from rulecraft.models.cost_words import exchange_text, use_text
    from rulecraft.models.index import build_index

    folder = make(game, CATALOG.replace("per: harvest}", "per: round}").replace("{per: trade}", "{times: 2, per: turn}"))
    assert check(folder).problems == []
    index = build_index(load_game(folder)[0])
    assert use_text(index, index.items["forge"].uses[0]) == "1 Gold + 3 Ore → 1 Might, once per round"
    assert exchange_text(index, index.game.exchanges[1]) == \
        "2 of any one resource → 1 of any other resource, twice per turn"
    problem = only(check(make(game, CATALOG.replace("per: harvest}", "per: rund}"))).problems, "dangling-phase")
    assert "refers to unknown phase 'rund'" in problem.message
