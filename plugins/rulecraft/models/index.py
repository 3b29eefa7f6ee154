"""Per-game lookup tables built once from the loaded models.

Checks and renderers both ask "which phase has id X, what is its number",
"which term does this word mean": they share this index instead of each
walking the data again.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..book import Game
from . import records
from .numbering import NumberedPhase, node_variants, number_phases, stages
from .term_matcher import TermMatcher
from .textrefs import plain_text
from .variant_views import View, declared_views, part_of, plays_in, variant_rule, views_of

if TYPE_CHECKING:
    from ..expr import Scope
    from . import (
        Card,
        CatalogItem,
        Component,
        Constant,
        CustomDie,
        Deck,
        DiceTable,
        Icon,
        Formula,
        Legend,
        ReferenceTable,
        Resource,
        RuleModel,
        Section,
        Term,
        Variant,
    )

# The field name ``iter_strings`` gives a reference table's cells (rule text: references are checked).
CELL_FIELD = "cell"

# String fields holding Markdown rule text (may contain {kind:id} references).
TEXT_FIELDS = frozenset({
    CELL_FIELD,
    "text", "rules", "summary", "objective", "result", "any_result", "notes", "when", "short", "definition",
    "meaning", "question", "answer", "detail", "description", "changes", "condition", "per", "designer_note",
})


# String fields that hold ids, notation or paths rather than words people read.
NON_PROSE_FIELDS = frozenset({
    "id", "terms", "dice", "see", "see_also", "icons", "component", "custom_die", "icon", "glossaries", "face",
    "roll", "version", "changed_in", "material", "image", "emoji", "include", "constants", "todo", "source",
    "variant", "variants", "only_when", "values", "initial",  # a condition's expression and a state's values
    "on",  # a dice row's condition, a reroll's faces
    "tables",  # the reference tables a section shows
    "fingerprint", "about",  # an FAQ entry's rules (kind:id) and the hash of their text
    "code", "at", "reason",  # an accepted warning (check: accept: in game.yaml) is about the data, not a rule
})


_MD_LINK_RE = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_MARK_RE = re.compile(r"(\*{1,3}|(?<!\w)_{1,3}|_{1,3}(?!\w)|`+)")


def plain_markdown(text: str) -> str:
    """Inline Markdown as the words a reader sees: '**Company** [debt](x)' -> 'Company debt'."""
    text = _MD_LINK_RE.sub(r"\1", text)
    return " ".join(_MD_MARK_RE.sub("", text).replace("\\", "").split())


@dataclass
class GameIndex:
    game: Game
    # Every phase in file order, each with the number a page shows by default: its number in the turn of
    # the base game (and of the variants that keep it), else in the own turn of the variant it belongs to.
    numbered: list[NumberedPhase] = field(default_factory=list)
    # The turn sequences, numbered each from 1: None is the base game's (variants without their own turn
    # play it, numbered as the full turn), then each variant that replaces the turn (``replaces: [turn]``).
    turns: dict[str | None, list[NumberedPhase]] = field(default_factory=dict)
    phases: dict[str, NumberedPhase] = field(default_factory=dict)
    tables: dict[str, DiceTable] = field(default_factory=dict)
    dice: dict[str, CustomDie] = field(default_factory=dict)
    terms: dict[str, Term] = field(default_factory=dict)
    icons: dict[str, Icon] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    cards: dict[str, tuple[Deck, Card]] = field(default_factory=dict)
    components: dict[str, Component] = field(default_factory=dict)
    constants: dict[str, Constant] = field(default_factory=dict)
    sections: dict[str, Section] = field(default_factory=dict)
    resources: dict[str, Resource] = field(default_factory=dict)
    items: dict[str, CatalogItem] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    # Every way to play besides the base game: each variant, then each combination (variant_views.View).
    ways: dict[str, View] = field(default_factory=dict)
    reference_tables: dict[str, ReferenceTable] = field(default_factory=dict)
    legends: dict[str, Legend] = field(default_factory=dict)
    formulas: dict[str, Formula] = field(default_factory=dict)
    condition_scope: Scope | None = None  # the expression scope of the game's conditions (models.conditions)
    _matcher: TermMatcher | None = None
    _mentions: Counter[str] | None = None
    _previews: dict[str, str] = field(default_factory=dict)

    @property
    def matcher(self) -> TermMatcher:
        if self._matcher is None:
            self._matcher = TermMatcher([(w, t.id, flag) for t in self.terms.values() for w, flag in t.linked_words()])
        return self._matcher

    def plays_in(self, item, view: str | None) -> bool:
        """Whether a data item (step, section, table, card...) is played in ``view`` (None: the base game)."""
        return plays_in(variant_rule(item), part_of(item), view, self.ways)

    def views(self, item) -> list[str]:
        """The views an item is shown in, [] for every one (``variant_views.views_of``)."""
        return views_of(variant_rule(item), part_of(item), self.ways)

    def node_views(self, node: NumberedPhase) -> list[str]:
        return views_of(node_variants(node), "turn", self.ways)

    def turn_for(self, view: str | None) -> list[NumberedPhase]:
        """The phases played in ``view``, numbered as that view's turn sequence reads."""
        own = self.turns.get(view) if view else None
        if own is not None:
            return list(own)
        return [n for n in self.turns.get(None, self.numbered)
                if plays_in(node_variants(n), "turn", view, self.ways)]

    def constant_vals(self, const_id: str) -> dict[str, str]:
        """A constant's value (as shown, without unit) in each way to play that changes it, by view id."""
        return {v.id: records.shown_number(v.values[const_id]) for v in self.ways.values() if const_id in v.values}

    def constant_in(self, const_id: str, view: str | None) -> str:
        """A constant's value (as shown) in one way to play (None or "base": the base game)."""
        found = self.ways.get(view) if view else None
        if found is not None and const_id in found.values:
            return records.shown_number(found.values[const_id])
        return self.constants[const_id].shown

    def number_vals(self, phase_id: str) -> dict[str, str]:
        """A phase's number in each variant whose own turn numbers it otherwise than the page's default."""
        node = self.phases.get(phase_id)
        out = {}
        for view, turn in self.turns.items():
            if view is None:
                continue
            number = next((n.number for n in turn if n.id == phase_id), None)
            if node is not None and number is not None and number != node.number:
                out[view] = number
        return out

    def stage_vals(self, group_id: str) -> dict[str, str]:
        """A stage's number in each variant whose own turn numbers it otherwise than the page's default."""
        default = {st.group.id: st.number for st in stages(self.game.phase_groups, self.numbered) if st.group}
        out = {}
        for view, turn in self.turns.items():
            own = {st.group.id: st.number for st in stages(self.game.phase_groups, turn) if st.group}
            if view is not None and group_id in own and own[group_id] != default.get(group_id):
                out[view] = str(own[group_id])
        return out

    def plain(self, text: str) -> str:
        """Rule text as an attribute holds it (a tooltip, an aria-label): references as the words they
        show, Markdown marks dropped, no markup of any kind."""
        return plain_markdown(plain_text(text, self.name_of))

    def plain_refs(self, text: str) -> str:
        """Rule text with each reference as the words the site shows for it (a term's name, a phase's
        number), its Markdown kept: '{term:gem}s' -> 'Gems'."""
        return plain_text(text, self.name_of)

    def preview(self, term_id: str) -> str:
        """A term's short definition as plain text (references resolved, Markdown marks dropped)."""
        text = self._previews.get(term_id)
        if text is None:
            text = self._previews[term_id] = plain_markdown(plain_text(self.terms[term_id].short, self.name_of))
        return text

    def term_mentions(self) -> Counter[str]:
        """How often the game's data text mentions each term (explicitly or by its words), a term's
        own entry aside. Cached: the usage check and the cheat sheet both ask."""
        if self._mentions is None:
            from .textrefs import find_refs, linkable_text

            counts: Counter[str] = Counter()
            for obj, _, text in iter_prose(self.game):
                if isinstance(obj, records.Term):
                    continue  # a term's own entry does not count as a use
                counts.update(ref.target for ref in find_refs(text) if ref.kind == "term")
                # the same text the site would link (no code, headings, links, {plain:...})
                counts.update(match.term_id for match in self.matcher.find(linkable_text(text)))
            self._mentions = counts
        return self._mentions

    def name_of(self, kind: str, target: str) -> str | None:
        """The words a reference to this item shows."""
        if kind == "term" and target in self.terms:
            return self.terms[target].term
        if kind == "phase" and target in self.phases:
            node = self.phases[target]
            return f"phase {node.number} ({node.phase.name})"
        if kind == "dice" and target in self.tables:
            return self.tables[target].title
        if kind == "card" and target in self.cards:
            return self.cards[target][1].name
        if kind == "deck" and target in self.decks:
            return self.decks[target].name
        if kind == "const" and target in self.constants:
            return self.constants[target].shown
        if kind == "icon" and target in self.icons:
            return self.icons[target].label
        if kind == "section" and target in self.sections:
            return self.sections[target].title
        if kind == "item" and target in self.items:
            return self.items[target].name
        if kind == "table" and target in self.reference_tables:
            return self.reference_tables[target].title
        if kind == "formula" and target in self.formulas:
            return self.formulas[target].name
        return target if kind == "plain" else None


def build_index(game: Game) -> GameIndex:
    if game.cache.index is not None:
        return game.cache.index
    index = GameIndex(game)
    for table in game.tables:
        index.tables.setdefault(table.id, table)
    for die in game.custom_dice:
        index.dice.setdefault(die.id, die)
    for term in game.terms:
        index.terms.setdefault(term.id, term)
    for icon in game.icons:
        index.icons.setdefault(icon.id, icon)
    for deck in game.decks:
        index.decks.setdefault(deck.id, deck)
        for card in deck.cards:
            index.cards.setdefault(card.id, (deck, card))
    for resource in game.resources:
        index.resources.setdefault(resource.id, resource)
    for item in game.items:
        index.items.setdefault(item.id, item)
    for table in game.reference_tables:
        index.reference_tables.setdefault(table.id, table)
    for legend in game.legends:
        index.legends.setdefault(legend.id, legend)
    for formula in game.formulas:
        index.formulas.setdefault(formula.id, formula)
    if game.info:
        for component in game.info.components:
            index.components.setdefault(component.id, component)
        index.constants = dict(game.info.constants)
        for section in game.info.sections:
            index.sections.setdefault(section.id, section)
        for variant in game.info.variants:
            index.variants.setdefault(variant.id, variant)
        index.ways = declared_views(game.info)
    _number_turns(index)
    for node in index.numbered:
        index.phases.setdefault(node.id, node)
    game.cache.index = index
    return index


def _number_turns(index: GameIndex) -> None:
    """The base game's turn, each own turn of a variant, and the default numbers of every phase."""
    phases, variants = index.game.phases, index.ways
    own = [v.id for v in variants.values() if "turn" in v.replaces]
    if not own:
        index.numbered = number_phases(phases)
        index.turns = {None: index.numbered}
        return
    keeping = [None, *(v for v in variants if v not in own)]
    index.turns = {None: number_phases(phases, lambda names: any(plays_in(names, "turn", v, variants)
                                                                   for v in keeping))}
    for view in own:
        index.turns[view] = number_phases(phases, lambda names, view=view: plays_in(names, "turn", view, variants))
    numbers = [{n.id: n.number for n in turn} for turn in index.turns.values()]
    index.numbered = number_phases(phases)
    for node in index.numbered:
        node.number = next((found[node.id] for found in numbers if node.id in found), node.number)


def iter_models(game: Game) -> Iterator[RuleModel]:
    """Every model object of the game (game file first, then phases, dice, terms, icons, cards).

    Walked once per game and cached: every check and renderer asks for it."""
    if game.cache.models is None:
        game.cache.models = list(_walk_models(game))
    return iter(game.cache.models)


def _walk_models(game: Game) -> Iterator[RuleModel]:
    roots = [game.info, game.phases_file, game.dice_file, game.glossary_file, game.icons_file, game.cards_file,
             game.catalog_file, game.tables_file, game.faq_file, *game.shared_terms]

    def walk(value: Any) -> Iterator[RuleModel]:
        if isinstance(value, records.Model):
            yield value
            for item in value.__dict__.values():
                if isinstance(item, (records.Model, list, dict)):
                    yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)

    for root in roots:
        if root is not None:
            yield from walk(root)


def iter_strings(obj: RuleModel) -> Iterator[tuple[tuple, str, str]]:
    """(subpath, field name, text) for each string directly held by ``obj``."""
    for name, value in obj.__dict__.items():  # pydantic v2 keeps fields here, in declaration order
        if isinstance(value, str):
            yield (name,), name, value
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    yield (name, i), name, item
                elif isinstance(item, dict):  # a reference table's row: its cells, by column
                    for key, cell in item.items():
                        if isinstance(cell, str):
                            yield (name, i, key), CELL_FIELD, cell


def all_strings(game: Game) -> list[tuple[RuleModel, tuple, str, str]]:
    """(owner, subpath, field name, text) for every string in the game's data; cached."""
    if game.cache.strings is None:
        game.cache.strings = [(obj, subpath, name, text) for obj in iter_models(game)
                              for subpath, name, text in iter_strings(obj)]
    return game.cache.strings


def iter_prose(game: Game) -> Iterator[tuple[RuleModel, tuple, str]]:
    """Every string people read (names and labels too), with its owner and subpath."""
    for obj, subpath, name, text in all_strings(game):
        if name not in NON_PROSE_FIELDS:
            yield obj, subpath, text


def iter_texts(game: Game) -> Iterator[tuple[RuleModel, tuple, str]]:
    """Every Markdown rule text of the game with its owner and subpath."""
    for obj, subpath, name, text in all_strings(game):
        if name in TEXT_FIELDS:
            yield obj, subpath, text
