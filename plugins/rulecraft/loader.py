"""Load rules_data/ into typed models, turning every mistake into a located problem.

``load_rulebook(path)`` never raises for bad data: it returns the games it could
read plus all problems found (YAML, schema, file layout), each with file:line:col.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from . import collector
from .models import FILE_KINDS, CardsFile, DiceFile, GameFile, GlossaryFile, IconsFile, PhasesFile, RuleModel
from .problems import Location, Problem, error
from .yamlsource import YamlDocument, read_yaml_file

SHARED_DIR = "_shared"  # rules_data/_shared/<glossary-id>.yaml: glossaries several games use


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
    documents: dict[str, YamlDocument] = field(default_factory=dict)  # by file kind
    shared_terms: list = field(default_factory=list)  # Terms from shared glossaries, with their docs
    failed: set[str] = field(default_factory=set)  # kinds present on disk that did not load

    @property
    def title(self) -> str:
        return self.info.title if self.info else self.id

    @property
    def phases(self):
        return self.phases_file.phases if self.phases_file else []

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
    def constants(self):
        return self.info.constants if self.info else {}

    def file_for(self, kind: str) -> str:
        doc = self.documents.get(kind)
        return doc.file if doc else str(self.folder / f"{kind}.yaml")

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

    def _docs(self):
        yield from self.documents.values()
        yield from getattr(self, "_shared_docs", [])

    def _doc_for(self, file: str) -> YamlDocument | None:
        by_file = self.__dict__.get("_docs_by_file")
        if by_file is None or len(by_file) != len(self.documents) + len(getattr(self, "_shared_docs", [])):
            by_file = self.__dict__["_docs_by_file"] = {doc.file: doc for doc in self._docs()}
        return by_file.get(file)


@dataclass
class RuleBook:
    root: Path
    games: dict[str, Game] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def display_path(path: Path) -> str:
    """Paths as people type them: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# --- mapping pydantic errors to positions and friendly words ------------------------------------------


@lru_cache(maxsize=None)
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


def _allowed_keys(model: type[RuleModel], path: tuple) -> list[str]:
    keys: list[str] = []
    for schema in _schema_at(model, path):
        keys.extend(k for k in schema.get("properties", {}) if k not in keys)
    return keys


def _data_path(data: Any, loc: tuple) -> tuple[tuple, Any]:
    """Drop union/validator tags pydantic puts into ``loc`` that are not in the data."""
    path: list = []
    current = data
    for part in loc:
        if isinstance(current, dict) and isinstance(part, str) and part in current:
            path.append(part)
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            path.append(part)
            current = current[part]
        elif isinstance(current, dict) and isinstance(part, str) and part not in current and loc[-1] == part:
            path.append(part)  # a missing or unknown key: keep it for the message
            current = None
    return tuple(path), current


def _describe(value: Any) -> str:
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


def _problems_from_validation(exc: ValidationError, model: type[RuleModel], doc: YamlDocument) -> list[Problem]:
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
            allowed = _allowed_keys(model, path[:-1])
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
            if kind == "string_pattern_mismatch" and "a-z0-9" in str(err.get("ctx", {}).get("pattern", "")):
                message = f"{where}: {found!r} is not a valid id"
                hint = "ids use lower-case letters, digits, '-' and '_' and start with a letter or digit: 'company-standing'"
            elif kind == "string_type" and isinstance(found, (int, float)) and not isinstance(found, bool):
                message = f"{where}: expected text, found {_describe(found)}"
                raw = doc.raw(path)
                hint = f"put it in quotes so it stays exactly as written: \"{raw if raw is not None else found}\""
            elif kind == "string_type" and isinstance(found, bool):
                message = f"{where}: expected text, found {_describe(found)} (YAML reads yes/no/on/off as booleans)"
                hint = "put the value in quotes"
            elif kind == "string_type" and isinstance(found, (list, dict)):
                message = f"{where}: expected text, found {_describe(found)}"
            elif kind in ("list_type", "tuple_type"):
                message = f"{where}: expected a list, found {_describe(found)}"
                hint = "write list items on their own lines starting with '- '"
            elif kind in ("model_type", "dict_type", "model_attributes_type"):
                message = f"{where}: expected a mapping of keys, found {_describe(found)}"
                keys = _allowed_keys(model, path)
                if keys:
                    hint = "allowed keys: " + ", ".join(keys)
            elif kind == "value_error":
                message = f"{where}: {msg.removeprefix('Value error, ')}"
            elif kind in ("too_short", "too_long"):
                message = f"{where}: {msg.lower()}"
            else:
                message = f"{where}: {msg[0].lower() + msg[1:]}; found {_describe(found)}"
        signature = (location, message)
        if signature in seen:
            continue
        seen.add(signature)
        problems.append(error(f"schema-{kind.replace('_', '-')}", message, location, hint))
    return problems


# --- attaching sources ---------------------------------------------------------------------------------


def _attach_sources(value: Any, file: str, path: tuple) -> None:
    if isinstance(value, RuleModel):
        value.__pydantic_private__.update(_file=file, _path=path)  # set_source, minus pydantic's overhead
        for name, item in value.__dict__.items():
            if isinstance(item, (RuleModel, list, dict)):
                _attach_sources(item, file, path + (name,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, (RuleModel, list, dict)):
                _attach_sources(item, file, path + (index,))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (RuleModel, list, dict)):
                _attach_sources(item, file, path + (key,))


def load_model(doc: YamlDocument, model: type[RuleModel]) -> tuple[RuleModel | None, list[Problem]]:
    if not isinstance(doc.data, dict):
        keys = ", ".join(_allowed_keys(model, ()))
        return None, [error("schema-top-level", f"expected a mapping of keys at the top level, found {_describe(doc.data)}",
                            doc.where(()), f"start the file with keys such as: {keys}")]
    try:
        obj = model.model_validate(doc.data)
    except ValidationError as exc:
        return None, _problems_from_validation(exc, model, doc)
    _attach_sources(obj, doc.file, ())
    return obj, []


# --- games and rule books ------------------------------------------------------------------------------

_ATTR_FOR_KIND = {"game": "info", "phases": "phases_file", "dice": "dice_file", "terms": "glossary_file",
                  "icons": "icons_file", "cards": "cards_file"}


def load_game(folder: Path) -> tuple[Game, list[Problem]]:
    game = Game(id=folder.name, folder=folder)
    problems: list[Problem] = []
    kinds = ", ".join(f"{k}.yaml" for k in FILE_KINDS)
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        shown = display_path(path)
        if path.suffix in (".yml",):
            problems.append(error("file-name", f"'{path.name}' uses the .yml extension", Location(shown),
                                  f"rename it to {path.stem}.yaml"))
            continue
        if path.suffix != ".yaml":
            continue  # images and notes may live beside the data
        kind = path.stem
        if kind not in FILE_KINDS:
            close = difflib.get_close_matches(kind, list(FILE_KINDS), n=1)
            problems.append(error("file-name", f"unknown data file '{path.name}'", Location(shown),
                                  (f"did you mean {close[0]}.yaml? " if close else "") + f"data files are: {kinds}"))
            continue
        doc, file_problems = read_yaml_file(path, shown)
        game.documents[kind] = doc
        problems.extend(file_problems)
        if doc.data is None or any(p.is_error for p in file_problems):
            game.failed.add(kind)
            continue
        obj, model_problems = load_model(doc, FILE_KINDS[kind])
        problems.extend(model_problems)
        if obj is None:
            game.failed.add(kind)
        setattr(game, _ATTR_FOR_KIND[kind], obj)
    if "game" not in game.documents:
        problems.append(error("missing-file", f"game folder '{folder.name}' has no game.yaml",
                              Location(display_path(folder)), "add game.yaml with id, title, version and summary"))
    elif game.info and game.info.id != folder.name:
        problems.append(error("id-mismatch", f"game id '{game.info.id}' does not match its folder '{folder.name}'",
                              game.where(game.info, "id"), f"use id: {folder.name} (or rename the folder)"))
    return game, problems


def _load_shared(root: Path, book: RuleBook) -> dict[str, tuple[GlossaryFile, YamlDocument]]:
    shared: dict[str, tuple[GlossaryFile, YamlDocument]] = {}
    folder = root / SHARED_DIR
    if not folder.is_dir():
        return shared
    for path in sorted(folder.glob("*.yaml")):
        doc, problems = read_yaml_file(path, display_path(path))
        book.problems.extend(problems)
        if doc.data is None or any(p.is_error for p in problems):
            continue
        obj, problems = load_model(doc, GlossaryFile)
        book.problems.extend(problems)
        if obj is not None:
            shared[path.stem] = (obj, doc)
    return shared


def is_game_folder(path: Path) -> bool:
    return path.is_dir() and not path.name.startswith((".", "_"))


def load_rulebook(root: Path) -> RuleBook:
    """Load every game under ``root`` (rules_data/), or ``root`` itself if it is one game's folder."""
    with collector.paused():
        return _load_rulebook(Path(root))


def _load_rulebook(root: Path) -> RuleBook:
    book = RuleBook(root=root)
    if not root.is_dir():
        book.problems.append(error("missing-folder", f"'{root}' is not a folder", Location(str(root)),
                                   "point at rules_data/ or one game's folder"))
        return book
    if (root / "game.yaml").exists() or (root.is_dir() and any(root.glob("*.yaml")) and not any(
            is_game_folder(p) and (p / "game.yaml").exists() for p in root.iterdir())):
        folders = [root]
        shared = _load_shared(root.parent, book)
    else:
        folders = sorted(p for p in root.iterdir() if is_game_folder(p))
        shared = _load_shared(root, book)
    for folder in folders:
        game, problems = load_game(folder)
        book.problems.extend(problems)
        if game.info:
            game._shared_docs = []
            for glossary_id in game.info.glossaries:
                if glossary_id in shared:
                    glossary, doc = shared[glossary_id]
                    game.shared_terms.extend(glossary.terms)
                    game._shared_docs.append(doc)
                else:
                    book.problems.append(error(
                        "dangling-glossary", f"shared glossary '{glossary_id}' not found",
                        game.where(game.info, "glossaries"), f"add {SHARED_DIR}/{glossary_id}.yaml next to the games"))
        book.games[game.id] = game
    if not book.games:
        book.problems.append(error("no-games", f"no game folders in '{display_path(root)}'",
                                   Location(display_path(root)),
                                   "each game is a folder with game.yaml (try: rulecraft new my-game)"))
    return book
