"""Shared pieces of the rule data models.

Models are strict about keys (unknown keys are errors with a did-you-mean, see
``loader``) and remember which file and path they were read from, so every
check can point at the exact line.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, StringConstraints, model_validator

from . import records

# Ids name things in data and become URL anchors: lower case, digits, '-' and '_'.
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
ID_RE = re.compile(ID_PATTERN)
ID_MAX_LENGTH = 80
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX_LENGTH)]
# Text that is rendered as Markdown and may hold inline references ({term:...}).
Text = Annotated[str, StringConstraints(max_length=20_000)]
ShortText = Annotated[str, StringConstraints(min_length=1, max_length=300)]
# A designer note is text about the rules, not a rule: how something was encoded, what the source says
# or leaves out, what is assumed. Players do not see it unless they turn on "Designer notes"; the
# Status page lists every one.
NOTE_HELP = ("A designer note (Markdown): how this was encoded, what the source says or leaves out, what is "
             "assumed. Hidden in the player view; shown by the Designer notes switch and on the Status page.")


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


def condition_given(model):
    """The validator of a conditional rule (records.Conditional): an optional one says what enables it."""
    if model.optional and not model.condition:
        raise ValueError("an optional rule needs a 'condition' saying what enables it")
    return model


def variant_field():
    return Field(default=None, description="Only in this variant (an id under `variants:` in game.yaml), or in "
                 "any of a list of them; `base`: only in the base game (replaced in a variant).")


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
    variant: Id | list[Id] | None = variant_field()
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
