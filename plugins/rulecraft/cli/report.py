"""Checker output formats: text (people), json (tools), github (CI annotations)."""

from __future__ import annotations

import json

from ..checks import CheckResult
from ..problems import Problem


def as_text(result: CheckResult, *, summary: bool = True) -> str:
    lines = [p.format() for p in result.problems]
    if summary:
        if lines:
            lines.append("")
        for s in result.summaries:
            lines.append(s.line())
        lines.append(f"{len(result.errors)} error(s), {len(result.warnings)} warning(s) "
                     f"in {len(result.book.games)} game(s)")
    return "\n".join(lines)


def _problem_dict(p: Problem) -> dict:
    return {"severity": p.severity.value, "code": p.code, "message": p.message, "hint": p.hint, "game": p.game,
            "file": p.location.file, "line": p.location.line, "column": p.location.column}


def as_json(result: CheckResult) -> str:
    return json.dumps({
        "problems": [_problem_dict(p) for p in result.problems],
        "summaries": [vars(s) for s in result.summaries],
        "errors": len(result.errors),
        "warnings": len(result.warnings),
    }, indent=2, ensure_ascii=False)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(result: CheckResult) -> str:
    """Workflow commands: ::error file=F,line=L,col=C,title=T::message"""
    lines = []
    for p in result.problems:
        props = [f"file={_escape_property(p.location.file)}"]
        if p.location.line:
            props.append(f"line={p.location.line}")
        if p.location.column:
            props.append(f"col={p.location.column}")
        props.append(f"title={_escape_property('rulecraft ' + p.code)}")
        message = p.message + (f" (hint: {p.hint})" if p.hint else "")
        lines.append(f"::{p.severity.value} {','.join(props)}::{_escape_data(message)}")
    for s in result.summaries:
        lines.append(f"::notice title=rulecraft {s.game}::{_escape_data(s.line())}")
    return "\n".join(lines)


FORMATS = {"text": as_text, "json": as_json, "github": as_github}
