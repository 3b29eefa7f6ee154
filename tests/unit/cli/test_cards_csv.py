"""Decks through CSV (Squib / nanDECK convention): lossless round trip, located errors, safe rewrite."""

from __future__ import annotations

import csv
import io
import shutil
import textwrap
from pathlib import Path

import pytest
from gamekit import RULES_DATA, write_game

from rulecraft.cli.cards_csv import (
    BASE_COLUMNS,
    EXTRA_FIELDS,
    MODEL_COLUMNS,
    cards_to_csv,
    cell_kind,
    export_deck,
    import_deck,
    parse_cards_csv,
)
from rulecraft.cli.main import main
from rulecraft.loader import load_game
from rulecraft.models import Card
from rulecraft.problems import RulecraftError

CARDS_YAML = """\
# yaml-language-server: $schema=../../plugins/rulecraft/schemas/cards.schema.json
# A comment the import must keep.
decks:
  - id: events
    name: Event deck
    description: Drawn every turn.
    cards:
      - id: windfall
        name: "Windfall, \\"big\\" one"
        qty: 3
        type: Fortune
        text: |-
          Every player takes 1 Widget.
          Then, in turn order, each may discard one — "if they like", with commas, too.
        icons: [coin, ship]
        fields: {flavour: "Rain, at last: “finally”", cost: "3", type: "fields may reuse a column name"}
        changed_in: "1.0"
      - id: storm
        name: Stürm ☂
        qty: 0
        text: "Quotes \\" and 'single', a comma, and emoji 🌀"
        todo: check the wording
      - id: plain
        name: Plain
  # the second deck must survive untouched
  - id: ships
    name: Ships
    cards:
      - id: brig
        name: Brig
        qty: 2
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return write_game(tmp_path, {"cards.yaml": CARDS_YAML, "icons.yaml": """\
        icons:
          - {id: coin, label: Coin, meaning: Money., glyph: {emoji: "🪙"}}
          - {id: ship, label: Ship, meaning: A ship., glyph: {emoji: "⛵"}}
        """})


def deck(folder: Path, deck_id: str):
    game, problems = load_game(folder)
    assert not problems, [p.format() for p in problems]
    return next(d for d in game.decks if d.id == deck_id)


def test_export_columns_follow_the_convention(folder):
    text = export_deck(folder, "events")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:6] == ["id", "name", "qty", "type", "text", "icons"]
    assert rows[0][6:] == ["todo", "changed_in", "flavour", "cost", "fields.type"]
    assert rows[1][:3] == ["windfall", 'Windfall, "big" one', "3"] and rows[1][5] == "coin ship"
    assert rows[2][2] == "0" and rows[3][2] == ""  # a stated qty is written; no count: an empty cell, never 1


def test_round_trip_is_lossless(folder, tmp_path):
    before = [c.model_dump() for c in deck(folder, "events").cards]
    other = [c.model_dump() for c in deck(folder, "ships").cards]
    original = (folder / "cards.yaml").read_text(encoding="utf-8")
    path = tmp_path / "events.csv"
    path.write_text(export_deck(folder, "events"), encoding="utf-8", newline="")
    import_deck(folder, "events", path)
    assert [c.model_dump() for c in deck(folder, "events").cards] == before
    assert [c.model_dump() for c in deck(folder, "ships").cards] == other
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[:2] == original.splitlines()[:2]  # schema line and comment kept
    assert "# the second deck must survive untouched" in text
    assert text[text.index("  # the second deck"):] == original[original.index("  # the second deck"):]
    # and a second round trip changes nothing at all
    path.write_text(export_deck(folder, "events"), encoding="utf-8", newline="")
    import_deck(folder, "events", path)
    assert (folder / "cards.yaml").read_text(encoding="utf-8") == text


def test_edit_in_a_spreadsheet_then_import(folder, tmp_path, capsys):
    rows = list(csv.reader(io.StringIO(export_deck(folder, "events"), newline="")))
    rows[3][2] = "5"  # more 'plain' cards
    rows.append(["tempest", "Tempest", "2", "Misfortune", "Lose a turn,\nthen draw.", "ship", "", "", "", "", ""])
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    path = tmp_path / "edited.csv"
    path.write_text("\ufeff" + out.getvalue(), encoding="utf-8", newline="")  # with a spreadsheet's BOM
    assert main(["cards", "import", str(folder), "events", str(path)]) == 0
    assert "replaced the cards of deck 'events'" in capsys.readouterr().out
    cards = {c.id: c for c in deck(folder, "events").cards}
    assert cards["plain"].qty == 5 and cards["tempest"].text == "Lose a turn,\nthen draw."
    assert cards["tempest"].icons == ["ship"] and cards["tempest"].fields == {}
    assert [c.id for c in deck(folder, "ships").cards] == ["brig"]


def test_cli_export_to_stdout_and_file(folder, tmp_path, capsys):
    assert main(["cards", "export", str(folder), "ships"]) == 0
    assert capsys.readouterr().out == "id,name,qty,type,text,icons\nbrig,Brig,2,,,\n"
    target = tmp_path / "ships.csv"
    assert main(["cards", "export", str(folder), "ships", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == "id,name,qty,type,text,icons\nbrig,Brig,2,,,\n"


def test_unknown_deck_and_missing_folder(folder, tmp_path, capsys):
    assert main(["cards", "export", str(folder), "nope"]) == 1
    err = capsys.readouterr().err
    assert "no deck 'nope'" in err and "events, ships" in err
    assert main(["cards", "export", str(tmp_path / "missing"), "events"]) == 2


def test_import_adds_a_new_deck_and_keeps_the_rest(folder, tmp_path):
    path = tmp_path / "new.csv"
    path.write_text("id,name,qty\nscout,Scout,4\n", encoding="utf-8")
    summary = import_deck(folder, "agents", path, deck_name="Agents")
    assert summary.created_deck and summary.copies == 4
    assert [d.id for d in load_game(folder)[0].decks] == ["events", "ships", "agents"]
    assert "# the second deck must survive untouched" in (folder / "cards.yaml").read_text(encoding="utf-8")


def test_import_creates_cards_yaml_with_schema_line(tmp_path):
    folder = write_game(tmp_path)
    path = tmp_path / "deck.csv"
    path.write_text("id,name,qty,type,text,icons,cost\nalpha,Alpha,2,Basic,\"Go, go\",,1\n", encoding="utf-8")
    import_deck(folder, "basics", path)
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    schema = text.splitlines()[0].split("=", 1)[1]
    assert (folder / schema).resolve().name == "cards.schema.json" and (folder / schema).resolve().is_file()
    card = load_game(folder)[0].decks[0].cards[0]
    assert (card.name, card.qty, card.text, card.fields) == ("Alpha", 2, "Go, go", {"cost": "1"})


def test_import_that_breaks_a_check_exits_1(tmp_path, capsys):
    folder = write_game(tmp_path, {"game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        components:
          - {id: deck, name: Deck, quantity: 3}
        """, "cards.yaml": """\
        decks:
          - id: d
            name: D
            component: deck
            cards:
              - {id: a, name: A, qty: 3}
        """})
    path = tmp_path / "d.csv"
    path.write_text("id,name,qty\na,A,4\n", encoding="utf-8")
    assert main(["cards", "import", str(folder), "d", str(path)]) == 1
    assert "error[card-quantity]" in capsys.readouterr().err


# --- bad CSV: located errors ------------------------------------------------------------------------------


def problems_of(text: str) -> list[str]:
    cards, problems = parse_cards_csv(textwrap.dedent(text), "deck.csv")
    return [p.format() for p in problems]


@pytest.mark.parametrize("text, expected", [
    ('id,name,qty\na,A,2\nb,"B,3\n', 'deck.csv:3: error[csv-syntax]: invalid CSV: unexpected end of data'),
    ("id,name,qty\na,A,two\n", "deck.csv:2: error[csv-value]: column 'qty': 'two' is not a whole number"),
    ("id,name,qty\na,A,-1\n", "deck.csv:2: error[csv-value]: column 'qty': input should be greater than or equal to 0"),
    ("id,name,qty\na,A,1\nb,B,1\na,A again,1\n", "deck.csv:4: error[csv-value]: card id 'a' appears twice "
                                                 "(first on line 2)"),
    ("id,qty\na,1\n", "deck.csv:1: error[csv-header]: the CSV has no 'name' column"),
    ("id,name,name\na,A,B\n", "deck.csv:1: error[csv-header]: column 'name' appears twice (columns 2 and 3)"),
    ("id,name\na,A,extra\n", "deck.csv:2: error[csv-row]: row has 3 cells but the header has 2 columns"),
    ("id,name\nBad Id,A\n", "deck.csv:2: error[csv-value]: column 'id': 'Bad Id' is not a valid id"),
    ("id,name\n,A\n", "deck.csv:2: error[csv-value]: column 'id' is empty"),
    ("id,name\na,\n", "deck.csv:2: error[csv-value]: column 'name': string should have at least 1 character"),
    ("id,name,icons\na,A,Coin!\n", "deck.csv:2: error[csv-value]: column 'icons': 'Coin!' is not an id"),
    ("", "deck.csv:1: error[csv-header]: the CSV has no header row"),
])
def test_bad_csv_is_located(text, expected):
    found = problems_of(text)
    assert any(p.startswith(expected) for p in found), found


def test_line_numbers_count_multi_line_cells():
    text = 'id,name,text\na,A,"one\ntwo\nthree"\nb,B,x\nc,C,"unterminated\n'
    cards, problems = parse_cards_csv(text, "deck.csv")
    assert [p.location.line for p in problems] == [6]
    text = 'id,name,qty,text\na,A,1,"one\ntwo"\nb,B,lots,x\n'
    assert [p.location.line for p in parse_cards_csv(text, "deck.csv")[1]] == [4]


def test_bad_csv_through_the_cli_names_file_and_line(folder, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.csv").write_text("id,name,qty\na,A,1\nb,B,many\n", encoding="utf-8")
    before = (folder / "cards.yaml").read_text(encoding="utf-8")
    assert main(["cards", "import", str(folder), "events", "bad.csv"]) == 1
    assert "bad.csv:3: error[csv-value]: column 'qty': 'many' is not a whole number" in capsys.readouterr().err
    assert (folder / "cards.yaml").read_text(encoding="utf-8") == before  # nothing written


def test_not_utf8_is_located(folder, tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes("id,name\na,A\nb,Stürm\n".encode("latin-1"))
    with pytest.raises(RulecraftError) as exc:
        import_deck(folder, "events", path)
    assert exc.value.problems[0].code == "encoding" and exc.value.problems[0].location.line == 3


def test_flow_style_cards_fall_back_to_a_full_rewrite(tmp_path):
    folder = write_game(tmp_path, {"cards.yaml": """\
        # yaml-language-server: $schema=../../plugins/rulecraft/schemas/cards.schema.json
        decks: [{id: d, name: D, cards: [{id: a, name: A}]}, {id: e, name: E, cards: [{id: z, name: Z}]}]
        """})
    path = tmp_path / "d.csv"
    path.write_text("id,name,qty\na,A,2\nb,B,1\n", encoding="utf-8")
    summary = import_deck(folder, "d", path)
    assert summary.notes and "rewritten in full" in summary.notes[0]
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../plugins/rulecraft/schemas/cards.schema.json\n")
    game = load_game(folder)[0]
    assert [(c.id, c.qty) for c in game.decks[0].cards] == [("a", 2), ("b", 1)]
    assert [c.id for c in game.decks[1].cards] == ["z"]


def test_cards_to_csv_of_no_cards():
    assert cards_to_csv([]) == "id,name,qty,type,text,icons\n"


# --- every field of the card model survives a round trip ---------------------------------------------------

EVERY_FIELD_GAME = {"game.yaml": """\
    id: demo
    title: Demo Game
    version: "1.0"
    summary: Players trade widgets.
    variants:
      - {id: solo, name: Solo}
      - {id: long, name: Long game}
    """, "icons.yaml": """\
    icons:
      - {id: coin, label: Coin, meaning: Money., glyph: {emoji: "🪙"}}
    """, "cards.yaml": """\
    decks:
      - id: events
        name: Events
        cards:
          - id: windfall
            name: Windfall
            qty: 2
            type: Fortune
            text: "Take 1 {icon:coin}."
            icons: [coin]
            fields: {cost: "3", variant: "a field named like a card field"}
            todo: check the cost
            designer_note: |-
              The source prints 3 here
              and 2 on the summary card.
            changed_in: "1.0"
            variant: [solo, long]
          - id: ghost
            name: Ghost
            variant: solo
          - id: plain
            name: Plain
          - id: crowd
            name: Crowd
            variant: {not: solo}
    """}


def every_field_deck(tmp_path: Path) -> Path:
    return write_game(tmp_path, EVERY_FIELD_GAME)


def test_the_columns_are_the_card_models_fields():
    assert set(MODEL_COLUMNS) | {EXTRA_FIELDS} == set(Card.model_fields)
    assert list(MODEL_COLUMNS)[:6] == BASE_COLUMNS


def test_the_every_field_deck_sets_every_card_field(tmp_path):
    # a field added to Card must be added to this deck too, so the round trip below covers it
    cards = deck(every_field_deck(tmp_path), "events").cards
    unset = [name for name, info in Card.model_fields.items()
             if all(getattr(c, name) == info.get_default(call_default_factory=True) for c in cards)]
    assert unset == []


def test_a_field_type_without_a_cell_form_is_refused():
    with pytest.raises(TypeError, match="no CSV form"):
        cell_kind(dict[str, int])
    assert cell_kind(Card.model_fields["icons"].annotation) == "ids"
    assert cell_kind(Card.model_fields["variant"].annotation) == "variants"  # ids, or "not: ..."


def test_every_field_round_trips_through_the_cli(tmp_path, capsys):
    folder = every_field_deck(tmp_path)
    before = deck(folder, "events").cards
    path = tmp_path / "events.csv"
    assert main(["cards", "export", str(folder), "events", "-o", str(path)]) == 0
    header = next(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert header == BASE_COLUMNS + ["todo", "designer_note", "changed_in", "variant", "cost", "fields.variant"]
    assert main(["cards", "import", str(folder), "events", str(path)]) == 0
    assert "note:" not in capsys.readouterr().out
    after = deck(folder, "events").cards
    assert [c.model_dump() for c in after] == [c.model_dump() for c in before]
    ghost = next(c for c in after if c.id == "ghost")
    assert ghost.variant == "solo"  # still only in the solo variant, not in the base game


@pytest.mark.parametrize("game", sorted(p.parent.name for p in RULES_DATA.glob("*/cards.yaml")))
def test_seed_decks_round_trip_unchanged(game, tmp_path):
    folder = tmp_path / "rules_data" / game
    shutil.copytree(RULES_DATA / game, folder)
    before, problems = load_game(folder)
    assert not problems
    for each in before.decks:
        if not each.cards:
            continue  # nothing to round-trip (an import of no rows is refused: csv-empty)
        path = tmp_path / f"{each.id}.csv"
        path.write_text(export_deck(folder, each.id), encoding="utf-8", newline="")
        summary = import_deck(folder, each.id, path)
        assert summary.notes == []
    after, problems = load_game(folder)
    assert not problems
    assert [d.model_dump() for d in after.decks] == [d.model_dump() for d in before.decks]


def test_a_csv_without_a_column_keeps_that_field(tmp_path, capsys):
    folder = every_field_deck(tmp_path)
    path = tmp_path / "events.csv"
    path.write_text("id,name,qty,type,text,icons\nwindfall,Windfall,5,Fortune,Take 2.,coin\nnew,New,1,,,\n",
                    encoding="utf-8")
    assert main(["cards", "import", str(folder), "events", str(path)]) == 0
    out = capsys.readouterr().out
    assert "kept 'designer_note' of 1 card(s) as it was: the CSV has no 'designer_note' column" in out
    assert "kept 'cost' of 1 card(s)" in out
    cards = {c.id: c for c in deck(folder, "events").cards}
    assert (cards["windfall"].qty, cards["windfall"].text) == (5, "Take 2.")  # what the CSV has, it sets
    assert cards["windfall"].designer_note.startswith("The source prints 3")
    assert cards["windfall"].variant == ["solo", "long"] and cards["windfall"].fields["cost"] == "3"
    assert cards["new"].variant is None and set(cards) == {"windfall", "new"}


def test_bad_variant_cell_is_located():
    assert problems_of("id,name,variant\na,A,Solo!\n")[0].startswith(
        "deck.csv:2: error[csv-value]: column 'variant': 'Solo!' is not an id")


def test_a_variant_cell_names_every_way_to_play_but_some():
    cards, problems = parse_cards_csv("id,name,variant\na,A,not: solo\nb,B,not: solo long\nc,C,solo long\n", "deck.csv")
    assert not problems
    assert [c.variant for c in cards] == [{"not": "solo"}, {"not": ["solo", "long"]}, ["solo", "long"]]
    assert cards_to_csv(cards).splitlines()[1:] == ["a,A,,,,,not: solo", "b,B,,,,,not: solo long",
                                                    "c,C,,,,,solo long"]
    assert problems_of("id,name,variant\na,A,not:\n")[0].startswith(
        "deck.csv:2: error[csv-value]: column 'variant': 'not:' names no variant")
