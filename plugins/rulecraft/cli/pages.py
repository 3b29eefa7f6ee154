"""`rulecraft pages`: the site's pages as files, for Zensical (which runs the Markdown extension
but not MkDocs plugins). Checks the rules first, as the plugin does, and writes nothing on errors.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from ..checks import check_book
from ..checks.strictness import gaps_as
from ..loader import load_rulebook
from ..pages.nav import site_navigation
from ..pages.writer import OutputFolderError, WrittenPages, write_pages
from ..pages.zensical import ConfigError, is_generated, plugin_options, read_mkdocs_config, to_toml, zensical_config


class PagesError(Exception):
    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


@dataclass
class PagesResult:
    written: WrittenPages
    config: Path | None
    warnings: list[str]
    gaps: int


def write_site(root: Path, out: Path, config_path: Path | None) -> PagesResult:
    mkdocs_yml = root / "mkdocs.yml"
    if not mkdocs_yml.is_file():
        raise PagesError(f"no mkdocs.yml in '{root}' (run in the project folder, or pass --root)", usage=True)
    try:
        mkdocs = read_mkdocs_config(mkdocs_yml)
    except ConfigError as exc:
        raise PagesError(str(exc)) from exc
    options = plugin_options(mkdocs)
    docs_dir = root / str(mkdocs.get("docs_dir") or "docs")
    rules_data = root / str(options.get("rules_data") or "rules_data")
    if not rules_data.is_dir():
        raise PagesError(f"rules_data folder '{rules_data}' does not exist (set plugins: rulecraft: rules_data: "
                         "... in mkdocs.yml)", usage=True)
    if config_path is not None and config_path.exists() and not is_generated(config_path):
        raise PagesError(f"'{config_path}' was not written by rulecraft pages; it is left as it is "
                         "(pass --zensical-config with another file, or --no-zensical-config)", usage=True)
    book = load_rulebook(rules_data)
    result = check_book(book, docs_dir)
    if result.errors:
        listing = "\n".join(p.format() for p in result.errors)
        raise PagesError(f"{len(result.errors)} error(s) in the rules; no pages written:\n{listing}")
    problems = gaps_as(result.problems, "warning") if options.get("strict_gaps", False) else result.problems
    warnings = [p.format() for p in problems if p.is_warning]
    gaps = sum(1 for p in problems if p.is_gap)
    try:
        written = write_pages(book, docs_dir, out)
    except OutputFolderError as exc:
        raise PagesError(str(exc), usage=True) from exc
    if config_path is not None:
        nav = site_navigation(book, written.documentation_pages) if options.get("navigation", True) else None
        try:
            config = zensical_config(mkdocs, root=root, docs_dir=out, rules_data=rules_data, nav=nav,
                                     stylesheets=written.stylesheets, scripts=written.scripts)
            config_path.write_text(to_toml(config), encoding="utf-8")
        except ConfigError as exc:
            raise PagesError(str(exc)) from exc
    return PagesResult(written, config_path, warnings, gaps)


def report(result: PagesResult, root: Path) -> None:
    def shown(path: Path) -> str:
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            return str(path)

    written = result.written
    for warning in result.warnings:
        print(warning, file=sys.stderr)
    print(f"wrote {len(written.generated)} generated page(s) and linked {len(written.hand_written)} hand-written "
          f"file(s) into {shown(written.folder)}/" + (" (copied: no symbolic links here; run again after "
                                                       "editing docs/)" if written.copied else ""))
    if result.gaps:
        print(f"{result.gaps} recorded gap(s) (TODOs, open questions): see each game's Status page")
    if result.config is not None:
        print(f"wrote {shown(result.config)}; next: zensical build  (or: zensical serve)")
