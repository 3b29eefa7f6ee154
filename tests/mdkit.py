"""One way to render Markdown with the Rulecraft extension in tests, in the spirit of
pymdown-extensions' ``MdCase``: a page's text in, its parsed HTML (and the extension's page state) out.

    soup, ext = render(rules_data, "/// dice-tables\n///\n", game="demo")

No MkDocs involved: this is how any engine running Python-Markdown drives the extension.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import markdown
from bs4 import BeautifulSoup

from rulecraft.markdown_ext import PageState, RulecraftExtension

# The extensions this repository's mkdocs.yml runs beside ours (the ones our output relies on).
SITE_EXTENSIONS = ["admonition", "attr_list", "def_list", "toc", "tables", "md_in_html", "pymdownx.superfences"]


def render(rules_data: Path | str, text: str, *, game: str = "", page: str | None = None,
           glossary_url: str | None = None, extensions: list | None = None, allow_problems: bool = False,
           **config) -> tuple[BeautifulSoup, RulecraftExtension]:
    """Render ``text`` (dedented) as the page ``page`` of ``game``; fails on unknown ids unless allowed."""
    state = PageState()
    state.start(page if page is not None else (f"{game}/rules.md" if game else None), game or None,
                None if glossary_url is None else (lambda game_id: glossary_url))
    ext = RulecraftExtension(state=state, rules_data=str(rules_data), game=game, **config)
    md = markdown.Markdown(extensions=[*(SITE_EXTENSIONS if extensions is None else extensions), ext])
    html = md.convert(textwrap.dedent(text))
    if not allow_problems:
        assert not state.problems, state.problems
    return BeautifulSoup(html, "html.parser"), ext
