"""Every game's home opens with quick answers: how to win, set-up, key numbers and the turn at a glance,
each one tap away (their sections sit 9-11 phone screens down the homes of John Company, Straits and 1800)."""

from __future__ import annotations

import pytest
from gamekit import RULES_DATA
from mdkit import render

JOHN_STAGES = ["1 The players' own position", "2 Running the Company", "3 Finances", "4 Events outside the Company",
               "5 Upkeep"]
SEEDS = ["1800", "asean-2090", "corporate-warfare", "john-company", "straits"]


def home(game: str):
    return render(RULES_DATA, "/// overview\n///\n", game=game, page=f"{game}/index.md")[0]


@pytest.mark.parametrize("game", SEEDS)
def test_each_home_opens_with_links_to_the_answers_a_player_wants(game):
    soup = home(game)
    quick = soup.select_one("nav.rc-quick")
    assert quick is not None and quick["aria-label"] == "Quick answers"
    # before the summary and every section: only the facts (players, time) come first
    before = [el.name for el in quick.find_previous_siblings()]
    assert set(before) <= {"dl", "p"} and "h2" not in before
    jumps = {a.get_text(): a["href"] for a in quick.select(".rc-quick-jumps a")}
    assert jumps["Set-up"] == "#setup" and jumps["How to win"] in ("#end-of-game", "#objective")
    for href in jumps.values():  # each lands on a heading of this page, or another page of the game
        assert not href.startswith("#") or soup.find(id=href[1:]) is not None, href
    assert "Key numbers" in jumps  # every seed game has numbers


def test_the_turn_at_a_glance_names_the_stages_or_the_top_phases_and_links_them():
    line = home("corporate-warfare").select_one(".rc-quick-turn")
    steps = [a.get_text() for a in line.select("a.rc-quick-step")]
    assert steps == ["1 Allocation", "2 Action", "3 Execution", "4 Economic Upkeep"]
    assert line.select_one("a.rc-quick-step")["href"] == "turn.md#allocation"  # the turn page's phase
    john = home("john-company").select(".rc-quick-turn a.rc-quick-step")  # 24 phases: its stages instead
    assert [a.get_text() for a in john] == JOHN_STAGES
    assert all(a["href"].startswith("turn.md#stage-") for a in john)


def test_a_game_without_a_turn_sequence_still_gets_its_quick_links():
    soup = home("straits")  # no phases in its data
    assert soup.select_one(".rc-quick-turn") is None
    assert [a.get_text() for a in soup.select(".rc-quick-jumps a")][:2] == ["How to win", "Set-up"]
