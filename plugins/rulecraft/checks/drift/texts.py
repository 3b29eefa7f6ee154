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
    subjects: Subjects | None = None  # the game's, shared by its texts

    @property
    def subject(self) -> str:
        """What a warning on this text is about (``kind:id``, checks/accept.py): the owner's, or for a step, a
        dice row or an example, the nearest object holding it that has one. Empty for a page (accepted by a
        comment on its line instead)."""
        return self.subjects.of(self.owner) if self.subjects is not None and self.owner is not None else ""

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


def published_texts(index: GameIndex, prose: dict[str, str], shown: dict[str, str] | None = None) -> Iterator[Text]:
    """Docs pages first (in their order), then every text field of the data. ``shown``: each page already
    code-blanked (``code_blanked(page, always=True)`` by file), when the caller has them."""
    for file, page in prose.items():
        yield Text(shown[file] if shown is not None else _blanked(page), file)
    subjects = Subjects(index)
    for owner, subpath, text in iter_texts(index.game):
        # A candidate ruling is one of several readings a group picks from: they differ on purpose.
        if text and type(owner).__name__ != "Ruling":
            yield Text(_blanked(text), owner.source_file or "", owner, subpath, index, subjects)


def _blanked(text: str) -> str:
    """``code_blanked``, skipped for the many texts with no code fence, code span or comment in them."""
    return code_blanked(text, always=True) if "`" in text or "~~~" in text or "<!--" in text else text


class Subjects:
    """Each model object's subject: its own, else its nearest holder's. Worked out for the whole game the
    first time one is asked for (only a text with a finding asks), then looked up."""

    def __init__(self, index: GameIndex) -> None:
        self._index = index
        self._by_id: dict[int, str] | None = None

    def of(self, obj: object) -> str:
        if self._by_id is None:
            self._by_id = _subjects(self._index)
        return self._by_id.get(id(obj), "")


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
