"""Each data file's editor hint (``# yaml-language-server: $schema=...``) must point at a schema that exists.

A path into one person's virtualenv, or into a folder that was not committed, silently costs every
collaborator completion and validation in their editor; URLs are not fetched (no network in a check).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..models.index import GameIndex
from ..problems import Location, Problem, warning

SCHEMA_LINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(?P<target>\S+)")


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    for doc in game.documents.values():
        for number, line in enumerate(doc.lines[:5], start=1):
            match = SCHEMA_LINE.match(line)
            if not match:
                continue
            target = match.group("target")
            if re.match(r"^[a-z][a-z0-9+.-]*://", target, re.I):
                break
            if not (Path(doc.file).parent / target).is_file():
                yield warning("schema-missing", f"the $schema line points to '{target}', which does not exist: "
                              "editors lose completion and validation for this file",
                              Location(doc.file, number, line.index("$schema") + 1),
                              "run 'rulecraft schema --out schemas' in the project folder and point the line at "
                              "that folder (rulecraft new and import write it so)", game.id)
            break
