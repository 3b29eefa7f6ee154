"""What the cheat sheet puts first and what it leaves out last: the rules a player looks up at the table
(card effects, rates, how a bluff or a battle is resolved, the end of the game), and a documented order for
what goes when a sheet overflows its page (models/sheet_priority.py)."""

from __future__ import annotations

import re
from typing import get_args

from bs4 import BeautifulSoup
from gamekit import RULES_DATA, only
from mdkit import render

from rulecraft.checks import check_path
from rulecraft.mkdocs_plugin import fitting
from rulecraft.models.cheatsheet import drop_order
from rulecraft.models.game import CheatsheetConfig, DroppableBlock
from rulecraft.models.sheet_priority import DROP_ORDER, NEVER_DROPPED
from rulecraft.render.cheatsheet import DROP


def sheet(rules_data, game: str) -> BeautifulSoup:
    soup = render(rules_data, "/// cheatsheet\n///\n", game=game, extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def text(el) -> str:
    return " ".join(el.get_text(" ", strip=True).split())


def test_corporate_warfares_sheet_names_the_card_effects_rates_and_the_called_bluff():
    soup = sheet(RULES_DATA, "corporate-warfare")
    cards = {text(c.dt): text(c.dd) for c in soup.select(".rc-sheet-cards .rc-sheet-card")}
    assert list(cards) == ["Espionage (Joker)", "Reconversion (Queen)", "Innovation Boost (King)",
                           "Improved Methods (Ace)", "Market Research (Jack)"]
    assert "produces double this turn" in cards["Innovation Boost (King)"]
    assert re.search(r"gets \+ ?2\b", cards["Market Research (Jack)"])  # the bonus, as a number on the sheet
    whole = text(soup.select_one(".rc-cheatsheet"))
    assert "$1 per 3 employees" in whole and "$1 per 6 products in storage" in whole  # upkeep and storage
    bluff = text(soup.select_one("#sheet-section-espionage-and-bluffing"))
    assert "call the bluff" in bluff and "loses one employee" in bluff and "Failed bluff" in bluff


def test_1800s_sheet_says_how_a_battle_is_resolved():
    battles = text(sheet(RULES_DATA, "1800").select_one("#sheet-section-battles"))
    assert "Military card" in battles and "The higher total wins; on a tie, the defender wins." in battles
    assert "Withdraws their regiment" in battles


def test_the_end_of_the_game_opens_every_seed_sheet():
    for game in ("1800", "corporate-warfare", "john-company"):
        first = sheet(RULES_DATA, game).select_one(".rc-sheet-body > section")
        assert "rc-sheet-end" in first["class"], game


def test_the_drop_order_is_documented_data_and_never_names_the_turn_the_end_or_key_numbers():
    assert set(get_args(DroppableBlock)) == set(DROP_ORDER)  # the model's choices are the documented order's
    assert not set(DROP_ORDER) & set(NEVER_DROPPED)
    assert drop_order(CheatsheetConfig()) == list(DROP_ORDER)
    chosen = drop_order(CheatsheetConfig(drop_order=["dice", "terms"]))
    assert chosen[:2] == ["dice", "terms"] and sorted(chosen) == sorted(DROP_ORDER)  # the rest follow, once each
    # the renderer hands the order to the PDF step on the sheet's opening tag
    assert sheet(RULES_DATA, "corporate-warfare").select_one(".rc-cheatsheet")[DROP] == " ".join(DROP_ORDER)


def test_the_pdf_step_leaves_out_in_the_sheets_order_and_never_a_key_number():
    units = ('<div class="rc-sheet-unit" id="sheet-dice-weather"><p>Weather</p></div>'
             '<div class="rc-sheet-unit rc-sheet-section" id="sheet-section-battles"><h3>Battles</h3><p>x</p></div>'
             '<div class="rc-sheet-term" id="sheet-term-gem"><dt>Gem</dt></div>'
             '<div class="rc-sheet-term rc-sheet-card" id="sheet-card-spy"><dt>Spy</dt></div>'
             '<table><tr id="sheet-const-gold"><th>Gold</th><td>3</td></tr></table>')
    default = fitting._units(f'<div class="rc-cheatsheet">{units}</div>')
    assert [u[0] for u in default] == ["term", "section", "dice", "card"]  # no "const": key numbers stay
    assert default[1][2] == "section 'Battles'"
    chosen = fitting._units(f'<div class="rc-cheatsheet" {DROP}="cards dice terms">{units}</div>')
    assert [u[0] for u in chosen] == ["card", "dice", "term", "section"]
    left = fitting.drop(f'<div class="rc-cheatsheet">{units}</div>', "sheet-section-battles")
    assert "Battles" not in left and "<p>x</p>" not in left  # the whole section, not only its heading
    assert DROP not in fitting.apply_fit(f'<div class="rc-cheatsheet" {DROP}="terms">{units}</div>',
                                         fitting.read_fit('<div style="--rc-fs: 8pt">'))


def test_an_unknown_card_on_the_sheet_is_a_located_error(tmp_path):
    from gamekit import write_game

    folder = write_game(tmp_path, {"cards.yaml": """\
        decks:
          - id: spells
            name: Spells
            cards:
              - {id: fireball, name: Fireball, text: Deal 3 damage.}
        """})
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "cheatsheet:\n  cards: [spells, frostbolt]\n",
                         encoding="utf-8")
    problem = only(check_path(tmp_path).problems, "dangling-card")  # the deck's id stands for its cards
    assert "frostbolt" in problem.message and problem.location.file.endswith("game.yaml")
