"""models.urls.find_urls: every place Markdown or HTML writes a URL, pictures told apart."""

from __future__ import annotations

import pytest

from rulecraft.models.urls import find_urls, url_scheme


@pytest.mark.parametrize("text, url, picture", [
    ("See ![ship](data:image/svg+xml,<svg>) here", "data:image/svg+xml,", True),
    ("See ![a [nested] ship]( <data:image/png;base64,AA>)", "data:image/png;base64,AA", True),
    ("[a link](data:text/html,x)", "data:text/html,x", False),
    ('<img alt="x" src="data:image/svg+xml;base64,PHN2Zz4=">', "data:image/svg+xml;base64,PHN2Zz4=", True),
    ("<img src=&#100;ata:image/png,x>", "&#100;ata:image/png,x", True),
    ("[r]: data:image/png,x", "data:image/png,x", False),
    ("<data:image/png,x>", "data:image/png,x", False),
])
def test_urls_are_found_where_markdown_and_html_put_them(text, url, picture):
    found = [(u, p) for _, u, p in find_urls(text)]
    assert (url, picture) in found, found
    assert url_scheme(url) == "data"


def test_plain_words_are_no_urls():
    assert [u for _, u, _ in find_urls("Metadata: a [note] on data: and 3 < 4.") if url_scheme(u)] == []


def test_a_url_is_read_only_as_far_as_its_scheme_needs():
    text = "](" + "x" * 100_000
    assert [len(u) for _, u, _ in find_urls(text)] == [200]
