"""The loaded rules: a RuleBook of Games, each holding its typed file models.

Games are built by the loader and read by everything after it (checks, renderers,
the Markdown extension). Derived views (the lookup index, the list of every model
and text) are computed once per game on first use and kept in ``Game.cache``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .problems import Location, Problem
from .yamlsource import YamlDocument

if TYPE_CHECKING:
    from .models import (
        CardsFile,
        CatalogFile,
        DiceFile,
        FaqFile,
        GameFile,
        GlossaryFile,
        IconsFile,
        PhasesFile,
        RuleModel,
        TablesFile,
    )
    from .models.index import GameIndex

SHARED_DIR = "_shared"  # rules_data/_shared/<glossary-id>.yaml: glossaries several games use


@dataclass
class GameCache:
    """What ``models.index`` derives from a game's data, computed on first use."""

    index: GameIndex | None = None
    models: list[RuleModel] | None = None  # every model object, in file order
    strings: list | None = None  # every (model, subpath, field name, text)
    todo_items: list | None = None  # every TODO and placeholder (models.completeness)
    designer_notes: list | None = None  # every designer note (models.completeness)
    docs_by_file: dict[str, YamlDocument] = field(default_factory=dict)


@dataclass
class Game:
    """Everything read for one game; kinds whose file failed to load are empty."""

    id: str
    folder: Path
    info: GameFile | None = None
    phases_file: PhasesFile | None = None
    dice_file: DiceFile | None = None
    glossary_file: GlossaryFile | None = None
    icons_file: IconsFile | None = None
    cards_file: CardsFile | None = None
    catalog_file: CatalogFile | None = None
    tables_file: TablesFile | None = None
    faq_file: FaqFile | None = None
    documents: dict[str, YamlDocument] = field(default_factory=dict)  # by file kind
    shared_terms: list = field(default_factory=list)  # Terms from shared glossaries, with their docs
    failed: set[str] = field(default_factory=set)  # kinds present on disk that did not load
    shared_documents: list[YamlDocument] = field(default_factory=list)  # the shared glossaries' files
    # Views derived from the data on first use (models.index); the data does not change after loading.
    cache: GameCache = field(default_factory=lambda: GameCache(), repr=False, compare=False)

    @property
    def title(self) -> str:
        return self.info.title if self.info else self.id

    @property
    def phases(self):
        return self.phases_file.phases if self.phases_file else []

    @property
    def turn_start(self):
        """What happens at the start of each turn, before phase 1 (``start_of_turn:``), or None."""
        return self.phases_file.start_of_turn if self.phases_file else None

    @property
    def phase_groups(self):
        return self.phases_file.groups if self.phases_file else []

    @property
    def tables(self):
        return self.dice_file.tables if self.dice_file else []

    @property
    def custom_dice(self):
        return self.dice_file.dice if self.dice_file else []

    @property
    def terms(self):
        own = self.glossary_file.terms if self.glossary_file else []
        return [*own, *self.shared_terms]

    @property
    def icons(self):
        return self.icons_file.icons if self.icons_file else []

    @property
    def decks(self):
        return self.cards_file.decks if self.cards_file else []

    @property
    def resources(self):
        return self.catalog_file.resources if self.catalog_file else []

    @property
    def items(self):
        return self.catalog_file.items if self.catalog_file else []

    @property
    def reference_tables(self):
        return self.tables_file.tables if self.tables_file else []

    @property
    def legends(self):
        return self.tables_file.legends if self.tables_file else []

    @property
    def faq_entries(self):
        return self.faq_file.entries if self.faq_file else []

    @property
    def exchanges(self):
        return self.catalog_file.exchanges if self.catalog_file else []

    @property
    def inputs(self):
        return self.info.inputs if self.info else []

    @property
    def formulas(self):
        return self.info.formulas if self.info else []

    @property
    def constants(self):
        return self.info.constants if self.info else {}

    def where(self, obj: RuleModel, *subpath: Any, key: bool = False) -> Location:
        """Location of ``obj`` (or of one of its fields / list items) in its YAML file."""
        doc = self._doc_for(obj.source_file)
        if doc is not None:
            return doc.where(obj.source_path + subpath, key=key)
        return Location(obj.source_file or str(self.folder))

    def where_in_text(self, obj: RuleModel, subpath: str | tuple, offset: int, needle: str | None = None) -> Location:
        """Exact location of ``needle`` (at ``offset``) inside one of ``obj``'s text fields."""
        subpath = (subpath,) if isinstance(subpath, str) else tuple(subpath)
        doc = self._doc_for(obj.source_file)
        if doc is not None:
            return doc.where_in_text(obj.source_path + subpath, offset, needle)
        return Location(obj.source_file or str(self.folder))

    def _doc_for(self, file: str) -> YamlDocument | None:
        by_file = self.cache.docs_by_file
        if len(by_file) != len(self.documents) + len(self.shared_documents):  # rebuilt while loading
            by_file = self.cache.docs_by_file = {doc.file: doc for doc in [*self.documents.values(),
                                                                          *self.shared_documents]}
        return by_file.get(file)


@dataclass
class RuleBook:
    root: Path
    games: dict[str, Game] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def release_positions(self) -> None:
        """Once checked: every file's YAML positions are dropped until asked for (YamlDocument.release_positions).
        The locations the Status page lists (TODOs, designer notes) are found first, as it shows them."""
        from .models.completeness import designer_notes, todo_items
        from .models.index import build_index

        for game in self.games.values():
            if game.info is not None:
                index = build_index(game)
                todo_items(index)
                designer_notes(index)
            for doc in (*game.documents.values(), *game.shared_documents):
                doc.release_positions()
