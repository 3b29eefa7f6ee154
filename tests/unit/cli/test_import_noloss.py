"""`rulecraft import` loses nothing: every sentence of the source, duplicates included, reaches the data or the
prose page (losskit.py says how sentences are taken and found).

The seeds live in ../shared/seeds next to the repository (tests skip, saying why, when they are absent).
"""

from __future__ import annotations

import textwrap

import losskit
import pytest
from gamekit import REPO, SEED_FILES, SEEDS

from rulecraft.cli.importer import _read_source, import_rulebook

MARKDOWN_SEEDS = {"straits", "asean-2090", "1800"}  # the others are HTML: only their outline is read
BOOKS = REPO / "tests" / "unit" / "cli" / "rulebooks"
# one book of each format the importer reads, among those whose every sentence arrives
TEST_BOOKS = ["market-day.md", "orchard-wars.md", "bellfounders-guild.html", "thistle-and-thorn.html",
              "nettlebridge-thatchers.txt", "hobnail-tinkers.pdf", "pellory-stargazers.docx"]


def losses(path, root, game_id, raw_too: bool):
    """(lost outline sentences, lost raw-text sentences) of importing ``path`` into ``root``."""
    outline = _read_source(path.read_bytes(), path, "auto")
    result = import_rulebook(path, root, game_id=game_id)
    out = losskit.output_words(result.folder, result.page.parent)
    raw = losskit.lost(losskit.raw_texts(path.read_text(encoding="utf-8-sig")), out) if raw_too else []
    return losskit.lost(losskit.outline_texts(outline), out), raw


@pytest.mark.parametrize("game", list(SEED_FILES))
def test_every_seed_sentence_reaches_the_output(tmp_path, game):
    path = SEEDS / SEED_FILES[game]
    if not path.is_file():
        pytest.skip(f"seed rulebook {path} not found: the seeds live in ../shared/seeds beside the repository")
    from_outline, from_raw = losses(path, tmp_path, game, game in MARKDOWN_SEEDS)
    assert from_outline == [] and from_raw == []


@pytest.mark.parametrize("name", TEST_BOOKS)
def test_every_test_book_sentence_reaches_the_output(tmp_path, name):
    path = BOOKS / name
    if path.suffix in (".pdf", ".docx"):
        pytest.importorskip("pdfminer" if path.suffix == ".pdf" else "mammoth")
    from_outline, from_raw = losses(path, tmp_path, path.stem, path.suffix in (".md", ".txt"))
    assert from_outline == [] and from_raw == []


BOOK = """\
# Tinker Town

## Turn

Each turn consists of three phases:

1. Gather
2. Build
3. Trade

## 2. Build and repair

Place one tile next to another tile you own.

Remember that a tile is never removed once placed.

Remember that a tile is never removed once placed.
"""


def test_a_duplicate_paragraph_a_phase_lead_in_and_a_longer_phase_heading_are_kept(tmp_path):
    (tmp_path / "book.md").write_text(BOOK, encoding="utf-8")
    from_outline, from_raw = losses(tmp_path / "book.md", tmp_path / "out", "tinker", True)
    assert from_outline == [] and from_raw == []
    page = (tmp_path / "out" / "docs" / "tinker" / "rules.md").read_text(encoding="utf-8")
    phases = (tmp_path / "out" / "rules_data" / "tinker" / "phases.yaml").read_text(encoding="utf-8")
    assert (page + phases).count("Remember that a tile is never removed once placed.") == 2
    assert "Each turn consists of three phases:" in page and "## Build and repair" in page


def test_a_lost_sentence_and_a_lost_duplicate_are_found():
    out = losskit.words("Place one tile next to another tile you own. Draw two cards, then pass.")
    assert losskit.lost(["Place one tile next to another tile you own."], out) == []
    assert losskit.lost(["Place one **tile** next to a tile you own."], out) == []  # one word changed: found
    twice = ["Draw two cards, then pass.", "Draw two cards, then pass."]
    assert losskit.lost(twice, out) == [("draw two cards then pass", 2, 1)]
    assert losskit.lost(["Discard your whole hand at once."], out) == [("discard your whole hand at once", 1, 0)]
    assert losskit.raw_texts("---\ntitle: x\n---\nKeep this line <!-- not this comment -->\n") == \
        ["Keep this line  ", ""]


def test_a_typed_heading_number_is_not_a_sentence_word():
    from rulecraft.cli.importer import read_outline

    outline = read_outline(textwrap.dedent("""\
        # Game

        ## 7.b *Governor General* is on board

        Text.
        """), "g.md")
    assert "*Governor General* is on board" in losskit.outline_texts(outline)
