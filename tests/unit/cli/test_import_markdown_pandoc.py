"""Markdown as pandoc writes it (a rulebook kept for `pandoc rules.md -o rules.pdf`), read by pandoc itself:
its `#.` lists, title block, footnotes, grid tables and definition lists are structure, not text."""

from __future__ import annotations

import re
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


def _outline_dump(text: str) -> list[tuple[str, int, str]]:
    from rulecraft.cli.importer import read_outline

    outline = read_outline(textwrap.dedent(text), "book.md")
    out = []
    for section in outline.root.walk():
        out.append(("heading", section.line, section.title))
        for block in section.blocks:
            out.append((type(block).__name__, getattr(block, "line", 0),
                        getattr(block, "text", None) or " ".join(i.text for i in getattr(block, "items", []))
                        or " | ".join(" ".join(r) for r in getattr(block, "rows", []))))
    return out


def test_a_fenced_code_block_is_left_as_it_stands():
    blocks = _outline_dump("""\
        # Play

        ```
        > prompt
        !!! note
        <table><tr><td>cell</td></tr></table>
        ===
        ```

        Last words.
        """)
    assert ("Code", 4, "> prompt\n!!! note\n<table><tr><td>cell</td></tr></table>\n===") in \
        [(k, n, t) for k, n, t in blocks]
    assert ("Paragraph", 10, "Last words.") in blocks


def test_typed_tex_brackets_and_a_percent_line_are_text_and_blocks_sit_on_their_lines():
    blocks = _outline_dump("""\
        % Not a title block

        ## Setup

        Setup the board.
        \\newcommand{\\setup}{Hidden} Do \\setup now.

        Roll 2d6 \\[see table\\] then move. See [[[[[[[[[[[[[[[[[[[[ deep ]]]]]]]]]]]]]]]]]]]] words.

        The attacker loses
        2. strength points when wrapped.
        Words before a table
        | A | B |
        |---|---|
        | 1 | 2 |

        Press <b>hard</b>, then <b>lone.
        """)
    texts = {t: n for _, n, t in blocks}
    assert texts["% Not a title block"] == 1
    assert texts["Setup the board. \\\\newcommand\\{\\\\setup}\\{Hidden} Do \\\\setup now."] == 5
    assert any("[see table]" in t and "deep" in t for t in texts)  # nested twenty deep: read in a moment
    assert "The attacker loses 2. strength points when wrapped. Words before a table" in texts
    assert ("Table", 13, "A B | 1 2") in blocks
    assert texts["Press **hard**, then lone."] == 17


def test_text_that_sends_pandoc_searching_is_read_as_characters():
    from rulecraft.cli.importer import read_outline

    # an unclosed '<a' a line, and brackets nested twenty deep: minutes of pandoc's search, each, untamed
    for text in ["# T\n\n" + "<a \n" * 20000 + "words\n", "# T\n\n" + ("x [" * 20 + "]" * 20 + "\n") * 500]:
        outline = read_outline(text, "book.md")
        assert sum(len(s.blocks) for s in outline.root.walk()) == 1


def test_a_pandoc_warning_names_the_source_line_not_the_line_pandoc_was_given(tmp_path):
    # the note's '!!!' becomes a fenced div of three lines for pandoc: a line further down than the source's
    source = tmp_path / "rules.md"
    source.write_text(textwrap.dedent("""\
        # Play

        !!! note
            Kept in the box lid.

        Draw a card.[^1]

        [^1]: One card.
        [^1]: Two cards.
        """), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    assert "- pandoc: Duplicate note reference '1' (line 9)" in result.report_text
    assert "(line 1): text at lines 4, 6\n" in result.report_text  # each line once, though two blocks start on 6


def test_a_box_or_a_toggle_indented_under_a_list_item_stays_in_the_item():
    from rulecraft.cli.importer import read_outline
    from rulecraft.cli.importer.outline import ListBlock, Note

    outline = read_outline(textwrap.dedent("""\
        # Play

        1. Roll the dice.

            !!! note "Ties"
                On a tie, reroll.

        2. Move your pawn.
            ??? tip
                Fold me.
        3. Score.

            <details><summary>Why</summary>

            Because.

            </details>

        4. End.

        - Draw a card.

            > [!NOTE]
            > Keep it secret.

        - Discard.
        """), "book.md")
    blocks = outline.root.blocks  # (the one heading is the page's title)
    assert [type(b) for b in blocks] == [ListBlock, ListBlock]  # neither list broken by what its items hold
    steps, cards = blocks
    assert [i.text for i in steps.items] == ["Roll the dice.", "Move your pawn.", "Score.", "End."]
    assert [i.text for i in cards.items] == ["Draw a card.", "Discard."]
    kept = {i.text: i.children for i in steps.items + cards.items}
    assert [b.kind for b in kept["Roll the dice."]] == ["note"]
    assert [b.text for b in kept["Roll the dice."][0].blocks] == ["**Ties**", "On a tie, reroll."]
    assert [b.blocks[0].text for b in kept["Move your pawn."]] == ["Fold me."]
    assert [b.blocks[0].text for b in kept["Draw a card."] if isinstance(b, Note)] == ["Keep it secret."]
    toggle = kept["Score."]  # the toggle as it reads at the top of a page: its summary over its body
    assert "Why" in toggle[0].items[0].text and toggle[0].items[0].children[0].text == "Because."


def test_a_long_item_body_is_read_by_the_pre_pass_in_a_moment():
    import time

    from rulecraft.cli.importer.markdown_source import prepared

    # each line under an item once: searching the rest of the body from every line took half a minute
    for body in ["    words here\n" * 20000, "    !!! note\n" * 20000, "    <details>x\n    </details>\n" * 10000]:
        started = time.monotonic()
        prepared("# T\n\n- item\n\n" + body, [])
        assert time.monotonic() - started < 5


def test_what_a_list_item_holds_renders_inside_that_item_on_the_prose_page(tmp_path):
    import markdown
    from bs4 import BeautifulSoup
    from mdkit import SITE_EXTENSIONS

    source = tmp_path / "book.md"
    source.write_text(textwrap.dedent("""\
        # Play

        1. Roll the dice.

            Then add your bonus.

        2. Move your pawn.

            | Pawn | Squares |
            |---|---|
            | Red | 2 |

        3. Score.

            > A quote here.

        4. End.

            !!! note "Ties"
                On a tie, reroll.

        5. Last.
        """), encoding="utf-8")
    page = import_rulebook(source, tmp_path / "out", game_id="book").page.read_text(encoding="utf-8")
    listed = page[page.index("1. Roll"):]  # the list as the page writes it, rendered as the site renders it
    items = BeautifulSoup(markdown.markdown(listed, extensions=SITE_EXTENSIONS), "html.parser").find("ol")
    items = items.find_all("li", recursive=False)
    assert [i.p.get_text() for i in items] == ["Roll the dice.", "Move your pawn.", "Score.", "End.", "Last."]
    assert items[0].find_all("p")[1].get_text() == "Then add your bonus."  # and no next item swallowed
    assert items[1].table and "Red" in items[1].table.get_text()
    assert items[2].blockquote.get_text().strip() == "A quote here."
    assert "On a tie, reroll." in items[3].find("div", class_="admonition").get_text()


def test_a_lone_roman_numbered_line_is_text_and_numbered_lists_stay_lists():
    blocks = _outline_dump("""\
        # Rules

        IV. Combat

        Roll the dice and compare.

        iv. the lower case alone
        Then.

        Steps:

        #. First
        #. Second

        i. one

        ii. two

        a) Alpha
        b) Beta
        """)
    assert ("Paragraph", 3, "IV. Combat") in blocks  # not a list counting from 4
    assert ("Paragraph", 7, "iv. the lower case alone Then.") in blocks
    assert [(k, n, t) for k, n, t in blocks if k == "ListBlock"] == \
        [("ListBlock", 12, "First Second"), ("ListBlock", 15, "one two"), ("ListBlock", 19, "Alpha Beta")]


def test_a_page_break_typed_on_its_own_line_is_left_out_and_listed(tmp_path):
    from bookkit import import_book

    result, _, needs = import_book(tmp_path, """\
        # Setup

        Lay out the board.

        \\newpage

        # Play

        Take turns.
        \\pagebreak

        ```
        \\clearpage
        ```

        \\clearpage
        Score at the end.
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "newpage" not in page and "pagebreak" not in page
    assert page.count("clearpage") == 1  # the one in a code block is code, as typed
    assert "Take turns." in page and "Score at the end." in page
    for command, line in (("newpage", 5), ("pagebreak", 10), ("clearpage", 16)):
        assert f"\\{command} left out (a page break, no text) (line {line})" in needs


def test_code_inside_a_list_item_is_kept_as_typed(tmp_path):
    # a guide's own example: '!!! note' in a code block (fenced, or indented) under an item is code
    source = tmp_path / "rules.md"
    source.write_text(textwrap.dedent("""\
        # Notes

        ## Writing boxes

        1. Type this into your rules page:

            ```
            !!! note
                Kept in the box lid.
            ```

        2. Or indent it:

                !!! tip
                    Also code.
        """), encoding="utf-8")
    page = import_rulebook(source, tmp_path / "out", game_id="book").page.read_text(encoding="utf-8")
    assert ":::" not in page and "admonition" not in page
    assert re.search(r"```\n +!!! note\n +Kept in the box lid\.\n +```", page)
    assert re.search(r"```\n +!!! tip\n +Also code\.\n +```", page)
