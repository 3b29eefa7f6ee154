"""The cheat sheet states the rules version and date it was made from, and marks each rule an erratum
corrects (a † on the rule, the erratum named in the header)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from mdkit import render

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "faq" / "ridgeline"


def _text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


@pytest.fixture
def ridgeline(tmp_path) -> Path:
    target = tmp_path / "rules_data" / "ridgeline"
    shutil.copytree(FIXTURE, target)
    return target


def _sheet(folder: Path):
    return render(folder.parent, "/// cheatsheet\n///\n", game="ridgeline", extensions=[])[0]


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_header_states_the_version_and_the_date_of_the_rules(ridgeline):
    head = _sheet(ridgeline).select_one(".rc-sheet-header")
    assert _text(head.select_one(".rc-sheet-version")).startswith("Version 1.2 ·")
    assert _text(head.select_one(".rc-sheet-date")) == "14 Mar 2025"  # the newest changelog entry's date


def test_without_a_version_in_game_yaml_the_changelog_gives_it(ridgeline):
    _edit(ridgeline, "game.yaml", 'version: "1.2"\n', "")
    head = _sheet(ridgeline).select_one(".rc-sheet-header")
    assert _text(head.select_one(".rc-sheet-version")).startswith("Version 1.2 ·")  # the newest by date


def test_a_rule_an_erratum_corrects_is_marked_and_the_header_names_the_erratum(ridgeline):
    sheet = _sheet(ridgeline)
    marks = sheet.select(".rc-sheet-erratum")
    # the erratum corrects a step of Combat: the phase carries the mark; the clarification and question do not
    assert [(m.parent.get_text(), m["title"]) for m in marks] == [
        ("Combat†", "Erratum: Retreats (Combat, step 3)")]
    assert marks[0].find_parent("li")["id"] == "sheet-phase-combat"
    line = _text(sheet.select_one(".rc-sheet-header .rc-sheet-errata"))
    assert line == ("Errata: † Retreats (Combat, step 3) (version 1.2, 14 Mar 2025) — the corrected rules are on "
                    "the Errata and FAQ page.")
    assert sheet.select_one(".rc-sheet-errata a")["href"] == "faq.md"  # a link on screen; plain words in print


def test_several_errata_are_numbered_and_one_on_a_term_marks_the_term(ridgeline):
    _edit(ridgeline, "faq.yaml", "kind: faq", "kind: erratum")  # now also about the zone of control and Movement
    sheet = _sheet(ridgeline)
    marked = {m.find_parent(id=re.compile("^sheet-")).get("id"): m.get_text()
              for m in sheet.select(".rc-sheet-erratum")}
    assert marked == {"sheet-phase-combat": "†1", "sheet-term-zone-of-control": "†2",
                      "sheet-phase-movement": "†2"}
    line = sheet.select_one(".rc-sheet-errata").get_text()
    assert "†2 Does a zone of control extend onto the Crest? (20 Nov 2024)" in line


def test_a_game_without_errata_has_no_marks(ridgeline):
    (ridgeline / "faq.yaml").unlink()
    sheet = _sheet(ridgeline)
    assert not sheet.select(".rc-sheet-erratum") and sheet.select_one(".rc-sheet-errata") is None


def test_without_dated_changelog_or_git_the_date_is_source_date_epoch(ridgeline, monkeypatch):
    _edit(ridgeline, "game.yaml", "    date: 2025-03-14\n", "")
    _edit(ridgeline, "game.yaml", "    date: 2024-09-02\n", "")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert _date_shown(ridgeline) is None  # outside a repository, nothing dates the files: no date
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    head = _sheet(ridgeline).select_one(".rc-sheet-header")
    assert _text(head.select_one(".rc-sheet-date")) == "14 Nov 2023"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # what the PDF step's children get when nothing is set
    assert _sheet(ridgeline).select_one(".rc-sheet-header .rc-sheet-date") is None


def _date_shown(folder: Path):
    return _sheet(folder).select_one(".rc-sheet-header .rc-sheet-date")


def test_the_fit_estimate_leaves_room_for_the_errata_line(ridgeline):
    from rulecraft.loader import load_rulebook
    from rulecraft.models.cheatsheet import estimate, sheet_content
    from rulecraft.models.index import build_index

    def per_column(folder):
        index = build_index(load_rulebook(folder.parent).games["ridgeline"])
        return estimate(sheet_content(index), index, 7.0).lines_per_column

    with_errata = per_column(ridgeline)
    _edit(ridgeline, "faq.yaml", "kind: erratum", "kind: clarification")
    assert per_column(ridgeline) - with_errata == pytest.approx(1.0)  # one line of the header at 7 pt
