"""The consistency checker: runs every check on every game of a rule book.

Each module checks one concept (ids, references, glossary, dice coverage,
cards, usage, completeness) and yields located problems; this module only
collects them and the per-game completeness summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..book import RuleBook
from ..docpages import markdown_pages
from ..models.index import build_index
from ..models.textrefs import code_blanked
from ..problems import Problem, display_path
from ..yamlsource import read_source_bytes
from .accept import Accepted, Accepts, in_prose
from .strictness import gaps_as

if TYPE_CHECKING:
    from .completeness import GameSummary


@dataclass
class CheckResult:
    book: RuleBook
    problems: list[Problem] = field(default_factory=list)
    summaries: list[GameSummary] = field(default_factory=list)
    accepted: list[Accepted] = field(default_factory=list)  # warnings a designer accepted, with the reason

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.is_warning]

    @property
    def gaps(self) -> list[Problem]:
        """Recorded gaps (todos, open questions) of games that count them as gaps (checks/strictness.py)."""
        return [p for p in self.problems if p.is_gap]


MAX_PAGE_BYTES = 20_000_000  # a prose page; MkDocs itself reads pages of any size


def _read_page(path: Path, project: Path) -> str | None:
    """A page's text; None for what MkDocs reports itself (unreadable, not UTF-8) and for what is no
    page at all (a FIFO, a device, a link out of the project). ``project``: the docs folder's parent, resolved
    (once per folder: a resolve is a system call per part of the path)."""
    raw, _ = read_source_bytes(path, str(path), within=project, limit=MAX_PAGE_BYTES)
    try:
        return raw.decode("utf-8") if raw is not None else None
    except UnicodeDecodeError:
        return None


def read_prose(docs_dir: Path | None, game_id: str) -> dict[str, str]:
    """The game's Markdown pages (docs/<game>/**/*.md, and every other suffix MkDocs renders: docpages.py),
    keyed by display path."""
    if docs_dir is None or not (docs_dir / game_id).is_dir():
        return {}
    pages = {}
    project = docs_dir.resolve().parent
    for path in markdown_pages(docs_dir / game_id):
        text = _read_page(path, project)
        if text is not None:
            pages[display_path(path)] = text
    return pages


def read_site_prose(docs_dir: Path | None, game_ids) -> dict[str, str]:
    """Markdown pages outside every game's folder (home, about...), keyed by display path."""
    if docs_dir is None or not docs_dir.is_dir():
        return {}
    pages = {}
    project = docs_dir.resolve().parent
    for path in markdown_pages(docs_dir):
        if path.relative_to(docs_dir).parts[0] in game_ids:
            continue
        text = _read_page(path, project)
        if text is not None:
            pages[display_path(path)] = text
    return pages


def check_book(book: RuleBook, docs_dir: Path | None = None, editor_hints: bool = False,
               summaries: bool = True) -> CheckResult:
    """Every check on every game (callers doing bulk work may pause the cyclic GC: see collector).

    ``editor_hints``: also check each file's $schema line (`rulecraft check` does; a site build does not,
    since a stale editor hint does not change the rules).
    ``summaries``: also the per-game completeness summary (the CLI prints it; a site build does not).
    """
    # Imported here: a site build whose check result is cached (checks/cache.py) never runs them.
    from .drift import dice_prose, phase_refs, texts as drift_texts, undefined_terms
    from . import (
        cards,
        catalog,
        catalog_links,  # prices, uses, exchanges, replaces
        cheatsheet,  # the cheat sheet's ids exist and it fits one page
        combinations,  # variants played together: declared, and decided where two differ
        completeness,
        conditions,
        dice_coverage,
        dice_grid,
        dice_labels,
        dice_profile,  # targets and charts: natural results, chart values, earlier rolls
        faq,  # errata and FAQ entries: their rules exist and still read as when they were answered
        drift,  # drift in prose
        formulas,  # formulas and formula costs
        glossary,
        never_holds,  # an only_when: no state of the game satisfies
        identifiers,
        markdown_depth,  # Markdown nested deeper than Python-Markdown can take
        modifier_formula,  # dice-table modifiers worked out from an input
        phase_groups,
        pictures,  # no data: pictures
        references,
        rulings,  # candidate rulings of open questions: what they change exists, fits and covers
        schemaline,
        tables,
        usage,
        variants,
        versions,  # changed_in versions must be in the changelog
    )

    result = CheckResult(book, list(book.problems))
    accepts = Accepts()
    for game in book.games.values():
        index = build_index(game)
        prose = read_prose(docs_dir, game.id)
        found: list[Problem] = []
        found += identifiers.check(index)
        found += references.check(index)
        found += phase_groups.check(index)
        found += references.check_icon_images(index, docs_dir)
        found += markdown_depth.check(index)
        found += pictures.check(index)
        # each page with its code blanked, read by three checks: blanked once (200 pages: 3 x 25 ms -> 25 ms)
        shown = {file: code_blanked(text, always=True) for file, text in prose.items()}
        for file, text in prose.items():
            found += pictures.check_page(file, text, game.id, shown[file])
            found += markdown_depth.check_page(file, text, game.id, shown[file])
            found += references.check_prose(index, file, text)
            found += references.check_page_blocks(book, index, file, text)
        found += glossary.check(index)
        found += dice_coverage.check(index)
        found += dice_grid.check(index)
        found += dice_labels.check(index)
        found += dice_profile.check(index)
        found += conditions.check(index)
        found += never_holds.check(index)
        found += cards.check(index)
        found += catalog.check(index)
        found += catalog_links.check(index)
        found += formulas.check(index)
        found += modifier_formula.check(index)
        found += tables.check(index)
        found += faq.check(index)
        found += variants.check(index)
        found += combinations.check(index)
        found += rulings.check(index)
        found += versions.check(index)
        found += cheatsheet.check(index)
        published = list(drift_texts.published_texts(index, prose, shown))  # every text the game publishes, read once
        found += drift.check_numbers(index, prose, published)  # counts that disagree, numbers that should be constants
        names = undefined_terms.known_names(index)
        found += dice_prose.check(index, published)  # dice in prose that no table backs
        found += phase_refs.check(index, published, names)  # phases numbered or named by hand
        found += undefined_terms.check(index, published, names)  # capitalised words no term defines
        if editor_hints:
            found += schemaline.check(index)
        # Unused-data warnings mean little while a file of the game failed to load.
        if not game.failed:
            found += usage.check(index, list(prose.values()))
        found += completeness.check(index, prose)
        page_accepts = []
        for file, text in prose.items():
            declared, mistakes = in_prose(file, text, game.id)
            page_accepts += declared
            found += mistakes
        # Accepts first: a gap is refused whatever the game counts it as.
        outcome = accepts.apply(index, page_accepts, found)
        result.problems.extend(gaps_as(outcome.kept, game.info.check.gaps if game.info else "notice"))
        result.accepted.extend(outcome.accepted)
        if summaries:
            summary = completeness.summarise(index, prose)
            summary.accepted = len(outcome.accepted)
            result.summaries.append(summary)
    # Site pages may show any game's data (`/// phase | game-id:item`): the build checks them, so do we. The
    # pages of games not loaded (one game's folder checked, its neighbours beside it) are theirs, not the site's.
    for file, text in read_site_prose(docs_dir, set(book.games) | _neighbour_games(book)).items():
        result.problems.extend(references.check_page_blocks(book, None, file, text))
        result.problems.extend(pictures.check_page(file, text))
        result.problems.extend(markdown_depth.check_page(file, text))
    result.problems.extend(accepts.stale())
    result.problems = sorted(dict.fromkeys(result.problems), key=Problem.sort_key)
    return result


def _neighbour_games(book: RuleBook) -> set[str]:
    """The other games' ids when ``book`` is one game's folder of a rules_data/ (empty when it is all of it)."""
    from ..loader import is_game_folder

    root = Path(book.root)
    if not (root / "game.yaml").is_file() or not root.parent.is_dir():
        return set()
    return {p.name for p in root.parent.iterdir() if p != root and is_game_folder(p) and (p / "game.yaml").is_file()}


def check_path(path: Path, docs_dir: Path | None = None, editor_hints: bool = False) -> CheckResult:
    from ..loader import load_rulebook

    return check_book(load_rulebook(path), docs_dir, editor_hints)
