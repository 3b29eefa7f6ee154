"""`rulecraft faq`: each errata and FAQ entry with whether the rules it answers still read as when it was
written; `--confirm ID` records the fingerprint of their text now, once someone has re-read them and the
answer still holds (the line `fingerprint:` of faq.yaml is rewritten in place, the rest of the file kept)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..atomicfile import write_atomic
from ..loader import load_rulebook
from ..models.index import build_index
from ..models.rule_targets import entry_fingerprint
from ..problems import printable

_FINGERPRINT_LINE = re.compile(r"^(\s*(?:-\s+)?fingerprint:\s*)(\S+)?(.*)$")


def _status(entry, now: str | None) -> str:
    if now is None:
        return "rule gone"
    if entry.fingerprint is None:
        return "no fingerprint"
    return "ok" if entry.fingerprint == now else "changed"


def _edit(game, entry, now: str) -> tuple[int, bool, str] | str:
    """How to record ``fingerprint: now`` in the entry: (line number, replace that line or insert after it,
    the line's text); an error message if the file cannot take it."""
    doc = game.documents["faq"]
    lines = (game.folder / "faq.yaml").read_text(encoding="utf-8").splitlines()
    if entry.fingerprint is not None:
        number = doc.where(entry.source_path + ("fingerprint",)).line
        match = _FINGERPRINT_LINE.match(lines[number - 1].rstrip("\r\n"))
        if match is None:
            return f"{doc.file}:{number}: write 'fingerprint: {now}' on a line of its own to confirm it here"
        return number, True, f'{match.group(1)}"{now}"{match.group(3)}'
    where = doc.where(entry.source_path + ("id",), key=True)
    if "{" in lines[where.line - 1][:where.column - 1]:
        return f"{doc.file}:{where.line}: the entry is written in one line: add fingerprint: \"{now}\" to it"
    return where.line, False, " " * (where.column - 1) + f'fingerprint: "{now}"'


def _write(game, edits: list[tuple[int, bool, str]]) -> None:
    """Applies the edits from the bottom of faq.yaml up, so each line number still holds; line endings kept."""
    path = game.folder / "faq.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for number, replace, text in sorted(edits, reverse=True):
        old = lines[number - 1]
        ending = old[len(old.rstrip("\r\n")):] or "\n"
        if replace:
            lines[number - 1] = text + ending
        else:
            if not old.endswith(("\n", "\r")):
                lines[number - 1] = old + ending
            lines.insert(number, text + ending)
    write_atomic(path, "".join(lines).encode("utf-8"))


def cmd_faq(args: argparse.Namespace) -> int:
    path = Path(args.path)
    if not path.is_dir():
        print(f"rulecraft faq: '{path}' is not a folder (expected rules_data/ or one game's folder)", file=sys.stderr)
        return 2
    book = load_rulebook(path)
    errors = [p for p in book.problems if p.is_error]
    if errors:
        for problem in errors:
            print(problem.format(), file=sys.stderr)
        return 2
    wanted = set(args.confirm or [])
    found: set[str] = set()
    code = 0
    for game in book.games.values():
        index = build_index(game)
        edits: list[tuple[int, bool, str]] = []
        for entry in game.faq_entries:
            now = entry_fingerprint(index, entry)
            if entry.id in wanted:
                found.add(entry.id)
                if now is None:
                    print(f"{game.id}:{entry.id}: a rule it answers is gone ({', '.join(entry.about)}): point it "
                          "at the rule that replaced it first", file=sys.stderr)
                    code = 1
                    continue
                edit = _edit(game, entry, now)
                if isinstance(edit, str):
                    print(printable(edit), file=sys.stderr)
                    code = 1
                else:
                    edits.append(edit)
                    print(f"{game.id}:{entry.id}: fingerprint {now} recorded")
            elif not wanted:
                print(printable(f"{game.id}:{entry.id}  {entry.kind:<13} {_status(entry, now):<14} "
                                f"{', '.join(entry.about)}", one_line=True))
        if edits:
            _write(game, edits)
    for missing in sorted(wanted - found):
        print(f"rulecraft faq: no entry '{missing}'", file=sys.stderr)
        code = 1
    return code


def add_parser(sub) -> None:
    faq = sub.add_parser("faq", help="list errata and FAQ entries, and confirm one still holds",
                         description="Lists each entry of faq.yaml with whether the rules it answers changed "
                                     "since it was written. --confirm ID (after re-reading the rules) records "
                                     "the fingerprint of their text now.")
    faq.add_argument("path", nargs="?", default="rules_data", help="rules_data/ or one game's folder")
    faq.add_argument("--confirm", action="append", metavar="ID", help="an entry whose answer still holds "
                     "(repeat for several)")
    faq.set_defaults(func=cmd_faq)
