"""Checker output formats: text (people), json (tools), github (CI annotations).

Every format lists errors, warnings and recorded gaps (gaps as notices in CI) and counts the accepted
warnings; json also lists those, each with its reason."""

from __future__ import annotations

import json

from ..checks import CheckResult
from ..checks.accept import Accepted
from ..problems import Problem, Severity


def as_text(result: CheckResult, *, summary: bool = True) -> str:
    lines = [p.format() for p in result.problems]
    if summary:
        if lines:
            lines.append("")
        for s in result.summaries:
            lines.append(s.line())
        lines.append(totals(result))
    return "\n".join(lines)


def totals(result: CheckResult) -> str:
    return (f"{len(result.errors)} error(s), {len(result.warnings)} warning(s), {len(result.gaps)} recorded gap(s), "
            f"{len(result.accepted)} accepted warning(s) in {len(result.book.games)} game(s)")


def _problem_dict(p: Problem) -> dict:
    return {"severity": p.severity.value, "code": p.code, "message": p.message, "hint": p.hint, "game": p.game,
            "file": p.location.file, "line": p.location.line, "column": p.location.column, "subject": p.subject}


def _accepted_dict(a: Accepted) -> dict:
    where = a.where
    return {**_problem_dict(a.problem), "reason": a.reason,
            "accepted_at": {"file": where.file, "line": where.line, "column": where.column}}


def as_json(result: CheckResult) -> str:
    return json.dumps({
        "problems": [_problem_dict(p) for p in result.problems],
        "summaries": [vars(s) for s in result.summaries],
        "accepted": [_accepted_dict(a) for a in result.accepted],
        "errors": len(result.errors),
        "warnings": len(result.warnings),
        "gaps": len(result.gaps),
    }, indent=2, ensure_ascii=False)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(result: CheckResult) -> str:
    """Workflow commands: ::error file=F,line=L,col=C,title=T::message (a recorded gap: ::notice)"""
    lines = []
    for p in result.problems:
        props = [f"file={_escape_property(p.location.file)}"]
        if p.location.line:
            props.append(f"line={p.location.line}")
        if p.location.column:
            props.append(f"col={p.location.column}")
        props.append(f"title={_escape_property('rulecraft ' + p.code)}")
        message = p.message + (f" (hint: {p.hint})" if p.hint else "")
        command = "notice" if p.severity is Severity.GAP else p.severity.value
        lines.append(f"::{command} {','.join(props)}::{_escape_data(message)}")
    for s in result.summaries:
        lines.append(f"::notice title=rulecraft {s.game}::{_escape_data(s.line())}")
    return "\n".join(lines)


FORMATS = {"text": as_text, "json": as_json, "github": as_github}
