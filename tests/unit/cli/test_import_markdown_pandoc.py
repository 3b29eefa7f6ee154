"""Markdown as pandoc writes it (a rulebook kept for `pandoc rules.md -o rules.pdf`), read by pandoc itself:
its `#.` lists, title block, footnotes, grid tables and definition lists are structure, not text."""

from __future__ import annotations

import textwrap

import pytest
import yaml

from rulecraft.cli.importer import import_rulebook

pytest.importorskip("pypandoc")

# A co-operative dungeon crawl, written the way its designer feeds it to pandoc for the print PDF.
LANTERN_DEEP = """\
    ---
    title: "Lantern Deep"
    subtitle: "A co-operative delve for 1–4 lamplighters"
    author: "Ottilie Brandt"
    fontsize: 11pt
    ...

    # Before the first delve {#setup}

    #. Lay the Stair tile in the middle of the table.
    #. Each lamplighter takes a lantern board and sets its oil dial to *6*.
    #. Shuffle the Shadow cards and deal two to the Stair.[^solo]

    [^solo]: Playing alone, deal one Shadow card instead.

    # The delve

    Every round has three phases, always in this order:

    #. **Light phase:** each lamplighter spends oil to light tiles.
    #. **Shadow phase:** every Shadow card moves one tile toward the nearest light.
    #. **Rest phase:** lamplighters on the Stair refill their oil.

    ## Echoes

    When a Shadow enters a lit tile, roll a d6 on the Echo table:

    +------+------------------------------------------+
    | d6   | Echo                                     |
    +======+==========================================+
    | 1--2 | **Whisper.** The Shadow stops.           |
    +------+------------------------------------------+
    | 3--5 | **Moan.** Every lantern loses 1 oil.     |
    +------+------------------------------------------+
    | 6    | **Howl.** Put out the nearest lantern.   |
    +------+------------------------------------------+

    See the [designer's diary](notes/diary(2024).md) for why.

    # Words of the Deep

    Oil
    :   What a lantern burns. A lantern with no oil goes out.

    Stair
    :   The tile the delve starts on; no Shadow may enter it.
    """


def test_a_pandoc_markdown_rulebook_is_read_by_pandoc(tmp_path):
    source = tmp_path / "lantern-deep.md"
    source.write_text(textwrap.dedent(LANTERN_DEEP), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="lantern-deep")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    page = result.page.read_text(encoding="utf-8")
    game = files["game"]
    assert game["title"] == "Lantern Deep"
    assert game["setup"][:2] == ["Lay the Stair tile in the middle of the table.",
                                 "Each lamplighter takes a lantern board and sets its oil dial to *6*."]
    assert [p["name"] for p in files["phases"]["phases"]] == ["Light", "Shadow", "Rest"]
    echo = files["dice"]["tables"][0]
    assert [str(r["roll"]) for r in echo["rows"]] == ["1-2", "3-5", "6"]
    assert "Every lantern loses 1 oil" in echo["rows"][1]["result"]
    assert {t["term"] for t in files["terms"]["terms"]} >= {"Oil", "Stair"}
    # the title block's subtitle and author, the footnote and the link's words reach the page; the link's
    # target (parentheses in it) does not leak into the text
    assert "A co-operative delve for 1–4 lamplighters" in page and "Ottilie Brandt" in page
    assert "Playing alone, deal one Shadow card instead." in page
    assert "designer's diary" in page and "(2024)" not in page
    assert "notes/diary(2024).md" in result.report_text  # the dropped target is listed for a human
