"""The play view on the repository's own site: every game with a turn has /<game>/play/, linked from its turn
page and its home, kept for offline use with the scripts and stylesheet it loads, and left out of the search
(its rules are the turn page's, one phase per screen)."""

from __future__ import annotations

import json

import pytest
from sitekit import REPO, page, seed_site  # noqa: F401 - fixture

from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index

pytestmark = pytest.mark.site


def games():
    book = load_rulebook(REPO / "rules_data")
    return {gid: build_index(g) for gid, g in book.games.items() if g.phases}


def test_every_game_has_a_play_view_linked_from_its_turn_page_and_home(seed_site):  # noqa: F811
    found = games()
    assert set(found) == {"1800", "asean-2090", "corporate-warfare", "john-company"}
    # A game whose turn is not written yet (Straits) has no turn page and no turn to play through.
    assert not (seed_site / "straits" / "play").exists() and not (seed_site / "straits" / "turn").exists()
    for gid, index in found.items():
        play = page(seed_site, f"{gid}/play/")
        root = play.select_one(".rc-play")
        data = json.loads(root["data-rc-play"])
        phases = [s["id"] for s in data["steps"] if s["id"] not in ("start-of-turn", "end-of-round")]
        assert phases == [n.id for n in index.numbered], gid
        assert len(root.select("section.rc-play-step")) == len(data["steps"])
        assert any(link.get("href") == "play.css" or link.get("href", "").endswith("/play.css")
                   for link in play.select("link[rel=stylesheet]")), gid
        turn = page(seed_site, f"{gid}/turn/")
        assert turn.select_one(".rc-play-link a")["href"] == "../play/", gid
        home = page(seed_site, f"{gid}/")
        assert "../play/" in [a.get("href") for a in home.select(".rc-page-links a")] or \
            "play/" in [a.get("href") for a in home.select(".rc-page-links a")], gid


def test_the_play_view_is_kept_offline_and_not_searched(seed_site):  # noqa: F811
    for gid in games():
        files = json.loads((seed_site / "offline" / f"{gid}.json").read_text(encoding="utf-8"))["files"]
        for needed in (f"{gid}/play/", "assets/rulecraft/play.lazy.js", "assets/rulecraft/play.css",
                       "assets/rulecraft/rolled.lazy.js"):
            assert needed in files, (gid, needed)
    index = json.loads((seed_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert not [d["location"] for d in index["docs"] if "/play/" in d["location"]]
    assert any("/turn/" in d["location"] for d in index["docs"])
