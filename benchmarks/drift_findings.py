#!/usr/bin/env python3
"""Every finding of the number drift checks, per detector, on the five games and on their source documents.

* games: the published texts of each game of ``rules_data/`` (its pages and every text field of its data),
  as ``rulecraft check`` reads them; findings a game accepts are listed too, marked "accepted";
* sources: each source document of ``/work/shared/seeds/`` (or ``--seeds DIR``) as one page, read with its
  game's glossary (so aliases count) but no constants: a source holds no ``{const:...}``, so only counts that
  disagree and repeated numbers are looked for there.

Prints each finding with its place, then the count per detector. Not a test: the verdicts are a person's.

    .venv/bin/python benchmarks/drift_findings.py [--seeds DIR] [rules_data]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from rulecraft.checks import check_book, read_prose
from rulecraft.checks.drift import check_numbers, constants, counts
from rulecraft.checks.drift.constants import CONSTANT_CODE, REPEATED_CODE
from rulecraft.checks.drift.counts import CODE as COUNT_CODE
from rulecraft.checks.drift.numbers import NounIndex
from rulecraft.checks.drift.phrased import phrased
from rulecraft.checks.drift.texts import Text
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index

CODES = (COUNT_CODE, CONSTANT_CODE, REPEATED_CODE)
_SEED_ID_RE = re.compile(r"^\|\s*(\S+\.txt)\s*\|[^|]*\(`([a-z0-9-]+)`")


def seed_games(seeds: Path) -> dict[Path, str]:
    """Each source document and the id of its game, from the folder's README table."""
    readme = seeds / "README.md"
    found = {}
    if readme.is_file():
        for line in readme.read_text(encoding="utf-8").splitlines():
            match = _SEED_ID_RE.match(line)
            if match and (seeds / match.group(1)).is_file():
                found[seeds / match.group(1)] = match.group(2)
    return found


def source_findings(path: Path, index) -> list:
    text = Text(path.read_text(encoding="utf-8", errors="replace"), str(path))
    nouns = NounIndex.of_game(index)
    found = phrased([text], nouns)
    return [*counts.check(found, index.game.id), *constants.check(found, nouns, {}, index.game.id)]


def report(title: str, problems: list, accepted: list) -> Counter:
    tally: Counter = Counter()
    print(f"== {title}")
    for code in CODES:
        mine = [p for p in problems if p.code == code]
        theirs = [a for a in accepted if a.problem.code == code]
        tally[code] += len(mine) + len(theirs)
        print(f"-- {code}: {len(mine) + len(theirs)}")
        for problem in mine:
            print(f"   {problem.location}: {problem.message}")
        for item in theirs:
            print(f"   {item.problem.location}: {item.problem.message}\n      accepted: {item.reason}")
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default="rules_data")
    parser.add_argument("--seeds", default="/work/shared/seeds")
    args = parser.parse_args()
    root = Path(args.path)
    book = load_rulebook(root)
    docs = root.parent / "docs"
    result = check_book(book, docs, summaries=False)
    games: Counter = Counter()
    for game in book.games.values():
        mine = [p for p in result.problems if p.game == game.id and p.code in CODES]
        accepted = [a for a in result.accepted if a.problem.game == game.id and a.problem.code in CODES]
        games += report(f"game {game.id}", mine, accepted)
        # The same figures straight from the detectors, as a cross-check of the accepted ones.
        assert len(check_numbers(build_index(game), read_prose(docs, game.id))) == len(mine) + len(accepted)
    sources: Counter = Counter()
    seeds = Path(args.seeds)
    for path, game_id in seed_games(seeds).items():
        if game_id in book.games:
            index = build_index(book.games[game_id])
            sources += report(f"source {path.name} ({game_id})", source_findings(path, index), [])
    print("== totals")
    for code in CODES:
        print(f"{code}: games {games[code]}, sources {sources[code]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
