"""The rule data as checks and renderers read it, without pydantic.

Every kind of rule data has a class here holding what is derived from its fields (a phase's first round, a
term's words, a dice table's form). The pydantic models (models/base.py and the files beside it) inherit
these classes and add the fields, their validation and the JSON Schema: the loader builds those. A build
whose inputs did not change takes its rule book from the snapshot instead (snapshot.py), where every model
object comes back as a ``Record``: an object of the same kind, with the same fields in the same order, and
the same name, made by ``rebuild`` without importing pydantic (~0.15 s and ~6 MiB of a build). The snapshot
names each model class, and ``MODEL_KINDS`` (a fixed table, kept equal to the models by a test) gives its
kind: nothing is imported by a name read from a file.

So code that reads rule data asks ``isinstance(obj, records.Phase)``, never the pydantic class, and
imports from here and from the other pydantic-free modules of this package (index, links, numbering,
textrefs, ...), never from the package itself (``rulecraft.models`` loads the pydantic models on first use).
"""

from __future__ import annotations

import re
from functools import cache

from ..dice.notation import parse_dice, parse_roll

# The reserved variant id of the game as published, without any variant.
BASE_VARIANT = "base"

# Who acts in a phase, and how; shown as a badge on the phase.
ACTS = {"all-together": "All together", "simultaneous": "Simultaneously", "turn-order": "In turn order",
        "one-at-a-time": "One at a time"}


def variant_ids(item) -> list[str]:
    """The variants an item belongs to ([] for every way to play): ``variant: x`` or ``variant: [x, y]``;
    ``{not: x}`` names none it belongs to (``variant_views.variant_rule`` reads it)."""
    value = getattr(item, "variant", None)
    if not value or isinstance(value, dict):
        return []
    return [value] if isinstance(value, str) else list(dict.fromkeys(value))


def shown_number(value: int | float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


class Model:
    """Any rule data object: a pydantic model as loaded, or a Record from the snapshot."""

    __slots__ = ()


class Record(Model):
    """A model object as the snapshot keeps it: its fields in ``__dict__`` (in declaration order, as pydantic
    keeps them), and where it was read from."""

    __slots__ = ("__dict__", "_file", "_path")
    _kind: type[Model] = Model  # the class of this module the record's model class inherits (record_class)

    @property
    def source_file(self) -> str:
        return self._file

    @property
    def source_path(self) -> tuple:
        return self._path

    def set_source(self, file: str, path: tuple) -> None:
        self._file = file
        self._path = path

    def model_copy(self, update: dict | None = None) -> Record:
        """A shallow copy with some fields replaced (pydantic's ``model_copy`` without validation)."""
        return rebuild(self._kind, type(self).__name__, {**self.__dict__, **(update or {})}, self._file, self._path)

    def __eq__(self, other: object) -> bool:
        # As pydantic compares models (fields and private attributes): the same class (by name, so a record
        # equals the model it was made from), equal fields, read from the same place.
        if not isinstance(other, Model):
            return NotImplemented
        return (type(self).__name__ == type(other).__name__ and self.__dict__ == other.__dict__
                and self.source_file == other.source_file and self.source_path == other.source_path)

    __hash__ = None  # mutable, and equal by value (as pydantic's models)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({fields})"


@cache
def record_class(kind: type[Model], name: str) -> type[Record]:
    """The Record class of a model class named ``name`` whose kind here is ``kind`` (``Model`` for a model
    that derives nothing from its fields)."""
    bases = (Record,) if kind is Model else (kind, Record)
    return type(name, bases, {"__slots__": (), "__module__": __name__, "_kind": kind})


def rebuild(kind: type[Model], name: str, fields: dict, file: str, path: tuple) -> Record:
    """A snapshot's model object (snapshot.py), or a record's copy."""
    obj = object.__new__(record_class(kind, name))
    obj.__dict__ = fields
    obj._file = file
    obj._path = path
    return obj


def kind_of(cls: type) -> type[Model] | None:
    """The class of this module a model class (pydantic's or a record's) inherits: its kind (``Model`` for
    one deriving nothing from its fields); None for a class that is no model."""
    if not issubclass(cls, Model):
        return None
    if issubclass(cls, Record):
        return cls._kind
    return next(base for base in cls.__mro__ if base.__module__ == __name__)


# --- the kinds ---------------------------------------------------------------------------------------------


class Conditional(Model):
    """When a rule applies: always, only under a condition (optional rules, expansions, player counts), or
    from a given round on. Sections and steps (set-up, end of game, scoring) declare the fields
    ``optional``, ``condition`` and ``from_round`` after their own (so their own keys lead in hints and
    schemas; see models.base.condition_given)."""

    __slots__ = ()

    @property
    def conditional(self) -> bool:
        return bool(self.optional or self.condition or self.from_round or self.only_when)


class Step(Conditional):
    __slots__ = ()


class Section(Conditional):
    __slots__ = ()


class Phase(Model):
    __slots__ = ()

    @property
    def first_round(self) -> int:
        """The first round the phase is played in (1 unless it starts later)."""
        return self.from_round or (2 if self.skip_first_round else 1)

    @property
    def has_rules(self) -> bool:
        """True when the phase says how to play it: rule text, steps or sub-phases (every alternative of a
        choice does). A phase holding only its name, or only a recorded gap (its ``todo`` field), has none."""
        if self.alternatives:
            return all(alt.has_rules for alt in self.alternatives)
        return bool((self.rules and self.rules.strip()) or self.steps or self.subphases)


# An alias this short is an abbreviation ("A" for Attacks, "Ld"): matched only as written, else the article
# "a" would link to Attacks.
SHORT_ALIAS_LETTERS = 2


def short_alias(word: str) -> bool:
    return sum(c.isalpha() for c in word) <= SHORT_ALIAS_LETTERS


class Term(Model):
    __slots__ = ()

    @property
    def words(self) -> list[str]:
        return [self.term, *self.aliases, *self.plurals]

    def alias_flag(self, alias: str) -> bool | None:
        """An alias's case rule for the matcher: the term's ``case_sensitive``; else exact case for an alias
        of one or two letters; else None (the matcher's default: exact for all-caps words)."""
        return True if self.case_sensitive is None and short_alias(alias) else self.case_sensitive

    def everyday_alias(self, alias: str) -> str | None:
        """The common word an alias is in the way it is matched ("A" as written is the article at a
        sentence's start), unless the term lists it in ``common_aliases``: such an alias is never linked
        automatically, only where a reference writes it (``{term:attacks|A}``)."""
        from .common_words import common_word_matched
        from .term_matcher import is_case_sensitive

        if alias in self.common_aliases:
            return None
        return common_word_matched(alias, is_case_sensitive(alias, self.alias_flag(alias)))

    def linked_words(self) -> list[tuple[str, bool | None]]:
        """The words the site links automatically, each with its case rule for the matcher: the term, its
        plurals, and its aliases but the everyday ones (``everyday_alias``)."""
        flag = self.case_sensitive
        return [(self.term, flag), *((a, self.alias_flag(a)) for a in self.aliases if not self.everyday_alias(a)),
                *((p, flag) for p in self.plurals)]


class Constant(Model):
    """A number the rules use in several places, written once."""

    __slots__ = ()

    @property
    def shown(self) -> str:
        """The value as every page shows it: 2.0 reads "2", 1.5 reads "1.5"."""
        return shown_number(self.value)

    def heading(self, const_id: str) -> str:
        """What heads the number's row in a list of key numbers: its label (else its id in words), starting with a
        capital. A label is written as it reads inside a sentence ("the fortress factor": a formula's words)."""
        return sentence_start(self.label or const_id.replace("-", " "))

    def shown_in(self, variant: str | None) -> str:
        """The value under a variant (None: the base game)."""
        return shown_number(self.variants.get(variant, self.value) if variant else self.value)

    def unit_text(self, shown: str) -> str:
        """``shown`` (this constant's value in some way to play) with its unit as a sentence writes them: "2
        credits", but "1 credit" (never "1 credits")."""
        if not self.unit:
            return shown
        return f"{shown} {singular(self.unit) if shown == '1' else self.unit}"


def singular(unit: str) -> str:
    """The unit of one: "credits" -> "credit", "VPs" -> "VP", "victories" -> "victory"; a unit that is not an
    English plural ("production", "$", "gold") stays as it is."""
    if unit.endswith("ies") and len(unit) > 3:
        return unit[:-3] + "y"
    if unit.endswith("s") and not unit.endswith(("ss", "us", "is")) and len(unit) > 1:
        return unit[:-1]
    return unit


class Card(Model):
    __slots__ = ()


# What ``cost:`` says of an item whose price the rules work out in play (a spell "of variable cost").
VARIABLE_COST = "variable"


class CatalogItem(Model):
    __slots__ = ()

    @property
    def costs(self) -> dict[str, int | str]:
        """Resource id -> amount (a number, or a formula as written); {} for an item without a cost or with a
        variable one. An item with several named costs (``costs:``) has none here."""
        return {} if self.cost == VARIABLE_COST else self.cost

    @property
    def required(self) -> list[str]:
        """Every item named in ``requires`` (all of them, or one of them: ``requires_any``)."""
        return list(self.requires) if isinstance(self.requires, list) else \
            list(self.requires.any_of or self.requires.all_of)

    @property
    def requires_any(self) -> bool:
        """One of the ``required`` items is enough (``requires: {any_of: [...]}``)."""
        return not isinstance(self.requires, list) and bool(self.requires.any_of)

    def requirement_paths(self) -> list[tuple[str, tuple]]:
        """(item id, path of the id under the item) for each required item: where a problem is shown."""
        if isinstance(self.requires, list):
            return [(target, ("requires", i)) for i, target in enumerate(self.requires)]
        key = "any_of" if self.requires.any_of else "all_of"
        return [(target, ("requires", key, i)) for i, target in enumerate(self.required)]

    @property
    def variable_cost(self) -> bool:
        return self.cost == VARIABLE_COST


class ReferenceTable(Model):
    """A chart players read: named columns, one mapping of cells per row."""

    __slots__ = ()

    @property
    def key_column(self) -> str:
        """The column whose cell names each row."""
        return self.key or self.columns[0].id

    def row_key(self, row: dict) -> str:
        value = row.get(self.key_column)
        return "" if value is None else shown_number(value) if isinstance(value, (int, float)) else str(value)


# A legend column's cell: codes separated by spaces, '/' or ','; a dash for none.
_CODE_SPLIT_RE = re.compile(r"\s*[/,]\s*|\s+")
_NONE_CELLS = frozenset({"—", "–", "-", ""})


def cell_tokens(text: str) -> list[str]:
    """The codes a legend column's cell holds ('AR/DR' -> ['AR', 'DR']); [] for a dash or nothing."""
    text = text.strip()
    return [] if text in _NONE_CELLS else [t for t in _CODE_SPLIT_RE.split(text) if t]


class Legend(Model):
    """Codes a table's cells use, each with its meaning."""

    __slots__ = ()

    def entry_for(self, token: str):
        """The legend entry a cell's token is (``D3`` is the entry ``D#``), or None."""
        for entry in self.codes:
            if entry.code == token:
                return entry
        for entry in self.codes:
            if "#" in entry.code and _code_number_match(entry.code, token):
                return entry
        return None

    @staticmethod
    def shown(entry) -> tuple[str, str]:
        """(code, meaning) as a key prints them: a number's place '#' reads 'n' ('Dn: the defender loses n
        steps')."""
        if "#" not in entry.code:
            return entry.code, entry.meaning
        return entry.code.replace("#", "n"), entry.meaning.replace("#", "n")

    def meaning_of(self, token: str) -> str | None:
        """What the token means ('#' in the meaning read as the token's number), or None."""
        entry = self.entry_for(token)
        if entry is None:
            return None
        if "#" not in entry.code:
            return entry.meaning
        return entry.meaning.replace("#", _code_number_match(entry.code, token))


def _code_number_match(code: str, token: str) -> str:
    """The digits a '#' of ``code`` stands for in ``token`` ('' if the token is not that code)."""
    head, _, tail = code.partition("#")
    middle = token[len(head):len(token) - len(tail) if tail else None]
    if token.startswith(head) and token.endswith(tail) and middle.isdigit():
        return middle
    return ""


FAQ_KIND_NAMES = {"erratum": "Erratum", "clarification": "Clarification", "faq": "Question"}


class FaqEntry(Model):
    """An erratum, a clarification or a question players ask, attached to the rules it answers."""

    __slots__ = ()

    @property
    def kind_name(self) -> str:
        return FAQ_KIND_NAMES[self.kind]

    @property
    def issued(self) -> str:
        """'version 1.1, 3 May 2024', 'version 1.1', '3 May 2024' or ''."""
        parts = [f"version {self.version}"] if self.version else []
        if self.date:
            parts.append(f"{self.date.day} {self.date:%b} {self.date.year}")
        return ", ".join(parts)

    def split_rule(self, ref: str) -> tuple[str, str, str | None]:
        """'dice:crt/six' -> ('dice', 'crt', 'six'); 'phase:combat' -> ('phase', 'combat', None)."""
        kind, _, rest = ref.partition(":")
        target, _, part = rest.partition("/")
        return kind, target, part or None


class CustomDie(Model):
    __slots__ = ()

    @property
    def numeric(self) -> bool:
        return all(f.value is not None for f in self.faces)

    @property
    def has_odds(self) -> bool:
        return self.unknown_counts is None


class Modifier(Model):
    __slots__ = ()

    def amounts(self) -> list[tuple[int, int]]:
        """(count, what the roll gains at that count) for every count the modifier allows: ``value`` per
        count, or a formula's value for each value of its input (``worked_out``, set when the game loads)."""
        low, high = self.count
        if self.formula is None:
            return [(count, self.value * count) for count in range(low, high + 1)]
        worked_out = self.worked_out or [0] * (high - low + 1)  # unworkable: the checker reports it
        return list(zip(range(low, high + 1), worked_out))

    def amount(self, count: int) -> int:
        if self.formula is None:
            return self.value * count
        return dict(self.amounts()).get(count, 0)


class Keep(Model):
    """Roll several dice and add only some: 'keep: {highest: 3}' on 4d6."""

    __slots__ = ()

    @property
    def side(self) -> str:
        return "highest" if self.highest is not None else "lowest"

    @property
    def n(self) -> int:
        return self.highest if self.highest is not None else self.lowest


class DiceExpr(Model):
    """What is rolled: standard dice ('2d6') or a custom die, with keep / reroll / explode."""

    __slots__ = ()

    @property
    def dice_count(self) -> int:
        if self.dice is not None:
            return parse_dice(self.dice).count
        return self.count or 1


FORMS = ("opposed", "target", "pool", "chart")  # the roll forms without rows of totals (dice_forms renders)


class DiceTable(DiceExpr):
    __slots__ = ()

    @property
    def form(self) -> str:
        """'opposed', 'target', 'pool', or 'table' (rows keyed by total or face)."""
        return next((f for f in FORMS if getattr(self, f) is not None), "table")


class GridColumns(Model):
    """What picks a two-dimensional table's column: a ratio, a difference, or the column chosen directly."""

    __slots__ = ()

    @property
    def axis(self) -> str:
        return next(a for a in ("ratio", "difference", "pick") if getattr(self, a) is not None)


# Pronouns a side may be named by: their possessive, and whether they take the plural verb ("you win").
_PRONOUNS = {"you": ("your", True), "we": ("our", True), "they": ("their", True), "i": ("my", True),
             "he": ("his", False), "she": ("her", False), "it": ("its", False)}
# First words that are lower case inside a sentence however the designer capitalised them (a name is often
# written as it stands in a heading: "You", "The Monster").
_LOWER_INSIDE = frozenset({"the", "a", "an"} | (_PRONOUNS.keys() - {"i"}))


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


class Side(Model):
    """One side of an opposed roll, as the page's sentences name it: "you win", "the Monster's total".

    The name is written as it reads inside a sentence ("the Monster", "you", "Player 1"), capitalised where a
    sentence or a heading starts; a leading article or pronoun is lower case inside a sentence whatever its
    case in the data. The possessive and the verb's number follow from the name (a pronoun's own possessive,
    else "'s") unless the data gives ``possessive`` or ``plural``: a plural name ("the Romans") takes "win"
    and "the Romans'", which a final "s" alone cannot tell ("Boris" is one person)."""

    __slots__ = ()

    def _inside(self) -> str:
        first, space, rest = self.name.partition(" ")
        return first.lower() + space + rest if first.lower() in _LOWER_INSIDE else self.name

    def _pronoun(self) -> tuple[str, bool] | None:
        return _PRONOUNS.get(self.name.strip().lower())

    @property
    def is_plural(self) -> bool:
        if self.plural is not None:
            return self.plural
        pronoun = self._pronoun()
        return pronoun[1] if pronoun else False

    def subject(self, start: bool = False) -> str:
        """"the Monster", or "The Monster" at a sentence's start."""
        return sentence_start(self._inside()) if start else self._inside()

    def possessive_form(self, start: bool = False) -> str:
        """"your", "the attacker's", "the Romans'" (capitalised at a sentence's start)."""
        if self.possessive is not None:
            text = self.possessive
        elif self._pronoun():
            text = self._pronoun()[0]
        else:
            inside = self._inside()
            text = inside + ("'" if self.is_plural and inside.endswith("s") else "'s")
        return sentence_start(text) if start else text

    def says(self, singular: str, plural: str, start: bool = False) -> str:
        """The side and a verb agreeing with it: says("wins", "win") is "you win", "the attacker wins"."""
        return f"{self.subject(start)} {plural if self.is_plural else singular}"

    def wins(self, start: bool = False) -> str:
        return self.says("wins", "win", start)


class Span(Model):
    """A number that varies between two bounds: a bonus, a target, a number of dice."""

    __slots__ = ()

    @property
    def values(self) -> range:
        return range(self.range[0], self.range[1] + 1)


class Target(Model):
    """Roll + bonus must reach a target number. Rows: the chance by target, by bonus, or by their difference."""

    __slots__ = ()

    @property
    def axis(self) -> str:
        """What the rows are keyed by: 'difference' when both vary, else the one that varies."""
        bonus_varies = self.bonus is not None and len(self.bonus.values) > 1
        if self.from_roll is not None:  # the earlier roll is the target: rows by bonus, or one row
            return "bonus" if bonus_varies else "from"
        if bonus_varies and len(self.against.values) > 1:
            return "difference"
        return "bonus" if bonus_varies else "against"

    def rows(self) -> list[tuple[int, int]]:
        """(row value, bound) for each row: the number the dice must reach; rolling under, the most they may
        show; against an earlier roll, what is added to the dice before they are compared with it."""
        bonus_low = self.bonus.range[0] if self.bonus else 0
        extra = 1 if self.exceed else 0
        if self.from_roll is not None:
            return [(b, b - extra) for b in (self.bonus.values if self.bonus else range(0, 1))]
        if self.under:  # roll + bonus <= value: the dice may show at most value - bonus
            return [(value, bound - extra) for value, bound in self._under_rows(bonus_low)]
        if self.axis == "difference":
            low = self.against.range[0] - self.bonus.range[1]
            high = self.against.range[1] - self.bonus.range[0]
            return [(x, x + extra) for x in range(low, high + 1)]
        if self.axis == "bonus":
            return [(b, self.against.range[0] - b + extra) for b in self.bonus.values]
        return [(t, t - bonus_low + extra) for t in self.against.values]

    def _under_rows(self, bonus_low: int) -> list[tuple[int, int]]:
        if self.axis == "difference":
            low = self.against.range[0] - self.bonus.range[1]
            high = self.against.range[1] - self.bonus.range[0]
            return [(x, x) for x in range(low, high + 1)]
        if self.axis == "bonus":
            return [(b, self.against.range[0] - b) for b in self.bonus.values]
        return [(t, t - bonus_low) for t in self.against.values]

    @property
    def test(self) -> str:
        """How a row's bound is read: 'over' (the dice reach it), 'under' (at most it), 'from' (added to the
        dice, which must then reach the earlier roll's total)."""
        return "from" if self.from_roll is not None else "under" if self.under else "over"


class Chart(Model):
    """A chart of minimum rolls indexed by a characteristic or by the difference of two."""

    __slots__ = ()

    @property
    def axis_range(self) -> tuple[int, int]:
        if self.axis is not None:
            return tuple(self.axis.range)
        over, under = self.difference.over.range, self.difference.under.range
        return over[0] - under[1], over[1] - under[0]

    @property
    def axis_label(self) -> str:
        if self.axis is not None:
            return self.axis.label
        return f"{self.difference.over.label} − {self.difference.under.label}"

    @property
    def values(self) -> range:
        low, high = self.axis_range
        return range(low, high + 1)


IMPOSSIBLE_ROLLS = ("—", "–", "-")  # a chart's "cannot": no roll succeeds, whatever the modifiers


class ChartEntry(Model):
    """One value (or run of values) of a chart's axis and the roll it needs, as the chart writes it."""

    __slots__ = ()

    @property
    def span(self) -> tuple[int, int]:
        return (self.at, self.at) if isinstance(self.at, int) else tuple(self.at)

    @property
    def needed(self) -> int | None:
        """The least the dice must show; None where the chart says no roll succeeds."""
        if isinstance(self.roll, int):
            return self.roll
        return None if self.roll.strip() in IMPOSSIBLE_ROLLS else int(self.roll.strip().rstrip("+"))

    @property
    def shown(self) -> str:
        """The chart's own value: '4+', '—'."""
        needed = self.needed
        return "—" if needed is None else f"{needed}+".replace("-", "−")


class Pool(Model):
    """N dice, each succeeding on a value or more; the result is the number of successes."""

    __slots__ = ()

    @property
    def threshold(self) -> int:
        return parse_roll(self.success).low

    @property
    def shown_dice(self) -> int:
        return self.shown if self.shown is not None else self.dice.range[0]


# Every model class by name, with its kind (tests/unit/models/test_records.py keeps it equal to the models):
# the classes a snapshot may name.
MODEL_KINDS: dict[str, type[Model]] = {
    "AcceptEntry": Model, "Beyond": Model, "Card": Card, "CardsFile": Model, "CatalogFile": Model,
    "CatalogItem": CatalogItem, "Characteristic": Span, "Chart": Chart, "ChartDifference": Model,
    "ChartEntry": ChartEntry, "ColumnShift": Modifier, "Combination": Model, "DifferenceAxis": Model,
    "GridColumns": GridColumns, "GridRow": Model, "PickAxis": Model, "RatioAxis": Model,
    "ChangelogEntry": Model, "CheatsheetConfig": Model, "CheckSettings": Model, "Component": Model,
    "Constant": Constant, "CustomDie": CustomDie, "Deck": Model, "DiceExpr": DiceExpr, "DiceFile": Model,
    "DiceRow": Model, "DiceTable": DiceTable, "DieFace": Model, "Example": Model, "Exchange": Model,
    "Explode": Model,
    "FaqEntry": FaqEntry, "FaqFile": Model, "Formula": Model, "GameEvent": Model, "GameFile": Model, "GlossaryFile": Model,
    "Glyph": Model, "Icon": Model, "IconsFile": Model, "Input": Model, "Keep": Keep,
    "Legend": Legend, "LegendCode": Model, "Modifier": Modifier, "NamedCost": Model, "OpenQuestion": Model,
    "Opposed": Model, "Phase": Phase, "PhaseGroup": Model, "PhasesFile": Model, "PlayerCount": Model, "Pool": Pool,
    "Range": Model, "ReferenceTable": ReferenceTable, "Requirement": Model, "Reroll": Model, "Resource": Model,
    "RuleModel": Model, "Ruling": Model, "DiceRuling": Model, "ModifierChange": Model, "Section": Section,
    "Side": Side, "Span": Span, "State": Model, "Step": Step, "TableColumn": Model, "TablesFile": Model,
    "Target": Target, "Term": Term, "TurnStart": Model, "Use": Model, "UseLimit": Model,
    "Variant": Model, "VersionsConfig": Model,
}
