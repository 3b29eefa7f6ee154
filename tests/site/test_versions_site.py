"""Versions on the site, built from a temporary git repository with two tagged versions of a small game:
the Changes page lists the generated diff beside the written notes, the changed rules are marked at the
rule with their earlier text one tap away, pages with such rules get the "show changes since" slot; the
same project without git (a tarball) builds, shows the written notes only and says so in one log line."""

from __future__ import annotations

import shutil

import pytest
from diffkit import kinds_versions_project, versions_project
from sitekit import build, page

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return versions_project(tmp_path_factory.mktemp("versions") / "project")


@pytest.fixture(scope="module")
def site(project):
    run = build(project)
    assert run.returncode == 0, run.stderr
    return project / "site"


def test_changes_page_lists_the_generated_diff_beside_the_written_notes(site):
    changes = page(site, "demo/changes/")
    section = changes.select_one("#v0-2")
    assert section is not None
    notes = changes.select("ul.rc-changes")[0].get_text(" ", strip=True)
    assert notes == "Income is smaller; widgets are cheaper."
    generated = changes.select(".rc-generated")
    assert len(generated) == 1  # 0.1 has no tagged version before it
    text = generated[0].get_text(" ", strip=True)
    assert "since version 0.1: 2 changes" in text  # the phase and the term; the game's own number is the heading
    assert "Game" not in text
    income = next(li for li in generated[0].select("li.rc-diff-change") if "Income" in li.get_text())
    assert income.select_one("a")["href"].endswith("turn/#income")
    assert [d.get_text() for d in income.select("del")] == ["3"]
    assert [i.get_text() for i in income.select("ins")] == ["2"]
    assert "Take 3 2 gold" in income.get_text()  # struck 3, then 2: never read as 32
    widget = next(li for li in generated[0].select("li.rc-diff-change") if "Widget" in li.get_text())
    # references read as their words, as on the rule's own page: never {phase:trade}
    assert "{" not in widget.get_text() and "2 (Trade) phase for 2 1 gold." in widget.get_text()
    assert [d.get_text() for d in widget.select("del")] == ["2"]


def test_changed_rules_are_marked_with_their_earlier_text(site):
    turn = page(site, "demo/turn/")
    income = turn.select_one("#income").find_parent(attrs={"data-rc-changed": True})
    assert income is not None and income["data-rc-changed"] == "0.2"
    assert "Changed in 0.2" in income.select_one(".rc-badge--changed").get_text()
    was = income.select_one("details.rc-was")
    assert was.select_one("summary").get_text() == "Before 0.2 (as in 0.1)"
    assert "Take 3 gold and draw up to 5 cards." in was.get_text()
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Take 2 gold" in index and "Take 3 gold" not in index  # search offers the rules of this version
    trade = turn.select_one("#trade").find_parent(attrs={"data-rc-changed": True})
    assert trade is None  # unchanged: no mark
    term = page(site, "demo/glossary/").select_one("[data-term=widget]")
    assert term["data-rc-changed"] == "0.2"
    assert "for 2 gold" in term.select_one("details.rc-was").get_text()


def test_pages_with_changed_rules_get_the_since_switch_slot(site):
    import json

    for url in ("demo/turn/", "demo/glossary/"):
        slot = page(site, url).select(".rc-since[hidden]")
        assert len(slot) == 1 and json.loads(slot[0]["data-rc-versions"]) == ["0.1", "0.2"], url
    assert not page(site, "demo/cheatsheet/").select(".rc-since")
    assert (site / "assets" / "rulecraft" / "since.lazy.js").exists()


@pytest.fixture(scope="module")
def kinds_site(tmp_path_factory):
    project = kinds_versions_project(tmp_path_factory.mktemp("kinds") / "project")
    run = build(project)
    assert run.returncode == 0, run.stderr
    return project / "site"


def _marked(el):
    """The element the since switch highlights: ``el`` or the box holding it."""
    return el if el.has_attr("data-rc-changed") else el.find_parent(attrs={"data-rc-changed": True})


def _was_lines(box) -> list[str]:
    was = box.select("details.rc-was")
    assert len(was) == 1 and was[0].select_one("summary").get_text() == "Before 0.2 (as in 0.1)"
    return [p.get_text() for p in was[0].select("p.rc-was-text")]


def test_a_changed_dice_table_shows_the_rows_and_chances_it_had(kinds_site):
    dice = page(kinds_site, "demo/dice/")
    box = _marked(dice.select_one("#retirement"))
    assert box is not None and box["data-rc-changed"] == "0.2" and "rc-dice" in box["class"]
    assert box.select_one(".rc-dice-meta .rc-badge--changed").get_text() == "Changed in 0.2"
    assert _was_lines(box) == [
        "Row 2 › roll: 3-4 → 3",
        "Row 3 › roll: 5+ → 4+",
        "Chance, with no modifier: 3 (was 3-4): Stay and gain 1 gold: 1/3 (33.3%) → 1/6 (16.7%)",
        "Chance, with no modifier: 4+ (was 5+): Retire: 1/3 (33.3%) → 1/2 (50%)"]
    assert _marked(dice.select_one("#weather")) is None  # unchanged: no mark
    assert len(dice.select(".rc-since[hidden]")) == 1


def test_a_changed_constant_and_section_are_marked_on_the_game_home(kinds_site):
    home = page(kinds_site, "demo/")
    row = home.select_one("#const-actions")
    assert row["data-rc-changed"] == "0.2"
    cell = row.select_one("td.rc-const-value")
    assert cell.select_one(".rc-badge--changed").get_text() == "Changed in 0.2"
    assert _was_lines(cell) == ["Value: 1 → 2"]
    assert not home.select_one("#const-rounds").has_attr("data-rc-changed")
    trading = _marked(home.select_one("#trading"))
    assert trading is not None and trading["data-rc-changed"] == "0.2"
    assert trading.select_one(".rc-phase-markers .rc-badge--changed").get_text() == "Changed in 0.2"
    assert _was_lines(trading) == ["Text: Swap one card with a neighbour."]
    assert "Swap up to two cards" in trading.get_text()  # the rule as it reads now, in the same box
    assert _marked(home.select_one("#building")) is None


def test_a_changed_catalog_item_and_reference_table_are_marked(kinds_site):
    catalog = page(kinds_site, "demo/catalog/")
    hut = catalog.select_one("#item-hut")
    assert hut.name == "tr" and hut["data-rc-changed"] == "0.2"
    name = hut.select_one("th")
    assert name.select_one(".rc-badge--changed").get_text() == "Changed in 0.2"
    assert _was_lines(name) == ["Cost › wood: 2 → 3"]
    assert not catalog.select_one("#item-farm").has_attr("data-rc-changed")
    tables = page(kinds_site, "demo/tables/")
    terrain = _marked(tables.select_one("#table-terrain"))
    assert terrain is not None and terrain["data-rc-changed"] == "0.2"
    assert terrain.select_one(".rc-badge--changed").get_text() == "Changed in 0.2"
    assert _was_lines(terrain) == ["Rows › row Forest › move: 2 → 3"]
    assert _marked(tables.select_one("#table-ports")) is None
    index = (kinds_site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Swap one card with a neighbour" not in index  # the earlier words are not offered by search


def test_without_git_the_page_shows_the_written_notes_and_the_build_says_so(project, tmp_path):
    copy = tmp_path / "tarball"
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns(".git", "site"))
    run = build(copy)
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if "no generated changes" in line]
    assert len(lines) == 1 and "INFO" in lines[0] and "not in a git repository" in lines[0], run.stderr
    changes = page(copy / "site", "demo/changes/")
    assert changes.select_one("ul.rc-changes").get_text(strip=True) == "Income is smaller; widgets are cheaper."
    assert not changes.select(".rc-generated")
    assert not page(copy / "site", "demo/turn/").select("[data-rc-changed]")
