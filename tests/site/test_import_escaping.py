"""`rulecraft import` of a rulebook whose text looks like markup, in every source format: built, the site
shows that text and runs none of it (no element, attribute or link comes from the rulebook's words)."""

from __future__ import annotations

import re

import pytest
from importkit import FORMATS, PAYLOADS, book
from sitekit import build

UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")
LIVE_TAGS = {"script", "iframe", "object", "embed", "svg", "math", "form", "base", "meta", "style"}
GAMES = [(fmt, key) for fmt in FORMATS for key in PAYLOADS]


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """Every hostile book imported into one project, built once: {game id: import result}, the site."""
    from rulecraft.cli.importer import import_rulebook

    root = tmp_path_factory.mktemp("hostile-import")
    project = root / "project"  # no mkdocs.yml: the import writes its own, blocks ('/// admonition') and all
    results = {}
    for fmt, key in GAMES:
        name, data = book(fmt, key)
        source = root / name
        source.write_bytes(data)
        results[f"{fmt}-{key}"] = import_rulebook(source, project, game_id=f"{fmt}-{key}")
    config = project / "mkdocs.yml"  # the cheat-sheet PDFs show the same data as their pages, and are slow
    config.write_text(config.read_text(encoding="utf-8").replace(
        "rules_data: rules_data\n", "rules_data: rules_data\n      cheatsheet_pdf: false\n"), encoding="utf-8")
    built = build(project, strict=False)
    assert built.returncode == 0, built.stdout + built.stderr
    return results, project / "site"


def live_markup(html: str) -> list[str]:
    """What in a page's article came alive: elements that run or draw, event handlers, unsafe links, blocks."""
    from bs4 import BeautifulSoup

    article = BeautifulSoup(html, "html.parser").find("article")
    found = []
    for el in article.find_all(True):
        if el.name in LIVE_TAGS and not (el.name == "svg" and el.find_parent(class_="md-content__button")):
            found.append(f"<{el.name}>")
        for attr, value in el.attrs.items():
            value = " ".join(value) if isinstance(value, list) else value
            if attr.lower().startswith("on") or attr.lower() == "srcdoc":
                found.append(f"<{el.name} {attr}>")
            if attr in ("href", "src", "action") and value.strip().lower().startswith(UNSAFE_SCHEMES):
                found.append(f'<{el.name} {attr}="{value}">')
        if "admonition" in el.get("class", []) and "PWNBLOCK" in el.get_text():
            found.append("a '///' block opened from copied text")
    return found


@pytest.mark.site
@pytest.mark.parametrize("fmt, key", GAMES, ids=[f"{f}-{k}" for f, k in GAMES])
def test_imported_markup_is_text_in_every_format(imported, fmt, key):
    results, site = imported
    result = results[f"{fmt}-{key}"]
    assert not result.check.errors, [p.format() for p in result.check.errors]  # '{term:pwn}' is no reference
    pages = sorted((site / f"{fmt}-{key}").glob("**/index.html"))
    assert len(pages) >= 3
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not live_markup(html), (page, live_markup(html))
    written = [result.page, *result.folder.glob("*.yaml")]
    for path in written:  # what the importer wrote is text too, not markup the site happens to clean up
        text = path.read_text(encoding="utf-8")
        for tag in ("<img", "<svg", "<script", "<a ", "<details", "<javascript:", "<!--", "](javascript:",
                    "]: javascript:"):
            assert tag not in text, (path.name, tag)
        assert not re.search(r"(?<!\\)\{[:{%]", text), path.name  # an attribute list or a template tag


@pytest.mark.site
@pytest.mark.parametrize("fmt", FORMATS)
def test_the_copied_text_shows_what_the_rulebook_showed(imported, fmt):
    """Escaped, not dropped: the rules page reads the words the rulebook printed."""
    from bs4 import BeautifulSoup

    _, site = imported
    page = BeautifulSoup((site / f"{fmt}-a/rules/index.html").read_text(encoding="utf-8"), "html.parser")
    text = page.find("article").get_text(" ")
    assert "onerror=alert(1)" in text and "javascript:alert(2)" in text
    assert "/// admonition | PWNBLOCK" in text


def test_the_hostile_books_are_what_they_say(tmp_path):
    """The fixture itself: each book is read in its own format (a LaTeX book is LaTeX, not Markdown)."""
    from rulecraft.cli.importer import import_rulebook

    expected = {"markdown": "markdown", "html": "html", "latex": "latex", "org": "org", "docx": "docx", "rst": "rst",
                "wiki": "wiki"}
    for fmt in FORMATS:
        name, data = book(fmt, "a")
        source = tmp_path / name
        source.write_bytes(data)
        result = import_rulebook(source, tmp_path / fmt, game_id="x")
        assert result.state.outline.format == expected.get(fmt, "markdown"), fmt
        assert fmt == "text" or "Game a" in result.state.outline.title, fmt  # a text: named by its file


