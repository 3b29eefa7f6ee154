"""The diff for a terminal: one line per change, its details indented under it; colour only when asked
(the CLI asks when its output is a terminal). Data text is made printable first: a rule text holding an
escape sequence is shown, never acted on."""

from __future__ import annotations

from ..problems import printable
from .result import ADDED, MOVED, REMOVED, RENUMBERED, Change, Detail, DiffResult
from .shown import change_verb, chance, count_words, headline, value_text
from .words import trimmed

STYLES = {"-": "31", "+": "32", "~": "33", "title": "1", "dim": "2"}
MARKS = {ADDED: "+", REMOVED: "-", MOVED: ">", RENUMBERED: "#"}


class Painter:
    def __init__(self, colour: bool):
        self.colour = colour

    def __call__(self, text: str, style: str) -> str:
        return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if self.colour and text else text


def _safe(text) -> str:
    return printable(value_text(text), one_line=True)


def _words(detail: Detail, paint: Painter, indent: str) -> str:
    out = []
    for run in trimmed(detail.words):
        text = printable(run.text).replace("\n", "\n" + indent)
        if run.op == "=":
            out.append(text)
        elif paint.colour:
            out.append(paint(text, run.op))
        else:
            out.append(f"[-{text}-]" if run.op == "-" else f"{{+{text}+}}")
    return "".join(out)


def _detail_lines(detail: Detail, paint: Painter) -> list[str]:
    where = _safe(detail.where) if detail.path else ""
    head = f"      {where}: " if where else "      "
    lines: list[str] = []
    if detail.words is not None:
        lines.append(head + _words(detail, paint, " " * 8))
    elif detail.action == ADDED and detail.after is not None:
        lines.append(head + paint("+ " + _safe(detail.after), "+"))
    elif detail.action == REMOVED and detail.before is not None:
        lines.append(head + paint("- " + _safe(detail.before), "-"))
    elif detail.before is not None or detail.after is not None:
        lines.append(head + f"{paint(_safe(detail.before), '-')} → {paint(_safe(detail.after), '+')}")
    if detail.note:
        lines.append((head if len(lines) == 0 else "        ") + paint(_safe(detail.note), "dim"))
    elif not lines and where and detail.odds:
        lines.append(head.rstrip())
    for odds in detail.odds or []:
        before, after = paint(chance(odds.before), "-"), paint(chance(odds.after), "+")
        lines.append(f"        {_safe(odds.label)}: {before} → {after}")
    for place in detail.places or []:
        lines.append(f"        in {_safe(place.label)} ({_safe(place.field)})")
    return lines


def change_lines(change: Change, paint: Painter) -> list[str]:
    mark = MARKS.get(change.action, "~")
    style = {"+": "+", "-": "-"}.get(mark, "~")
    lines = [f"  {paint(mark, style)} {_safe(change.label)}: {change_verb(change)}"]
    for detail in change.details:
        if change.action == RENUMBERED and detail.action == RENUMBERED and not detail.places:
            continue  # the headline says it
        lines.extend(_detail_lines(detail, paint))
    return lines


def as_text(result: DiffResult, colour: bool = False) -> str:
    paint = Painter(colour)
    if not result.changed:
        return f"No rule changed: {_safe(headline(result))}."
    lines = [paint(f"Rules changed: {_safe(headline(result))}", "title")]
    for game in result.games:
        if game.action in (ADDED, REMOVED):
            lines.append(f"{paint(_safe(game.title), 'title')} ({_safe(game.game)}): the whole game {game.action}")
            continue
        lines.append(f"{paint(_safe(game.title), 'title')} ({_safe(game.game)}): "
                     f"{count_words(len(game.changes), 'change')}")
        for change in game.changes:
            lines.extend(change_lines(change, paint))
    return "\n".join(lines)
