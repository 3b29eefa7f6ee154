"""'Used in' lists: pages in navigation order, each with the sections that mention the term; what
the lists of many terms share (a page's link, its section links) is made once and reused."""

from __future__ import annotations

from types import SimpleNamespace

from rulecraft.mkdocs_plugin.backlinks import slot_renderer


def page(src: str, url: str, title: str | None, sections: dict[str, str]):
    toc = [SimpleNamespace(id=anchor, title=text, children=[]) for anchor, text in sections.items()]
    return SimpleNamespace(file=SimpleNamespace(src_uri=src), url=url, title=title, toc=toc)


def test_lists_share_pages_and_sections_and_keep_their_order():
    glossary = page("g/glossary.md", "g/glossary/", "Glossary", {})
    pages = {
        "g/turn.md": page("g/turn.md", "g/turn/", "Turn &amp; phases", {"turn": "Turn & phases", "income": "1. <Income>",
                                                                       "war": "2. War"}),
        "g/notes.md": page("g/notes.md", "g/notes/", "Notes", {"standing": "Standing"}),
        "g/a.md": page("g/a.md", "g/a/", None, {}),
    }
    mentions = [("g", "ship", "g/notes.md", "standing"), ("g", "ship", "g/turn.md", "war"),
                ("g", "ship", "g/turn.md", "income"), ("g", "ship", "g/turn.md", "war"),
                ("g", "army", "g/turn.md", "income"), ("g", "army", "g/turn.md", "turn"),  # the page's own title
                ("g", "army", "g/a.md", ""), ("g", "army", "g/gone.md", "x"),  # not a page of the site
                ("g", "ship", "g/glossary.md", ""), ("other", "ship", "g/notes.md", "standing")]
    render = slot_renderer(glossary, "g", mentions, pages, {"g/turn.md": 0, "g/notes.md": 1})
    assert render("ship") == (
        '<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
        '<li><a href="../turn/">Turn &amp; phases</a>: <a href="../turn/#war">2. War</a>, '
        '<a href="../turn/#income">1. &lt;Income&gt;</a></li>'
        '<li><a href="../notes/">Notes</a>: <a href="../notes/#standing">Standing</a></li></ul></div>')
    assert render("army") == (
        '<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
        '<li><a href="../turn/">Turn &amp; phases</a>: <a href="../turn/#income">1. &lt;Income&gt;</a></li>'
        '<li><a href="../a/">g/a.md</a></li></ul></div>')  # no navigation place: after, by title or path
    assert render("ship") == render("ship")
    assert render("nobody") == ""


def test_the_status_page_line_is_a_designer_note():
    """Players never see a glossary entry send them to the designers' Status page; the notes switch shows it."""
    glossary = page("g/glossary.md", "g/glossary/", "Glossary", {})
    pages = {"g/turn.md": page("g/turn.md", "g/turn/", "Turn", {"war": "War"}),
             "g/status.md": page("g/status.md", "g/status/", "Status", {"open": "Open questions"})}
    mentions = [("g", "ship", "g/turn.md", "war"), ("g", "ship", "g/status.md", "open")]
    render = slot_renderer(glossary, "g", mentions, pages, {"g/turn.md": 0, "g/status.md": 1})
    assert render("ship") == (
        '<div class="rc-backlinks"><p class="rc-backlinks-title">Used in</p><ul>'
        '<li><a href="../turn/">Turn</a>: <a href="../turn/#war">War</a></li>'
        '<li class="rc-dnote"><a href="../status/">Status</a>: <a href="../status/#open">Open questions</a></li>'
        '</ul></div>')


def test_a_written_page_is_filled_the_same_whatever_its_chunks(tmp_path, monkeypatch):
    """The page is read in chunks (a 5 000-term glossary is ~9 MiB): no slot is missed where a chunk ends,
    inside its tags or its id, and the rest of the page is copied as it is."""
    from rulecraft.mkdocs_plugin import backlinks

    glossary = page("g/glossary.md", "g/glossary/", "Glossary", {})
    pages = {"g/turn.md": page("g/turn.md", "g/turn/", "Turn", {"war": "War"})}
    mentions = [("g", "ship", "g/turn.md", "war"), ("g", "army-2", "g/turn.md", "")]
    slot = '<div class="rc-backlinks" data-rc-backlinks="{}"></div>'
    written = ("<html><head></head>\r\n<body><p>a > b</p>" + slot.format("ship") + "<p>x</p>"
               + slot.format("army-2") + slot.format("nobody") + '<div class="rc-backlinks">' + slot.format("ship")
               + "\n</body></html>")
    render = slot_renderer(glossary, "g", mentions, pages)
    expected = backlinks.SLOT_RE.sub(lambda m: render(m.group(1)), written.replace("\r\n", "\n"))
    assert expected.count("Used in") == 3
    path = tmp_path / "index.html"
    for size in range(1, len(written) + 2):
        monkeypatch.setattr(backlinks, "CHUNK", size)
        path.write_bytes(written.encode())
        backlinks.fill_backlinks_file(path, glossary, "g", mentions, pages)
        assert path.read_text(encoding="utf-8") == expected, size
    path.write_text("<p>no slot</p>", encoding="utf-8")
    backlinks.fill_backlinks_file(path, glossary, "g", mentions, pages)
    assert path.read_text(encoding="utf-8") == "<p>no slot</p>" and list(tmp_path.iterdir()) == [path]
