"""A game's versions as the site shows them: its tagged versions in git, each diffed against the one before.

The designer names the tags in game.yaml (``versions: {tags: "v{version}"}``). At build time the tags are
listed once, each tagged revision's rule data is read out of git (versions.py) and loaded once, and each
pair of consecutive versions is diffed once: a diff is kept by the two commits it compares, which never
change, so a later build (``mkdocs serve``) reuses it. Without git, a repository or two matching tags (a
tarball, a shallow clone) the history holds no diff and says why in ``note``: the site shows the
hand-written notes only and never fails for it.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..book import Game
from .pages import read_pages
from .result import Change, GameDiff
from .versions import GIT_TIMEOUT, VersionError, extract, repository_root

_NUMBER_RE = re.compile(r"(\d+)")


def version_key(version: str) -> tuple:
    """Versions in the order people read them: 0.10 after 0.9, 1.0 after 1.0rc1."""
    parts = _NUMBER_RE.split(version)
    return tuple((0, int(p)) if p.isdigit() else (1, p) if p else (2, "") for p in parts)


def tag_regex(rule: str) -> re.Pattern:
    before, _, after = rule.partition("{version}")
    return re.compile(re.escape(before) + r"(?P<version>[0-9A-Za-z][0-9A-Za-z._+-]*)" + re.escape(after) + r"\Z")


@dataclass(frozen=True)
class Tagged:
    version: str
    tag: str
    commit: str


@dataclass
class GameHistory:
    """What the Changes page and the rule markers read: ``diffs[v]`` is the diff from ``previous[v]`` to
    ``v`` (consecutive tagged versions); ``tagged`` oldest first; ``note`` why there is no diff, if so."""

    tagged: list[Tagged] = field(default_factory=list)
    diffs: dict[str, GameDiff] = field(default_factory=dict)
    previous: dict[str, str] = field(default_factory=dict)
    note: str | None = None

    def changes_of(self, kind: str, item_id: str) -> list[tuple[str, Change]]:
        """(version, change) of one rule item, newest version first."""
        out = []
        for tagged in reversed(self.tagged):
            found = self.diffs.get(tagged.version)
            for change in found.changes if found else []:
                if change.kind == kind and change.id == item_id:
                    out.append((tagged.version, change))
        return out


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=GIT_TIMEOUT,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None


def list_tags(repo: Path) -> dict[str, str] | None:
    """tag -> commit of every tag of the repository (an annotated tag's commit, not the tag object)."""
    done = _git(["for-each-ref", "--format=%(refname:strip=2)%09%(objectname)%09%(*objectname)", "refs/tags"], repo)
    if done is None or done.returncode != 0:
        return None
    out = {}
    for line in done.stdout.splitlines():
        name, obj, peeled = (line.split("\t") + ["", ""])[:3]
        out[name] = peeled or obj
    return out


def tagged_versions(tags: dict[str, str], rule: str) -> list[Tagged]:
    rx = tag_regex(rule)
    found = [Tagged(m.group("version"), tag, commit) for tag, commit in tags.items() if (m := rx.match(tag))]
    return sorted(found, key=lambda t: version_key(t.version))


# (repository, rules path inside it, game, commit before, commit after) -> the diff: kept for the process
_DIFFS: dict[tuple[str, str, str, str, str], GameDiff] = {}
_LOCK = threading.Lock()


class History:
    """The versions of every game in one rules folder, for one build: tags listed once, each tagged
    revision loaded once, each diff computed once (and kept across builds, by its commits)."""

    def __init__(self, rules: Path):
        self.rules = rules.resolve()
        self._games: dict[str, GameHistory] = {}
        self._books: dict[str, tuple] = {}  # commit -> (rule book, its docs folder)
        self._folders: list[tempfile.TemporaryDirectory] = []
        self._repo: Path | None = None
        self._tags: dict[str, str] | None = None
        self._read = False
        self._why: str | None = None
        self.notes: list[str] = []  # one line per game without a generated diff, for the build's log

    def _repository(self) -> tuple[Path | None, dict[str, str] | None]:
        if not self._read:
            self._read = True
            try:
                self._repo = repository_root(self.rules)
                self._tags = list_tags(self._repo)
            except VersionError:
                self._why = "the rules folder is not in a git repository (or git is not installed)"
            if self._repo is not None and self._tags is None:
                self._why = "git could not list the tags"
        return self._repo, self._tags

    def of(self, game: Game) -> GameHistory:
        found = self._games.get(game.id)
        if found is None:
            found = self._games[game.id] = self._compute(game)
            if found.note:
                self.notes.append(f"{game.id}: {found.note}; the Changes page shows the written notes only")
        return found

    def _compute(self, game: Game) -> GameHistory:
        config = getattr(game.info, "versions", None) if game.info else None
        if config is None:
            return GameHistory()
        repo, tags = self._repository()
        if repo is None or tags is None:
            return GameHistory(note=self._why)
        tagged = tagged_versions(tags, config.tags)
        history = GameHistory(tagged)
        if len(tagged) < 2:
            history.note = (f"{len(tagged)} git tag(s) read as '{config.tags}', two are needed to show what "
                            "changed (a shallow clone has no tags: fetch them with 'git fetch --tags')")
            return history
        relative = self.rules.relative_to(repo.resolve()).as_posix()
        for old, new in zip(tagged, tagged[1:]):
            key = (str(repo), relative, game.id, old.commit, new.commit)
            with _LOCK:
                diff = _DIFFS.get(key)
            if diff is None:
                try:
                    diff = self._diff(game.id, old, new)
                except VersionError as exc:
                    history.note = f"version {new.version} could not be compared with {old.version}: {exc}"
                    continue
                with _LOCK:
                    _DIFFS[key] = diff
            history.diffs[new.version] = diff
            history.previous[new.version] = old.version
        return history

    def _diff(self, game_id: str, old: Tagged, new: Tagged) -> GameDiff:
        from .engine import diff_games  # the engine loads pydantic models: only when a diff is needed

        (book_a, docs_a), (book_b, docs_b) = self._book(old), self._book(new)
        a, b = book_a.games.get(game_id), book_b.games.get(game_id)
        if a is None or b is None or a.info is None or b.info is None:
            return GameDiff(game_id, (b or a).title if (b or a) else game_id)
        return diff_games(a, b, read_pages(docs_a, game_id), read_pages(docs_b, game_id))

    def _book(self, tagged: Tagged) -> tuple:
        """The rule book of a tagged revision and its docs folder, read out of git once. The temporary
        folder lives as long as this build's history (removed when it is collected)."""
        cached = self._books.get(tagged.commit)
        if cached is None:
            from .engine import load_version  # as above
            from .versions import Version

            into = tempfile.TemporaryDirectory(prefix="rulecraft-history-")
            self._folders.append(into)
            folder, docs = extract(self._repo, tagged.commit, self.rules, Path(into.name))
            cached = self._books[tagged.commit] = (load_version(Version(tagged.tag, folder, docs)), docs)
        return cached

    def close(self) -> None:
        for folder in self._folders:
            folder.cleanup()
        self._folders.clear()
        self._books.clear()
