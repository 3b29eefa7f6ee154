"""Zensical's configuration, made from mkdocs.yml for the pages ``rulecraft pages`` wrote.

Zensical reads mkdocs.yml and runs its ``markdown_extensions``, but ignores MkDocs plugins, so
what the Rulecraft plugin adds is written out instead: the extension (with the plugin's options),
the generated docs folder, the navigation (when mkdocs.yml has none), the stylesheets and scripts,
and ``watch`` on the rule data. Zensical looks for ``zensical.toml`` before ``mkdocs.yml``, so
``zensical build`` and ``zensical serve`` pick it up with no arguments; mkdocs.yml stays as it is
for MkDocs and ProperDocs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tomli_w
import yaml

HEADER = "# Written by `rulecraft pages` from mkdocs.yml for Zensical: run it again instead of editing.\n"


class ConfigError(Exception):
    """mkdocs.yml cannot be read or expressed for Zensical."""


class _MkDocsLoader(yaml.SafeLoader):
    """mkdocs.yml as MkDocs reads it, but a ``!!python/name:`` tag stays the dotted name it holds."""


def _python_name(loader, suffix, node):
    # Zensical resolves dotted names itself and maps Material's extension modules to its own.
    name = suffix.replace("material.extensions", "zensical.extensions").replace("materialx", "zensical.extensions")
    return name


def _env(loader, node):
    names = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [loader.construct_scalar(node)]
    for name in names[:-1] if len(names) > 1 else names:
        if name in os.environ:
            return os.environ[name]
    return names[-1] if len(names) > 1 else None


_MkDocsLoader.add_multi_constructor("tag:yaml.org,2002:python/name:", _python_name)
_MkDocsLoader.add_constructor("!ENV", _env)


def read_mkdocs_config(path: Path) -> dict[str, Any]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_MkDocsLoader)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a mapping of settings")
    if "INHERIT" in data:
        raise ConfigError(f"{path}: INHERIT is not supported by `rulecraft pages`; write the settings out")
    return data


def plugin_options(config: dict) -> dict:
    """The ``rulecraft`` plugin's options in mkdocs.yml ({} when it is listed without any)."""
    plugins = config.get("plugins") or []
    items = plugins.items() if isinstance(plugins, dict) else (
        next(iter(p.items())) if isinstance(p, dict) else (p, None) for p in plugins)
    for name, options in items:
        if name == "rulecraft":
            return options if isinstance(options, dict) else {}
    return {}


def _without_rulecraft(plugins):
    if isinstance(plugins, dict):
        return {k: v for k, v in plugins.items() if k != "rulecraft"}
    return [p for p in plugins or [] if p != "rulecraft" and not (isinstance(p, dict) and "rulecraft" in p)]


def zensical_config(mkdocs: dict, *, root: Path, docs_dir: Path, rules_data: Path, nav: list | None,
                    stylesheets: list[str], scripts: list[str]) -> dict:
    """mkdocs.yml's settings, with what the Rulecraft plugin would add written out."""
    options = plugin_options(mkdocs)
    config = {k: v for k, v in mkdocs.items() if k != "plugins"}
    config["plugins"] = _without_rulecraft(mkdocs.get("plugins"))
    config["docs_dir"] = Path(os.path.relpath(docs_dir, root)).as_posix()
    if nav is not None and not config.get("nav"):
        config["nav"] = nav
    config["extra_css"] = list(config.get("extra_css") or []) + stylesheets
    config["extra_javascript"] = list(config.get("extra_javascript") or []) + scripts
    extension = {"rules_data": str(rules_data.resolve()),
                 "link_terms": bool(options.get("link_terms", True)),
                 "link_first_only": bool(options.get("link_first_only", True))}
    extensions = config.get("markdown_extensions") or []
    if isinstance(extensions, dict):
        config["markdown_extensions"] = {**extensions, "rulecraft": extension}
    else:
        config["markdown_extensions"] = [*extensions, {"rulecraft": extension}]
    watch = list(config.get("watch") or [])
    config["watch"] = watch + [Path(os.path.relpath(rules_data, root)).as_posix()]  # YAML edits rebuild
    return config


# --- TOML ---------------------------------------------------------------------------------------------
# Everything goes under [project]: mkdocs.yml's settings are plain data (strings, numbers, booleans,
# lists, mappings). tomli_w writes them, escaping what TOML strings may not hold (DEL, other control
# characters, quotes, backslashes, line breaks) so that any TOML reader gets back what mkdocs.yml said.

def _plain(value: Any, where: str) -> Any:
    """``value`` as data TOML can hold: a mapping's empty (None) entries left out, as MkDocs reads them."""
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ConfigError(f"mkdocs.yml: {where}: the text holds a lone surrogate ({value!r}), which no "
                              "file can hold") from None
        return value
    if isinstance(value, (list, tuple)):
        if any(item is None for item in value):
            raise ConfigError(f"mkdocs.yml: {where}: an empty item cannot be written for Zensical")
        return [_plain(item, f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, dict):
        return {_plain(str(k), where): _plain(v, f"{where}.{k}") for k, v in value.items() if v is not None}
    raise ConfigError(f"mkdocs.yml: {where}: a {type(value).__name__} cannot be written for Zensical")


def to_toml(config: dict) -> str:
    project = {str(key): _plain(value, str(key)) for key, value in config.items() if value is not None}
    return HEADER + "\n" + tomli_w.dumps({"project": project})


def is_generated(path: Path) -> bool:
    """True when ``path`` is a zensical.toml this module wrote (so it may be replaced)."""
    try:
        with path.open(encoding="utf-8") as f:
            return f.readline() == HEADER
    except (OSError, UnicodeDecodeError):
        return False
