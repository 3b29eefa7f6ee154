"""The diff as Markdown for a pull-request comment: a heading per game, one list item per change, word
diffs as <del>/<ins>, odds as small tables. Every piece of rule text is escaped (no Markdown, HTML or
@mention of the data's own is acted on), and a long report stops before GitHub's comment limit."""

from __future__ import annotations

import html
import re

from .result import ADDED, REMOVED, RENUMBERED, Change, Detail, DiffResult
from .shown import change_verb, chance, count_words, headline, value_text
from .words import trimmed

MAX_CHARS = 60_000  # a GitHub comment holds 65,536 characters
_MD_SPECIAL_RE = re.compile(r"([\\`*_\[\]|~])")  # the marks that act inside a line
TITLE = "Rules changes"


def esc(value) -> str:
    """Data text as literal Markdown: HTML escaped, Markdown marks backslashed, '@' kept from mentioning,
    newlines as spaces (one list item stays one)."""
    text = html.escape(value_text(value), quote=False)
    text = _MD_SPECIAL_RE.sub(r"\\\1", text).replace("@", "&#64;")
    return " ".join(text.split("\n")).replace("\r", "")


_CODE_ID_RE = re.compile(r"`([a-z0-9][a-z0-9_.:-]*)`")


def label_text(label: str) -> str:
    """A change's label: its words escaped, an id it names (`upkeep-per-item`) as code."""
    parts = _CODE_ID_RE.split(label)
    return "".join(f"`{part}`" if i % 2 else esc(part) for i, part in enumerate(parts))


def _words(detail: Detail) -> str:
    out = []
    for run in trimmed(detail.words):
        text = esc(run.text)
        out.append(text if run.op == "=" else f"<del>{text}</del>" if run.op == "-" else f"<ins>{text}</ins>")
    return "".join(out)


def _detail_lines(detail: Detail) -> list[str]:
    where = f"{esc(detail.where)}: " if detail.path else ""
    lines: list[str] = []
    if detail.words is not None:
        lines.append(f"  - {where}{_words(detail)}")
    elif detail.action == ADDED and detail.after is not None:
        lines.append(f"  - {where}<ins>{esc(detail.after)}</ins>")
    elif detail.action == REMOVED and detail.before is not None:
        lines.append(f"  - {where}<del>{esc(detail.before)}</del>")
    elif detail.before is not None or detail.after is not None:
        lines.append(f"  - {where}{esc(detail.before)} → **{esc(detail.after)}**")
    if detail.note:
        lines.append(f"  - {where}_{esc(detail.note)}_" if not lines else f"    _{esc(detail.note)}_")
    elif not lines and (detail.odds or detail.places):
        lines.append(f"  - {where.rstrip(': ')}")
    if detail.odds:
        lines += ["", "    | Outcome | Before | After |", "    |---|---|---|"]
        lines += [f"    | {esc(o.label)} | {chance(o.before)} | **{chance(o.after)}** |" for o in detail.odds]
        lines.append("")
    for place in detail.places or []:
        lines.append(f"    - {esc(place.label)} ({esc(place.field)})")
    return lines


def change_lines(change: Change) -> list[str]:
    lines = [f"- **{label_text(change.label)}** — {esc(change_verb(change))}"]
    for detail in change.details:
        if change.action == RENUMBERED and detail.action == RENUMBERED and not detail.places:
            continue
        lines.extend(_detail_lines(detail))
    return lines


def as_markdown(result: DiffResult, limit: int = MAX_CHARS) -> str:
    lines = [f"## {TITLE}: {esc(headline(result))}", ""]
    if not result.changed:
        return "\n".join(lines + ["No rule changed."])
    size = sum(len(line) + 1 for line in lines)
    left = sum(len(g.changes) for g in result.games)
    for game in result.games:
        if game.action in (ADDED, REMOVED):
            block = [f"### {esc(game.title)} (`{game.game}`)", "", f"The whole game was {game.action}.", ""]
        else:
            block = [f"### {esc(game.title)} (`{game.game}`): {count_words(len(game.changes), 'change')}", ""]
        lines += block
        size += sum(len(line) + 1 for line in block)
        for change in game.changes:
            item = change_lines(change)
            cost = sum(len(line) + 1 for line in item)
            if size + cost > limit:
                lines += ["", f"… and {count_words(left, 'more change')}, left out to fit a comment: run "
                          "`rulecraft diff` for the whole list."]
                return "\n".join(lines)
            lines += item
            size += cost
            left -= 1
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
