"""The cheat sheet as a player aid: stages of the turn (groups in phases.yaml) on the sheet and the turn
page, nested end-of-game steps, no designer notes, emoji as pictures, and the fit helpers of the PDF step."""

from __future__ import annotations

import pytest
from gamekit import RULES_DATA, check, only, where, write_game
from mdkit import render

from rulecraft.mkdocs_plugin.fitting import apply_fit, drop, emoji_to_images, read_fit
from rulecraft.models.cheatsheet import Fit
from rulecraft.render.emoji import emoji_data_uri

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


def test_emoji_icons_are_pictures_not_font_glyphs():
    if emoji_data_uri("🚢") is None:
        pytest.skip("the Noto Color Emoji font file (fonts-noto-color-emoji) is not installed")
    soup = sheet(RULES_DATA, "straits")
    pictures = soup.select(".rc-sheet-icon img.rc-icon--emoji")
    assert pictures and all(img["src"].startswith("data:image/png;base64,") for img in pictures)
    assert "🚢" not in text(soup.select_one(".rc-sheet-icons"))
    assert emoji_to_images("<p>Ship 🚢 and ✪</p>").count("<img") == 1  # ✪ is a text glyph (DejaVu has it)
    assert emoji_to_images('<p title="🚢">x</p>') == '<p title="🚢">x</p>'  # only text, never attributes


def test_without_the_emoji_font_file_emoji_stay_text(monkeypatch):
    emoji_data_uri.cache_clear()
    monkeypatch.setenv("RULECRAFT_EMOJI_FONT", "")
    try:
        assert emoji_data_uri("🚢") is None
        assert emoji_to_images("<p>🚢</p>") == "<p>🚢</p>"
    finally:
        emoji_data_uri.cache_clear()


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
