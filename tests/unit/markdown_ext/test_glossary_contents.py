"""A long glossary's table of contents holds its letters, not its hundreds of terms (render/glossary.py,
markdown_ext/contents.py); the terms stay headings with their ids and permalinks."""

from __future__ import annotations

import markdown
from bs4 import BeautifulSoup
from gamekit import write_game
from mdkit import SITE_EXTENSIONS

from rulecraft.markdown_ext import PageState, RulecraftExtension
from rulecraft.markdown_ext.contents import without
from rulecraft.render.base import NOT_IN_CONTENTS
from rulecraft.render.glossary import CONTENTS_TERMS_MAX


def glossary_page(root, count: int) -> tuple[markdown.Markdown, BeautifulSoup]:
    """The glossary page of a game with ``count`` terms, rendered with permalinks as the site has them."""
    lines = ["terms:"]
    for n in range(count):
        lines += [f"  - id: t{n}", f"    term: {chr(65 + n % 26)}ord {n}", "    short: A thing of the game."]
    write_game(root, {"terms.yaml": "\n".join(lines) + "\n"})
    state = PageState()
    state.start("demo/glossary.md", "demo")
    ext = RulecraftExtension(state=state, rules_data=str(root), game="demo")
    md = markdown.Markdown(extensions=[*SITE_EXTENSIONS, ext], extension_configs={"toc": {"permalink": True}})
    html = md.convert("# Glossary\n\n/// glossary\n///\n")
    assert not state.problems, state.problems
    return md, BeautifulSoup(html, "html.parser")


def contents(md: markdown.Markdown) -> list[tuple[int, str, int]]:
    """(level, id, number of children) of every entry of the page's table of contents, in order."""
    found = []

    def walk(tokens):
        for token in tokens:
            found.append((token["level"], token["id"], len(token["children"])))
            walk(token["children"])

    walk(md.toc_tokens)
    return found


def test_a_long_glossary_lists_its_letters_only(tmp_path):
    md, soup = glossary_page(tmp_path, CONTENTS_TERMS_MAX + 1)
    entries = contents(md)
    assert entries[0][:2] == (1, "glossary")
    letters = entries[1:]
    assert [entry[1] for entry in letters] == [f"letter-{chr(97 + n)}" for n in range(26)]
    assert all(level == 2 and children == 0 for level, _, children in letters)
    # the terms are still headings: an id, a permalink, a section of the search index; no mark left over
    titles = soup.select("h3.rc-term-title")
    assert len(titles) == CONTENTS_TERMS_MAX + 1
    assert all(t.get("id") and t.select_one("a.headerlink")["href"] == f"#{t['id']}" for t in titles)
    assert NOT_IN_CONTENTS not in str(soup)


def test_a_short_glossary_lists_its_terms_under_their_letters(tmp_path):
    md, soup = glossary_page(tmp_path, CONTENTS_TERMS_MAX)
    terms = [entry for entry in contents(md) if entry[0] == 3]
    assert len(terms) == CONTENTS_TERMS_MAX
    assert {entry[1] for entry in terms} == {t["id"] for t in soup.select("h3.rc-term-title")}
    assert NOT_IN_CONTENTS not in str(soup)


def test_a_left_out_entry_hands_its_sub_entries_up():
    def entry(token_id, *children):
        return {"level": 0, "id": token_id, "name": token_id, "children": list(children)}

    tokens = [entry("a", entry("b", entry("c"), entry("d")), entry("e")), entry("f")]
    kept = without(tokens, {"b", "f"})
    assert [t["id"] for t in kept] == ["a"]
    assert [t["id"] for t in kept[0]["children"]] == ["c", "d", "e"]
