"""models.markdown_depth: how deeply a text nests its Markdown, past the limits or not."""

from __future__ import annotations

import pytest

from rulecraft.models.markdown_depth import BLOCK_LIMIT, INLINE_LIMIT, too_deep

DEEP_LIST = "\n".join("    " * i + "- level" for i in range(50))


@pytest.mark.parametrize("text, what", [
    ("A " + "*" * 6000 + "x" + "*" * 6000, "emphasis"),  # the red team's term definition
    ("*a " * 3000 + "x" + " a*" * 3000, "emphasis"),
    ("_a " * 25 + "x", "emphasis"),
    ("[" * 5000, "brackets"),
    ("[" * 30 + "x" + "]" * 30 + ": https://example.org", "brackets"),  # a reference definition
    ("\n".join("[" * 200 + f"a{i}" + "]" * 200 + f": http://x/{i}" for i in range(10)), "brackets"),
    (DEEP_LIST, "lists and quotes"),
    ("- " * 300 + "x", "lists and quotes"),
    (">" * 2000 + " deep", "lists and quotes"),
    ("> " * 11 + "deep", "lists and quotes"),
    ("\n".join("    " * i + "!!! note" for i in range(12)), "lists and quotes"),
])
def test_hostile_nesting_is_found(text, what):
    found = too_deep(text)
    assert found is not None and found.what == what, found
    assert found.depth > found.limit


def test_where_it_went_too_deep():
    text = "Pay *" + "[" * INLINE_LIMIT + "x[y"
    assert too_deep(text).offset == text.index("x") + 1
    lines = DEEP_LIST.splitlines()
    assert too_deep(DEEP_LIST).offset == DEEP_LIST.index(lines[BLOCK_LIMIT]) + len(lines[BLOCK_LIMIT]) - len("- level")


@pytest.mark.parametrize("text", [
    "Pay ***three*** coins, **not** _two_; snake_case_words and 2*3*4 = 24.",
    "[a [b [c]]] ![pic](img/a.svg) [x][y]\n\n[y]: https://example.org",
    "[" * INLINE_LIMIT + "]" * INLINE_LIMIT,
    ("[" * 15 + "\n\n") * 4,  # unclosed, but in separate paragraphs
    "*" * 40,  # a line of stars: a thematic break, no emphasis
    "- - - - - - - - - - - - - - -",  # the same with dashes
    "\\[" * 50 + "\\*" * 50,
    "\n".join("    " * i + "- level" for i in range(BLOCK_LIMIT)),
    "1. One\n2. Two\n   - a\n   - b\n\n> quoted\n> > twice",
    "Roll 2d6 - 3; 10. Then -5 gold!",
    "",
])
def test_ordinary_rules_text_is_fine(text):
    assert too_deep(text) is None
