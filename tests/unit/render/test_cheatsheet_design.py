"""The cheat sheet as a player aid: stages of the turn (groups in phases.yaml) on the sheet and the turn
page, nested end-of-game steps, no designer notes, emoji as pictures, and the fit helpers of the PDF step."""

from __future__ import annotations

import base64

import pytest
from gamekit import RULES_DATA, check, only, where, write_game
from mdkit import render

from rulecraft import load_rulebook
from rulecraft.mkdocs_plugin.fitting import apply_fit, drop, emoji_to_images, read_fit
from rulecraft.models.cheatsheet import Fit
from rulecraft.render.emoji import emoji_svg

GROUPED = """\
    groups:
      - id: market
        name: At the market
      - id: road
        name: On the road
        summary: Caravans move.
    phases:
      - id: buy
        name: Buy
        group: market
        rules: Buy one good.
      - id: sell
        name: Sell
        group: market
        rules: Sell one good.
      - id: travel
        name: Travel
        group: road
        rules: Move one space.
        subphases:
          - id: toll
            name: Toll
            rules: Pay the toll.
    """


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


def sheet(rules_data, game):
    return render(rules_data, "/// cheatsheet\n///\n", game=game, extensions=[])[0]


def test_john_company_turn_is_banded_by_its_five_stages():
    soup = sheet(RULES_DATA, "john-company")
    stages = soup.select(".rc-sheet-turn .rc-sheet-stage")
    titles = [text(s.select_one(".rc-sheet-stage-title")) for s in stages]
    assert titles == ["1 The players' own position", "2 Running the Company", "3 Finances",
                      "4 Events outside the Company", "5 Upkeep"]
    numbers = [[text(n) for n in s.select(".rc-number")] for s in stages]
    assert numbers[0] == ["1", "2", "3", "4"]
    assert numbers[1][:4] == ["5", "6", "7", "7a"] and "7b" in numbers[1] and numbers[1][-1] == "13"
    assert numbers[2] == ["14", "15", "15a", "15b"] and numbers[3] == ["16", "17"] and numbers[4] == ["18"]
    # told apart by pattern and weight as well as hue (the CSS gives each its own border style)
    assert [s["class"][-1] for s in stages] == [f"rc-sheet-stage-{i}" for i in range(1, 6)]


def test_stages_on_the_sheet_and_the_turn_page(tmp_path):
    folder = write_game(tmp_path, {"phases.yaml": GROUPED})
    assert not [p for p in check(tmp_path).problems if p.is_error]
    soup = sheet(tmp_path, "demo")
    stages = soup.select(".rc-sheet-stage")
    assert [text(s.select_one(".rc-sheet-stage-title")) for s in stages] == ["1 At the market",
                                                                              "2 On the road Caravans move."]
    assert [text(n) for n in stages[1].select(".rc-number")] == ["3", "3b"]  # sub-phases stay in their stage
    turn = render(tmp_path, "/// turn\n///\n", game="demo", extensions=[])[0]
    bands = [text(b) for b in turn.select("p.rc-stage-band")]
    # once above the overview list and once above the rules
    assert bands == ["Stage 1 · At the market", "Stage 2 · On the road Caravans move."] * 2
    assert folder.is_dir()


def test_ungrouped_games_have_one_plain_stage(tmp_path):
    write_game(tmp_path)
    soup = sheet(tmp_path, "demo")
    assert [s["class"] for s in soup.select(".rc-sheet-stage")] == [["rc-sheet-stage", "rc-sheet-stage-0"]]
    assert soup.select(".rc-sheet-stage-title") == []


HAGGLE = """\
      - id: haggle
        name: Haggle
        group: market
        rules: Haggle once.
"""


@pytest.mark.parametrize(("phases", "code", "needle"), [
    (GROUPED.replace("group: road\n", "group: raod\n"), "dangling-group", "group: raod"),
    (GROUPED.replace("name: Toll\n", "name: Toll\n            group: road\n"), "nested-group", "group: road\n        rules: Pay"),
    (GROUPED.rstrip(" ") + HAGGLE, "split-group", "group: market\n    rules: Haggle"),
    (GROUPED.replace("      - id: road\n", "      - id: market\n        name: Again\n      - id: road\n"),
     "duplicate-id", "- id: market\n    name: Again"),
])
def test_stage_mistakes_are_located_errors(tmp_path, phases, code, needle):
    folder = write_game(tmp_path, {"phases.yaml": phases})
    problem = only(check(tmp_path).problems, code)
    assert problem.is_error
    line, _ = where(folder, "phases.yaml", needle)
    assert problem.location.line == line


def test_unused_stage_is_a_warning(tmp_path):
    write_game(tmp_path, {"phases.yaml": GROUPED.replace("      - id: road\n", "      - id: idle\n        name: "
                                                         "Idle\n      - id: road\n")})
    problem = only(check(tmp_path).problems, "unused-group")
    assert not problem.is_error and "idle" in problem.message


def test_nested_end_of_game_steps_are_shown_and_designer_notes_are_not(tmp_path):
    game_yaml = """\
        id: demo
        title: Demo
        summary: Players trade widgets.
        end_of_game:
          - text: The game ends when a player reaches a threshold
            todo: Check the threshold for 2 players.
            steps:
              - 10 points with 3 players
              - 12 points with 4 players
        """
    write_game(tmp_path, {"game.yaml": game_yaml})
    end = sheet(tmp_path, "demo").select_one(".rc-sheet-end")
    assert [text(li) for li in end.select("ul ul li")] == ["10 points with 3 players", "12 points with 4 players"]
    assert "Check the threshold" not in text(end) and "Incomplete" not in text(end)


def test_emoji_icons_are_vector_pictures_shipped_with_rulecraft():
    """Straits' icons are emoji: the sheet draws them as Twemoji SVGs from the package (no font, no
    pixels), and credits the pictures in its header."""
    soup = sheet(RULES_DATA, "straits")
    pictures = soup.select(".rc-sheet-icon img.rc-icon--emoji")
    assert pictures and all(img["src"].startswith("data:image/svg+xml;base64,") for img in pictures)
    svg = base64.b64decode(pictures[0]["src"].split(",", 1)[1]).decode()
    assert svg.startswith("<svg") and "<path" in svg and "<image" not in svg
    assert "🚢" not in text(soup.select_one(".rc-sheet-icons"))
    assert text(soup.select_one(".rc-sheet-header .rc-sheet-credit")) == "Emoji: Twemoji, CC-BY 4.0"


def test_a_sheet_without_emoji_credits_no_pictures():
    soup = sheet(RULES_DATA, "corporate-warfare")
    assert not soup.select("img.rc-icon--emoji") and not soup.select(".rc-sheet-credit")


@pytest.mark.parametrize(("text", "pictures"), [
    ("Ship 🚢 and ✪ →", 1),  # ✪ and → are text symbols (the text fonts have them)
    ("⚱️ urn, ⚱ urn as text", 1),  # a BMP symbol is an emoji only when U+FE0F asks for it
    ("⭕ ⚡ by default, ⭕︎ as text", 2),  # ... unless it is an emoji by default; U+FE0E asks for text
    ("1️⃣ 🇬🇧 👩‍🚀 👍🏽", 4),  # keycap, flag, joined sequence, skin tone: one picture each
])
def test_emoji_in_the_sheet_text_become_pictures(text, pictures):
    fragment = f'<div><header><p class="rc-sheet-heading"><strong>Demo</strong></p></header><p>{text}</p></div>'
    out = emoji_to_images(fragment)
    assert out.count("<img") == pictures
    assert out.count("rc-sheet-credit") == 1  # credited once, in the header
    assert emoji_to_images('<p title="🚢">x</p>') == '<p title="🚢">x</p>'  # only text, never attributes
    assert emoji_to_images("<p>no emoji ✪</p>") == "<p>no emoji ✪</p>"  # and no credit without pictures


def test_every_emoji_of_the_games_has_a_vector_picture():
    """No emoji font is needed for any emoji the five games use (icons.yaml)."""
    emoji = [icon.glyph.emoji for game in load_rulebook(RULES_DATA).games.values() for icon in game.icons
             if icon.glyph.emoji]
    assert emoji and all(emoji_svg(e) for e in emoji)
    assert emoji_svg("✪") is None  # not an emoji: stays text


def test_fit_is_written_into_and_read_back_from_the_sheet():
    fragment = '<div class="rc-cheatsheet rc-columns-3" style="--rc-fs: 7pt; --rc-space: 1"><p>x</p></div>'
    assert read_fit(fragment) == Fit(7, 3, 1)
    fitted = apply_fit(fragment, Fit(9.35, 4, 1.4))
    assert read_fit(fitted) == Fit(9.35, 4, 1.4)
    assert fitted.startswith('<div class="rc-cheatsheet rc-columns-4" style="--rc-fs: 9.35pt; --rc-space: 1.4">')


def test_dropping_a_unit_removes_exactly_that_element():
    fragment = ('<div class="rc-cheatsheet"><dl><div class="rc-sheet-term" id="sheet-term-a"><dt>A</dt>'
                '<dd><div>x</div></dd></div><div class="rc-sheet-term" id="sheet-term-b"><dt>B</dt></div></dl></div>')
    out = drop(fragment, "sheet-term-a")
    assert out == '<div class="rc-cheatsheet"><dl><div class="rc-sheet-term" id="sheet-term-b"><dt>B</dt></div></dl></div>'
