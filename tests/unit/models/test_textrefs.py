"""models/textrefs.py: where references are found (the regexes open with the brace, for speed: same matches)."""

from __future__ import annotations

import pytest

from rulecraft.models.textrefs import find_refs, find_unknown_kinds, linkable_text


@pytest.mark.parametrize(("text", "expected"), [
    ("{term:ship}", [("term", "ship", 0)]),
    ("a \\{term:ship} is shown as written", []),
    ("\\{term:a}{term:b|Bees}", [("term", "b", 9)]),
    ("\\\n{term:a}", [("term", "a", 2)]),
    ("{{term:a}", [("term", "a", 1)]),
])
def test_a_backslash_before_the_brace_keeps_a_reference_literal(text, expected):
    assert [(r.kind, r.target, r.start) for r in find_refs(text)] == expected


def test_an_escaped_unknown_kind_is_no_typo():
    assert [r.kind for r in find_unknown_kinds("\\{phsae:x} and {phsae:y}")] == ["phsae"]


@pytest.mark.parametrize(("markdown", "expected"), [
    ("a `Ship` and ``a ` Ship`` and `` ` `` Ship", "a   and   and   Ship"),
    ("see ![Ship](ship.png) and [the Ship][ship] or !Ship", "see   and   or !Ship"),
    ("[a [nested] Ship](x) [Ship]", "  [Ship]"),
])
def test_code_spans_and_links_are_never_linked(markdown, expected):
    assert linkable_text(markdown) == expected
