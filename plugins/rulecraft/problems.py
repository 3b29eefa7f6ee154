"""Problems found in rule data: one type for loader, checker, CLI and site build.

Every problem carries a location (file, line, column) so a person can jump to it,
and a short code so tests and CI annotations can tell kinds apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

# What a terminal acts on instead of showing: C0 and C1 controls (ESC, CR, backspace...), DEL, and the
# Unicode marks that reorder or hide text (bidi overrides and isolates, zero-width characters). Newline
# and tab are the only controls the CLI's own output uses.
_UNPRINTABLE_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                             "\u2066-\u2069\ufeff]")
_UNPRINTABLE_LINE_RE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                                  "\u2066-\u2069\ufeff]")


def display_path(path: Path) -> str:
    """Paths as people type them: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _escape_char(match: re.Match) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, one_line: bool = False) -> str:
    """Text from data made safe for a terminal: every control character shown as ``\\x1b``, never
    acted on (an ESC sequence could erase an error line and print a fake "0 error(s)").
    ``one_line``: newlines and tabs are escaped too."""
    pattern = _UNPRINTABLE_LINE_RE if one_line else _UNPRINTABLE_RE
    return pattern.sub(_escape_char, text) if pattern.search(text) else text


def excerpt(text: str, limit: int = 20) -> str:
    """A short, printable excerpt of the first line of ``text``: enough to recognise it, too little
    to leak a file's content (a secret) into a log."""
    line = text.lstrip().split("\n", 1)[0]
    short = line[:limit] + ("…" if len(line) > limit or "\n" in text.strip() else "")
    return printable(short, one_line=True)


class Severity(str, Enum):
    """ERROR: wrong data, the site does not build. WARNING: something to look at; ``--strict`` fails on it.
    GAP: what the source rules leave open, recorded as such (a todo, an open question): always listed and
    counted, a failure only when the designer asks (checks/strictness.py)."""

    ERROR = "error"
    WARNING = "warning"
    GAP = "gap"


@dataclass(frozen=True, order=True)
class Location:
    file: str
    line: int = 0  # 1-based; 0 when the whole file is meant
    column: int = 0  # 1-based; 0 when unknown

    def __str__(self) -> str:
        if not self.line:
            return self.file
        if not self.column:
            return f"{self.file}:{self.line}"
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    severity: Severity
    code: str
    message: str
    location: Location
    hint: str = ""
    game: str = ""
    # What the problem is about, as ``kind:id`` (``term:gem``, ``phase:trade``; checks/accept.py): the stable
    # key by which a designer accepts a warning. Empty for a problem about no one object.
    subject: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def is_warning(self) -> bool:
        return self.severity is Severity.WARNING

    @property
    def is_gap(self) -> bool:
        return self.severity is Severity.GAP

    def format(self) -> str:
        """One problem for people; whatever came from data is made printable (see ``printable``)."""
        text = f"{self.location}: {self.severity.value}[{self.code}]: {self.message}"
        text = printable(text, one_line=True)
        if self.hint:
            text += f"\n    hint: {printable(self.hint, one_line=True)}"
        return text

    def sort_key(self) -> tuple:
        return (self.location.file, self.location.line, self.location.column, self.code, self.message)


def error(code: str, message: str, location: Location, hint: str = "", game: str = "", subject: str = "") -> Problem:
    return Problem(Severity.ERROR, code, message, location, hint, game, subject)


def warning(code: str, message: str, location: Location, hint: str = "", game: str = "", subject: str = "") -> Problem:
    return Problem(Severity.WARNING, code, message, location, hint, game, subject)


def gap(code: str, message: str, location: Location, hint: str = "", game: str = "", subject: str = "") -> Problem:
    """A recorded gap of the source rules (a todo, an open question): see Severity."""
    return Problem(Severity.GAP, code, message, location, hint, game, subject)


class RulecraftError(Exception):
    """The only exception the package lets escape for bad input.

    It carries every problem found, already located, so callers print them
    instead of a traceback.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(p.format() for p in self.problems))
