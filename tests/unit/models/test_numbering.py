"""numbering: derived phase numbers 1..N, 7a/7b, 10b/10c, 15a/15b, 10b.1."""

from __future__ import annotations

from rulecraft.loader import load_game
from rulecraft.models import Phase
from rulecraft.models.index import build_index
from rulecraft.models.numbering import _letter, number_phases


def phase(pid: str, rules: str | None = "Play.", **kw) -> Phase:
    return Phase(id=pid, name=pid.title(), rules=rules, **kw)


def numbers(phases: list[Phase]) -> dict[str, str]:
    return {node.id: node.number for node in number_phases(phases)}


def test_top_level_phases_are_numbered_in_order():
    phases = [phase(f"p{i}") for i in range(1, 13)]
    assert list(numbers(phases).values()) == [str(i) for i in range(1, 13)]


def test_alternatives_are_lettered_from_a():
    phases = [phase(f"p{i}") for i in range(1, 7)]
    phases.append(phase("p7", rules=None, alternatives=[phase("war"), phase("peace"), phase("truce")]))
    phases.append(phase("p8"))
    got = numbers(phases)
    assert (got["p7"], got["war"], got["peace"], got["truce"], got["p8"]) == ("7", "7a", "7b", "7c", "8")


def test_alternatives_start_at_a_even_when_the_parent_has_rules():
    got = numbers([phase("choose", rules="Pick one.", alternatives=[phase("a1"), phase("a2")])])
    assert (got["a1"], got["a2"]) == ("1a", "1b")


def test_subphases_start_at_b_when_the_parent_has_rules():
    phases = [phase(f"p{i}") for i in range(1, 10)]
    phases.append(phase("p10", rules="First do this.", subphases=[phase("s1"), phase("s2")]))
    got = numbers(phases)
    assert (got["p10"], got["s1"], got["s2"]) == ("10", "10b", "10c")


def test_subphases_start_at_b_when_the_parent_has_steps():
    got = numbers([phase("p1", rules=None, steps=["Do this."], subphases=[phase("s1")])])
    assert got["s1"] == "1b"


def test_subphases_start_at_a_when_the_parent_only_groups_them():
    phases = [phase(f"p{i}") for i in range(1, 15)]
    phases.append(phase("p15", rules=None, subphases=[phase("s1"), phase("s2")]))
    got = numbers(phases)
    assert (got["p15"], got["s1"], got["s2"]) == ("15", "15a", "15b")


def test_blank_rules_do_not_count_as_an_own_part():
    got = numbers([phase("p1", rules="   \n", subphases=[phase("s1")])])
    assert got["s1"] == "1a"


def test_deeper_nesting_adds_a_dot():
    deep = phase("s2", subphases=[phase("d1", subphases=[phase("e1")]), phase("d2")])
    phases = [phase(f"p{i}") for i in range(1, 10)]
    phases.append(phase("p10", subphases=[phase("s1", subphases=[phase("c1")]), deep]))
    got = numbers(phases)
    assert (got["s1"], got["c1"]) == ("10b", "10b.1")
    assert (got["s2"], got["d1"], got["d2"], got["e1"]) == ("10c", "10c.1", "10c.2", "10c.1.1")


def test_nodes_know_their_kind_level_and_parent():
    nodes = number_phases([phase("p1", rules=None, alternatives=[phase("x"), phase("y")]),
                           phase("p2", subphases=[phase("s")])])
    by_id = {n.id: n for n in nodes}
    assert [n.id for n in nodes] == ["p1", "x", "y", "p2", "s"]  # document order
    assert (by_id["x"].kind, by_id["x"].level, by_id["x"].parent.id) == ("alternative", 1, "p1")
    assert (by_id["s"].kind, by_id["s"].level, by_id["s"].parent.id) == ("subphase", 1, "p2")
    assert by_id["p1"].parent is None and by_id["p1"].kind == "phase"
    assert by_id["s"].label == "2b. S"


def test_letters_never_run_out():
    assert [_letter(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["a", "b", "z", "aa", "ab", "az", "ba"]


def test_index_numbers_a_loaded_game(game):
    folder = game({"phases.yaml": """\
        phases:
          - {id: income, name: Income, rules: Collect.}
          - id: war
            name: War
            rules: Declare.
            subphases:
              - {id: battle, name: Battle, rules: Fight.}
              - {id: loot, name: Loot, rules: Take a Widget.}
        """})
    loaded, problems = load_game(folder)
    assert problems == []
    index = build_index(loaded)
    assert {pid: node.number for pid, node in index.phases.items()} == \
        {"income": "1", "war": "2", "battle": "2b", "loot": "2c"}
