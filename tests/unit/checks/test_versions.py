"""Versions: changed_in must name a changelog version (warning); the changes page and badges on a built site."""

from __future__ import annotations

import pytest
import sitekit
from gamekit import RULES_DATA, only, where, with_code, write_game

from rulecraft.checks import check_path
from rulecraft.cli.main import main

GAME = """\
    id: demo
    title: Demo Game
    version: "0.4.0"
    summary: Players trade widgets.
    changelog:
      - version: "0.4.0"
        date: 2024-05-01
        changes: [Trading is faster.]
      - version: "0.3"
        changes: [First rules.]
    """
PHASES = """\
    phases:
      - id: trade
        name: Trade
        rules: Each player may trade one Widget.
        changed_in: "0.4.0"
      - id: score
        name: Score
        rules: Count your Widgets.
        changed_in: "0.4"
    """
TERMS = """\
    terms:
      - id: widget
        term: Widget
        plurals: [widgets]
        short: A small wooden cube.
        changed_in: "0.3"
    """
CARDS = """\
    decks:
      - id: d
        name: Deck
        description: Deals Widgets.
        cards:
          - {id: boost, name: Boost, text: Take a Widget., changed_in: "0.5.0"}
    """


def test_unknown_changed_in_is_a_located_warning(tmp_path):
    folder = write_game(tmp_path, {"game.yaml": GAME, "phases.yaml": PHASES, "terms.yaml": TERMS,
                                   "cards.yaml": CARDS})
    result = check_path(folder)
    assert not result.errors
    found = with_code(result.problems, "changed-in-unknown")
    assert len(found) == 2
    by_file = {p.location.file.rsplit("/", 1)[-1]: p for p in found}
    phase = by_file["phases.yaml"]
    assert (phase.location.line, phase.location.column) == where(folder, "phases.yaml", '"0.4"')
    assert "phase 'score' is marked changed_in 0.4" in phase.message
    assert "did you mean '0.4.0'?" in phase.hint
    card = by_file["cards.yaml"]
    assert "card 'boost'" in card.message and "0.4.0, 0.3" in card.hint
    assert not card.is_error


def test_no_changelog_at_all(tmp_path):
    folder = write_game(tmp_path, {"phases.yaml": PHASES.replace('"0.4"', '"0.4.0"')})
    found = with_code(check_path(folder).problems, "changed-in-unknown")
    assert len(found) == 2
    assert found[0].message.endswith("the changelog has no version 0.4.0")
    assert "changelog:" in found[0].hint


def test_known_versions_are_quiet_and_duplicates_warn(tmp_path):
    game = GAME.rstrip(" ") + '      - version: "0.3"\n        changes: [Again.]\n'
    folder = write_game(tmp_path, {"game.yaml": game, "terms.yaml": TERMS})
    result = check_path(folder)
    assert not with_code(result.problems, "changed-in-unknown")
    duplicate = only(result.problems, "changelog-duplicate")
    assert duplicate.location.line == where(folder, "game.yaml", '"0.3"', nth=1)[0]


def test_strict_cli_fails_on_the_warning(tmp_path, capsys):
    folder = write_game(tmp_path, {"phases.yaml": PHASES.replace('"0.4"', '"0.4.0"')})
    assert main(["check", str(folder)]) == 0
    assert main(["check", "--strict", str(folder)]) == 1
    assert "warning[changed-in-unknown]" in capsys.readouterr().out


def test_seed_games_mark_only_changelog_versions():
    assert not with_code(check_path(RULES_DATA).problems, "changed-in-unknown")


@pytest.mark.site
def test_versions_on_a_built_site(tmp_path):
    project = sitekit.make_project(tmp_path / "p", files={
        "rules_data/demo/game.yaml": GAME, "rules_data/demo/phases.yaml": PHASES.replace('"0.4"', '"0.3"'),
        "rules_data/demo/terms.yaml": TERMS, "rules_data/demo/cards.yaml": CARDS.replace("0.5.0", "0.4.0")})
    run = sitekit.build(project)
    assert run.returncode == 0, run.stderr
    site = project / "site"
    overview = sitekit.page(site, "demo/")
    facts = {dt.get_text(strip=True): dt.find_next_sibling("dd").get_text(strip=True)
             for dt in overview.select("dl.rc-facts dt")}
    assert facts["Rules version"] == "0.4.0"
    changes = sitekit.page(site, "demo/changes/")
    assert "Current rules version: 0.4.0." in changes.select_one(".rc-current-version").get_text()
    headings = [h.get_text(" ", strip=True).rstrip(" ¶") for h in changes.select("article h2")]
    assert headings[:2] == ["Version 0.4.0 (2024-05-01)", "Version 0.3"]
    marked = [a.get_text(strip=True) for a in changes.select("ul.rc-changed-items a")]
    assert marked == ["Phase 1. Trade", "Card: Boost", "Phase 2. Score", "Term: Widget"]
    for url, anchor, version in (("demo/turn/", "trade", "0.4.0"), ("demo/turn/", "score", "0.3"),
                                 ("demo/glossary/", "widget", "0.3"), ("demo/cards/", "card-boost", "0.4.0")):
        soup = sitekit.page(site, url)
        box = soup.find(id=anchor)
        container = box if box.name not in ("h2", "h3", "h4") else box.parent
        badges = [b.get_text(strip=True) for b in container.select(".rc-badge--changed")]
        assert f"Changed in {version}" in badges, (url, anchor, badges)
