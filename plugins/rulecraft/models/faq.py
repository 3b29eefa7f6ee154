"""faq.yaml: errata, clarifications and questions players ask, each attached to the rules it answers.

Each entry names its rules as ``kind:id`` (phase:combat, dice:crt, term:zoc, step:advance-after-combat) and
records a fingerprint of their text when it was written (models/fingerprint.py): the checker warns when
that text has changed since, so an answer never silently outlives the rule it answers."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from . import records
from .base import Id, RuleModel, Text

# What an entry answers: kind:id, the kinds of references (models/rule_targets.py lists them).
RULE_PATTERN = r"^[a-z]+:[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)?$"
RuleRef = Annotated[str, StringConstraints(pattern=RULE_PATTERN, max_length=200)]
FINGERPRINT_PATTERN = r"^[0-9a-f]{8}$"
Fingerprint = Annotated[str, StringConstraints(pattern=FINGERPRINT_PATTERN)]

FaqKind = Literal["erratum", "clarification", "faq"]


def _one_or_many(value):
    return [value] if isinstance(value, str) else value


class FaqEntry(RuleModel, records.FaqEntry):
    """One published answer: an erratum (the printed rule is changed), a clarification (the rule stands,
    read this way) or a question players ask."""

    id: Id
    kind: FaqKind = Field(description="erratum: the printed rule is corrected (marked on the cheat sheet); "
                          "clarification: the rule stands, and this is how it reads; faq: a question players "
                          "ask, answered.")
    about: Annotated[list[RuleRef], BeforeValidator(_one_or_many)] = Field(
        min_length=1, description="The rules it answers, as kind:id: phase:combat, step:advance, "
        "dice:crt (or dice:crt/row-id for a row with an id), term:zoc, card:ambush, const:hand-size, "
        "section:supply, item:fort, table:terrain, formula:supply-range. The entry is shown at each of them (a "
        "dice row's under its table).")
    question: Text = Field(description="The question, or for an erratum what it corrects: 'Rule 7.2, the "
                           "retreat path'.")
    answer: Text = Field(description="The answer, or for an erratum the corrected text.")
    version: str | None = Field(default=None, description="The rules version it appeared in, in quotes: "
                                "\"1.1\".")
    date: datetime.date | None = Field(default=None, description="When it was published: 2024-05-01.")
    fingerprint: Fingerprint | None = Field(
        default=None, description="A short hash of the text of the rules it answers, when it was written: the "
        "checker warns when that text changes (re-read the rule; if the answer still holds, paste the value "
        "the warning gives). Left out: the checker gives the value to paste.")

    @model_validator(mode="after")
    def _distinct(self):
        if len(set(self.about)) != len(self.about):
            raise ValueError("an entry lists each rule once")
        return self


class FaqFile(RuleModel):
    entries: list[FaqEntry] = Field(default_factory=list, description="In the order the FAQ page shows "
                                    "them.")
