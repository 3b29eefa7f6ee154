"""terms.yaml: the glossary."""

from __future__ import annotations

from pydantic import Field

from . import records
from .base import NOTE_HELP, AcceptReason, Id, Name, ProblemCode, RuleModel, ShortText, Text, accept_field


class Term(RuleModel, records.Term):
    id: Id
    term: ShortText
    aliases: list[ShortText] = Field(default_factory=list, description="Other wordings that mean this term.")
    plurals: list[ShortText] = Field(default_factory=list)
    short: Text = Field(description="One sentence, shown in previews.")
    definition: Text | None = Field(default=None, description="Longer Markdown definition.")
    category: Name | None = None
    see_also: list[Id] = Field(default_factory=list)
    case_sensitive: bool | None = Field(default=None, description="Default: words written all in capitals and "
                                        "aliases of one or two letters match only as written.")
    common_aliases: list[ShortText] = Field(default_factory=list, description="Aliases that are everyday words "
                                            "and are meant to link wherever they appear (no alias-common-word "
                                            "warning): [area] when the rules use 'area' for this term.")
    cheatsheet: bool = Field(default=False, description="Show on the one-page cheat sheet.")
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    accept: dict[ProblemCode, AcceptReason] = accept_field()
    changed_in: str | None = None


class GlossaryFile(RuleModel):
    terms: list[Term] = Field(min_length=1)
