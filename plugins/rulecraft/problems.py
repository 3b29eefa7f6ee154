"""Problems found in rule data: one type for loader, checker, CLI and site build.

Every problem carries a location (file, line, column) so a person can jump to it,
and a short code so tests and CI annotations can tell kinds apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


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

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format(self) -> str:
        text = f"{self.location}: {self.severity.value}[{self.code}]: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def sort_key(self) -> tuple:
        return (self.location.file, self.location.line, self.location.column, self.code, self.message)


def error(code: str, message: str, location: Location, hint: str = "", game: str = "") -> Problem:
    return Problem(Severity.ERROR, code, message, location, hint, game)


def warning(code: str, message: str, location: Location, hint: str = "", game: str = "") -> Problem:
    return Problem(Severity.WARNING, code, message, location, hint, game)


class RulecraftError(Exception):
    """The only exception the package lets escape for bad input.

    It carries every problem found, already located, so callers print them
    instead of a traceback.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(p.format() for p in self.problems))
