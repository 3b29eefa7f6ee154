"""The book snapshot keeps faq.yaml: entries come back as records of their kind, with their dates, and the
rules they answer have the same fingerprints (a build from the snapshot shows and marks the same)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulecraft import snapshot
from rulecraft.loader import load_rulebook
from rulecraft.models import records
from rulecraft.models.index import build_index
from rulecraft.models.rule_targets import entries_at, entry_fingerprint

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "faq" / "ridgeline"


def test_faq_entries_round_trip_with_their_fingerprints(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "rules_data" / "ridgeline")
    book = load_rulebook(tmp_path / "rules_data")
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    assert again is not None
    game, copy = book.games["ridgeline"], again.games["ridgeline"]
    assert copy.faq_entries == game.faq_entries
    assert all(isinstance(e, records.FaqEntry) and isinstance(e, records.Record) for e in copy.faq_entries)
    assert [e.issued for e in copy.faq_entries] == [e.issued for e in game.faq_entries]
    before, after = build_index(game), build_index(copy)
    assert [entry_fingerprint(after, e) for e in copy.faq_entries] == \
        [entry_fingerprint(before, e) for e in game.faq_entries] == [e.fingerprint for e in game.faq_entries]
    assert [e.id for e in entries_at(after, "step", "retreat")] == ["retreat-into-zoc"]
    assert [e.id for e in entries_at(after, "dice", "combat")] == ["defender-retreat-direction"]  # by its row
