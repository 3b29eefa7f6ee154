"""`rulecraft import` rules, each on a small inline rulebook: what is captured, and what goes to
"needs a human" with its line."""

from __future__ import annotations

import re
import textwrap

import pytest
import yaml

from bookkit import import_book as run

from rulecraft.cli.importer import import_rulebook


def test_numbered_roll_results_are_a_dice_table_and_phase_headings_win(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Deep Game

        ## Round structure

        ### 1. Hero phase

        Each hero takes two actions.

        ### 2. Monster phase

        Monsters move. If a room is empty, roll the eight-sided die:

        1. Eels.
        2. Miners.
        3. An ogre.
        4. A crab.
        5. A golem.
        6. A wisp.
        7. Nothing comes.
        8. The Warden awakens.
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Hero", "Monster"]
    assert phases[0]["rules"] == "Each hero takes two actions."
    table = files["dice"]["tables"][0]
    assert table["dice"] == "1d8" and [r["roll"] for r in table["rows"]] == list(range(1, 9))
    assert table["rows"][7]["result"] == "The Warden awakens." and phases[1]["dice"] == [table["id"]]
    assert "{dice:" in phases[1]["rules"]


def test_a_roll_list_without_a_lead_in_is_never_the_turn_sequence(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Game

        ## Turn order

        1. **Draw**: take a card.
        2. **Play**: play a card.

        ## Phases of the storm

        1. 1–2: Calm seas.
        2. 3–4: Squall.
        3. 5–6: Gale.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Draw", "Play"]
    # nothing names a roll: not guessed into a table either, but listed with its line
    assert "The list of 3 numbered results under 'Phases of the storm'" in needs and "(line 10)" in needs


def test_ordinal_and_word_numbered_phase_headings(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Playing a round

        ### First phase: Income

        Take 2 coins.

        ### Stage Two — Building

        Build one house.

        ### III. Upkeep

        Pay 1 coin per house.
        """)
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [("Income", "Take 2 coins."), ("Building", "Build one house."),
                                                       ("Upkeep", "Pay 1 coin per house.")]


def test_plain_lettered_phase_paragraphs_and_an_inline_roll(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Game

        ## Sequence of play

        A. Movement Phase. Move each unit up to its allowance.

        B. Rally Phase. Each disrupted unit rolls one die: on a 1–4 it rallies, on a 5–6 it stays disrupted.
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Movement", "Rally"]
    table = files["dice"]["tables"][0]
    assert table["dice"] == "1d6" and table["rows"] == [{"roll": "1-4", "result": "It rallies"},
                                                        {"roll": "5-6", "result": "It stays disrupted."}]
    assert phases[1]["dice"] == [table["id"]] and "todo" in table, "read from a sentence: flagged"
    assert "read from a sentence" in needs and "(line 7)" in needs


def test_inline_results_in_separate_sentences(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Market

        Roll a die for the merchant. On a 1 the merchant stays away. On a 2, 3, 4 or 5 he buys one good for
        3 coins. On a 6 he also brings a seed. Then pass the windmill.
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert rows == [{"roll": 1, "result": "The merchant stays away."},
                    {"roll": "2-5", "result": "He buys one good for 3 coins."},
                    {"roll": 6, "result": "He also brings a seed."}]


def test_definition_list_glossary(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Game

        ## Glossary

        Adjacent
        : Two spaces that share an edge.

        Knocked out
        : A hero with wounds equal to their health.
          Lay the miniature down.

        Zone of Control (ZOC)

        : The six hexes around a unit.

        : River hexsides block it.
        """)
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Adjacent", "Knocked out", "Zone of Control"]
    assert terms[1]["definition"] == "A hero with wounds equal to their health. Lay the miniature down."
    assert terms[2]["aliases"] == ["ZOC"] and "River hexsides block it." in terms[2]["definition"]
    assert "'Glossary'" not in needs, "nothing left behind in the glossary"


def test_term_lines_under_a_key_terms_heading(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Key terms

        Field: A square with a wheat token on it.
        Pasture: An area closed by fences.
        """)
    assert [(t["term"], t["short"]) for t in files["terms"]["terms"]] == [
        ("Field", "A square with a wheat token on it."), ("Pasture", "An area closed by fences.")]


def test_setup_sentences_become_steps_and_tips_are_listed_with_their_line(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Game

        ## Setup

        Put the board in the middle.

        1. Shuffle the cards.
        2. Deal 3 to each player.

        *Tip:* leave the blue tiles in the box for a first game.

        The youngest player starts.
        """)
    assert files["game"]["setup"] == ["Put the board in the middle.", "Shuffle the cards.", "Deal 3 to each player.",
                                      "The youngest player starts."]
    assert "Set-up: 'Tip: leave the blue tiles" in needs and "(line 10)" in needs
    assert "'Setup' (line 3): text at line 10" in needs, "the copied block's own line, not only the heading's"


def test_setup_without_any_step_is_listed(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Game

        ## Setting up

        Deal everything out as shown on the back of the box:

        ## Play

        Take turns.
        """)
    assert "setup" not in files["game"]
    assert "Set-up section 'Setting up' has no list of steps" in needs and "(line 3)" in needs


def test_bold_paragraphs_led_by_a_plain_number_under_a_turn_heading_are_phases(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Your turn

        Do three things, in this order.

        **1. Gather.** Take 2 tiles.

        **2. Print.** Spend tiles to print a story.

        **3. Deliver.** Move your courier.
        """)
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [
        ("Gather", "Take 2 tiles."), ("Print", "Spend tiles to print a story."), ("Deliver", "Move your courier.")]


def test_a_bulleted_sequence_of_named_steps_is_the_turn_not_a_glossary(tmp_path):
    result, files, _ = run(tmp_path, """\
        <h1>Game</h1>
        <h2>Turn sequence</h2>
        <p>Scouts take turns clockwise. Each turn consists of:</p>
        <ul>
        <li><b>Scout:</b> move up to 2 tiles.</li>
        <li><b>Forage:</b> take one food token.</li>
        <li><b>Dusk:</b> move the sun marker.</li>
        </ul>
        """, name="book.html")
    phases = files["phases"]["phases"]
    assert [(p["name"], p["summary"]) for p in phases] == [
        ("Scout", "Move up to 2 tiles."), ("Forage", "Take one food token."), ("Dusk", "Move the sun marker.")]
    assert "terms" not in files or not files["terms"].get("terms")
    page = result.page.read_text(encoding="utf-8")
    assert "Scouts take turns clockwise." in page, "a lead-in holding a rule stays on the page"


def test_a_bulleted_choice_under_a_turn_heading_is_no_sequence(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Game

        ## Your turn

        Choose one action:

        - **Build:** place a house.
        - **Sail:** move your ship.
        - **Trade:** swap two goods.
        """)
    assert not files.get("phases", {}).get("phases")
    assert "No turn sequence found" in needs


def test_getting_something_ready_is_the_setup_heading(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Getting the camp ready

        1. Lay out the camp tile.
        2. Each scout picks a card.
        """)
    assert files["game"]["setup"] == ["Lay out the camp tile.", "Each scout picks a card."]


def test_one_term_per_sub_heading_under_a_vocabulary_heading(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Game

        ## Printer's vocabulary

        #### Forme
        The frame that holds set type.

        #### Devil
        An apprentice token.

        Each devil lets you print one more tile.

        #### Where the words come from

        - Old print shops
        """)
    terms = files["terms"]["terms"]
    assert [(t["term"], t["short"]) for t in terms] == [("Forme", "The frame that holds set type."),
                                                        ("Devil", "An apprentice token.")]
    assert "Each devil lets you print one more tile." in terms[1]["definition"]
    page = result.page.read_text(encoding="utf-8")
    assert "/// glossary" in page and "#### Forme" not in page and "Forme" not in page.split("/// glossary")[1]
    assert "Where the words come from" in page and "Old print shops" in page, "what is no term stays prose"
    assert "these sub-headings are not read as terms (kept as prose): Where the words come from" in needs


def test_phases_named_in_an_overview_paragraph_with_a_heading_each(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Turn Overview

        Each turn has three phases — **Dawn**, **Forage** and **Rest** — played in order.

        ## Dawn

        Reveal a night card.

        ## Forage

        Move up to 2 clearings.

        ## Rest

        Recover 1 ember.

        ## Winning

        Survive seven nights.
        """)
    assert [(p["name"], p["rules"]) for p in files["phases"]["phases"]] == [
        ("Dawn", "Reveal a night card."), ("Forage", "Move up to 2 clearings."), ("Rest", "Recover 1 ember.")]


def test_result_lines_in_one_paragraph_and_die_faces(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Threat

        Roll the die:

        ⚀–⚁: The Gloom stirs.
        ⚂–⚅: Nothing happens.

        ## Rest

        Each warden rolls the die:

        1-2 → Restless night.
        3-6 → Fair sleep.
        """)
    tables = files["dice"]["tables"]
    assert [[(r["roll"], r["result"]) for r in t["rows"]] for t in tables] == [
        [("1-2", "The Gloom stirs."), ("3-6", "Nothing happens.")],
        [("1-2", "Restless night."), ("3-6", "Fair sleep.")]]


def test_dotted_leader_result_paragraphs_hard_wrapped(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Casting

        Roll two dice:

        2–6 ............ Cracked. The casting is ruined; discard the order and
        gain 1 slag.

        7–12 ........... Sound. Keep the casting.
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert files["dice"]["tables"][0]["dice"] == "2d6"
    assert rows[0]["result"] == "Cracked. The casting is ruined; discard the order and gain 1 slag."


def test_a_table_header_naming_the_dice_names_the_roll(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Game</h1>
        <h2>Storm results</h2>
        <table><tr><th>2d6</th><th>Result</th></tr>
        <tr><td>2–6</td><td>Shipwreck.</td></tr><tr><td>7–12</td><td>Calm seas.</td></tr></table>
        """, name="book.html")
    assert files["dice"]["tables"][0]["dice"] == "2d6"


def test_task_list_boxes_are_not_part_of_setup_steps(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Setup

        - [ ] Open the board.
        - [x] Decide who goes first.
        """)
    assert files["game"]["setup"] == ["Open the board.", "Decide who goes first."]


def test_bold_full_stop_terms_in_a_quote_under_a_glossary_heading(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Game

        ## Keywords

        > **Clearing.** A round space of the board.
        >
        > **Gloom.** The enemy, shown by black cubes.
        """)
    assert [(t["term"], t["short"]) for t in files["terms"]["terms"]] == [
        ("Clearing", "A round space of the board."), ("Gloom", "The enemy, shown by black cubes.")]
    page = result.page.read_text(encoding="utf-8")
    assert "/// glossary" in page and "\n>" not in page.split("## Keywords")[1]


def test_wiki_edit_links_and_contents_are_not_rules(tmp_path):
    result, files, _ = run(tmp_path, """\
        <h1>Game</h1>
        <div id="toc" class="toc"><h2>Contents</h2><ul><li>1 Setup</li><li>2 Turn</li></ul></div>
        <h2><span class="mw-headline">Setup</span><span class="mw-editsection">[<a href="/e">edit</a>]</span></h2>
        <ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol>
        """, name="book.html")
    assert "components" not in files["game"] and files["game"]["setup"] == ["Lay out the board.", "Deal 3 cards."]
    page = result.page.read_text(encoding="utf-8")
    assert "## Setup\n" in page and "edit" not in page and "Contents" not in page


def test_bold_and_italics_set_by_css_class_are_emphasis(tmp_path):
    # Google Docs' "Web page" export: no <b>, only classes; '.c1' is bold, '.c2' italic, '.c3' neither
    _, files, _ = run(tmp_path, """\
        <html><head><style type="text/css">.c1{font-weight:700}.c2{font-style:italic}.c3{margin:0}</style></head>
        <body><p class="c3 title"><span>Ferry Game</span></p>
        <h2><span>Glossary</span></h2>
        <p class="c3"><span class="c1">Fare</span><span>&nbsp;– the coins a traveller pays.</span></p>
        <p class="c3"><span class="c1">Gauge</span><span>&nbsp;– the flood track.</span></p>
        <p class="c3"><span class="c3">Plain</span><span>&nbsp;– not a term.</span></p>
        </body></html>
        """, name="book.html")
    assert files["game"]["title"] == "Ferry Game"
    assert [(t["term"], t["short"]) for t in files["terms"]["terms"]] == [
        ("Fare", "The coins a traveller pays."), ("Gauge", "The flood track.")]


def test_a_prepare_heading_is_the_setup_and_typed_step_numbers_go(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Preparing the river

        **Step 1.** Lay the six river cards in a row.

        **Step 2.** Each player takes a raft.

        Step 3: Shuffle the tiles.
        """)
    assert files["game"]["setup"] == ["Lay the six river cards in a row.", "Each player takes a raft.",
                                      "Shuffle the tiles."]


def test_a_time_unit_heading_holds_the_turn_and_emoji_are_not_names(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Inn Game 🍲

        A solo game about running a roadside inn.

        ## 🔁 Each day

        1. 🌅 **Morning** — draw one guest and seat them.
        2. 🍳 **Kitchen** — roll the die and tick that many pantry boxes.
        3. 🌙 **Night** — served guests leave and pay 1 coin each.
        """)
    assert files["game"]["title"] == "Inn Game"
    assert [p["name"] for p in files["phases"]["phases"]] == ["Morning", "Kitchen", "Night"]
    assert "terms" not in files or not files["terms"].get("terms")


def test_a_table_drawn_in_a_code_block_is_a_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Grumble table

        Roll the die when a guest grumbles:

        ```
         roll | what happens
        ------+---------------------------
         1-2  | The guest storms out.
         3-4  | The guest sulks.
         5-6  | The guest shrugs.
        ```

        ## Example

        ```python
        a | b
        --+--
        1 | 2
        3 | 4
        ```
        """)
    tables = files["dice"]["tables"]
    assert len(tables) == 1 and [(r["roll"], r["result"]) for r in tables[0]["rows"]] == [
        ("1-2", "The guest storms out."), ("3-4", "The guest sulks."), ("5-6", "The guest shrugs.")]


def test_running_page_lines_lettered_markers_and_capitals_are_typography(tmp_path):
    # a PDF converted to text: a footer on every page, 'a)' step markers, names set in capitals
    result, files, _ = run(tmp_path, """\
        # FOUNDRY GAME

        RULEBOOK

        A game of molten iron for 2–4 players.

        Foundry Game — Rulebook 2

        ## SETTING UP

        Before the first shift, prepare the table as follows:

        a) Place the canal board.

        b) Each player takes a foundry board.

        Foundry Game — Rulebook 3

        ## SEQUENCE OF PLAY

        ### STEP 1 — STOKE

        Spend coke to raise your heat.

        ### STEP 2 — POUR

        Pour one order card.

        Foundry Game — Rulebook 4
        """)
    game = files["game"]
    assert game["title"] == "Foundry Game" and game["summary"] == "A game of molten iron for 2–4 players."
    assert game["setup"] == ["Place the canal board.", "Each player takes a foundry board."]
    assert [(p["name"], p["rules"]) for p in files["phases"]["phases"]] == [
        ("Stoke", "Spend coke to raise your heat."), ("Pour", "Pour one order card.")]
    assert "Rulebook 3" not in result.page.read_text(encoding="utf-8")
    assert "3 page furniture line(s)" in result.report_text


# -- round 6: one entry path for every container form -----------------------------------------------------


def test_toggles_hold_the_turn_and_the_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Toggle Game</h1>
        <h2>How a round works</h2>
        <ul class="toggle"><li><details open><summary>🛢️ Refill</summary><p>Take 1 oil.</p></details></li></ul>
        <ul class="toggle"><li><details open><summary>Walk</summary><p>Move up to two paths.</p></details></li></ul>
        <details><summary>Rest</summary><p>Sleep until dawn.</p></details>
        <h2>Glossary</h2>
        <details><summary>Bearer</summary><p>A player.</p></details>
        <details><summary>Oil cube</summary><p>Fuel for your lantern.</p></details>
        """, "book.html")
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Refill", "Walk", "Rest"]
    assert phases[1]["rules"] == "Move up to two paths."
    terms = files["terms"]["terms"]
    assert [(t["term"], t["short"]) for t in terms] == [("Bearer", "A player."), ("Oil cube", "Fuel for your lantern.")]


def test_table_rows_hold_the_setup_and_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Table Game

        ## Set-up

        | # | Do this |
        |:-:|---|
        | 1 | Lay out the board. |
        | 2 | Each player takes 3 workers. |

        ## Turn

        | Phase | What happens |
        |---|---|
        | **Cut** | Take a stone. |
        | **Haul** | Move stones to your yard. |
        """)
    assert files["game"]["setup"] == ["Lay out the board.", "Each player takes 3 workers."]
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [("Cut", "Take a stone."), ("Haul", "Move stones to your yard.")]


def test_a_headerless_html_table_is_all_entries(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Plain Table</h1>
        <h2>Glossary</h2>
        <table><tr><td>Pit</td><td>Stones not yet hauled.</td><td>(see Haul)</td></tr>
        <tr><td>Yard</td><td>Stones ready to build.</td><td></td></tr></table>
        """, "book.html")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Pit", "Yard"]
    assert files["terms"]["terms"][0]["short"] == "Stones not yet hauled."


def test_name_led_paragraphs_hold_the_turn_and_a_dice_table_is_no_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Lead Game

        ## Your turn

        **Sow.** Play one card into your bed.

        **Tend** — spend drops to turn cards into blooms.

        ## Each round

        | d6 | Weather |
        |---|---|
        | 1–3 | Rain. |
        | 4–6 | Sun. |
        """)
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [("Sow", "Play one card into your bed."),
                                                        ("Tend", "spend drops to turn cards into blooms.")]
    assert [t["rows"][0]["result"] for t in files["dice"]["tables"]] == ["Rain."]


def test_sub_headings_without_phase_words_hold_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Heading Game

        ## Sequence of play

        ### Muster

        Raise troops in every town you hold.

        ### March

        Move each army one road.
        """)
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [("Muster", "Raise troops in every town you hold."),
                                                        ("March", "Move each army one road.")]


def test_a_leading_article_is_not_part_of_a_phase_name(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Article Game

        ## Round overview

        ### The tide phase

        Roll the die.

        ### The wading phase

        Move your waders.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Tide", "Wading"]


def test_a_lead_in_ending_with_a_full_stop_is_no_setup_step(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Lead-in Game

        ## Getting ready

        Then prepare the game as follows.

        1. Put the marker on space 1.
        2. Deal 3 cards each.
        """)
    assert files["game"]["setup"] == ["Put the marker on space 1.", "Deal 3 cards each."]
    assert "as follows" in needs  # kept as prose and listed, never dropped


def test_terms_defined_in_bold_inside_sentences(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Sentence Game

        ## Play

        A mudflat whose food has been eaten is called a **bare flat**; nobody collects there. The
        **reed bed** is the safe space on the landward edge. An egg that is fed becomes a **chick**, a token
        that scores a point. You may read the **rules** twice.
        """)
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Bare flat", "Reed bed", "Chick"]
    assert terms[1]["short"].startswith("The reed bed is the safe space")


def test_one_line_html_findings_carry_a_column(tmp_path):
    body = "".join(f"<p>Paragraph {n} of the introduction, long enough to fill the line.</p>" for n in range(30))
    result, _, needs = run(tmp_path, "<html><body><h1>One Line</h1>" + body +
                           "<h2>Setup</h2><p>Nothing to prepare.</p></body></html>\n", "book.html")
    source = (tmp_path / "book.html").read_text(encoding="utf-8")
    col = source.index("<h2>Setup") + 1
    assert f"'Setup' (line 1:{col})" in needs or f"(line 1:{col})" in needs


def test_a_layout_class_containing_toc_drops_nothing_and_a_real_toc_is_reported(tmp_path):
    result, files, needs = run(tmp_path, """\
        <html><body class="article toc2 toc-left">
        <h1>Bell Game</h1>
        <div id="toc" class="toc2"><div id="toctitle">Table of Contents</div>
        <ul><li><a href="#_turn">1. Turn</a></li><li><a href="#_words">2. Glossary</a></li></ul></div>
        <div class="toc"><p>This box is styled like a contents box but holds a rule: every player starts with
        three coins and may never hold more than nine, whatever happens during the game.</p></div>
        <h2 id="_turn">1. Turn</h2>
        <ol><li><strong>Cast</strong>: pour the bronze.</li><li><strong>Ring</strong>: test the bell.</li></ol>
        </body></html>
        """, name="book.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Cast", "Ring"]
    assert "never hold more than nine" in result.page.read_text(encoding="utf-8")
    assert "1 table(s) of contents dropped" in needs and "table of contents (2 link(s)) (line 3)" in needs


def test_a_typed_section_number_does_not_hide_a_setup_heading(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## 2. Preparing the foundry

        1. Put the furnace board in the middle.
        2. Each founder takes two coins.
        """)
    assert files["game"]["setup"] == ["Put the furnace board in the middle.", "Each founder takes two coins."]


def test_a_section_of_preparing_steps_before_the_turn_is_the_setup(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Game

        ## Before the first tide

        - Lay the shore board in the middle of the table.
        - Shuffle the tiles into the sea pile.
        - Each beachcomber takes a raft and 3 coins.

        ## Turn

        1. **Scavenge**: take a tile.
        2. **Haggle**: sell tiles.

        ## Odds and ends

        - Lay the tiles back in the box.
        - Shuffle the tiles for next time.
        - Each beachcomber takes their raft home.
        """)
    assert files["game"]["setup"][0] == "Lay the shore board in the middle of the table."
    assert len(files["game"]["setup"]) == 3
    assert "'Before the first tide' read as the set-up by its content" in result.report_text


def test_paragraphs_led_by_a_bare_number_run_are_setup_steps(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Garden</h1>
        <h2>Planting the beds</h2>
        <p><span class="n">1</span> Shuffle the garden cards.</p>
        <p><span class="n">2</span> Place 4 cards face up.</p>
        <p><span class="n">3</span> Each gardener takes 3 dew drops.</p>
        <h2>Your turn</h2>
        <ol><li><b>Sow</b>: play a card.</li><li><b>Tend</b>: water it.</li></ol>
        """, name="book.html")
    assert files["game"]["setup"] == ["Shuffle the garden cards.", "Place 4 cards face up.",
                                      "Each gardener takes 3 dew drops."]


def test_br_separated_name_definition_lines_are_a_glossary_by_content(tmp_path):
    result, files, _ = run(tmp_path, """\
        <h1>Garden</h1>
        <h2>Around the garden</h2>
        <p>Bed — the cards in front of you.<br>Bloom — a card turned sideways.<br>
        Dew drop — a bead you spend to tend.</p>
        """, name="book.html")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Bed", "Bloom", "Dew drop"]
    assert files["terms"]["terms"][1]["short"].startswith("A card turned sideways")
    assert "'Around the garden' read as a glossary by its content" in result.report_text


def test_a_die_face_list_is_a_dice_table_never_terms(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Garden

        ## Weather

        Roll the die:

        - ⚀ *Frost* — each gardener discards one bloom.
        - ⚁⚂ *Drizzle* — each gardener takes 1 dew drop.
        - ⚃⚄ *Sun* — nothing changes.
        - ⚅ *Gale* — swap one card.
        """)
    assert not (files.get("terms") or {}).get("terms")
    faces = files["dice"]["dice"][0]["faces"]
    assert [f["label"] for f in faces] == ["1 Frost", "2 or 3 Drizzle", "4 or 5 Sun", "6 Gale"]
    rows = files["dice"]["tables"][0]["rows"]
    assert [r["result"] for r in rows] == ["each gardener discards one bloom.", "each gardener takes 1 dew drop.",
                                           "nothing changes.", "swap one card."]


def test_every_unrecognised_section_is_listed_with_its_line_and_a_guess(tmp_path):
    _, _, needs = run(tmp_path, """\
        # Game

        ## Turn

        1. **Draw**: take a card.
        2. **Play**: play a card.

        ## Storms

        Storms come and go; the sea decides.

        ## Spares

        Shuffle the spare cards. Lay them aside. Each player takes one if they lose a card.

        - Shuffle the spare deck.
        - Lay it beside the board.
        """)
    assert "Section 'Storms' was not recognised and is kept as prose; rules text, kept as prose (line 8)" in needs
    assert "Section 'Spares' was not recognised" in needs and "reads as steps" in needs


@pytest.mark.parametrize("text, expected", [
    ("a **bold** and __strong__ word", "a bold and strong word"),
    ("*one* and _two_", "one and two"),
    # Underscores inside words are text, as Python-Markdown reads them: nothing of the source is lost.
    ("window.__pwned=1 and then window.__pwned=2", "window.__pwned=1 and then window.__pwned=2"),
    ("snake_case_name and __init__", "snake_case_name and init"),
])
def test_plain_text_strips_emphasis_only_where_markdown_sees_it(text, expected):
    from rulecraft.cli.importer.text import plain

    assert plain(text) == expected


# -- round 8: the turn by wording, place and content; plain text; question names; closing remarks ----------


def test_a_heading_about_the_flow_of_play_or_a_question_is_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Lantern Game

        ## Before you play

        1. Shuffle the deck.
        2. Deal three cards to each player.

        ## The Flow of Play

        ### Part One – Dusk

        Roll the fog die and light one lamp.

        ### Part Two – The Rounds

        Move your ladder up to three corners.

        ## What happens on a market day?

        Markets are held at the end of the game only.
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Dusk", "Rounds"]
    assert phases[0]["rules"] == "Roll the fog die and light one lamp."


def test_a_question_heading_names_the_turn_and_ordinal_words_leave_the_stage_names(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Kelp

        ## What happens on a market day?

        **First, dive.** Everyone draws two cards.

        **Then, haggle.** Offer one card to any diver.

        **Finally, sell.** Sell any set of three cards.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dive", "Haggle", "Sell"]
    assert "'What happens on a market day?' was taken as the turn by its wording" in result.report_text


def test_a_section_of_instruction_stages_after_the_setup_is_the_turn_by_place_and_content(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Garden

        ## Quick start

        - Give each player a board.
        - Shuffle the module deck.
        - Place the marker on space 1.

        ## An orbit, one stage at a time

        ### Sow

        Place one seedling on an empty tray.

        ### Light

        Roll the sun die; each lit tray grows.

        ### Trade

        Buy one module from the market row.

        ## Good to know

        ### Tray

        One of the twelve growing spaces on your board.

        ### Module

        A card that upgrades your board.

        ### Crate

        A packed group of three produce tiles.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Sow", "Light", "Trade"]
    assert "taken as the turn by its place and content" in result.report_text
    # the definitions are no stages; one sub-heading per name and meaning is a glossary by its content
    assert [t["term"] for t in files["terms"]["terms"]] == ["Tray", "Module", "Crate"]


def test_a_plain_text_file_is_read_as_a_document(tmp_path):
    _, files, _ = run(tmp_path, """\
        ==========================================
                  THE COBBLER'S CIRCUIT
        ==========================================

        3. GETTING STARTED
        ------------------

          a) Lay the board in the middle of the table.
          b) Shuffle the order cards and place two
             face up beside each town.
          c) The youngest cobbler goes first.


        4. HOW A ROUND WORKS
        --------------------

          4.1  MEASURE
               Take one order card from your town and
               lay it on your workbench.

          4.2  STITCH
               Pay leather tokens to finish one order.


        6. WHAT THE WORDS MEAN
        ----------------------

          GUILD MARK ...... a victory point, noted on paper.
          WORKBENCH ....... your card where open orders wait.
          NEIGHBOUR ....... a town joined to yours by a road.
        """, name="rules.txt")
    game = files["game"]
    assert game["title"] == "The Cobbler's Circuit"
    assert game["setup"] == [
        "Lay the board in the middle of the table.",
        "Shuffle the order cards and place two face up beside each town.",
        "The youngest cobbler goes first."]
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Measure", "Stitch"]
    assert phases[0]["rules"] == "Take one order card from your town and lay it on your workbench."
    assert [t["term"] for t in files["terms"]["terms"]] == ["Guild mark", "Workbench", "Neighbour"]


def test_underlined_headings_in_a_markdown_file_stay_markdown(tmp_path):
    """A Markdown file with a real heading is never read as plain text: '4. Item' then '---' is a list and a
    rule there, as Markdown has it."""
    from rulecraft.cli.importer.plaintext import is_plain

    assert is_plain("Title line\n\n1. ONE\n------\n\ntext\n")
    assert not is_plain("# Title\n\n1. ONE\n------\n")
    assert not is_plain("Title\n=====\n\ntext\n")


def test_question_sub_headings_name_their_terms(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Kelp

        ## Hang on, what do all these words mean?

        ### What's the reef?

        The face-down pile of kelp cards in the middle.

        ### What counts as a set?

        Three kelp cards of the same colour.

        ### Who is the tide caller?

        Whoever holds the current die right now.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Reef", "Set", "Tide caller"]


def test_a_closing_remark_and_a_lead_in_are_no_setup_steps(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Kelp

        ## How do we get ready to play?

        Do this once, before the first market day:

        * Deal every diver a stall mat.
        * Shuffle the kelp cards.

        That's it — you're ready.
        """)
    assert files["game"]["setup"] == ["Deal every diver a stall mat.", "Shuffle the kelp cards."]
    assert "'That's it — you're ready.' is not in the set-up list" in needs  # kept, and said so


def test_an_unnamed_row_of_the_turn_joins_the_phase_before_it_and_is_listed(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Garden Game

        ## Turn structure

        | Phase | What happens |
        |---|---|
        | Sow | Plant one seed card. |
        | Tend | Water two plants. |
        | Harvest | Take ripe plants. |
        | | Then the next player takes a turn. |
        | Rest | Discard down to five cards. |
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Sow", "Tend", "Harvest", "Rest"]
    assert "Then the next player takes a turn." in phases[2]["rules"]
    assert "added to phase 'Harvest'" in needs and "Then the next player takes a turn." in needs


def test_a_sentence_in_a_glossary_list_is_listed_not_lost(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Word Game

        ## Glossary

        - **Bloom**: a card that has flowered.
        - **Bud**: a card not yet flowered.
        - **Stem**: the card under a bud.
        - **Root**: the first card of a row.
        - All terms above apply to every player equally.
        """)
    assert len(files["terms"]["terms"]) == 4
    assert "All terms above apply to every player equally." in needs


def test_a_toggle_holding_a_table_is_read_as_ordinary_content(tmp_path):
    _, files, needs = run(tmp_path, """\
        <html><body><h1>Toggle Game</h1>
        <h2>Rules</h2>
        <details><summary>Weather</summary><p>Roll for weather.</p>
        <table><tr><th>Roll</th><th>Weather</th></tr><tr><td>1-3</td><td>Rain</td></tr>
        <tr><td>4-6</td><td>Sun</td></tr></table>
        <blockquote>Important: rain doubles costs.</blockquote></details>
        </body></html>
        """, name="book.html")
    prose = (tmp_path / "out").parent.joinpath("out").glob("**/*.md")
    written = "".join(p.read_text(encoding="utf-8") for p in prose) + yaml.safe_dump(files)
    assert "rain doubles costs" in written
    assert "Rain" in written and "Sun" in written


def test_dotted_and_section_sign_case_numbers_lead_phases_terms_and_steps(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Kestrel

        ## 3.0 DEFINITIONS

        3.1 Point: any intersection of two lines on the board.

        3.2 Line: a straight row of adjacent points.

        3.3 Perch: a point on the outer edge of the board.

        ## 4.0 PREPARE FOR PLAY

        4.1 The players decide who commands the Kestrels.

        4.2 The Stone player places all twelve Stones.

        4.3 The Kestrel player moves first.

        ## 5.0 SEQUENCE OF PLAY

        5.1 The game is played in Game Turns, each divided into the following Phases.

        5.2 Wind Phase. The active player rolls the die.

        5.3 Movement Phase. The active player moves one piece.

        § 5.4 Spring Flood. Every warden adds one brine cube.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Wind", "Movement", "Spring Flood"]
    assert files["phases"]["phases"][0]["rules"] == "The active player rolls the die."
    assert [t["term"] for t in files["terms"]["terms"]] == ["Point", "Line", "Perch"]
    assert files["game"]["setup"][0] == "The players decide who commands the Kestrels."
    assert "5.1" not in str(files["phases"]) and "text at line 21" in needs  # the introductory case stays prose, listed


def test_a_folio_is_page_furniture_never_a_setup_step(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Saltpan

        ## Preparing the Pans

        (a) Spread the estuary board out.

        (b) Each warden takes a screen.

        — 3 —

        ## Terms

        *Pan.* One of the square basins.

        *Quay.* The row along the top edge.

        Page 4
        """)
    assert files["game"]["setup"] == ["Spread the estuary board out.", "Each warden takes a screen."]
    assert "page number dropped: '— 3 —' (line 9)" in needs and "page number dropped: 'Page 4' (line 17)" in needs


def test_a_number_span_joins_its_step_and_an_unknown_heading_is_the_setup_by_content(tmp_path):
    _, files, needs = run(tmp_path, """\
        <h1>Garden</h1>
        <h2>Quick start</h2>
        <div class="step"><span class="num">01</span><p>Give each player a ring board.</p></div>
        <div class="step"><span class="num">02</span><p>Shuffle the module deck.</p></div>
        <div class="step"><span class="num">03</span><p>Set the orbit marker on space 1.</p></div>
        <div class="step"><span class="num">04</span><p>Hand the badge to the youngest player.</p></div>
        """, name="book.html")
    assert files["game"]["setup"] == ["Give each player a ring board.", "Shuffle the module deck.",
                                      "Set the orbit marker on space 1.", "Hand the badge to the youngest player."]


def test_one_card_heading_per_term_is_a_glossary_and_site_chrome_is_listed(tmp_path):
    _, files, needs = run(tmp_path, """\
        <body><nav><ul><li><a href="/">Home</a></li><li><a href="/faq/">FAQ</a></li></ul></nav>
        <h1>Garden</h1>
        <section><h2>Good to know</h2>
        <div class="card"><h4>Tray</h4><p>One of the twelve growing spaces on your ring.</p></div>
        <div class="card"><h4>Module</h4><p>A card that upgrades your ring.</p></div>
        <div class="card"><h4>Crate</h4><p>A packed group of three ripe produce tiles.</p></div>
        </section>
        <footer><p>© 2026 Garden. Built with Hugo.</p></footer></body>
        """, name="book.html")
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Tray", "Module", "Crate"]
    assert terms[2]["short"] == "A packed group of three ripe produce tiles."  # the footer is not in it
    assert "site navigation dropped (2 link(s): Home, FAQ) (line 1)" in needs
    assert "page footer dropped: '© 2026 Garden. Built with Hugo.' (line 8)" in needs


@pytest.mark.parametrize("text, token, rest", [
    ("§ 4.1 Spring Flood. Roll", "§ 4.1", "Spring Flood. Roll"),
    ("5.2 Wind Phase. The active", "5.2", "Wind Phase. The active"),
    ("**3.1 Point:** any intersection", "3.1", "**Point:** any intersection"),
    ("II.3 Evening. Refill", "II.3", "Evening. Refill"),
    ("(c) Shuffle the deck", "(c)", "Shuffle the deck"),
    ("IV. Upkeep", "IV.", "Upkeep"),
    ("Step 3: Deal", "Step 3:", "Deal"),
    ("① **Chop** — Discard", "①", "**Chop** — Discard"),
    ("1\ufe0f\u20e3 Sow", "1\ufe0f\u20e3", "Sow"),
    ("☐ Lay the board", "☐", "Lay the board"),
    ("01 Give each player", "01", "Give each player"),
    ("#3 Trade", "#3", "Trade"),
    # no token: a quantity, a measure, an abbreviation, a roll
    ("3 cards each", "", "3 cards each"),
    ("3.5 mm tiles", "", "3.5 mm tiles"),
    ("e.g. a card", "", "e.g. a card"),
    ("2–3 — Breeze", "", "2–3 — Breeze"),
    ("Wind: the die", "", "Wind: the die"),
])
def test_any_typed_enumeration_token_is_set_apart_from_the_entry(text, token, rest):
    from rulecraft.cli.importer.enumeration import split_lead

    assert split_lead(text) == (token, rest)


def test_bold_label_paragraphs_are_entries_of_a_turn_and_a_glossary_found_by_content(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Hollow Oak

        ## Before the acorns fall

        ☐ Lay the oak board in the middle of the table.

        ☐ Shuffle the nut deck and deal three to each player.

        ☐ Place the owl on the top branch.

        ## Up in the branches

        **🌰 Gather**

        Draw two nut cards and keep one.

        **🦉 Watch**

        Roll the owl die and move the owl that many branches.

        **🏠 Store**

        Put any number of nut cards into your hollow.

        ## Little things

        **Hollow**

        Your hidden store of nut cards.

        **Branch**

        One of the seven spaces the owl moves along.

        **Owl die**

        A six-sided die with owl and leaf faces.
        """)
    assert files["game"]["setup"][0] == "Lay the oak board in the middle of the table."
    assert [(p["name"], p["rules"]) for p in files["phases"]["phases"]][1] == \
        ("Watch", "Roll the owl die and move the owl that many branches.")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Hollow", "Branch", "Owl die"]
    assert "'Little things' read as a glossary by its content" in result.report_text


def test_one_sub_heading_per_step_and_circled_numbers(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Iron Kettle

        ## Laying out

        ### 1. Lay out the board

        Unfold the board in the middle of the table.

        ### 2. Shuffle the recipes

        Shuffle the recipe cards and deal two to each cook.

        ### 3. Fill the pantry

        Put the spice tokens in the pantry bag.

        ## Cooking

        ① **Chop** — Discard a vegetable card to gain two chopped tokens.

        ② **Stir** — Move your spoon one space around the pot.

        ③ **Taste** — Roll the taste die and score its result.

        ## Kitchen words

        - ① Pot: the shared board in the middle.
        - ② Spoon: your marker on the pot's rim.
        - ③ Pantry: the bag of spice tokens.
        """)
    assert len(files["game"]["setup"]) == 3 and "'Laying out' read as the set-up by its content" in result.report_text
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Chop", "Stir", "Taste"]  # instructions: the turn, never a glossary
    assert phases[0]["rules"] == "Discard a vegetable card to gain two chopped tokens."
    assert [t["term"] for t in files["terms"]["terms"]] == ["Pot", "Spoon", "Pantry"]


def test_a_setup_heading_without_steps_does_not_hide_the_setup_found_by_content(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Kettle

        ## Setup

        See the picture on the back of the box.

        ## Getting the kitchen going

        - Unfold the board in the middle of the table.
        - Shuffle the recipe cards and deal two to each cook.
        - Put the spice tokens in the pantry bag.

        ## Each turn

        1. **Cook** — Move your spoon one space.
        2. **Serve** — Score one finished recipe.
        """)
    assert files["game"]["setup"][1] == "Shuffle the recipe cards and deal two to each cook."


def test_tips_and_components_one_sub_heading_each_are_no_glossary(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Kettle

        ## Strategy

        ### Save water

        The tank empties fast in the late orbits.

        ### Keep modules

        A module bought early pays for itself twice.

        ### Watch the flares

        The sun die is kinder than it looks.

        ## Components

        ### Board

        A ring board with twelve trays.

        ### Tiles

        The seedling tiles in four colours.

        ### Die

        A six-sided sun die.
        """)
    assert "terms" not in files or not files["terms"]["terms"]  # a tip names an action; components are no terms
    assert "Section 'Save water' was not recognised" in needs


def test_die_faces_in_their_own_spans_are_rows_of_a_dice_table(tmp_path):
    _, files, needs = run(tmp_path, """\
        <h1>Frost</h1>
        <h2>The weather die</h2>
        <p>Roll the weather die each morning:</p>
        <div class="row"><span class="face">⚀</span><p>Frost — each gardener discards a seedling.</p></div>
        <div class="row"><span class="face">⚁</span><p>Rain — each tray gains a water drop.</p></div>
        <div class="row"><span class="face">⚂</span><p>Sun — every lit tray grows.</p></div>
        <div class="row"><span class="face">⚃</span><p>Wind — nothing grows.</p></div>
        <div class="row"><span class="face">⚄</span><p>Calm — nothing happens.</p></div>
        <div class="row"><span class="face">⚅</span><p>Storm — lose a module.</p></div>
        """, name="book.html")
    table = files["dice"]["tables"][0]
    assert [r["roll"] for r in table["rows"]] == [1, 2, 3, 4, 5, 6] and "icon without text" not in needs


def test_a_long_bold_line_before_short_bold_labels_is_introduction_not_a_crash(tmp_path):
    # A bold paragraph of more than six words is no label; it used to be taken as the first label's place and
    # the reader then appended to a list of labels that was still empty (IndexError: the import aborted).
    result, files, needs = run(tmp_path, """\
        # Reed Hollow

        ## Odds and ends

        **Read this part after your first game.**

        **Reed**

        A stalk the heron can hide in.

        **Pool**

        Any of the six water spaces.

        **Heron**

        The bird every player is trying to feed.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Reed", "Pool", "Heron"]


# -- round 10: layout-only documents, grid tables, callouts, a die's named faces ------------------------------


def _phase_names(files) -> list[str]:
    return [p["name"] for p in files.get("phases", {}).get("phases", [])]


def _term_names(files) -> list[str]:
    return [t["term"] for t in (files.get("terms") or {}).get("terms", [])]


def test_a_txt_file_with_underlined_titles_is_read_by_its_layout_not_as_markdown(tmp_path):
    # indented '-----' under 'Step 1 - SOW' is a setext heading to Markdown: it must not claim the file
    _, files, _ = run(tmp_path, """\
        GARDEN RACE
        ===========

        2. PLAYING A TURN
        =================

          Step 1 - SOW
          ------------
          Plant one seed in an empty bed of your plot.

          Step 2 - WATER
          --------------
          Pour one drop on every bed that holds a seed.

          Step 3 - REAP
          -------------
          Take every flower that has two drops into your basket.
        """, name="readme.txt")
    assert [n.lower() for n in _phase_names(files)] == ["sow", "water", "reap"]


def test_a_pdf_text_reads_capital_titles_above_their_text_and_drops_furniture_with_lines(tmp_path):
    _, files, needs = run(tmp_path, """\
        MARSH LIGHTS

        CONTENTS
        Setting Up ............................ 2
        Playing a Round ....................... 3
        Glossary .............................. 4

        SETTING UP
        1. Place the board in the middle of the table.
        2. Shuffle the path tiles and stack them face down.
        3. Each player takes a pawn and 3 lantern tokens.

                                                                   2
        MARSH LIGHTS                                          RULEBOOK

        GLOSSARY
        Hollow: One of the twelve sunken spaces on the board. Gloom is
        only ever placed in Hollows.
        Lit: A Hollow with a lantern token on its post.
        Warden: The player holding the fog die.

                                                                   3
        MARSH LIGHTS                                          RULEBOOK

        CREDITS
        Thanks to all who played.

                                                                   4
        MARSH LIGHTS                                          RULEBOOK
        """, name="rules.txt")
    assert [s if isinstance(s, str) else s["text"] for s in files["game"]["setup"]][0].startswith("Place the board")
    assert _term_names(files) == ["Hollow", "Lit", "Warden"]
    hollow = files["terms"]["terms"][0]
    assert "only ever placed" in hollow.get("definition", hollow["short"])  # the wrapped line joins its entry
    assert "table of contents dropped (3 entries) (line 3)" in needs  # listed, with the line of its title
    assert "page number dropped: '2' (line 13)" in needs
    assert "running page line dropped: 'MARSH LIGHTS" in needs and "(line 14)" in needs


def test_column_aligned_tables_in_plain_text_are_tables_or_entries(tmp_path):
    _, files, _ = run(tmp_path, """\
        STORM RUN

        WEATHER
        Roll two six-sided dice at the start of each round:

           Roll     Event
           2        Squall: every boat loses a sail.
           3-6      Fog: no boat may move more than 2.
           7-11     Calm: nothing happens.
           12       Tailwind: every boat moves 1 now.

        WORDS USED
           Hex        One space of the sea chart.
           Buoy       A numbered marker. You must pass all six
                      buoys in order to finish a lap.
           Lap        Passing every buoy and landing in the harbour.
        """, name="storm.txt")
    table = files["dice"]["tables"][0]
    assert table["dice"] == "2d6" and "Squall" in table["rows"][0]["result"]
    assert _term_names(files) == ["Hex", "Buoy", "Lap"]
    assert "finish a lap" in files["terms"]["terms"][1].get("definition", "")


def test_plain_text_capitals_titles_with_a_bracketed_aside_and_dash_led_meanings(tmp_path):
    # round 24a: an e-mailed rulebook's section lines in capitals carry an aside in ordinary case, and its
    # glossary pairs each word with a meaning led by a typed dash, the meaning's lines hanging under it
    result, files, _ = run(tmp_path, """\
        OYSTER SKIFFS

        MOVING
        Sail your skiff up to three channels.

        THE TIDE ROLL (1 die)

          1     Neap - nobody may dredge this round
          2-4   Ebb - dredging costs 1 extra rope
          5-6   Spring - take 1 free oyster

        SOME SAILING WORDS (new crew asked)

          Thwart  - the bench across a skiff. A skiff has two
                    thwarts.
          Tiller  - the handle that steers the skiff.
          Bilge   - the bottom of the hull, where the water
                    gathers.
        """, name="mail.txt")
    table = files["dice"]["tables"][0]
    assert table["title"] == "THE TIDE ROLL (1 die)" and table["dice"] == "1d6"
    assert _term_names(files) == ["Thwart", "Tiller", "Bilge"]
    thwart = files["terms"]["terms"][0]
    assert thwart["short"] == "The bench across a skiff."  # the typed dash is the separator, not the meaning
    assert "two thwarts" in thwart["definition"]  # the hanging line joins its entry
    assert "MOVING" in result.report_text


def test_page_builder_heading_widgets_rendered_as_divs_are_headings(tmp_path):
    # round 24a: a page builder's heading widget set to render a <div> (its class names it a heading title,
    # a 'size-…' word ranks it) and an ARIA heading are section titles like <h2>/<h3>
    _, files, _ = run(tmp_path, """\
        <html><body>
        <div class="widget"><h1 class="x-heading-title">Kiln Keepers</h1></div>
        <div class="widget widget-heading"><div class="x-heading-title x-size-large">Potter's words</div></div>
        <div class="widget"><p><strong>Slip</strong> – clay thinned with water, used to join parts.</p>
        <p><strong>Bisque</strong> – a pot fired once, before it is glazed.</p></div>
        <div class="widget widget-heading"><div class="x-heading-title x-size-large">A round of play</div></div>
        <p>Each round has three phases, played in order.</p>
        <div class="box"><h3>1. Throw</h3><p>Shape one pot from your clay on the wheel.</p></div>
        <div class="box"><h3>2. Fire</h3><p>Put your pots in the kiln and roll for the heat.</p></div>
        <div class="box"><h3>3. Sell</h3><p>Sell your fired pots at the market for coins.</p></div>
        <div role="heading" aria-level="3">Kiln heat</div>
        <p>Roll one six-sided die for the heat:</p>
        <table><tr><td>1-2</td><td>Cracked: lose the pot.</td></tr><tr><td>3-5</td><td>Fired: keep it.</td></tr>
        <tr><td>6</td><td>Glowing: gain a coin.</td></tr></table>
        </body></html>
        """, name="rules.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Throw", "Fire", "Sell"]
    assert _term_names(files) == ["Slip", "Bisque"]
    assert files["dice"]["tables"][0]["title"] == "Kiln heat"


def test_ascii_box_and_pandoc_grid_tables_are_tables(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Vault

        ## Complications

        Roll a d66 when a break-in fails:

        +---------+------------------------------------------+
        | **d66** | **Complication**                         |
        +=========+==========================================+
        | 11--36  | **Squeaky floorboard.** Raise the Heat   |
        |         | by 1 more.                               |
        +---------+------------------------------------------+
        | 41--66  | **Guard dog.** Move the nearest guard.   |
        +---------+------------------------------------------+

        ## Glossary

        +-------------+------------------------------------------+
        | **Term**    | **Meaning**                              |
        +=============+==========================================+
        | Heat        | How close the watch is to finding you.   |
        |             | Tracked from 0 to 10.                    |
        +-------------+------------------------------------------+
        | Crew        | All the players together.                |
        +-------------+------------------------------------------+
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert [r["roll"] for r in rows] == ["11-36", "41-66"] and "by 1 more" in rows[0]["result"]
    assert _term_names(files) == ["Heat", "Crew"]


def test_a_pdftohtml_page_of_br_lines_is_read_by_its_layout(tmp_path):
    _, files, needs = run(tmp_path, """\
        <!DOCTYPE html><html><head><title>ember.pdf</title></head>
        <body>
        <a name=1></a><b>EMBER GROVE</b><br/>
        A card game for 2–4 growers<br/>
        <b>SETTING UP</b><br/>
        1.&#160;Each grower takes three grove cards and lays them in a row in front of<br/>
        them.<br/>
        2.&#160;Put one ember token on the middle tree.<br/>
        3.&#160;Shuffle the fruit cards into a deck.<br/>
        <b>PLAYING A ROUND</b><br/>
        Each round has three phases.<br/>
        Ember Grove · Print-and-Play · 1<br/>
        <hr/>
        <a name=2></a><b>1 · KINDLE</b><br/>
        Roll the ember die and add embers to your trees.<br/>
        <b>2 · TEND</b><br/>
        Play one fruit card onto a tree in your grove.<br/>
        <b>3 · PICK</b><br/>
        Pick every ripe fruit and move it to your basket.<br/>
        Ember Grove · Print-and-Play · 2<br/>
        <hr/>
        <a name=3></a><b>WORDS WE USE</b><br/>
        <b>Grove</b>&#160;– the row of three tree cards in front of a grower.<br/>
        <b>Ember</b>&#160;– a token showing heat on a tree. Embers come from and go back<br/>
        to the bowl.<br/>
        <b>Basket</b>&#160;– your face-down pile of picked fruit.<br/>
        Ember Grove · Print-and-Play · 3<br/>
        </body></html>
        """, name="ember.html")
    assert _phase_names(files) == ["Kindle", "Tend", "Pick"]
    assert len(files["game"]["setup"]) == 3
    assert _term_names(files) == ["Grove", "Ember", "Basket"]


def test_a_stray_hash_or_rule_does_not_make_a_txt_file_markdown_but_real_markdown_stays_markdown():
    from rulecraft.cli.importer.plaintext import is_plain

    assert is_plain("TITLE\n\n# of players: 2-4\n\n---\n\n* one\n", ".txt")
    assert is_plain("TITLE\n\n  Step 1 - SOW\n  ------------\n  text\n", ".md")  # an indented underline
    assert not is_plain("# Title\n\ntext\n\n## Setup\n\ntext\n", ".txt")
    assert not is_plain("---\ntitle: x\n---\ntext\n", ".txt")


def test_a_table_inside_a_callout_is_a_dice_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Post

        ## Weather

        > [!note] Weather table (roll 1d6)
        > | d6 | Weather | What happens |
        > |----|---------|--------------|
        > | 1-2 | Sleet | Move the snow marker. |
        > | 3 | Drizzle | The top letter becomes [[#Soggy\\|soggy]]. |
        > | 4-6 | Fair | Nothing happens. |
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert len(rows) == 3 and "soggy" in rows[1]["result"]


def test_a_die_face_table_takes_its_result_from_the_column_its_header_names(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Bramble

        ## The thorn die

        The thorn die is rolled at the start of every turn.

        | Face | Symbol | Effect |
        | --- | --- | --- |
        | Leaf (×2) | 🌿 | Take 1 herb from the market. |
        | Cap | 🍄 | Move 1 extra space this turn. |
        | Thorn | 🌵 | Place 1 bramble next to your witch. |
        """)
    table = files["dice"]["tables"][0]
    assert [r["result"] for r in table["rows"]][0] == "Take 1 herb from the market."
    die = files["dice"]["dice"][0]
    assert [f["label"] for f in die["faces"]] == ["Leaf (×2)", "Cap", "Thorn"]


def test_named_faces_after_a_faces_lead_are_a_die_not_terms(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Orchard

        ## The ember die

        Its six faces are:

        - Spark (two faces) – add one ember to any one tree.
        - Flame (two faces) – add one ember to every tree with fruit.
        - Ash – remove one ember from your fullest tree.
        - Blaze – add two embers to every tree.
        """)
    assert "terms" not in files or not _term_names(files)
    assert [f["label"] for f in files["dice"]["dice"][0]["faces"]][0] == "Spark (two faces)"


def test_changelog_versions_and_faq_leads_are_no_terms(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Courier

        ## Keywords

        - **Beacon** – a station you deliver to.
        - **Heat** – how hot your ship runs.
        - **Lane** – a route between two beacons.

        ## FAQ

        Q: Can I deliver twice?
        A: No, once per turn.
        Q: Can Heat go above 6?
        A: No, it stops at 6.

        ## Changelog

        - **v1.3** – Fragile parcels can no longer be dealt at setup.
        - **v1.2** – Redrawn map, lanes rebalanced.
        - **v1.1** – Added two encounters.
        """)
    assert _term_names(files) == ["Beacon", "Heat", "Lane"]


def test_a_bbcode_forum_post_is_read_as_its_own_markup(tmp_path):
    result, files, needs = run(tmp_path, """\
        [size=18][b]Moor Walk – rules[/b][/size]

        [ImageID=81234 medium]

        [size=14][b]1. SETTING UP[/b][/size]

        1. Unfold the board.
        2. Give every walker 2 stones.

        [size=14][b]2. THE DAY[/b][/size]

        [u][b]Step 1 – Weather[/b][/u]
        Roll both dice and look up the Weather table.

        [u][b]Step 2 – Walk[/b][/u]
        Move up to 3 spaces. [foo]kept[/foo]

        [size=14][b]3. DICE[/b][/size]

        [b]Weather table[/b] – roll 2d6 in step 1:

        [c]
        Roll   Weather    Effect
        2-6    Sleet      Walk at most 2 spaces.
        7-12   Fair       No effect.
        [/c]

        [size=14][b]4. GLOSSARY[/b][/size]

        [b]Cairn[/b] – a pile of stones marking the trail.
        [b]Supply[/b] – the stones no walker holds.
        """, name="post.txt")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Weather", "Walk"]
    assert "[foo]kept[/foo]" in files["phases"]["phases"][1]["rules"]  # an unknown tag stays as text
    assert files["game"]["setup"] == ["Unfold the board.", "Give every walker 2 stones."]
    table = files["dice"]["tables"][0]
    assert (table["title"], table["dice"], table["rows"][0]["roll"]) == ("Weather table", "2d6", "2-6")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Cairn", "Supply"]
    assert "image '81234 medium' embedded in the post is not included (line 3)" in needs


def test_bold_phase_labels_take_the_paragraphs_below_and_equals_pairs_a_term(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Trawlers

        ## How a round works

        Each round every captain goes through the phases in order.

        **Phase 1 - Set Sail**

        Move your boat up to 2 spaces.

        **Phase 2 - Cast Nets**

        Take the cubes from your ground.

        At the end of each round flip the top season card.

        ## Terminology

        **Hold** = the squares where your fish sit.

        **Haul** = stop rolling and keep what you caught.
        """)
    phases = files["phases"]["phases"]
    assert [(p["name"], p["rules"]) for p in phases] == [("Set Sail", "Move your boat up to 2 spaces."),
                                                         ("Cast Nets", "Take the cubes from your ground.")]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Hold", "Haul"]
    assert "flip the top season card" in result.page.read_text(encoding="utf-8")  # the section's close stays prose


def test_named_faces_counted_in_each_entry_or_led_by_has_faces_are_a_die(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Compass

        ## Dice

        **Tide die (custom d6)**

        - **High tide** (2 faces) - Move 1 extra space.
        - **Low tide** (2 faces) - You cannot move next phase.
        - **Slack water** (2 faces) - Nothing happens.

        ### Compass die

        The compass die has eight faces. Roll it once for each sheet.

        - **N, E, S, W** (four faces): true bearing.
        - **NE, SW** (two faces): slight drift.
        - **NW** (one face): off the map.
        - **SE** (one face): worth double.
        """)
    tables = {t["title"]: t for t in files["dice"]["tables"]}
    assert set(tables) == {"Tide die (custom d6)", "Compass die"}
    labels = [f["label"] for d in files["dice"]["dice"] for f in d["faces"]]
    assert "N, E, S, W (four faces)" in labels and "High tide (2 faces)" in labels
    assert "cards" not in files or not files["cards"].get("decks")


def test_phase_headings_all_labelled_by_a_colon_are_named_after_it(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Fair

        ## A day at the fair

        ### 4.1 Morning: Raise the Stalls

        Buy one stall card.

        ### 4.2 Noon: The Crowd Arrives

        Roll for visitors.

        ### 4.3 Evening: Count the Takings

        Score your stalls.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Raise the Stalls", "The Crowd Arrives",
                                                              "Count the Takings"]
    page = result.page.read_text(encoding="utf-8")
    assert "Morning: Raise the Stalls" in page and "Evening: Count the Takings" in page  # the label stays


def test_colon_headings_sharing_one_label_keep_their_whole_name(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Fair

        ## Turn

        ### 1. Action: Move

        Move.

        ### 2. Action: Build

        Build.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Action: Move", "Action: Build"]


def test_template_block_tags_are_markup_hints_notes_and_steps_sub_headings(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Relay

        {% hint style="info" %}
        These are the living rules.
        {% endhint %}

        A race up a tower for 2 to 6 players.

        ## Setting up

        {% stepper %}
        {% step %}
        ### Build the tower

        Lay the four sections end to end.
        {% endstep %}

        {% step %}
        ### Form the teams

        Split into teams of two or three.
        {% endstep %}
        {% endstepper %}

        {% hint style="warning" %}
        Leave the top landing empty in a two-player game.
        {% endhint %}

        ## Playing a turn

        {% tabs %}
        {% tab title="Short version" %}
        Roll, climb, hand off.
        {% endtab %}
        {% endtabs %}
        """)
    assert files["game"]["setup"] == ["**Build the tower:** Lay the four sections end to end.",
                                      "**Form the teams:** Split into teams of two or three."]
    assert "{%" not in files["game"]["summary"]
    page = result.page.read_text(encoding="utf-8")
    assert "{%" not in page and "Short version:" in page  # a tab's title is kept
    assert '!!! warning' in page and "Leave the top landing empty" in page


def test_html_table_and_details_toggles_in_markdown_are_read_as_html(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Relay

        ## Turn

        ### 1. Weather

        Roll the weather die.

        <table><thead><tr><th>Face</th><th>Effect</th></tr></thead><tbody><tr><td>Sun</td><td>No effect.</td></tr><tr><td>Rain</td><td>Stairs cost 1 extra.</td></tr><tr><td>Storm</td><td>Flip two stairs.</td></tr></tbody></table>

        ### 2. Climb

        Move up the stairs.

        ## Glossary

        <details>

        <summary>Torchbearer</summary>

        The runner holding the torch.

        </details>

        <details>
        <summary>Landing</summary>

        A wide, flat space on the tower.
        </details>
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Torchbearer", "Landing"]
    assert files["terms"]["terms"][1]["short"] == "A wide, flat space on the tower."
    rows = files["dice"]["tables"][0]["rows"]
    assert [r["result"] for r in rows] == ["No effect.", "Stairs cost 1 extra.", "Flip two stairs."]
    assert "<table>" not in result.page.read_text(encoding="utf-8")


def test_a_word_plain_text_save_reads_tabs_as_lists_tables_and_bare_lines_as_headings(tmp_path):
    text = ("HIVE GAME\n"
            "A game of bees\n"
            "\n"
            "Contents\n"
            "Setting Up\t2\n"
            "Forage Phase\t3\n"
            "Glossary\tback cover\n"
            "\n"
            "Setting Up\n"
            "Follow these steps.\n"
            "1.\tPlace the board in the middle of the table.\n"
            "2.\tEach player takes 8 bees.\n"
            "Example: Ada takes the red bees.\n"
            "\n"
            "Forage Phase\n"
            "Roll the two dice.\n"
            "2d6\tResult\n"
            "2\u20134\tThe swarm is lost.\n"
            "5\u201312\tNothing happens.\n"
            "Then place your bees.\n"
            "\u2022\tA blossom holds as many bees as it has petals.\n"
            "\n"
            "Glossary\n"
            "Brood: A face-down comb tile.\n"
            "Nectar: The amber cubes.\n")
    result, files, needs = run(tmp_path, text, name="book.txt")
    assert files["game"]["setup"] == ["Place the board in the middle of the table.", "Each player takes 8 bees."]
    assert [r["result"] for r in files["dice"]["tables"][0]["rows"]] == ["The swarm is lost.", "Nothing happens."]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Brood", "Nectar"]
    assert "table of contents dropped" in needs
    page = result.page.read_text(encoding="utf-8")
    assert "Example: Ada takes the red bees." in page and "\t" not in page


def test_phases_named_by_a_list_take_their_rules_from_their_own_headings(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Hive

        ## The Round

        Each round has three phases, in this order:

        1. Forage
        2. Tend
        3. Market

        ## Forage Phase

        Send your bees to the blossoms.

        ## Tend Phase

        Each player does the following:

        - Build comb for 2 Nectar.
        - Fill comb for 1 Nectar.

        ## Market Phase

        Sell your jars.
        """)
    phases = {p["name"]: p for p in files["phases"]["phases"]}
    assert phases["Forage"]["rules"] == "Send your bees to the blossoms."
    assert phases["Tend"]["steps"] == ["Build comb for 2 Nectar.", "Fill comb for 1 Nectar."]
    assert phases["Market"]["rules"] == "Sell your jars."


WIKI_PAGE = """{{Infobox board game
| title   = Orrery
| players = 2–5
}}
'''Orrery''' is a [[board game]] for two to five players.<ref>{{cite web |title=Orrery}}</ref>

== Setup ==
# Turn each ring to the '''Dawn''' arrow.
# Shuffle the [[Discovery card|discovery cards]] into a deck.<ref name="rulebook" />

== Sky die ==
{| class="wikitable"
|+ Sky die
! Face !! Result
|-
| Clear || No effect.
|-
| Comet || Take 2 Gears.
|}

== Terminology ==
; Gear
: The game's currency.
; Paper
: A card in your hand.

[[Category:Board games]]
"""


def test_wiki_page_source_is_read_as_its_own_markup_templates_and_refs_listed(tmp_path):
    result, files, needs = run(tmp_path, WIKI_PAGE, name="book.txt")
    assert files["game"]["title"] == "Orrery"
    assert files["game"]["setup"] == ["Turn each ring to the **Dawn** arrow.",
                                      "Shuffle the discovery cards into a deck."]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Gear", "Paper"]
    assert [r["result"] for r in files["dice"]["tables"][0]["rows"]] == ["No effect.", "Take 2 Gears."]
    assert "wiki template 'Infobox board game' dropped" in needs and "(line 1)" in needs
    assert "reference dropped" in needs and "wiki category dropped: 'Board games'" in needs
    assert "{{" not in result.page.read_text(encoding="utf-8")


def test_a_stated_phase_count_makes_plain_sub_headings_the_phases(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Orrery

        ## Gameplay

        Each round every player takes one turn. A turn has three phases.

        ### Consult the Sky

        The active player rolls the sky die.

        ### Wind the Orrery

        Spend Gears to rotate rings.

        ### Publish

        Place one paper in the journal.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Consult the Sky", "Wind the Orrery", "Publish"]
    assert files["phases"]["phases"][0]["rules"] == "The active player rolls the sky die."


def test_paragraph_styles_naming_a_heading_level_are_headings(tmp_path):
    # A layout program's or word processor's HTML export writes no <h1>..<h6>: the paragraph style names them
    result, files, needs = run(tmp_path, """\
        <html><body>
        <div><p class="Heading1">Harbour Game</p><p class="Body">A trading game.</p></div>
        <div><p class="H1-Section">Setup</p>
        <ol><li class="Numbered">Place the board in the centre.</li><li>Give each player 3 ships.</li>
        <li>Shuffle the guild cards.</li></ol></div>
        <div><p class="Titre-1">Sequence of Play</p><p class="Body">A round has two phases.</p>
        <p class="H2-Phase">Tide Phase</p><p class="Body">Roll the dice and move the tide marker.</p>
        <p class="H2-Phase">Trade Phase</p><p class="Body">Each captain may fulfil one card.</p>
        <p class="Sidebar-Head">First game?</p><p class="Body">Leave the gold cards out.</p></div>
        </body></html>
        """, name="book.html")
    assert files["game"]["title"] == "Harbour Game"
    assert _phase_names(files) == ["Tide", "Trade"]
    assert files["game"]["setup"][0].startswith("Place the board")
    assert "First game?" in files["phases"]["phases"][1]["rules"]  # a style that names no level stays text


def test_a_print_layouts_folios_contents_entries_and_styled_glossary_terms(tmp_path):
    result, files, needs = run(tmp_path, """\
        <html><body>
        <div><p class="H1-Section">Harbour</p><p class="Body">A <span class="Bold">trading</span> game.</p></div>
        <div><p class="TOC-Title">Contents</p><p class="TOC-Level-1">Glossary<span class="TOC-Dots">\t</span>8</p></div>
        <div><p class="Folio">7</p></div>
        <div><p class="H1-Section">Glossary</p><p class="Page-Number">8</p>
        <p class="Glossary"><span class="Glossary-Term">Quay</span> The long dock along the harbour board.</p>
        <p class="Glossary"><span class="Glossary-Term">Renown</span> Victory points, kept face down.</p>
        <p class="Glossary"><span class="Glossary-Term">Toll</span> One cargo cube paid to the warehouse.</p>
        </div></body></html>
        """, name="book.html")
    assert _term_names(files) == ["Quay", "Renown", "Toll"]
    assert files["terms"]["terms"][0]["short"] == "The long dock along the harbour board."
    page = result.page.read_text(encoding="utf-8")
    assert "A **trading** game." in page  # a character style named 'Bold' is bold without its stylesheet
    assert "Glossary8" not in page and "\n7\n" not in page
    assert "contents entry dropped: 'Glossary 8' (line 3)" in needs
    assert "page number dropped: '7' (line 4)" in needs and "page number dropped: '8' (line 5)" in needs


def test_banner_images_in_capitals_title_their_sections(tmp_path):
    # a campaign page draws its section titles as images: the alternative text is the only place their words are
    result, files, needs = run(tmp_path, """\
        <html><body>
        <h1>Dairy</h1>
        <p>A cosy farming game.</p>
        <figure><img src="banner_setup.png" alt="SETTING UP THE FARM"></figure>
        <ol><li>Give each player a farm board.</li><li>Place the market board in the middle.</li>
        <li>Shuffle the order cards.</li></ol>
        <figure><img src="flatlay.jpg" alt="Flat lay of all components: boards, cows and tokens"></figure>
        <figure><img src="banner_keywords.png" alt="KEYWORDS"></figure>
        <p><strong>Pasture</strong> – the green area of your farm board.</p>
        <p><strong>Fresh</strong> – a cow that grazed tonight.</p>
        </body></html>
        """, name="book.html")
    assert files["game"]["title"] == "Dairy"
    assert files["game"]["setup"][0] == "Give each player a farm board."
    assert _term_names(files) == ["Pasture", "Fresh"]
    page = result.page.read_text(encoding="utf-8")
    assert "## Setting Up the Farm" in page and "## Keywords" in page  # set in capitals for type only
    assert "Flat lay of all components" in page and "## Flat lay" not in page  # a described photo is no title
    assert "image 'SETTING UP THE FARM' (banner_setup.png) is not included (line 4)" in needs


def test_emoji_led_numbered_phase_headings_amount_entries_and_a_die_with_custom_faces(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Dairy

        ## Stretch goals

        - ✅ £15,000 — wooden cow meeples instead of cardboard
        - ✅ £25,000 — linen finish on all cards
        - 🔒 £55,000 — a second Herd die for every player

        ## A night on the farm

        Every night has three steps:

        ### 🌙 1. Graze

        The Farmer of the Night rolls the Herd die.

        ### 🥛 2. Milk

        Each Fresh cow gives 1 Milk token.

        ### 🛒 3. Sell

        Sell goods at the market.

        ## The Herd die

        The Herd die is a wooden six-sided die with custom faces. Its result affects every farm:

        - **Happy Cow** (two faces): every player gains 1 Milk.
        - **Full Moon**: Fresh cows give 1 extra Milk.
        - **Fox**: each player with no cow in the barn loses 1 Butter.
        - **Golden Bell**: the Farmer of the Night takes 1 Prize Ribbon.
        """)
    assert _phase_names(files) == ["Graze", "Milk", "Sell"]
    assert _term_names(files) == []  # '✅ £15,000 — …' names no term: a stretch goal
    die = files["dice"]["dice"][0]
    assert [face["label"] for face in die["faces"]] == ["Happy Cow (two faces)", "Full Moon", "Fox", "Golden Bell"]


def test_a_google_docs_markdown_download_anchors_escapes_term_table_and_face_header(tmp_path):
    result, files, needs = run(tmp_path, """\
        # **Smugglers** {#smugglers}

        ## **How a round works** {#how-a-round-works}

        A round has three phases.

        **Phase 1 \\- Lookout**
        The Lookout rolls the Cutter die.

        **Phase 2 \\- Load**
        Each player takes up to 3 Contraband tokens \\+ 1 coin.

        **Phase 3 \\- Stash**
        Each boat unloads its Contraband.

        ## **The Cutter die** {#the-cutter-die}

        | Face (d6) | The Revenue Cutter… |
        | :---- | :---- |
        | Anchor (1) | stays in the harbour. |
        | Patrol (2–3) | moves to the next cove. |
        | Storm (4–6) | stays where it is. |

        ## **Words we use** {#words-we-use}

        | Term | Meaning |
        | :---- | :---- |
        | **Cove** | One of the five hiding places along the coast. |
        | **Heat** | How much the authorities suspect you. |
        """)
    assert files["game"]["title"] == "Smugglers"
    assert _phase_names(files) == ["Lookout", "Load", "Stash"]
    assert _term_names(files) == ["Cove", "Heat"]
    die = files["dice"]["dice"][0]
    assert die["name"] == "The Cutter die"
    assert [face["label"] for face in die["faces"]] == ["Anchor (1)", "Patrol (2–3)", "Storm (4–6)"]
    assert "{#" not in result.page.read_text(encoding="utf-8")


def _pasted_from_a_pdf_viewer(body: str) -> str:
    # every printed line kept and no blank line anywhere (a PDF viewer's 'Select all', pasted)
    filler = "\n".join(f"Line {n} of the story, a sentence that ends here." for n in range(12))
    return "FERRY RAILS\nA game of railways\nOVERVIEW\n" + filler + "\n" + textwrap.dedent(body)


def test_a_text_pasted_from_a_pdf_viewer_reads_capital_titles_after_a_sentence_end(tmp_path):
    result, files, needs = run(tmp_path, _pasted_from_a_pdf_viewer("""\
        PLAYING A ROUND
        Each round is divided into three phases, played in this order:
        1 Dispatch   2 Lay Track   3 Haul
        Each player finishes their part of a phase before the next player begins.
        PHASE 1 – DISPATCH
        The Stationmaster rolls the Weather die. The result applies to all players
        until the end of the round.
        PHASE 2 – LAY TRACK
        On your turn, you may lay up to 3 track pieces.
        PHASE 3 – HAUL
        Move your locomotive along your own track.
        QUICK REFERENCE
        Round: Dispatch → Lay Track → Haul
        Locomotive: moves up to 3 towns, carries 2 crates
        Upkeep: 1 Coal per carried crate, or Stranded
        """), name="book.txt")
    assert _phase_names(files) == ["Dispatch", "Lay track", "Haul"]  # 'LAY' is a word, not an abbreviation
    assert files["phases"]["phases"][0]["rules"].endswith("until the end of the round.")
    assert _term_names(files) == []  # a quick reference recaps the rules: its 'Label: value' lines are no terms


def test_numbered_name_lines_in_a_pasted_text_are_a_dies_faces(tmp_path):
    result, files, needs = run(tmp_path, _pasted_from_a_pdf_viewer("""\
        THE WEATHER DIE
        The Weather die is a custom six-sided die. Its faces show the following results; the
        Stationmaster reads the result aloud.
        1 Blizzard: no one may lay track on mountain routes
        this round.
        2 Rain: river routes cost 1 extra Coal this round.
        3 Clear Skies: no effect.
        4 Clear Skies: no effect.
        5 Tailwind: each locomotive may move 1 extra town.
        6 Heatwave: each player discards 1 Coal.
        """), name="book.txt")
    table = files["dice"]["tables"][0]
    assert [row["result"] for row in table["rows"]][:2] == [
        "No one may lay track on mountain routes this round.", "River routes cost 1 extra Coal this round."]
    assert [face["label"] for face in files["dice"]["dice"][0]["faces"]][:3] == ["Blizzard", "Rain", "Clear Skies"]


def test_a_bold_label_list_of_amounts_is_the_games_facts_not_a_glossary(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Delve

        You are a band of delvers going down together.

        - **Players:** 1–4 (cooperative)
        - **Time:** 30–50 min
        - **Age:** 10+

        ## Rules of thumb

        - **Delver:** a player's character, with a board and a standee.
        - **Gloom:** the track that counts down to defeat.
        - **Supply:** the tokens beside the board, shared by everyone.
        """)
    assert _term_names(files) == ["Delver", "Gloom", "Supply"]


def test_a_word_processor_table_with_a_bold_first_row_is_headed(tmp_path):
    # Google Docs writes no <th> or <thead>: its header row is bold text alone
    result, files, needs = run(tmp_path, """\
        <html><body><h1>Rookery</h1>
        <h2>The Squabble die</h2>
        <p>Each Squabble die has six faces. The higher face in this list beats the lower one.</p>
        <table>
        <tr><td><p><b>Face</b></p></td><td><p><b>On the die</b></p></td><td><p><b>What it does</b></p></td></tr>
        <tr><td><p>Claw</p></td><td><p>1 face</p></td><td><p>Win the squabble outright.</p></td></tr>
        <tr><td><p>Beak</p></td><td><p>2 faces</p></td><td><p>Beats a Wing.</p></td></tr>
        <tr><td><p>Wing</p></td><td><p>3 faces</p></td><td><p>Loses to anything.</p></td></tr>
        </table></body></html>
        """, name="book.html")
    table = files["dice"]["tables"][0]
    assert [row["result"] for row in table["rows"]] == ["Win the squabble outright.", "Beats a Wing.",
                                                        "Loses to anything."]
    assert [face["label"] for face in files["dice"]["dice"][0]["faces"]] == ["Claw", "Beak", "Wing"]


def test_a_titled_br_list_of_rolls_and_article_free_ranges_in_a_sentence_are_tables(tmp_path):
    result, files, needs = run(tmp_path, """\
        <html><body><h1>Parade</h1>
        <h2>Dice</h2>
        <p><strong>Wind (roll 1 d6 in the Gust step)</strong><br>
        1 – Calm: nothing happens.<br>
        2–4 – Breeze: blow out one lantern.<br>
        5–6 – Sparks: relight one lantern.</p>
        <p><strong>Firework check</strong> – when a lantern reaches the Bridge, roll 2d6 once. On 2–6 nothing,
        on 7–10 take 1 extra wax, on 11–12 score a Firework (3 points at the end).</p>
        <p>Move on 3 spaces, or on 4 to 5 if the road is clear.</p>
        </body></html>
        """, name="book.html")
    wind, firework = files["dice"]["tables"]
    # the bracketed rule is no part of the table's name: it leads the table's notes
    assert wind["title"] == "Wind" and wind["notes"] == "Roll 1 d6 in the Gust step." and wind["dice"] == "1d6"
    assert [row["roll"] for row in wind["rows"]] == [1, "2-4", "5-6"]
    assert firework["title"] == "Firework check" and firework["dice"] == "2d6"
    assert [row["result"] for row in firework["rows"]] == ["Nothing", "Take 1 extra wax",
                                                           "Score a Firework (3 points at the end)."]


def test_phase_headings_with_a_middle_dot_separator_are_named_after_it(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Quarry

        ## Playing a Season

        ### Phase 1 · Muster

        Stand all your Masons upright again.

        ### Phase 2 · Quarry

        Place one Mason at a time on a seam.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Muster", "Quarry"]


def test_turn_sub_headings_counted_with_a_word_of_their_own_are_the_phases(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Burrow

        ## The night

        Every night has three watches, played in this order.

        ### Watch 1: Stir

        Roll the moon die.

        ### Watch 2: Forage

        Send badgers out one at a time.

        ### Watch 3: Bed Down

        Each badger eats 1 food.

        ## Variants

        ### Chapter 1: The long winter

        Play with four nights only.

        ### Chapter 2: Spring

        Play with eight nights.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Stir", "Forage", "Bed Down"]


def test_plain_text_equals_underlines_outrank_dashes_whichever_comes_first(tmp_path):
    _, files, _ = run(tmp_path, """\
        THE BADGER GAME

        CONTENTS
        --------

          1. The night
          2. Glossary


        1. THE NIGHT
        ============

          Every night has three parts, played in this order.


        Stir
        ----

          Roll the moon die and read the result.


        Forage
        ------

          Send badgers out one at a time to meadow spaces.


        Dig
        ---

          Lay one tunnel tile next to one of your tunnels.
        """, name="book.txt")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Stir", "Forage", "Dig"]


def test_a_hanging_indent_glossary_with_entries_set_apart_is_read(tmp_path):
    _, files, _ = run(tmp_path, """\
        THE BADGER GAME

        GLOSSARY
        ========

          Sett          All the tunnel tiles connected to one clan's entrance.
                        A clan has exactly one sett.

          Entrance      The first tile of a sett, placed during set-up on an
                        edge space of the wood.

          Cub           One of the two badgers that start beside your board.
        """, name="book.txt")
    terms = files["terms"]["terms"]
    assert _term_names(files) == ["Sett", "Entrance", "Cub"]
    assert terms[0]["definition"].endswith("A clan has exactly one sett.")


def test_a_credits_list_is_no_glossary_and_a_letter_spaced_title_is_its_word(tmp_path):
    result, files, needs = run(tmp_path, """\
        =====================================================
                       B U R R O W M A R K
        =====================================================

          Game design ......... Fenna Roos
          Artwork ............. Oskar Lindqvist (board and tiles)
          Licence ............. CC BY-NC-SA 4.0 (share it, don't sell it)

        SETTING UP
        ----------

          1) Lay the board in the middle of the table.
          2) Give each player 3 food.
        """, name="book.txt")
    assert "terms" not in files or not files["terms"].get("terms")
    assert files["game"]["title"] == "Burrowmark"


def test_a_quick_reference_naming_the_phases_and_variants_are_no_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Fair

        ## A day at the fair

        1. **Dawn**: roll for the weather.
        2. **Barter**: make one offer to each player.
        3. **Dusk**: pass the Town Crier token.

        ## Quick Reference

        - **Dawn**: Roll for the weather, draw 3 Goods.
        - **Barter**: One offer each; Haggle for 1 Ribbon.
        - **Dusk**: Clear the shows, keep 4 Goods.

        ## Variants to try

        **Walking flyers:** at the start of the round each flyer may move to a neighbouring tile.

        **Calm day:** no wind roll in the first round.

        **Gull-free:** leave the gull tokens in the box.

        ## Glossary

        **Stall:** your player board.

        **Goods:** the tokens you trade.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dawn", "Barter", "Dusk"]
    assert _term_names(files) == ["Stall", "Goods"]


def test_a_table_without_header_cells_starts_with_its_first_roll(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Kites</h1>
        <h2>The wind roll</h2>
        <p>Roll two dice and add them up, then check this list:</p>
        <table>
        <tr><td>2-6</td><td>Dead calm. Every kite drops 1 height.</td></tr>
        <tr><td>7</td><td>Sea breeze. Nothing special.</td></tr>
        <tr><td>8-12</td><td>Storm! Every kite is Tangled.</td></tr>
        </table></body></html>
        """, name="book.html")
    rows = files["dice"]["tables"][0]["rows"]
    assert rows[0] == {"roll": "2-6", "result": "Dead calm. Every kite drops 1 height."} and len(rows) == 3


def test_a_contents_list_of_the_documents_own_headings_is_no_components_list(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Quarry

        ## Contents

        - Overview — 2
        - Components — 2
        - Setting Up — 3

        ## Overview

        Cut the stone.

        ## Components

        - 1 quarry board
        - 12 Seam tiles

        ## Setting Up

        1. Unfold the quarry board.
        2. Shuffle the Seam tiles.
        """)
    assert [c["name"] for c in files["game"]["components"]] == ["1 quarry board", "12 Seam tiles"]


def test_a_sidebar_and_a_caption_after_the_numbered_steps_are_no_steps(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Orchard Game

        ## Setting Up

        1. Unfold the board.
        2. Deal three grove tiles to each player.
        3. Put the apples into a bowl.

        The player who last ate an apple goes first.

        **Two growers?** With two players, remove the twelve tiles marked with a lantern.

        A three-player game, ready to begin.
        """)
    assert files["game"]["setup"] == ["Unfold the board.", "Deal three grove tiles to each player.",
                                      "Put the apples into a bowl.", "The player who last ate an apple goes first."]
    assert "'Two growers?' is not in the set-up list" in needs
    assert "'A three-player game, ready to begin.' is not in the set-up list" in needs


def test_a_counted_step_is_named_by_the_name_before_its_dash(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Reef Game

        ## Turn sequence

        | # | Step |
        |---|---|
        | 1 | Chart – Reveal the tile next to your skiff. |
        | 2 | Sail – Move up to 3 clouds. |
        | 3 | Dive – Roll the die once per crew. |
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Chart", "Sail", "Dive"]
    assert phases[1]["rules"] == "Move up to 3 clouds."


def test_lists_under_their_own_leads_after_the_sequence_are_not_its_entries(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Reef Game

        ## Turn sequence

        - 1 — Chart – Reveal the tile next to your skiff.
        - 2 — Sail – Move up to 3 clouds.
        - 3 — Dive – Roll the die once per crew.

        **Chart – reminders**

        - Revealed tiles stay face up for the rest of the game.
        - A beacon reveals one more tile.

        **Sail – reminders**

        - You may not end on a cloud with another skiff.
        - At 0 fuel you drift 1 cloud toward the storm.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Chart", "Sail", "Dive"]


def test_a_round_end_section_is_not_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Reef Game

        ## Turn sequence

        | Step | What you do |
        |---|---|
        | Chart | Reveal the tile next to your skiff. |
        | Sail | Move up to 3 clouds. |
        | Dive | Roll the die once per crew. |

        ## Round end

        | Source | Points |
        |---|---|
        | Each coin | 1 |
        | Fulfilled contract | as printed |
        | Relic in hold | 2 |
        | Hull at 0 | −5 |
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Chart", "Sail", "Dive"]


def test_a_count_set_in_a_disc_before_a_bold_run_in_name_is_no_part_of_the_name(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pocket Heist

        ## Your turn

        Take your turn in three steps.

        **1 SNEAK.** Draw the top card of the Street deck.

        **2 PICK.** You may play one Lock card from your hand.

        **3 STASH.** Turn your face-up Locks face down and take 1 Loot for each.

        ## Setting up

        **2 players:** use only 4 Watch cards.
        """)
    assert _phase_names(files) == ["Sneak", "Pick", "Stash"]


def test_a_face_table_after_a_column_of_symbols_without_a_header_is_a_custom_die(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pocket Heist

        ## The guard die

        The guard die has six faces.

        |  | Face | What happens |
        |---|---|---|
        | ☾ | Snore (×2) | The Watch dozes. |
        | ♪ | Creak | Every thief with 3 Locks discards one. |
        | ✦ | Lantern | Flip a Watch card face down. |
        | ♞ | Dog | The roller discards their highest Lock. |
        """)
    table = files["dice"]["tables"][0]
    faces = {f["id"]: f["label"] for f in files["dice"]["dice"][0]["faces"]}
    assert [(faces[r["face"]], r["result"]) for r in table["rows"]][:2] == [
        ("☾ Snore (×2)", "The Watch dozes."), ("♪ Creak", "Every thief with 3 Locks discards one.")]


def test_a_docs_site_pages_permalinks_edit_footer_and_contents_are_no_part_of_the_last_entry(tmp_path):
    _, files, needs = run(tmp_path, """\
        <html><body><div role="region"><a href="#main">Skip to main content</a></div>
        <main><article>
        <h1>How to play<a href="#how" class="hash-link">\u200b</a></h1>
        <h2 id="glossary">Glossary<a href="#glossary" class="hash-link">\u200b</a></h2>
        <h3>Beacon<a href="#beacon" class="hash-link">\u200b</a></h3>
        <p>A tower on a hilltop space.</p>
        <h3>Chain<a href="#chain" class="hash-link">\u200b</a></h3>
        <p>A line of lit beacons from the border to the valley.</p>
        <h3>Peat<a href="#peat" class="hash-link">\u200b</a></h3>
        <p>The fuel token. Keepers carry any number of peat tokens.</p>
        <footer><a href="https://example.org/edit/how-to-play.md">Edit this page</a>
        <span>Last updated on <b>Feb 18, 2025</b> by <b>Isla Fenwick</b></span></footer>
        </article>
        <ul class="table-of-contents"><li><a href="#glossary">Glossary</a><ul><li><a href="#beacon">Beacon</a></li>
        <li><a href="#chain">Chain</a></li><li><a href="#peat">Peat</a></li></ul></li></ul>
        </main></body></html>
        """, name="how-to-play.html")
    assert _term_names(files) == ["Beacon", "Chain", "Peat"]
    assert "Skip to" not in str(files["game"]) and "page footer dropped: 'Edit this page" in needs


def test_a_pandoc_simple_table_of_rolls_is_a_dice_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        # River Game

        ## The River table

        Roll the River die in the Flow phase.

          Roll   River level   Grind limit   Notes
          ------ ------------- ------------- -----------------------------------------
           1     Dry bed       1             Driftwood cards are ignored this season.
           2–3   Low water     2             —
           4–5   Steady        3             —
           6     Flood         2             Every mill loses one grain sack.
        """)
    rows = files["dice"]["tables"][0]["rows"]
    assert [r["roll"] for r in rows] == [1, "2-3", "4-5", 6]
    assert rows[-1]["result"] == "Flood; 2; Every mill loses one grain sack."


def test_name_led_stages_that_tell_what_to_do_are_the_turn_not_a_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Foundry

        ## A season of work

        The game lasts six seasons. Every season runs through these stages, in order.

        Each founder may spend copper and tin to add bronze. Raise the heat marker by 1 for each.

        - Mould — In turn order, place one apprentice on a commission card to claim its mould.
        - Pour — Move bronze from your crucible into claimed moulds, then roll for each mould.
        - Ring — Deliver finished bells to their towers and score their renown.
        """)
    assert _phase_names(files) == ["Mould", "Pour", "Ring"] and not _term_names(files)


def test_a_summary_leaves_out_the_case_number_the_rules_keep(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Caravans

        ## 5 Sequence of play

        ### 5.2 Load Phase

        5.2.1 Each Beast on an oasis may take up to 3 goods cubes.

        ### 5.3 Travel Phase

        5.3.1 Move your caravan up to 4 hexes.
        """)
    load = files["phases"]["phases"][0]
    assert load["summary"] == "Each Beast on an oasis may take up to 3 goods cubes."
    assert load["rules"].startswith("5.2.1 Each Beast")


def test_a_plain_header_row_over_numbered_steps_is_no_phase_and_the_numbers_no_part_of_names(tmp_path):
    # Word writes a table's first row as ordinary cells: 'Step | What happens' names the columns
    _, files, _ = run(tmp_path, """\
        <h1>Night Sky</h1>
        <h2>Sequence of Play</h2>
        <p>Each night is played in three steps, always in this order:</p>
        <table><tr><td><p>Step</p></td><td><p>What happens</p></td></tr>
        <tr><td><p>1. Dusk</p></td><td><p>Turn over an Almanac card.</p></td></tr>
        <tr><td><p>2. Survey</p></td><td><p>Each player points their lens at one arc.</p></td></tr>
        <tr><td><p>3. Chart</p></td><td><p>Players draw constellations.</p></td></tr></table>
        """, "book.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dusk", "Survey", "Chart"]
    assert files["phases"]["phases"][0]["rules"] == "Turn over an Almanac card."


def test_spaces_at_the_edges_of_inline_spans_part_the_words_and_an_inline_bold_style_is_bold(tmp_path):
    # web editors (Google Sites) split a sentence into spans and set bold by a style attribute
    _, _, _ = run(tmp_path, """\
        <h1>Regatta</h1>
        <h2>Rigging</h2>
        <p><span>Put 2 cubes on the </span><span style="font-weight: 700;">Hull</span><span> box of your card.</span></p>
        """, "book.html")
    prose = next((tmp_path / "out").parent.rglob("rules.md")).read_text(encoding="utf-8")
    assert "Put 2 cubes on the **Hull** box of your card." in prose


def test_bold_by_inline_style_leads_glossary_entries(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Regatta</h1>
        <h2>Sailing words</h2>
        <p><span style="font-weight: 700;">Leg:</span><span> one stretch of the course.</span></p>
        <p><span style="font-weight: 700;">Tack:</span><span> to turn your bow through the wind.</span></p>
        <p><span style="font-weight: 700;">Wash:</span><span> the churned water behind a boat.</span></p>
        """, "book.html")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Leg", "Tack", "Wash"]


def test_a_lead_in_that_names_the_rounds_parts_makes_its_section_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Regatta

        ## Sailing a leg

        Every leg is played in rounds, and every round has three parts. Do them in order:

        ### 1. Wind

        The skipper holding the flag rolls the wind die and reads it below.

        ### 2. Trim

        All skippers secretly set their sail dial, then reveal together.

        ### 3. Sail

        Starting with the flag holder, move your boat.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Wind", "Trim", "Sail"]


def test_a_numbered_list_of_preparing_steps_is_the_setup_whatever_text_stands_round_it(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Regatta

        ## Rigging the race

        You will need the course board, one boat card per skipper and the wind die.

        1. Lay out the course board and put the three buoy tokens on it.
        2. Each skipper picks a boat card.
        3. Put 2 damage cubes on your boat card.
        4. Line up the hull tokens on the start line.
        5. The skipper furthest from the buoy goes first.

        *Four boats on the start line, ready for the first leg.*

        *The harbour at dawn, before the start.*
        """)
    assert [s[:8] for s in files["game"]["setup"]] == ["Lay out ", "Each ski", "Put 2 da", "Line up ", "The skip"]


def test_numbered_cases_under_a_components_heading_are_no_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pass

        ## 2.0 Game Components

        **2.1** The Map. The 22 × 17 inch map shows the pass and its approaches.

        **2.2** Counters. There are 140 die-cut counters: combat units and markers.

        **2.3** Dice. The game uses one six-sided die.
        """)
    assert "terms" not in files or not files["terms"].get("terms")


def test_a_glossary_table_folded_into_a_details_toggle_is_read_as_a_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Glossary

        <details open>
        <summary>Words used on the tiles</summary>

        | Term | Meaning |
        |------|---------|
        | **Find** | A face-up tile you have raked from the mud. |
        | **Snag** | A tile showing a tangle of rope. |
        | **Hold** | How many finds your boat can carry. |

        </details>
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Find", "Snag", "Hold"]


def test_a_lead_that_counts_the_phases_makes_the_section_the_turn_and_a_step_table_sums_up_its_headings(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Game

        ## Setting up

        1. Lay out the board.
        2. Each player takes a boat.

        ## A tide

        Each tide is played in three phases. Everybody finishes a phase first.

        | # | Phase | What happens |
        |---|-------|--------------|
        | 1 | **Ebb** | The water falls. |
        | 2 | **Rake** | Each player draws tiles or stops. |
        | 3 | **Flood** | The water comes back. |

        ### 1. Ebb

        Roll the river die and move the water marker down that many banks.

        ### 2. Rake

        On your turn, draw the top tile from the mud.

        ### 3. Flood

        Move the tide marker one space.

        ## Keyboard shortcuts

        | Key | Action |
        |-----|--------|
        | S | Stop raking |
        | R | Roll the die |
        | D | Draw a tile |
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Ebb", "Rake", "Flood"]
    assert phases[1]["summary"] == "Each player draws tiles or stops."
    assert phases[1]["rules"] == "On your turn, draw the top tile from the mud."
    page = result.page.read_text(encoding="utf-8")
    assert page.count("/// phase-list") == 1 and "| **Rake** |" not in page  # the table is the phase list


def test_a_step_table_then_a_heading_per_step_joins_the_headings_rules_to_the_phases(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Game

        ## Sequence of play

        | Step | What happens |
        |------|--------------|
        | 1. Dusk | Turn over a card and roll for the sky. |
        | 2. Survey | Each player points their lens at an arc. |
        | 3. Chart | Players draw constellations. |

        ## Dusk

        The first player turns over the top card and reads it aloud.

        ## Survey

        Each player places their lens token on one arc.

        ## Chart

        Take one constellation card from the horizon next to your arc.
        """)
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Dusk", "Survey", "Chart"]
    assert phases[0]["summary"] == "Turn over a card and roll for the sky."
    assert phases[0]["rules"] == "The first player turns over the top card and reads it aloud."
    assert "reads it aloud" not in result.page.read_text(encoding="utf-8")


def test_a_heading_naming_the_words_the_rules_use_is_a_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Words we use

        - **Lilypad**: one of the square cards that make up the pond.
        - **Pond**: all the lilypads together in the grid.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Lilypad", "Pond"]


def test_term_lines_with_a_spaced_hyphen_are_a_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Glossary

        Lilypad - one of the square cards that make up the pond
        Pond - all the lilypads together in the grid
        Next to - touching on a side, not on a corner
        """)
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Lilypad", "Pond", "Next to"]
    assert terms[1]["short"] == "All the lilypads together in the grid"


def test_a_plain_first_row_of_column_names_over_sentences_is_a_header_not_a_phase(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Game</h1>
        <h2>A night at the point</h2>
        <p>Each watch has three phases, played in the order below.</p>
        <table>
        <tr><td>Phase</td><td>What happens</td></tr>
        <tr><td>Fog</td><td>Roll the Fog die; the fog moves.</td></tr>
        <tr><td>Trim</td><td>Each keeper may spend oil on a lamp.</td></tr>
        <tr><td>Bell</td><td>Ring a bell to guide one boat home.</td></tr>
        </table>
        </body></html>
        """, name="book.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Fog", "Trim", "Bell"]


def test_a_phase_heading_set_in_capitals_names_the_phase_in_ordinary_case(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## The day sequence

        ### 5.1 MUSTER PHASE

        Each player takes one ration.

        ### 5.2 MARCH PHASE

        Each surveyor may move two tiles.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Muster", "March"]


def test_a_readme_without_a_title_heading_is_named_by_the_bold_name_its_first_paragraph_opens_with(tmp_path):
    source = tmp_path / "README.md"
    source.write_text(textwrap.dedent("""\
        <p align="center"><img src="assets/logo.svg" alt="logo"></p>

        **Mudlark Dredgers** is a push-your-luck river game for 2–4 players.

        ## How to play

        Rake the mud.
        """), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out")
    game = yaml.safe_load((result.folder / "game.yaml").read_text(encoding="utf-8"))
    assert result.game_id == "mudlark-dredgers" and game["title"] == "Mudlark Dredgers"


def test_a_markdown_table_left_as_text_in_an_html_page_is_read_as_a_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Game</h1>
        <h2>Glossary</h2>
        <details open>
        <summary>Words used on the tiles</summary>

        | Term | Meaning |
        |------|---------|
        | **Find** | A face-up tile you have raked from the mud. |
        | **Snag** | A tile showing a tangle of rope. |

        </details>
        </body></html>
        """, name="book.html")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Find", "Snag"]


def test_of_two_set_up_headings_the_one_holding_numbered_steps_is_the_set_up(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Quick start

        npm install

        npm run dev

        ## Setting up

        1. Lay the river board out.
        2. Shuffle the find tiles.
        3. Each player takes a boat.
        """)
    assert files["game"]["setup"] == ["Lay the river board out.", "Shuffle the find tiles.", "Each player takes a boat."]


ORG_BOOK = """\
    #+TITLE: Marsh Lanterns
    #+AUTHOR: Ida Quill
    #+OPTIONS: toc:nil num:nil
    #+LATEX_HEADER: \\usepackage{geometry}

    # Exported to PDF for the shop; edit this file.

    #+BEGIN_QUOTE
    Light the way before the fog rolls in.
    #+END_QUOTE

    * Setting up
    :PROPERTIES:
    :CUSTOM_ID: setup
    :END:
    1. Put the /marsh board/ in the middle of the table.
    2. Each player takes three *lantern* cards.
    3. Shuffle the [[#fog][fog deck]] and place it face down.

    * TODO [#A] Playing a night [2/3]                                  :rules:
    Each night is played in three phases, in this order:

    ** Kindle
    Light one lantern by paying =2= oil.

    ** Drift
    Roll one die and consult the fog table.

    #+CAPTION: Fog table
    | 1d6 | What happens                |
    |-----+-----------------------------|
    | 1-2 | Thick fog: lose one lantern |
    | 3-5 | Mist: nothing happens       |
    | 6   | Clear sky: draw a card      |

    ** Rest
    Discard down to five cards.[fn:1]

    * Glossary
    - Lantern :: A card that lights one square of the marsh.
    - Oil :: The fuel you pay to kindle a lantern.
    - Fog :: A card that hides the marsh until the morning.

    * Playtest notes                                                :noexport:
    ** TODO Try five players
    - [ ] Put the spare lanterns in the middle of the table
    - Bog :: A square nobody may enter, once a lantern fell in it.
    - Reed :: A square that slows every lantern crossing it.
    - Heron :: A pawn that eats one lantern each night.

    * COMMENT Ideas
    A lighthouse expansion.

    * Footnotes
    [fn:1] Hand size counts the lanterns you hold.
    """


@pytest.mark.parametrize("name", ["marsh.txt", "marsh.org"])
def test_an_org_document_is_read_as_an_outline_by_its_content(tmp_path, name):
    result, files, human = run(tmp_path, ORG_BOOK, name)
    game, phases = files["game"], files["phases"]
    assert game["title"] == "Marsh Lanterns"
    assert [p["name"] for p in phases["phases"]] == ["Kindle", "Drift", "Rest"]
    assert [s if isinstance(s, str) else s["text"] for s in game["setup"]][:1] == \
        ["Put the *marsh board* in the middle of the table."]
    assert "fog deck and place" in str(game["setup"][2])
    table = files["dice"]["tables"][0]
    assert table["title"] == "Fog table" and "Thick fog: lose one lantern" in str(table["rows"])
    assert [t["term"] for t in files["terms"]["terms"]] == ["Lantern", "Oil", "Fog"]
    page = result.page.read_text(encoding="utf-8")
    assert "> Light the way before the fog rolls in." in page and "#+" not in page and ":PROPERTIES:" not in page
    assert "## Playing a night" in page and "TODO" not in page.split("///\n", 2)[2].split("## Playtest")[0]
    assert "!!! note\n\n    [1] Hand size counts the lanterns you hold." in page
    assert "(org, " in result.report_text
    assert "AUTHOR: Ida Quill (line 1)" not in human and "AUTHOR: Ida Quill (line 2)" in human
    assert "Exported to PDF for the shop" in human and "OPTIONS" not in human and "LATEX" not in human


def test_an_org_noexport_subtree_stays_prose_and_a_comment_subtree_is_listed(tmp_path):
    result, files, human = run(tmp_path, ORG_BOOK, "marsh.txt")
    assert len(files["game"]["setup"]) == 3  # the playtest note's checkbox is no step
    assert "Bog" not in str(files["terms"]) and "Heron" not in str(files["terms"])
    page = result.page.read_text(encoding="utf-8")
    # Kept whole for the designer, never shown to players: a designer note, its headings bold lines in it.
    note = page[page.index("/// designer-note\n**Playtest notes**"):]
    note = note[:note.index("\n///\n")]
    assert "**Try five players**" in note and "Bog" in note and "## Playtest notes" not in page
    assert "lighthouse" not in page
    assert "commented-out section 'Ideas' dropped: A lighthouse expansion. (line 51)" in human


def test_org_inline_markup_becomes_markdown():
    # pandoc reads the Org; the outline's text is Markdown that shows it ('x*y*z' stays three letters and stars)
    from rulecraft.cli.importer import read_outline

    text = ("* Setting up\n* Play\nPay =2 oil= or ~1 coin~, *never* /both/ +ever+ -- see "
            "[[https://example.org][the site]], [[*Setting up][setting up]] and [[file:board.png]]; 3--5 a/b x*y*z\n")
    outline = read_outline(text, "rules.org")
    assert outline.root.children[1].blocks[0].text == (
        "Pay `2 oil` or `1 coin`, **never** *both* ~~ever~~ – see [the site](https://example.org), *setting up* "
        "and ; 3–5 a/b x\\*y\\*z")
    assert any(r.kind == "image" and "board.png" in r.text for r in outline.remarks)


def test_markdown_bullets_and_plain_text_are_not_org():
    from rulecraft.cli.importer import pandoc_reader as orgmode

    markdown = "# Title\n\n* one\n* two\n\n## Rules\n\n* [[Wiki link]] here\n"
    assert not orgmode.is_org(markdown)
    assert not orgmode.is_org("SETUP\n\n* Put the board out.\n* Deal cards.\n\nPlay until someone wins.\n")
    assert orgmode.is_org("* Setup\n:PROPERTIES:\n:END:\n* Play\ntext\n")
    assert orgmode.is_org("anything", ".org")


def test_a_definition_list_of_facts_or_credits_outside_a_glossary_is_no_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Reedcutters

        ## Overview

        Players
        : 2–4

        Time
        : about 40 minutes

        Ages
        : 10 and up

        ## Credits

        Design
        : Maren Oakes

        Development
        : Tobias Renn, Ilse Marwood

        Illustrations
        : Pia Stroud

        ## Glossary

        Reed
        : A bundle you cut from the marsh.

        Sickle
        : The tool that cuts one reed a turn.

        Punt
        : A boat that carries four reeds.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Reed", "Sickle", "Punt"]


def test_org_blocks_nested_without_end_and_drawers_without_end_are_read_as_text():
    from rulecraft.cli.importer import read_outline

    text = "#+TITLE: Deep\n#+OPTIONS: toc:nil\n" + "#+BEGIN_QUOTE\n" * 3000 + "Hold on.\n" + ":NOTES:\n" * 2000
    outline = read_outline(text, "deep.txt")  # no RecursionError, no rescanning the file from every line
    assert outline.title == "Deep" and outline.format == "org"


def test_a_saved_sphinx_page_links_to_itself_and_its_fields_are_facts(tmp_path):
    # round 19b: a browser's "save page" writes in-page term links out in full; docutils' field list
    # ('Players: 2–5') holds facts, no terms; the h1 only says what the page is, the <title> names the game
    url = "https://example-game.readthedocs.io/en/latest/rules.html"
    result, files, _ = run(tmp_path, f"""\
        <!DOCTYPE html>
        <!-- saved from url=(0051){url} -->
        <html><head><title>Rules of play — Tidewatch 1.0 documentation</title></head><body>
        <div role="navigation" aria-label="Page navigation"><ul class="wy-breadcrumbs">
        <li><a href="{url.replace('rules', 'index')}" class="icon icon-home"></a></li>
        <li class="breadcrumb-item active">Rules of play</li>
        <li><a href="https://github.com/x/y/blob/main/docs/rules.rst"> Edit on GitHub</a></li></ul></div>
        <h1>Rules of play</h1>
        <dl class="field-list simple">
        <dt>Players<span class="colon">:</span></dt><dd><p>2–5</p></dd>
        <dt>Rules version<span class="colon">:</span></dt><dd><p>1.2 (March 2024)</p></dd>
        </dl>
        <p>Crews race to keep the beacons lit along the coast.</p>
        <h2>Setting up</h2>
        <ol><li><p>Place one keeper on the <a class="reference internal" href="{url}#term-Station">station</a>
        named on your card.</p></li><li><p>Take three flags.</p></li></ol>
        <h2>Glossary</h2>
        <dl class="simple glossary"><dt id="term-Station">Station</dt><dd><p>A cliff-top post.</p></dd></dl>
        </body></html>
        """, name="rules.html")
    game = files["game"]
    assert game["title"] == "Tidewatch" and game["players"] == {"min": 2, "max": 5}
    assert game["summary"] == "Crews race to keep the beacons lit along the coast."
    assert game["setup"][0] == "Place one keeper on the station named on your card."
    assert [t["term"] for t in files["terms"]["terms"]] == ["Station"]
    page = result.page.read_text(encoding="utf-8")
    assert "Edit on GitHub" not in page and url not in page


def test_a_printed_table_of_contents_is_kept_in_a_designer_note(tmp_path):
    # round 19b: 'Overview — 2' lines repeating the document's own headings are the printed contents: hidden
    # from players (the site navigates), kept for the designer, never read as phases or terms
    result, files, _ = run(tmp_path, """\
        # Hay Wain

        ## Contents

        - Overview — 2
        - Setting up — 2
        - Playing a day — 3
        - Glossary — 4

        ## Overview

        Farmers race to bring the hay in before the rain.

        ## Setting up

        1. Give each player a wain.
        2. Shuffle the field cards.

        ## Playing a day

        Every day has two phases: Mow and Cart.

        ### Mow

        Take two hay.

        ### Cart

        Load your wain.

        ## Glossary

        - **Wain** — your cart.
        - **Rick** — a stack of hay.
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "## Contents" not in page
    note = page.split("/// designer-note\n**Contents**", 1)[1].split("\n///", 1)[0]
    assert note.split("\n")[2:] == ["- Overview — 2", "- Setting up — 2", "- Playing a day — 3", "- Glossary — 4"]
    assert [p["name"] for p in files["phases"]["phases"]] == ["Mow", "Cart"]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Wain", "Rick"]
    assert "printed table of contents (4 entries)" in result.report_text


def test_set_up_steps_go_on_under_a_continued_heading(tmp_path):
    # round 19b: a teaching deck puts the set-up on two slides, 'Set-up (1 of 2)' numbered 1-2 and
    # 'Set-up (2 of 2)' numbered on from 3: one set-up of four steps
    result, files, _ = run(tmp_path, """\
        # Mill

        ## Set-up (1 of 2)

        1. Lay out the board.
        2. Take a windmill.

        ## Set-up (2 of 2)

        3. Fill the granary.
        4. The youngest player goes first.

        **2 players:** use one granary only.
        """)
    assert files["game"]["setup"] == ["Lay out the board.", "Take a windmill.", "Fill the granary.",
                                      "The youngest player goes first."]
    page = result.page.read_text(encoding="utf-8")
    assert "3. Fill" not in page and "**2 players:** use one granary only." in page


def test_a_component_named_before_its_brackets_keeps_the_bracket_whole(tmp_path):
    """'1 board (double-sided: summer and winter)' is not cut at the colon inside its brackets, and a long
    '36 yarn (wooden spools in red, blue and yellow)' is named '36 yarn', not its first six words and '…'."""
    _, files, _ = run(tmp_path, """\
        # Weavers

        ## Components

        - 1 market board (double-sided: summer and winter)
        - 36 yarn (wooden spools in red, blue and yellow)
        - 24 loom cards
        - Reference card: one per player

        ## Turn

        1. Spin -- make yarn.
        """)
    components = [(c["name"], c.get("description")) for c in files["game"]["components"]]
    assert components == [("1 market board", "(double-sided: summer and winter)"),
                          ("36 yarn", "(wooden spools in red, blue and yellow)"), ("24 loom cards", None),
                          ("Reference card", "one per player")]


def test_a_fixed_width_table_typed_as_an_indented_block_is_a_table(tmp_path):
    _, files, _ = run(tmp_path, """\
        Storm Ferries
        =============

        Weather
        -------

        Roll two dice at the start of every round.

            Weather table (roll 2d6)
            ----------------------------------------
             Roll    What happens
            ----------------------------------------
              2-5    Gale! Every ferry stays in port.
              6-8    Fair. Nothing happens.
              9-12   Calm: every ferry moves again.
            ----------------------------------------

        When a ferry docks, roll the cargo die:

            Cargo die (d6)
              1-3  Fish -- take one crate.
              4-5  Wool -- take two crates.
              6    Gold -- take three crates.

        Shell commands stay code:

            git clone rules  # the rules
            make all  # build
            make clean  # tidy
        """)
    tables = files["dice"]["tables"]
    assert [t["title"] for t in tables] == ["Weather table (roll 2d6)", "Cargo die (d6)"]
    assert [(r["roll"], r["result"]) for r in tables[0]["rows"]] == [
        ("2-5", "Gale! Every ferry stays in port."), ("6-8", "Fair. Nothing happens."),
        ("9-12", "Calm: every ferry moves again.")]
    assert [r["roll"] for r in tables[1]["rows"]] == ["1-3", "4-5", 6]
    assert "terms" not in files or not files["terms"].get("terms")


def test_a_dash_close_before_a_figure_joins_a_range_and_parts_no_result(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Weather

        Without the weather die, roll an ordinary d6: 1–2 Sun, 3–4 Rain, 5 Wind, 6 Snow.

        ## Harvest

        Roll a die: 1–2 means a poor harvest, 3–4 means a fair one, 5 – a great one, 6 – a feast.
        """)
    tables = files["dice"]["tables"]
    assert [t["title"] for t in tables] == ["Harvest"]
    assert [(r["roll"], r["result"]) for r in tables[0]["rows"]] == [
        ("1-2", "A poor harvest"), ("3-4", "A fair one"), (5, "A great one"), (6, "A feast.")]


def test_one_name_and_its_words_outside_a_glossary_is_no_term(tmp_path):
    _, files, _ = run(tmp_path, """\
        <h1>Pond Frogs</h1>
        <h2>Words</h2>
        <dl><dt>Lily pad</dt><dd>A space a frog may land on.</dd>
        <dt>Splash</dt><dd>A frog that misses its jump.</dd></dl>
        <h2>About me</h2>
        <dl><dt><a href="https://example.com/profile">Ada Finch</a></dt>
        <dd>Retired teacher and maker of small card games.</dd></dl>
        """, name="book.html")
    assert [t["term"] for t in files["terms"]["terms"]] == ["Lily pad", "Splash"]


def test_an_ascii_box_of_one_column_is_a_note_not_a_table(tmp_path):
    result, _, _ = run(tmp_path, """\
        # Game

        ## Setting up

        1. Put the board in the middle.
        2. Give every player a pawn.

        With two players, leave one pawn in the box.

        +----------------------------------------+
        |  The board's arrow points north. The   |
        |  sun marker starts on the east edge.   |
        +----------------------------------------+

        +------+-----------+
        | Roll | Weather   |
        +======+===========+
        | 1-3  | Rain      |
        +------+-----------+
        | 4-6  | Sun       |
        +------+-----------+
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "!!! note\n\n    The board's arrow points north. The sun marker starts on the east edge." in page
    assert "| The board's arrow" not in page


def test_what_interrupts_a_numbered_set_up_that_goes_on_is_no_step(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Game

        ## Setting up

        1. Put the board in the middle.
        2. Give every player a pawn.

        **On this page**

        Setting up, Playing, Winning

        - Kettle Game -- £20.00

        3. Shuffle the cards.
        4. The youngest player starts.

        Top tip: leave the storm cards in the box for your first game.
        """)
    assert files["game"]["setup"] == ["Put the board in the middle.", "Give every player a pawn.",
                                      "Shuffle the cards.", "The youngest player starts."]
    assert "'Setting up, Playing, Winning' is not in the set-up list" in needs


def test_a_tip_after_the_set_up_steps_stays_prose(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Game

        ## Setting up

        1. Put the board in the middle.
        2. Give every player a pawn.

        Top tip: leave the storm cards in the box for your first game.
        """)
    assert files["game"]["setup"] == ["Put the board in the middle.", "Give every player a pawn."]


@pytest.mark.parametrize("heading, name, version", [
    ("How to Play Pond Frogs", "Pond Frogs", "0.1"),
    ("Pond Frogs: the full rules (v1.3)", "Pond Frogs", "1.3"),
    ("Pond Frogs – Rules of Play", "Pond Frogs", "0.1"),
    ("How to Play", "How to Play", "0.1"),
])
def test_a_title_framing_the_games_name_names_the_game_and_its_version(tmp_path, heading, name, version):
    _, files, _ = run(tmp_path, f"""\
        # {heading}

        A game of frogs and flies for 2 to 4 players.

        ## Play

        Jump.
        """)
    assert files["game"]["title"] == name and files["game"]["version"] == version
    unnamed = import_rulebook(tmp_path / "book.md", tmp_path / "again")  # the id, when none is given
    assert unnamed.folder.name == re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def test_a_version_named_above_the_first_section_is_the_rules_version(tmp_path):
    _, files, needs = run(tmp_path, """\
        Pond Frogs
        ==========

        A game of frogs and flies for 2 to 4 players.

        Rules version 2.1 -- written by Ada Finch, March 2023.

        Play
        ====

        Jump.
        """)
    assert files["game"]["version"] == "2.1" and "states no rules version" not in needs


def test_a_blog_posts_entry_title_titles_the_document_not_the_blogs_name(tmp_path):
    _, files, _ = run(tmp_path, """\
        <header><h1 class="title"><a href="/">Kitchen Table Games</a></h1>
        <p class="description">Little games designed at home.</p></header>
        <div class="post"><h3 class="post-title entry-title">Pond Frogs</h3>
        <div class="post-body"><p>A game of frogs and flies for 2 to 4 players.</p>
        <h2>Playing</h2><p>Jump.</p></div></div>
        """, name="book.html")
    assert files["game"]["title"] == "Pond Frogs"


def test_a_version_in_a_callout_under_the_title_counts_and_one_to_come_does_not(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pond Frogs

        Note to self: decide the owl question before v0.8.

        > Rules draft **v0.7**, used for the April playtests.

        ## Play

        Jump.
        """)
    assert files["game"]["version"] == "0.7"


def test_a_words_i_keep_using_heading_is_a_glossary_of_hyphen_led_lines(tmp_path):
    _, files, _ = run(tmp_path, """\
        Pond Frogs

        PLAYING

        Jump from pad to pad.


        WORDS I KEEP USING

        Some of you asked, so:

        Pad - a lily pad tile. Frogs sit on pads
            and nowhere else.
        Fly - a token a frog may eat.
        Croak - the sound that ends the game.
        """, name="book.txt")
    assert _term_names(files) == ["Pad", "Fly", "Croak"]
    assert files["terms"]["terms"][0]["definition"].endswith("and nowhere else.")


def test_term_cards_under_a_one_word_words_heading_skip_a_play_mode_and_another_heading_size(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Pond Frogs

        ## Pond words

        ##### LILY PAD

        A lily pad tile. Frogs sit on pads.

        ##### MAYFLY

        A token a frog may eat.

        ##### CROAK

        The sound that ends the game.

        ##### FLYING SOLO

        Race the heron: it moves 2 pads every round.

        #### QUICK QUESTIONS

        **Can two frogs share a pad?** Yes.
        """)
    assert _term_names(files) == ["Lily pad", "Mayfly", "Croak"]
    assert "not read as terms (kept as prose): FLYING SOLO, QUICK QUESTIONS" in needs


def test_an_overview_naming_a_phase_with_and_in_it_keeps_that_phase(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pond Frogs

        ## A day at the pond

        Every day runs through four parts, in order: Dawn Chorus, Hop and Swim, Feeding and Dusk.

        ### Dawn Chorus

        Everyone croaks once.

        ### Hop and Swim

        Move your frog up to two pads.

        ### Feeding

        Eat one fly next to your frog.

        ### Dusk

        Pass the first-frog token left.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dawn Chorus", "Hop and Swim", "Feeding", "Dusk"]


SAVED_WIKI_PAGE = """\
    <html><head><title>games:ferry:rules [Studio Wiki]</title></head><body>
    <header><h1 class="logo"><a href="/start">Studio Wiki</a></h1><p>Drafts and playtest notes</p>
    <h3>User Tools</h3><ul><li><a href="/p">Update Profile</a></li><li><a href="/o">Log Out</a></li></ul></header>
    <aside><h2>Games</h2><ul><li><a href="/ferry">Ferry Crossing</a></li><li><a href="/moth">Moth Lane</a></li></ul></aside>
    <main id="content"><div class="pageId"><span>games:ferry:rules</span></div>
    <div id="dw__toc" class="dw__toc"><h3>Table of Contents</h3><ul><li><a href="#setup">Setting up</a></li></ul></div>
    <h1 id="ferry">Ferry Crossing</h1>
    <p><a href="/detail.php?media=box.jpg"><img src="box.jpg" alt="The box"></a> 2 to 4 players, 30 minutes.</p>
    <p>Ferry boats carry goods and travellers across a wide river, and every player runs a small ferry company
    that hopes to carry the most before the river freezes over at the end of the season.</p>
    <div class="secedit"><form method="post" action="/edit"><input type="hidden" name="do" value="edit">
    <button type="submit">Edit</button></form></div>
    <h2 id="setup">Setting up</h2>
    <ol><li>Lay the river board between the players.</li><li>Give each player a ferry and 3 coins.</li></ol>
    </main>
    <footer><p>Except where otherwise noted, content on this wiki is licensed under CC BY-SA 4.0.</p></footer>
    </body></html>
    """


def test_a_saved_wiki_page_is_read_from_its_main_content(tmp_path):
    result, files, needs = run(tmp_path, SAVED_WIKI_PAGE, name="book.html")
    assert files["game"]["title"] == "Ferry Crossing"  # not the wiki's name in its logo heading
    assert files["game"]["setup"] == ["Lay the river board between the players.", "Give each player a ferry and 3 coins."]
    page = result.page.read_text(encoding="utf-8")
    for chrome in ("User Tools", "Update Profile", "Moth Lane", "Table of Contents", "Edit", "licensed", "[]("):
        assert chrome not in page, chrome
    assert "2 to 4 players, 30 minutes." in page
    for part, line in (("Studio Wiki Drafts and playtest notes User Tools Update Profile Log Out", 2),
                       ("Games Ferry Crossing Moth Lane", 4), ("Except where otherwise noted, content on this", 16)):
        assert f"site around the page's main content dropped: '{part}" in needs and f"(line {line})" in needs
    assert "page controls dropped (1 form(s): 'Edit') (line 11)" in needs
    assert "The box" in needs  # the picture is listed, as every picture not carried over
    assert "games:ferry:rules" not in page and "page name dropped: 'games:ferry:rules' (line 5)" in needs
    assert files["game"]["summary"].startswith("2 to 4 players")


def test_a_main_element_holding_little_of_the_page_does_not_lose_the_rules(tmp_path):
    # a page builder's <div role="main"> closed early: the sections after it are the rules, and are read
    page = SAVED_WIKI_PAGE.replace('<main id="content">', '<div role="main"><p>Welcome to the ferry '
                                                    'page! ' + 'Read on for the rules of the game. ' * 6 + '</p></div><div>') \
        .replace("</main>", "</div>")
    _, files, needs = run(tmp_path, page, name="book.html")
    assert files["game"]["setup"] == ["Lay the river board between the players.", "Give each player a ferry and 3 coins."]
    assert "Ferry boats carry" not in needs and "Lay the river" not in needs  # nothing of the rules is dropped


def test_a_component_line_counting_several_things_is_one_component_each(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Ferry

        ## In the box

        - 1 river board (double-sided: summer and winter)
        - 4 ferries, 12 crew and 16 crates (4 colours)
        - 30 coins, 24 ice tokens, 1 season marker and 1 bell
        - 2 dice: one for the wind, one for the ice
        - 8 red, 8 blue and 8 yellow meeples
        - 48 ore cubes (black) and 20 waste cubes (grey, wood)
        """)
    components = [(c["name"], c.get("description")) for c in files["game"]["components"]]
    assert components == [
        ("1 river board", "(double-sided: summer and winter)"),
        ("4 ferries", "(4 colours)"), ("12 crew", "(4 colours)"), ("16 crates", "(4 colours)"),
        ("30 coins", None), ("24 ice tokens", None), ("1 season marker", None), ("1 bell", None),
        ("2 dice", "one for the wind, one for the ice"),
        ("8 red, 8 blue and 8 yellow meeples", None),  # the colours of one thing: one line, as written
        ("48 ore cubes", "(black)"), ("20 waste cubes", "(grey, wood)")]


def test_a_blog_posts_one_article_is_its_content_and_a_header_holding_the_title_is_read(tmp_path):
    post = """\
        <html><head><title>How to play Ferry Crossing - Tall River Games</title></head><body>
        <div class="navbar"><h1 class="navbar-title">Tall River Games</h1><a href="/signin">Sign in</a></div>
        <article class="post"><h1 class="post-title">Ferry Crossing</h1>
        <p>Ferry boats carry goods and travellers across a wide river, and every player runs a small ferry
        company that hopes to carry the most before the river freezes over at the end of the season.</p>
        <h2>Setting up</h2>
        <ol><li>Lay the river board between the players.</li><li>Give each player a ferry and 3 coins.</li></ol>
        </article>
        <div class="comments"><p>Penny: can't wait for my copy! Do ferries sink?</p></div>
        </body></html>
        """
    _, files, needs = run(tmp_path, post, name="book.html")
    assert files["game"]["title"] == "Ferry Crossing"  # not the blog's name
    assert "site around the page's main content dropped: 'Tall River Games Sign in' (line 2)" in needs
    assert "site around the page's main content dropped: 'Penny: can't wait for my copy! Do ferries sink?'" in needs
    headed = SAVED_WIKI_PAGE.replace('<h1 id="ferry">Ferry Crossing</h1>', "").replace(
        '<header><h1 class="logo"><a href="/start">Studio Wiki</a></h1><p>Drafts and playtest notes</p>',
        "<header><h1>Ferry Crossing</h1><p>A river game for 2 to 4 ferry companies.</p>")
    (tmp_path / "headed").mkdir()
    _, files, needs = run(tmp_path / "headed", headed, name="book.html")
    assert files["game"]["title"] == "Ferry Crossing" and files["game"]["summary"] == \
        "A river game for 2 to 4 ferry companies."  # the header around the title is the page's, and read
    assert "site around the page's main content dropped: 'Games Ferry Crossing Moth Lane" in needs


def test_printed_contents_joined_into_one_paragraph_are_kept_in_a_designer_note(tmp_path):
    # a PDF's contents page read as one paragraph: only dotted leaders part its entries
    result, _, _ = run(tmp_path, """\
        # Hay Wain

        ## Table of Contents

        1 Overview ..........2 2 Setting up.........2 3 Playing a day . . . . . 3 3.1 Mow ......3 4 Glossary....4

        ## Overview

        Farmers race to bring the hay in before the rain... 3 days at most.

        ## Setting up

        1. Give each player a wain.
        2. Shuffle the field cards.

        ## Playing a day

        ### Mow

        Take two hay.

        ## Glossary

        - **Wain**: a hay cart.
        """)
    page = result.page.read_text(encoding="utf-8")
    note = page[page.index("/// designer-note\n**Table of Contents**"):]
    assert note.index("- 3.1 Mow ......3") < note.index("\n///\n")
    assert "## Table of Contents" not in page and "before the rain... 3 days at most." in page


@pytest.mark.parametrize("name, title", [
    ("ferry-crossing.md", "Ferry Crossing"),
    ("FerryCrossing_Rulebook_v7_PRINT.md", "Ferry Crossing"),
    ("river_and_ice-rules-final.md", "River and Ice"),
    ("rules-v2.md", "1. Introduction"),  # the file's name says only what it is: the heading stays
    ("README.md", "1. Introduction"),
    ("how-to-play.md", "1. Introduction"),
    ("The_Game_of_Life.md", "The Game of Life"),
    ("7_Wonders.md", "7 Wonders"),
    ("tidewater rules final FINAL2.md", "Tidewater"),
])
def test_a_first_heading_naming_a_part_gives_way_to_the_files_name(tmp_path, name, title):
    _, files, _ = run(tmp_path, "# 1. Introduction\n\nFerries cross a wide river.\n\n## Setting up\n\n1. Lay out the board.\n"
                      "2. Deal 3 cards.\n", name=name)
    assert files["game"]["title"] == title


def test_a_saved_pages_title_names_the_game_before_its_description_and_site(tmp_path):
    page = """\
        <html><head><title>Moonlit Ferry — a cosy river game for 1-4 players by Puddle Games — Kickstarter</title>
        </head><body><h1>How to Play</h1><p>Ferries cross a wide river by moonlight.</p>
        <h1>Setting up</h1><ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol></body></html>
        """
    _, files, _ = run(tmp_path, page, name="page.html")
    assert files["game"]["title"] == "Moonlit Ferry"
    for n, (head, name) in enumerate((("Introduction", "Tidewater"), ("1. Overview", "Overview - Tidewater"))):
        (tmp_path / str(n)).mkdir()
        _, files, _ = run(tmp_path / str(n), f"<html><head><title>{name}</title></head><body><h1>{head}</h1>"
                          "<p>Boats race the tide.</p></body></html>", name="x.html")
        assert files["game"]["title"] == "Tidewater"


def test_an_admonition_is_a_note_and_a_contents_list_of_the_pages_sections_a_designer_note(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Ferry

        !!! info "What's in the box"
            1 river board, 4 ferries and 30 coins.

            Keep the box lid as the coin tray.

        ## Contents

        1. [Setting up](#setting-up)
        2. [Playing a day](#playing-a-day)
        3. [Glossary](#glossary)

        ## Contents of the box

        - 1 river board
        - 4 ferries
        - 30 coins

        ## Setting up

        ???+ tip
            Seat the youngest player by the river's mouth.

        !!!danger "Thin ice"
            A ferry on thin ice sinks.

        1. Lay out the board.
        2. Deal 3 cards.

        ## Playing a day

        Row, then trade.

        ## Glossary

        - **Ferry**: a boat that carries goods.
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "!!! note\n\n    **What's in the box**\n\n    1 river board, 4 ferries and 30 coins.\n\n    Keep the box lid" in page
    assert "!!! tip\n\n    Seat the youngest player" in page and "\\!!!" not in page and "???" not in page
    assert "!!! warning\n\n    **Thin ice**\n\n    A ferry on thin ice sinks." in page
    note = page[page.index("/// designer-note\n**Contents**"):]
    assert note.index("- Playing a day") < note.index("\n///\n") and "## Contents\n" not in page
    assert [c["name"] for c in files["game"]["components"]] == ["1 river board", "4 ferries", "30 coins"]
    assert files["game"]["setup"] == ["Lay out the board.", "Deal 3 cards."]


def test_empty_headings_of_a_cover_are_lines_under_the_title(tmp_path):
    result, files, _ = run(tmp_path, """\
        # Larkmoor

        ## A game of stargazers for 1 to 4 players

        ### Imogen Vale

        ## 14 April 2025

        ## Setting up

        1. Lay out the sky board.
        2. Deal 3 star cards.

        ## Playing a night

        ### Dusk

        ### Watch

        Draw a card.
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "\nA game of stargazers for 1 to 4 players\n\nImogen Vale\n\n14 April 2025\n" in page
    assert "## A game" not in page and "# Imogen" not in page and "## 14 April" not in page
    assert files["game"]["summary"] == "A game of stargazers for 1 to 4 players"
    assert "### Dusk" in page  # an empty heading after the rules began is the author's: kept


def test_words_title_style_in_a_web_page_saved_from_word_is_the_game_title(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><head><title>Ferry - Rules v1.3</title></head><body>
        <p class=MsoTitle>Moonlit Ferry</p>
        <h1><a name="_Toc1">1. Overview</a></h1><p>Ferries cross a wide river by moonlight.</p>
        <h1><a name="_Toc2">2. Setting up</a></h1><ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol>
        </body></html>
        """, name="rules.htm")
    assert files["game"]["title"] == "Moonlit Ferry"


# An outliner page (Logseq, Roam): every line a bullet nested by tabs, 'key:: value' properties, [[links]],
# #tags, task markers; no '#' heading marks at all: the top-level bullets are the sections
OUTLINER_BOOK = (
    "title:: Hedgerow Voles\n"
    "type:: [[boardgame]]\n"
    "players:: 2-5\n"
    "\n"
    "- About\n"
    "  collapsed:: true\n"
    "\t- Voles dig tunnels under the hedgerow and hoard seeds for the winter in their [[Burrow]].\n"
    "- Getting started\n"
    "\t- Lay out the hedgerow tiles in a row of six.\n"
    "\t  logseq.order-list-type:: number\n"
    "\t- Each player takes a burrow mat and 3 voles.\n"
    "\t  logseq.order-list-type:: number\n"
    "\t- Shuffle the seed cards into a face-down pile.\n"
    "\t  logseq.order-list-type:: number\n"
    "\t- TODO should the youngest player start?\n"
    "- Turn sequence\n"
    "\t- Dig\n"
    "\t\t- Move one vole up to two tiles along the tunnels.\n"
    "\t- Gather\n"
    "\t\t- Take the top seed card of the tile your vole stands on. #playtest\n"
    "\t- Hoard\n"
    "\t\t- Put one seed card from your hand into your burrow; roll the Owl die after.\n"
    "- Owl die\n"
    "\t- | d6 | Owl |\n"
    "\t  |---|---|\n"
    "\t  | 1-4 | The owl sleeps. |\n"
    "\t  | 5-6 | The owl swoops: each vole on an open tile goes home. |\n"
    "- Glossary\n"
    "\t- **Burrow** — your mat, where hoarded seeds are safe.\n"
    "\t- **Tunnel** — the path joining two hedgerow tiles.\n"
    "\t- **Open tile** — a tile with no hedge cover on it.\n"
    "- Open questions\n"
    "\t- LATER icons for the seed cards\n"
    "\t- {{query (task TODO LATER)}}\n"
)


@pytest.mark.parametrize("name", ["voles.md", "voles.txt"])
def test_an_outliner_page_is_read_as_an_outline_by_its_content(tmp_path, name):
    source = tmp_path / name
    source.write_text(OUTLINER_BOOK, encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    human = result.report_text.split("## Needs a human", 1)[1]
    assert files["game"]["title"] == "Hedgerow Voles"
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dig", "Gather", "Hoard"]
    setup = [s if isinstance(s, str) else s["text"] for s in files["game"]["setup"]]
    assert setup == ["Lay out the hedgerow tiles in a row of six.", "Each player takes a burrow mat and 3 voles.",
                     "Shuffle the seed cards into a face-down pile."]
    table = files["dice"]["tables"][0]
    assert "The owl swoops" in str(table["rows"])
    assert [t["term"] for t in files["terms"]["terms"]] == ["Burrow", "Tunnel", "Open tile"]
    page = result.page.read_text(encoding="utf-8")
    assert "::" not in page and "[[" not in page and "#playtest" not in page and "youngest player" not in page
    assert "hoard seeds for the winter in their Burrow" in page
    assert "task note(s)" in human and "TODO note dropped: 'should the youngest player start?' (line 15)" in human
    assert "LATER note dropped: 'icons for the seed cards' (line 33)" in human
    assert "type:: [[boardgame]] (line 2)" in human and "#playtest (line 20)" in human
    assert "{{query (task TODO LATER)}} (line 34)" in human


def test_a_markdown_list_without_outliner_marks_stays_a_list(tmp_path):
    _, files, _ = run(tmp_path, """\
        - Lay out the hedgerow tiles in a row of six.
        - Each player takes a burrow mat.
            - The mat shows the burrow.
        - Shuffle the seed cards.
        """)
    assert "phases" not in files or not files["phases"].get("phases")
    assert not (files.get("game") or {}).get("title", "").startswith("Lay out")




def test_phase_names_listed_after_a_colon_without_and():
    from rulecraft.cli.importer.phases import _names_in

    assert _names_in("The night goes in this order: Stoke, Fire, Cool, Sell.") == ["Stoke", "Fire", "Cool", "Sell"]
    assert _names_in("Bring these: Wood, Clay.") == []  # two capitalised words are no list of phases


def test_bold_led_paragraphs_of_an_example_of_play_are_no_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Kiln Night

        ## A night

        The night goes in this order: Stoke, Fire, Cool, Sell.

        ### Stoke

        Add two wood to your kiln.

        ### Fire

        Roll the heat die and move your pots up the heat track.

        ### Cool

        Take your pots out of the kiln.

        ### Sell

        Sell any pots at the market.

        ## Example of a night

        **Stoke.** Mira adds two wood to her kiln and Tam adds one.

        **Fire.** Mira rolls a 5 and moves both pots up the heat track.

        **Cool.** Tam takes his pots out of the kiln early.

        **Sell.** Mira sells two pots at the market and Tam sells one.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Stoke", "Fire", "Cool", "Sell"]
    assert not (files.get("terms") or {}).get("terms")


def test_bold_led_paragraphs_naming_the_phases_retell_the_turn_and_are_no_glossary(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Orchard Wardens

        ## Turn structure

        ### Phase 1 – Plant

        Place one basket under any tree tile.

        ### Phase 2 – Water

        Roll the weather die.

        ### Phase 3 – Prune

        Turn one unripe tree tile of your choice face up.

        ### Phase 4 – Pick

        Take one apple for each of your baskets under a ripe tree.

        ## A season, played out

        *Three players: Ada, Ben and Cy.*

        **Plant.** Ada puts a basket under the old pear tree; Ben puts his beside it.

        **Water.** Ada rolls a 4: sun, every tree ripens this season.

        **Prune.** Ben turns the plum tree face up.

        **Pick.** Ada takes one apple and Ben takes one apple from the barn.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Plant", "Water", "Prune", "Pick"]
    assert not (files.get("terms") or {}).get("terms")


def _saved_as_text(pages: list[str], head: str = "HOLLOWAY CARTERS") -> str:
    # Acrobat's 'Save as Text': every printed line kept, no blank line, each page opening with the running
    # head and its folio on lines of their own
    filler = "\n".join(f"Line {n} of the story, a sentence that ends here." for n in range(12))
    body = "".join(f"{head}\n{n}\n{textwrap.dedent(page)}" for n, page in enumerate(pages, start=2))
    return "HOLLOWAY\nCARTERS\nA game of carts and mud\nOVERVIEW\n" + filler + "\n" + body


def test_a_running_head_over_its_folio_in_a_text_saved_from_a_pdf_is_furniture(tmp_path):
    result, files, needs = run(tmp_path, _saved_as_text(["""\
        THE ROAD
        Carts move along the road.
        """, """\
        MUD
        Mud slows every cart.
        """, """\
        WORDS
        Cart: a wagon pulled along the road.
        """]), name="book.txt")
    page = result.page.read_text(encoding="utf-8")
    assert re.findall(r"^## .*", page, re.M) == ["## The Road", "## MUD", "## Words"]  # capitals for type (a lone short word may be an abbreviation)
    assert "running page line dropped: 'HOLLOWAY CARTERS' (line 17)" in needs
    assert "page number dropped: '3' (line 22)" in needs
    assert "HOLLOWAY CARTERS" not in page and "\n3\n" not in page


def test_numbered_capital_titles_after_a_sequence_line_in_a_pasted_text_are_the_phases(tmp_path):
    _, files, _ = run(tmp_path, _pasted_from_a_pdf_viewer("""\
        THE CARTING DAY
        A day has three phases, always in this
        order:
        Load – Haul – Unload
        Everyone finishes a phase before the next
        one starts.
        1. LOAD
        Put up to 3 crates on your cart from the
        yard.
        2. HAUL
        Move your cart up to four spaces.
        A SHORT NOTE
        Hauling is slow going.
        3. UNLOAD
        Leave your crates at the market.
        """), name="book.txt")
    assert _phase_names(files) == ["Load", "Haul", "Unload"]
    assert files["phases"]["phases"][0]["rules"] == "Put up to 3 crates on your cart from the yard."


def test_roll_ranges_with_a_named_result_wrapping_in_a_pasted_text_are_a_dice_table(tmp_path):
    _, files, _ = run(tmp_path, _pasted_from_a_pdf_viewer("""\
        FAIR WEATHER
        Once a game, the first player rolls one
        die for the fair:
        1–3 Rain: every stall earns 1 coin less
        this round.
        4–5 Crowds: nothing changes.
        6 Royal visit: every stall earns 2 coins
        more this round.
        """), name="book.txt")
    table = files["dice"]["tables"][0]
    assert table["dice"] == "1d6" and "custom_die" not in table
    assert [(row["roll"], row["result"]) for row in table["rows"]] == [
        ("1-3", "Rain: every stall earns 1 coin less this round."), ("4-5", "Crowds: nothing changes."),
        (6, "Royal visit: every stall earns 2 coins more this round.")]


def _typed_booklet(body: str) -> str:
    # one type size, headings only by numbering and capitals, a blank line here and there (an OCR text layer)
    return "SALTINGS FERRY\n\nRules of Play\n\n" + textwrap.dedent(body)


def test_a_numbered_title_in_capitals_over_its_text_is_a_heading_without_a_blank_line(tmp_path):
    _, files, _ = run(tmp_path, _typed_booklet("""\
        1. SEQUENCE OF PLAY
        Each turn has three phases which are
        played in the order below.
        1.1 THE TIDE PHASE
        The ferryman rolls one die and moves
        the tide marker.

        1.2 THE BOARDING PHASE
        Each player may put two passengers
        on the ferry.
        1.3 THE CROSSING PHASE
        The ferry moves one bank to the other.
        """), name="book.txt")
    assert _phase_names(files) == ["Tide", "Boarding", "Crossing"]


def test_numbered_cases_typed_without_a_gap_are_set_up_steps_of_their_own(tmp_path):
    _, files, _ = run(tmp_path, _typed_booklet("""\
        2. PREPARING FOR PLAY

        2.1 Lay the board flat with the river
        running across the table.
        2.2 Each player takes a ferry and
        three passengers.
        2.3 Shuffle the tide cards.
        """), name="book.txt")
    assert files["game"]["setup"] == ["Lay the board flat with the river running across the table.",
                                      "Each player takes a ferry and three passengers.", "Shuffle the tide cards."]


def test_names_closed_by_a_full_stop_under_a_definitions_heading_are_terms(tmp_path):
    _, files, _ = run(tmp_path, _typed_booklet("""\
        3. DEFINITIONS

        These words have a special meaning.
        Slipway. The ramp where a ferry
        loads. Only one ferry may use it.
        Tide Marker. The pawn on the tide
        track.
        Fare. Money a passenger pays.
        """), name="book.txt")
    assert _term_names(files) == ["Slipway", "Tide Marker", "Fare"]
    assert files["terms"]["terms"][0]["definition"] == "The ramp where a ferry loads. Only one ferry may use it."


def test_bold_named_faces_as_paragraphs_under_a_die_heading_are_the_dies_faces(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pond Race

        ## The wind die

        **Calm (3 faces)** – Nothing happens.

        **Gust** – Every boat moves one space.

        **Squall (2 faces)** – The last boat goes back to the start.
        """)
    assert [f["label"] for f in files["dice"]["dice"][0]["faces"]] == ["Calm (3 faces)", "Gust", "Squall (2 faces)"]
    assert _term_names(files) == []


def test_a_bold_name_run_in_before_its_meaning_under_a_glossary_heading_is_a_term(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Pond Race

        ## Pond words

        **Lily pad** A green space a frog may rest on.

        **Ripple** A token that slows every boat it touches.
        """)
    assert _term_names(files) == ["Lily pad", "Ripple"]
    assert files["terms"]["terms"][1]["short"] == "A token that slows every boat it touches."


def test_words_broken_at_the_line_end_in_a_pasted_text_are_whole_again(tmp_path):
    result, _, _ = run(tmp_path, _pasted_from_a_pdf_viewer("""\
        LOADING
        Put up to 3 crates on your cart; a yard with no crates is clear-
        ed and turned over. A cart may wait at a yard un-
        til the road is free. Cleared yards stay empty until
        the end of the game, and a cart that waits pays one coin
        to the yard keeper.
        """), name="book.txt")
    page = result.page.read_text(encoding="utf-8")
    assert "a yard with no crates is cleared and turned over. A cart may wait at a yard until the road" in page


def test_a_drawings_labels_and_caption_after_the_set_up_steps_are_no_steps(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Mill Race

        ## Setting up

        1. Put the board in the middle.
        2. Each miller takes a sack.

        weir

        mill pond

        The board ready for two players.
        """)
    assert files["game"]["setup"] == ["Put the board in the middle.", "Each miller takes a sack."]


def test_around_the_main_content_what_reads_as_rules_is_kept_and_controls_go(tmp_path):
    wrapped = """\
        <html><body><form id="aspnetForm" method="post"><h1>Tidewater</h1><h2>Setting up</h2>
        <ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol><h2>Play</h2>
        <p>Press the <button>Roll</button> button, then choose a speed: <select><option>slow</option></select>.</p>
        </form></body></html>
        """
    _, files, _ = run(tmp_path, wrapped, name="book.html")  # a page builder's form round the whole page: read
    assert files["game"]["title"] == "Tidewater" and files["game"]["setup"] == ["Lay out the board.", "Deal 3 cards."]
    rules = "Solo players ignore the storm token and play the tide deck face up, one card a round. " * 3
    page = f"""\
        <html><body><template><main><h2>Hidden template</h2><p>{'Never shown. ' * 60}</p></main></template>
        <main><h1>Tidewater</h1><p>{'Boats race the tide to the harbour. ' * 8}</p>
        <h2>Setting up</h2><ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol></main>
        <aside><h2>Variant: Storm Tide</h2><p>{rules}</p></aside>
        <aside><h2>More games</h2><ul><li><a href="/a">Moonmilk Dairy</a></li><li><a href="/b">Saltroad</a></li></ul>
        </aside></body></html>
        """
    (tmp_path / "two").mkdir()
    result, files, needs = run(tmp_path / "two", page, name="book.html")
    text = result.page.read_text(encoding="utf-8")
    assert "Hidden template" not in text and "Variant: Storm Tide" in text and rules.strip() in text
    assert "Moonmilk" not in text and "main content dropped: 'More games Moonmilk Dairy Saltroad'" in needs
    minified = ('<html><body><main><h2>Setting up</h2><ol><li>Lay out the board.</li><li>Deal 3 cards.</li></ol>'
                f'<p>{"Boats race the tide to the harbour. " * 8}</p></main><aside><h1>Related games</h1>'
                '<p>Try <a href="/m">Moonmilk Dairy</a> too.</p></aside></body></html>')
    (tmp_path / "three").mkdir()
    _, files, _ = run(tmp_path / "three", minified, name="tidewater.html")  # one line: the <h1> comes after
    assert files["game"]["title"] == "Tidewater"


@pytest.mark.parametrize("heading, shown", [
    ("WHAT DO WE NEED", "What Do We Need"), ("FAQ AND ERRATA", "FAQ and Errata"), ("USA VARIANT", "USA Variant"),
    ("III. THE TURN", "III. The Turn"), ("UPKEEP PHASE (OPTIONAL)", "Upkeep Phase (Optional)"),
    ("VP TRACK", "VP Track"), ("Already Mixed CASE", "Already Mixed CASE")])
def test_a_heading_set_in_capitals_is_title_cased_keeping_abbreviations(heading, shown):
    from rulecraft.cli.importer.names import uncapped

    assert uncapped(heading, title=True) == shown


def test_empty_part_headings_at_the_top_stay_headings(tmp_path):
    result, _, _ = run(tmp_path, """\
        # Larkmoor

        ## Chapter 1: Basics

        ## Setting up

        1. Lay out the sky board.
        2. Deal 3 star cards.

        ## Chapter 2: Advanced

        ## Variants

        Play with the comet card.
        """)
    assert "## Chapter 1: Basics" in result.page.read_text(encoding="utf-8")
    (tmp_path / "rules").mkdir()
    result, _, _ = run(tmp_path / "rules", "# Larkmoor\n\n## Rules\n\n## Setting up\n\n1. Lay out the board.\n"
                       "2. Deal 3 cards.\n")
    assert "## Rules\n" in result.page.read_text(encoding="utf-8")


def test_a_contents_heading_over_what_is_in_the_box_stays_for_players(tmp_path):
    result, _, _ = run(tmp_path, """\
        # Ferry

        ## Contents

        - 1 Board
        - 60 Cards
        - Dice
        - Boats

        ## Board

        The river, in four reaches.

        ## Cards

        Cargo to carry.

        ## Dice

        Two, for the current.

        ## Boats

        One for each player.
        """)
    page = result.page.read_text(encoding="utf-8")
    assert "/// designer-note\n**Contents**" not in page and "- 60 Cards" in page


def test_a_figure_placeholder_and_its_caption_after_the_set_up_list_are_no_steps(tmp_path):
    result, files, needs = run(tmp_path, """\
        # Pond Hop

        ## Setting up

        1. Put the lily pads in a ring.
        2. Each frog starts on its own pad.
        3. The youngest player goes first.

        [ picture: the pond laid out for four ]

        Four frogs on their pads, the heron on the bank.

        ## Playing

        Hop from pad to pad.
        """)
    assert files["game"]["setup"] == ["Put the lily pads in a ring.", "Each frog starts on its own pad.",
                                      "The youngest player goes first."]
    assert "Four frogs on their pads" in result.page.read_text(encoding="utf-8")  # kept as prose


def test_a_die_table_saved_one_cell_per_line_keeps_each_face_with_its_result(tmp_path):
    body = "\n".join(f"Line {n} of the rules runs on here without a blank line in between them." for n in range(24))
    result, files, needs = run(tmp_path, "HARBOUR DAYS\n" + body + """
THE WEATHER DIE
The weather die has six faces. Roll it at dawn.
Face
Result
Sun
Every boat sails one
more space.
Fog
No boat may sail.
Fog
No boat may sail.
Rain
Each boat bails out one
cube from its hold.
Squall
Boats at sea lose a sail.
Calm
Nothing happens.
After the roll the first player passes the die to the left and the day begins.
""", name="harbour.txt")
    die = files["dice"]["dice"][0]
    assert [face["label"] for face in die["faces"]] == ["Sun", "Fog", "Fog", "Rain", "Squall", "Calm"]
    rows = files["dice"]["tables"][0]["rows"]
    assert rows[0]["result"] == "Every boat sails one more space." and rows[3]["result"].endswith("from its hold.")


FORUM_THREAD = """\
    <html><head><title>Orchard Bees rules (v2) | Board Game Forum</title></head><body>
    <div class="site-header"><a href="/">Board Game Forum</a> <a href="/login">Log in</a></div>
    <h1>Orchard Bees</h1>
    <div class="thread">
    <article class="post" id="p1"><div class="post-author"><a href="/u/mira">Mira Stone</a> Designer</div>
    <div class="post-content">
    Here are the full v2 rules as text.<br>
    <br>
    <span style="font-size:20px"><b>Setting up</b></span><br>
    <ol><li>Put the orchard board in the middle.</li><li>Each player takes a hive and 2 honey.</li>
    <li>The youngest player takes the queen token.</li></ol>
    <div class="bbcode_quote"><div class="quote-title"><b>Two players</b></div>
    <div class="quote-text">With two players, leave out the pear trees.</div></div>
    <br>
    <span style="font-size:20px"><b>A season</b></span><br>
    Every season has three steps: <b>Fly</b>, <b>Gather</b> and <b>Rest</b>.<br>
    <br>
    <u><b>1. Fly</b></u><br>
    Move each bee up to two trees.<br>
    <br>
    <u><b>2. Gather</b></u><br>
    Take 1 nectar from each tree with a bee on it.<br>
    <br>
    <u><b>3. Rest</b></u><br>
    Turn every 2 nectar into 1 honey and pass the queen token left.<br>
    <br>
    <span style="font-size:20px"><b>Weather (roll 1d6)</b></span><br>
    1-2 – <b>Rain</b>: bees do not fly this season.<br>
    3-5 – <b>Sun</b>: play as normal.<br>
    6 – <b>Heat</b>: each tree gives 1 more nectar.<br>
    Roll once at the start of each season.<br>
    </div>
    <div class="post-buttons"><button>Reply</button> <button>Quote</button></div></article>
    <article class="post" id="p2"><div class="post-author"><a href="/u/tomg">Tom G</a></div>
    <div class="post-content">We tried a house rule:<ol><li>Bees may fly three trees.</li>
    <li>Rain only stops the first bee.</li></ol>Great game!</div></article>
    <article class="post" id="p3"><div class="post-author"><a href="/u/mira">Mira Stone</a></div>
    <div class="post-content">Thanks Tom, nice idea.</div></article>
    </div>
    </body></html>
    """


def test_a_forum_threads_first_post_is_the_rules_and_the_replies_are_listed(tmp_path):
    result, files, needs = run(tmp_path, FORUM_THREAD, name="book.html")
    assert files["game"]["setup"][:3] == ["Put the orchard board in the middle.",
                                          "Each player takes a hive and 2 honey.", "The youngest player takes the queen token."]
    assert not any("Bees may fly" in step for step in files["game"]["setup"])  # a reply's house rule is no step
    page = result.page.read_text(encoding="utf-8")
    for other in ("Mira Stone", "house rule", "Bees may fly three trees", "Thanks Tom", "Reply"):
        assert other not in page, other
    assert "2 post(s) replying below" in needs and "'Tom G We tried a house rule: Bees may fly three trees." in needs
    assert re.search(r"'Mira Stone Thanks Tom, nice idea\.' \(line 3[0-9]\)", needs)


def test_a_rendered_bbcode_posts_sized_and_underlined_lines_are_its_headings(tmp_path):
    result, files, _ = run(tmp_path, FORUM_THREAD, name="book.html")
    assert [p["name"] for p in files["phases"]["phases"]] == ["Fly", "Gather", "Rest"]
    assert files["phases"]["phases"][2]["rules"].startswith("Turn every 2 nectar into 1 honey")
    table = files["dice"]["tables"][0]
    assert table["dice"] == "1d6" and [r["result"] for r in table["rows"]] == [
        "**Rain**: bees do not fly this season.", "**Sun**: play as normal.", "**Heat**: each tree gives 1 more nectar."]
    page = result.page.read_text(encoding="utf-8")
    assert "## Setting up" in page and "## A season" in page and "Roll once at the start of each season." in page


def test_a_rendered_quote_box_after_the_set_up_steps_is_a_quote_not_a_step(tmp_path):
    result, files, _ = run(tmp_path, FORUM_THREAD, name="book.html")
    assert len(files["game"]["setup"]) == 3
    assert "> With two players, leave out the pear trees." in result.page.read_text(encoding="utf-8")


def test_a_die_face_column_of_drawn_symbols_is_named_by_the_column_beside_it(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Bramble Fair

        ## The sky die

        The sky die has six faces. Roll it at dawn.

        | Face | Sky | What it does |
        |---|---|---|
        | ☀ | Sunny | Gain 1 berry. |
        | ☁ | Cloudy | Nothing happens. |
        | ☂ | Rain | Lose 1 berry. |
        | ❄ | Frost | Skip a turn. |
        """)
    die = files["dice"]["dice"][0]
    assert [f["label"] for f in die["faces"]] == ["☀ Sunny", "☁ Cloudy", "☂ Rain", "❄ Frost"]
    assert files["dice"]["tables"][0]["rows"][2]["result"] == "Lose 1 berry."


def test_a_die_face_table_keeps_the_name_column_between_face_and_result_and_counts_faces(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Heron Marsh

        ## The mist die

        | Face | Mist | What it means |
        |---|---|---|
        | ⛅ (one face) | **Clear** | Every heron may fish. |
        | 🌫 (three faces) | **Thick mist** | No heron may cross the reeds. |
        | 🌧 (two faces) | **Drizzle** | Herons fish one pool less. |
        """)
    die = files["dice"]["dice"][0]
    assert [f["label"] for f in die["faces"]] == [
        "⛅ (one face) Clear", "🌫 (three faces) Thick mist", "🌧 (two faces) Drizzle"]
    assert [f.get("count", 1) for f in die["faces"]] == [1, 3, 2]
    assert files["dice"]["tables"][0]["rows"][1]["result"] == "No heron may cross the reeds."


# -- round 24b: a reStructuredText (Sphinx) rules source saved as text ----------------------------------------

RST_BOOK = """\
    .. Draft for the club night -- do not print yet.

    .. _top:

    =============
    Lantern Ferry
    =============

    :Players: 2 to 5
    :Designer: Ada Quill

    .. contents:: Contents
       :local:

    Getting ready
    =============

    #. Put the river board between the players.
    #. Each ferryman takes a boat and three
       :term:`lanterns <Lantern>`.
    #. The youngest player goes first.

    .. note::

       **Solo:** play with two boats.

    A crossing
    ==========

    Every crossing has three phases: Launch, Drift and Land.

    Launch
    ------

    Roll the current die and check :ref:`current`.

    Drift
    -----

    Move your boat as far as the current allows.

    Land
    ----

    Unload your passengers on the far bank.

    Dice
    ====

    .. _current:

    The current die
    ---------------

    ======  ==========  ==========================================
    Roll    Current     What happens
    ======  ==========  ==========================================
    1-2     Slack       Move one space.
    3-5     Steady      Move two spaces.
    6       Flood       Move three spaces and lose one
                        lantern overboard.
    ======  ==========  ==========================================

    The wind die
    ------------

    .. list-table::
       :header-rows: 1

       * - Face
         - Effect
       * - Gust
         - Every boat drifts one space downstream.
       * - Lull
         - Nothing happens.
       * - Squall
         - Every ferryman drops one lantern.

    Ferry words
    ===========

    .. glossary::

       Lantern
          A light hung on your boat. Each lantern
          lets you carry one passenger.

       Far bank
          The side of the river opposite the harbour.
    """


def test_a_restructuredtext_source_is_read_by_its_own_markup(tmp_path):
    result, files, human = run(tmp_path, RST_BOOK, name="rules.txt")
    assert files["game"]["title"] == "Lantern Ferry"
    assert [p["name"] for p in files["phases"]["phases"]] == ["Launch", "Drift", "Land"]
    assert [s[:20] for s in files["game"]["setup"]] == [
        "Put the river board ", "Each ferryman takes ", "The youngest player "]
    assert "three lanterns" in files["game"]["setup"][1]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Lantern", "Far bank"]
    assert files["terms"]["terms"][0]["definition"].endswith("lets you carry one passenger.")
    assert files["phases"]["phases"][0]["rules"] == "Roll the current die and check The current die."  # ':ref:'
    page = result.page.read_text(encoding="utf-8")
    assert "**Solo:** play with two boats." in page and ".. " not in page and ":term:" not in page
    assert "Draft for the club night" in human and "'contents' directive dropped" in human


def test_a_restructuredtext_simple_table_and_list_table_are_dice_tables(tmp_path):
    _, files, _ = run(tmp_path, RST_BOOK, name="rules.txt")
    tables = {t["title"]: t for t in files["dice"]["tables"]}
    current = tables["The current die"]
    assert current["dice"] == "1d6" and [r["roll"] for r in current["rows"]] == ["1-2", "3-5", 6]
    assert current["rows"][2]["result"].endswith("lose one lantern overboard.")  # its wrapped line joined
    wind = tables["The wind die"]
    assert [r["result"] for r in wind["rows"]][2] == "Every ferryman drops one lantern."
    assert [f["label"] for f in files["dice"]["dice"][0]["faces"]] == ["Gust", "Lull", "Squall"]


def test_restructuredtext_is_known_by_its_directives_not_by_underlined_titles_alone():
    from rulecraft.cli.importer import pandoc_reader as rst

    plain = "Setting up\n==========\n\nDeal the cards.\n\nPlaying\n=======\n\nTake turns.\n"
    assert not rst.is_rst(plain)  # a plain text's underlined headings are no reST
    assert rst.is_rst(plain + "\n.. note::\n\n   Keep it short.\n")
    assert not rst.is_rst("## Setting up\n\n" + plain + "\n.. note::\n")  # Markdown headings: Markdown


def test_a_count_column_in_a_die_face_table_sets_each_faces_count_not_its_name(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Heron Marsh

        ## The reed die

        | Face | Count | Effect |
        |---|---|---|
        | Reed | 3 | Hide one heron. |
        | Frog | 2 | Every heron eats. |
        | Pike | 1 | Lose one heron. |
        """)
    die = files["dice"]["dice"][0]
    assert [(f["label"], f.get("count", 1)) for f in die["faces"]] == [("Reed", 3), ("Frog", 2), ("Pike", 1)]


def test_a_manuscripts_bare_chapter_headings_take_the_name_on_the_line_under_them(tmp_path):
    # a writing tool's manuscript compile: the cover's lines, then 'Chapter One' headings over a title line
    result, files, _ = run(tmp_path, """\
        <html><body>
        <p>HARBOUR LIGHTS</p>
        <p>A game of lamps and tides for 2–4 keepers</p>
        <p>by Tamsin Roe</p>
        <h1>Chapter One</h1>
        <p>Getting Started</p>
        <p>Every night the keepers of the harbour light their lamps before the boats come in.</p>
        <h1>Chapter Two</h1>
        <p>Setting Up</p>
        <p>Do the following, in order:</p>
        <ol><li>Put the harbour board in the middle.</li><li>Give each keeper three lamps.</li>
        <li>Shuffle the tide cards.</li></ol>
        <h1>Chapter Three</h1>
        <p>A Night at the Harbour</p>
        <p>A night has three steps: the Light, the Watch and the Dawn.</p>
        <h2>Light</h2><p>Each keeper lights one lamp on the quay.</p>
        <h2>Watch</h2><p>Turn over the top tide card and move the boats.</p>
        <h2>Dawn</h2><p>Put out every lamp that guided a boat home.</p>
        </body></html>
        """, name="book.html")
    assert files["game"]["title"] == "Harbour Lights"
    assert [p["name"] for p in files["phases"]["phases"]] == ["Light", "Watch", "Dawn"]
    assert len(files["game"]["setup"]) == 3
    page = result.page.read_text(encoding="utf-8")
    assert "## Chapter One: Getting Started" in page and "## Chapter Three: A Night at the Harbour" in page
    assert "by Tamsin Roe" in page


DIV_POST_THREAD = """\
<html><body>
<div class="headerbar"><h1>Mossbank Games Board</h1><p>News and rules from a tiny studio</p></div>
<h2 class="topic-title"><a href="./t=7">Lantern Moths - rules v2</a></h2>
<div class="page-body">
<div id="p11" class="post bg2">
  <dl class="postprofile"><dt>Ivy Marsh</dt><dd>Designer</dd><dd>Posts: 212</dd></dl>
  <div class="postbody">
    <h3><a href="#p11">Lantern Moths - rules v2</a></h3>
    <p class="author">by Ivy Marsh » Tue Jan 9, 2024</p>
    <div class="content">Here are the full rules for the new kits, please play from this post.<br>
    <br>
    <span style="font-size:150%;line-height:116%"><strong class="text-strong">Setting up</strong></span><br>
    <ol style="list-style-type:decimal"><li>Put the garden board in the middle of the table.</li>
    <li>Each player takes a jar and 3 moth cards.</li>
    <li>Shuffle the lantern cards into a face-down pile.</li></ol>
    <span style="font-size:150%;line-height:116%"><strong class="text-strong">Scoring</strong></span><br>
    At the end of the night each moth in your jar scores the number on its card, and lanterns still
    lit score one point more for every moth sitting beside them on the garden board.<br>
    </div>
  </div>
</div>
<div id="p12" class="post bg1">
  <dl class="postprofile"><dt>Otto Reed</dt><dd>Posts: 4</dd></dl>
  <div class="postbody"><div class="content">We played a house rule:<br>
  <ol style="list-style-type:decimal"><li>Deal two extra moth cards to the last player.</li></ol></div></div>
</div>
<div id="p13" class="post bg2">
  <dl class="postprofile"><dt>Ivy Marsh</dt></dl>
  <div class="postbody"><div class="content">Nice, I will try it.</div></div>
</div>
</div>
</body></html>
"""


def test_a_forum_threads_posts_set_in_divs_are_read_as_posts_under_the_threads_title(tmp_path):
    # round 24a: phpBB's prosilver, Discourse and vBulletin set each post in a <div> whose class names it a
    # post (no <article>); the board's name is the <h1>, the thread's title the <h2> above the first post
    result, files, needs = run(tmp_path, DIV_POST_THREAD, name="thread.html")
    assert files["game"]["title"] == "Lantern Moths"
    assert len(files["game"]["setup"]) == 3 and files["game"]["setup"][0].startswith("Put the garden board")
    assert not any("extra moth cards" in step for step in files["game"]["setup"])  # a reply's house rule
    assert "2 post(s) replying below" in needs and "We played a house rule" in needs
    assert "Deal two extra moth cards" not in result.page.read_text(encoding="utf-8")


def test_a_code_box_table_drawn_with_dashes_under_its_header_is_a_table(tmp_path):
    # round 24a: a forum's [code] box (or any plain code block) holding a table drawn with a dashed rule under
    # its header and no bars: the columns start where the runs of dashes do
    _, files, _ = run(tmp_path, """\
        # Lantern Moths

        ## The night roll

        Roll 2d6 at dusk:

        ```
        Total   What happens
        -----   ---------------------------------
        2-5     Gloom: no lantern may be lit
        6-9     Calm: nothing happens
        10-12   Glow: light one lantern for free
        ```
        """)
    table = files["dice"]["tables"][0]
    assert table["dice"] == "2d6" and [r["roll"] for r in table["rows"]] == ["2-5", "6-9", "10-12"]
    assert table["rows"][2]["result"] == "Glow: light one lantern for free"


def test_a_table_under_roll_two_dice_names_its_dice_no_guess(tmp_path):
    # round 24a: 'roll two dice' / '(2 dice, added)' names the dice: 2d6 when the rolls run 2 to 12, no guess
    _, files, needs = run(tmp_path, """\
        # Harbour Gulls

        ## The storm (2 dice, added)

        When a boat comes in, the gulls gather:

        | Roll | Result |
        |---|---|
        | 2-6 | Quiet: nothing happens. |
        | 7-11 | Squabble: lose one fish. |
        | 12 | Frenzy: lose every fish. |
        """)
    assert files["dice"]["tables"][0]["dice"] == "2d6"
    assert "the die is a guess" not in needs


def test_a_forum_code_box_label_is_dropped_and_its_table_read(tmp_path):
    # round 24a: phpBB, vBulletin and SMF put a label ('Code: Select all') in a paragraph above the code box's
    # <pre>: furniture, listed, never a line of the rules
    result, files, needs = run(tmp_path, """\
        <html><body><h1>Lantern Moths</h1>
        <h2>The night roll</h2>
        <p>Roll 2d6 at dusk:</p>
        <div class="codebox"><p>Code: <a href="#">Select all</a></p><pre><code>Total   What happens
        -----   ---------------------------------
        2-5     Gloom: no lantern may be lit
        6-9     Calm: nothing happens
        10-12   Glow: light one lantern for free
        </code></pre></div>
        </body></html>
        """, name="thread.html")
    assert [r["roll"] for r in files["dice"]["tables"][0]["rows"]] == ["2-5", "6-9", "10-12"]
    assert "Select all" not in result.page.read_text(encoding="utf-8")
    assert "code box label dropped: 'Code: Select all'" in needs


LATEX_BOOK = r"""
    % main.tex -- built with pdflatex
    \documentclass{article}
    \usepackage{booktabs}
    \newcommand{\gem}{\textsc{gem}}
    \title{Lantern Moths\\[2pt]\large A game of moths and lamps}
    \author{Ada Wren}
    \begin{document}
    \maketitle
    \tableofcontents

    \section{Glossary}\label{sec:words}
    \begin{description}
      \item[Lamp] A card that lights one square.
      \item[Wick] The fuel you pay to light a lamp,
        one \gem{} each.
      \item[Moth] A pawn that flies to the nearest lamp.
    \end{description}

    \section{Setting Up}\label{sec:setup}
    \begin{enumerate}
      \item Shuffle the lamp cards and deal
        three to each player.
      % Bo: should this be two? -- keep three
      \item Give each player 2 \gem{} from the box.
    \end{enumerate}

    \section{A Night}
    Each night has three phases, played in this order: Dusk, Flight and Dawn.

    \subsection{Dusk Phase}
    Roll a die and look it up on the dusk table (Table~\ref{tab:dusk}).
    \begin{table}[h]
    \centering
    \begin{tabular}{cl}
      \toprule
      Roll & Result \\
      \midrule
      1--2 & Gloom: no lamp may be lit. \\
      3--6 & Calm: nothing happens. \\
      \bottomrule
    \end{tabular}
    \caption{The dusk table.}\label{tab:dusk}
    \end{table}

    \subsection{Flight Phase}
    Each moth flies to the nearest lamp (see Section~\ref{sec:words}).

    \subsection{Dawn Phase}
    Discard every lit lamp and \foo{refill} the row.

    \section{Questions}
    \begin{description}
      \item[Can a moth fly twice?] No.
    \end{description}
    \end{document}
    """


def test_a_latex_source_is_read_by_its_markup(tmp_path):
    # round 25a: a LaTeX source saved as text: sections are headings, a description list the glossary, an
    # enumerate the set-up (wrapped items joined), a tabular float a dice table under its caption
    result, files, needs = run(tmp_path, LATEX_BOOK, "main.txt")
    assert files["game"]["title"] == "Lantern Moths"
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dusk", "Flight", "Dawn"]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Lamp", "Wick", "Moth"]
    assert "one gem each" in str(files["terms"])
    steps = [s if isinstance(s, str) else s["text"] for s in files["game"]["setup"]]
    assert steps == ["Shuffle the lamp cards and deal three to each player.", "Give each player 2 gem from the box."]
    table = files["dice"]["tables"][0]
    assert [r["roll"] for r in table["rows"]] == ["1-2", "3-6"] and "Gloom" in table["rows"][0]["result"]
    page = result.page.read_text(encoding="utf-8")
    assert "\\" not in page.split("///\n", 2)[2] and "Can a moth fly twice?" in page
    assert "(latex, " in result.report_text


def test_latex_comments_preamble_and_unknown_commands_are_listed_never_lost(tmp_path):
    _, _, needs = run(tmp_path, LATEX_BOOK, "main.txt")
    assert "comment dropped: 'main.tex -- built with pdflatex' (line 2)" in needs
    assert "comment dropped: 'Bo: should this be two? -- keep three' (line 24)" in needs
    assert "LaTeX preamble dropped, lines 3–7 (packages: booktabs) (line 3)" in needs
    assert "LaTeX command \\foo not known: read as its text (line 50)" in needs
    assert "\\tableofcontents dropped" in needs


def test_a_latex_ref_becomes_what_it_points_at_never_a_braced_key(tmp_path):
    # round 25a: '\ref{sec:words}' copied as '{sec:words}' is a reference of an unknown kind to `rulecraft
    # check`; it names the section's title, or the table's number
    out = "\n".join(_latex(LATEX_BOOK)[0])
    assert "(see Section\u00a0“Glossary”)" in out and "(Table\u00a01)" in out
    assert "**Table 1: The dusk table.**" in out and "{sec:" not in out and "{tab:" not in out


def test_markdown_and_plain_text_with_backslashes_are_not_latex():
    from rulecraft.cli.importer import pandoc_reader as latex

    assert not latex.is_latex("# Rules\n\n## Setup\n\n\\section{x} \\begin{y}\n\\section{z}\n")
    assert not latex.is_latex("Roll a die. C:\\games\\rules.txt\n\nSetup\n=====\n")
    assert latex.is_latex("\\section{Setup}\nText.\n\\section{Play}\n\\begin{itemize}\n\\item a\n\\end{itemize}\n")


def _word_file(tmp_path, build, name: str = "book.docx"):
    import io

    from docx import Document

    doc = Document()
    build(doc)
    buffer = io.BytesIO()
    doc.save(buffer)
    source = tmp_path / name
    source.write_bytes(buffer.getvalue())
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    return result, files, result.report_text.split("## Needs a human", 1)[1]


def test_a_word_definition_list_in_pandoc_styles_is_the_glossary(tmp_path):
    # round 25a: pandoc writes a Markdown definition list as 'Definition Term' / 'Definition' paragraphs; read
    # as an HTML <dl>, and a term's second definition paragraph stays part of its meaning
    from docx.enum.style import WD_STYLE_TYPE

    def build(doc):
        for style in ("Definition Term", "Definition"):
            doc.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH)
        doc.add_paragraph("Heron Pond", style="Title")
        doc.add_heading("Pond words", level=1)
        doc.add_paragraph("These words have a strict sense:")
        for term, meaning in (("Lily", "A pad a frog may rest on."), ("Reed", "A bank square that hides a frog."),
                              ("Ripple", "A ring that moves a frog one square.")):
            doc.add_paragraph(term, style="Definition Term")
            doc.add_paragraph(meaning, style="Definition")
        doc.add_paragraph("Two ripples never meet.", style="Definition")
        doc.add_heading("Setting up", level=1)
        doc.add_paragraph("Put the pond board in the middle.")

    result, files, _ = _word_file(tmp_path, build)
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Lily", "Reed", "Ripple"]
    assert "Two ripples never meet." in terms[2]["definition"]


def test_a_second_definition_of_an_html_term_is_kept_in_its_meaning(tmp_path):
    # round 25a: '<dt>Crew</dt><dd>…</dd><dd>…</dd>': the second <dd> was dropped
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Heron Pond</h1><h2>Glossary</h2>
        <dl><dt>Lily</dt><dd>A pad a frog may rest on.</dd><dt>Reed</dt><dd>A bank square that hides a frog.</dd>
        <dd>Only one frog may hide in a reed.</dd><dt>Ripple</dt><dd>A ring that moves a frog.</dd></dl>
        </body></html>
        """, name="pond.html")
    assert "Only one frog may hide in a reed." in files["terms"]["terms"][1]["definition"]


def _pdf_word_page(doc, head: str | None, lines: list, folio: str | None, last: bool = False):
    """One printed page as a PDF converter writes it into Word: a running head, the text, a folio, a
    next-page section break. lines: (text, point size, font name)."""
    from docx.enum.section import WD_SECTION
    from docx.shared import Pt

    def para(text, size=10, font="MinionPro-Regular"):
        run = doc.add_paragraph().add_run(text)
        run.font.size, run.font.name = Pt(size), font

    if head:
        para(head, 8)
    for text, size, font in lines:
        para(text, size, font)
    if folio:
        para(folio, 8)
    if not last:
        doc.add_section(WD_SECTION.NEW_PAGE)


def test_a_font_named_bold_sets_a_converted_word_file_s_headings(tmp_path):
    # round 25a: a PDF converted to Word sets its sub-titles in 'MyriadPro-Bold' with Word's bold off: the
    # font's weight is the bold the reader sees, so 'Dusk Phase' at 11 pt over 10 pt text is a heading
    body = "MinionPro-Regular"

    def build(doc):
        _pdf_word_page(doc, None, [("Moth Lamps", 28, "MyriadPro-Bold"), ("Playing a Night", 16, "MyriadPro-Bold"),
                                   ("A night has three phases, in this order: Dusk, Flight and Dawn.", 10, body),
                                   ("Dusk Phase", 11, "MyriadPro-Bold"), ("Every moth wakes up.", 10, body),
                                   ("Flight Phase", 11, "MyriadPro-Bold"), ("Each moth flies to a lamp.", 10, body),
                                   ("Dawn Phase", 11, "MyriadPro-Bold"), ("Discard every lit lamp.", 10, body)],
                       None, last=True)

    _, files, _ = _word_file(tmp_path, build)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Dusk", "Flight", "Dawn"]


def test_a_converted_pdf_s_running_heads_and_folios_are_furniture_and_a_cut_paragraph_is_joined(tmp_path):
    # round 25a: a section per printed page; each page's first line repeated ('MOTH LAMPS⇥RULES') is a running
    # head, its last line a bare number its folio: both dropped and listed; the sentence cut by the page
    # break is one paragraph again
    body = "MinionPro-Regular"

    def build(doc):
        _pdf_word_page(doc, None, [("MOTH", 28, "MyriadPro-Bold"), ("LAMPS", 28, "MyriadPro-Bold"),
                                   ("A game of moths and lamps for 2 to 4 players.", 12, body)], None)
        _pdf_word_page(doc, "MOTH LAMPS\tRULES", [("Setting Up", 16, "MyriadPro-Bold"),
                                                  ("Put the board in the middle of the table and", 10, body)], "2")
        _pdf_word_page(doc, "MOTH LAMPS\tRULES", [("give each player 3 moths.", 10, body),
                                                  ("Ending", 16, "MyriadPro-Bold"),
                                                  ("The game ends after the fifth night.", 10, body)], "3")
        _pdf_word_page(doc, "MOTH LAMPS\tRULES", [("Credits", 16, "MyriadPro-Bold"),
                                                  ("Design: Ada Wren.", 10, body)], "4", last=True)

    result, files, needs = _word_file(tmp_path, build)
    page = result.page.read_text(encoding="utf-8")
    assert "RULES" not in page and "\n2\n" not in page and "\n3\n" not in page
    assert "Put the board in the middle of the table and give each player 3 moths." in page
    assert needs.count("running page line dropped: 'MOTH LAMPS RULES'") == 3
    assert "page number dropped: '3'" in needs
    assert files["game"]["title"] == "Moth Lamps"  # the cover's title over two lines is one title


def test_a_cover_title_broken_over_two_lines_is_one_title(tmp_path):
    # round 25a: the first two paragraphs, both alone in the document's largest size, short and unpunctuated,
    # are one title ('MOTH' / 'LAMPS'), not a title and a first section
    def build(doc):
        _pdf_word_page(doc, None, [("MOTH", 28, "Arial"), ("LAMPS", 28, "Arial"),
                                   ("Setting Up", 16, "Arial"), ("Put the board in the middle.", 10, "Arial")],
                       None, last=True)

    result, files, _ = _word_file(tmp_path, build)
    assert files["game"]["title"] == "Moth Lamps"
    assert "## LAMPS" not in result.page.read_text(encoding="utf-8")


def test_latex_unclosed_and_deeply_nested_markup_is_refused_quickly_at_its_line():
    # round 25a: a group never closed, groups and lists nested thousands deep, a macro calling itself. pandoc
    # spends a minute on the first three before 'unexpected end of input': they are refused before it runs, each
    # with its line and what to fix; pandoc's own errors (a list never closed, a macro loop) are located too
    import time

    from rulecraft.cli.importer import ImportError_, read_outline

    head = "\\documentclass{article}\n\\newcommand{\\loop}{\\loop\\loop}\n\\begin{document}\n"
    cases = [(head + "\\emph{moth " * 20000, "deep.tex:4: ", "nested more than 50 deep"),
             (head + "{" * 3000 + "lamp" + "}" * 3000 + "\n\\end{document}\n", "deep.tex:4: ", "nested more than 50"),
             (head + "\\begin{itemize}\n\\item wick\n" * 2000, "deep.tex:102: ", "nested more than 50 deep"),
             (head + "\\begin{itemize}\n\\item wick\n\\end{document}\n", "deep.tex:7: ",
              "pandoc: unexpected end of input; expecting \\end{itemize}"),
             (head + "\\loop{} dawn\n\\end{document}\n", "deep.tex:", "Loop encountered in expanding macro loop")]
    started = time.monotonic()
    for text, where, why in cases:
        with pytest.raises(ImportError_) as caught:
            read_outline(text, "deep.tex")
        assert str(caught.value).startswith(where) and why in str(caught.value), str(caught.value)
    assert time.monotonic() - started < 30


def _latex(text: str) -> tuple[list[str], list[str]]:
    """The outline pandoc's LaTeX gives, as Markdown lines (headings, list items, quotes, code, table rows), and
    the remarks' texts."""
    from rulecraft.cli.importer import pandoc_reader
    from rulecraft.cli.importer.outline import Code, ListBlock, Note, Paragraph, Quote, Table

    outline = pandoc_reader.read(textwrap.dedent(text), "rules.tex", "latex")

    def blocks(items: list, prefix: str = "") -> list[str]:
        out = []
        for b in items:
            if isinstance(b, Paragraph):
                out.append(prefix + b.text)
            elif isinstance(b, ListBlock):
                out += [prefix + (f"{i.number}. " if b.ordered else "- ") + i.text for i in b.items]
            elif isinstance(b, (Quote, Note)):
                out += blocks(b.blocks, prefix + "> ")
            elif isinstance(b, Code):
                out += ["```", *b.text.split("\n"), "```"]
            elif isinstance(b, Table):
                rows = b.rows if b.header else [[""] * len(b.rows[0]), *b.rows]
                out += ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
                out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return out

    lines = blocks(outline.root.blocks)
    for section in outline.sections():
        lines += ["#" * section.level + " " + section.title, *blocks(section.blocks)]
    return [t for t in lines if t.strip()], [r.text for r in outline.remarks]


def test_a_latex_line_ending_in_a_lone_backslash_reads_as_a_space(tmp_path):
    # review of round 25a: 'Pay the bank \' ended the import with "AttributeError in latex.py": the command
    # pattern found nothing after the last '\'; TeX reads a '\' before the line's end as a space
    result, _, _ = run(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Setup}
        Pay the bank \
        \section{Play}
        Go.
        \end{document}
        """, "rules.tex")
    page = result.page.read_text(encoding="utf-8")
    assert "Pay the bank" in page and "Go." in page
    assert _latex("\\section{A}\n\\section{B}\nTrail \\\nTab \\\t")[0][-1] == "Trail \u00a0Tab"  # '\\ ': a space


def test_latex_items_and_environments_sharing_a_line_are_read_never_lost():
    # review of round 25a: the reader finds '\begin', '\end' and '\item' at a line's start, so a one-line list
    # gave nothing, an item beside its list's '\begin' or '\end' was lost and a one-line 'center' or 'quote'
    # read '\end{center}' as text; each now starts a line of its own, keeping its source line
    head = "\\section{A}\n\\section{B}\n"
    assert _latex(head + "\\begin{itemize}\\item Draw a card.\\item Play a card.\\end{itemize} Then pass.")[0][2:] \
        == ["- Draw a card.", "- Play a card.", "Then pass."]
    assert _latex(head + "\\begin{enumerate} \\item Lay out the board.\n\\item Deal cards. \\end{enumerate}")[0][2:] \
        == ["1. Lay out the board.", "2. Deal cards."]
    lines, remarks = _latex(head + "\\begin{center}Each player scores.\\end{center}\n"
                            "\\begin{quote}Never reveal your hand.\\end{quote}")
    assert lines[2:] == ["Each player scores.", "> Never reveal your hand."] and not remarks
    # a list never closed is refused at its line (pandoc would take a minute to say so); a code block's one line
    # is kept as code
    with pytest.raises(Exception, match=r"pandoc: unexpected end of input; expecting \\end\{itemize\}$") as caught:
        _latex(head + "\\begin{itemize}\n\\item First.\n\\item Last.")
    assert caught.value.line == 6
    assert _latex(head + "\\begin{verbatim}roll \\item 2d6\\end{verbatim}")[0][2:] == ["```", "roll \\item 2d6", "```"]
    # a macro's body is never cut: the macro is still defined
    lines, _ = _latex("\\newcommand{\\deck}{\\begin{itemize}\\item Ace\\end{itemize}}\n" + head + "\\deck")
    assert lines[:2] == ["## A", "## B"] and "Ace" in lines[2]


def test_a_latex_float_keeps_every_table_caption_and_line():
    # review of round 25a: a table float with two tabulars kept the last, the words before '\end{table}' on
    # its line were dropped, and a caption after '\end{tabular}' on one line was lost
    lines, _ = _latex(r"""
        \section{Weather}
        \begin{table}[h]
        \begin{tabular}{ll}
        Roll & Sky \\
        1 & Rain \\
        \end{tabular}
        \begin{tabular}{ll}
        Roll & Wind \\
        1 & Gale \\
        \end{tabular}
        Reroll a 6.\end{table}
        \section{Play}
        \begin{table}
        \begin{minipage}{.5\linewidth}Roll twice.
        \begin{tabular}{ll}
        1 & Calm \\
        \end{tabular}\caption{Tides}
        \end{minipage}
        \end{table}
        """)
    assert lines == ["## Weather", "|  |  |", "|---|---|", "| Roll | Sky |", "| 1 | Rain |", "|  |  |", "|---|---|",
                     "| Roll | Wind |", "| 1 | Gale |", "Reroll a 6.", "## Play", "Roll twice.", "**Table 1: Tides**",
                     "|  |  |", "|---|---|", "| 1 | Calm |"]


def test_latex_macro_expansion_is_capped_by_the_text_it_makes():
    # review of round 25a: '\d{#1#1}' nested 14 deep makes 10 MB of text from 2 KB (pandoc: 85 MB of tree in
    # a minute); the copies a macro's arguments would be made are counted before pandoc runs: refused at its line
    import time

    words = "word " * 140
    text = ("\\documentclass{article}\n\\newcommand{\\d}[1]{#1#1}\n\\begin{document}\n\\section{A}\n\\section{B}\n"
            + "\\d{" * 14 + words + "}" * 14 + "\nLast line.\n\\end{document}\n")
    started = time.monotonic()
    with pytest.raises(Exception, match=r"the macro \\d is nested so deep .* more than 4096 copies") as caught:
        _latex(text)
    assert time.monotonic() - started < 5 and caught.value.line == 6
    # a book's macros are far under the budget: nested a few deep, or used thousands of times side by side
    assert _latex("\\newcommand{\\gem}{\\textsc{gem}}\n\\section{A}\n\\section{B}\n" + "\\gem{} " * 3000)[0][2].count(
        "gem") == 3000
    assert _latex("\\newcommand{\\two}[1]{#1 #1}\n\\section{A}\n\\section{B}\n\\two{\\two{\\two{moth}}}")[0][2] == \
        " ".join(["moth"] * 8)


def test_copied_braces_shaped_like_a_reference_of_any_kind_are_escaped(tmp_path):
    # round 25a: '{sec:end}' (a LaTeX \ref copied as its key, a template's placeholder) was left bare, and
    # `rulecraft check` failed the page with 'unknown reference kind'; every '{word:' in copied text is escaped
    result, files, _ = run(tmp_path, """\
        # Moth Lamps

        ## Setting up

        1. Put the board down (see {sec:end}).
        2. Deal three cards.

        ## End

        The game ends after the fifth night (see {sec:end}).
        """)
    assert files["game"]["setup"][0] == "Put the board down (see \\{sec:end})."
    assert "(see \\{sec:end})" in result.page.read_text(encoding="utf-8")
    assert "0 error(s)" in result.report_text


def run_pdf(tmp_path, html: str):
    """A rulebook printed to PDF from HTML (WeasyPrint, as a browser's print does), then imported."""
    weasyprint = pytest.importorskip("weasyprint")
    source = tmp_path / "book.pdf"
    source.write_bytes(weasyprint.HTML(string=textwrap.dedent(html)).write_pdf())
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    return result, files, result.report_text.split("## Needs a human", 1)[1]


def test_paragraphs_told_apart_by_a_first_line_indent_are_each_a_glossary_entry(tmp_path):
    # no space between paragraphs, each first line indented an em: the style of a printed book (and of the
    # Homebrewery's 'p + p'); read as one paragraph, the words ran together and none was a term
    _, files, _ = run_pdf(tmp_path, """\
        <html><head><style>
          body { font: 10pt serif; width: 9cm; } p { margin: 0; } p + p { text-indent: 1em; }
          h1 { font-size: 22pt; } h2 { font-size: 15pt; margin: 12pt 0 4pt; }
        </style></head><body>
        <h1>Test Game</h1>
        <h2>Words of the Wood</h2>
        <p>These words mean something exact in the rules that follow from here on.</p>
        <p><b><i>Clearing.</i></b> One of the twelve spaces on the wood board. Paths join clearings to each other.</p>
        <p><b><i>Patch.</i></b> The stack of tokens lying face down in a clearing, picked clean when it is empty.</p>
        <p><b><i>Basket.</i></b> Your basket board. It holds at most eight tokens; any more are left behind.</p>
        <p><b><i>Trail.</i></b> The line of paths your forager walks in one day, never the same clearing twice.</p>
        <h2>Credits</h2>
        <p>Game design by someone who likes woods.</p>
        </body></html>
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Clearing", "Patch", "Basket", "Trail"]


def test_a_title_marked_as_continued_joins_the_section_it_continues(tmp_path):
    # rules printed on cards carry a topic over onto the next card under its title again, marked as going on
    result, files, needs = run(tmp_path, """\
        # Test Game

        ## Tinker's Words

        **Job** — a job card on the table.

        **Patch** — one unit of mending.

        ## Tinker's Words (cont.)

        **Pack** — the jobs you carry in your hand.

        **Road** — the row of face-up jobs in the middle of the table.

        ## Setting Up (1/2)

        1. Shuffle the job cards into a deck.
        2. Deal four jobs face up in a line.

        ## Setting Up (2/2)

        3. Give every tinker two coins.
        4. The tinker with the muddiest boots goes first.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Job", "Patch", "Pack", "Road"]
    assert len(files["game"]["setup"]) == 4 and files["game"]["setup"][3].startswith("The tinker with")
    assert "heading 'Tinker's Words (cont.)' continues 'Tinker's Words': read as one section (line 9)" in needs
    assert "heading 'Setting Up (1/2)' read as 'Setting Up' (its first part) (line 15)" in needs
    page = result.page.read_text(encoding="utf-8")
    assert "## Setting Up\n" in page and "(2/2)" not in page and "(cont.)" not in page


def test_a_note_for_another_player_count_after_the_set_up_list_is_no_step(tmp_path):
    _, files, needs = run(tmp_path, """\
        # Test Game

        ## Setting Up

        1. Shuffle the job cards into a deck.
        2. Deal four jobs face up in a line.
        3. The tinker with the muddiest boots goes first.

        **Solo:** play as normal, but after each of your turns discard the leftmost job on the road.
        """)
    assert len(files["game"]["setup"]) == 3
    assert "'Solo: play as normal" in needs  # kept as prose, listed as a possible step


_CARD_SHEET = """\
<html><head><style>
  @page { size: 612pt 792pt; margin: 0; }
  body { margin: 0; font-family: sans-serif; }
  .card { position: absolute; width: 180pt; height: 252pt; background: #fdf8ec; border: 1pt solid #555; }
  .bar { position: absolute; left: 6pt; right: 6pt; top: 6pt; height: 22pt; background: #333; color: #fff; }
  .bar b { position: absolute; left: 4pt; top: 5pt; font-size: 10pt; }
  .bar i { position: absolute; right: 4pt; top: 7pt; font-size: 6pt; font-style: normal; font-weight: bold; }
  .text { position: absolute; left: 8pt; right: 8pt; top: 36pt; font-size: 7.5pt; }
  .text p { margin: 0 0 5pt; } .text ol { margin: 0; padding-left: 12pt; }
  .foot { position: absolute; left: 0; right: 0; bottom: 6pt; text-align: center; font-size: 5pt; }
</style></head><body>
CARDS
</body></html>
"""
_RULES_CARDS = [
    ("About", "<p>You are tinkers walking the lanes, mending kettles and pans for coins.</p>"),
    ("Tinker's Words", "<p><b>Job</b> — a job card on the table, waiting to be mended.</p>"
                       "<p><b>Patch</b> — one unit of mending marked on a job.</p>"),
    ("Tinker's Words (cont.)", "<p><b>Pack</b> — the jobs you carry in your hand, three at most.</p>"
                               "<p><b>Road</b> — the row of face-up jobs in the middle of the table.</p>"),
    ("Setting Up", "<ol><li>Shuffle the job cards into a deck.</li><li>Deal four jobs face up in a line."
                   "</li><li>Give every tinker two coins.</li></ol>"),
    ("Scoring", "<p>Each job done pays the coins printed on it. Most coins wins the game.</p>"),
    ("Questions", "<p>Can I mend a job someone else took? No, only the jobs in your own pack.</p>"),
]


def _card_sheet() -> str:
    """Six rules cards, three to a row, each with its number badge in the title bar and the game's foot."""
    cards = []
    for k, (title, body) in enumerate(_RULES_CARDS):
        left, top = 36 + 186 * (k % 3), 36 + 258 * (k // 3)
        cards.append(f'<div class="card" style="left:{left}pt;top:{top}pt"><div class="bar"><b>{title}</b>'
                     f'<i>R{k + 1}</i></div><div class="text">{body}</div>'
                     f'<div class="foot">TEST TINKERS · RULES</div></div>')
    return _CARD_SHEET.replace("CARDS", "\n".join(cards))


def test_a_sheet_of_rules_cards_is_read_along_its_rows_without_the_cards_furniture(tmp_path):
    # read down each column of the sheet, 'Tinker's Words' and its '(cont.)' card were two cards apart; each
    # card's number badge and the foot every card repeats fell between the rules
    result, files, needs = run_pdf(tmp_path, _card_sheet())
    page = result.page.read_text(encoding="utf-8")
    titles = [line.lstrip("# ") for line in page.splitlines() if line.startswith("#")][1:]
    assert titles == ["Tinker's Words", "Setting Up", "Scoring", "Questions"]  # "About" titles the game
    assert [t["term"] for t in files["terms"]["terms"]] == ["Job", "Patch", "Pack", "Road"]
    assert "TEST TINKERS" not in page and not re.search(r"\bR\d\b", page)
    assert needs.count("card foot line dropped: 'TEST TINKERS · RULES'") == 6
    assert "page 1: card number 'R3' beside a card's title dropped" in needs


def test_disc_numbered_lines_back_to_back_are_the_turns_list_not_headings(tmp_path):
    # a card's turn summary: each step's number in a drawn disc, the line bold and a little larger than the
    # text; one after the other with nothing between them they are a list (round 23b's disc headings stand
    # over their own text)
    step = '<div class="step"><span class="disc">{}</span> {}</div>'
    _, files, _ = run_pdf(tmp_path, """\
        <html><head><style>
          body { font: 7.5pt sans-serif; width: 12cm; } h1 { font-size: 20pt; } h2 { font-size: 11pt; }
          .step { font-size: 8.5pt; font-weight: bold; margin: 5pt 0; }
          .disc { display: inline-block; width: 11pt; height: 11pt; border: 1pt solid #a80; border-radius: 50%;
                  text-align: center; line-height: 11pt; margin-right: 4pt; }
        </style></head><body>
        <h1>Test Game</h1>
        <h2>Your Turn</h2>
        <p>On your turn, do these three steps in order:</p>
        STEPS
        <p>Then the player on your left takes their turn.</p>
        <h2>When the Road Runs Out</h2>
        <p>Finish the round. Most coins wins.</p>
        </body></html>
        """.replace("STEPS", "\n".join(step.format(n, words) for n, words in
                                       enumerate(["KNOCK — take a job", "MEND — roll and patch",
                                                  "TRAMP — move on"], start=1))))
    assert [p["name"] for p in files["phases"]["phases"]] == ["Knock", "Mend", "Tramp"]
    assert files["phases"]["phases"][1]["summary"] == "Roll and patch"


def _mailed_rules(body: str) -> str:
    # rules pasted into an e-mail: a greeting, a rule of dashes, the title underlined, numbered capitals sections
    return textwrap.dedent("""\
        Hi all,

        Here are the rules as they stand after Thursday.

        ------------------------------------------------------------

                            SALTINGS FERRY
                            ==============

                     Playtest rules, version 0.4

        """) + textwrap.dedent(body)


def test_a_greeting_on_the_first_line_is_no_title(tmp_path):
    _, files, _ = run(tmp_path, _mailed_rules("""\
        1. SETTING UP
        -------------

          1. Put the board in the middle.

          2. Each player takes a ferry.
        """), name="book.txt")
    assert files["game"]["title"] == "Saltings Ferry"


def test_a_numbered_step_typed_over_two_lines_is_a_step_not_a_heading(tmp_path):
    _, files, _ = run(tmp_path, _mailed_rules("""\
        1. SETTING UP
        -------------

          1. Put the town board in the middle of the table and the round
             marker on space 1 of the round track.

          2. Each player takes a yard board and 6 coins.

          3. The player with the oldest boots goes first.

        (With 2 players, only deal 3 hides into the market row each time.)
        """), name="book.txt")
    assert files["game"]["setup"] == [
        "Put the town board in the middle of the table and the round marker on space 1 of the round track.",
        "Each player takes a yard board and 6 coins.",
        "The player with the oldest boots goes first."]
    assert "phases" not in files


def test_phases_named_on_one_numbered_line_then_a_case_heading_each(tmp_path):
    _, files, _ = run(tmp_path, _mailed_rules("""\
        4. THE ROUND
        ------------

        Each round goes through three phases, one after another:

             1) Market    2) Soak    3) Sell

        4.1  Market

        Buy one hide from the market row.

        4.2  Soak

        Move a hide to an empty bark pit.

        4.3  Sell

        Fill one order card.
        """), name="book.txt")
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Market", "Soak", "Sell"]
    assert phases[0]["rules"] == "Buy one hide from the market row."


def test_changes_since_a_version_belong_to_the_version_the_rules_state(tmp_path):
    body = """\
        1. THE GAME
        -----------

        Ferry people across.


        CHANGES SINCE v0.3
        ------------------

          * Fine leather added.
          * Starting bark cut from 5 to 3.
        """
    _, files, _ = run(tmp_path, _mailed_rules(body), name="book.txt")
    assert files["game"]["version"] == "0.4"
    assert [e["version"] for e in files["game"]["changelog"]] == ["0.4"]
    # no later version named: the changes are not filed under the version they came after
    (tmp_path / "unstated").mkdir()
    _, files, needs = run(tmp_path / "unstated", _mailed_rules(body).replace("Playtest rules, version 0.4",
                                                                             "Playtest rules"), name="book.txt")
    assert "changelog" not in files["game"] and files["game"]["version"] != "0.3"
    assert "lists changes made after version 0.3" in needs


FORUM_POST = """\
    [WIP] Hop Alley - full rules v0.4, looking for feedback!

    Hi everyone, first time posting a design.

    **What you need**

    - 1 garden board
    - 60 hop cubes

    **Setup**

    1) Put 3 hop cubes on every bine.
    2) Everyone takes a family board.

    Round overview:
    1. Weather - first player rolls the weather die
    2. Pick - everyone picks from one bine
    3. Evening - pass first player left

    **Weather**
    Roll the weather die.

    **Pick**
    Take all the cubes of one bine.

    **Evening**
    Pass the first player token to the left.

    **Terms I use in the rules**

    - Bine = the hop plant climbing its string
    - Bin = the cloth trough on your family board
    """


def test_a_forum_post_s_bold_lines_are_its_headings_and_its_subject_line_the_title(tmp_path):
    _, files, _ = run(tmp_path, FORUM_POST, name="post.txt")
    assert files["game"]["title"] == "Hop Alley"
    assert files["game"]["setup"] == ["Put 3 hop cubes on every bine.", "Everyone takes a family board."]


def test_a_round_overview_line_leads_the_turn_s_list_under_another_heading(tmp_path):
    _, files, _ = run(tmp_path, FORUM_POST, name="post.txt")
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Weather", "Pick", "Evening"]
    assert phases[0]["rules"] == "First player rolls the weather die"  # after 'Weather - ', as a sentence
    # a set-up lead-in naming a round is no turn: 'Before the first round:' keeps its list as the set-up
    _, files, _ = run(tmp_path / "setup", FORUM_POST.replace("Round overview:", "Before the first round:"),
                      name="post.txt") if (tmp_path / "setup").mkdir() is None else None
    assert "phases" not in files or [p["name"] for p in files["phases"]["phases"]] != ["Weather", "Pick", "Evening"]


def test_term_lines_typed_with_an_equals_sign_under_a_glossary_heading(tmp_path):
    _, files, _ = run(tmp_path, FORUM_POST, name="post.txt")
    terms = files["terms"]["terms"]
    assert [(t["term"], t["definition"] if "definition" in t else t["short"]) for t in terms] == [
        ("Bine", "The hop plant climbing its string"), ("Bin", "The cloth trough on your family board")]


def test_sub_headings_a_turn_s_text_leads_into_are_its_phases(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Wheels</h1>
        <h2>Turn structure</h2>
        <p>On your turn, go through these phases in order:</p>
        <h3>🪵 Saw</h3><p>Take 2 timber.</p>
        <h3>🔥 Tyre</h3><p>Roll the shrink die:</p>
        <table><tr><th>Roll</th><th>What happens</th></tr><tr><td>1</td><td>Cracked. Discard a felloe.</td></tr>
        <tr><td>2-5</td><td>Fits.</td></tr><tr><td>6</td><td>Perfect. Take 1 timber.</td></tr></table>
        <h3>🛒 Deliver</h3><p>Deliver one wheel.</p>
        <h2>Game end</h2><p>Most points wins.</p>
        </body></html>
        """, name="book.html")
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Saw", "Tyre", "Deliver"]  # a table inside one keeps them phases
    assert phases[0]["rules"] == "Take 2 timber." and phases[1]["dice"] == [files["dice"]["tables"][0]["id"]]


def test_one_html_list_per_item_is_one_list(tmp_path):
    _, files, _ = run(tmp_path, """\
        <html><body><h1>Wheels</h1>
        <h2>What's in the box</h2>
        <ul><li>12 farm tiles</li></ul>
        <ul><li>16 cart cards</li></ul>
        <ul><li>4 workshop mats</li></ul>
        <h2>Setup</h2>
        <ol start="1"><li>Lay out the lane.</li></ol>
        <ol start="2"><li>Deal 3 cards each.</li></ol>
        <ol start="3"><li>The youngest starts.</li></ol>
        <h2>Glossary</h2>
        <ul><li><strong>Felloe</strong>: a curved piece of the rim.</li></ul>
        <ul><li><strong>Hub</strong>: the centre block.</li></ul>
        </body></html>
        """, name="book.html")
    assert files["game"]["setup"] == ["Lay out the lane.", "Deal 3 cards each.", "The youngest starts."]
    assert [t["term"] for t in files["terms"]["terms"]] == ["Felloe", "Hub"]
    assert len(files["game"]["components"]) == 3  # the first list alone was the box's contents


def test_auto_numbered_items_printed_as_typed_are_a_list(tmp_path):
    # a reStructuredText source printed (a PDF or Word file of the text as typed): its '#.' items reach the plain
    # text reader, not the reST one
    _, files, _ = run(tmp_path, """\
        Kittiwake Cliffs

        Setting up
        ----------

        Put the cliff board in the middle of the table, then:

        #. Give each player a colony board.
        #. Each player places two gulls on the lowest row.
        #. The player who most recently saw the sea goes first.

        Playing
        -------

        Take turns.
        """, name="book.txt")
    assert files["game"]["setup"] == ["Give each player a colony board.",
                                      "Each player places two gulls on the lowest row.",
                                      "The player who most recently saw the sea goes first."]


def test_bold_sentences_standing_alone_are_rules_not_headings(tmp_path):
    # review of round 27: a line all in bold is a post's section title only when it is no sentence
    _, _, _ = run(tmp_path, """\
        Riverward

        **Never show your hand.**

        Keep your cards face down until you play them.

        **Always pay the ferryman.**

        Each crossing costs one coin.
        """, name="book.txt")
    page = (tmp_path / "out" / "docs" / "book" / "rules.md").read_text(encoding="utf-8")
    assert "**Never show your hand.**" in page and "## Never show" not in page


def test_a_posts_greeting_is_no_title(tmp_path):
    _, files, _ = run(tmp_path, FORUM_POST.replace("[WIP] Hop Alley - full rules v0.4, looking for feedback!",
                                                   "Hi all,"), name="hop-alley.txt")
    assert files["game"]["title"] == "Hop Alley"  # from the file's name, not 'Hi all,'


def test_turn_order_under_setup_says_who_goes_first(tmp_path):
    # review of round 27: 'Turn order:' as often lists who starts; only a line naming the turn's sequence leads it
    _, files, _ = run(tmp_path, """\
        # Riverward

        ## Setup

        1. Give each player 5 coins.
        2. Shuffle the deck and deal 3 cards to each player.

        Turn order:

        1. The youngest player goes first.
        2. Play then passes clockwise.

        ## Playing

        On your turn, draw a card, then play one card.
        """)
    assert "phases" not in files
    assert "The youngest player goes first." in str(files["game"]["setup"])


def test_the_line_naming_a_turn_list_stays_on_the_page(tmp_path):
    run(tmp_path, FORUM_POST, name="post.txt")
    page = (tmp_path / "out" / "docs" / "book" / "rules.md").read_text(encoding="utf-8")
    assert "Round overview:" in page  # above the phase list it names, under the post's 'Setup'


def test_a_long_lead_into_phase_headings_is_read_in_linear_time(tmp_path):
    import time

    started = time.thread_time()  # this thread's CPU: no load or leftover thread counts
    _, files, _ = run(tmp_path, "# Game\n\n## Turn order\n\n" + "steps " * 170_000 + "in this order:\n\n"
                      "### Saw\n\nCut.\n\n### Build\n\nJoin.\n")
    assert time.thread_time() - started < 20  # 1 MB: 1 s; minutes with the lead searched over the whole paragraph
    assert [p["name"] for p in files["phases"]["phases"]] == ["Saw", "Build"]


def test_a_continued_heading_mark_is_found_in_linear_time():
    import time

    from rulecraft.cli.importer.continued import _base

    started = time.thread_time()  # this thread's CPU: no load or leftover thread counts
    assert _base("Setup" + " " * 200_000 + "x")[1] is None
    assert _base("Setting Up   (2/2)") == ("Setting Up", "2")
    assert time.thread_time() - started < 5  # a leading '\s*' in the mark's pattern made this minutes


def test_a_word_title_over_a_first_heading_of_its_size_stays_two(tmp_path):
    # review of round 25a: 'Riverward' over 'Overview', both 20 pt bold, is a title and a heading when the size
    # heads other sections too; a cover's title broken over two lines uses its size nowhere else
    from docx.shared import Pt

    def big(doc, text):
        run_ = doc.add_paragraph().add_run(text)
        run_.bold, run_.font.size = True, Pt(20)

    def build(doc):
        big(doc, "Riverward")
        big(doc, "Overview")
        doc.add_paragraph("A trading game on a river for two to four players.")
        big(doc, "Setup")
        doc.add_paragraph("Give each player five coins and three cards from the deck.")

    result, files, _ = _word_file(tmp_path, build)
    assert files["game"]["title"] == "Riverward"
    assert "## Overview" in result.page.read_text(encoding="utf-8")


def test_a_heading_with_a_long_run_of_spaces_is_read_in_linear_time(tmp_path):
    # the heading's pattern, its {#anchor} and a kramdown {: …} each tried a leading '\s*' at every space of the
    # run: 20 000 spaces took minutes
    import time

    started = time.thread_time()  # this thread's CPU: no load or leftover thread counts
    _, files, _ = run(tmp_path, "# Game\n\n## Setup ##\n\n1. Lay out the board.\n2. Deal the cards.\n\n"
                      "## Notes" + " " * 200_000 + "x {: .wide}\n\nText.\n")
    assert time.thread_time() - started < 20
    assert files["game"]["setup"] == ["Lay out the board.", "Deal the cards."]


def test_plain_name_and_dash_paragraphs_under_a_glossary_heading_are_terms(tmp_path):
    # round 28: a Typora file's glossary, a paragraph per term: 'Vat — one of the three steeping spaces …'
    _, files, _ = run(tmp_path, """\
        Brookholme
        ==========

        Words used in these rules
        -------------------------

        Vat — one of the three steeping spaces on your board.

        Mordant — the alum that fixes a colour into the cloth.

        Bolt — a finished, dried cloth tile ready to sell.

        Playing
        -------

        Take turns. A bolt — once sold — scores.
        """)
    assert [t["term"] for t in files["terms"]["terms"]] == ["Vat", "Mordant", "Bolt"]


def _boxed_sheet(boxes: str, words: str) -> str:
    """A print-and-play sheet: a two-column band of sections, then the turn as framed boxes in a row (each a
    small tab over a larger title over its text), then the glossary as a grid of framed cards."""
    return f"""\
        <html><head><style>
          @page {{ size: A4; margin: 14mm; }}
          body {{ font: 9.5pt sans-serif; }} h1 {{ font-size: 22pt; }} h2 {{ font-size: 14pt; margin: 8pt 0 4pt; }}
          .two {{ display: flex; gap: 16pt; }} .two > div {{ flex: 1; }}
          .row {{ display: flex; flex-wrap: wrap; gap: 6pt; }}
          .box {{ width: 160pt; border: 1pt solid #333; border-radius: 4pt; padding-bottom: 5pt; }}
          .tab {{ background: #333; color: #fff; font-weight: bold; font-size: 8pt; padding: 2pt 5pt; }}
          .title {{ font-size: 12.5pt; font-weight: bold; padding: 3pt 5pt; }}
          .box p {{ font-size: 8.5pt; margin: 0; padding: 0 5pt; }}
          .card {{ width: 150pt; border: 1pt solid #333; padding: 4pt; font-size: 8.5pt; }}
          .card b {{ display: block; font-size: 9.5pt; }}
        </style></head><body>
        <h1>Test Ferries</h1>
        <div class="two">
         <div><h2>The idea</h2>
          <p>You run a ferry across the estuary. Each day you load passengers at the quay and carry them over
          the water before the tide turns against you. The busiest ferry at the end of the week wins the
          contract for the new bridge, and with it the whole town.</p>
          <p>Play takes about half an hour for two to four ferrymen, a little longer with a full table.</p></div>
         <div><h2>Setting up</h2>
          <ol><li>Lay the estuary board between the players so that everyone can reach it.</li>
          <li>Give each player a ferry, two oars and three coins from the bank.</li>
          <li>Shuffle the passenger cards and put four face up on the quay.</li>
          <li>The player who last crossed a river starts the first day.</li></ol></div>
        </div>
        <h2>Each day</h2>
        <p>Take the stages in this order, then pass the tide marker to your left.</p>
        <div class="row">{boxes}</div>
        <h2>Ferry words</h2>
        <div class="row">{words}</div>
        </body></html>
        """


def _box(tab: str, title: str, text: str) -> str:
    return f'<div class="box"><div class="tab">{tab}</div><div class="title">{title}</div><p>{text}</p></div>'


def test_framed_boxes_side_by_side_are_read_box_by_box_and_row_by_row(tmp_path):
    # issue 41: a print-and-play turn as boxes across the page ('STAGE 1' over 'Load' over its text), read across,
    # interleaved the boxes' lines and a page gutter cut the row in two: no phase and no term was found
    boxes = "".join([
        _box("STAGE 1", "Load", "Take passengers from the quay until your ferry holds as many as its oars allow."),
        _box("STAGE 2", "Row", "Move your ferry one reach across the water for every oar you keep in the boat."),
        _box("STAGE 3", "Land", "Set your passengers down at the far quay and take a coin for each one of them."),
        _box("STAGE 4", "Mend", "Pay one coin to mend a broken oar, or leave it and row short on the next day.")])
    words = "".join(f'<div class="card"><b>{name}</b>{text}</div>' for name, text in [
        ("Quay", "Either landing place at the ends of the estuary board."),
        ("Reach", "One of the six stretches of water that the crossing is cut into."),
        ("Oar", "A wooden token; each one lets your ferry go one reach further."),
        ("Tide marker", "The token that shows whose day it is and which way the water runs."),
        ("Passenger", "A card on the quay waiting to be carried to the other side."),
        ("Bank", "The coins that nobody owns yet, beside the board.")])
    result, files, _ = run_pdf(tmp_path, _boxed_sheet(boxes, words))
    phases = files["phases"]["phases"]
    assert [p["name"] for p in phases] == ["Load", "Row", "Land", "Mend"]
    assert phases[1]["rules"] == "Move your ferry one reach across the water for every oar you keep in the boat."
    # three cards a row, two rows: read along each row, each card's term over its whole meaning
    terms = files["terms"]["terms"]
    assert [t["term"] for t in terms] == ["Quay", "Reach", "Oar", "Tide marker", "Passenger", "Bank"]
    assert terms[3]["short"] == "The token that shows whose day it is and which way the water runs."
    # the two-column band above the boxes still reads a column at a time
    assert files["game"]["setup"][0] == "Lay the estuary board between the players so that everyone can reach it."
    page = result.page.read_text(encoding="utf-8")
    assert page.index("the whole town") < page.index("half an hour") < page.index("Setting up")



def test_an_end_heading_with_no_text_of_its_own_reads_its_sub_headings(tmp_path):
    # a naval skirmish game's victory section: a rule set as a heading over its list, then a labelled sub-heading
    result, files, _ = run(tmp_path, """\
        # Victory at Sea

        ## Playing a round

        Each round has two steps, in this order:

        1. **Sail:** every ship moves up to its speed.
        2. **Fire:** every ship in range rolls its guns.

        ## Victory

        ### The battle ends at the end of any turn in which one of these conditions is met

        1. One side has no figures left on the table.
        2. A side holds both bridges.

        ### Draw

        Turn 8 ends with no side victorious.
        """)
    assert files["game"]["end_of_game"] == [
        {"text": "The battle ends at the end of any turn in which one of these conditions is met",
         "steps": ["One side has no figures left on the table.", "A side holds both bridges."]},
        "**Draw:** Turn 8 ends with no side victorious."]
    assert [p["name"] for p in files["phases"]["phases"]] == ["Sail", "Fire"]  # the game's name is no end heading
    page = result.page.read_text(encoding="utf-8")
    assert "/// end-of-game" in page and "### Draw" not in page and "both bridges" not in page


def test_a_list_under_the_end_of_the_game_is_never_the_turn_for_its_wording(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Tin Soldiers

        ## Victory

        ### The battle ends at the end of any turn in which one of these conditions is met

        1. One side has no figures left on the table.
        2. A side holds both bridges.
        """)
    assert "phases" not in files
    assert files["game"]["end_of_game"][0]["steps"][1] == "A side holds both bridges."


@pytest.mark.parametrize("line, players", [
    ("**Players** 4, in two partnerships", {"min": 4, "max": 4}),
    ("Players: 3", {"min": 3, "max": 3}),
    ("Players 2 and 3 swap seats after each hand.", None),
    ("Players: 3 or 4", None),  # not one count: the range is for a human to write
    ("Players: 2, 3 or 4", None),
    ("**Players** 1, 3 and 5 form one team against players 2, 4 and 6.", None),
])
def test_a_players_field_with_one_count_is_the_player_count(tmp_path, line, players):
    _, files, _ = run(tmp_path, f"""\
        # Pinochle Club

        A trick-taking game with a doubled deck.

        ## Preliminaries

        {line}
        """)
    assert files["game"].get("players") == players


def test_credits_are_kept_as_prose_without_asking_about_them(tmp_path):
    result, _, needs = run(tmp_path, """\
        # Bridgehead

        ## Movement

        A unit moves up to its movement allowance each turn.

        ## Credits

        Everyone at the Thursday club who played it.

        ### Game Design:

        Lance Runolfsson

        ### Art

        Juno Pell

        ## Supply

        See Chapter Four.
        """)
    asked = re.findall(r"Section '([^']+)' was not recognised", needs)
    assert asked == ["Movement", "Supply"]  # a short rule in capitals under a heading naming no role is asked
    page = result.page.read_text(encoding="utf-8")
    assert "Lance Runolfsson" in page and "Juno Pell" in page and "Thursday club" in page


def test_a_table_or_note_inside_a_phase_or_step_item_stays_on_the_page(tmp_path):
    # a step or a phase is text and sub-steps: what else its item holds is copied, located, never dropped
    result, files, needs = run(tmp_path, """\
        # Lantern Keepers

        ## Turn structure

        1. **Wind:** draw a wind card.

            | Card | Effect |
            |---|---|
            | Gust | Lanterns flicker |
            | Calm | Nothing happens |

        2. **Light:** light one lantern.

            !!! tip
                Light the one nearest the harbour first.
        """)
    assert [p["name"] for p in files["phases"]["phases"]] == ["Wind", "Light"]
    page = result.page.read_text(encoding="utf-8")
    assert "| Gust | Lanterns flicker |" in page and "Light the one nearest the harbour first." in page
    assert "'Turn structure' (line 3): text at lines 7, 15" in needs


def test_a_component_items_own_paragraph_is_its_description(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Harbour Lights

        ## Components

        - One harbour board.

            The board is printed on both sides.

        - 40 wooden cubes.
        """)
    assert files["game"]["components"][0] == {"id": "one-harbour-board", "name": "One harbour board",
                                              "description": "The board is printed on both sides."}


def test_victory_points_are_no_end_of_the_game_and_core_concepts_may_hold_the_turn(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Crate Haulers

        ## Core Concepts

        ### Sailing a leg

        Each turn consists of these steps, in this order:

        1. **Roll:** roll the wind die.
        2. **Move:** move your ship.
        3. **Refuel:** take one coal.

        ## Victory Points

        ### Earning points

        Each delivered crate earns 1 victory point.

        ### Spending points

        You may spend 3 victory points to buy a ship.

        ## End of the Game

        The game ends when the last crate is delivered.
        """)
    assert files["game"]["end_of_game"] == ["The game ends when the last crate is delivered."]
    assert [p["name"] for p in files["phases"]["phases"]] == ["Roll", "Move", "Refuel"]


def test_a_glossary_items_own_paragraph_and_sub_items_are_its_definition(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Lantern Keepers

        ## Glossary

        - **Gust:** a strong wind.

            A gust moves every lantern one space.

        - **Calm:** no wind at all.
            - Boats may not sail.
        - **Harbour:** the space at the board's edge.
        """)
    terms = {t["term"]: t.get("definition", t["short"]) for t in files["terms"]["terms"]}
    assert terms["Gust"].endswith("a strong wind. A gust moves every lantern one space.")
    assert terms["Calm"].lower().endswith("no wind at all (boats may not sail).")


def test_a_list_under_a_glossary_is_never_the_turn_for_its_wording(tmp_path):
    _, files, _ = run(tmp_path, """\
        # Reed Boats

        ## Glossary

        ### Dock day

        1. A boat that leaves the dock and comes back in the same day.
        2. Scores one reed.
        """)
    assert "phases" not in files


def test_scoring_and_victory_points_sections_are_the_scoring(tmp_path):
    # a euro game: how points are counted is its own part, shown under 'Scoring' on the overview
    result, files, _ = run(tmp_path, """\
        # Millrace

        ## Victory Points

        Each sack of flour delivered earns 2 victory points.

        ## End of the Game

        The game ends after the sixth round.

        ## Final Scoring

        1. Score 1 point for every 3 coins.
        2. Score 2 points for every mill.
        """)
    assert files["game"]["end_of_game"] == ["The game ends after the sixth round."]
    assert files["game"]["scoring"] == ["Each sack of flour delivered earns 2 victory points."]
    page = result.page.read_text(encoding="utf-8")
    assert "/// scoring" in page and "Score 2 points for every mill." in page  # the second part stays prose


def test_a_scoring_phase_of_the_turn_keeps_its_rules(tmp_path):
    # a card game's last step of each hand is called Scoring: it is a phase, not how the game is scored
    _, files, _ = run(tmp_path, """\
        # Trick Night

        ## Playing a hand

        Each hand has three phases:

        ### Bidding

        Each player bids once, in turn order.

        ### Play

        The declarer leads the first trick.

        ### Scoring

        Count the card points each side took.
        """)
    phases = {p["name"]: p for p in files["phases"]["phases"]}
    assert "Count the card points" in phases["Scoring"]["rules"]
    assert "scoring" not in files["game"]
