"""Load rules_data/ into typed models, turning every mistake into a located problem.

``load_rulebook(path)`` never raises for bad data: it returns the games it could
read plus all problems found (YAML, schema, file layout), each with file:line:col.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .book import SHARED_DIR, Game, RuleBook
from .models import FILE_KINDS, GlossaryFile, RuleModel
from .models.modifier_formula import bind as bind_modifier_formulas
from .problems import Location, Problem, display_path, error, excerpt
from .schema_errors import allowed_keys, describe, problems_from_validation
from .yamlsource import YamlDocument, read_yaml_file

# --- mapping pydantic errors to positions and friendly words ------------------------------------------


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
        keys = ", ".join(allowed_keys(model, ()))
        # A whole file read as one text is not data: show a short excerpt only, never its content.
        found = f"text ('{excerpt(doc.data)}')" if isinstance(doc.data, str) else describe(doc.data)
        return None, [error("schema-top-level", f"expected a mapping of keys at the top level, found {found}",
                            doc.where(()), f"start the file with keys such as: {keys}")]
    try:
        obj = model.model_validate(doc.data)
    except ValidationError as exc:
        return None, problems_from_validation(exc, model, doc)
    _attach_sources(obj, doc.file, ())
    return obj, []


# --- games and rule books ------------------------------------------------------------------------------

_ATTR_FOR_KIND = {"game": "info", "phases": "phases_file", "dice": "dice_file", "terms": "glossary_file",
                  "icons": "icons_file", "cards": "cards_file", "catalog": "catalog_file",
                  "tables": "tables_file", "faq": "faq_file"}


def load_game(folder: Path, within: Path | None = None) -> tuple[Game, list[Problem]]:
    """One game's folder; ``within`` is the project: no data file may be a link leading out of it
    (default: the folder holding rules_data/)."""
    within = folder.resolve().parent.parent if within is None else within
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
        doc, file_problems = read_yaml_file(path, shown, within)
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
    bind_modifier_formulas(game)  # their amounts read the inputs of game.yaml
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
        doc, problems = read_yaml_file(path, display_path(path), root.resolve().parent)
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
    """Load every game under ``root`` (rules_data/), or ``root`` itself if it is one game's folder.

    Loading builds a large heap of objects: callers doing bulk work may pause the cyclic garbage
    collector around it (``collector.paused()``), as the CLI and the MkDocs plugin do."""
    root = Path(root)
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
    project = (root.resolve().parent.parent if folders == [root] else root.resolve().parent)
    for folder in folders:
        game, problems = load_game(folder, project)
        book.problems.extend(problems)
        if game.info:
            for glossary_id in game.info.glossaries:
                if glossary_id in shared:
                    glossary, doc = shared[glossary_id]
                    game.shared_terms.extend(glossary.terms)
                    game.shared_documents.append(doc)
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
