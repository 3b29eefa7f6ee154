"""The diff of two rule books, game by game and item by item (the entry points a page or the CLI call)."""

from __future__ import annotations

from pathlib import Path

from ..book import Game, RuleBook
from ..loader import load_rulebook
from .compare import Pair
from .pages import read_pages
from .registry import handler_for
from .result import ADDED, REMOVED, DiffResult, GameDiff
from .versions import Version, VersionError, Versions
from .walk import read_side

MAX_LISTED_PROBLEMS = 10


def diff_games(old: Game, new: Game, old_pages: dict[str, str] | None = None,
               new_pages: dict[str, str] | None = None) -> GameDiff:
    """The changes of one game; ``*_pages``: its prose pages in each version (where values show too)."""
    pair = Pair(read_side(old, old_pages), read_side(new, new_pages))
    out = GameDiff(new.id, new.title)
    keys = list(dict.fromkeys([*pair.new.subjects, *pair.old.subjects]))
    for key in keys:
        a, b = pair.old.subjects.get(key), pair.new.subjects.get(key)
        out.changes.extend(handler_for((b or a).obj).diff(a, b, pair))
    return out


def diff_books(old: RuleBook, new: RuleBook, before: str, after: str, game: str | None = None,
               old_docs: Path | None = None, new_docs: Path | None = None) -> DiffResult:
    """The diff of two loaded rule books, named ``before`` and ``after``; ``*_docs``: their prose pages."""
    result = DiffResult(before, after)
    ids = list(dict.fromkeys([*new.games, *old.games]))
    if game is not None:
        if game not in ids:
            raise VersionError(f"no game '{game}' in either version (games: {', '.join(ids) or 'none'})")
        ids = [game]
    for game_id in ids:
        a, b = old.games.get(game_id), new.games.get(game_id)
        if a is None:
            result.games.append(GameDiff(game_id, b.title, ADDED))
        elif b is None:
            result.games.append(GameDiff(game_id, a.title, REMOVED))
        else:
            found = diff_games(a, b, read_pages(old_docs, game_id), read_pages(new_docs, game_id))
            if found.changes:
                result.games.append(found)
    return result


def load_version(version: Version) -> RuleBook:
    """The rule book of one version; a version whose files do not load is refused (a kind that failed to
    load would read as every one of its items removed)."""
    book = load_rulebook(version.folder)
    errors = [p for p in book.problems if p.is_error]
    if errors:
        listed = "\n".join("  " + p.format().replace(str(version.folder.resolve()), version.name)
                           for p in errors[:MAX_LISTED_PROBLEMS])
        more = f"\n  ... and {len(errors) - MAX_LISTED_PROBLEMS} more" if len(errors) > MAX_LISTED_PROBLEMS else ""
        raise VersionError(f"the rules of {version.name} do not load ({len(errors)} error(s); rulecraft check "
                           f"shows them all):\n{listed}{more}")
    return book


def diff_versions(before: str | None = None, after: str | None = None, rules: Path = Path("rules_data"),
                  game: str | None = None) -> DiffResult:
    """The diff between two versions, each a folder or a git revision. ``before`` defaults to the newest
    tag reachable from HEAD (else HEAD~1), ``after`` to the working tree's ``rules`` folder. Raises
    VersionError, whose message is for the user, when a version cannot be read."""
    with Versions(Path(rules)) as versions:
        old = versions.resolve(before, versions.base() if before is None else None)
        new = versions.resolve(after)
        return diff_books(load_version(old), load_version(new), old.name, new.name, game, old.docs, new.docs)
