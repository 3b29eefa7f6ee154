"""The rulebook site: generated pages, numbering, anchors, failures with locations, rebuilds.

Every test builds with the real `mkdocs build --strict` and asserts on parsed HTML.
"""

from __future__ import annotations

import json
import re

import pytest
from sitekit import REPO, build, make_project, page

from rulecraft.loader import load_rulebook
from rulecraft.pages import pages_for_game

pytestmark = pytest.mark.site

GAME_PAGE_URLS = {"overview": "", "turn": "turn/", "dice": "dice/", "cards": "cards/", "icons": "icons/",
                  "glossary": "glossary/", "cheatsheet": "cheatsheet/", "changes": "changes/", "status": "status/",
                  "play": "play/", "tables": "tables/", "catalog": "catalog/", "formulas": "formulas/",
                  "faq": "faq/"}


def test_every_game_gets_every_page_its_data_supports(seed_site):
    book = load_rulebook(REPO / "rules_data")
    assert set(book.games) == {"john-company", "straits", "corporate-warfare", "asean-2090", "1800"}
    for game in book.games.values():
        expected = pages_for_game(game)
        assert "overview" in expected and "cheatsheet" in expected and "glossary" in expected
        if game.phases:
            assert "turn" in expected
        if game.tables:
            assert "dice" in expected
        for key in expected:
            soup = page(seed_site, f"{game.id}/{GAME_PAGE_URLS[key]}")
            article = soup.select_one("article")
            assert article is not None, (game.id, key)
            assert article.select(".rc-block"), f"{game.id}/{key} rendered no Rulecraft block"
            assert not article.select(".rc-error, .rc-missing"), f"{game.id}/{key} shows a rendering error"


def test_john_company_turn_numbers_and_anchors_are_derived(seed_site):
    soup = page(seed_site, "john-company/turn/")
    headings = {h.get("id"): h.get_text(" ", strip=True).replace("¶", "").strip()
                for h in soup.select("article h2, article h3, article h4")}
    assert headings["vote-on-deregulation"] == "1. Vote on Deregulation"
    numbers = [text.split(".")[0] for text in headings.values() if re.match(r"^\d+[a-z]?\.", text)]
    top = [n for n in numbers if n.isdigit()]
    assert top == [str(i) for i in range(1, 19)], top
    assert "7a" in numbers and "7b" in numbers and "10b" in numbers and "10c" in numbers
    assert "15a" in numbers and "15b" in numbers
    # the compact sequence lists every numbered phase and links to its anchor
    links = [a["href"] for a in soup.select("ol.rc-sequence a:not(.rc-term)")]
    assert "#vote-on-deregulation" in links and len(links) == len([n for n in numbers])


def test_optional_and_first_round_markers(seed_site):
    soup = page(seed_site, "john-company/turn/")
    london = soup.find(id="london-season").find_parent("section")
    assert "Skipped in round 1" in london.get_text()
    dereg = soup.find(id="vote-on-deregulation").find_parent("section")
    assert "Optional" in dereg.get_text() and dereg.select_one(".rc-condition")
    governor = soup.find(id="governor-general").find_parent("section")
    assert "Alternative" in governor.get_text()


def test_site_root_lists_games_as_cards(seed_site):
    soup = page(seed_site, "")
    cards = soup.select(".rc-games li.rc-game-card")
    titles = [c.select_one(".rc-game-title").get_text(strip=True) for c in cards]
    assert {"Corporate Warfare", "1800", "Asean 2090"} <= set(titles)
    # Each card leads straight to the pages used at the table (those the game has), not to its status.
    jc = next(c for c in cards if c.select_one(".rc-game-title").get_text(strip=True) == "John Company")
    shortcuts = {a.get_text(): a["href"] for a in jc.select(".rc-game-pages a")}
    assert shortcuts == {"Turn sequence": "john-company/turn/", "Dice tables": "john-company/dice/",
                         "Icons": "john-company/icons/", "Glossary": "john-company/glossary/",
                         "Cheat sheet": "john-company/cheatsheet/"}
    facts = {c.select_one(".rc-game-title").get_text(strip=True): c.select_one(".rc-game-facts") for c in cards}
    assert "v0.4.0" in facts["1800"].get_text()  # the only source that states a version
    assert facts["Corporate Warfare"] is None  # no version, player count or time in its source: no empty line


def test_search_index_finds_terms_dice_tables_and_cards(seed_site):
    index = json.loads((seed_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = "\n".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    assert "Company Standing" in text  # a glossary term
    assert "Retirement" in text or "retirement" in text  # a dice table
    assert "Innovation Boost" in text  # a card name


def test_glossary_terms_anchor_and_phase_links(seed_site):
    soup = page(seed_site, "corporate-warfare/glossary/")
    assert soup.find(id="market-demand") is not None
    turn = page(seed_site, "corporate-warfare/turn/")
    hrefs = [a["href"] for a in turn.select("a.rc-term")]
    assert any(h.endswith("glossary/#market-demand") for h in hrefs)


def test_broken_block_reference_fails_with_page_location(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",), {
        "docs/corporate-warfare/notes.md": """\
            # Notes

            /// dice | no-such-table
            ///
            """,
    })
    result = build(project)
    assert result.returncode != 0
    assert "docs/corporate-warfare/notes.md:3" in result.stderr
    assert "no-such-table" in result.stderr
    assert "Traceback" not in result.stderr


def test_broken_data_fails_build_listing_every_error_with_location(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",))
    phases = project / "rules_data/corporate-warfare/phases.yaml"
    text = phases.read_text(encoding="utf-8")
    text = text.replace("terms: [employee, department]", "terms: [employe, department]")
    text = text.replace("{term:market-demand}", "{term:market-demnd}")
    phases.write_text(text, encoding="utf-8")
    result = build(project)
    assert result.returncode != 0
    assert "2 error(s)" in result.stderr
    assert re.search(r"rules_data/corporate-warfare/phases\.yaml:\d+:\d+: error\[dangling-term\]", result.stderr)
    assert "did you mean 'employee'" in result.stderr
    assert "Traceback" not in result.stderr


def test_yaml_edit_is_picked_up_by_a_rebuild(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",))
    assert build(project).returncode == 0
    before = page(project / "site", "corporate-warfare/turn/").find(id="allocation").get_text()
    phases = project / "rules_data/corporate-warfare/phases.yaml"
    phases.write_text(phases.read_text(encoding="utf-8").replace("name: Allocation", "name: Staffing"),
                      encoding="utf-8")
    assert build(project).returncode == 0
    after = page(project / "site", "corporate-warfare/turn/").find(id="allocation").get_text()
    assert "Allocation" in before and "Staffing" in after


def test_hand_written_page_wins_and_edit_link_points_at_yaml(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",), {
        "docs/corporate-warfare/glossary.md": """\
            # Our own glossary

            Written by hand; still uses a block:

            /// glossary
            ///
            """,
    }, plugin_extra="edit_url: https://example.org/rules/edit/main/{path}")
    result = build(project)
    assert result.returncode == 0, result.stderr
    glossary = page(project / "site", "corporate-warfare/glossary/")
    assert glossary.find("h1").get_text(strip=True).startswith("Our own glossary")
    turn = page(project / "site", "corporate-warfare/turn/")
    edit = turn.select_one("a.md-content__button[href]")
    assert edit is not None
    assert edit["href"] == "https://example.org/rules/edit/main/rules_data/corporate-warfare/phases.yaml"


def test_page_outside_a_game_can_name_the_game(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",), {
        "docs/odds.md": """\
            # Odds

            /// dice | corporate-warfare:market-demand
            ///
            """,
    })
    result = build(project)
    assert result.returncode == 0, result.stderr
    soup = page(project / "site", "odds/")
    assert soup.select_one(".rc-dice-table") is not None


def test_serve_watches_rules_data(tmp_path):
    from mkdocs.config import load_config

    project = make_project(tmp_path, ("corporate-warfare",))
    config = load_config(str(project / "mkdocs.yml"))
    plugin = config.plugins["rulecraft"]
    config.plugins.on_config(config)

    class Server:
        watched: list[str] = []

        def watch(self, path, *args, **kwargs):
            self.watched.append(path)

    server = Server()
    plugin.on_serve(server, config=config, builder=None)
    assert str((project / "rules_data").resolve()) in server.watched


@pytest.mark.parametrize("offline_first", [True, False])
def test_search_order_script_comes_after_other_plugins_head_scripts(tmp_path, offline_first):
    """searchorder.js wraps the worker Material's search starts: it is linked in <head> through Material's
    ``extra.polyfills``, after the author's own and after what other plugins put there (Material's offline
    plugin replaces the worker for pages opened from disk), whichever plugin is listed first."""
    from mkdocs.config import load_config

    project = make_project(tmp_path, ("corporate-warfare",))
    yml = project / "mkdocs.yml"
    text = yml.read_text(encoding="utf-8").replace("markdown_extensions:", "extra:\n  polyfills: [js/mine.js]\n"
                                                   "markdown_extensions:")
    text = text.replace("  - search\n", "  - search\n  - offline\n") if offline_first else \
        text.replace("extra:", "  - offline\nextra:")
    yml.write_text(text, encoding="utf-8")
    config = load_config(str(yml))
    assert (list(config.plugins).index("material/offline") < list(config.plugins).index("rulecraft")) == offline_first
    try:
        config.plugins.on_config(config)
    finally:
        config.plugins.on_shutdown()  # the plugin keeps a one-off build's objects from the collector until then
    polyfills = [str(script) for script in config.extra["polyfills"]]
    assert polyfills[0] == "js/mine.js"
    assert polyfills[-1] == "assets/rulecraft/searchorder.js"
    assert polyfills.count("assets/rulecraft/searchorder.js") == 1
    assert any("iframe-worker" in script for script in polyfills[1:-1])


@pytest.mark.browser
def test_screenshots_light_and_dark(seed_site, tmp_path):
    """Overview, turn and dice pages in both schemes and two widths: no script errors, nothing wider
    than the screen, headings visible. The PNGs are kept in the test's tmp dir for a person to look at."""
    from sitekit import chromium, serve

    shots = []
    with serve(seed_site) as base, chromium() as browser:
        for scheme in ("light", "dark"):
            for width in (1280, 390):
                tab = browser.new_page(color_scheme=scheme, viewport={"width": width, "height": 900})
                errors: list[str] = []
                tab.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
                for path in ("john-company/", "john-company/turn/", "john-company/dice/"):
                    tab.goto(f"{base}/{path}")
                    assert tab.locator("article h1").first.is_visible()
                    overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                    assert overflow <= 1, f"{path} is {overflow}px wider than a {width}px screen ({scheme})"
                    shot = tmp_path / f"{path.strip('/').replace('/', '_')}-{scheme}-{width}.png"
                    tab.screenshot(path=str(shot))
                    shots.append(shot)
                assert not errors, errors
                tab.close()
    assert all(shot.stat().st_size > 10_000 for shot in shots)
