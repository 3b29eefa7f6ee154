"""The same site under the other engines (README: Engines): ProperDocs builds mkdocs.yml as it is;
Zensical builds it after `rulecraft pages`. Every game's generated pages must be there with their
content, every link must land, and the two engines must render the same rules and glossary links.

The engines come with `./dev test` (the `engines` extra); on CI a missing engine fails, elsewhere it skips.
The browser side (Roll buttons, previews under Zensical) is tests/browser/test_engines_browser.py.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from sitekit import REPO, copy_repo_project, engine, page, run_engine

from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index
from rulecraft.pages import pages_for_game
from rulecraft.pages.assets import HEAD_SCRIPTS, PAGE_STYLESHEETS, styles_and_scripts
from rulecraft.render.cheatsheet import FIT_START

pytestmark = pytest.mark.site

BOOK = load_rulebook(REPO / "rules_data")
GAMES = sorted(BOOK.games)
URLS = {"overview": "", "turn": "turn/", "dice": "dice/", "cards": "cards/", "icons": "icons/", "catalog": "catalog/",
        "glossary": "glossary/", "cheatsheet": "cheatsheet/", "changes": "changes/", "status": "status/",
        "play": "play/", "tables": "tables/", "formulas": "formulas/", "faq": "faq/"}
ENGINES = ["properdocs", "zensical"]


@pytest.fixture(scope="module")
def properdocs_site(tmp_path_factory) -> Path:
    """Built from a copy of the sources, as ``zensical_site`` is: the two engines must get the same input.
    (The cheat sheet's "rules data of" date comes from git history, which a copy has not; its words count
    in the page's budget of term links, so a site built from the checkout links other mentions.)"""
    project = copy_repo_project(tmp_path_factory.mktemp("properdocs") / "project")
    site = project / "site"
    result = run_engine([engine("properdocs"), "build", "--strict", "-d", str(site)], project)
    assert result.returncode == 0, result.stderr
    return site


@pytest.fixture(params=ENGINES)
def site(request) -> Path:
    return request.getfixturevalue(f"{request.param}_site")


class Pages:
    """Parsed pages of one built site, each parsed once."""

    def __init__(self, root: Path):
        self.root, self.cache = root, {}

    def __call__(self, url: str):
        if url not in self.cache:
            self.cache[url] = page(self.root, url)
        return self.cache[url]

    def resolve(self, from_url: str, href: str) -> tuple[str, str] | None:
        """(site URL of the target page, fragment) of a link inside the site; None for other links."""
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
            return None
        if not parts.path:
            return from_url, parts.fragment
        target = posixpath.normpath(posixpath.join(from_url or ".", parts.path))
        target = "" if target == "." else target
        if parts.path.endswith("/") and target:
            target += "/"
        return target, parts.fragment


def assert_links_land(pages: Pages, url: str) -> None:
    """Every link of the page's article reaches a built file, and the element its fragment names."""
    soup = pages(url)
    for a in soup.select("article a[href]"):
        href = a["href"]
        resolved = pages.resolve(url, href)
        if resolved is None:
            continue
        target, fragment = resolved
        path = pages.root / target
        if target.endswith("/") or target == "":
            path = path / "index.html"
        assert path.is_file(), f"{url}: link {href!r} leads nowhere"
        if fragment and path.suffix == ".html":
            assert pages(target).find(id=fragment) is not None, f"{url}: link {href!r}: no #{fragment} there"


def article(soup):
    found = soup.select_one("article")
    assert found is not None
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_generated_page_is_built_with_its_content(request, site, game_id):
    pages = Pages(site)
    zensical = request.node.callspec.params["site"] == "zensical"
    game = BOOK.games[game_id]
    index = build_index(game)
    for key in pages_for_game(game):
        url = f"{game_id}/{URLS[key]}"
        assert (site / url / "index.html").is_file(), f"{url} was not built"
        body = article(pages(url))
        assert body.select(".rc-block"), f"{url} rendered no Rulecraft block"
        assert not body.select(".rc-error, .rc-missing"), f"{url} shows a rendering error"
        for link in body.select("a.rc-term"):
            assert link.get("title"), f"{url}: glossary link {link.get_text()!r} has no preview text"
        assert_links_land(pages, url)
        whole = pages(url)
        for asset in styles_and_scripts():
            if zensical and asset.name in HEAD_SCRIPTS:
                # Material-only: they adapt Material's search before its bundle loads (README: Engines)
                assert not whole.select(f'script[src$="rulecraft/{asset.name}"]'), f"{url} loads {asset.name}"
                continue
            tag = "link" if asset.suffix == ".css" else "script"
            attr = "href" if tag == "link" else "src"
            linked = [t[attr] for t in whole.select(f"{tag}[{attr}]") if t[attr].endswith(f"rulecraft/{asset.name}")]
            assert linked, f"{url} does not load {asset.name}"
            if asset.name in HEAD_SCRIPTS:  # before Material's bundle, which creates the search worker they wrap
                assert whole.head.select(f'script[src$="rulecraft/{asset.name}"]'), f"{url}: {asset.name} not in <head>"
            assert (site / posixpath.normpath(posixpath.join(url, linked[0]))).is_file()
        # A page's own stylesheets (the cheat sheet's) are linked by that page alone, without script.
        own = [t["href"] for t in whole.select("link[rel=stylesheet][href]") if posixpath.basename(t["href"])
               in PAGE_STYLESHEETS]
        if key in ("cheatsheet", "play"):  # the sheet's and the play view's stylesheets
            assert own == [f"../../assets/rulecraft/{'cheatsheet' if key == 'cheatsheet' else 'play'}.css"], (url, own)
            assert (site / posixpath.normpath(posixpath.join(url, own[0]))).is_file()
        else:
            assert not own, (url, own)
    if game.phases:
        body = article(pages(f"{game_id}/turn/"))
        shown = {h.get("id"): h.get_text(" ", strip=True).replace("¶", "").strip()
                 for h in body.select("h2[id], h3[id], h4[id], h5[id]")}
        for node in index.numbered:
            assert shown.get(node.id, "").startswith(f"{node.number}. "), (node.id, shown.get(node.id))
        assert len(body.select("ol.rc-sequence li")) >= len(index.phases)
    if game.tables:
        body = article(pages(f"{game_id}/dice/"))
        for table_id in index.tables:
            box = body.find(id=table_id).find_parent(class_="rc-dice")
            assert box is not None, table_id
            odds = [td.get_text(" ", strip=True) for td in box.select("tbody td.rc-odds")]
            die = index.dice.get(index.tables[table_id].custom_die or "")
            if die is not None and not die.has_odds:
                # face counts unknown: the results and the reason, never a roll or chances made up
                assert not box.select(".rc-roll-btn") and not odds, table_id
                reason = box.select_one(".rc-no-odds")
                assert reason is not None and reason.get_text().removeprefix("No chances shown:").strip(), table_id
                assert box.select("tbody tr.rc-row"), table_id
                continue
            assert box.select_one(".rc-roll-btn").get_text().startswith("Roll"), table_id
            assert odds and all(re.search(r"\d", text) for text in odds), (table_id, odds)
    if game.terms:
        body = article(pages(f"{game_id}/glossary/"))
        for term_id in index.terms:
            assert body.find(id=term_id) is not None, term_id
    sheet = article(pages(f"{game_id}/cheatsheet/"))
    assert sheet.select(".rc-block--cheatsheet"), game_id
    if game.phases:
        assert sheet.select("ol.rc-sheet-sequence li")


def term_links(soup) -> list[tuple[str, str, str]]:
    return [(a["href"], a.get_text(), a.get("title", "")) for a in article(soup).select("a.rc-term")]


_FIT_CLASS_RE = re.compile(r"rc-columns-\d")


def without_verified_fit(soup, kept_units: set[str] | None = None):
    """The cheat sheet of ``soup`` (changed in place) without what only the PDF step of MkDocs and ProperDocs
    writes into it (README: Engines): the verified fit (columns class, size and spacing style) instead of
    the estimate (and without the estimate's fit for the PDF, where its search starts, and its drop order), pictures for emoji
    (and their credit), the download links in place of their empty slot, and units the fit left out (``kept_units``:
    the ids of the units the other page kept). Returns the sheet."""
    sheet = article(soup).select_one(".rc-block--cheatsheet, .rc-block--cheatsheet-variant")
    fitted = sheet.select_one(".rc-cheatsheet")
    assert any(_FIT_CLASS_RE.fullmatch(c) for c in fitted["class"]) and "--rc-fs:" in fitted.get("style", "")
    fitted["class"] = [c for c in fitted["class"] if not _FIT_CLASS_RE.fullmatch(c)]
    del fitted["style"]
    if FIT_START in fitted.attrs:
        del fitted[FIT_START]
    for attr in ("data-rc-drop",):  # the order the fit leaves units out in, for the PDF step (which removes it)
        if attr in fitted.attrs:
            del fitted[attr]
    for picture in sheet.select("img.rc-icon--emoji"):
        picture.replace_with(picture["alt"])
    for credit in sheet.select(".rc-sheet-credit"):
        credit.decompose()
    for actions in sheet.select(".rc-sheet-actions"):
        for slot in actions.select(".rc-sheet-pdf, a.rc-sheet-download"):
            slot.decompose()
        for text in actions.find_all(string=True, recursive=False):
            if not text.strip():
                text.extract()
    if kept_units is not None:
        for unit in sheet.select('[id^="sheet-"]'):
            if unit["id"] not in kept_units:
                unit.decompose()
    return sheet


@pytest.mark.parametrize("game_id", GAMES)
def test_zensical_renders_the_same_rules_and_links_as_properdocs(properdocs_site, zensical_site, game_id):
    for key in pages_for_game(BOOK.games[game_id]):
        url = f"{game_id}/{URLS[key]}"
        made_by_mkdocs, made_by_zensical = page(properdocs_site, url), page(zensical_site, url)
        if key == "cheatsheet":  # the same sheet once the PDF step's changes are set aside
            sheet = without_verified_fit(made_by_mkdocs)
            kept = {unit["id"] for unit in sheet.select('[id^="sheet-"]')}
            assert str(without_verified_fit(made_by_zensical, kept)) == str(sheet), url
        assert term_links(made_by_zensical) == term_links(made_by_mkdocs), url
        ids = [el["id"] for el in article(made_by_mkdocs).select(".rc-block [id]")]
        assert [el["id"] for el in article(made_by_zensical).select(".rc-block [id]")] == ids, url
        assert made_by_zensical.title.get_text() == made_by_mkdocs.title.get_text()


def test_the_home_and_the_navigation_list_every_game(site):
    home = article(page(site, ""))
    for game in BOOK.games.values():
        assert home.find("a", href=re.compile(rf"^{re.escape(game.id)}/")), game.id
    nav = page(site, "john-company/turn/").select_one("nav.md-nav--primary")
    titles = nav.get_text(" ", strip=True)
    for game in BOOK.games.values():
        assert game.title in titles
    assert "Authoring guide" in titles or "authoring" in str(nav)


def test_what_only_mkdocs_and_properdocs_do(properdocs_site, zensical_site):
    """Post-build steps (README: Engines): glossary "Used in" lists and the cheat-sheet PDFs. Under
    Zensical the glossary keeps its empty, invisible slots and the cheat sheet links no PDF."""
    filled = page(properdocs_site, "john-company/glossary/").select(".rc-backlinks-title")
    assert filled and filled[0].get_text() == "Used in"
    assert (properdocs_site / "john-company" / "cheatsheet.pdf").is_file()
    glossary = page(zensical_site, "john-company/glossary/")
    assert not glossary.select(".rc-backlinks-title")
    assert all(not slot.get_text(strip=True) for slot in glossary.select(".rc-backlinks"))
    assert not (zensical_site / "john-company" / "cheatsheet.pdf").exists()
    assert not page(zensical_site, "john-company/cheatsheet/").select('a[href$=".pdf"]')


# --- variants (the fixture game tests/data/variants/isle) -------------------------------------------------

ISLE = load_rulebook(REPO / "tests" / "data" / "variants").games["isle"]


def _variant_markup(soup) -> dict:
    """What the variant switch works on: its slot, the badges, the elements it hides and the numbers it swaps."""
    body = soup.select_one("article")
    return {
        "slot": [(e.name, e.get("hidden"), e.get("data-rc-game"), e.get("data-rc-variants"))
                 for e in soup.select(".rc-variants")],
        "badges": [(" ".join(b.get_text(" ", strip=True).split()), b.get("title")) for b in body.select(".rc-badge")],
        "hidden by": [(e.name, e.get("data-rc-variant")) for e in body.select("[data-rc-variant]")],
        "numbers": [(e.get_text(), e.get("data-rc-vals")) for e in body.select("[data-rc-vals]")],
        "fixed": [e.get("data-rc-fixed") for e in body.select("[data-rc-fixed]")],
        "ids": [e["id"] for e in body.select(".rc-block [id]")],
    }


def test_zensical_shows_variants_as_mkdocs_does(variants_site, zensical_variants_site):
    sheets = [f"cheatsheet-{v}/" for v in ISLE.info.cheatsheet.variants]
    urls = [f"isle/{URLS[key]}" for key in pages_for_game(ISLE)] + [f"isle/{s}" for s in sheets]
    assert {"isle/catalog/", "isle/cheatsheet-monsters/"} <= set(urls)
    for url in urls:
        made_by_mkdocs, made_by_zensical = page(variants_site, url), page(zensical_variants_site, url)
        markup = _variant_markup(made_by_mkdocs)
        assert _variant_markup(made_by_zensical) == markup, url
        if url.endswith("/cheatsheet/") or any(url.endswith(s) for s in sheets):
            assert not markup["slot"] and markup["fixed"], url  # a sheet is one way to play: no switch
            sheet = without_verified_fit(made_by_mkdocs)
            kept = {unit["id"] for unit in sheet.select('[id^="sheet-"]')}
            assert str(without_verified_fit(made_by_zensical, kept)) == str(sheet), url
        else:
            assert markup["slot"] == [("div", "hidden", "isle", markup["slot"][0][3])], url
        # the switch's script is loaded by player.js where a slot is, under either engine: never linked
        for made in (made_by_mkdocs, made_by_zensical):
            assert not made.select('script[src$=".lazy.js"]'), url
    overview = _variant_markup(page(zensical_variants_site, "isle/"))
    assert ("Variant: Monsters add-on", "Monsters roam the island.") in overview["badges"]
    assert ("17", '{"long-game":"20"}') in overview["numbers"]
    nav = [a.get_text(strip=True) for a in page(zensical_variants_site, "isle/").select(".md-nav__link")]
    sheet = nav.index("Cheat sheet")
    assert nav[sheet + 1:sheet + 3] == ["Cheat sheet: Long game", "Cheat sheet: Monsters add-on"]
    monsters = page(zensical_variants_site, "isle/cheatsheet-monsters/")
    assert monsters.select("#sheet-phase-monsters-move") and monsters.select("#sheet-item-trap")
    assert "a player has 20 fame" in page(zensical_variants_site, "isle/cheatsheet-long-game/").select_one(
        ".rc-sheet-end").get_text()
