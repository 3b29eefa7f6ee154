"""Search as a player uses it, in Debian's chromium on the repository's own site: results name their
game, a game's own results come first on its pages, an entry named as typed is in the top three,
and the dice tables' controls are not indexed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sitekit import REPO

from rulecraft.loader import load_rulebook

pytestmark = [pytest.mark.browser, pytest.mark.site]

BOOK = load_rulebook(REPO / "rules_data")
GAMES = {g.id: g for g in BOOK.games.values() if g.info is not None}


def index(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def typed(page, query: str) -> list[dict]:
    """Type into the search box as a player does; the rendered results: each group's heading and its
    links on show (not those folded under "more on this page")."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=10)
    page.wait_for_function(
        """q => { const m = document.querySelector('.md-search-result__meta');
                  return m && /matching|No matching/.test(m.textContent) &&
                         document.querySelector('input.md-search__input').value === q; }""", arg=query)
    page.wait_for_timeout(300)  # the worker answers every keystroke; let the last answer render
    return page.evaluate("""() => [...document.querySelectorAll('.md-search-result__item')].map(li => ({
        heading: li.querySelector('article h1').textContent.trim(),
        links: [...li.querySelectorAll('a.md-search-result__link')].filter(a => !a.closest('details:not([open])'))
                  .map(a => new URL(a.href).pathname + new URL(a.href).hash),
    }))""")


def game_of(path: str) -> str | None:
    first = path.strip("/").split("/")[0]
    return first if first in GAMES else None


def test_every_game_page_names_its_game_in_the_index(seed_site):
    pages = [d for d in index(seed_site) if "#" not in d["location"]]
    for doc in pages:
        game = game_of(doc["location"])
        if game:
            assert GAMES[game].title in doc["title"], doc
    assert {"Glossary — John Company", "Turn sequence — Corporate Warfare", "Icons — 1800"} <= {
        d["title"] for d in pages}


def test_dice_controls_are_not_indexed(seed_site):
    docs = index(seed_site)
    retirement = next(d for d in docs if d["location"] == "john-company/dice/#retirement")
    assert "per Fatigue Cube" in retirement["text"]  # the modifiers, as rules text
    for doc in (d for d in docs if game_of(d["location"])):  # the games' pages (the guide's prose may say "each)")
        assert "−+" not in doc["text"] and "One fewer" not in doc["text"], doc["location"]
        # The steppers' captions: "... (+1 each)", "rolls, one per ..."; the modifiers' own text stays.
        # (a total's spread on the cheat sheet, "1–6 (17% each)", is rules text)
        assert not re.search(r"[^%] each\)", doc["text"]) and "rolls, one per" not in doc["text"], doc["location"]
    # The page keeps its controls (the attribute is all the search plugin needs).
    html = (seed_site / "john-company" / "dice" / "index.html").read_text(encoding="utf-8")
    assert 'class="rc-dice-ui rc-nolink-terms" data-search-exclude=""' in html


def test_results_name_their_game_and_the_game_read_comes_first(browser, base):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/john-company/turn/")
    results = typed(page, "Fatigue Cube")
    assert results and results[0]["heading"] == "Glossary — John Company"
    assert results[0]["links"][1] == "/john-company/glossary/#fatigue-cube"
    games = [game_of(r["links"][0]) for r in results]
    own = [g == "john-company" for g in games]
    assert own == sorted(own, reverse=True), games  # no other game's result before one of John Company's
    for result in results:  # every heading names its game (non-game pages: the home and guides)
        game = game_of(result["links"][0])
        assert game is None or GAMES[game].title in result["heading"], result
    # "Cube" of another game comes after all of John Company's results.
    results = typed(page, "Cube")
    games = [game_of(r["links"][0]) for r in results]
    assert games[0] == "john-company" and "asean-2090" in games
    assert games.index("asean-2090") > max(i for i, g in enumerate(games) if g == "john-company")
    page.close()


def test_on_another_game_its_results_come_first_and_the_home_keeps_the_best_match(browser, base):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/asean-2090/glossary/")
    results = typed(page, "Cube")
    assert game_of(results[0]["links"][0]) == "asean-2090"
    assert results[0]["links"][1] == "/asean-2090/glossary/#cube"
    page.goto(base + "/")
    results = typed(page, "Merger")  # a term and a card of Asean 2090; "Emergency Merger" of John Company
    top = [link for r in results for link in r["links"] if "#" in link][:3]
    assert "/asean-2090/glossary/#merger" in top and "/asean-2090/cards/#card-merger-card" in top
    page.close()


RANK_JS = """async (queries) => {
  const cfg = JSON.parse(document.getElementById('__config').textContent);
  const index = await (await fetch(new URL('search/search_index.json', new URL(cfg.base, location.href)))).json();
  const w = new Worker(cfg.search);  // wrapped by searchorder.js as Material's own worker is
  await new Promise(r => { w.addEventListener('message', e => { if (e.data.type === 1) r(); });
    w.postMessage({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}}); });
  const out = {};
  for (const q of queries) {
    out[q] = await new Promise(r => {
      const h = e => { if (e.data.type !== 3) return; w.removeEventListener('message', h);
        // What Material shows: per page, the sections scoring as high as its first; the rest fold away.
        r(e.data.data.items.map(g => g.filter(i => i.location.includes('#') && i.score >= g[0].score)
                                      .map(i => i.location))); };
      w.addEventListener('message', h); w.postMessage({type: 2, data: q}); });
  }
  w.terminate();
  return out;
}"""


def test_every_term_table_and_card_is_in_the_top_three_for_its_name(browser, base):
    """Each glossary entry for its name and every alias, each dice table for its title, each card for
    its name: among the first three results shown, searching from the game's own overview. Runs
    Material's own search worker (with the page's reordering), without typing each query."""
    page = browser.new_page()
    misses, total = [], 0
    for game in GAMES.values():
        cases = [(word, f"{game.id}/glossary/#{t.id}") for t in game.terms for word in (t.term, *t.aliases)]
        cases += [(t.title, f"{game.id}/dice/#{t.id}") for t in game.tables]
        cases += [(c.name, f"{game.id}/cards/#card-{c.id}") for d in game.decks for c in d.cards]
        page.goto(f"{base}/{game.id}/")
        found = page.evaluate(RANK_JS, sorted({q for q, _ in cases}))
        for query, location in cases:
            total += 1
            shown = [loc for group in found[query] for loc in group][:3]
            if location not in shown:
                misses.append((game.id, query, location, shown))
    page.close()
    assert total > 300
    assert not misses, "\n".join(map(str, misses))


DESIGNER_QUERIES = ("start", "upkeep", "tie", "battle", "score district")


def _first_ten(results: list[dict]) -> list[str]:
    return [link for r in results for link in r["links"]][:10]


def test_with_notes_off_the_status_pages_are_not_results_and_with_notes_on_they_are(browser, base):
    """A player's search serves the rules: the Status pages (open questions, designer notes) are the
    designers', found only with the Designer notes switch on."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "/john-company/?notes=0")
    for query in DESIGNER_QUERIES:
        first = _first_ten(typed(page, query))
        assert first, query
        assert not [link for link in first if "/status/" in link], (query, first)
    page.goto(base + "/john-company/?notes=1")  # the switch, remembered
    found = {query: [link for r in typed(page, query) for link in r["links"] if "/status/" in link]
             for query in DESIGNER_QUERIES}
    assert all(found.values()), found
    page.close()
