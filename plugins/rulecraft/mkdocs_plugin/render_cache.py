"""Rendered pages kept between `mkdocs serve` rebuilds, so a saved edit re-renders only what it changes.

MkDocs rebuilds the whole site after every save, and turning each page's Markdown into HTML is the
largest part of that. A page's HTML depends only on:

* its final Markdown (after every plugin's ``on_page_markdown``) and its own path and URL;
* the site: every file's path and URL (links are resolved and checked against them), the loaded
  config (mkdocs.yml with its ``INHERIT:`` parents and ``!ENV`` values: ``config_signature``), the
  Markdown extensions and their settings, the validation levels;
* the rule data of the games the page read while rendering. The extension records them in
  ``PageState.used_games`` (the page's own game for its term links and blocks, another game named in
  ``/// phase | game-id:item`` or ``{term:game-id:x}``, an unknown game id too), or ``used_all`` when
  the page showed the whole book (the games list of the home page). Each game's fingerprint hashes its
  folder's files and the shared glossaries.

An entry is reused only when all of that is unchanged; otherwise the page renders as usual and its
entry is replaced. With it are kept what rendering reported besides the HTML, given back on reuse:
the table of contents, title, anchors and links to anchors (MkDocs' anchor validation), the glossary
mentions ("Used in" lists), the page's unknown-id problems, and the log records (link warnings).

Reuse is only safe when every Markdown extension's output depends on nothing but the text, so the
cache switches itself off for a site using one not known to be (``pymdownx.snippets`` reads other
files, for instance).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from types import ModuleType, SimpleNamespace

from ..models.cheatsheet import head_state

# Extensions whose output depends only on the page text and their settings.
_PURE_BUILTINS = frozenset({
    "abbr", "admonition", "attr_list", "codehilite", "def_list", "extra", "fenced_code", "footnotes",
    "legacy_attrs", "legacy_em", "md_in_html", "meta", "nl2br", "sane_lists", "smarty", "tables", "toc",
    "wikilinks"})
_IMPURE = frozenset({"pymdownx.snippets", "pymdownx.b64"})  # read files named in the page
_PURE_PREFIXES = ("markdown.extensions.", "pymdownx.", "material.extensions.")


def extensions_signature(extensions: list, configs: dict, own_type: type) -> str | None:
    """The Markdown extensions and their settings as a string, or None when one of them may read more
    than the page's text (the cache is then off). Instances of ``own_type`` (Rulecraft's extension,
    whose data reads are tracked per page) count by their settings."""
    parts = []
    for ext in extensions:
        if isinstance(ext, str):
            name = ext.split(":", 1)[0]
            if name in _IMPURE or not (name in _PURE_BUILTINS or name.startswith(_PURE_PREFIXES)):
                return None
            parts.append(ext)
        elif isinstance(ext, own_type):
            parts.append(f"{own_type.__module__}:{sorted(ext.getConfigs().items())!r}")
        else:
            return None
    return repr((parts, sorted((str(k), repr(v)) for k, v in (configs or {}).items())))


def game_fingerprints(data_dir: Path, games: dict) -> dict[str, str]:
    """game id -> hash of the files its data is read from: its folder and the shared glossaries; and of
    the git repository's state (a cheat sheet shows the date of the last commit to its game's folder)."""
    shared = data_dir / "_shared" if (data_dir / "_shared").is_dir() else data_dir.parent / "_shared"
    common = _tree_digest(shared)
    return {game_id: hashlib.sha256(common + _tree_digest(Path(game.folder))
                                    + head_state(game.folder).encode()).hexdigest()
            for game_id, game in games.items()}


def folder_fingerprints(data_dir: Path) -> dict[str, str]:
    """game_fingerprints of every folder in ``data_dir``, taken before the rules are loaded."""
    folders = {p.name: SimpleNamespace(folder=p) for p in data_dir.iterdir() if p.is_dir()} if data_dir.is_dir() else {}
    return game_fingerprints(data_dir, folders)


def _tree_digest(folder: Path) -> bytes:
    digest = hashlib.sha256(str(folder).encode() + b"\0")
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            try:
                data = path.read_bytes()
            except OSError:
                data = b"\2unreadable"
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.digest()


def site_signature(files, config, extensions: str) -> str:
    """Everything outside the page and the rule data that its rendering depends on."""
    digest = hashlib.sha256(extensions.encode())
    digest.update(config_signature(config).encode())
    digest.update(repr(config.validation).encode())
    for file in sorted(files, key=lambda f: f.src_uri):
        digest.update(f"\0{file.src_uri}\1{file.url}".encode())
    return digest.hexdigest()


# Members of the loaded config left out of config_signature: the Markdown extensions and their settings
# (extensions_signature: Rulecraft's own is an object made anew each build), the plugins (their instances
# hold state; their settings are taken instead) and the per-session output folder.
_CONFIG_SKIPPED = frozenset({"markdown_extensions", "mdx_configs", "plugins", "site_dir"})
_ADDRESS_RE = re.compile(r" at 0x[0-9a-fA-F]+")


def config_signature(config) -> str:
    """The loaded config as stable text: what mkdocs.yml says once its ``INHERIT:`` parents are merged
    in and its ``!ENV`` values read. MkDocs loads the config afresh for every rebuild under `mkdocs
    serve`, and a parent config or an environment value can change while mkdocs.yml's own text does
    not, so hashing the file would miss them. The same config gives the same text in every rebuild."""
    values = {key: _stable(value) for key, value in config.items() if key not in _CONFIG_SKIPPED}
    plugins = getattr(config, "plugins", None) or {}
    values["plugins"] = {name: _stable(getattr(plugin, "config", None)) for name, plugin in plugins.items()}
    return json.dumps(values, sort_keys=True, ensure_ascii=False, default=str)


def _stable(value, depth: int = 0):
    """A value as JSON-ready data that does not change from one load of the same config to the next
    (no memory addresses, no set order)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if depth > 12:
        return "..."
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _stable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_stable(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_stable(v, depth + 1) for v in value), key=repr)
    if isinstance(value, ModuleType):  # a hooks: file
        return f"module {value.__name__}"
    kind = f"{type(value).__module__}.{type(value).__qualname__}"
    if callable(value) and hasattr(value, "__qualname__"):  # a function or class named in the config
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}"
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict):  # an object (the theme's locale, an extra script): its public fields
        return {"": kind, **{k: _stable(v, depth + 1) for k, v in fields.items() if not k.startswith("_")}}
    return _ADDRESS_RE.sub("", repr(value))


@dataclass
class Rendered:
    """One page's rendering and what it reported."""

    key: tuple  # markdown, page path and URL, site signature
    games: dict[str, str | None]  # game id -> fingerprint it was rendered from (None: no such game)
    all_games: dict[str, str] | None  # every game's fingerprint, when the page showed the whole book
    content: str
    toc: object
    title: str | None
    anchors: set[str] | None
    links_to_anchors: dict[str, dict[str, str]] | None  # target page's src_uri -> {anchor: link}
    mentions: list = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    records: list[logging.LogRecord] = field(default_factory=list)


class RenderCache:
    """src_uri -> its last rendering. Lives in the plugin instance, which `mkdocs serve` keeps."""

    def __init__(self) -> None:
        self.entries: dict[str, Rendered] = {}
        self.fingerprints: dict[str, str] = {}  # of the book this build renders from
        self.enabled = False  # for this build
        self.reused = self.rendered = 0

    def start_build(self, enabled: bool, fingerprints: dict[str, str]) -> None:
        self.enabled, self.fingerprints = enabled, fingerprints
        self.reused = self.rendered = 0
        if not enabled:
            self.entries.clear()

    def lookup(self, src: str, key: tuple) -> Rendered | None:
        entry = self.entries.get(src)
        if not self.enabled or entry is None or entry.key != key:
            return None
        if entry.all_games is not None and entry.all_games != self.fingerprints:
            return None
        if any(self.fingerprints.get(game_id) != fp for game_id, fp in entry.games.items()):
            return None
        return entry

    def store(self, src: str, entry: Rendered) -> None:
        if self.enabled:
            self.entries[src] = entry

    def render_page(self, page, render, config, files, state, site: str) -> None:
        """``render(config, files)`` (MkDocs' ``page.render``), or the page's last rendering given back
        when nothing it depends on changed; ``state`` is the extension's PageState, ``site`` the build's
        ``site_signature``."""
        file = page.file
        key = (page.markdown, file.src_uri, file.dest_uri, file.url, site)
        entry = self.lookup(file.src_uri, key)
        if entry is not None:
            page.content, page.toc, page._title_from_render = entry.content, entry.toc, entry.title
            page.present_anchor_ids = set(entry.anchors) if entry.anchors is not None else None
            if entry.links_to_anchors is not None:  # keyed by File: this build's objects
                page.links_to_anchors = {files.get_file_from_path(src): dict(links)
                                         for src, links in entry.links_to_anchors.items()
                                         if files.get_file_from_path(src) is not None}
            state.mentions.extend(entry.mentions)
            state.problems = list(entry.problems)
            for record in entry.records:
                logging.getLogger(record.name).handle(record)
            self.reused += 1
            return
        first_mention = len(state.mentions)
        capture, mkdocs_log = LogCapture(), logging.getLogger("mkdocs")
        mkdocs_log.addHandler(capture)
        try:
            render(config, files)
        finally:
            mkdocs_log.removeHandler(capture)
        self.rendered += 1
        links = getattr(page, "links_to_anchors", None)
        self.store(file.src_uri, Rendered(
            key=key, games={g: self.fingerprints.get(g) for g in state.used_games},
            all_games=dict(self.fingerprints) if state.used_all else None,
            content=page.content, toc=page.toc, title=getattr(page, "_title_from_render", None),
            anchors=set(page.present_anchor_ids) if page.present_anchor_ids is not None else None,
            links_to_anchors={f.src_uri: dict(v) for f, v in links.items()} if links is not None else None,
            mentions=state.mentions[first_mention:], problems=list(state.problems), records=capture.records))

    def forget_unless(self, fingerprints: dict[str, str]) -> None:
        """After the build: a data file saved while it ran may have been read half old, half new, so
        nothing is kept from a build whose fingerprints no longer hold (the save triggers a rebuild)."""
        if fingerprints != self.fingerprints:
            self.entries.clear()


class LogCapture(logging.Handler):
    """Records what MkDocs (and plugins, under ``mkdocs.``) log while a page renders, to log it again
    when the rendering is reused. Only the rendering thread's records: the cheat-sheet PDFs' background
    thread logs meanwhile, and its lines belong to no page."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.thread = threading.get_ident()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.records.append(record)


__all__ = ["LogCapture", "RenderCache", "Rendered", "config_signature", "extensions_signature", "game_fingerprints",
           "site_signature"]
