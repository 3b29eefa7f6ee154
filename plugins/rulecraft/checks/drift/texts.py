"""The texts a game publishes, each able to place an offset of it at its file, line and column."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...models.index import GameIndex, iter_texts
from ...models.textrefs import code_blanked
from ...problems import Location


@dataclass(frozen=True)
class Text:
    """One published text: a docs page (``owner`` None) or a text field of a data model."""

    text: str  # code spans, fences and HTML comments blanked, offsets kept
    file: str
    owner: object | None = None  # the model whose field this is
    subpath: tuple = ()  # the field within the owner
    index: GameIndex | None = None

    def at(self, offset: int, needle: str | None = None) -> Location:
        """Where ``offset`` of the text is in its file."""
        if self.owner is None:
            line = self.text.count("\n", 0, offset) + 1
            return Location(self.file, line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1)
        return self.index.game.where_in_text(self.owner, self.subpath, offset, needle)


def published_texts(index: GameIndex, prose: dict[str, str]) -> Iterator[Text]:
    """Docs pages first (in their order), then every text field of the data."""
    for file, page in prose.items():
        yield Text(code_blanked(page, always=True), file)
    for owner, subpath, text in iter_texts(index.game):
        if text:
            yield Text(code_blanked(text, always=True), owner.source_file or "", owner, subpath, index)
