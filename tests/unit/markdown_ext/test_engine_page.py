"""The extension built from configuration by an engine (Zensical): the page comes from the engine's
rendering context, the rule book is shared between pages and reloaded when a file changes."""

from __future__ import annotations

import os

import markdown
from gamekit import write_game
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from rulecraft.markdown_ext import RulecraftExtension
from rulecraft.markdown_ext.engine_page import shared_rulebook


class Page:
    def __init__(self, path: str, url: str):
        self.path, self.url = path, url


class Context(Extension):
    """The shape of Zensical's rendering context: a preprocessor holding the page."""

    def __init__(self, page):
        super().__init__()
        self.page = page

    def extendMarkdown(self, md):  # noqa: N802
        processor = Preprocessor(md)
        processor.run = lambda lines: lines
        processor.page = self.page
        md.preprocessors.register(processor, "rendering_context", 0)


def render(rules, text: str, path: str) -> str:
    page = Page(path, path.removesuffix(".md").removesuffix("index") + "/")
    # link_spacing=0: a two-line page earns no link under the reading-density rule; this is about paths
    ext = RulecraftExtension(rules_data=str(rules), link_spacing=0)
    return markdown.markdown(text, extensions=[Context(page), ext])


def test_the_page_and_its_game_come_from_the_engine(tmp_path):
    write_game(tmp_path / "rules_data")
    html = render(tmp_path / "rules_data", "Trade a widget.\n\n/// phase | trade\n///\n", "demo/notes.md")
    # links stay docs-relative .md paths: the engine's own link rewriting (priority 0) runs after
    assert 'href="glossary.md#widget"' in html
    assert 'id="trade"' in html and "rc-error" not in html
    elsewhere = render(tmp_path / "rules_data", "/// phase | demo:trade\n///\n", "about.md")
    assert 'id="trade"' in elsewhere and 'href="demo/glossary.md#widget"' in elsewhere


def test_the_rule_book_is_shared_until_a_file_changes(tmp_path):
    folder = write_game(tmp_path / "rules_data")
    first = shared_rulebook(tmp_path / "rules_data")
    assert shared_rulebook(tmp_path / "rules_data") is first
    terms = folder / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8").replace("A small wooden cube.", "A tiny cube."),
                     encoding="utf-8")
    stat = terms.stat()
    os.utime(terms, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    again = shared_rulebook(tmp_path / "rules_data")
    assert again is not first
    assert again.games["demo"].terms[0].short == "A tiny cube."
