"""The number drift checks on the Harbour test game (tests/data/drift/harbour): each finding at its file and
line, the planted drifts found (PLANTED.yaml, written before the checks were tuned), a finding accepted, and
Asean 2090's source found disagreeing with itself."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from rulecraft.checks import check_path
from rulecraft.checks.drift.constants import CONSTANT_CODE, REPEATED_CODE
from rulecraft.checks.drift.counts import CODE as COUNT_CODE
from rulecraft.checks.drift.texts import Text
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index

REPO = Path(__file__).resolve().parents[3]
HARBOUR = REPO / "tests" / "data" / "drift" / "harbour"
SEEDS = Path("/work/shared/seeds")
CODES = {COUNT_CODE, CONSTANT_CODE, REPEATED_CODE}


def drift(result) -> list:
    return [p for p in result.problems if p.code in CODES]


def place(problem) -> tuple[str, int, str]:
    shown = Path(problem.location.file).resolve().relative_to(HARBOUR.resolve()).as_posix()
    return shown, problem.location.line, problem.code


@pytest.fixture(scope="module")
def harbour():
    return check_path(HARBOUR / "rules_data", HARBOUR / "docs")


def test_every_finding_on_harbour_at_its_file_and_line(harbour):
    assert sorted(place(p) for p in drift(harbour)) == sorted([
        ("docs/harbour/index.md", 5, CONSTANT_CODE),  # four ships: ships-per-player
        ("docs/harbour/playing.md", 20, REPEATED_CODE),  # 17+ reputation, twice (neither place has a subject)
        ("rules_data/harbour/game.yaml", 20, COUNT_CODE),  # 30 cargo crates / twenty-eight crates
        ("rules_data/harbour/game.yaml", 23, COUNT_CODE),  # 10 seals / twelve of their guild seals
        ("rules_data/harbour/game.yaml", 26, COUNT_CODE),  # 8 berths / nine of their docks
        ("rules_data/harbour/game.yaml", 28, COUNT_CODE),  # their 5 ships / four ships
        ("rules_data/harbour/game.yaml", 29, CONSTANT_CODE),  # 10 doubloons: starting-doubloons
        ("rules_data/harbour/game.yaml", 29, COUNT_CODE),  # one warehouse / two warehouses
        ("rules_data/harbour/game.yaml", 30, COUNT_CODE),  # 3 contracts / four charters
        ("rules_data/harbour/game.yaml", 33, CONSTANT_CODE),  # 6 contracts: contracts-to-win
        ("rules_data/harbour/phases.yaml", 6, CONSTANT_CODE),  # 5 crates: warehouse-capacity
        ("rules_data/harbour/phases.yaml", 7, REPEATED_CODE),  # 2 tide tokens, three times: at phase:loading
        ("rules_data/harbour/phases.yaml", 16, CONSTANT_CODE),  # 6 contracts: contracts-to-win
        ("rules_data/harbour/phases.yaml", 17, REPEATED_CODE),  # 12+ doubloons, twice: at phase:trading
    ])
    ships = next(p for p in drift(harbour) if p.code == COUNT_CODE and p.location.line == 28)
    assert "'their 5 ships'" not in ships.message and "'5 ships' counts 5" in ships.message
    assert "docs/harbour/index.md:5:" in ships.message  # names the other place


def test_at_least_80_percent_of_the_planted_drifts_are_found(harbour):
    """A plant is found by a warning of its detector on its line or on its other place, or naming either
    (a repeated number is reported at one of its places and names the others)."""
    planted = yaml.safe_load((HARBOUR / "PLANTED.yaml").read_text(encoding="utf-8"))
    assert len(planted) >= 10
    findings = drift(harbour)
    hits = []
    for plant in planted:
        places = {(plant["file"], plant["line"])}
        if "other" in plant:
            file, line = plant["other"].rsplit(":", 1)
            places.add((file, int(line)))
        hits.append(any(p.code == plant["detector"] and any(
            place(p)[:2] == (file, line) or f"{file}:{line}:" in p.message for file, line in places)
            for p in findings))
    assert sum(hits) / len(hits) >= 0.8, [p["what"] for p, hit in zip(planted, hits) if not hit]
    assert sum(hits) == len(hits)  # today: every one


def test_a_finding_is_accepted_with_a_reason(tmp_path):
    project = tmp_path / "harbour"
    shutil.copytree(HARBOUR, project)
    game = project / "rules_data" / "harbour" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + (
        "check:\n  accept:\n    - code: drift-repeated-number\n      at: phase:loading\n"
        "      reason: The tide tokens are counted in each place on purpose.\n"), encoding="utf-8")
    page = project / "docs" / "harbour" / "index.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    lines.insert(4, '<!-- rulecraft: accept drift-constant "the page tells the story; the setup has the figure" -->')
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = check_path(project / "rules_data", project / "docs")
    accepted = {(a.problem.code, a.reason) for a in result.accepted}
    assert accepted == {(REPEATED_CODE, "The tide tokens are counted in each place on purpose."),
                        (CONSTANT_CODE, "the page tells the story; the setup has the figure")}
    assert not [p for p in result.problems if p.code.startswith("accept-")]
    assert len(drift(result)) == 12


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not on this machine")
def test_asean_source_disagrees_with_itself_on_its_influence_markers():
    from rulecraft.checks.drift import constants, counts
    from rulecraft.checks.drift.numbers import NounIndex
    from rulecraft.checks.drift.phrased import phrased

    index = build_index(load_rulebook(REPO / "rules_data").games["asean-2090"])
    source = next(SEEDS.glob("003_*.txt"))
    text = Text(source.read_text(encoding="utf-8"), str(source))
    nouns = NounIndex.of_game(index)
    problem, = counts.check(phrased([text], nouns), "asean-2090")
    assert "fifteen" in problem.message and "twenty" in problem.message
    assert problem.location.line == 161 and f"{source}:6:" in problem.message
    assert constants.check(phrased([text], nouns), nouns, {}, "asean-2090") == []


def test_the_five_games_have_no_number_drift_left_unaccepted():
    result = check_path(REPO / "rules_data")
    assert drift(result) == []
    assert {a.problem.code for a in result.accepted} & CODES  # the number drift the games accept, with reasons
