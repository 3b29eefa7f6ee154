"""Writing rule data back to YAML the way people write it by hand.

Used by the authoring commands (``rulecraft new``, ``import``, ``cards import``):
block style, keys in model order, multi-line text as ``|`` blocks, unicode kept,
and the ``# yaml-language-server: $schema=...`` line that lets editors complete
and validate each file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .schema import SCHEMA_DIR

SCHEMA_PREFIX = "# yaml-language-server: $schema="


def schema_line(game_folder: Path, kind: str) -> str:
    """The editor hint for ``kind``: the package's schema, relative to the game folder (like the seed games)."""
    target = (SCHEMA_DIR / f"{kind}.schema.json").resolve()
    try:
        rel = os.path.relpath(target, Path(game_folder).resolve())
    except ValueError:  # another drive (Windows): fall back to the absolute path
        rel = str(target)
    return SCHEMA_PREFIX + Path(rel).as_posix()


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow: bool = False, indentless: bool = False):  # lists indented under their key
        return super().increase_indent(flow, False)


def _represent_str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value.strip("\n") else None  # the emitter falls back to quotes if | cannot hold it
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def dump(data: Any) -> str:
    """YAML text for plain data (dicts, lists, strings, numbers, dates)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)


def data_file_text(game_folder: Path, kind: str, data: Any, comment: str = "") -> str:
    """A whole data file: schema line, optional comment lines, then the data."""
    lines = [schema_line(game_folder, kind)]
    lines += [f"# {line}".rstrip() for line in comment.splitlines()] if comment else []
    return "\n".join(lines) + "\n" + dump(data)


def compact(data: Any) -> Any:
    """Drop None, empty lists/dicts and False flags, recursively (the models' defaults)."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            value = compact(value)
            if value is None or value is False or (isinstance(value, (list, dict)) and not value):
                continue
            out[key] = value
        return out
    if isinstance(data, list):
        return [compact(item) for item in data]
    return data
