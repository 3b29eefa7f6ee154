"""checks.pictures (data-uri) and checks.markdown_depth (markdown-too-deep): located at the exact line."""

from __future__ import annotations

import pytest
from gamekit import assert_at, check, codes, dedent, line_col, only, where, write_game

# 10**6 copies once expanded, in under 3 KB: each level draws the one below ten times.
NESTED_USE = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'><defs>" + \
    "<g id='l0'><rect width='1' height='1'/></g>" + "".join(
        f"<g id='l{i}'>" + f"<use xlink:href='#l{i - 1}'/>" * 10 + "</g>" for i in range(1, 7)) + \
    "</defs><use xlink:href='#l6'/></svg>"
SVG_URI = "data:image/svg+xml," + NESTED_USE.replace("<", "%3C").replace(">", "%3E").replace("'", "%27").replace(" ", "%20")


def _game_with_definition(tmp_path, definition: str):
    definition = definition.replace("\n", "\n" + " " * 14)  # inside the block scalar below
    terms = f"""\
        terms:
          - id: widget
            term: Widget
            plurals: [widgets]
            short: A small wooden cube.
            definition: |-
              A cube.
              {definition}
        """
    return write_game(tmp_path, {"terms.yaml": terms})


@pytest.mark.parametrize("picture", [
    f"Looks like ![a ship]({SVG_URI}).",
    f'<img alt="ship" src="{SVG_URI}">',
    "See [the rules](data:text/html;base64,PHNjcmlwdD4=).",
    "![dot](&#100;ata:image/png;base64,iVBORw0KGgo=)",
])
def test_a_data_uri_in_rule_text_is_refused_at_its_line(tmp_path, picture):
    folder = _game_with_definition(tmp_path, picture)
    problem = only(check(folder).errors, "data-uri")
    line, _ = where(folder, "terms.yaml", picture)
    assert_at(problem, folder / "terms.yaml", line)
    assert "docs/" in problem.hint and len(problem.message) < 120  # the payload is not echoed


def test_a_data_uri_in_a_card_name_is_refused_too(tmp_path):
    cards = """\
        decks:
          - id: actions
            name: Action cards
            cards:
              - id: ship
                name: "Ship ![s](data:image/png;base64,AA)"
                text: Move one widget.
        """
    folder = write_game(tmp_path, {"cards.yaml": cards})
    problem = only(check(folder).errors, "data-uri")
    assert_at(problem, folder / "cards.yaml", *where(folder, "cards.yaml", "data:"))


@pytest.mark.parametrize("nested, what", [
    ("A " + "*" * 6000 + "x" + "*" * 6000, "emphasis"),
    ("Pay " + "[" * 5000, "brackets"),
    ("\n".join("    " * i + "- level" for i in range(50)), "lists and quotes"),
    ("> " * 40 + "quoted", "lists and quotes"),
])
def test_markdown_nested_too_deep_is_refused_at_its_line(tmp_path, nested, what):
    folder = _game_with_definition(tmp_path, nested)
    problem = only(check(folder).errors, "markdown-too-deep")
    assert what in problem.message
    text = (folder / "terms.yaml").read_text(encoding="utf-8")
    first = text.index(nested.split("\n")[0])
    line = text.count("\n", 0, first) + 1
    if what == "lists and quotes" and "\n" in nested:  # the 11th level, not the first
        line += 10
    assert_at(problem, folder / "terms.yaml", line)


def test_docs_pages_pictures_and_depth_are_checked(tmp_path):
    folder = write_game(tmp_path / "rules")
    docs = tmp_path / "docs"
    (docs / "demo").mkdir(parents=True)
    page = dedent(f"""\
        # Notes

        The ship: <img src="{SVG_URI}">

        ```markdown
        ![shown as code, not a picture](data:image/png;base64,AA)
        ```

        Deep: {"[" * 30}
        """)
    (docs / "demo" / "notes.md").write_text(page, encoding="utf-8")
    (docs / "about.md").write_text("# About\n\n![x](data:image/png;base64,AA)\n", encoding="utf-8")
    result = check(folder, docs)
    assert sorted(codes(result.errors)) == ["data-uri", "data-uri", "markdown-too-deep"], \
        [p.format() for p in result.errors]
    by_file = {(p.location.file.rsplit("/", 1)[-1], p.code): p for p in result.errors}
    assert by_file["notes.md", "data-uri"].location.line == line_col(page, "<img")[0]
    assert by_file["notes.md", "markdown-too-deep"].location.line == line_col(page, "Deep:")[0]
    assert by_file["about.md", "data-uri"].location.line == 3


def test_rule_data_without_these_has_no_such_error(tmp_path):
    folder = _game_with_definition(tmp_path, "**Bold**, [a link](https://example.org), ![a ship](img/ship.svg).")
    assert not {"data-uri", "markdown-too-deep"} & set(codes(check(folder).problems))
