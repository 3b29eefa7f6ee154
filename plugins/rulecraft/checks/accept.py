"""Accepted warnings: a designer's "yes, and this is why" for one warning, by its code and its subject.

A warning is matched by its code and by what it is about, never by its line (lines move):

* in the data, by the object's ``kind:id`` (``Problem.subject``; declared in models/accepts.py: an ``accept:``
  field on the object, or game.yaml's ``check: accept:`` list);
* in a prose page, by an HTML comment on the finding's line, or alone on the line above it:
  ``<!-- rulecraft: accept CODE "reason" -->``. The comment moves with the text it is about.

An accepted warning leaves the problems (it no longer counts, nor fails ``--strict``) and is kept in
``CheckResult.accepted`` with its reason. Errors and recorded gaps cannot be accepted (``accept-refused``); an
accept that matches nothing is itself a warning (``accept-stale``), at the line where it is written.

For a check: give each warning the ``subject`` of what it is about (``subject_of(obj)``), or locate it on the
line of the page it is about; then it can be accepted, with nothing more to do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..models.accepts import DeclaredAccept, declared_accepts, subject_of
from ..models.index import GameIndex
from ..problems import Location, Problem, error, excerpt, warning

__all__ = ["Accepted", "Accepts", "Outcome", "in_prose", "subject_of"]

# `<!-- rulecraft: accept unused-term "reason" -->`; anything else after `<!-- rulecraft:` is a mistake.
_COMMENT_RE = re.compile(r"<!--\s*rulecraft\s*:(.*?)-->")
_ACCEPT_RE = re.compile(r'^\s*accept\s+([a-z][a-z0-9-]*)\s+"([^"]*\S[^"]*)"\s*$')
COMMENT_FORM = '<!-- rulecraft: accept CODE "reason" -->'


@dataclass(frozen=True)
class Accepted:
    """A warning no longer counted, and why."""

    problem: Problem
    reason: str
    where: Location  # where the accept is written


@dataclass
class Outcome:
    kept: list[Problem] = field(default_factory=list)  # what still counts, refusals included
    accepted: list[Accepted] = field(default_factory=list)


@dataclass(frozen=True)
class _PageAccept:
    code: str
    reason: str
    where: Location  # the comment
    file: str
    line: int  # the line the accepted finding is on


def in_prose(file: str, text: str, game_id: str = "") -> tuple[list[_PageAccept], list[Problem]]:
    """The accept comments of a page, and an error for each ``<!-- rulecraft: ... -->`` that is not one."""
    accepts: list[_PageAccept] = []
    problems: list[Problem] = []
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        for match in _COMMENT_RE.finditer(line):
            where = Location(file, number, match.start() + 1)
            parsed = _ACCEPT_RE.match(match.group(1))
            if parsed is None:
                problems.append(error("accept-syntax", f"'{excerpt(match.group(0), 60)}' is not an accept comment",
                                      where, f"write {COMMENT_FORM}, on the finding's line or alone on the line "
                                      "above it", game_id))
                continue
            alone = not _COMMENT_RE.sub("", line).strip()
            target = _next_text_line(lines, number) if alone else number
            accepts.append(_PageAccept(parsed.group(1), " ".join(parsed.group(2).split()), where, file, target))
    return accepts, problems


def _next_text_line(lines: list[str], number: int) -> int:
    """The 1-based number of the first non-blank line after line ``number`` (itself if there is none)."""
    for later in range(number, len(lines)):
        if lines[later].strip():
            return later + 1
    return number


class Accepts:
    """Every accept of a rule book, applied game by game; what matched nothing is reported at the end.

    ``apply`` once per game with that game's problems; then ``stale()`` (an accept in a shared glossary is
    seen by each game using it: it is stale only when it matched in none)."""

    def __init__(self) -> None:
        self._declared: dict[Location, tuple[DeclaredAccept | _PageAccept, str]] = {}  # by where, with its game
        self._used: set[Location] = set()

    def apply(self, index: GameIndex, pages: Iterable[_PageAccept], problems: list[Problem]) -> Outcome:
        game_id = index.game.id
        mine = [*declared_accepts(index), *pages]
        for accept in mine:
            self._declared.setdefault(accept.where, (accept, game_id))
        by_code: dict[str, list[DeclaredAccept | _PageAccept]] = {}
        for accept in mine:
            by_code.setdefault(accept.code, []).append(accept)
        outcome = Outcome()
        refused: dict[Location, Problem] = {}
        for problem in problems:
            accept = next((a for a in by_code.get(problem.code, ()) if _matches(a, problem)), None)
            if accept is None:
                outcome.kept.append(problem)
                continue
            self._used.add(accept.where)
            if problem.is_warning:
                outcome.accepted.append(Accepted(problem, accept.reason, accept.where))
                continue
            outcome.kept.append(problem)
            refused.setdefault(accept.where, _refusal(accept, problem, game_id))
        # Most errors name no subject: an accept matching nothing, of a code this game has as an error or a
        # gap, is refused all the same (not merely stale: it is asking for what cannot be).
        unforgivable = {p.code: p for p in problems if not p.is_warning}
        for accept in mine:
            if accept.where not in self._used and accept.code in unforgivable:
                self._used.add(accept.where)
                refused.setdefault(accept.where, _refusal(accept, unforgivable[accept.code], game_id))
        outcome.kept.extend(refused.values())
        return outcome

    def stale(self) -> list[Problem]:
        return [_stale(accept, game_id) for where, (accept, game_id) in self._declared.items()
                if where not in self._used]


def _matches(accept: DeclaredAccept | _PageAccept, problem: Problem) -> bool:
    """Whether ``accept`` (of the problem's code) is about this problem."""
    if isinstance(accept, _PageAccept):
        return problem.location.line == accept.line and problem.location.file == accept.file
    return bool(accept.subject) and problem.subject == accept.subject


def _about(accept: DeclaredAccept | _PageAccept) -> str:
    if isinstance(accept, _PageAccept):
        return f"line {accept.line} of {accept.file}"
    return accept.subject or "this item"


def _refusal(accept, problem: Problem, game_id: str) -> Problem:
    what = "an error: fix it" if problem.is_error else \
        "a recorded gap (a todo, an open question): it stays listed until the rules settle it"
    return error("accept-refused", f"cannot accept [{accept.code}] on {_about(accept)}: it is {what}",
                 accept.where, "remove this accept; only warnings can be accepted", game_id)


def _stale(accept, game_id: str) -> Problem:
    return warning("accept-stale", f"accept of [{accept.code}] on {_about(accept)} matches no warning",
                   accept.where, "remove it: the warning it accepted is gone (or check the code and what it is "
                   "about)", game_id)
