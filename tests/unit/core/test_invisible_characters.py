"""Ids and names hold no invisible or control character: each is a located error naming it (U+XXXX).

A zero-width space makes 'Emplo\u200byee' look like 'Employee'; a right-to-left override reorders what a
reader sees. The rule is one validator carried by every id and name type of the models, so the tests
below also walk the models to find any name field that lacks it.
"""

from __future__ import annotations

import typing

import pytest
from gamekit import assert_at, only, where

from rulecraft.loader import load_game
from rulecraft.models import FILE_KINDS, RuleModel
from rulecraft.models.base import Visible, invisible_character
from rulecraft.models.game import GameFile

TERMS = """\
    terms:
      - id: widget
        term: Widget
        plurals: [widgets]
        short: A small wooden cube.
    """

# (file, text with the bad character, needle at the bad value's line, U+ code, character name)
PAYLOADS = [
    ("terms.yaml", TERMS.replace("term: Widget", "term: Wid\u200bget"), "Wid\u200bget", "U+200B", "ZERO WIDTH SPACE"),
    ("terms.yaml", TERMS.replace("id: widget", "id: wid\u202eget"), "wid\u202eget", "U+202E",
     "RIGHT-TO-LEFT OVERRIDE"),
    ("terms.yaml", TERMS.replace("[widgets]", "[wid\u00adgets]"), "wid\u00adgets", "U+00AD", "SOFT HYPHEN"),
    ("terms.yaml", TERMS.replace("[widgets]", "[widgets, \"cube\\u2066s\"]"), '"cube', "U+2066",
     "LEFT-TO-RIGHT ISOLATE"),
    ("terms.yaml", TERMS.replace("plurals: [widgets]", "category: \"\\u200eStock\""), "category:", "U+200E",
     "LEFT-TO-RIGHT MARK"),
    ("game.yaml", 'id: demo\ntitle: "Demo\\x7fGame"\nversion: "1.0"\nsummary: A game.\n', "title:", "U+007F",
     "control character"),
    ("game.yaml", 'id: demo\ntitle: Demo Game\nsubtitle: "\\ufeffBy dice"\nsummary: A game.\n', "subtitle:",
     "U+FEFF", "ZERO WIDTH NO-BREAK SPACE"),
    ("game.yaml", 'id: demo\ntitle: "Demo\\tGame"\nsummary: A game.\n', "title:", "U+0009", "control character"),
    ("game.yaml", "id: demo\ntitle: Demo Game\nsummary: A game.\nconstants:\n  hand\u2060size: 3\n", "hand",
     "U+2060", "WORD JOINER"),
    ("phases.yaml", "phases:\n  - id: trade\n    name: Tr\u200dade\n    rules: Trade.\n", "name:", "U+200D",
     "ZERO WIDTH JOINER"),
    ("icons.yaml", "icons:\n  - {id: coin, label: \"Co\\u200cin\", meaning: Money., glyph: {emoji: \"\U0001fa99\"}}\n",
     "label:", "U+200C", "ZERO WIDTH NON-JOINER"),
    ("cards.yaml", "decks:\n  - id: d\n    name: D\n    cards:\n      - {id: a, name: A, type: \"Fort\\u2028une\"}\n",
     "type:", "U+2028", "LINE SEPARATOR"),
]


@pytest.mark.parametrize("file, text, needle, code, name", PAYLOADS, ids=[p[3] for p in PAYLOADS])
def test_invisible_character_is_a_located_error_naming_it(game, file, text, needle, code, name):
    folder = game({file: text})
    _, problems = load_game(folder)
    problem = only(problems, "schema-invisible-character")
    assert f"holds an invisible character, {code} {name}," in problem.message
    assert "delete that character" in problem.hint
    assert all(ord(c) >= 0x20 and c.isprintable() for c in problem.format() if c != "\n")  # shown escaped
    line, _ = where(folder, file, needle)
    assert problem.location.line == line and problem.location.file.endswith(file)


@pytest.mark.parametrize("text", ["Tr\u200dade", "Co\u200cin", "\u200d\U0001f308", "\U0001f308\u200d",
                                  "\U0001f308\u200d A", "Emplo\u200dy\u00e9e"])
def test_a_joiner_where_no_writing_needs_it_is_refused(text):
    assert invisible_character(text) is not None  # between Latin letters, or at an end of an emoji sequence


def test_the_message_says_where_in_the_word(game):
    folder = game({"terms.yaml": TERMS.replace("term: Widget", "term: Wid\u200bget")})
    problem = only(load_game(folder)[1], "schema-invisible-character")
    assert problem.message == ("terms[0].term: 'Wid\\u200bget' holds an invisible character, U+200B ZERO WIDTH "
                               "SPACE, after 'Wid'")
    assert_at(problem, folder / "terms.yaml", *where(folder, "terms.yaml", "Wid\u200bget"))


@pytest.mark.parametrize("text", ["Employee", "Café au lait", "10\u00a0km", "Straße", "\U0001fa99 Coin",
                                  "\u05e9\u05dc\u05d5\u05dd", "\u2764\ufe0f",
                                  "Family \U0001f468\u200d\U0001f469\u200d\U0001f467",  # an emoji sequence
                                  "Pride \U0001f3f3\ufe0f\u200d\U0001f308",  # the rainbow flag
                                  "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: ZWNJ shapes
                                  "\u0915\u094d\u200d\u0937"])  # Devanagari half form: ZWJ
def test_visible_text_passes(text):
    assert invisible_character(text) is None  # no-break space, right-to-left script, variation selector


# Fields that hold an id or a name people read: each must carry the validator.
NAME_FIELDS = {"id", "name", "title", "subtitle", "term", "aliases", "plurals", "label", "category", "type",
               "unit", "kind", "attacker", "defender"}


def _models(model: type[RuleModel], seen: set) -> typing.Iterator[type[RuleModel]]:
    if model in seen:
        return
    seen.add(model)
    yield model
    for info in model.model_fields.values():
        for inner in _types(info.annotation):
            if isinstance(inner, type) and issubclass(inner, RuleModel):
                yield from _models(inner, seen)


def _types(annotation) -> typing.Iterator:
    yield annotation
    for arg in typing.get_args(annotation):
        yield from _types(arg)


def _carries_visible(info) -> bool:
    found = list(info.metadata)
    for inner in _types(info.annotation):
        if typing.get_origin(inner) is typing.Annotated:
            found.extend(inner.__metadata__)
    return Visible in found


def test_every_id_and_name_field_of_every_model_carries_the_rule():
    seen: set = set()
    fields = [(model.__name__, name, info) for kind in FILE_KINDS.values() for model in _models(kind, seen)
              for name, info in model.model_fields.items()]
    named = [(model, name) for model, name, info in fields if name in NAME_FIELDS or name.endswith("_id")]
    assert len(named) > 30  # the walk reached the models
    missing = [f"{model}.{name}" for model, name, info in fields
               if (name in NAME_FIELDS or name.endswith("_id")) and not _carries_visible(info)
               and any(t is str or typing.get_origin(t) is typing.Annotated for t in _types(info.annotation))]
    assert missing == []


def test_dict_keys_that_are_ids_carry_the_rule():
    key = typing.get_args(GameFile.model_fields["constants"].annotation)[0]
    assert Visible in key.__metadata__
