"""Rulebooks as their authors write them, not as a glossary would: definitions given meaning first, set-up told
in labelled paragraphs, a stage of play whose rules sit under its sub-headings, a table titled with its rule."""

from __future__ import annotations

from bookkit import import_book as run


def test_terms_defined_meaning_first_are_read_when_the_book_goes_on_using_them(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Broadside

        ## Ships

        The number printed on the bow of a ship card is its Sailing Allowance (SA). A ship may spend its SA
        in any order, and unspent SA is lost at the end of the turn.

        The ship that fires first in a round is the aggressor. The aggressor takes one damage less from
        return fire, and an aggressor that sinks its target may move again.

        The player with the most gold at the end of the game is the winner.

        ## Firing

        - A ship may fire at any enemy ship in its arc.
        - A ship that fires along the length of an enemy hull from bow or stern scores double hits (Raking).
          Forts cannot be hit by raking fire.
        - A ship may fire twice in a turn (Optional). Agree on this before the game.
        - A ship that fires at one in port fires on the Harbour Master (Harbour). The Harbour always fires back.
        - Damage is marked with pegs; raking hits are marked in red.
        """)
    terms = {t["term"]: t for t in files["terms"]["terms"]}
    assert sorted(terms) == ["Aggressor", "Raking", "Sailing Allowance"]
    assert terms["Sailing Allowance"]["aliases"] == ["SA"]
    assert terms["Aggressor"]["short"] == "The ship that fires first in a round is the aggressor."
    assert terms["Raking"]["short"].startswith("A ship that fires along the length of an enemy hull")
    # read from a sentence, so each is handed to a human with its line; the prose keeps every sentence
    assert "Term 'Aggressor' is read from a sentence that gives its meaning before its name" in needs
    assert "before its name: check that it is a term of the game (line 8)" in needs
    page = result.page.read_text(encoding="utf-8")
    assert "is the winner." in page and "(Optional)" in page and "scores double hits (Raking)" in page


def test_a_phase_with_no_text_of_its_own_takes_its_rules_from_its_sub_headings(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Emberwatch

        A cooperative game for 1 to 4 firefighters holding back a forest fire.

        ## Playing a round

        Each round has three phases, played in this order.

        ### Muster

        Each firefighter draws two crew cards and may trade one with a neighbour.

        ### Action

        Each firefighter takes up to three actions: move, dig a firebreak or douse a burning tile.

        ### Spread

        #### Wind

        Roll the wind die. Every burning tile lights the tile next to it in the wind's direction.

        #### Embers

        Flip the top ember card. Place a fire token on the tile it names, unless a firebreak guards it.

        ##### Dry season

        From round 6 on, flip two ember cards instead of one.

        ## End of the game

        You win when no tile burns. You lose when the fire reaches the village.
        """)
    phases = {p["name"]: p for p in files["phases"]["phases"]}
    assert list(phases) == ["Muster", "Action", "Spread"]
    spread = phases["Spread"]
    assert spread["rules"].split("\n\n") == [
        "**Wind**", "Roll the wind die. Every burning tile lights the tile next to it in the wind's direction.",
        "**Embers**", "Flip the top ember card. Place a fire token on the tile it names, unless a firebreak guards it.",
        "**Dry season**", "From round 6 on, flip two ember cards instead of one."]
    assert spread["summary"] == "Roll the wind die."
    assert "Phase 'Spread' has no text of its own: its rules are read from the sub-headings under it" in needs
    assert "has no rules in its section" not in needs
    page = result.page.read_text(encoding="utf-8")
    assert "/// phase | spread" in page and page.count("Roll the wind die.") == 0  # shown once, by the block


def test_a_labelled_deal_paragraph_among_the_preliminaries_is_the_set_up(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Heron's Pond

        A family card game of collecting sets, for 2 to 5 players aged six and up.

        ## What you need

        **Players** 2 to 5, each playing for themselves

        **Cards** A standard 52-card deck with the jokers taken out. Aces count low.

        **Aim** Collect the most sets of four cards of a rank.

        **Dealing** Shuffle and deal seven cards to each player, five when four or more play. Spread the rest
        face down in the middle: this is the pond.

        ## Asking

        On your turn, ask any other player for a rank you already hold. If they have cards of that rank, they
        give you all of them and you ask again.

        ## Fishing

        If they have none, they say "Go fishing!" and you draw a card from the pond. Your turn ends.

        ## Sets

        Whenever you hold all four cards of a rank, lay them face up in front of you.
        """)
    assert files["game"]["setup"] == [
        "**Cards:** A standard 52-card deck with the jokers taken out.",
        "**Dealing:** Shuffle and deal seven cards to each player, five when four or more play. Spread the rest "
        "face down in the middle: this is the pond."]
    # the deck's sentence is copied, its paragraph stays whole on the page; the deal moves into the set-up block
    assert "the first step is copied from the 'Cards' paragraph (how the deck is made)" in needs
    assert "(line 9)" in needs
    page = result.page.read_text(encoding="utf-8")
    assert "**Cards** A standard 52-card deck with the jokers taken out. Aces count low." in page
    assert "/// setup" in page and "**Dealing**" not in page and "**Aim** Collect" in page


def test_a_sentence_opening_a_sequence_of_headed_items_is_a_remark_not_a_phase(tmp_path):
    result, files, needs = run(tmp_path, """\
        <html><body>
        <h1>Hairpin Rally</h1>
        <h2>Sequence of Play</h2>
        <p>Each lap is played in phases; press 'Done' when you have finished one.</p>
        <ol>
          <li><h3>Before the first lap every driver chooses a car and a colour.</h3>
              <p>Cars that nobody chooses stay in the box.</p></li>
          <li><h3>Gear Phase</h3><p>Secretly set your gear dial to a number from 1 to 5.</p></li>
          <li><h3>Move Phase</h3><p>Reveal the dials and move that many spaces, leader first.</p></li>
          <li><h3>Wear Phase</h3><p>Each car that took a corner too fast loses one tyre point.</p></li>
        </ol>
        </body></html>
        """, name="book.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Gear", "Move", "Wear"]
    assert "'Before the first lap every driver chooses a car and a colour.' opens the turn sequence but is a " \
           "sentence, not a phase's name: it is kept as prose above the phase list (line 6)" in needs
    page = result.page.read_text(encoding="utf-8")
    remark = page.index("Before the first lap every driver chooses a car and a colour.")
    assert remark < page.index("Cars that nobody chooses stay in the box.") < page.index("/// phase-list")


def test_a_rule_in_brackets_after_a_tables_name_becomes_its_note(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Pike and Shot

        ## Sequence of Play

        1. **Movement Phase**: move each of your units up to its movement allowance.
        2. **Melee Phase**: resolve each melee on the Melee Table.
        3. **Rally Phase**: each routed unit makes a Morale Check.

        ## Melee

        Total the strength of the attackers and of the defender, work out the odds, then roll one die and
        read the result in the odds column.

        ### Melee Table (No melee at worse than 1-3 is allowed)

        | Die | 1-3 | 1-2 | 1-1 | 2-1 | 3-1 |
        |-----|-----|-----|-----|-----|-----|
        | 1   | AE  | AE  | AR  | DR  | DR  |
        | 2   | AE  | AR  | AR  | DR  | DE  |
        | 3   | AR  | AR  | EX  | DR  | DE  |
        | 4   | AR  | EX  | DR  | DE  | DE  |
        | 5   | EX  | DR  | DR  | DE  | DE  |
        | 6   | DR  | DR  | DE  | DE  | DE  |

        ### Morale Check (1d6)

        - 1–2: the unit routs.
        - 3–6: the unit holds.
        """)
    melee, morale = files["dice"]["tables"]
    assert melee["title"] == "Melee Table" and melee["id"] == "melee-table"
    assert melee["notes"].startswith("No melee at worse than 1-3 is allowed.")
    assert morale["title"] == "Morale Check (1d6)"  # the dice in brackets are no rule
    assert "### Melee Table (No melee at worse than 1-3 is allowed)" in result.page.read_text(encoding="utf-8")
