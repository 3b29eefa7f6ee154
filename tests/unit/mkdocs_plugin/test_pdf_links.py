"""The sheet's HTML for the PDF: links become spans, glossary links their bare words."""

from __future__ import annotations

from rulecraft.mkdocs_plugin.pdf import without_links


def test_links_become_spans_and_glossary_links_words():
    fragment = ('If they cannot pay, they lose an <a class="rc-term" data-rc-term-name="Employee" '
                'href="../glossary/#employee" title="A token.">employee token</a> instead; see '
                '<a class="rc-phase-ref rc-nolink-terms" href="../turn/#upkeep">phase 4 (Upkeep)</a>.')
    assert without_links(fragment) == (
        'If they cannot pay, they lose an employee token instead; see '
        '<span class="rc-phase-ref rc-nolink-terms">phase 4 (Upkeep)</span>.')
