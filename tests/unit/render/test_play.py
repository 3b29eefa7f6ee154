"""The play view's data (render/play.py): each step of the turn with when it is played, conditions as the
tree play.lazy.js evaluates, the constants a phase names, the table's settings; rendered from the core alone."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from mdkit import render

from rulecraft.expr import parse
from rulecraft.render.play import condition_tree

TAVERN = Path(__file__).parents[2] / "data" / "play"
BRIDGEHEAD = Path(__file__).parents[2] / "data" / "wargame"


@pytest.mark.parametrize("text,tree", [
    ("round >= 3 and not event.bridge-blown", ["and", [">=", ["r"], 3], ["not", ["e", "bridge-blown"]]]),
    ("state.time == night", ["==", ["s", "time"], "night"]),
    ("round > const.turns - 1", [">", ["r"], ["-", 8, 1]]),
    ("round >= half(const.turns, up) or state.weather != storm",
     ["or", [">=", ["r"], ["half", 8, "up"]], ["!=", ["s", "weather"], "storm"]]),
    ("round == const.third", ["==", ["r"], 1 / 3]),
])
def test_conditions_become_trees_with_constants_resolved(text, tree):
    assert condition_tree(parse(text), {"turns": Fraction(8), "third": Fraction(1, 3)}) == tree


def test_a_constant_a_variant_changes_is_left_for_the_page_to_pick():
    tree = condition_tree(parse("round >= const.turns - 1 and round < const.third"),
                          {"turns": Fraction(8), "third": Fraction(1, 3)}, frozenset({"turns"}))
    assert tree == ["and", [">=", ["r"], ["-", ["k", "turns"], 1]], ["<", ["r"], 1 / 3]]


def test_the_page_carries_the_values_of_the_constants_variants_change():
    _, _, data = play_page(Path(__file__).parents[2] / "data" / "variants", "isle")
    assert data["consts"] == {"fame-to-win": {"base": 17, "views": {"long-game": 20}}}


def play_page(folder: Path, game: str):
    soup, _ = render(folder, "/// play\n///\n", game=game, page=f"{game}/play.md")
    root = soup.select_one(".rc-play")
    return soup, root, json.loads(root["data-rc-play"])


def test_every_step_in_turn_order_with_when_it_is_played():
    soup, root, data = play_page(TAVERN, "tavern")
    steps = {s["id"]: s for s in data["steps"]}
    assert [s["id"] for s in data["steps"]] == ["deal", "guests", "rent", "heating", "serve", "pour", "tips",
                                                "closing", "sweep", "party", "end-of-round"]
    assert [s["n"] for s in data["steps"]][:-1] == ["1", "2", "3", "4", "5", "5b", "5c", "6", "6a", "6b"]
    assert steps["deal"]["when"] == ["==", ["r"], 1]
    assert steps["rent"]["from"] == 2 and "from" not in steps["guests"]
    assert steps["heating"]["when"] == ["==", ["s", "season"], "winter"]
    assert steps["party"]["optional"] == "party" and "optional" not in steps["sweep"]
    screens = root.select("section.rc-play-step")
    assert [s["data-step"] for s in screens] == [s["id"] for s in data["steps"]]
    guests = root.select_one("#play-guests")
    assert guests.select_one("h2").get_text().startswith("2. Guests arrive")
    assert [dt.get_text() for dt in guests.select(".rc-play-numbers dt")] == ["Guests each round"]
    assert guests.select_one(".rc-play-numbers dd").get_text() == "3"
    assert guests.select_one("details.rc-phase-dice")["open"] == ""  # the table opens on its screen
    assert guests.select_one(".rc-dice[data-rc-dice]") is not None
    end = root.select_one("#play-end-of-round")
    assert "The game ends after round 5." in end.get_text()
    # The table's settings: the round, the season (its initial value chosen), the optional phase.
    assert root.select_one("[data-rc-play-round]")["value"] == "1"
    season = root.select_one("select[data-rc-state=season]")
    assert [o["value"] for o in season.select("option")] == ["summer", "winter"]
    assert season.select_one("option[selected]")["value"] == "summer"
    assert root.select_one("input[data-rc-optional=party]") is not None
    assert root.select_one(".rc-play-bar[hidden] .rc-play-next") is not None  # shown by its script



def test_events_and_states_of_a_wargame():
    _, root, data = play_page(BRIDGEHEAD, "bridgehead")
    engineers = next(s for s in data["steps"] if s["id"] == "engineers")
    assert engineers["when"] == ["and", [">=", ["r"], 3], ["not", ["e", "bridge-blown"]]]
    assert root.select_one("input[data-rc-event=bridge-blown]") is not None
    assert [s["data-rc-state"] for s in root.select("select[data-rc-state]")] == ["weather", "time"]


def test_the_turn_page_links_the_play_view():
    soup, _ = render(TAVERN, "/// turn\n///\n", game="tavern", page="tavern/turn.md")
    assert soup.select_one(".rc-play-link a")["href"] == "play.md"
