"""`rulecraft import` loses nothing: every sentence of the source, duplicates included, reaches the data or the
prose page (losskit.py says how sentences are taken and found).

The seeds live in ../shared/seeds next to the repository (tests skip, saying why, when they are absent).
"""

from __future__ import annotations

import textwrap

import losskit
import pytest
import yaml
from gamekit import REPO, SEED_FILES, SEEDS

from rulecraft.cli.importer import _read_source, import_rulebook

MARKDOWN_SEEDS = {"straits", "asean-2090", "1800"}  # the others are HTML: only their outline is read
BOOKS = REPO / "tests" / "unit" / "cli" / "rulebooks"
HELDOUT = REPO / "benchmarks" / "heldout_rulebooks"
# every test book and held-out book, of every format the importer reads
ALL_BOOKS = sorted(p for folder in (BOOKS, HELDOUT) for p in folder.iterdir()
                   if p.suffix in (".md", ".html", ".txt", ".pdf", ".docx") and p.name != "SOURCES.md")

# Sources written in a platform's markup, saved as .md or .txt: their raw lines are markup (tags, directives,
# attributes, script imports), not sentences, so only the outline (every block the reader made of them) is
# compared; what the reader leaves out on purpose is in the import report.
RAW_IS_MARKUP = {
    "cairnwatch.txt": "a BBCode forum post: [size], [b], [u], [img] tags",
    "tarnwick-dowsers.txt": "a LaTeX source: preamble, \\section, \\item, tabular and \\label lines",
    "heronfield-weavers.txt": "an Org file: #+ options, property drawers, timestamps, a COMMENT subtree",
    "sootfall-sweeps.txt": "an Org file: #+ options, timestamps, export settings",
    "kittiwake-cliffs.txt": "a reStructuredText source: directives, comments, image options",
    "gilded-orrery.txt": "a wikitext page: [[File:]], [[Category:]] links and <ref> citations",
    "mossbank-otters.md": "a Logseq outline: block ids, properties, TODO/DONE task markers",
    "hazelmere-hedgelayers.md": "a VitePress page: script imports and component data",
    "mudlark-dredgers.md": "a README: <picture>/<img> markup of its logo and screenshot",
    "quill-street-vaultbreakers.md": "Pandoc Markdown: image attributes ({width=4.2in})",
    "veldmark-surveyors.md": "a page with Bootstrap HTML attributes (class=\"btn btn-primary\")",
}

# Sentences still lost, each with why. The importer keeps the words around them (the name, the rule); what
# goes is a label the page derives or a line that is no rule. Each entry is a case to fix, not to hide: the
# test fails as soon as one arrives, so the list only shrinks.
TYPED_NUMBER = ("a typed case or phase number ('3.2', 'Phase 1 -', 'Part One –', '§ 4.1') leading a step, term or "
                "phase recognised as data: the page numbers them by order and the models have no field for the "
                "rulebook's own numbering")
HEADING_NUMBER = ("a heading's typed number, read from the raw text: the outline check leaves it out (the page "
                  "numbers phases by their order)")
PHASE_TABLE_HEADER = ("the header row of a table the phase list replaces ('Phase | What happens'): its rows are the "
                      "phases' names and summaries, and the phase list has no column headings to keep it in")
QUESTION_TERM = ("a glossary entry headed by a question ('What's a stall?'): the term keeps its subject ('Stall') "
                 "and the definition, not the question's wording")
TERM_TABLE_HEADER = "the header row of a glossary table ('Term | Meaning | Used in'): terms have no column headings"
CONDITION_MOVED = ("a phase's bracketed condition after its name ('**Weather Phase** (Imperial player turn only).') "
                   "moves into its rules after the summary, so its words no longer follow the name")
CONTENTS = ("a table of contents line or running head repeating a heading or the title (the page has its own "
            "contents and no page furniture)")
SPACED_TITLE = "a letter-spaced title ('B U R R O W M A R K') read as the one word it spells"
FACE_COUNT = ("a face table's count cell ('2 faces') between a face and its result: it is the face's count "
              "(count: 2) and the label stays the face's name alone ('Beak')")
REQUIREMENT_WORDED = ("a catalog item's requirement worded as a sentence ('You must build a Chapel first.'): it "
                      "is the item's requires: list, which the page shows as 'Requires: Chapel'")
BADGE = "a badge image's alt text ('License: CC BY-NC-SA 4.0'): images are left out and listed in the report"
KNOWN_LOSSES: dict[str, list[tuple[str, str]]] = {
    "ashgrove-cartographers.pdf": [(PHASE_TABLE_HEADER, "phase who in short")],
    "ashford-line.md": [(TYPED_NUMBER, "3 2 the cantonal player sets up first"),
                        (TYPED_NUMBER, "3 5 set the remaining units aside")],
    "brinewick-trawlers.md": [(TYPED_NUMBER, f"phase {n}") for n in
                              ("1 set sail", "2 cast nets", "3 check the tide", "4 sell or stow")],
    "burrowmark.txt": [(SPACED_TITLE, "b u r r o w m a r k")],
    "cinderfall-foundry.md": [(CONTENTS, f"cinderfall foundry rulebook {n}") for n in (2, 3, 4, 5)],
    "cindermoor-colliers.txt": [(CONTENTS, "welcome to the moor"), (CONTENTS, "questions and answers")],
    "cobblers-circuit.txt": [(HEADING_NUMBER, "4 1 measure"), (HEADING_NUMBER, "4 3 travel")],
    "elderford-millrace.pdf": [(TYPED_NUMBER, "3 6 set the water gauge marker at normal")],
    "fogbell-lighthouses.docx": [(PHASE_TABLE_HEADER, "phase what happens")],
    "gross-jagersdorf.html": [(TYPED_NUMBER, "a attack planning phase"), (TYPED_NUMBER, "b combat resolution phase")],
    "harrowgate-apiary.txt": [(CONTENTS, "quick reference back cover")],
    "hollowmere-lanterns.txt": [(CONTENTS, "hollowmere lanterns rulebook"), (CONTENTS, "playing a round"),
                                (CONTENTS, "winning and losing"), (CONTENTS, "frequently asked questions")],
    "iron-ridge.md": [(HEADING_NUMBER, f"3 {n} {name} phase") for n, name in
                      ((1, "command"), (2, "movement"), (3, "combat"), (4, "rally"))],
    "ironbrook-expedition.pdf": [(TYPED_NUMBER, "3 5 deal each player two guild contracts"),
                                 (TYPED_NUMBER, "4 6 spent a surveyor lying on its side")],
    "kelpmarket.md": [(QUESTION_TERM, "what s a stall"), (QUESTION_TERM, "what counts as a set"),
                      (QUESTION_TERM, "who is the tide caller")],
    "kestrel-and-stone.md": [(TYPED_NUMBER, s) for s in
                             ("3 1 point", "3 2 line", "3 3 perch", "4 4 the centre point is left empty",
                              "4 5 the kestrel player moves first", "5 2 wind phase", "5 3 movement phase",
                              "5 4 capture phase", "5 5 rest phase")],
    "lamplighters-lane.html": [(TYPED_NUMBER, f"part {s}") for s in
                               ("one dusk", "two the rounds", "three lighting", "four curfew")],
    "mudlark-dredgers.md": [(PHASE_TABLE_HEADER, "phase what happens")],
    "oxbow-millers.md": [(PHASE_TABLE_HEADER, "phase who acts")],
    "quarry-kings.md": [(PHASE_TABLE_HEADER, "phase what happens")],
    "rookery-ledger.html": [(FACE_COUNT, "beak 2 faces beats a wing"),
                            (FACE_COUNT, "wing 2 faces loses to anything but a feather"),
                            (FACE_COUNT, "feather 1 face nobody wins")],
    "ropewalk-smugglers.md": [(TYPED_NUMBER, f"phase {s}") for s in ("1 lookout", "3 run", "4 bribe", "5 stash")],
    "saltcote-herringers.pdf": [(TERM_TABLE_HEADER, "aa term meaning used in")],
    "saltpan-wardens.md": [(TYPED_NUMBER, s) for s in
                           ("4 1 spring flood", "4 2 summer raking", "4 3 autumn shipping", "4 4 winter reckoning")],
    "starfall-courier.md": [(BADGE, "cc by nc sa 4 0")],
    "tansyhollow-jammakers.docx": [(PHASE_TABLE_HEADER, "phase what happens")],
    "thornwick-abbey.md": [(REQUIREMENT_WORDED, "you must build a chapel first")],
    "vellmark-pass.docx": [(TYPED_NUMBER, "4 1 players choose sides"),
                           (CONDITION_MOVED, "weather phase imperial player turn only")],
}


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


@pytest.mark.parametrize("path", ALL_BOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_test_book_sentence_reaches_the_output(tmp_path, path):
    if path.suffix in (".pdf", ".docx"):
        pytest.importorskip("pdfminer" if path.suffix == ".pdf" else "pypandoc")
    raw_too = path.suffix in (".md", ".txt") and path.name not in RAW_IS_MARKUP
    from_outline, from_raw = losses(path, tmp_path, path.stem, raw_too)
    lost = sorted({sentence for sentence, _, _ in from_outline + from_raw})
    assert lost == sorted(sentence for _, sentence in KNOWN_LOSSES.get(path.name, [])), \
        f"{path.name}: {from_outline=} {from_raw=}"


def test_the_loss_lists_name_real_books():
    names = {p.name for p in ALL_BOOKS}
    assert set(KNOWN_LOSSES) <= names and set(RAW_IS_MARKUP) <= names
    assert all(reason for entries in KNOWN_LOSSES.values() for reason, _ in entries)


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


DICE_BOOK = """\
# Tinker Town

## Weather

Roll 1d6 at the start of each round.

| Roll | What happens |
|---|---|
| 1-2 | Rain: no building this round. |
| 3-5 | Clear skies. |
| 6 | Sun: everyone draws a card. |
"""


def test_a_dice_tables_header_row_becomes_its_column_headings(tmp_path):
    (tmp_path / "book.md").write_text(DICE_BOOK, encoding="utf-8")
    from_outline, from_raw = losses(tmp_path / "book.md", tmp_path / "out", "tinker", True)
    assert from_outline == [] and from_raw == []
    dice = yaml.safe_load((tmp_path / "out" / "rules_data" / "tinker" / "dice.yaml").read_text(encoding="utf-8"))
    assert dice["tables"][0]["headings"] == ["Roll", "What happens"]


def test_a_dice_table_shows_its_own_headings(tmp_path):
    from gamekit import check, write_game
    from mdkit import render

    write_game(tmp_path, {"dice.yaml": """\
        tables:
          - id: weather
            title: Weather
            dice: 1d6
            headings: [Roll, What happens]
            rows:
              - {roll: 1-3, result: Rain.}
              - {roll: 4-6, result: Sun.}
          - id: plain
            title: Plain
            dice: 1d6
            rows:
              - {roll: 1-2, result: Nothing.}
              - {roll: 3-6, result: Something.}
        """})
    assert not check(tmp_path / "demo").problems
    page = render(tmp_path, "/// dice | weather\n///\n\n/// dice | plain\n///\n", game="demo")[0]
    heads = [[th.get_text() for th in table.select("thead th")] for table in page.select("table.rc-dice-table")]
    assert heads == [["Roll", "What happens", "Chance"], ["Roll", "Result", "Chance"]]


def test_headings_name_exactly_two_columns():
    from rulecraft.models import DiceTable

    with pytest.raises(ValueError, match="names the two columns"):
        DiceTable.model_validate({"id": "t", "title": "T", "dice": "1d6", "headings": ["Roll"],
                                  "rows": [{"roll": "1-6", "result": "x"}]})


def test_a_sentence_read_into_a_use_is_found_on_the_uses_line_once(tmp_path):
    catalog = {"resources": [{"id": "gold", "name": "Gold"}, {"id": "ore", "name": "Ore"}],
               "items": [{"id": "forge", "name": "Forge", "cost": {"gold": 2},
                          "uses": [{"cost": {"gold": 1}, "gives": {"ore": 1}, "limit": {"times": 1, "per": "harvest"}}]}]}
    (tmp_path / "catalog.yaml").write_text(yaml.safe_dump(catalog), encoding="utf-8")
    (tmp_path / "phases.yaml").write_text(yaml.safe_dump({"phases": [{"id": "harvest", "name": "Reaping"}]}),
                                          encoding="utf-8")
    out = losskit.output_words(tmp_path, tmp_path)
    use = "Once per Reaping phase, you may pay 1 Gold to gain 1 Ore."
    assert losskit.lost([use], out) == []
    assert losskit.lost([use, use], out) == [("once per reaping phase you may pay 1 gold to gain 1 ore", 2, 1)]
    assert losskit.lost(["Once per Reaping phase, pay 1 Gold to gain 1 Ore and a card."], out) == [
        ("once per reaping phase pay 1 gold to gain 1 ore and a card", 1, 0)]
