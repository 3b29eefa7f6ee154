"""icons.yaml: symbols printed on cards and boards."""

from __future__ import annotations

from pydantic import Field, model_validator

from .base import Id, RuleModel, ShortText, Text


class Glyph(RuleModel):
    """How the icon is drawn: exactly one of these."""

    emoji: str | None = None
    material: str | None = Field(default=None, description="Material icon name, e.g. 'material/ferry'.")
    image: str | None = Field(default=None, description="Image path inside docs/, e.g. 'img/ship.svg'.")
    text: str | None = Field(default=None, description="A short text badge, e.g. '×2'.")

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


class IconsFile(RuleModel):
    icons: list[Icon] = Field(min_length=1)
