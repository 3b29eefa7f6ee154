"""Hostile input: every string of a fixture game carries script payloads; nothing may run.

The fixture game ``hostile`` puts payloads (``<script>``, ``<img onerror>``, attribute break-outs,
``</title>`` break-outs, entity-encoded tags, ``javascript:`` links, reference links and images,
attr_list ``{: onclick=... }``) into names, labels, titles, definitions, results, card text and
fields, icon glyphs (emoji, text, material), constants, open questions, changelog entries, TODOs
and a ``{term:...}`` inside titles. The site is built for real, every page is opened in Chromium,
term links are hovered and focused, Roll buttons clicked, the search box used; ``window.__pwned``
must stay undefined, no dialog may open, no element may carry an event-handler attribute or a
``javascript:`` URL, and the payloads must read as text where they were written as text.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from bad_input.cases import nested_use_svg_uri
from sitekit import build, chromium, make_project, serve

from rulecraft.checks import check_path

PAYLOADS = {
    "script": "<script>window.__pwned=1</script>",
    "img": '<img src=x onerror="window.__pwned=1">',
    "svg": '"><svg onload=window.__pwned=1>',
    "squote": "'><img src=x onerror=alert(1)>",
    "close": "</title></textarea></script><script>window.__pwned=1</script>",
    "entity": "&lt;img src=x onerror=window.__pwned=1&gt;",
    "link": "[click](javascript:window.__pwned=1)",
}
INLINE = " ".join(PAYLOADS.values())
ATTR_INLINE = '*hover*{: onmouseover="window.__pwned=1" }'
# attr_list setting ids, styles and attributes (issue 17, case 2): fixing the dice roller's seed, hiding
# glossary previews, an invisible link over the whole page
ATTR_SET = ('Any time *seeded*{: id="rulecraftSeed" } or [x](https://example.org){: style="position:fixed;inset:0;'
            'opacity:0" } or *gone*{ hidden } or *c*{: .rc-term data-rc-definition="x" }\n{: id="para-id" }')
V2 = "2.0 \"><img src=x onerror=window.__pwned=1>"  # a changelog version, named by changed_in


def hostile(prefix: str) -> str:
    """A short text (names, labels: at most 300 characters) with every payload."""
    text = f"{prefix} {INLINE}"
    assert len(text) <= 300, len(text)
    return text


def block(prefix: str) -> str:
    """Block Markdown (rules, definitions, descriptions...) with every payload and Markdown trick."""
    return (f"{prefix} {INLINE} {ATTR_INLINE}\n\n{ATTR_SET}\n\n"
            "A paragraph with handlers\n{: onclick=\"window.__pwned=1\" onmouseover=\"window.__pwned=1\" }\n\n"
            "A [reference link][evil], an ![image](javascript:window.__pwned=1), "
            "a [vbscript](vbscript:msgbox(1)), "  # a data: link or picture is refused by the checker (below)
            "an [entity link](&#106;avascript:window.__pwned=1), a {term:widget|<img src=x onerror=alert(1)>} and "
            "a [safe link](https://example.org/rules).\n\n"
            "[evil]: javascript:window.__pwned=1\n")


GAME = {
    "id": "hostile",
    "title": hostile("Hostile"),
    "subtitle": hostile("Sub"),
    "version": "1.0",
    "players": {"min": 2, "max": 4},
    "summary": block("Summary") + "\nWith a Gizmo.",
    "objective": block("Objective"),
    "components": [
        {"id": "board", "name": hostile("Board"), "quantity": 3, "icon": "skull", "description": block("Board")},
        {"id": "deck-box", "name": hostile("Deck box"), "quantity": 2},
    ],
    "setup": [{"text": block("Setup"), "steps": [hostile("Sub-step")]}, hostile("Setup two")],
    "end_of_game": [hostile("End")],
    "scoring": [{"text": hostile("Score"), "todo": hostile("Scoring todo")}],
    "constants": {"points": {"value": 10, "label": hostile("Points"), "unit": hostile("pts")}},
    "sections": [{"id": "trading", "title": "Trading {term:widget} " + INLINE, "text": block("Section"),
                  "steps": [block("Section step")],
                  "examples": [{"title": hostile("Example"), "text": block("Example")}],
                  "todo": hostile("Section todo")}],
    "changelog": [{"version": "1.0", "summary": block("First"), "changes": [block("Change")]},
                  {"version": V2, "date": "2024-05-01", "summary": hostile("Second"),
                   "changes": [hostile("Changed"), block("Changed more")]}],
    "open_questions": [{"id": "q1", "question": block("Question"), "detail": block("Detail"),
                        "source": hostile("Source")}],
    "cheatsheet": {"terms": ["widget", "gizmo"], "constants": ["points"]},
    "todo": hostile("Game todo"),
}
PHASES = {"phases": [
    {"id": "trade", "name": hostile("Trade"), "summary": hostile("Summary"), "rules": block("Rules"),
     "steps": [block("Step"), {"text": hostile("Nested"), "steps": [hostile("Deeper")]}],
     "examples": [{"title": hostile("Example"), "text": block("Example")}],
     "terms": ["widget", "gizmo"], "dice": ["rolls", "faces"], "changed_in": V2},
    {"id": "bonus", "name": hostile("Bonus"), "optional": True, "condition": hostile("Condition"),
     "rules": ("Icons {icon:skull} {icon:badge} {icon:mat} {icon:pic}, constant "
               "{const:points|<img src=x onerror=window.__pwned=1>} and {const:points}, table {dice:faces}, "
               "card {card:joker}, deck {deck:hostile-deck}, phase {phase:trade}. A Gizmo.\n\n" + block("Bonus")),
     "subphases": [{"id": "bonus-more", "name": hostile("More"), "rules": block("More")}],
     "todo": hostile("Bonus todo")},
    {"id": "choose", "name": hostile("Choose"),
     "alternatives": [{"id": "left", "name": hostile("Left"), "condition": hostile("Left if"), "rules": block("Left")},
                      {"id": "right", "name": hostile("Right"), "rules": block("Right")}]},
]}
DICE = {
    "dice": [{"id": "skull-die", "name": hostile("Skull die"), "description": block("Die"),
              "faces": [{"id": "f1", "label": hostile("F1"), "glyph": PAYLOADS["img"] + PAYLOADS["close"]},
                        {"id": "f2", "label": hostile("F2"), "count": 2, "glyph": PAYLOADS["svg"]}]}],
    "tables": [
        {"id": "rolls", "title": hostile("Rolls"), "dice": "2d6", "per": hostile("per"), "when": hostile("When"),
         "modifiers": [{"id": "m1", "label": hostile("M1"), "value": 1, "count": [0, 2]},
                       {"id": "m2", "label": hostile("M2"), "value": -1, "count": [0, 1]}],
         "rows": [{"roll": "6-", "result": block("Low")}, {"roll": "7+", "result": hostile("High")}],
         "any_result": hostile("Any"), "notes": block("Notes"), "todo": hostile("Table todo")},
        {"id": "faces", "title": hostile("Faces"), "custom_die": "skull-die", "when": block("When"),
         "rows": [{"face": "f1", "result": hostile("F1 result")}, {"face": "f2", "result": block("F2 result")}]},
    ],
}
TERMS = {"terms": [
    {"id": "widget", "term": hostile("Widget"), "aliases": ["whatsit"], "short": hostile("Short"),
     "definition": block("Definition"), "category": hostile("Category"), "see_also": ["gizmo"],
     "cheatsheet": True, "changed_in": V2, "todo": hostile("Term todo")},
    {"id": "gizmo", "term": "Gizmo", "plurals": ["Gizmos"], "short": hostile("A gizmo"),
     "definition": block("Gizmo definition"), "category": hostile("Category")},
]}
ICONS = {"icons": [
    {"id": "skull", "label": hostile("Skull"), "meaning": block("Meaning"), "glyph": {"emoji": PAYLOADS["img"]}},
    {"id": "badge", "label": hostile("Badge"), "meaning": hostile("Badge"),
     "glyph": {"text": PAYLOADS["script"] + PAYLOADS["svg"]}},
    {"id": "mat", "label": hostile("Mat"), "meaning": hostile("Mat"), "glyph": {"material": PAYLOADS["img"]}},
    {"id": "pic", "label": hostile("Picture"), "meaning": hostile("Picture"), "glyph": {"image": "img/pic.svg"},
     "todo": hostile("Icon todo")},
]}
CARDS = {"decks": [
    {"id": "hostile-deck", "name": hostile("Deck"), "description": block("Deck"), "component": "deck-box",
     "cards": [
         {"id": "joker", "name": "Joker {term:widget} " + INLINE[:200], "qty": 1, "type": hostile("Type"),
          "text": block("Card"), "icons": ["skull", "badge"],
          "fields": {PAYLOADS["img"]: PAYLOADS["script"], "cost": hostile("Cost")}, "changed_in": V2},
         {"id": "ace", "name": hostile("Ace"), "qty": 1, "text": hostile("Ace text"), "todo": hostile("Card todo")},
     ]},
]}
PROSE = """\
# Notes about the hostile game

A Gizmo, a {term:gizmo} and {term:widget}.

/// card | joker
///

/// dice | rolls
///

/// section | trading
///
"""
SITE_PAGE = """\
# About

/// phase | hostile:trade
///

/// deck | hostile:hostile-deck
///
"""
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>\n'


def project_files() -> dict[str, str]:
    dump = lambda data: yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000)  # noqa: E731
    files = {f"rules_data/hostile/{name}.yaml": dump(data) for name, data in
             (("game", GAME), ("phases", PHASES), ("dice", DICE), ("terms", TERMS), ("icons", ICONS),
              ("cards", CARDS))}
    files["docs/hostile/notes.md"] = PROSE
    files["docs/about.md"] = SITE_PAGE
    files["docs/img/pic.svg"] = SVG
    return files


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    project = make_project(tmp_path_factory.mktemp("hostile") / "project", files=project_files())
    result = check_path(project / "rules_data", project / "docs")
    assert not result.errors, "\n".join(p.format() for p in result.errors)
    built = build(project, strict=False)
    assert built.returncode == 0, built.stdout + built.stderr
    return project / "site"


def built_pages(site: Path) -> list[str]:
    """URL paths of every HTML page of the site ('' for the home page)."""
    paths = []
    for html_file in sorted(site.rglob("*.html")):
        rel = html_file.relative_to(site).as_posix()
        paths.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return paths


@pytest.mark.site
def test_the_fixture_reaches_every_kind_of_page(hostile_site):
    pages = set(built_pages(hostile_site))
    expected = {"", "about/", "404.html"} | {f"hostile/{p}" for p in
                                             ("", "turn/", "dice/", "cards/", "icons/", "glossary/", "cheatsheet/",
                                              "changes/", "status/", "notes/")}
    assert expected <= pages, sorted(expected - pages)


# --- static: the built HTML ----------------------------------------------------------------------------

UNSAFE_URL = re.compile(r"^\s*(javascript|vbscript|data):", re.IGNORECASE)


def unsafe_markup(html_text: str) -> list[str]:
    """Elements and attributes a payload would have created, as short descriptions."""
    from bs4 import BeautifulSoup

    found = []
    for el in BeautifulSoup(html_text, "html.parser").find_all(True):
        for name, value in el.attrs.items():
            value = " ".join(value) if isinstance(value, list) else str(value)
            if name.lower().startswith("on") or name.lower() in ("href", "src", "action", "formaction", "xlink:href") and UNSAFE_URL.match(value):
                found.append(f"<{el.name} {name}={value[:40]!r}>")
        if el.name == "script" and "__pwned" in el.get_text():
            found.append(f"<script>{el.get_text()[:40]}")
        if el.name in ("img", "svg") and (el.get("src") == "x" or el.get("onload")):
            found.append(f"<{el.name} src=x>")
        if el.name in ("iframe", "object", "embed", "textarea"):
            found.append(f"<{el.name}>")
    return found


@pytest.mark.site
def test_no_page_holds_payload_markup(hostile_site):
    problems = {}
    for path in built_pages(hostile_site):
        file = hostile_site / (path + "index.html" if not path.endswith(".html") else path)
        found = unsafe_markup(file.read_text(encoding="utf-8"))
        if found:
            problems[path or "/"] = found[:5]
    assert not problems, problems


# --- in the browser ---------------------------------------------------------------------------------------

TRAP = """
window.__pwnedHits = [];
Object.defineProperty(window, "__pwned", {
  configurable: true,
  get() { return window.__pwnedHits.length ? 1 : undefined; },
  set(value) { window.__pwnedHits.push(String(value)); },
});
"""

DOM_AUDIT = """() => {
  const bad = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) bad.push(`<${el.localName} ${a.name}>`);
      if (["href", "src", "action", "formaction"].includes(a.name) && /^\\s*(javascript|vbscript|data):/i.test(a.value))
        bad.push(`<${el.localName} ${a.name}=${a.value.slice(0, 30)}>`);
    }
    if (el.localName === "script" && el.textContent.includes("__pwned")) bad.push("<script> with the payload");
  }
  return bad;
}"""


@pytest.fixture(scope="module")
def browser_site(hostile_site):
    with serve(hostile_site) as url, chromium() as browser:
        yield url, browser


def open_page(browser, url: str, dialogs: list):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(TRAP)
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(100)  # onerror of a broken <img> fires after load
    return context, page


def interact(page) -> None:
    """Hover and focus term links, use the dice panels: the code paths that read rule data at run time."""
    from playwright.sync_api import Error as PlaywrightError

    # A phase's dice tables are collapsed (<details>): open them as a reader does, so their term links and
    # dice panels are exercised too.
    closed = page.locator("article details:not([open]) > summary:visible")
    for _ in range(50):  # one at a time: an opened box leaves the list
        if not closed.count():
            break
        closed.first.click(timeout=10_000)
    for link in page.locator("article a.rc-term").all()[:6]:
        try:
            link.hover(timeout=1500)
            page.wait_for_timeout(160)  # glossary.js opens its preview after 120 ms
            link.focus(timeout=1500)
            page.keyboard.press("Escape")
        except PlaywrightError:  # a link hidden in a collapsed block cannot be hovered: skip it
            continue
    for stepper in page.locator(".rc-dice-ui:not([hidden]) .rc-inc").all()[:6]:
        stepper.click(timeout=10_000)
    for box in page.locator(".rc-dice-ui:not([hidden]) input[type=checkbox]:not([disabled])").all()[:4]:
        box.check(timeout=10_000)
    for button in page.locator(".rc-roll-btn:visible").all():
        button.click(timeout=10_000)
        button.click(timeout=10_000)


@pytest.mark.site
@pytest.mark.browser
def test_no_payload_runs_on_any_page(browser_site, hostile_site):
    url, browser = browser_site
    failures: dict[str, list[str]] = {}
    rolled = hovered = 0
    for path in built_pages(hostile_site):
        dialogs: list[str] = []
        context, page = open_page(browser, f"{url}/{path}", dialogs)
        try:
            interact(page)
            rolled += page.locator(".rc-roll-btn:visible").count()
            hovered += page.locator("article a.rc-term").count() > 0
            page.wait_for_timeout(100)
            found = list(page.evaluate(DOM_AUDIT))
            hits = page.evaluate("window.__pwnedHits")
            if hits:
                found.append(f"window.__pwned was set {len(hits)} time(s)")
            if dialogs:
                found.append(f"dialog(s) opened: {dialogs[:3]}")
            if found:
                failures[path or "/"] = found[:6]
        finally:
            context.close()
    assert not failures, failures
    assert rolled >= 3 and hovered >= 5, (rolled, hovered)  # the interactions really happened


@pytest.mark.site
@pytest.mark.browser
def test_search_results_show_payloads_as_text(browser_site):
    url, browser = browser_site
    dialogs: list[str] = []
    context, page = open_page(browser, f"{url}/hostile/", dialogs)
    try:
        search = page.locator(".md-search__input")
        search.click()
        for _ in range(20):  # the search worker loads its index in the background: type until it answers
            search.fill("onerror")  # a word of the payloads: every page with rule data matches
            page.keyboard.press("End")
            page.wait_for_timeout(500)
            if page.locator(".md-search-result__item").count():
                break
        results = page.locator(".md-search-result")
        assert results.locator(".md-search-result__item").count() >= 5
        assert PAYLOADS["script"] in results.inner_text()  # shown as text
        assert page.evaluate("window.__pwnedHits") == [] and not dialogs
        assert page.evaluate(DOM_AUDIT) == []
    finally:
        context.close()


@pytest.mark.site
@pytest.mark.browser
def test_payloads_read_as_text_where_written_as_text(browser_site):
    url, browser = browser_site
    dialogs: list[str] = []
    context, page = open_page(browser, f"{url}/hostile/", dialogs)
    try:
        # the game title: the page title, the heading and the navigation show it letter for letter
        assert PAYLOADS["script"] in page.title() and PAYLOADS["close"] in page.title()
        heading = page.locator("article h1").first.inner_text()
        assert PAYLOADS["script"] in heading and PAYLOADS["img"] in heading and PAYLOADS["svg"] in heading
        assert PAYLOADS["script"] in page.locator(".md-nav__link").filter(has_text="Hostile").first.inner_text()
        # a {term:...} inside a title is a term link whose words are the (hostile) term name, as text
        in_title = page.locator("h2#trading a.rc-term[href$=\"#widget\"]")
        assert PAYLOADS["script"] in in_title.inner_text() and PAYLOADS["close"] in in_title.inner_text()
        # a Markdown link to javascript: keeps its words and loses its target; a safe link stays a link
        article = page.locator("article")
        assert article.get_by_text("click", exact=True).count() > 0
        assert all(a.get_attribute("href") is None for a in article.get_by_text("click", exact=True).all())
        assert article.locator('a[href="https://example.org/rules"]').count() > 0

        page.goto(f"{url}/hostile/icons/", wait_until="load")
        icons = page.locator("article").inner_text()
        assert PAYLOADS["script"] in icons and PAYLOADS["img"] in icons  # text and emoji glyphs, as text

        page.goto(f"{url}/hostile/glossary/", wait_until="load")
        assert PAYLOADS["script"] in page.locator("article h3#widget").inner_text()
        link = page.locator("article a.rc-term[href$=\"#widget\"]").first  # its short text is hostile
        link.hover()
        preview = page.locator(".rc-term-preview .rc-tp-short")
        preview.wait_for(state="visible", timeout=3000)
        shown = preview.inner_text()  # the tooltip shows the short definition as text (its plain words:
        assert "<script>window." in shown and '<img src=x onerror="window.' in shown  # '__' reads as emphasis)

        page.goto(f"{url}/hostile/dice/", wait_until="load")
        faces = page.locator("#faces").locator("xpath=ancestor-or-self::div[contains(@class, 'rc-dice')][1]")
        data = json.loads(faces.get_attribute("data-rc-dice"))  # the JSON the script reads, intact
        assert [f["glyph"] for f in data["faces"]] == [DICE["dice"][0]["faces"][0]["glyph"], PAYLOADS["svg"]]
        faces.locator(".rc-roll-btn").click()
        rolled = faces.locator(".rc-out").inner_text()
        assert "window.__pwned=1" in rolled and ("<img src=x" in rolled or "<svg onload" in rolled)  # as text

        page.goto(f"{url}/hostile/changes/", wait_until="load")
        assert V2 in page.locator("article").inner_text()
        assert page.evaluate("window.__pwnedHits") == [] and not dialogs
    finally:
        context.close()


# --- what the checker refuses ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["javascript:window.__pwned=1", " JaVaScRiPt:window.__pwned=1",
                                  "java\tscript:window.__pwned=1", "&#106;avascript:window.__pwned=1",
                                  "data:image/svg+xml,<svg onload=window.__pwned=1>", "https://example.org/x.svg",
                                  "//example.org/x.svg", "/img/x.svg"])
def test_image_glyph_must_be_a_relative_path(tmp_path, path):
    game = tmp_path / "hostile"
    game.mkdir()
    (game / "game.yaml").write_text('id: hostile\ntitle: H\nversion: "1"\nsummary: S.\n', encoding="utf-8")
    (game / "icons.yaml").write_text("icons:\n  - id: pic\n    label: Picture\n    meaning: A picture.\n"
                                     f"    glyph: {{image: {json.dumps(path)}}}\n", encoding="utf-8")
    errors = check_path(game).errors
    assert [p.code for p in errors] == ["schema-value-error"], [p.format() for p in errors]
    assert "relative path inside docs/" in errors[0].message
    assert errors[0].location.line == 5  # the glyph's line


# An SVG whose nested <use> elements draw 10**6 rectangles, in under 3 KB: WeasyPrint has no limit.
NESTED_USE_URI = nested_use_svg_uri(6)
UNBOUNDED = {  # text the checker refuses before any renderer sees it: (payload, code)
    "img-data-svg": (f'<img alt="ship" src="{NESTED_USE_URI}">', "data-uri"),
    "markdown-image-data": (f"![ship]({NESTED_USE_URI})", "data-uri"),
    "data-link": ("[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "data-uri"),
    "nested-emphasis": ("Deep " + "*" * 6000 + "x" + "*" * 6000, "markdown-too-deep"),
    "bracket-run": ("Deep " + "[" * 5000, "markdown-too-deep"),
    "nested-lists": ("- " * 30 + "deep", "markdown-too-deep"),
    "nested-quotes": (">" * 100 + " deep", "markdown-too-deep"),
}


@pytest.mark.parametrize("field", ["card-text", "component-description", "dice-result"])
@pytest.mark.parametrize("name", sorted(UNBOUNDED))
def test_unbounded_text_is_refused_at_its_line(tmp_path, name, field):
    payload, code = UNBOUNDED[name]
    cards, game, dice = json.loads(json.dumps(CARDS)), json.loads(json.dumps(GAME)), json.loads(json.dumps(DICE))
    if field == "card-text":
        cards["decks"][0]["cards"][1]["text"] = payload
    elif field == "component-description":
        game["components"][1]["description"] = payload
    else:
        dice["tables"][0]["rows"][1]["result"] = payload
    files = project_files()
    dump = lambda data: yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100_000)  # noqa: E731
    files.update({"rules_data/hostile/cards.yaml": dump(cards), "rules_data/hostile/game.yaml": dump(game),
                  "rules_data/hostile/dice.yaml": dump(dice)})
    project = make_project(tmp_path / "project", files=files)
    errors = check_path(project / "rules_data", project / "docs").errors
    assert [p.code for p in errors] == [code], [p.format() for p in errors]
    file = {"card-text": "cards", "component-description": "game", "dice-result": "dice"}[field]
    text = (project / f"rules_data/hostile/{file}.yaml").read_text(encoding="utf-8")
    assert errors[0].location.file.endswith(f"{file}.yaml")
    assert errors[0].location.line == text.count("\n", 0, text.index(payload[:30])) + 1


# --- the sanitizer on its own (no site build) ------------------------------------------------------


def convert(text: str) -> str:
    import markdown

    from rulecraft.markdown_ext import RulecraftExtension

    md = markdown.Markdown(extensions=["attr_list", "toc", RulecraftExtension(rules_data="rules_data")])
    return md.convert(text)


@pytest.mark.parametrize("text", [
    "[a](javascript:window.__pwned=1)", "[a](JaVaScRiPt:window.__pwned=1)", "[a]( javascript:window.__pwned=1)",
    "[a](&#106;avascript:window.__pwned=1)", "[a](&#x6A;avascript:window.__pwned=1)",
    "[a](<javascript:window.__pwned=1>)", "[a][r]\n\n[r]: javascript:window.__pwned=1",
    "![i](javascript:window.__pwned=1)", "[a](vbscript:msgbox(1))", "[a](data:text/html,<script>x</script>)",
    "[a](x){: href=\"javascript:window.__pwned=1\" }", "Text\n{: onclick=\"window.__pwned=1\" }",
    "*x*{: onmouseover=\"window.__pwned=1\" }", "# Title {: onclick=\"window.__pwned=1\" }",
    "![dot](data:image/png;base64,iVBORw0KGgo=)", f"![ship]({NESTED_USE_URI})",  # pictures are files
])
def test_sanitizer_drops_script_urls_and_handlers(text):
    out = convert(text)
    assert not unsafe_markup(out), out  # the link's words stay, its target goes


@pytest.mark.parametrize("text, kept", [
    ("[rules](https://example.org/r)", 'href="https://example.org/r"'),
    ("[mail](mailto:a@example.org)", 'href="mailto:a@example.org"'),
    ("[page](../turn.md#trade)", 'href="../turn.md#trade"'),
    ("[anchor](#trade)", 'href="#trade"'),
    ("![pic](img/ship.svg)", 'src="img/ship.svg"'),
])
def test_sanitizer_keeps_ordinary_links_and_images(text, kept):
    assert kept in convert(text)


# --- issue 17: attributes from data, one allowlist (checked against nh3), imported rulebooks -------------


def _blocks(html_text: str):
    from bs4 import BeautifulSoup

    return BeautifulSoup(html_text, "html.parser").select(".rc-block")


@pytest.mark.site
def test_data_sets_no_id_style_or_attribute(hostile_site):
    """Case 2: `*x*{: id=... }`, `{: style=... }`, `{ hidden }` in YAML text are shown as text, never applied."""
    seen = 0
    for path in built_pages(hostile_site):
        file = hostile_site / (path + "index.html" if not path.endswith(".html") else path)
        text = file.read_text(encoding="utf-8")
        from bs4 import BeautifulSoup

        soup = BeautifulSoup(text, "html.parser")
        assert not soup.select("#rulecraftSeed, #para-id"), path
        for block in _blocks(text):
            for el in block.find_all(True):
                style = el.get("style")
                assert style is None or style.startswith("--rc-"), (path, el.name, style)
                if el.name == "em" and el.get_text() in ("seeded", "gone", "c"):
                    assert not el.attrs, (path, str(el)[:80])  # emphasis from data: no attributes
                if el.name == "a" and el.get_text() == "x":
                    assert set(el.attrs) == {"href"}, (path, str(el)[:80])
        seen += soup.get_text().count('{: id="rulecraftSeed" }')
    assert seen >= 5  # the attribute lists read as the text that was written


@pytest.mark.site
def test_every_block_is_a_fixed_point_of_nh3_with_the_same_policy(hostile_site):
    """The runtime allowlist (a walk over the tree) is as strict as nh3/ammonia with the same policy:
    nh3 finds nothing more to remove in any Rulecraft block of any page."""
    import nh3
    from bs4 import BeautifulSoup

    from rulecraft.markdown_ext.sanitize import POLICY, STYLE_RE

    attributes = {"*": set(POLICY["attributes"]) | {"style"}}
    for tag, names in POLICY["tag_attributes"].items():
        attributes[tag] = set(names)
    prefixes = set(POLICY["prefixes"])

    def canonical(fragment: str) -> Counter:
        """Every element with its attributes (nh3 knows no attribute prefixes: those are left out). A
        multiset, not the markup: nh3 re-parses like a browser and moves a nested <a> out of its parent,
        which removes nothing."""
        elements: Counter = Counter()
        for el in BeautifulSoup(fragment, "html.parser").find_all(True):
            attrs = {k: " ".join(v) if isinstance(v, list) else v for k, v in el.attrs.items()
                     if not k.startswith(tuple(prefixes))}
            elements[(el.name, tuple(sorted(attrs.items())))] += 1
        return elements

    checked = 0
    for path in built_pages(hostile_site):
        file = hostile_site / (path + "index.html" if not path.endswith(".html") else path)
        for block in _blocks(file.read_text(encoding="utf-8")):
            for el in block.find_all(True):  # the one style a renderer writes, checked by its own rule
                if el.get("style"):
                    assert STYLE_RE.match(el["style"]), el["style"]
                    del el["style"]
            fragment = str(block)
            cleaned = nh3.clean(fragment, tags=set(POLICY["tags"]), attributes=attributes,
                                url_schemes=set(POLICY["schemes"]), link_rel=None, strip_comments=True)
            assert canonical(cleaned) == canonical(fragment), path
            checked += 1
    assert checked >= 10


EVIL_HTML = """<html><body><h1>Evil Game</h1>
<p>Hello &lt;img src=x onerror=window.__pwned=1&gt; and &lt;script&gt;window.__pwned=1&lt;/script&gt;,
<a href="https://example.org/a){: onclick=window.__pwned=1 }">a link</a> and text{: onclick="window.__pwned=1" }.</p>
<h2>Setup</h2><ul><li>Take &lt;img src=x onerror=window.__pwned=1&gt; coins</li></ul>
<h2>Notes</h2><p>&lt;svg onload=window.__pwned=1&gt; and <scr<b>ipt>window.__pwned=1</script></p>
</body></html>
"""
EVIL_MD = """# Evil Game

Hello &lt;img src=x onerror=window.__pwned=1&gt; and <scr<b>ipt>window.__pwned=1</script>
and &lt;script&gt;window.__pwned=1&lt;/script&gt; now.

## Notes

- Take &lt;svg onload=window.__pwned=1&gt; coins
"""


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("name, text", [("evil.html", EVIL_HTML), ("evil.md", EVIL_MD)])
def test_imported_escaped_markup_stays_text_in_chromium(tmp_path, browser_site, name, text):
    """Case 1: a rulebook whose text holds escaped markup is imported as text; built, nothing runs."""
    from rulecraft.cli.main import main

    project = make_project(tmp_path / "project")
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    assert main(["import", str(source), "--out", str(project), "--id", "evil"]) in (0, 1)
    prose = (project / "docs/evil").glob("*.md")
    written = "".join(path.read_text(encoding="utf-8") for path in prose)
    assert "<img" not in written and "<script" not in written and "<svg" not in written, written
    built = build(project, strict=False)
    assert built.returncode == 0, built.stdout + built.stderr
    site = project / "site"
    assert not unsafe_markup((site / "evil/index.html").read_text(encoding="utf-8"))
    _, browser = browser_site  # one Playwright per thread: the module's browser
    with serve(site) as url:
        dialogs: list[str] = []
        context, page = open_page(browser, f"{url}/evil/", dialogs)
        try:
            body = page.inner_text("article")
            assert page.evaluate("window.__pwnedHits") == [] and not dialogs
            assert page.evaluate(DOM_AUDIT) == []
            assert "<img src=x onerror=window.__pwned=1>" in body  # what the rulebook showed, as text
        finally:
            context.close()


@pytest.mark.site
@pytest.mark.parametrize("template, message", [
    ("https://example.org/edit/{branch}/{path}", "unknown placeholder {branch}"),
    ("javascript:alert(1)//{path}", "must be an http:// or https:// address"),
    ('https://example.org/e/{path}#" onmouseover="window.__pwned=1', "quotes"),
    ("https://example.org/e/{path", "edit_url:"),
])
def test_edit_url_is_validated_at_config_time(tmp_path, template, message):
    """Case 9: a bad edit_url is a configuration error naming the problem, not a KeyError traceback."""
    project = make_project(tmp_path / "project", ("corporate-warfare",),
                           plugin_extra=f"edit_url: {json.dumps(template)}")
    built = build(project, strict=False)
    output = built.stdout + built.stderr
    assert built.returncode == 1 and message in output and "Traceback" not in output, output


@pytest.mark.site
def test_edit_url_path_is_escaped(tmp_path):
    from sitekit import page

    project = make_project(tmp_path / "project", ("corporate-warfare",),
                           plugin_extra='edit_url: "https://example.org/e/main/{path}?x=1&y=2"')
    built = build(project, strict=False)
    assert built.returncode == 0, built.stdout + built.stderr
    edit = page(project / "site", "corporate-warfare/turn/").select_one("a[rel=edit]")
    assert edit["href"] == "https://example.org/e/main/rules_data/corporate-warfare/phases.yaml?x=1&y=2"


@pytest.mark.site
def test_unknown_reference_kind_fails_the_build_with_its_line(tmp_path):
    """Case 6: `{phsae:...}` and `{sectoin:...}` used to print literally; `{section:id}` links."""
    game = {"rules_data/demo/game.yaml": """\
        id: demo
        title: Demo
        version: "1.0"
        summary: See {section:trading}.
        sections:
          - id: trading
            title: Trading rules
            text: Trade.
        """, "rules_data/demo/phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Then {phsae:trade}, see {section:trading}.
        """}
    project = make_project(tmp_path / "project", files=game)
    built = build(project, strict=False)
    output = built.stdout + built.stderr
    assert built.returncode == 1, output
    assert "phases.yaml:4:" in output and "unknown reference kind 'phsae'" in output
    assert "did you mean {phase:...}?" in output
    fixed = (project / "rules_data/demo/phases.yaml").read_text().replace("{phsae:trade}", "{phase:trade}")
    (project / "rules_data/demo/phases.yaml").write_text(fixed)
    built = build(project, strict=False)
    assert built.returncode == 0, built.stdout + built.stderr
    from sitekit import page

    link = page(project / "site", "demo/turn/").select_one("a.rc-section-ref")
    assert link.get_text() == "Trading rules" and link["href"].endswith("#trading")
