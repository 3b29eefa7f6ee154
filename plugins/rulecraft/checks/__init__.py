"""The consistency checker: runs every check on every game of a rule book.

Each module checks one concept (ids, references, glossary, dice coverage,
cards, usage, completeness) and yields located problems; this module only
collects them and the per-game completeness summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..book import RuleBook
from ..loader import display_path, load_rulebook
from ..models.index import build_index
from ..problems import Problem
from . import (
    cards,
    catalog,
    cheatsheet,  # noqa: E402 - the cheat sheet's ids exist and it fits one page
    completeness,
    conditions,
    dice_coverage,
    glossary,
    identifiers,
    references,
    usage,
    versions,  # noqa: E402 - changed_in versions must be in the changelog
)
from .completeness import GameSummary


@dataclass
class CheckResult:
    book: RuleBook
    problems: list[Problem] = field(default_factory=list)
    summaries: list[GameSummary] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if not p.is_error]


def read_prose(docs_dir: Path | None, game_id: str) -> dict[str, str]:
    """The game's Markdown pages (docs/<game>/**/*.md), keyed by display path."""
    if docs_dir is None or not (docs_dir / game_id).is_dir():
        return {}
    pages = {}
    for path in sorted((docs_dir / game_id).rglob("*.md")):
        try:
            pages[display_path(path)] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # MkDocs reports unreadable pages itself
    return pages


def read_site_prose(docs_dir: Path | None, game_ids) -> dict[str, str]:
    """Markdown pages outside every game's folder (home, about...), keyed by display path."""
    if docs_dir is None or not docs_dir.is_dir():
        return {}
    pages = {}
    for path in sorted(docs_dir.rglob("*.md")):
        if path.relative_to(docs_dir).parts[0] in game_ids:
            continue
        try:
            pages[display_path(path)] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return pages


def check_book(book: RuleBook, docs_dir: Path | None = None) -> CheckResult:
    """Every check on every game (callers doing bulk work may pause the cyclic GC: see collector)."""
    result = CheckResult(book, list(book.problems))
    for game in book.games.values():
        index = build_index(game)
        prose = read_prose(docs_dir, game.id)
        found: list[Problem] = []
        found += identifiers.check(index)
        found += references.check(index)
        for file, text in prose.items():
            found += references.check_prose(index, file, text)
            found += references.check_page_blocks(book, index, file, text)
        found += glossary.check(index)
        found += dice_coverage.check(index)
        found += conditions.check(index)
        found += cards.check(index)
        found += catalog.check(index)
        found += versions.check(index)
        found += cheatsheet.check(index)
        # Unused-data warnings mean little while a file of the game failed to load.
        if not game.failed:
            found += usage.check(index, list(prose.values()))
        found += completeness.check(index, prose)
        result.problems.extend(found)
        result.summaries.append(completeness.summarise(index, prose))
    # Site pages may show any game's data (`/// phase | game-id:item`): the build checks them, so do we.
    for file, text in read_site_prose(docs_dir, set(book.games)).items():
        result.problems.extend(references.check_page_blocks(book, None, file, text))
    result.problems = sorted(dict.fromkeys(result.problems), key=Problem.sort_key)
    return result


def check_path(path: Path, docs_dir: Path | None = None) -> CheckResult:
    return check_book(load_rulebook(path), docs_dir)
