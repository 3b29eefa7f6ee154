"""Every finding of the drift checks on dice, phases and terms (issue 40), per detector, with counts.

    PYTHONPATH=plugins python benchmarks/drift_refs_findings.py [rules_data] [--seeds ../shared/seeds]

Runs on the five games' published texts (each docs page and every text field of the data) and on their
source documents (each read as one page of its game, so the game's phases, tables and terms are known). The
verdicts (real / false) of the last review are in benchmarks/README.md; this script only lists.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from rulecraft.checks import read_prose
from rulecraft.checks.drift import dice_prose, phase_refs, undefined_terms
from rulecraft.checks.drift.texts import published_texts
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index

# The seeds' README names the game each source document is of.
SEED_GAMES = {"000": "john-company", "001": "straits", "002": "corporate-warfare", "003": "asean-2090",
              "004": "1800"}


def findings(index, pages: dict[str, str]):
    texts = list(published_texts(index, pages))
    names = undefined_terms.known_names(index)
    yield from dice_prose.check(index, texts)
    yield from phase_refs.check(index, texts, names)
    yield from undefined_terms.check(index, texts, names)


def seed_pages(seeds: Path, game_id: str) -> dict[str, str]:
    return {str(p): p.read_text(encoding="utf-8") for p in sorted(seeds.glob("*.txt"))
            if SEED_GAMES.get(p.name[:3]) == game_id}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules_data", nargs="?", default="rules_data")
    parser.add_argument("--docs", help="the games' pages (default: docs/ beside the data)")
    repo = Path(__file__).resolve().parents[1]
    seeds_at = next((p for p in (repo.parent / "shared" / "seeds", repo.parent.parent / "shared" / "seeds")
                     if p.is_dir()), repo.parent / "shared" / "seeds")
    parser.add_argument("--seeds", default=str(seeds_at))
    args = parser.parse_args(argv)
    root = Path(args.rules_data)
    docs = Path(args.docs) if args.docs else root.resolve().parent / "docs"
    seeds = Path(args.seeds)
    book = load_rulebook(root)
    counts: Counter[tuple[str, str]] = Counter()
    for game in book.games.values():
        index = build_index(game)
        runs = {"published": read_prose(docs, game.id)}
        if seeds.is_dir():
            runs["source"] = seed_pages(seeds, game.id)
        for where, pages in runs.items():
            if where == "source":
                # the source alone: its one page, no data text (the data is the port, not the source)
                problems = [p for p in findings(index, pages) if p.location.file in pages]
            else:
                problems = list(findings(index, pages))
            for p in sorted(problems, key=lambda p: (p.code, p.sort_key())):
                counts[(where, p.code)] += 1
                print(f"[{where}] {game.id} {p.format()}")
    print("\ncounts:")
    for (where, code), n in sorted(counts.items()):
        print(f"  {where:<9} {code:<18} {n}")
    if not seeds.is_dir():
        print(f"(no source documents at {seeds}: skipped)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
