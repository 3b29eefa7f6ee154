"""`rulecraft import`: which part of a real rulebook is what. Which section is the game's scoring and which its end
when 'Scoring' stands in many places (a card's text, a variant, an example, a glossary entry, under the end of
the game); what is no turn (a scoring list) and what is (a list under 'Rules and Definitions'); headings that
count players; glossary items whose sub-items go deeper than one level, and a term defined twice; an HTML table
of row headers; a Markdown page's nested contents list; a web page's link back to the site; a long step named by
its first sentence; the warnings a strict build stops on, listed in the report; phases inside the last of the steps
that lead up to play."""

from __future__ import annotations

from bookkit import import_book as run
from losskit import lost, outline_texts, output_words

from rulecraft.cli.importer import _read_source
from rulecraft.cli.importer.outline import Table


def test_the_games_scoring_is_no_cards_example_variant_or_glossary_entry(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Harbour Bakers

        ## Cards

        ### Baker

        The baker bakes bread.

        #### Scoring

        The baker scores 1 point per loaf.

        ## Variants

        ### Three-handed scoring

        Deal 12 cards each.

        ## Scoring example

        Anna has 3 loaves and scores 3 points.

        ## Glossary

        ### Victory points

        Points a player earns for loaves and harbours.

        ## Final Scoring

        1. Score 1 point for every 3 coins.
        2. Score 2 points for every mill.
        """)
    assert files["game"]["scoring"] == ["Score 1 point for every 3 coins.", "Score 2 points for every mill."]


def test_a_scoring_section_rolled_for_is_a_dice_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Harbour Dice

        ## Scoring

        At the end of each round, roll 1d6 for each harbour you hold:

        - 1–2: score 1 point.
        - 3–4: score 2 points.
        - 5–6: score 3 points.
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert [row["roll"] for row in rows] == ["1-2", "3-4", "5-6"]


def test_the_end_of_the_game_takes_no_scoring_sub_heading(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Fish Market

        ## Scoring

        Points are scored during the game and at game end.

        ### During the game

        Each fish caught scores 1 point.

        ### Game end scoring

        Each set of three fish scores 4 points.

        ## End of the game

        The game ends when the deck runs out.
        """)
    assert files["game"]["end_of_game"] == ["The game ends when the deck runs out."]


def test_a_scoring_lead_in_takes_the_sub_headings_under_it(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Fish Market

        ## Final Scoring

        Players score points as follows:

        ### Majorities

        The player with most fish scores 5 points.

        ### Sets

        A set of three fish scores 4 points.
        """)
    assert files["game"]["scoring"] == ["Players score points as follows:",
                                        "**Majorities:** The player with most fish scores 5 points.",
                                        "**Sets:** A set of three fish scores 4 points."]


def test_a_final_scoring_list_is_no_turn_and_a_turn_under_rules_and_definitions_is(tmp_path):
    _, files, _ = run(tmp_path, """\
        # River Mills

        ## Rules and Definitions

        ### Sailing a leg

        Every round has three parts. Do them in order:

        1. Raise the sails.
        2. Move the boat.
        3. Lower the sails.

        ## Final Scoring

        After the last round, score these in this order:

        1. Score 1 point for every 3 coins.
        2. Score 2 points for every mill.
        3. Score 5 points for the longest river.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Raise the sails", "Move the boat", "Lower the sails"]
    assert files["game"]["scoring"][0] == "After the last round, score these in this order:"


def test_headings_that_count_players_keep_their_numbers():
    from rulecraft.cli.importer.sections import heading_text

    assert [heading_text(t) for t in ("2-3 Player Game", "2 player game", "2 vs 2", "1 vs 1 Variant",
                                      "3. Setup", "4.1 Movement")] == \
        ["2-3 Player Game", "2 player game", "2 vs 2", "1 vs 1 Variant", "Setup", "Movement"]


def test_a_glossary_items_sub_items_at_every_depth_are_its_definition(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Lantern Lake

        ## Glossary

        - **Calm**: no wind at all.
            - Boats may not sail.
                - Rowing boats still may.
            - Lanterns stay put.

                Even lit ones stay put.
        - **Gust**: a sudden wind.
        - **Drift**: a slow current.
        """)
    calm = files["terms"]["terms"][0]
    assert calm["definition"] == ("no wind at all (Boats may not sail (Rowing boats still may); Lanterns stay put. "
                                  "Even lit ones stay put.).")
    path = tmp_path / "book.md"
    outline = _read_source(path.read_bytes(), path, "auto")
    assert lost(outline_texts(outline), output_words(result.folder, result.page.parent)) == []


def test_an_html_table_of_row_headers_keeps_its_first_row(tmp_path):
    result, files, _ = run(tmp_path, """\
        <html><body><h1>Mini</h1>
        <h2>Play</h2><p>The high bidder leads to the first trick.</p>
        <h2>Scoring</h2>
        <p>Four points are at stake in every deal:</p>
        <table>
        <tr><th>High</th><td>Won by the side that takes the highest trump in play.</td></tr>
        <tr><th>Low</th><td>Won by the side that takes the lowest trump in play.</td></tr>
        <tr><th>Jack</th><td>Won by the side that takes the jack of trump.</td></tr>
        </table>
        </body></html>
        """, name="book.html")
    path = tmp_path / "book.html"
    table = next(b for s in _read_source(path.read_bytes(), path, "auto").sections() for b in s.blocks
                 if isinstance(b, Table))
    assert not table.header and len(table.rows) == 3
    assert "phases" not in files, "points scored are no turn"
    assert "| High | Won by the side that takes the highest trump in play. |" in result.page.read_text(encoding="utf-8")


def test_a_markdown_pages_nested_contents_list_is_no_components_list(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Wire Cutters

        Wire Cutters is a co-operative game for 4 or 5 players.

        ## Table of Contents

        - [Wire Cutters](#wire-cutters)
          - [Game Components](#game-components)
          - [Setup](#setup)
          - [Game Play](#game-play)
            - [Dual Cut](#dual-cut)
            - [Solo Cut](#solo-cut)

        ## Game Components

        - 70 wire tiles
        - 5 tile stands

        ## Setup

        1. Give each player a tile stand.
        2. Shuffle the wire tiles.

        ## Game Play

        ### Dual Cut

        Point at a wire of another player and name its number.

        ### Solo Cut

        Cut two wires of your own with the same number.
        """)
    assert [c["name"] for c in files["game"]["components"]] == ["70 wire tiles", "5 tile stands"]
    page = result.page.read_text(encoding="utf-8")
    assert "/// designer-note\n**Table of Contents** (the source's printed contents)" in page


def test_a_link_back_to_the_sites_other_page_is_no_summary(tmp_path):
    result, files, _ = run(tmp_path, """\
        <html><body><main>
        <a class="back" href="./">‹ Back to the game</a>
        <h1>Rules of Pitch</h1>
        <p>Four players in two partnerships bid for the right to name trumps.</p>
        <h2>Play</h2><p>The high bidder leads to the first trick.</p>
        <p><a href="../index.html">Back to all games</a></p>
        </main></body></html>
        """, name="book.html")
    assert files["game"]["summary"] == "Four players in two partnerships bid for the right to name trumps."
    assert "Back to" not in result.page.read_text(encoding="utf-8")
    report = result.report_text
    assert "link back to another page dropped: '‹ Back to the game' (line 2)" in report
    assert "link back to another page dropped: 'Back to all games' (line 6)" in report


def test_a_term_defined_twice_keeps_both_definitions(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Citadel Storms

        ## Glossary

        - **Storm**: a wind that moves every boat.
        - **Calm**: no wind at all.
        - **Storm**: troops stationed in a citadel are not affected by a storm.
        """)
    storm = files["terms"]["terms"][0]
    assert storm["definition"] == ("A wind that moves every boat.\n\ntroops stationed in a citadel are not affected "
                                   "by a storm.")
    assert "Term 'Storm' is defined twice" in needs and "(line 7)" in needs
    path = tmp_path / "book.md"
    outline = _read_source(path.read_bytes(), path, "auto")
    assert lost(outline_texts(outline), output_words(result.folder, result.page.parent)) == []


def test_final_scoring_under_the_end_of_the_game_is_the_scoring(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Fish Market

        ## End of the game

        The game ends when the deck runs out.

        ### Final scoring

        1. Each set of three fish scores 4 points.
        2. The player with most fish scores 5 points.
        """)
    assert files["game"]["end_of_game"] == ["The game ends when the deck runs out."]
    assert files["game"]["scoring"] == ["Each set of three fish scores 4 points.",
                                        "The player with most fish scores 5 points."]


def test_a_long_step_is_named_by_its_short_first_sentence(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Five Cubes

        ## Turn structure

        1. Roll all five cubes.
        2. Set aside the scoring cubes. **You may not un-set a scoring die you have taken.**
        3. Either **stop and bank** your accumulated turn points, or **roll the remaining
           non-scoring cubes** and push your luck.
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases][:2] == ["Roll all five cubes", "Set aside the scoring cubes"]
    assert "You may not un-set a scoring die" in phases[1]["rules"]


def test_the_report_lists_the_warnings_a_strict_build_stops_on(tmp_path):
    result, _, _ = run(tmp_path, """\
        # Quiet Lake

        ## Glossary

        - **Skiff**: a small boat.
        - **Reed**: a plant by the water.
        """)
    check = result.report_text.split("## Check", 1)[1]
    assert "`mkdocs build --strict` stops on warnings" in check
    assert "warning[unused-term]: term 'Skiff' (skiff) is never mentioned in the rules" in check
    assert "terms.yaml:" in check


def test_phases_inside_the_last_of_the_steps_that_lead_up_to_play_are_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Wasteland Patrol

        ## Playing the game

        ### Step 1: Choose the mission

        Agree on one of the missions at the back of this book.

        ### Step 2: Set up the battlefield

        Place terrain pieces on the table until about a third of it is covered.

        ### Step 3: Start the game

        The game is played in rounds. Each round has three phases.

        #### Phase 1: Determine initiative

        Both players roll a die; the higher roll acts first.

        #### Phase 2: Activate units

        Players take turns activating one unit at a time.

        #### Phase 3: Resolve morale

        Every unit that lost a model this round takes a morale test.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Determine initiative", "Activate units",
                                                               "Resolve morale"]


def test_a_markdown_link_back_to_the_site_is_no_summary(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Rules of Pitch

        [‹ Back to the game](../index.md)

        Four players in two partnerships bid for the right to name trumps.

        ## Play

        The high bidder leads to the first trick.
        """)
    assert files["game"]["summary"] == "Four players in two partnerships bid for the right to name trumps."
    assert "‹ Back to the game" in result.page.read_text(encoding="utf-8"), "its words stay on the page"


def test_a_book_without_an_introduction_is_summed_up_by_its_name(tmp_path):
    """Players read the summary on the home page: it was 'Imported rulebook: write one or two sentences…',
    words to the designer. Now it is the game's name, and the report asks for a summary; a rule is never
    taken for one ('Roll one die on the fight table.')."""
    result, files, _ = run(tmp_path, """\
        # Hill Fight

        ## Combat

        Roll one die on the fight table.

        ## End

        The game ends after six turns.
        """)
    assert files["game"]["summary"] == "The rules of Hill Fight."
    assert "No introduction found: write the summary in game.yaml" in result.report_text
