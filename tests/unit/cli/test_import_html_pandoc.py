"""HTML pages read by pandoc after the page is cleaned: what the cleaned page must keep so that nothing is lost,
no text turns into markup, and each block stays on its source line."""

from __future__ import annotations

import textwrap

import pytest

from rulecraft.cli.importer import read_outline
from rulecraft.cli.importer.outline import Heading, ListBlock, Paragraph

pytest.importorskip("pypandoc")


def _blocks(page: str) -> list:
    outline = read_outline(textwrap.dedent(page), "book.html")
    found = []

    def walk(section) -> None:
        if section.title:
            found.append(Heading(1, section.title, section.line))
        found.extend(section.blocks)
        for child in section.children:
            walk(child)

    walk(outline.root)
    return found, outline.remarks


def test_a_bracket_in_a_links_words_ends_no_link_early():
    # '[a](http://evil.example) b](http://x.y/t)' would render as a link to the first address
    blocks, _ = _blocks('<h1>G</h1>\n<p>See <a href="http://x.y/t">a](http://evil.example) b</a>.</p>\n')
    text = next(b.text for b in blocks if isinstance(b, Paragraph))
    assert text == "See [a\\](http://evil.example) b](http://x.y/t)."


def test_lists_joined_into_one_keep_the_lines_of_what_follows():
    # Notion writes one <ul> per item: joined, they must not push every later block down a line each
    blocks, _ = _blocks("""\
        <h1>Game</h1>
        <ul><li>one</li></ul>
        <ul><li>two</li></ul>
        <ul><li>three</li></ul>
        <p>After the lists, line 5.</p>
        <h2>Section line 6</h2>
        """)
    listed = next(b for b in blocks if isinstance(b, ListBlock))
    assert [(i.text, i.line) for i in listed.items] == [("one", 2), ("two", 3), ("three", 4)]
    assert [(b.text, b.line) for b in blocks if isinstance(b, Paragraph)] == [("After the lists, line 5.", 5)]
    assert [(h.text, h.line) for h in blocks if isinstance(h, Heading)][-1] == ("Section line 6", 6)


def test_code_over_two_lines_and_a_link_over_two_lines_stay_whole_on_their_first_line():
    blocks, _ = _blocks("""\
        <h1>Game</h1>
        <p>Start of it with <a href="http://x.y">a link
        across lines</a> and more.</p>
        <p>Then <code>x
        y</code> z.</p>
        """)
    assert [(b.text, b.line) for b in blocks if isinstance(b, Paragraph)] == [
        ("Start of it with [a link across lines](http://x.y) and more.", 2), ("Then `x y` z.", 4)]


def test_a_link_beside_an_items_words_is_no_page_furniture():
    blocks, remarks = _blocks("""\
        <h1>Game</h1>
        <ul><li>Then go <a href="setup.html">back to setup</a> and repeat.</li></ul>
        """)
    listed = next(b for b in blocks if isinstance(b, ListBlock))
    assert listed.items[0].text == "Then go back to setup and repeat."
    assert not any(r.kind == "furniture" for r in remarks)


def test_a_picture_in_an_items_heading_is_listed_and_a_line_break_parts_words():
    blocks, remarks = _blocks("""\
        <h1>Game</h1>
        <ol><li><h3><img alt="Sword icon" src="i.png"> March</h3><p>Move one road.</p></li></ol>
        <dl class="field-list"><dt>Players</dt><dd>2<br>to 5</dd></dl>
        <p><img alt="SETTING UP
        THE FARM" src="b.png"></p>
        """)
    assert next(b for b in blocks if isinstance(b, ListBlock)).items[0].text == "**March**"
    assert "Players: 2 to 5" in [b.text for b in blocks if isinstance(b, Paragraph)]
    assert [r.text for r in remarks if r.kind == "image"] == [
        "image 'Sword icon' (i.png) is not included", "image 'SETTING UP THE FARM' (b.png) is not included"]


def test_a_pages_own_noncharacters_neither_forge_a_line_nor_stay_in_the_words():
    # a block's line is marked in the text pandoc reads with two noncharacters round its number: a page that
    # holds such a mark itself must not move its blocks or show the mark
    blocks, _ = _blocks("<h1>Game</h1>\n<p>Roll \ufdd0" "99\ufdd1 two dice.</p>\n<p>Then \ufdd1 move.</p>\n")
    assert [(b.text, b.line) for b in blocks if isinstance(b, Paragraph)] == [
        ("Roll 99 two dice.", 2), ("Then move.", 3)]


def test_every_block_of_a_long_page_keeps_its_line():
    # the marks of many blocks in one pandoc run: each on its own line, none shifted
    page = "<h1>Game</h1>\n" + "".join(f"<p>Move the pawn {n} spaces, then stop.</p>\n" for n in range(2, 400))
    blocks, _ = _blocks(page)
    placed = [(b.text, b.line) for b in blocks if isinstance(b, Paragraph)]
    assert placed == [(f"Move the pawn {n} spaces, then stop.", n) for n in range(2, 400)]


@pytest.mark.parametrize("name, page", [
    ("book.html", "<h1>Game</h1>\n<details>\n<summary>Why roll twice?</summary>\n\n<p>Because the first roll\n"
                  "only picks the column.</p>\n</details>\n"),
    ("book.md", "# Game\n\n<details>\n<summary>Why roll twice?</summary>\n\nBecause the first roll\n"
                "only picks the column.\n\n</details>\n")])
def test_a_toggles_entry_stands_on_its_summarys_line(name, page):
    # a question over its answer: the entry named by the question is found on the question's line, where a
    # reader looking up a remark about it looks (it was placed on the answer's)
    outline = read_outline(page, name)
    toggles = [b for s in outline.root.walk() for b in s.blocks if isinstance(b, ListBlock)]
    summary = page.split("\n").index("<summary>Why roll twice?</summary>") + 1
    assert [(i.text, i.line) for i in toggles[0].items] == [("**Why roll twice?**", summary)]
    assert [(b.text, b.line) for b in toggles[0].items[0].children] == [
        ("Because the first roll only picks the column.", summary + 2)]


def test_a_list_of_toggles_keeps_each_answer_on_its_line():
    # '<li><details><summary>Walk</summary>…': the line break before the summary was written after the item's
    # name, so each answer was placed a line low
    page = ("<h1>Game</h1>\n<ul class=\"toggle\">\n<li>\n<details open>\n<summary>Walk</summary>\n<p>Move up to\n"
            "two paths.</p>\n</details>\n</li>\n<li>\n<details>\n<summary>Run</summary>\n<p>Move four.</p>\n"
            "</details>\n</li>\n</ul>\n<p>After the list.</p>\n")
    blocks, _ = _blocks(page)
    toggles = next(b for b in blocks if isinstance(b, ListBlock))
    assert [(i.text, i.line, [(c.text, c.line) for c in i.children]) for i in toggles.items] == [
        ("**Walk**", 5, [("Move up to two paths.", 6)]), ("**Run**", 12, [("Move four.", 13)])]
    assert [(b.text, b.line) for b in blocks if isinstance(b, Paragraph)] == [("After the list.", 17)]


def test_entries_set_as_lines_of_one_paragraph_each_keep_their_line():
    # '<p>Bed — …<br>\nBloom — …<br>\n…': each entry was placed on the paragraph's first line
    page = ("<h1>Game</h1>\n<p><strong>Wind</strong><br>\n1 – Calm: nothing happens.<br>\n2 – Draught: stays lit.<br>\n"
            "3 – Gale: blow out a lantern.</p>\n<p>Bed — the cards you have played.<br>\nBloom — a card turned "
            "sideways.</p>\n")
    blocks, _ = _blocks(page)
    lists = [b for b in blocks if isinstance(b, ListBlock)]
    assert [[(i.text[:6], i.line) for i in b.items] for b in lists] == [
        [("1 – Ca", 3), ("2 – Dr", 4), ("3 – Ga", 5)], [("Bed — ", 6), ("Bloom ", 7)]]
