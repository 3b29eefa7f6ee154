"""A checked rule book kept on disk, so a build whose inputs did not change does not read the YAML again.

Reading the rules means parsing every YAML file and validating it with pydantic. A build that takes the
book from here does neither, and does not even import pydantic (~0.15 s and ~6 MiB): every model object
comes back as a plain ``Record`` of the same kind, name and fields (models/records.py). The models are also
declared with ``defer_build``, so that a process which imports them without validating (the CLI's cards
export, say) does not build their validators.

The snapshot is written after the check, with the YAML positions released (``RuleBook.release_positions``:
they are read again from the kept source text if anything asks), under the same key as the check's
result (checks/cache.py: a hash of every file read, Rulecraft's code, the Python and pydantic versions,
the working directory). The file starts with that key; the rest is read only when the key is the one
asked for, so a snapshot of other inputs or of other code is never used.

The key only says which inputs the snapshot claims to come from: anyone who can write the project folder
(a cloned repository with a ``.cache/``, a CI cache restored from a pull request) can compute it. So the
file is JSON, which holds data and nothing that runs: scalars and lists as themselves, every other value
as an object with one tag (below). The classes it can make are fixed here and in ``records.MODEL_KINDS``,
looked up by name, never imported by a name read from the file; each of the book's own objects (games,
documents, the index...) must have exactly its class's fields, a record's fields may not hide one of its
methods or properties, and the book's outline (games, files, documents, derived views) must have the
types the build reads. Anything else — an unknown tag or class, a
missing field, a reference to an object not yet read, malformed JSON — is a miss: the YAML is read again.
The values of a record's fields are not validated again (that is pydantic's work, which this file exists
to skip): a well-formed forged snapshot can show other rules, as forged YAML could, but runs nothing.
An object referenced from several places (a term in its glossary file and in the game's index) is written
once and referenced by number, so it comes back as one object, as the loader made it.

Derived views that are cheaper to make again than to store are left out: the term matcher (a trie of
every glossary word, rebuilt on first use) and the list of every string (only the checks read it, and a
build from the snapshot runs none; a tuple per string of the data, ~2.6 MiB at 5 000 terms).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import functools
import json
from collections import Counter
from pathlib import Path
from typing import Any

from .atomicfile import write_atomic
from .book import Game, GameCache, RuleBook
from .models import records
from .models.index import GameIndex
from .models.numbering import NumberedPhase
from .models.variant_views import View
from .problems import Location, Problem, Severity
from .yamlsource import Pos, Positions, YamlDocument

MAGIC = b"rulecraft-book-3\0"  # 3: JSON (2 was a pickle)

# The classes a snapshot may hold besides records, by the name the file gives.
_CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    RuleBook, Game, GameCache, GameIndex, NumberedPhase, View, YamlDocument, Pos, Location, Problem)}
# Fields not stored (they come back as their default): cheaper to make again than to read.
_LEFT_OUT = {GameCache: {"strings"}, GameIndex: {"_matcher", "condition_scope"}}  # rebuilt on first use
_FIELDS: dict[type, tuple[dataclasses.Field, ...]] = {
    cls: tuple(f for f in dataclasses.fields(cls) if f.name not in _LEFT_OUT.get(cls, ())) for cls in _CLASSES.values()}
_SCALARS = (str, int, float, bool, type(None))
_CONTAINERS = (list, dict)  # the JSON values that are not scalars


class Damaged(ValueError):
    """The file is not a snapshot this code wrote."""


# --- writing -----------------------------------------------------------------------------------------------


class _Writer:
    """Encodes the book as JSON values. Tags: {"t": [...]} tuple, {"s": [...]} set, {"p": "..."} path,
    {"m": {...}} dict of str keys, {"d": [[key, value], ...]} other dict, {"c": [[key, count], ...]} Counter,
    {"P": [[path, Pos], ...]} positions, {"v": "error"} severity, {"D": "2026-12-01"} date (and {"T": ...}
    date and time), {"o": [class, {field: value}]} object,
    {"r": [model class, {field: value}, file, path]} record; a list is a list. An object seen more than
    once is written the first time as {"=": [number, value]} and then as {"@": number}."""

    def __init__(self, shared: set[int]) -> None:
        self.shared = shared  # id() of the objects referenced more than once
        self.numbers: dict[int, int] = {}

    def value(self, obj: Any) -> Any:
        if type(obj) in _SCALARS:
            return obj
        number = self.numbers.get(id(obj))
        if number is not None:
            return {"@": number}
        if id(obj) not in self.shared:
            return self._encode(obj)
        number = self.numbers[id(obj)] = len(self.numbers)
        return {"=": [number, self._encode(obj)]}

    def _encode(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is list:
            return [self.value(v) for v in obj]
        if kind is tuple:
            return {"t": [self.value(v) for v in obj]}
        if kind is set:
            return {"s": [self.value(v) for v in obj]}
        if kind is dict:
            if all(type(k) is str for k in obj):
                return {"m": {k: self.value(v) for k, v in obj.items()}}
            return {"d": [[self.value(k), self.value(v)] for k, v in obj.items()]}
        if kind is Counter:
            return {"c": [[self.value(k), self.value(v)] for k, v in obj.items()]}
        if kind is Positions:
            return {"P": [[self.value(k), self.value(dict.__getitem__(obj, k))] for k in obj]}
        if isinstance(obj, Path):
            return {"p": str(obj)}
        if kind is Severity:
            return {"v": obj.value}
        if kind is datetime.date or kind is datetime.datetime:  # a changelog entry's date
            return {"D" if kind is datetime.date else "T": obj.isoformat()}
        if isinstance(obj, records.Model):
            if records.MODEL_KINDS.get(kind.__name__) is not records.kind_of(kind):  # what load would refuse
                raise TypeError(f"a model class not in records.MODEL_KINDS: {kind.__name__}")
            return {"r": [kind.__name__, {k: self.value(v) for k, v in obj.__dict__.items()}, obj.source_file,
                          list(obj.source_path)]}
        if _CLASSES.get(kind.__name__) is kind:
            return {"o": [kind.__name__, {f.name: self.value(getattr(obj, f.name)) for f in _FIELDS[kind]}]}
        raise TypeError(f"a snapshot cannot hold a {kind.__name__}")  # a YAML node, say: not kept


def _shared(root: Any) -> set[int]:
    """id() of every container or object the book references more than once."""
    seen: set[int] = set()
    shared: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, (*_SCALARS, Path, Severity, datetime.date)):
            continue
        if id(obj) in seen:
            shared.add(id(obj))
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):  # dict, Counter, Positions
            stack.extend(obj.keys())
            stack.extend(dict.__getitem__(obj, k) for k in obj)
        elif isinstance(obj, (list, tuple, set)):
            stack.extend(obj)
        elif isinstance(obj, records.Model):
            stack.extend(obj.__dict__.values())
        elif type(obj) in _FIELDS:
            stack.extend(getattr(obj, f.name) for f in _FIELDS[type(obj)])
    return shared


def store(path: Path, key: str, book: RuleBook) -> None:
    """Write the snapshot atomically; one that cannot be written (or holds what JSON cannot) is not kept."""
    try:
        payload = json.dumps(_Writer(_shared(book)).value(book), ensure_ascii=False, separators=(",", ":"),
                             check_circular=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):  # never expected: only a missed speed-up
        return
    with contextlib.suppress(OSError):  # not kept: the next build reads the YAML again
        write_atomic(path, MAGIC + key.encode() + b"\n" + payload)


# --- reading -----------------------------------------------------------------------------------------------


class _Reader:
    """Makes the values _Writer wrote again, checking every tag, class and field on the way."""

    def __init__(self) -> None:
        self.objects: list[Any] = []  # by number: shared objects read so far
        self.field_names: dict[type, set[tuple[str, ...]]] = {}  # a record class's field names, once checked

    def value(self, data: Any, number: int | None = None) -> Any:
        kind = type(data)
        if kind is list:
            out: list = self._made([], number)
            value = self.value
            out.extend([v if type(v) not in _CONTAINERS else value(v) for v in data])
            return out
        if kind is not dict:
            return data  # a JSON scalar
        if len(data) != 1:
            raise Damaged("a tagged value has one key")
        ((tag, body),) = data.items()
        if tag == "@":
            if type(body) is not int or not 0 <= body < len(self.objects):
                raise Damaged("a reference to an object not read yet")
            return self.objects[body]
        if tag == "=":
            if number is not None or not _is_list(body, 2) or body[0] != len(self.objects):
                raise Damaged("shared objects are numbered in the order they are read")
            self.objects.append(None)  # its place, filled as soon as the object exists
            return self.value(body[1], body[0])
        reader = _TAGS.get(tag)
        if reader is None:
            raise Damaged(f"unknown tag {tag!r}")
        return reader(self, body, number)

    def _made(self, obj: Any, number: int | None) -> Any:
        """Register a new object under its number before its contents are read (they may refer to it)."""
        if number is not None:
            self.objects[number] = obj
        return obj

    def _tuple(self, body, number):
        return self._made(tuple(self.value(v) for v in _listed(body)), number)

    def _set(self, body, number):
        out: set = self._made(set(), number)
        out.update(self.value(v) for v in _listed(body))
        return out

    def _str_dict(self, body, number):
        if not isinstance(body, dict):
            raise Damaged("a dict's items")
        out: dict = self._made({}, number)
        for k, v in body.items():
            out[k] = self.value(v)
        return out

    def _pairs(self, out: dict, body) -> dict:
        for pair in _listed(body):
            if not _is_list(pair, 2):
                raise Damaged("a dict's item is a [key, value] pair")
            dict.__setitem__(out, self.value(pair[0]), self.value(pair[1]))
        return out

    def _dict(self, body, number):
        return self._pairs(self._made({}, number), body)

    def _counter(self, body, number):
        out = self._pairs(self._made(Counter(), number), body)
        if not all(type(v) is int for v in out.values()):
            raise Damaged("a count is an integer")
        return out

    def _positions(self, body, number):
        out = self._pairs(self._made(Positions(), number), body)
        if not all(type(k) is tuple and type(dict.__getitem__(out, k)) is Pos for k in out):
            raise Damaged("positions are Pos by path")
        return out

    def _path(self, body, number):
        if type(body) is not str or "\0" in body:
            raise Damaged("a path is a string")
        return self._made(Path(body), number)

    def _date(self, body, number):
        if type(body) is not str:
            raise Damaged("a date is a string")
        return self._made(datetime.date.fromisoformat(body), number)

    def _datetime(self, body, number):
        if type(body) is not str:
            raise Damaged("a time is a string")
        return self._made(datetime.datetime.fromisoformat(body), number)

    def _severity(self, body, number):
        if body not in {s.value for s in Severity}:
            raise Damaged("an unknown severity")
        return self._made(Severity(body), number)

    def _object(self, body, number):
        if not _is_list(body, 2) or type(body[0]) is not str or not isinstance(body[1], dict):
            raise Damaged("an object is [class, fields]")
        cls = _CLASSES.get(body[0])
        if cls is None:
            raise Damaged(f"unknown class {body[0]!r}")
        fields = _FIELDS[cls]
        if list(body[1]) != [f.name for f in fields]:
            raise Damaged(f"a {cls.__name__} has the fields {', '.join(f.name for f in fields)}")
        obj = self._made(object.__new__(cls), number)
        for name, default in _LEFT_OUT_DEFAULTS.get(cls, ()):
            object.__setattr__(obj, name, default)
        for name, value in body[1].items():
            object.__setattr__(obj, name, self.value(value))  # frozen dataclasses too
        return obj

    def _record(self, body, number):
        if not _is_list(body, 4) or type(body[0]) is not str or not isinstance(body[1], dict) \
                or type(body[2]) is not str or not _is_path(body[3]):
            raise Damaged("a record is [class, fields, file, path]")
        kind = records.MODEL_KINDS.get(body[0])
        if kind is None:
            raise Damaged(f"unknown model class {body[0]!r}")
        obj = self._made(records.rebuild(kind, body[0], {}, body[2], tuple(body[3])), number)
        names = tuple(body[1])
        checked = self.field_names.setdefault(type(obj), set())
        if names not in checked:  # the records of a class mostly share one set of names: checked once
            taken = _class_names(type(obj))
            bad = next((n for n in names if n in taken or n.startswith("_")), None)
            if bad is not None:  # a field may not hide a method or property
                raise Damaged(f"a {body[0]} cannot have a field {bad!r}")
            checked.add(names)
        fields, value = obj.__dict__, self.value
        for name, data in body[1].items():
            fields[name] = data if type(data) not in _CONTAINERS else value(data)
        return obj


_TAGS = {"t": _Reader._tuple, "s": _Reader._set, "m": _Reader._str_dict, "d": _Reader._dict,
         "c": _Reader._counter, "P": _Reader._positions, "p": _Reader._path, "v": _Reader._severity,
         "D": _Reader._date, "T": _Reader._datetime, "o": _Reader._object, "r": _Reader._record}
_LEFT_OUT_DEFAULTS = {cls: [(f.name, f.default) for f in dataclasses.fields(cls) if f.name in names]
                      for cls, names in _LEFT_OUT.items()}


@functools.cache
def _class_names(cls: type) -> frozenset[str]:
    return frozenset(dir(cls))


def _is_list(data: Any, size: int) -> bool:
    return isinstance(data, list) and len(data) == size


def _listed(body: Any) -> list:
    if not isinstance(body, list):
        raise Damaged("a list was expected")
    return body


def _is_path(data: Any) -> bool:
    return isinstance(data, list) and all(type(p) in (str, int) for p in data)


# --- the book's outline ------------------------------------------------------------------------------------

_FILE_MODELS = {"info": "GameFile", "phases_file": "PhasesFile", "dice_file": "DiceFile",
                "glossary_file": "GlossaryFile", "icons_file": "IconsFile", "cards_file": "CardsFile",
                "catalog_file": "CatalogFile", "faq_file": "FaqFile"}


def _check_outline(book: Any) -> RuleBook:
    """The book as the build reads it: every game, file, document and derived view of the type it expects
    (a record's own fields are the check's data, written by this code under the same key)."""
    _expect(type(book) is RuleBook and isinstance(book.root, Path) and type(book.games) is dict
            and type(book.problems) is list and all(type(p) is Problem for p in book.problems), "the book")
    for game_id, game in book.games.items():
        _expect(type(game_id) is str and type(game) is Game and game.id == game_id
                and isinstance(game.folder, Path), "a game")
        for name, model in _FILE_MODELS.items():
            value = getattr(game, name)
            _expect(value is None or (isinstance(value, records.Record) and type(value).__name__ == model),
                    f"the game's {name}")
        documents = [*game.documents.values(), *game.shared_documents] if type(game.documents) is dict and \
            type(game.shared_documents) is list else [None]
        _expect(all(type(doc) is YamlDocument and type(doc.file) is str and type(doc.lines) is list
                    and type(doc.values) is Positions and type(doc.keys) is Positions
                    and (doc.source is None or type(doc.source) is str) for doc in documents), "a document")
        _expect(type(game.shared_terms) is list and all(isinstance(t, records.Term) for t in game.shared_terms)
                and type(game.failed) is set and all(type(k) is str for k in game.failed), "the game's terms")
        cache = game.cache
        _expect(type(cache) is GameCache and type(cache.docs_by_file) is dict
                and (cache.index is None or (type(cache.index) is GameIndex and cache.index.game is game))
                and (cache.models is None or type(cache.models) is list), "the game's derived views")
        for found in (cache.todo_items, cache.designer_notes):
            _expect(found is None or (type(found) is list and all(
                type(item) is tuple and len(item) == 3 and type(item[1]) is str and type(item[2]) is Location
                for item in found)), "the game's TODOs and notes")
    return book


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise Damaged(f"{what} is not as the build reads it")


def load(path: Path, key: str) -> RuleBook | None:
    """The book stored for ``key``, or None (missing, another key, unreadable, damaged, hostile)."""
    header = MAGIC + key.encode() + b"\n"
    if not path.is_file():  # missing, or not a regular file (a pipe would block the read)
        return None
    try:
        with open(path, "rb") as stored:
            if stored.read(len(header)) != header:
                return None
            data = json.loads(stored.read())
        return _check_outline(_Reader().value(data))
    # what malformed JSON or a forged value raises (too deep: RecursionError); AttributeError: a record
    # whose fields are not its kind's, asked by the outline check
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
