"""What fails a check: errors always; warnings under ``--strict``; recorded gaps only when the designer asks.

A gap (a todo, an open question: Severity.GAP) is what the source rules leave open, written down instead of
guessed: an honest port has some, so by default they are listed and counted but never fail, not even
``--strict``. A game's ``check: gaps:`` in game.yaml makes its gaps warnings (they fail ``--strict``) or
errors (they fail every check and build); ``rulecraft check --strict-gaps`` and the plugin's
``strict_gaps: true`` make every game's gaps warnings.
"""

from __future__ import annotations

import dataclasses

from ..problems import Problem, Severity

GAP_LEVELS = {"notice": Severity.GAP, "warning": Severity.WARNING, "error": Severity.ERROR}


def gaps_as(problems: list[Problem], level: str) -> list[Problem]:
    """The problems with every gap counted at ``level`` (a value of ``check: gaps:``)."""
    severity = GAP_LEVELS[level]
    if severity is Severity.GAP:
        return problems
    return [dataclasses.replace(p, severity=severity) if p.is_gap else p for p in problems]


def fails(problems: list[Problem], strict: bool) -> bool:
    return any(p.is_error or (strict and p.is_warning) for p in problems)
