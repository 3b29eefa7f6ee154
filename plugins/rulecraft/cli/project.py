"""Where a project keeps its pages and data: read from mkdocs.yml, with the usual defaults.

mkdocs.yml may hold ``!!python/name:`` tags (Material's emoji settings), so it is
read with a loader that turns unknown tags into nothing instead of failing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


class _TolerantLoader(yaml.SafeLoader):
    pass


_TolerantLoader.add_multi_constructor("", lambda loader, suffix, node: None)
_TolerantLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def read_mkdocs(path: Path) -> dict[str, Any]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_TolerantLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class Project:
    root: Path
    docs: Path
    rules_data: Path
    mkdocs_yml: Path | None
    config: dict = field(default_factory=dict)

    @property
    def has_nav(self) -> bool:
        return bool(self.config.get("nav"))


def rulecraft_options(config: dict) -> dict:
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("rulecraft"), dict):
            return plugin["rulecraft"]
    return {}


def find_project(root: Path) -> Project:
    root = Path(root)
    yml = root / "mkdocs.yml"
    config = read_mkdocs(yml) if yml.is_file() else {}
    docs = root / str(config.get("docs_dir") or "docs")
    rules = root / str(rulecraft_options(config).get("rules_data") or "rules_data")
    return Project(root, docs, rules, yml if yml.is_file() else None, config)


MINIMAL_MKDOCS = """\
site_name: {site_name}
# Where the site will be published. Material's instant navigation and the sitemap need it; this is
# the address of `mkdocs serve` until you publish.
site_url: http://127.0.0.1:8000/
docs_dir: docs
# For edit buttons: uncomment, point at your repository, and set edit_url under the plugin below.
# repo_url: https://github.com/you/your-rules
# edit_uri: edit/main/docs/

theme:
  name: material
  features:
    - navigation.instant
    - navigation.tabs
    - navigation.sections
    - navigation.indexes
    - navigation.top
    - navigation.footer
    - search.highlight
    - search.suggest
    - toc.follow
    - content.action.edit
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: teal
      accent: amber
      toggle: {{icon: material/weather-night, name: Switch to dark mode}}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: teal
      accent: amber
      toggle: {{icon: material/weather-sunny, name: Switch to light mode}}

plugins:
  - search
  - rulecraft:
      rules_data: rules_data
      # a generated page's edit button opens the YAML file it came from:
      # edit_url: https://github.com/you/your-rules/edit/main/{{path}}

markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - tables
  - def_list
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.blocks.admonition
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg

validation:
  links: {{not_found: warn, anchors: warn, absolute_links: info, unrecognized_links: warn}}
"""

GITIGNORE = """\
# the built site, and Python's leftovers
/site/
.venv/
__pycache__/
.cache/
"""


def write_minimal_mkdocs(root: Path, site_name: str) -> Path:
    path = root / "mkdocs.yml"
    path.write_text(MINIMAL_MKDOCS.format(site_name=site_name), encoding="utf-8")
    return path


def write_gitignore(root: Path) -> Path | None:
    """A .gitignore for a new project (never touches an existing one)."""
    path = root / ".gitignore"
    if path.exists():
        return None
    path.write_text(GITIGNORE, encoding="utf-8")
    return path


_NAV_RE = re.compile(r"^nav:[ \t]*(#.*)?$", re.MULTILINE)


def _nav_items(lines: list[str]) -> tuple[int | None, list[list[int]]]:
    """The indent of a block-style nav's items and, for each top-level item, the indexes of its lines.

    ``lines[0]`` is the rest of the ``nav:`` line. An indented comment belongs to the item it sits in; blank
    lines and comments at column 0 belong to none (such a comment does not end the block, as it does not for
    YAML); the block ends at the next top-level key.
    """
    indent = None
    items: list[list[int]] = []
    for i, line in enumerate(lines[1:], start=1):
        stripped = line.lstrip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if line[0].isspace() and items:  # an indented comment goes with the item it sits in
                items[-1].append(i)
            continue
        if not line[0].isspace() and not line.startswith("-"):
            break
        depth = len(line) - len(stripped)
        if indent is None and stripped.startswith("- "):
            indent = depth
        if stripped.startswith("- ") and depth == indent:
            items.append([i])
        elif items:
            items[-1].append(i)
    return indent, items


def add_nav_entry(yml: Path, title: str, pages: list[tuple[str, str]]) -> str | None:
    """Append ``- title: [pages]`` to an explicit block-style ``nav:`` in mkdocs.yml, keeping the rest as is.

    Returns None on success, or a sentence saying why the file was left alone (the caller prints it).
    """
    text = yml.read_text(encoding="utf-8")
    match = _NAV_RE.search(text)
    if not match:
        return "mkdocs.yml has a nav that is not a block list ('nav:' on its own line); add the pages by hand"
    lines = text[match.end():].split("\n")
    indent, items = _nav_items(lines)
    if indent is None:
        return "mkdocs.yml's nav has no list items to extend; add the pages by hand"
    body_end = items[-1][-1]  # index (in lines) of the last line of the nav block
    pad = " " * indent
    entry = [f"{pad}- {_yaml_key(title)}:"] + [f"{pad}    - {_yaml_key(label)}: {path}" for label, path in pages]
    new_lines = lines[:body_end + 1] + entry + lines[body_end + 1:]
    new_text = text[:match.end()] + "\n".join(new_lines)
    nav = yaml.load(new_text, Loader=_TolerantLoader).get("nav") if new_text else None
    if not (isinstance(nav, list) and nav and nav[-1] == {title: [{label: path} for label, path in pages]}):
        return "could not extend mkdocs.yml's nav safely; add the pages by hand"
    yml.write_text(new_text, encoding="utf-8")
    return None


def remove_nav_entry(yml: Path, game_id: str) -> None:
    """Take the game's section (the top-level nav item whose pages lie under ``game_id/``) out of an explicit
    block-style nav, keeping the rest of mkdocs.yml as written; nothing changes when there is none."""
    text = yml.read_text(encoding="utf-8")
    match = _NAV_RE.search(text)
    if not match:
        return
    lines = text[match.end():].split("\n")
    _, items = _nav_items(lines)
    for item in items:
        if any(re.search(rf"(?:^|[\s:'\"]){re.escape(game_id)}/", lines[i]) for i in item):
            drop = set(item)
            yml.write_text(text[:match.end()] + "\n".join(l for i, l in enumerate(lines) if i not in drop),
                           encoding="utf-8")
            return


def _yaml_key(text: str) -> str:
    plain = yaml.safe_load(f"{text}: x") if re.fullmatch(r"[A-Za-z0-9][\w .&'()-]*", text) else None
    return text if plain == {text: "x"} else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
