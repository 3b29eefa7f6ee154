"""The texts a game publishes, each able to place an offset of it at its file, line and column."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...models import records
from ...models.accepts import subject_of
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
    # What a warning on this text is about (``kind:id``, checks/accept.py): the owner's, or for a step, a
    # dice row or an example, the nearest object holding it that has one. Empty for a page (accepted by a
    # comment on its line instead).
    subject: str = ""

    @property
    def field(self) -> str:
        """The data field the text is ('' for a page): "text", "designer_note", "question"..."""
        return self.subpath[0] if self.subpath and isinstance(self.subpath[0], str) else ""

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
    subjects = _subjects(index)
    for owner, subpath, text in iter_texts(index.game):
        if text:
            yield Text(code_blanked(text, always=True), owner.source_file or "", owner, subpath, index,
                       subjects.get(id(owner), ""))


def _subjects(index: GameIndex) -> dict[int, str]:
    """Each model object's subject by ``id()``: its own, else its nearest holder's."""
    game = index.game
    found: dict[int, str] = {}

    def walk(value, inherited: str) -> None:
        if isinstance(value, records.Model):
            inherited = subject_of(value) or inherited
            found[id(value)] = inherited
            value = list(value.__dict__.values())
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            for item in value:
                if isinstance(item, (records.Model, list, dict)):
                    walk(item, inherited)

    for root in (game.info, game.phases_file, game.dice_file, game.glossary_file, game.icons_file,
                 game.cards_file, game.catalog_file, game.tables_file, *game.shared_terms):
        if root is not None:
            walk(root, "")
    return found
