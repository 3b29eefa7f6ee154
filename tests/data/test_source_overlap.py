"""The rule data restates its sources in its own words: no run of 10+ words copied outside quotations.

The rules of the comparison (words, references, what counts as a marked quotation) are in the docstring
of benchmarks/source_overlap.py, which this test uses.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from gamekit import SEEDS

ROOT = Path(__file__).resolve().parents[2]
SOURCES = SEEDS


def _overlap():
    spec = importlib.util.spec_from_file_location("source_overlap", ROOT / "benchmarks" / "source_overlap.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


overlap = _overlap()


def test_runs_are_found_and_quotations_skipped(tmp_path):
    """The audit itself: a copied run is reported, the same run inside quotes is not."""
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "a.txt").write_text("<p>The quick brown fox jumps over the lazy dog near the old river bank.</p>\n")
    (sources / "README.md").write_text("| file | game |\n|---|---|\n| a.txt | Demo (`demo`) |\n")
    game = tmp_path / "rules_data" / "demo"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: demo\nconstants:\n  n: {value: 10}\nsummary: >-\n"
        "  Then the quick brown {term:fox} jumps over the lazy dog near the old river, they say.\n"
        "open_questions:\n  - id: q\n"
        "    question: 'It says \"the quick brown fox jumps over the lazy dog near the old river\".'\n"
        "  - id: r\n    question: The quick brown fox jumps over the lazy dog, says {const:n}.\n")
    results = overlap.audit(sources, tmp_path / "rules_data")
    outside, inside = results["demo"]
    assert [len(run.words) for run in outside] == [13]
    assert outside[0].path == "summary"
    assert [len(run.words) for run in inside] == [13]


@pytest.mark.skipif(not (SOURCES / "README.md").is_file(),
                    reason=f"the source documents are not beside the repository ({SOURCES})")
def test_no_long_runs_copied_from_the_sources():
    results = overlap.audit(SOURCES, ROOT / "rules_data")
    assert set(results) == {"john-company", "straits", "corporate-warfare", "asean-2090", "1800"}
    copied = [str(run) for outside, _inside in results.values() for run in outside]
    assert not copied, "restate these in your own words (or mark a quotation):\n" + "\n".join(copied)
