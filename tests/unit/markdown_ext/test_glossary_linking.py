"""Automatic glossary links: matcher rules on rendered Markdown, skips, namespaces, shared glossaries,
explicit references and opt-outs, backlink mentions, the unused-term check, and a built site."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import mdkit
import pytest
import sitekit
from bs4 import BeautifulSoup
from mkdocs.config import load_config

from rulecraft.checks import check_path
from rulecraft.markdown_ext import RulecraftExtension
from rulecraft.markdown_ext.termlinks import without_term_links
from rulecraft.mkdocs_plugin.search import only_search_between
from rulecraft.models.textrefs import linkable_text
from rulecraft.render.base import linked_term

JC_TERMS = """\
    terms:
      - id: company
        term: Company
        aliases: [the John Company]
        plurals: [Companies]
        short: The **trading** company everyone runs; see {term:standing}.
      - id: standing
        term: Company Standing
        aliases: [Standing]
        short: How well the Company is doing.
      - id: office
        term: Office
        plurals: [Offices]
        short: A job held by a family member.
        definition: An Office is held until retirement; every Office has a card.
        see_also: [company]
      - id: vp
        term: VP
        aliases: [Victory Points]
        short: What wins the game.
      - id: cut
        term: Director's Cut
        short: A share of the spoils.
      - id: face-up
        term: face-up
        short: Shown to everyone.
    """

CW_TERMS = """\
    terms:
      - id: department
        term: Department
        plurals: [Departments]
        short: One of four parts of a corporation.
    """

SHARED = """\
    terms:
      - id: round
        term: Game Round
        aliases: [Round]
        plurals: [Rounds]
        short: One pass through every phase.
    """


def game_yaml(game_id: str, title: str, glossaries: str = "") -> str:
    return f"id: {game_id}\ntitle: {title}\nversion: '1.0'\nsummary: A test game.\n{glossaries}"


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """Two games (jc, cw) sharing one glossary (_shared/common.yaml)."""
    root = tmp_path / "rules_data"
    files = {
        "jc/game.yaml": game_yaml("jc", "John Company", "glossaries: [common]\n"),
        "jc/terms.yaml": JC_TERMS,
        "cw/game.yaml": game_yaml("cw", "Corporate Warfare", "glossaries: [common]\n"),
        "cw/terms.yaml": CW_TERMS,
        "_shared/common.yaml": SHARED,
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def render(rules: Path, text: str, game: str = "jc", page: str | None = None, glossary_url: str | None = None,
           **config) -> tuple[BeautifulSoup, RulecraftExtension]:
    # These tests are about matching, on sentences far shorter than the reading-density budget allows
    # a link for: no budget here unless a test sets one (tests/unit/markdown_ext/test_link_density.py).
    config.setdefault("link_spacing", 0)
    return mdkit.render(rules, text, game=game, page=page, glossary_url=glossary_url, **config)


def term_id(a) -> str:
    """The term a glossary link points to: its href fragment (a term's anchor is its id)."""
    return a["href"].rpartition("#")[2]


def links(soup: BeautifulSoup) -> list[tuple[str, str]]:
    return [(a.get_text(), term_id(a)) for a in soup.select("a.rc-term")]


def linked(rules: Path, text: str, **kwargs) -> list[tuple[str, str]]:
    return links(render(rules, text, **kwargs)[0])


# --- matching ----------------------------------------------------------------------------------------


def test_longest_match_wins(rules):
    assert linked(rules, "Your Company Standing rises; the Company pays.") == [
        ("Company Standing", "standing"), ("Company", "company")]


def test_a_verb_of_motion_makes_round_an_adverb_not_the_term(rules):
    assert linked(rules, "Bidding goes round until all but one have passed.") == []
    assert linked(rules, "Hand round the cards; play passes round, then turn round.") == []
    assert linked(rules, "At the end of the Round, bidding comes round again.") == [("Round", "round")]


def test_whole_words_only(rules):
    assert linked(rules, "Companywide, xCompany, non-Company and Company-wide plans.") == []
    assert linked(rules, "(Company).") == [("Company", "company")]


def test_possessive_links_the_term_without_the_s(rules):
    soup, _ = render(rules, "The Company's debt.")
    assert links(soup) == [("Company", "company")]
    assert "Company</a>'s debt" in str(soup)


def test_case_rules(rules):
    assert linked(rules, "the COMPANY and 3 VP") == [("COMPANY", "company"), ("VP", "vp")]
    assert linked(rules, "the vp of sales, a Vp") == []
    assert linked(rules, "two victory points") == [("victory points", "vp")]


def test_aliases_plurals_and_separators(rules):
    assert linked(rules, "Two Offices. Standing. The Director’s Cut, placed face-up.") == [
        ("Offices", "office"), ("Standing", "standing"), ("Director’s Cut", "cut"), ("face-up", "face-up")]
    assert linked(rules, "placed face up") == []


def test_multi_word_terms_across_line_breaks(rules):
    assert linked(rules, "Your Company\nStanding rises.") == [("Company\nStanding", "standing")]


def test_first_mention_per_section_only_by_default(rules):
    text = """\
        The Company and the Company again. Another Company.

        - a Company in a list

        ## Next section

        The Company once more.
        """
    soup, _ = render(rules, text)
    assert [t for t, _ in links(soup)] == ["Company", "Company"]
    assert soup.select("h2 + p a.rc-term")
    soup, _ = render(rules, text, link_first_only=False)
    assert len(links(soup)) == 5


def test_link_attributes_for_the_preview(rules):
    soup, _ = render(rules, "The Company.", page="jc/rules/setup.md")
    (a,) = soup.select("a.rc-term")
    assert a["class"] == ["rc-term"]
    assert a["href"] == "../glossary.md#company"
    assert sorted(a.attrs) == ["class", "href", "title"]  # each attribute costs on thousands of links
    assert not a.has_attr("data-rc-term-name")  # the text is the name: glossary.js reads the text
    soup, _ = render(rules, "Two Companies.")
    assert soup.select_one("a.rc-term")["data-rc-term-name"] == "Company"  # plural: the name is given
    # The native title is the short definition as plain text: references resolved, Markdown marks dropped.
    assert a["title"] == "The trading company everyone runs; see Company Standing."


def test_final_urls_when_the_plugin_gives_the_glossary_url(rules):
    soup, _ = render(rules, "The Company.", glossary_url="../glossary/")
    assert soup.select_one("a.rc-term")["href"] == "../glossary/#company"


def test_matcher_edge_cases():
    from rulecraft.models.term_matcher import TermMatcher

    matcher = TermMatcher([("seat of power", "seat", None), ("Seat", "chair", None), ("Straße", "street", None),
                           ("don", "don", None), ("Company", "company", None)])

    def found(text):
        return [(text[m.start:m.end], m.term_id) for m in matcher.find(text)]

    # A longer word is tried only when the next word can continue it; the shorter one still matches.
    assert found("the seat of power, a seat of honour") == [("seat of power", "seat"), ("seat", "chair")]
    # Case folding that changes the length (ß -> ss) keeps the offsets of the original text.
    assert found("Die STRASSE, die Straße und die Company") == [
        ("STRASSE", "street"), ("Straße", "street"), ("Company", "company")]
    # Apostrophes join words: "don't" is not "don"; only the possessive 's is split off.
    assert found("don't, Company’s, Company's") == [("Company", "company"), ("Company", "company")]


# --- where links never go ----------------------------------------------------------------------------


def test_never_in_headings_code_links_or_images(rules):
    text = """\
        # The Company

        ## Company Standing

        Use `Company` here, [the Company](other.md) there, ![Company](c.png "Company") and <a href="x">Company</a>.

        ```
        Company
        ```

            Company (indented code)
        """
    soup, _ = render(rules, text)
    assert links(soup) == []
    img = soup.select_one("img")
    assert img["alt"] == "Company" and img["title"] == "Company"
    assert soup.select_one("p a[href=x]").get_text() == "Company"


def test_never_in_admonition_titles_or_opt_outs(rules):
    text = """\
        !!! note "Company rules"
            The body names an Office.

        Keep {plain:Company} plain, but link the Company Standing.
        """
    soup, _ = render(rules, text)
    assert links(soup) == [("Office", "office"), ("Company Standing", "standing")]
    assert soup.select_one(".admonition-title").get_text() == "Company rules"
    assert soup.select_one("span.rc-plain").get_text() == "Company"


def test_raw_html_inline_link_content_stays_unlinked(rules):
    soup, _ = render(rules, 'See <a href="x">the Company and an Office</a>, then the Office.')
    assert links(soup) == [("Office", "office")]
    assert soup.select_one("a[href=x]").get_text() == "the Company and an Office"


def test_definition_of_a_term_never_links_itself(rules):
    soup, _ = render(rules, "/// glossary\n///\n")
    entry = soup.select_one('[data-term="office"]')
    assert entry.select_one("h3").get_text() == "Office"
    assert [term_id(a) for a in entry.select("a.rc-term")] == []  # "Office" in its own text
    company = soup.select_one('[data-term="company"]')
    assert [term_id(a) for a in company.select("a.rc-term")] == ["standing"]  # explicit reference
    # A definition list whose <dt> names a term: its <dd> does not link that term.
    soup, _ = render(rules, "Office\n:   An Office holds a Company job.\n")
    assert links(soup) == [("Company", "company")]


# --- explicit references ----------------------------------------------------------------------------


def test_explicit_reference_links_what_the_matcher_cannot_see(rules):
    soup, _ = render(rules, "The {term:company|trading house} pays.")
    (explicit,) = soup.select("a.rc-term")
    assert explicit.get_text() == "trading house" and explicit["class"] == ["rc-term"]
    assert explicit["href"] == "glossary.md#company"
    assert explicit["data-rc-term-name"] == "Company" and explicit["title"].startswith("The trading company")


def test_explicit_reference_counts_as_the_first_mention(rules):
    soup, _ = render(rules, "The {term:office} and an Office.")
    assert [(a.get_text(), a["class"]) for a in soup.select("a.rc-term")] == [("Office", ["rc-term"])]
    soup, _ = render(rules, "The {term:office} and an Office.", link_first_only=False)
    assert links(soup) == [("Office", "office"), ("Office", "office")]


def test_references_in_code_and_escaped_stay_literal(rules):
    soup, _ = render(rules, r"`{term:company}` and \{term:company}")
    assert links(soup) == []
    assert soup.select_one("code").get_text() == "{term:company}"


def test_unknown_explicit_reference_is_reported(rules):
    _, ext = mdkit.render(rules, "The {term:nope}.", game="jc", extensions=[], allow_problems=True)
    assert ext.state.problems == ["{term:nope}: unknown term 'nope'"]


# --- namespaces and shared glossaries ---------------------------------------------------------------


def test_terms_are_per_game(rules):
    text = "The Company has four Departments."
    assert linked(rules, text, game="jc") == [("Company", "company")]
    assert linked(rules, text, game="cw") == [("Departments", "department")]


def test_shared_glossary_links_in_every_game_that_uses_it(rules):
    for game in ("jc", "cw"):
        soup, _ = render(rules, "Each Round has phases.", game=game, page=f"{game}/rules.md")
        (a,) = soup.select("a.rc-term")
        assert a["href"] == "glossary.md#round"
        assert a["data-rc-term-name"] == "Game Round"


def test_pages_outside_any_game_are_left_alone(rules):
    soup, ext = render(rules, "The Company.", game="", page="about.md")
    assert links(soup) == [] and ext.state.mentions == []


def test_mentions_are_recorded_per_section_for_backlinks(rules):
    text = """\
        # Rules

        The Company.

        ## Offices {#offices}

        An Office of the Company; the {term:vp|points}.
        """
    _, ext = render(rules, text, page="jc/rules.md")
    assert ext.state.mentions == [("jc", "company", "jc/rules.md", ""), ("jc", "office", "jc/rules.md", "offices"),
                            ("jc", "company", "jc/rules.md", "offices"), ("jc", "vp", "jc/rules.md", "offices")]


def test_a_reference_to_another_games_term_is_that_games_mention(rules):
    soup, ext = render(rules, "The {term:cw:department} and the Company.", page="jc/rules.md")
    assert links(soup) == [("Department", "department"), ("Company", "company")]
    assert ext.state.mentions == [("cw", "department", "jc/rules.md", ""), ("jc", "company", "jc/rules.md", "")]


# --- the checker uses the same matcher and skips -----------------------------------------------------


def test_linkable_text_blanks_what_the_linker_skips():
    text = "# Gizmo\nA `Gizmo`, [Gizmo](x.md), {plain:Gizmo}, <a href=x>Gizmo</a>.\n```\nGizmo\n```\nA Widget."
    assert "Gizmo" not in linkable_text(text)
    assert "A Widget." in linkable_text(text)


def test_unused_term_check_follows_the_linker(rules, tmp_path):
    docs = tmp_path / "docs"
    (docs / "cw").mkdir(parents=True)
    (docs / "cw" / "notes.md").write_text("Keep {plain:Department} plain; `Department` is code.\n",
                                          encoding="utf-8")
    result = check_path(rules, docs)
    assert [p.message for p in result.problems if p.code == "unused-term" and p.game == "cw"] == [
        "term 'Department' (department) is never mentioned in the rules"]
    (docs / "cw" / "notes.md").write_text("Four Departments.\n", encoding="utf-8")
    result = check_path(rules, docs)
    assert not [p for p in result.problems if p.code == "unused-term" and p.game == "cw"]


# --- a real site --------------------------------------------------------------------------------------


PHASES = """\
    phases:
      - id: income
        name: Income
        rules: Each Office pays its holder. The Company Standing may fall.
      - id: war
        name: War
        rules: Departments fight; the Company pays for each Round of war.
      - id: scoring
        name: Scoring
        rules: Count what you earned.
        terms: [vp]
    """


@pytest.mark.site
def test_built_site_links_phase_pages_and_lists_backlinks(tmp_path):
    def dedent(text):
        return textwrap.dedent(text)

    project = sitekit.make_project(tmp_path / "project", files={
        "rules_data/jc/game.yaml": game_yaml("jc", "John Company", "glossaries: [common]\n"),
        "rules_data/jc/terms.yaml": dedent(JC_TERMS) + "  - id: unused-here\n    term: Bluff\n"
                                                       "    short: Not mentioned anywhere but here.\n",
        "rules_data/jc/phases.yaml": PHASES,
        "rules_data/_shared/common.yaml": SHARED,
        "docs/jc/notes.md": """\
            # Notes

            ## Standing {#standing-notes}

            Watch your Company Standing and your VP. The Director's Cut is face-up.
            """,
    }, plugin_extra="link_spacing: 0")  # short phases: every first mention, as the matcher finds them
    result = sitekit.build(project, strict=False)
    assert result.returncode == 0, result.stderr
    site = project / "site"

    turn = sitekit.page(site, "jc/turn/")
    income = turn.select_one("#income").find_parent("section")
    assert [(a.get_text(), a["href"]) for a in income.select("a.rc-term")] == [
        ("Office", "../glossary/#office"), ("Company Standing", "../glossary/#standing")]
    war = turn.select_one("#war").find_parent("section")
    assert [term_id(a) for a in war.select("a.rc-term")] == ["company", "round"]  # shared glossary
    assert not turn.select("h1 a.rc-term, h2 a.rc-term")
    # A phase's "Terms:" list is glossary links too (previews), and they count as mentions.
    (vp,) = turn.select_one("#scoring").find_parent("section").select(".rc-refs a.rc-term")
    assert (vp.get_text(), vp["href"], vp["title"]) == ("VP", "../glossary/#vp", "What wins the game.")

    glossary = sitekit.page(site, "jc/glossary/")
    letters = [a.get_text() for a in glossary.select("nav.rc-letters a")]
    assert letters == sorted(letters) and "O" in letters
    office = glossary.select_one('[data-term="office"]')
    forms = office.select_one("details.rc-forms")  # word forms folded away
    assert forms.select_one("summary").get_text() == "Also written" and "Offices" in forms.get_text()
    assert [a["href"] for a in office.select(".rc-see-also")] == ["#company"]
    used = office.select_one(".rc-backlinks")
    assert used.select_one(".rc-backlinks-title").get_text() == "Used in"
    assert [(a.get_text(), a["href"]) for a in used.select("a")] == [
        ("Turn sequence", "../turn/"), ("1. Income", "../turn/#income")]
    standing = glossary.select_one('[data-term="standing"] .rc-backlinks')
    # Pages in navigation order (the prose page comes after the turn sequence), each with its sections.
    assert [(a.get_text(), a["href"]) for a in standing.select("a")][:4] == [
        ("Turn sequence", "../turn/"), ("1. Income", "../turn/#income"),
        ("Notes", "../notes/"), ("Standing", "../notes/#standing-notes")]
    used_vp = glossary.select_one('[data-term="vp"] .rc-backlinks')
    assert [(a.get_text(), a["href"]) for a in used_vp.select("a")][:2] == [
        ("Turn sequence", "../turn/"), ("3. Scoring", "../turn/#scoring")]
    # A term nobody mentions has no "Used in" list; the checker warns about it.
    assert glossary.select_one('[data-term="unused-here"] .rc-backlinks') is None
    unused = [p.message for p in check_path(project / "rules_data", project / "docs").problems
              if p.code == "unused-term"]
    assert unused == ["term 'Bluff' (unused-here) is never mentioned in the rules"]
    # Backlinks are navigation, not content: they stay out of the search index.
    assert "Used in" not in (site / "search" / "search_index.json").read_text(encoding="utf-8")


def test_without_term_links_keeps_the_words_and_everything_else():
    html = ('<p>The <a class="rc-term" href="../glossary/#company" title="A &quot;firm&quot; &lt;b&gt;">Company'
            '</a> &amp; <a class="rc-term" data-rc-term-name="Office" href="#office" title="x">Offices</a>, '
            '<a href="https://example.org">a site</a>, <a class="rc-term" href="#vp" title="y"><em>VP</em></a>'
            ' and <a class="rc-term-title" href="#z">z</a>.</p>')
    assert without_term_links(html) == (
        '<p>The Company &amp; Offices, <a href="https://example.org">a site</a>, '
        '<a class="rc-term" href="#vp" title="y"><em>VP</em></a> and <a class="rc-term-title" href="#z">z</a>.</p>')
    assert without_term_links("<p>No links.</p>") == "<p>No links.</p>"


def test_linked_term_reads_the_fragment_of_a_glossary_link():
    from xml.etree.ElementTree import Element

    assert linked_term(Element("a", {"class": "rc-term", "href": "../glossary/#office"})) == "office"
    assert linked_term(Element("a", {"class": "rc-term", "href": "https://example.org/office"})) is None
    assert linked_term(Element("a", {"class": "rc-term", "href": "glossary/#"})) is None
    assert linked_term(Element("a", {"class": "other", "href": "#office"})) is None


HOOK = """\
import json
from pathlib import Path

seen = {}

def on_page_context(context, page, config, nav):
    seen[page.file.src_uri] = 'class="rc-term"' in page.content
    Path(config.config_file_path).with_name("seen.json").write_text(json.dumps(seen))
    return context
"""


def test_search_indexes_the_words_while_pages_keep_their_links(tmp_path):
    # The plugin hands the search plugin each page without its glossary links (fewer tags to
    # parse) and puts them back before the page is written.
    files = {"rules_data/jc/game.yaml": game_yaml("jc", "John Company", "glossaries: [common]\n"),
             "rules_data/jc/terms.yaml": textwrap.dedent(JC_TERMS), "rules_data/jc/phases.yaml": PHASES,
             "rules_data/_shared/common.yaml": SHARED,
             "docs/jc/notes.md": "# Notes\n\nWatch your Company Standing and your VP.\n",
             # Material's search edits a page with data-search-* attributes: it keeps its links the usual way
             "docs/jc/hidden.md": "# Hidden\n\nThe Company.\n\n<div markdown data-search-exclude>\n\n"
                                  "Secret VP.\n\n</div>\n"}
    on = sitekit.make_project(tmp_path / "on", files=files, plugin_extra="link_spacing: 0")
    off = sitekit.make_project(tmp_path / "off", files=files, plugin_extra="link_terms: false")
    hooked = sitekit.make_project(tmp_path / "hooked", files={**files, "hooks.py": HOOK},
                                  plugin_extra="link_spacing: 0")
    with (hooked / "mkdocs.yml").open("a", encoding="utf-8") as yml:
        yml.write("hooks: [hooks.py]\n")
    for project in (on, off, hooked):
        result = sitekit.build(project, strict=False)
        assert result.returncode == 0, result.stderr
    index = [json.loads((p / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
             for p in (on, off, hooked)]
    assert index[0] == index[1] == index[2]  # links or not, the search index is the same
    assert "Company Standing" in json.dumps(index[0])
    for project in (on, hooked):
        notes = sitekit.page(project / "site", "jc/notes/")
        assert [term_id(a) for a in notes.select("article a.rc-term")] == ["standing", "vp"]
        hidden = sitekit.page(project / "site", "jc/hidden/")
        assert [term_id(a) for a in hidden.select("article a.rc-term")] == ["company", "vp"]
        assert "data-search-exclude" not in str(hidden)  # Material's change is kept too
    assert "Secret" not in json.dumps(index[0])
    # Another handler between the two steps would see the page without links: then nothing is hidden.
    assert json.loads((hooked / "seen.json").read_text(encoding="utf-8"))["jc/notes.md"] is True
    for project, expected in ((on, True), (hooked, False)):
        config = load_config(str(project / "mkdocs.yml"))
        assert only_search_between(config.plugins["rulecraft"], config) is expected


def test_a_block_showing_another_game_links_that_games_terms(rules):
    (rules / "cw" / "phases.yaml").write_text(
        "phases:\n  - id: fight\n    name: Fight\n    rules: The Company sends two Departments.\n", encoding="utf-8")
    soup, ext = render(rules, "The Company.\n\n/// phase | cw:fight\n///\n", glossary_url="../glossary/")
    page_links = [(a.get_text(), a["href"]) for a in soup.select("p a.rc-term") if not a.find_parent(
        attrs={"data-rc-game": True})]
    assert page_links == [("Company", "../glossary/#company")]
    block = soup.select_one('[data-rc-game="cw"]')
    assert [term_id(a) for a in block.select("a.rc-term")] == ["department"]  # not jc's "Company"
    assert ("cw", "department", "jc/rules.md", "fight") in ext.state.mentions
