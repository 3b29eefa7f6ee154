"""How the diff treats each kind of model: the base classes the registry (registry.py) maps kinds to.

* ``Subject``: a rule item reported on its own, matched by id across the versions (a phase, a term).
* ``Part``: a piece of its subject (a dice row, a step, a modifier), matched inside its list by key, or by
  its text where it has none, and reported as a detail of its subject.
* ``Generic``: a value compared field by field inside whatever holds it (a range, a keep rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..models import records
from .result import ADDED, CHANGED, REMOVED, Change, Detail

if TYPE_CHECKING:
    from .compare import Pair
    from .walk import Entry, Side

NAME_FIELDS = ("name", "title", "term", "label", "question", "version", "code")
SUMMARY_FIELDS = ("text", "rules", "result", "summary", "short", "meaning", "effect", "label", "name", "title")
# Worked out by the loader, never written: a change shows in the field they come from.
DERIVED_FIELDS = frozenset({"worked_out", "said", "asks"})


def _blank(value: Any) -> bool:
    """Nothing said (a number 0 is something: it is shown)."""
    return value is None or value is False or value == "" or (isinstance(value, (list, tuple, dict)) and not value)


def words_of(value: Any) -> str:
    """A value in a few words: a model as its fields ('value: 2, count: [0, 3]'), a list joined."""
    if isinstance(value, records.Model):
        parts = [f"{k.replace('_', ' ')}: {words_of(v)}" for k, v in value.__dict__.items()
                 if not _blank(v) and k not in DERIVED_FIELDS]
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(words_of(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {words_of(v)}" for k, v in value.items() if not _blank(v)) + "}"
    return records.shown_number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else str(value)


LABEL_LENGTH = 70


def short(text: str) -> str:
    """A name as a heading shows it: a long one (an open question) cut at a word, with "…"."""
    if len(text) <= LABEL_LENGTH:
        return text
    return text[:LABEL_LENGTH].rsplit(" ", 1)[0] + " …"


def same(a: Any, b: Any) -> bool:
    """Equal as rules: the same fields with the same values, wherever each was read from (a model's own
    equality also compares its file, which differs between two versions' folders)."""
    if isinstance(a, records.Model) and isinstance(b, records.Model):
        return type(a).__name__ == type(b).__name__ and a.__dict__.keys() == b.__dict__.keys() and all(
            same(v, b.__dict__[k]) for k, v in a.__dict__.items() if k not in DERIVED_FIELDS)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


class Handler:
    role = "value"
    word = ""

    def part_key(self, obj: Any) -> str | None:
        """What matches this part across versions (None: match it by its text and place)."""
        return None

    def part_label(self, obj: Any, position: int) -> str:
        return f"{self.word or type(obj).__name__.lower()} {position + 1}"

    def summary(self, obj: Any) -> str:
        for name in SUMMARY_FIELDS:
            value = getattr(obj, name, None)
            if isinstance(value, str) and value.strip():
                return value
        return words_of(obj)

    def row_key(self, obj: Any, field_name: str):
        """For a field holding a list of plain mappings (a reference table's rows): a function giving each
        row's key, or None (rows matched by place)."""
        return None


class Generic(Handler):
    """The field-by-field fallback, for kinds that mean nothing more than their fields."""

    role = "value"


class Part(Handler):
    role = "part"

    def __init__(self, word: str, key_fields: tuple[str, ...] = ("id",), label_field: str | None = None):
        self.word = word
        self.key_fields = key_fields
        self.label_field = label_field

    def part_key(self, obj: Any) -> str | None:
        values = [getattr(obj, name, None) for name in self.key_fields]
        if not values or any(v is None for v in values):
            return None
        return " ".join(str(v) for v in values)

    def part_label(self, obj: Any, position: int) -> str:
        shown = getattr(obj, self.label_field, None) if self.label_field else None
        if shown is not None:
            return f"{self.word} {shown}"
        key = self.part_key(obj)
        return f"{self.word} `{key}`" if key and self.key_fields == ("id",) else \
            f"{self.word} {key}" if key else f"{self.word} {position + 1}"


class Subject(Handler):
    """A rule item of its own; ``kind`` is its reference kind where it has one ({term:...} is 'term')."""

    role = "subject"

    def __init__(self, kind: str, word: str, id_from: str = "id"):
        self.kind = kind
        self.word = word
        self.id_from = id_from  # "id", "key" (a mapping's key: constants), "position", or another field

    def subject_id(self, obj: Any, name: str, position: int, game) -> str:
        if self.id_from == "key":
            return name
        if self.id_from == "position":
            return str(position + 1)
        value = getattr(obj, self.id_from, None)
        return str(value) if value is not None else f"{name}-{position + 1}"

    def name(self, entry: Entry) -> str:
        for field_name in NAME_FIELDS:
            value = getattr(entry.obj, field_name, None)
            if isinstance(value, str) and value.strip():
                return value
        return entry.id

    def label(self, entry: Entry, side: Side) -> str:
        name = short(self.name(entry))
        return f"{self.word} “{side.index.plain(name)}”" if name != entry.id else f"{self.word} `{entry.id}`"

    def diff(self, a: Entry | None, b: Entry | None, pair: Pair) -> list[Change]:
        if a is None:
            return [Change(self.kind, b.id, self.label(b, pair.new), ADDED, self.added(b, pair))]
        if b is None:
            return [Change(self.kind, a.id, self.label(a, pair.old), REMOVED, self.removed(a, pair))]
        details = compare.compare_models(a.obj, b.obj, (), pair, self) + self.extra(a, b, pair)
        if not details:
            return []
        return [Change(self.kind, b.id, self.label(b, pair.new), self.action(details), details)]

    def action(self, details: list[Detail]) -> str:
        return CHANGED

    def added(self, b: Entry, pair: Pair) -> list[Detail]:
        text = self.summary(b.obj)
        return [Detail((), ADDED, after=text)] if self._says_more(text, b) else []

    def removed(self, a: Entry, pair: Pair) -> list[Detail]:
        text = self.summary(a.obj)
        return [Detail((), REMOVED, before=text)] if self._says_more(text, a) else []

    def _says_more(self, text: str, entry: Entry) -> bool:
        """A summary worth a line: not empty, not only the name the change's heading shows."""
        return bool(text) and text != "{}" and text != self.name(entry)

    def extra(self, a: Entry, b: Entry, pair: Pair) -> list[Detail]:
        """What the kind means beyond its fields (odds, numbers, places); none by default."""
        return []


class FileSubject(Subject):
    """A data file: its own settings, beside the items it lists (reported as subjects of their own)."""

    def __init__(self, stem: str, word: str):
        super().__init__("file", word)
        self.stem = stem

    def subject_id(self, obj: Any, name: str, position: int, game) -> str:
        return self.stem

    def label(self, entry: Entry, side: Side) -> str:
        return self.word

    def added(self, b: Entry, pair: Pair) -> list[Detail]:
        return []

    def removed(self, a: Entry, pair: Pair) -> list[Detail]:
        return []


# Last: compare.py builds on the classes above (and the registry on both), so they must exist first.
from . import compare  # noqa: E402
