"""Footer previous/next links stay inside the page's game (mkdocs_plugin/footer.py)."""

from __future__ import annotations

from types import SimpleNamespace

from rulecraft.mkdocs_plugin.footer import keep_in_game


def pages(*srcs: str) -> list:
    return [SimpleNamespace(file=SimpleNamespace(src_uri=s), previous_page="x", next_page="x") for s in srcs]


def game_of(src: str) -> str | None:
    first = src.split("/")[0] if "/" in src else None
    return first if first in {"alpha", "beta"} else None


def links(page) -> tuple:
    name = lambda p: p.file.src_uri if p is not None else None  # noqa: E731
    return name(page.previous_page), name(page.next_page)


def test_neighbours_stay_in_the_game_and_the_first_page_leads_home():
    nav = pages("index.md", "alpha/index.md", "alpha/turn.md", "beta/index.md", "beta/glossary.md",
                "guide.md", "notes.md")
    keep_in_game(nav, game_of)
    by = {p.file.src_uri: links(p) for p in nav}
    assert by["index.md"] == (None, None)  # the home is the hub
    assert by["alpha/index.md"] == ("index.md", "alpha/turn.md")
    assert by["alpha/turn.md"] == ("alpha/index.md", None)  # not on to the next game
    assert by["beta/index.md"] == ("index.md", "beta/glossary.md")  # not back into alpha
    assert by["beta/glossary.md"] == ("beta/index.md", None)
    assert by["guide.md"] == ("index.md", "notes.md")  # pages outside games: among themselves
    assert by["notes.md"] == ("guide.md", None)


def test_without_a_home_page_the_first_page_has_no_previous():
    nav = pages("alpha/index.md", "alpha/turn.md")
    keep_in_game(nav, game_of)
    assert [links(p) for p in nav] == [(None, "alpha/turn.md"), ("alpha/index.md", None)]
