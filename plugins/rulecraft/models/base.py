"""Shared pieces of the rule data models.

Models are strict about keys (unknown keys are errors with a did-you-mean, see
``loader``) and remember which file and path they were read from, so every
check can point at the exact line.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from . import records

# Characters that show nothing in a name, or change how what follows is shown: format characters
# (zero-width space and joiners, word joiner, byte-order mark, soft hyphen, the bidirectional marks,
# embeddings, overrides and isolates), control characters, line and paragraph separators and lone
# surrogates. A name holding one looks like another ("Emplo\u200byee" and "Employee") and an override
# reorders what readers see, so ids and names must not hold any.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


# The joiners are allowed where writing needs them: ZWJ inside an emoji sequence ("👨‍👩‍👧", a rainbow flag),
# and ZWJ or ZWNJ between two letters of a script that shapes with them (Arabic, Persian, the Indic
# scripts). Between Latin, Greek or Cyrillic letters they only make look-alikes, and stay refused.
ZWJ, ZWNJ = "\u200d", "\u200c"
_LOOK_ALIKE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _emoji_part(char: str) -> bool:
    code = ord(char)
    return code >= 0x1F000 or 0x2600 <= code <= 0x27BF or 0x2B00 <= code <= 0x2BFF or code == 0xFE0F


def _shaping_letter(char: str) -> bool:
    return unicodedata.category(char)[0] in "LM" and not unicodedata.name(char, "").startswith(_LOOK_ALIKE_SCRIPTS)


def _joiner_needed(text: str, at: int) -> bool:
    if text[at] not in (ZWJ, ZWNJ) or at == 0 or at == len(text) - 1:
        return False
    before, after = text[at - 1], text[at + 1]
    if text[at] == ZWJ and _emoji_part(before) and _emoji_part(after):
        return True
    return not before.isascii() and _shaping_letter(before) and _shaping_letter(after)


def invisible_character(text: str) -> int | None:
    """The index of the first invisible or control character in ``text``, or None."""
    if text.isprintable():  # fast path (C speed): no character of those categories, nor any other unprintable
        return None
    return next((i for i, char in enumerate(text)
                 if unicodedata.category(char) in INVISIBLE_CATEGORIES and not _joiner_needed(text, i)), None)


def character_name(char: str) -> str:
    """'U+200B ZERO WIDTH SPACE': how messages name a character they must not print."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'control character')}"


def invisible_message(text: str, at: int) -> str:
    before = f" after {text[:at]!r}" if at else " at the start"
    return f"{text!r} holds an invisible character, {character_name(text[at])},{before}"


INVISIBLE_HINT = "delete that character (it cannot be seen: retype the word if need be)"


def _visible(value: Any) -> Any:
    if isinstance(value, str):
        at = invisible_character(value)
        if at is not None:
            raise PydanticCustomError("invisible_character", "{message}", {"message": invisible_message(value, at)})
    return value


# Every id and name type carries this (a before-validator: it runs ahead of the id pattern, so the
# message names the character instead of just calling the id invalid).
Visible = BeforeValidator(_visible)

# Ids name things in data and become URL anchors: lower case, digits, '-' and '_'.
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
ID_RE = re.compile(ID_PATTERN)
ID_MAX_LENGTH = 80
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX_LENGTH), Visible]
# Text that is rendered as Markdown and may hold inline references ({term:...}).
Text = Annotated[str, StringConstraints(max_length=20_000)]
# Names, titles, labels, a term and its aliases: one line that people read and compare.
ShortText = Annotated[str, StringConstraints(min_length=1, max_length=300), Visible]
# A name that may be left empty (a subtitle, a card's type, a term's category).
Name = Annotated[str, Visible]
# A designer note is text about the rules, not a rule: how something was encoded, what the source says
# or leaves out, what is assumed. Players do not see it unless they turn on "Designer notes"; the
# Status page lists every one.
NOTE_HELP = ("A designer note (Markdown): how this was encoded, what the source says or leaves out, what is "
             "assumed. Hidden in the player view; shown by the Designer notes switch and on the Status page.")


# A problem's code (``unused-term``) and why a designer accepts it: an accepted warning no longer counts but
# stays listed, with its reason, on the Status page (checks/accept.py). An accept without a reason is refused.
ProblemCode = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$", max_length=60)]
AcceptReason = Annotated[str, StringConstraints(min_length=1, max_length=2_000, pattern=r"\S")]
ACCEPT_HELP = ("Warnings about this item that are accepted, by code, each with the reason: "
               "{unused-term: \"named only on the box\"}. An accepted warning no longer counts (nor fails "
               "--strict) and is listed with its reason on the Status page. Errors and gaps cannot be accepted.")


def accept_field():
    return Field(default_factory=dict, description=ACCEPT_HELP)


class RuleModel(BaseModel, records.Model):
    """A model as the loader validates it from YAML. What is derived from its fields lives in its kind in
    records.py, which it inherits: a build from the snapshot reads the same kinds without pydantic."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False, validate_default=False,
                              frozen=False, populate_by_name=True,
                              # Validators are built on first use: a process that imports the models
                              # without validating anything never builds them.
                              defer_build=True)

    # Where this object was read from: file shown to people and the path in it.
    _file: str = PrivateAttr(default="")
    _path: tuple = PrivateAttr(default=())

    def set_source(self, file: str, path: tuple) -> None:
        self._file = file
        self._path = path

    @property
    def source_file(self) -> str:
        # Read the private slot directly: pydantic's __getattr__ fallback is slow on hot paths.
        return self.__pydantic_private__["_file"]

    @property
    def source_path(self) -> tuple:
        return self.__pydantic_private__["_path"]


def _text_to_mapping(key: str):
    """Let authors write a bare string where a mapping with one text field is expected."""

    def convert(value: Any) -> Any:
        if isinstance(value, str):
            return {key: value}
        return value

    return BeforeValidator(convert)


MAX_ROUND = 1000


def optional_field():
    return Field(default=False, description="Only applies when `condition` holds (variant, expansion, player "
                 "count...).")


def condition_field():
    return Field(default=None, description="What enables this rule, or when it applies.")


def from_round_field():
    return Field(default=None, ge=2, le=MAX_ROUND, description="Applies from this round on (2: not in the "
                 "first round).")


def only_when_field():
    return Field(default=None, max_length=400, description="Applies only while this condition holds: an "
                 "expression over the game's states, the round and events, e.g. \"state.time == night\" or "
                 "\"round >= 12 or event.army-annihilated\"; shown in words as a badge.")


def condition_given(model):
    """The validator of a conditional rule (records.Conditional): an optional one says what enables it."""
    if model.optional and not model.condition:
        raise ValueError("an optional rule needs a 'condition' saying what enables it")
    return model


def variant_field():
    return Field(default=None, description="Only in this variant (an id under `variants:` in game.yaml, or a "
                 "combination's), or in any of a list of them; `base`: only in the base game (replaced in a "
                 "variant); `{not: x}` (or `{not: [x, y]}`): in every way to play without x — the base game, "
                 "every other variant and every combination without it.")


# An item's `variant:`: one way to play, a list of them, or every way but some ({not: dragons}).
VariantChoice = Id | list[Id] | Annotated[dict[Literal["not"], Id | list[Id]], Field(min_length=1)]


class Step(RuleModel, records.Step):
    """One instruction, possibly with nested sub-steps. Numbers come from order."""

    id: Id | None = None
    text: Text = Field(description="The instruction (Markdown).")
    steps: list[Annotated[Step, _text_to_mapping("text")]] = Field(default_factory=list)
    todo: str | None = Field(default=None, description="What is missing here; shown as incomplete.")
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    optional: bool = optional_field()
    condition: str | None = condition_field()
    from_round: int | None = from_round_field()
    only_when: str | None = only_when_field()
    variant: VariantChoice | None = variant_field()
    numbering: Literal["continue"] | None = Field(default=None, description="On a group of steps (a step "
                                                  "with steps): `continue` numbers its steps on from the list's "
                                                  "previous steps (1–9, then 10, 11 in the next group), the group's "
                                                  "own text a title without a number. Default: nested (3a, 3b).")

    @model_validator(mode="after")
    def _conditions(self):
        if self.numbering and not self.steps:
            raise ValueError("'numbering: continue' belongs on a group of steps: this step has no 'steps'")
        return condition_given(self)


StepItem = Annotated[Step, _text_to_mapping("text")]


class Example(RuleModel):
    """A worked example, shown as an example admonition."""

    title: ShortText = "Example"
    text: Text


ExampleItem = Annotated[Example, _text_to_mapping("text")]
