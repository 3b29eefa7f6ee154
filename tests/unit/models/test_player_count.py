"""players: a range, or a minimum alone when the source states no maximum ({min: 2} or "2+"), shown as
"2+ players" on the overview, the cheat sheet and the games list; anything else is a located error."""

from __future__ import annotations

import pytest
from gamekit import MINIMAL_GAME, check, dedent, where
from mdkit import render

GAME = dedent(MINIMAL_GAME["game.yaml"])


@pytest.mark.parametrize("written", ["{min: 2}", '"2+"', "2+"])
def test_a_minimum_alone_is_shown_as_n_plus(game, written):
    folder = game({"game.yaml": GAME + f"players: {written}\n"})
    assert not check(folder).problems, [str(p) for p in check(folder).problems]
    overview = render(folder.parent, "/// overview\n///\n", game="demo")[0]
    facts = dict(zip([d.get_text() for d in overview.select(".rc-facts dt")],
                     [d.get_text() for d in overview.select(".rc-facts dd")]))
    assert facts["Players"] == "2+"
    sheet = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    assert "2+ players" in sheet.select_one(".rc-sheet-version").get_text()
    games = render(folder.parent, "/// games\n///\n", page="index.md")[0]
    assert "2+ players" in games.get_text()


def test_a_range_still_reads_as_before(game):
    folder = game({"game.yaml": GAME + "players: {min: 2, max: 4}\n"})
    sheet = render(folder.parent, "/// cheatsheet\n///\n", game="demo")[0]
    assert "2–4 players" in sheet.select_one(".rc-sheet-version").get_text()


def test_a_count_that_is_no_minimum_is_a_located_error(game):
    folder = game({"game.yaml": GAME + "players: some\n"})
    problem = check(folder).errors[0]
    assert "'some' is not a player count" in problem.message and '"2+"' in problem.message
    assert problem.location.line == where(folder, "game.yaml", "players:")[0]
    folder = game({"game.yaml": GAME + "players: {min: 3, max: 2}\n"})
    assert "max (2) is smaller than min (3)" in check(folder).errors[0].message
