"""Writing rule data back to YAML the way people write it by hand.

Used by the authoring commands (``rulecraft new``, ``import``, ``cards import``):
block style, keys in model order, multi-line text as ``|`` blocks, unicode kept,
and the ``# yaml-language-server: $schema=...`` line that lets editors complete
and validate each file.
"""

from __future__ import annotations

import os
import sysconfig
from pathlib import Path
from typing import Any

import yaml

from .schema import SCHEMA_DIR, check_schemas, write_schemas

SCHEMA_PREFIX = "# yaml-language-server: $schema="


PROJECT_SCHEMAS = "schemas"  # <project>/schemas/: the JSON Schemas a project carries for its collaborators


def is_installed(package_dir: Path) -> bool:
    """Whether the package at ``package_dir`` was installed into a Python's libraries (by pip, into a
    virtualenv's or the system's site-packages) rather than run from its source tree."""
    package_dir = package_dir.resolve()
    if {"site-packages", "dist-packages"} & set(package_dir.parts):
        return True
    libraries = {sysconfig.get_path(name) for name in ("purelib", "platlib")}
    return any(package_dir.is_relative_to(Path(lib).resolve()) for lib in libraries if lib)


def schema_folder(project_root: Path) -> Path:
    """Where a project's data files find their schemas.

    In the package's own repository (its source, with its schemas/ folder, lies within the project) that
    folder, regenerated and tested with the models; anywhere else the project's own ``schemas/`` folder,
    committed with the data, so the path works for every collaborator and survives a reinstall or a new
    Python. A package *installed* inside the project (a ``.venv`` in the project folder, as the README
    sets it up) is not its home: a path into one person's git-ignored virtualenv would not work for anyone
    else, and ``rulecraft schema`` must not write into site-packages.
    """
    home = SCHEMA_DIR.resolve()
    own = home.is_relative_to(Path(project_root).resolve()) and not is_installed(home.parent)
    return home if own else Path(project_root) / PROJECT_SCHEMAS


def ensure_schemas(project_root: Path) -> tuple[Path, list[Path]]:
    """The project's schema folder, written or refreshed when it is missing or stale: (folder, files written)."""
    folder = schema_folder(project_root)
    if folder == SCHEMA_DIR.resolve() or not check_schemas(folder):
        return folder, []
    return folder, write_schemas(folder)


def schemas_for_game(game_folder: Path) -> Path:
    """The schema folder a game already uses (from a sibling file's $schema line), else its project's
    (written there when missing: this is asked for by whoever is about to write a data file)."""
    folder = Path(game_folder)
    for path in sorted(folder.glob("*.yaml")):
        try:
            with path.open(encoding="utf-8") as handle:
                first = handle.readline().strip()
        except (OSError, UnicodeDecodeError):
            continue
        if first.startswith(SCHEMA_PREFIX):
            target = folder / first[len(SCHEMA_PREFIX):]
            if target.is_file():
                return target.resolve().parent
    return ensure_schemas(folder.resolve().parent.parent)[0]


def schema_line(game_folder: Path, kind: str, schemas: Path | None = None) -> str:
    """The editor hint for ``kind``: a relative path from the game folder to ``schemas`` (default: the
    folder the game's other files use, else the project's: see ``schema_folder``)."""
    target = ((schemas or schemas_for_game(game_folder)) / f"{kind}.schema.json").resolve()
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


def data_file_text(game_folder: Path, kind: str, data: Any, comment: str = "", schemas: Path | None = None) -> str:
    """A whole data file: schema line, optional comment lines, then the data."""
    lines = [schema_line(game_folder, kind, schemas)]
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
