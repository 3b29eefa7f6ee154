"""What the recognisers share while one rulebook is imported: the data found so far,
which source blocks they claimed (and what replaces them on the prose page), and
the findings for the report."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .outline import ListBlock, Outline, Section
from .text import IdMaker


@dataclass
class Finding:
    kind: str  # phases, dice, tables, terms, cards, sections, changelog, game, prose
    text: str
    line: int = 0


@dataclass
class State:
    outline: Outline
    game_id: str
    # id(block) -> Markdown that replaces the block on the prose page ('' drops it)
    claims: dict[int, str] = field(default_factory=dict)
    # id(section) -> Markdown placed right under the section's heading
    inserts: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    retitle: dict[int, str] = field(default_factory=dict)  # id(section) -> heading shown instead (names tables)
    # id(section) -> the heading the page shows when it says more than ``retitle`` (the source's own words)
    shown_heading: dict[int, str] = field(default_factory=dict)
    # id(section) -> a phase heading with the label typed before its name ('Step 3 — Temper'): shown on the page,
    # while the report names the section by its phase ('Temper')
    labelled_heading: dict[int, str] = field(default_factory=dict)
    found: list[Finding] = field(default_factory=list)
    human: list[Finding] = field(default_factory=list)
    game: dict = field(default_factory=dict)
    phases: list[dict] = field(default_factory=list)
    phase_index: dict[str, dict] = field(default_factory=dict)  # every phase dict by id (nested too)
    phase_of_section: dict[int, str] = field(default_factory=dict)  # id(section) -> phase id
    phase_of_item: dict[int, str] = field(default_factory=dict)  # id(list item or paragraph) -> phase id
    turn_section: Section | None = None
    heading_phases: list[Section] = field(default_factory=list)  # sections that are one phase each
    # phase id -> its row of a step table ('2 | Rake | In turn, each player draws …'): a heading of the same
    # name that follows holds the phase's rules, the row is its summary
    row_text: dict[str, str] = field(default_factory=dict)
    # id(section) -> sections whose heading and text became data shown by a block above them (one term
    # per heading): the prose page leaves out their headings
    folded: set[int] = field(default_factory=set)
    glossaries: set[int] = field(default_factory=set)  # id(section) of glossaries known by content, not heading
    dice: list[dict] = field(default_factory=list)
    tables: list[dict] = field(default_factory=list)
    terms: list[dict] = field(default_factory=list)
    decks: list[dict] = field(default_factory=list)
    ref_tables: list[dict] = field(default_factory=list)  # tables.yaml: reference tables and legends
    catalog: dict = field(default_factory=dict)  # catalog.yaml: {resources, items}
    priced: set[int] = field(default_factory=set)  # id(block) of blocks read into catalog items (their costs too)
    legends: list[dict] = field(default_factory=list)
    held: set[int] = field(default_factory=set)  # id(table) of tables kept whole on the page (read uncertainly)
    document_text: str | None = None  # every heading, paragraph and list item as plain text (dice hints)
    ids: dict[str, IdMaker] = field(default_factory=lambda: defaultdict(IdMaker))
    # views derived from the whole outline, each stored with the claims and phases it was made from
    memo: dict[str, tuple] = field(default_factory=dict)

    def claim(self, block, replacement: str = "") -> None:
        self.claims[id(block)] = replacement

    def claimed(self, block) -> bool:
        return id(block) in self.claims

    def note(self, kind: str, text: str, line: int = 0) -> None:
        self.found.append(Finding(kind, text, line))

    def ask(self, kind: str, text: str, line: int = 0) -> None:
        self.human.append(Finding(kind, text, line))

    def sections(self):
        """The root and every section, in document order."""
        yield self.outline.root
        yield from self.outline.sections()

    def lists(self, unclaimed: bool = True):
        """(section, index in section.blocks, ListBlock) for every top-level list of every section."""
        for section in self.sections():
            for i, block in enumerate(section.blocks):
                if isinstance(block, ListBlock) and not (unclaimed and self.claimed(block)):
                    yield section, i, block

    def phase_of(self, section: Section | None) -> str | None:
        while section is not None:
            if id(section) in self.phase_of_section:
                return self.phase_of_section[id(section)]
            section = section.parent
        return None


def context_before(section: Section, index: int, limit: int = 3) -> str:
    """Plain text of up to ``limit`` blocks before ``section.blocks[index]`` (what introduces a list)."""
    from .outline import Paragraph

    parts: list[str] = []
    for block in reversed(section.blocks[max(0, index - limit):index]):
        if isinstance(block, Paragraph):
            parts.append(block.text)
        elif isinstance(block, ListBlock):
            parts.append(" ".join(item.text for item in block.items))
    return " ".join(reversed(parts))
