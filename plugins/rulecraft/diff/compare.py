"""The field-by-field comparison every kind starts from: plain values before → after, rule text as a word
diff, lists of parts matched by key (or, without one, by their text) and compared in turn. Subjects met
inside a model are skipped here: they are matched by id on their own (walk.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..models import records
from ..models.index import TEXT_FIELDS
from . import registry
from .align import align
from .handlers import DERIVED_FIELDS, Handler, same, words_of
from .result import ADDED, CHANGED, REMOVED, Detail
from .walk import Side
from .words import word_diff

WORD_DIFF_MIN = 24  # a string this long (or any rule text) is shown as a word diff, not before → after


@dataclass
class Pair:
    """The two versions of one game, and what their comparison works out once (phase order, by parent)."""

    old: Side
    new: Side
    memo: dict = field(default_factory=dict)


def field_words(name: str) -> str:
    return name.replace("_", " ")


def _is_subject(value: Any) -> bool:
    if isinstance(value, records.Model):
        return registry.handler_for(value).role == "subject"
    if isinstance(value, list):
        return any(isinstance(v, records.Model) and registry.handler_for(v).role == "subject" for v in value)
    if isinstance(value, dict):
        return any(isinstance(v, records.Model) and registry.handler_for(v).role == "subject"
                   for v in value.values())
    return False


def compare_models(a: Any, b: Any, path: tuple[str, ...], pair: Pair, owner: Handler | None = None,
                   only: frozenset[str] | None = None, skip: frozenset[str] = frozenset()) -> list[Detail]:
    """Every difference between two models of one kind, field by field (``only``/``skip``: some fields)."""
    owner = owner or registry.handler_for(b)
    out: list[Detail] = []
    for name in dict.fromkeys([*a.__dict__, *b.__dict__]):
        if name in DERIVED_FIELDS or name in skip or (only is not None and name not in only):
            continue
        old, new = a.__dict__.get(name), b.__dict__.get(name)
        if same(old, new) or _is_subject(old) or _is_subject(new):
            continue
        out.extend(compare_value(old, new, path + (field_words(name),), pair, name, owner, b))
    return out


def compare_value(old: Any, new: Any, path: tuple[str, ...], pair: Pair, name: str, owner: Handler,
                  holder: Any = None) -> list[Detail]:
    if same(old, new):
        return []
    if isinstance(old, records.Model) and isinstance(new, records.Model) and type(old).__name__ == type(new).__name__:
        return compare_models(old, new, path, pair)
    if isinstance(old, list) and isinstance(new, list) and _has_models(old, new):
        return compare_parts(old, new, path, pair)
    if isinstance(old, list) and isinstance(new, list) and _all_dicts(old, new):
        return compare_rows(old, new, path, pair, owner.row_key(holder, name))
    if isinstance(old, dict) and isinstance(new, dict) and not _has_models(list(old.values()), list(new.values())):
        return [d for key in dict.fromkeys([*old, *new])
                for d in compare_value(old.get(key), new.get(key), path + (str(key),), pair, name, owner)]
    if isinstance(old, list) and isinstance(new, list) and all(isinstance(v, (str, int, float)) for v in old + new):
        gone = [v for v in old if v not in new]
        came = [v for v in new if v not in old]
        note = ", ".join([*(f"+ {words_of(v)}" for v in came), *(f"− {words_of(v)}" for v in gone)]) or "reordered"
        return [Detail(path, CHANGED, before=list(old), after=list(new), note=note)]
    if isinstance(old, str) and isinstance(new, str) and (name in TEXT_FIELDS or max(len(old), len(new)) >=
                                                          WORD_DIFF_MIN):
        shown_old, shown_new = pair.old.index.plain_refs(old), pair.new.index.plain_refs(new)
        if shown_old == shown_new:  # only a reference's target changed, not its words: show the references
            shown_old, shown_new = old, new
        return [Detail(path, CHANGED, before=shown_old, after=shown_new, words=word_diff(shown_old, shown_new))]
    if old is None or old in ([], {}):
        return [Detail(path, ADDED, after=_shown(new))]
    if new is None or new in ([], {}):
        return [Detail(path, REMOVED, before=_shown(old))]
    return [Detail(path, CHANGED, before=_shown(old), after=_shown(new))]


def _shown(value: Any) -> Any:
    """A value as a detail holds it: numbers, words and booleans as they are, anything else in words."""
    if isinstance(value, (bool, int, float, str)):
        return value
    return words_of(value)


def _has_models(*lists: list) -> bool:
    return any(isinstance(v, records.Model) for values in lists for v in values)


def _all_dicts(*lists: list) -> bool:
    return all(isinstance(v, dict) for values in lists for v in values) and any(lists)


def _text(item: Any) -> str:
    return words_of(item)


def compare_parts(old: list, new: list, path: tuple[str, ...], pair: Pair) -> list[Detail]:
    """Two lists of parts (rows, steps, modifiers), matched and compared; subjects are never here."""
    sample = next(v for v in [*new, *old] if isinstance(v, records.Model))
    handler = registry.handler_for(sample)
    key_of = (lambda item: handler.part_key(item) if isinstance(item, records.Model) else None)
    if path and handler.word and path[-1] == handler.word + "s":  # "step 2", not "steps › step 2"
        path = path[:-1]
    out: list[Detail] = []
    for i, j in align(old, new, key_of, _text):
        a, b = (old[i] if i is not None else None), (new[j] if j is not None else None)
        here = path + (handler.part_label(b if b is not None else a, j if j is not None else i),)
        if a is None:
            out.append(Detail(here, ADDED, after=handler.summary(b)))
        elif b is None:
            out.append(Detail(here, REMOVED, before=handler.summary(a)))
        elif not same(a, b):
            if isinstance(a, records.Model) and isinstance(b, records.Model):
                out.extend(compare_models(a, b, here, pair))
            else:
                out.append(Detail(here, CHANGED, before=_shown(a), after=_shown(b)))
    return out


def compare_rows(old: list[dict], new: list[dict], path: tuple[str, ...], pair: Pair, key_fn) -> list[Detail]:
    """Rows that are plain mappings (a reference table's), by their key column where there is one."""
    key_of = key_fn or (lambda row: None)
    out: list[Detail] = []
    for i, j in align(old, new, key_of, _text):
        a, b = (old[i] if i is not None else None), (new[j] if j is not None else None)
        key = key_of(b if b is not None else a)
        here = path + (f"row {key}" if key else f"row {(j if j is not None else i) + 1}",)
        if a is None:
            out.append(Detail(here, ADDED, after=words_of(b)))
        elif b is None:
            out.append(Detail(here, REMOVED, before=words_of(a)))
        else:
            for column in dict.fromkeys([*a, *b]):
                if a.get(column) != b.get(column):
                    out.extend(compare_value(a.get(column), b.get(column), here + (column,), pair, "cell",
                                             registry.GENERIC))
    return out
