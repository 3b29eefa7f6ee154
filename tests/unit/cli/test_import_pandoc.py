"""`rulecraft import` of the formats pandoc converts (LaTeX, Org, reStructuredText, MediaWiki): one outliner reads
pandoc's tree; pandoc is sandboxed, bounded, and its failures are located messages, never tracebacks."""

from __future__ import annotations

import sys
import textwrap

import pytest
import yaml

from rulecraft.cli.importer import ImportError_, import_rulebook, read_outline

pytest.importorskip("pypandoc")

BOOKS = {
    "rules.tex": r"""
        \documentclass{article}
        \title{Reed Boats}
        \begin{document}
        \maketitle
        \section{Setting up}
        \begin{enumerate}
          \item Put the lake board out.
          \item Each player takes two boats.
        \end{enumerate}
        \section{Glossary}
        \begin{description}
          \item[Reed] A bundle you cut from the lake.
          \item[Punt] A boat that carries four reeds.
        \end{description}
        \end{document}
        """,
    "rules.org": """\
        #+TITLE: Reed Boats
        * Setting up
        1. Put the lake board out.
        2. Each player takes two boats.
        * Glossary
        - Reed :: A bundle you cut from the lake.
        - Punt :: A boat that carries four reeds.
        """,
    "rules.rst": """\
        ==========
        Reed Boats
        ==========

        .. note:: Two to four players.

        Setting up
        ==========

        #. Put the lake board out.
        #. Each player takes two boats.

        Glossary
        ========

        .. glossary::

           Reed
              A bundle you cut from the lake.

           Punt
              A boat that carries four reeds.
        """,
    "rules.wiki": """\
        = Reed Boats =
        '''Reed Boats''' is a game for [[two players|two]] or more.

        == Setting up ==
        # Put the lake board out.
        # Each player takes two boats.

        == Glossary ==
        ; Reed
        : A bundle you cut from the lake.
        ; Punt
        : A boat that carries four reeds.
        """,
}
FORMATS = {"rules.tex": "latex", "rules.org": "org", "rules.rst": "rst", "rules.wiki": "wiki"}


def _import(tmp_path, name: str, text: str):
    source = tmp_path / name
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    return result, files


@pytest.mark.parametrize("name", list(BOOKS))
def test_each_format_pandoc_reads_gives_the_same_game(tmp_path, name):
    result, files = _import(tmp_path, name, BOOKS[name])
    assert result.state.outline.format == FORMATS[name]
    assert files["game"]["title"] == "Reed Boats"
    assert files["game"]["setup"] == ["Put the lake board out.", "Each player takes two boats."]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Reed", "Punt"]
    assert not result.check.errors


def test_each_block_is_placed_on_its_source_line():
    outline = read_outline(textwrap.dedent(BOOKS["rules.rst"]), "rules.rst")
    setup = next(s for s in outline.sections() if s.title == "Setting up")
    assert setup.line == 7 and [i.line for i in setup.blocks[0].items] == [10, 11]


def test_pandoc_reads_no_other_file(tmp_path):
    secret = tmp_path / "secret.tex"
    secret.write_text("PRIVATE WORDS", encoding="utf-8")
    text = BOOKS["rules.tex"].replace(r"\maketitle", rf"\maketitle \input{{{secret}}}")
    result, _ = _import(tmp_path, "rules.tex", text)
    assert "PRIVATE" not in result.page.read_text(encoding="utf-8")
    assert f"included file not imported: {secret}" in result.report_text


def test_raw_markup_pandoc_passes_through_is_text(tmp_path):
    text = textwrap.dedent(BOOKS["rules.rst"]) + "\n.. raw:: html\n\n   <script>alert(1)</script>\n"
    result, _ = _import(tmp_path, "rules.rst", text)
    page = result.page.read_text(encoding="utf-8")
    assert "<script" not in page and "&lt;script>alert(1)" in page


def test_a_file_pandoc_cannot_read_is_a_located_error(tmp_path):
    text = "\\documentclass{article}\n\\newcommand{\\loop}{\\loop}\n\\begin{document}\n\\loop\n\\end{document}\n"
    with pytest.raises(ImportError_, match=r"^rules\.tex: cannot read it as LaTeX: pandoc: Loop encountered"):
        read_outline(text, "rules.tex")


def test_without_pandoc_the_import_names_the_install_command(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypandoc", None)
    with pytest.raises(ImportError_, match=r"needs pandoc: pip install 'rulecraft\[import\]'"):
        read_outline(textwrap.dedent(BOOKS["rules.org"]), "rules.org")


def test_a_pandoc_that_runs_too_long_is_stopped(monkeypatch, tmp_path):
    """A stand-in pandoc that never answers: the deadline, not pandoc's speed on this machine, ends the run."""
    import time

    from rulecraft.cli.importer import pandoc_run

    hanging = tmp_path / "pandoc"
    hanging.write_text("#!/bin/sh\nexec sleep 60\n", encoding="utf-8")
    hanging.chmod(0o755)
    monkeypatch.setattr(pandoc_run, "executable", lambda: str(hanging))
    monkeypatch.setattr(pandoc_run, "SECONDS", 0.5)
    started = time.monotonic()
    with pytest.raises(ImportError_, match="took longer than 0 seconds"):
        read_outline(textwrap.dedent(BOOKS["rules.org"]), "rules.org")
    assert time.monotonic() - started < 10


def test_an_opendocument_text_is_read_and_located_by_paragraph(tmp_path):
    import pypandoc

    markdown = ("# Reed Boats\n\n## Setting up\n\n1. Put the lake board out.\n2. Each player takes two boats.\n\n"
                "## Glossary\n\nA bundle you cut.\n")
    source = tmp_path / "rules.odt"
    pypandoc.convert_text(markdown, "odt", format="markdown", outputfile=str(source))
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    game = yaml.safe_load((result.folder / "game.yaml").read_text(encoding="utf-8"))
    assert result.state.outline.format == "odt" and game["title"] == "Reed Boats"
    assert game["setup"] == ["Put the lake board out.", "Each player takes two boats."]
    assert "(odt, 6 paragraphs)" in result.report_text and "under 'Setting up' (paragraph 2)" in result.report_text


def test_an_opendocument_zip_bomb_is_refused_before_pandoc_reads_it(tmp_path):
    import io
    import zipfile

    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text", compress_type=zipfile.ZIP_STORED)
        archive.writestr("content.xml", b"<a>" + b" " * 60_000_000 + b"</a>")
    source = tmp_path / "bomb.odt"
    source.write_bytes(bomb.getvalue())
    with pytest.raises(ImportError_, match="unpacks to more than 50 MB"):
        import_rulebook(source, tmp_path / "out", game_id="book")


def test_a_latex_brace_nothing_closes_is_text_not_a_refusal():
    # '{% raw %}': the '%' starts a comment that hides the '}'; pandoc would refuse the whole file at its end
    text = "\\documentclass{article}\n\\begin{document}\n\\section{A}\nPay {% raw %} two coins.\n\\end{document}\n"
    outline = read_outline(text, "rules.tex")
    assert outline.root.children[0].blocks[0].text == "Pay \\{"  # a brace, escaped as all copied text
    assert any(r.text == "a '{' that nothing closes is read as text" and r.line == 4 for r in outline.remarks)


def test_org_subtrees_the_file_excludes_by_its_own_tags_stay_prose_and_private():
    text = "#+TITLE: Reed Boats\n#+EXCLUDE_TAGS: draft\n* Setting up\nPut the board out.\n* Ideas :draft:\nA lake.\n"
    outline = read_outline(text, "rules.org")
    ideas = next(s for s in outline.sections() if s.title == "Ideas")
    assert ideas.blocks[0].text == "A lake." and ideas.line in outline.private and ideas.line == 5


def test_text_set_in_columns_or_on_a_title_page_is_read_as_text(tmp_path):
    """pandoc keeps an environment it does not know (multicols, titlepage) as one raw TeX block, every rule
    inside it with it; unwrapped before it reads, the sections and the turn are found."""
    source = tmp_path / "rules.tex"
    source.write_text(textwrap.dedent(r"""
        \documentclass{book}
        \usepackage{multicol}
        \title{Wasteland Patrol}
        \begin{document}
        \begin{titlepage}
        \maketitle
        \end{titlepage}
        \begin{multicols}{2}
        \chapter*{Playing the game}
        \section*{Setup}
        Place the board. Shuffle the deck.
        \section*{Turn}
        \begin{enumerate}
        \item Draw a card.
        \item Play a card.
        \end{enumerate}
        \end{multicols}
        \end{document}
        """), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="patrol")
    phases = yaml.safe_load((result.folder / "phases.yaml").read_text(encoding="utf-8"))["phases"]
    assert [p["name"] for p in phases] == ["Draw a card", "Play a card"]
    page = result.page.read_text(encoding="utf-8")
    assert "### Setup\n\nPlace the board. Shuffle the deck." in page and "multicols" not in page
    assert "titlepage" not in (result.folder / "game.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("name, text, heading", [
    ("rules.wiki", "= Marsh Patrol =\n\n== Terrain ==\nForest costs 2.\n", "Terrain"),
    ("rules.mediawiki", "== Terrain ==\nForest costs 2.\n", "Terrain"),
    ("rules.rst", "Terrain\n=======\n\nForest costs 2.\n", "Terrain"),
    ("rules.tex", "\\section{Terrain}\nForest costs 2.\n", "Terrain")])
def test_a_short_file_named_for_its_markup_is_read_as_it(name, text, heading):
    # one heading shows too little markup to tell the format by the text: read as Markdown, '== Terrain ==' was
    # a paragraph and '\section{Terrain}' text
    outline = read_outline(text, name)
    titles = [s.title for s in outline.root.walk() if s.title]
    assert heading in titles or outline.title == heading, titles
    assert [b.text for s in outline.root.walk() for b in s.blocks] == ["Forest costs 2."]
