"""icons.yaml: symbols printed on cards and boards."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from .base import NOTE_HELP, AcceptReason, Id, ProblemCode, RuleModel, ShortText, Text, accept_field
from .urls import as_browser_reads, url_scheme


class Glyph(RuleModel):
    """How the icon is drawn: exactly one of these."""

    emoji: str | None = None
    material: str | None = Field(default=None, description="Material icon name, e.g. 'material/ferry'.")
    image: str | None = Field(default=None, description="Image path inside docs/, e.g. 'img/ship.svg'.")
    text: str | None = Field(default=None, description="A short text badge, e.g. '×2'.")

    @field_validator("image")
    @classmethod
    def _relative_path(cls, value):
        """A path inside docs/, never a URL: 'javascript:...', 'data:...', 'https://...' or '/...' are refused
        (as a browser reads it: character references decoded, tabs/newlines dropped, ends trimmed)."""
        if value is None:
            return value
        if url_scheme(value) is not None or as_browser_reads(value).startswith(("/", "\\")):
            raise ValueError(f"image must be a relative path inside docs/ like 'img/ship.svg', not {value!r}")
        return value

    @model_validator(mode="after")
    def _exactly_one(self):
        given = [k for k in ("emoji", "material", "image", "text") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError("a glyph needs exactly one of emoji, material, image or text"
                             + (f" (found {', '.join(given)})" if given else ""))
        return self


class Icon(RuleModel):
    id: Id
    label: ShortText
    meaning: Text
    glyph: Glyph
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class IconsFile(RuleModel):
    icons: list[Icon] = Field(min_length=1)
