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


def _confirm(game, entry, now: str) -> str | None:
    """Writes ``fingerprint: now`` into the entry; an error message if the file cannot take it."""
    doc = game.documents["faq"]
    path = game.folder / "faq.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if entry.fingerprint is not None:
        number = doc.where(entry.source_path + ("fingerprint",)).line
        match = _FINGERPRINT_LINE.match(lines[number - 1].rstrip("\r\n"))
        if match is None:
            return f"{doc.file}:{number}: write 'fingerprint: {now}' on a line of its own to confirm it here"
        ending = lines[number - 1][len(lines[number - 1].rstrip("\r\n")):]
        lines[number - 1] = f'{match.group(1)}"{now}"{match.group(3)}{ending}'
    else:
        where = doc.where(entry.source_path + ("id",), key=True)
        line = lines[where.line - 1]
        if "{" in line[:where.column - 1]:
            return f"{doc.file}:{where.line}: the entry is written in one line: add fingerprint: \"{now}\" to it"
        ending = line[len(line.rstrip("\r\n")):] or "\n"
        lines.insert(where.line, " " * (where.column - 1) + f'fingerprint: "{now}"{ending}')
    write_atomic(path, "".join(lines).encode("utf-8"))
    return None


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
        for entry in game.faq_entries:
            now = entry_fingerprint(index, entry)
            if entry.id in wanted:
                found.add(entry.id)
                if now is None:
                    print(f"{game.id}:{entry.id}: a rule it answers is gone ({', '.join(entry.about)}): point it "
                          "at the rule that replaced it first", file=sys.stderr)
                    code = 1
                    continue
                problem = _confirm(game, entry, now)
                if problem:
                    print(printable(problem), file=sys.stderr)
                    code = 1
                else:
                    print(f"{game.id}:{entry.id}: fingerprint {now} recorded")
            elif not wanted:
                print(printable(f"{game.id}:{entry.id}  {entry.kind:<13} {_status(entry, now):<14} "
                                f"{', '.join(entry.about)}", one_line=True))
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
