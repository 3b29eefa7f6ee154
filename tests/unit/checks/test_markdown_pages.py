"""Every file the engine renders as a page is checked and is part of the check cache's key: the Markdown
suffixes MkDocs renders (docpages.py), not only ``.md``."""

from __future__ import annotations

import mkdocs.utils
import pytest
from gamekit import line_col

import rulecraft.checks.cache as check_cache
from rulecraft.cli.main import main
from rulecraft.docpages import MARKDOWN_SUFFIXES
from rulecraft.problems import display_path

OTHER_SUFFIXES = [s for s in MARKDOWN_SUFFIXES if s != ".md"]


def test_the_suffixes_are_mkdocs_own():
    assert tuple(mkdocs.utils.markdown_extensions) == MARKDOWN_SUFFIXES


@pytest.mark.parametrize(("where", "text", "wrong"), [
    ("demo/rules", "# Rules\n\nTrade a {term:gadget} first.\n", "{term:gadget}"),  # a game's page
    ("about", "# About\n\n/// phase | demo:gadget\n///\n", "demo:gadget"),  # a page of the site
])
@pytest.mark.parametrize("suffix", OTHER_SUFFIXES)
def test_a_page_of_any_markdown_suffix_is_checked_with_its_location(game, tmp_path, capsys, suffix, where, text,
                                                                     wrong):
    folder = game()
    page = tmp_path / "docs" / f"{where}{suffix}"
    page.parent.mkdir(parents=True)
    page.write_text(text, encoding="utf-8")
    assert main(["check", "--docs", str(tmp_path / "docs"), str(folder)]) == 1
    out = capsys.readouterr().out
    line, _ = line_col(text, wrong)
    assert f"{display_path(page)}:{line}:" in out and "gadget" in out, out


@pytest.mark.parametrize("suffix", OTHER_SUFFIXES)
def test_editing_a_page_of_any_markdown_suffix_changes_the_check_cache_key(game, tmp_path_factory, suffix):
    folder = game()
    docs = tmp_path_factory.mktemp("pages") / "docs"  # apart from the data folder, all of whose files count
    (docs / "demo").mkdir(parents=True)
    page = docs / "demo" / f"rules{suffix}"
    page.write_text("# Rules\n", encoding="utf-8")
    key = check_cache.input_key(folder.parent, docs)
    page.write_text("# Rules\n\nTODO: who goes first.\n", encoding="utf-8")
    edited = check_cache.input_key(folder.parent, docs)
    assert edited != key
    (docs / "demo" / "notes.txt").write_text("not a page", encoding="utf-8")  # no page: not read, not hashed
    assert check_cache.input_key(folder.parent, docs) == edited

