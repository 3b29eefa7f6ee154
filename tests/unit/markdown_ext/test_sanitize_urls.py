"""sanitize.is_safe_url: a URL's scheme as a browser reads it; values that cannot have one are safe
without decoding (the common case: relative links)."""

from __future__ import annotations

import pytest

from rulecraft.markdown_ext.sanitize import is_safe_url


@pytest.mark.parametrize("value", ["javascript:x", " JaVaScRiPt:x", "java\tscript:x", "javascript&colon;x",
                                   "javascript&#58;x", "javascript&#x3A;x", "&#106;avascript:x", "data:text/html,x",
                                   "vbscript&#0058;x", "\x01javascript:x"])
def test_script_urls_are_unsafe_however_written(value):
    assert not is_safe_url(value)


@pytest.mark.parametrize("value", [None, "", "../glossary/#term-x", "#a", "page.md", "a&amp;b", "&#1;x",
                                   "https://example.com/a:b", "mailto:a@b.c", "x?y=a:b&z"])
def test_relative_and_known_scheme_urls_are_safe(value):
    assert is_safe_url(value)


def test_the_only_data_pictures_are_rulecraft_s_own_emoji():
    from rulecraft.render.emoji import emoji_data_uri

    assert is_safe_url(emoji_data_uri("🚢"), image=True)
    assert is_safe_url("img/a.png", image=True)
    assert not is_safe_url(emoji_data_uri("🚢"))  # a picture only where an image is shown
    nested_use = ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><g id='a'><use href='#b'/></g></svg>")
    for value in ("data:image/png;base64,AAAA", nested_use, "data&colon;text/html,x", " DATA:image/svg+xml;base64,PHN2Zz4=",
                  emoji_data_uri("🚢").replace("base64,", "base64,PHN2Zz48L3N2Zz4="),  # a shipped one, changed
                  "data:image/svg+xml;base64,!!!"):
        assert not is_safe_url(value, image=True), value


def test_a_block_inside_elements_without_attributes_still_gets_the_allowlist():
    from xml.etree import ElementTree as etree

    from rulecraft.markdown_ext.sanitize import sanitize

    root = etree.fromstring('<div><section><p><span class="x rc-block"><marquee onclick="x">a</marquee>'
                            '<a href="java&#x09;script:x" style="color:red">b</a></span>'
                            '<a href="javascript&#58;x" onmouseover="x" title="t">c</a></p></section></div>')
    assert sanitize(root) == 6
    assert etree.tostring(root, encoding="unicode") == (
        '<div><section><p><span class="x rc-block"><span>a</span><a>b</a></span><a title="t">c</a></p></section></div>')
