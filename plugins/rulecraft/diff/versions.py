"""The two versions a diff compares: git revisions of the repository, or folders.

A revision's rule data is read out of git (``git archive``) into a temporary folder, so the user's working
tree and index are never touched; a folder (or the working tree) is read where it is. What cannot be
read — no git, a revision missing from a shallow clone, no rule data in that revision — is a
``VersionError`` whose message says what to do.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

WORKING_TREE = "the working tree"
GIT_TIMEOUT = 120  # seconds: a large history on a slow disk, never a hung CI job


class VersionError(Exception):
    """A version that cannot be read; the message is for the user, whole."""


@dataclass(frozen=True)
class Version:
    """A version read from ``folder`` (the rule data, rules_data/ or one game), named ``name`` for people;
    ``docs`` holds its prose pages (docs/ beside rules_data/), None where it has none."""

    name: str
    folder: Path
    docs: Path | None = None


def docs_beside(rules: Path) -> Path | None:
    """docs/ next to rules_data/ (or next to the folder holding one game's folder), as the checker finds it."""
    for base in (rules.parent, rules.parent.parent):
        if (base / "docs").is_dir():
            return base / "docs"
    return None


def _git(args: list[str], cwd: Path, binary: bool = False) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=not binary, timeout=GIT_TIMEOUT,
                              check=False)
    except FileNotFoundError as exc:
        raise VersionError("git is not installed: compare two folders instead (rulecraft diff OLD NEW)") from exc
    except subprocess.TimeoutExpired as exc:
        raise VersionError(f"git {' '.join(args)} took longer than {GIT_TIMEOUT} s") from exc


def _err(result: subprocess.CompletedProcess) -> str:
    text = result.stderr.decode(errors="replace") if isinstance(result.stderr, bytes) else result.stderr
    return text.strip().splitlines()[-1] if text.strip() else f"exit status {result.returncode}"


def repository_root(where: Path) -> Path:
    """The top of the git repository holding ``where`` (a folder, or the folder of a missing path)."""
    start = where if where.is_dir() else next((p for p in where.parents if p.is_dir()), Path.cwd())
    result = _git(["rev-parse", "--show-toplevel"], start)
    if result.returncode != 0:
        raise VersionError(f"'{start}' is not inside a git repository, so revisions cannot be read: "
                           "compare two folders instead (rulecraft diff OLD-FOLDER NEW-FOLDER)")
    return Path(result.stdout.strip())


def is_shallow(repo: Path) -> bool:
    result = _git(["rev-parse", "--is-shallow-repository"], repo)
    return result.returncode == 0 and result.stdout.strip() == "true"


SHALLOW_HINT = ("this clone is shallow (it holds only the newest commits): fetch the whole history with "
                "'git fetch --unshallow --tags', or in GitHub Actions check out with 'fetch-depth: 0'")


def commit_of(repo: Path, revision: str) -> str:
    """The commit a revision names, or a VersionError saying why there is none."""
    if revision.startswith("-"):
        raise VersionError(f"'{revision}' is not a revision (a revision does not start with '-')")
    result = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"], repo)
    if result.returncode == 0:
        return result.stdout.strip()
    if is_shallow(repo):
        raise VersionError(f"revision '{revision}' is not in this clone: {SHALLOW_HINT}")
    raise VersionError(f"revision '{revision}' does not exist in {repo} (nor is it a folder): name a tag, a "
                       "branch or a commit (git tag, git log --oneline)")


def default_base(repo: Path) -> str:
    """The version a diff compares against by default: the newest tag reachable from HEAD, else HEAD~1."""
    tag = _git(["describe", "--tags", "--abbrev=0", "HEAD"], repo)
    if tag.returncode == 0 and tag.stdout.strip():
        return tag.stdout.strip()
    parent = _git(["rev-parse", "--verify", "--quiet", "HEAD~1^{commit}"], repo)
    if parent.returncode == 0:
        return "HEAD~1"
    if is_shallow(repo):
        raise VersionError(f"no tag and no earlier commit to compare with: {SHALLOW_HINT}")
    raise VersionError("no tag and no earlier commit to compare with (the repository has one commit): name the "
                       "two versions (rulecraft diff OLD NEW)")


def _has_path(repo: Path, commit: str, relative: str) -> bool:
    return _git(["cat-file", "-e", f"{commit}:{relative}"], repo).returncode == 0


def extract(repo: Path, revision: str, rules: Path, into: Path) -> tuple[Path, Path | None]:
    """Write the rule data of ``revision`` (the path ``rules`` inside the repository), and its docs/ beside
    it if it has one, under ``into``; return the folders that hold them there."""
    commit = commit_of(repo, revision)
    relative = rules.resolve().relative_to(repo.resolve()).as_posix()
    if relative == ".":
        relative = ""
    docs = (Path(relative).parent / "docs").as_posix() if relative else "docs"
    docs = docs[2:] if docs.startswith("./") else docs
    paths = [relative or "."] + ([docs] if _has_path(repo, commit, docs) else [])
    archive = _git(["archive", "--format=tar", commit, "--", *paths], repo, binary=True)
    if archive.returncode != 0:
        raise VersionError(f"revision '{revision}' has no '{relative}' ({_err(archive)}): is the rule data "
                           "somewhere else in that revision? (--rules PATH)")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")  # no absolute paths, no links leading out
    return (into / relative if relative else into), (into / docs if len(paths) > 1 else None)


def is_folder_version(text: str) -> bool:
    return Path(text).is_dir()


class Versions:
    """Resolves the two versions of a diff; temporary folders live until ``close``."""

    def __init__(self, rules: Path):
        self.rules = rules
        self._stack = ExitStack()

    def __enter__(self) -> Versions:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._stack.close()

    def _repo(self) -> Path:
        return repository_root(self.rules.resolve())

    def resolve(self, text: str | None, default: str | None = None) -> Version:
        """A folder, a revision, or (None) ``default``: a revision, or None for the working tree."""
        if text is not None and is_folder_version(text):
            return Version(text, Path(text), docs_beside(Path(text).resolve()))
        revision = text if text is not None else default
        if revision is None:
            if not self.rules.is_dir():
                raise VersionError(f"'{self.rules}' is not a folder: point at the rule data with --rules PATH")
            return Version(WORKING_TREE, self.rules, docs_beside(self.rules.resolve()))
        repo = self._repo()
        rules = self.rules.resolve() if self.rules.exists() else (Path.cwd() / self.rules).resolve()
        try:
            rules.relative_to(repo.resolve())
        except ValueError as exc:
            raise VersionError(f"'{self.rules}' is not inside the repository {repo}") from exc
        into = Path(self._stack.enter_context(tempfile.TemporaryDirectory(prefix="rulecraft-diff-")))
        folder, docs = extract(repo, revision, rules, into)
        return Version(revision, folder, docs)

    def base(self) -> str:
        return default_base(self._repo())
