"""Pydantic validation errors turned into located problems with friendly words and did-you-mean hints."""

from __future__ import annotations

import difflib
from functools import cache
from typing import Any

from pydantic import ValidationError

from .models import RuleModel
from .models.base import INVISIBLE_HINT
from .models.faq import FINGERPRINT_PATTERN, RULE_PATTERN
from .models.tables import CODE_PATTERN
from .problems import Problem, error
from .yamlsource import YamlDocument


@cache
def _schema(model: type[RuleModel]) -> dict:
    return model.model_json_schema()


def _resolve(schema: dict, root: dict) -> dict:
    while "$ref" in schema:
        schema = root["$defs"][schema["$ref"].split("/")[-1]]
    return schema


def _branches(schema: dict, root: dict) -> list[dict]:
    schema = _resolve(schema, root)
    if "anyOf" in schema or "oneOf" in schema:
        out = []
        for branch in schema.get("anyOf", schema.get("oneOf")):
            out.extend(_branches(branch, root))
        return out
    return [schema]


def _schema_at(model: type[RuleModel], path: tuple) -> list[dict]:
    """The object schemas that may sit at ``path`` (a data path of keys and indexes)."""
    root = _schema(model)
    current = [root]
    for part in path:
        nxt = []
        for schema in current:
            for branch in _branches(schema, root):
                if isinstance(part, int) and "items" in branch:
                    nxt.append(branch["items"])
                elif isinstance(part, str) and part in branch.get("properties", {}):
                    nxt.append(branch["properties"][part])
                elif isinstance(part, str) and isinstance(branch.get("additionalProperties"), dict):
                    nxt.append(branch["additionalProperties"])
        current = nxt
    return [b for s in current for b in _branches(s, root) if b.get("type") == "object" or "properties" in b]


def allowed_keys(model: type[RuleModel], path: tuple) -> list[str]:
    keys: list[str] = []
    for schema in _schema_at(model, path):
        keys.extend(k for k in schema.get("properties", {}) if k not in keys)
    return keys


def _data_path(data: Any, loc: tuple) -> tuple[tuple, Any]:
    """Drop union/validator tags pydantic puts into ``loc`` that are not in the data."""
    path: list = []
    current = data
    for part in loc:
        in_mapping = isinstance(current, dict) and isinstance(part, str) and part in current
        in_list = isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)
        if in_mapping or in_list:
            path.append(part)
            current = current[part]
        elif isinstance(current, dict) and isinstance(part, str) and part not in current and loc[-1] == part:
            path.append(part)  # a missing or unknown key: keep it for the message
            current = None
    return tuple(path), current


def describe(value: Any) -> str:
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return f"the text {shown!r}"
    if isinstance(value, list):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _path_text(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def problems_from_validation(exc: ValidationError, model: type[RuleModel], doc: YamlDocument) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple] = set()
    for err in exc.errors(include_url=False):
        kind = err["type"]
        path, _ = _data_path(doc.data, tuple(err["loc"]))
        found = err.get("input")
        msg = err["msg"]
        hint = ""
        if kind == "extra_forbidden":
            key = path[-1]
            allowed = allowed_keys(model, path[:-1])
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            message = f"unknown key '{key}' in {_path_text(path[:-1])}"
            hint = (f"did you mean '{close[0]}'? " if close else "") + "allowed keys: " + ", ".join(allowed)
            location = doc.where(path, key=True)
        elif kind == "missing":
            key = path[-1] if path else "?"
            message = f"missing required key '{key}' in {_path_text(path[:-1])}"
            hint = f"add '{key}: ...'"
            location = doc.where(path[:-1])
        else:
            location = doc.where(path)
            where = _path_text(path)
            pattern = str(err.get("ctx", {}).get("pattern", ""))
            if kind == "string_pattern_mismatch" and pattern == FINGERPRINT_PATTERN:
                message = f"{where}: {found!r} is not a fingerprint"
                hint = ("a fingerprint is the eight characters (0-9, a-f) the checker gives: leave the key out "
                        "and run rulecraft check, or run rulecraft faq --confirm with the entry's id")
            elif kind == "string_pattern_mismatch" and pattern == RULE_PATTERN:
                message = f"{where}: {found!r} does not name a rule"
                hint = ("name it as kind:id: phase:combat, step:retreat, dice:combat (dice:combat/row-id for a row), "
                        "term:zone-of-control, card:, deck:, const:, section:, item:, table:, formula:, icon:")
            elif kind == "string_pattern_mismatch" and pattern == CODE_PATTERN:
                message = f"{where}: {found!r} is not a code a cell can show"
                hint = ("a code is 1 to 12 letters, digits and # * ' + - (starting with a letter or digit), like "
                        "AE or D#; a cell showing a dash means nothing and needs no code")
            elif kind == "string_pattern_mismatch" and "a-z0-9" in pattern:
                message = f"{where}: {found!r} is not a valid id"
                hint = ("ids use lower-case letters, digits, '-' and '_' and start with a letter or digit: "
                        "'company-standing'")
            elif kind == "string_type" and isinstance(found, (int, float)) and not isinstance(found, bool):
                message = f"{where}: expected text, found {describe(found)}"
                raw = doc.raw(path)
                hint = f"put it in quotes so it stays exactly as written: \"{raw if raw is not None else found}\""
            elif kind == "string_type" and isinstance(found, bool):
                message = f"{where}: expected text, found {describe(found)} (YAML reads yes/no/on/off as booleans)"
                hint = "put the value in quotes"
            elif kind == "string_type" and isinstance(found, (list, dict)):
                message = f"{where}: expected text, found {describe(found)}"
            elif kind in ("list_type", "tuple_type"):
                message = f"{where}: expected a list, found {describe(found)}"
                hint = "write list items on their own lines starting with '- '"
            elif kind in ("model_type", "dict_type", "model_attributes_type"):
                message = f"{where}: expected a mapping of keys, found {describe(found)}"
                keys = allowed_keys(model, path)
                if keys:
                    hint = "allowed keys: " + ", ".join(keys)
            elif kind == "invisible_character":
                message = f"{where}: {msg}"
                hint = INVISIBLE_HINT
            elif kind == "value_error":
                message = f"{where}: {msg.removeprefix('Value error, ')}"
            elif kind in ("too_short", "too_long"):
                message = f"{where}: {msg.lower()}"
            else:
                message = f"{where}: {msg[0].lower() + msg[1:]}; found {describe(found)}"
        signature = (location, message)
        if signature in seen:
            continue
        seen.add(signature)
        problems.append(error(f"schema-{kind.replace('_', '-')}", message, location, hint))
    return problems
