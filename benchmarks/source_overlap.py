"""Audit: word runs the rule data shares with its source documents (prints figures; not a timed test).

The data must restate its sources in its own words. For each game this script reads the game's source
document and every string value of ``rules_data/<game>/*.yaml`` and reports each run of ``MIN_RUN`` (10)
or more consecutive words that also occurs, in the same order, somewhere in the source.

Rules, so that the figures mean the same thing every time:

- **Words.** Text is lower-cased and split into runs of letters and digits (``[a-z0-9]+``); everything
  else (punctuation, Markdown, ``£``, dashes, apostrophes) separates words. In the source, HTML tags
  (``<...>``) are removed first; HTML comments are kept (they are part of the document).
- **Data text.** Every string value of the YAML files counts (keys and comments do not), each value on
  its own: a run never continues from one value into the next. Inline references are replaced by
  what they stand for: ``{kind:id|words}`` by ``words``, ``{const:id}`` by the constant's value, and
  any other ``{kind:id}`` by its id with ``-`` read as a space (close to the name the site shows).
- **Marked quotations are excluded.** Text between a pair of double quotes, straight (``"…"``) or curly
  (``“…”``), inside one string value is a quotation of the source and is not compared; the words on
  either side of it are compared separately, so a run cannot pass through a quotation. (The YAML
  quotes that only delimit a whole scalar are not part of the value and do not count.) Quotations are
  meant for open questions, where the exact wording is the point; the script lists how many quoted
  runs it skipped so that their number stays visible.

Usage::

    python benchmarks/source_overlap.py [--sources DIR] [--data rules_data] [--min-run 10]

``--sources`` defaults to ``../shared/seeds`` beside the repository; its ``README.md`` maps each source
file to a game id (the first back-quoted id on the file's table row). Exit status: 0 when no run was
found outside quotations, 1 otherwise, 2 when the sources are missing.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCES = ROOT.parent / "shared" / "seeds"
MIN_RUN = 10

WORD = re.compile(r"[a-z0-9]+")
TAG = re.compile(r"<[^>]*>")
REF = re.compile(r"\\?\{([a-z]+):([^{}|]*?)(?:\|([^{}]*))?\}")
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
ROW = re.compile(r"^\|\s*([^|\s]+)\s*\|([^|]*)\|")
GAME_ID = re.compile(r"`([a-z0-9][a-z0-9_-]*)`")


@dataclass(frozen=True)
class Run:
    game: str
    file: str
    path: str  # where in the file: keys and list indexes joined by "."
    words: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.game}/{self.file} {self.path}: {len(self.words)} words: {' '.join(self.words)}"


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def source_map(sources: Path) -> dict[str, Path]:
    """game id -> source document, from the table in the sources' README.md."""
    found: dict[str, Path] = {}
    for line in (sources / "README.md").read_text(encoding="utf-8").splitlines():
        row = ROW.match(line)
        if not row or not (sources / row.group(1)).is_file():
            continue
        game = GAME_ID.search(row.group(2))
        if game:
            found[game.group(1)] = sources / row.group(1)
    return found


def source_ngrams(path: Path, n: int) -> set[tuple[str, ...]]:
    tokens = words(TAG.sub(" ", path.read_text(encoding="utf-8")))
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def strings(value, path: str = ""):
    """Every string value of a parsed YAML document, with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings(item, f"{path}.{index}" if path else str(index))


def constants(game_dir: Path) -> dict[str, str]:
    game_file = game_dir / "game.yaml"
    if not game_file.is_file():
        return {}
    data = yaml.safe_load(game_file.read_text(encoding="utf-8")) or {}
    out = {}
    for key, const in (data.get("constants") or {}).items():
        value = const.get("value") if isinstance(const, dict) else const
        out[str(key)] = str(value)
    return out


def resolve_refs(text: str, consts: dict[str, str]) -> str:
    def one(match: re.Match) -> str:
        kind, target, shown = match.group(1), match.group(2), match.group(3)
        if shown is not None:
            return shown
        if kind == "const":
            return consts.get(target, target)
        return target.rsplit(":", 1)[-1].replace("-", " ")

    return REF.sub(one, text)


def segments(text: str) -> tuple[list[str], list[str]]:
    """(unquoted pieces, quoted pieces) of one string value."""
    quoted = QUOTED.findall(text)
    return QUOTED.split(text), quoted


def shared_runs(tokens: list[str], grams: set[tuple[str, ...]], n: int) -> list[tuple[str, ...]]:
    """Maximal runs of >= n tokens whose every n-gram occurs in the source."""
    hits = [tuple(tokens[i:i + n]) in grams for i in range(len(tokens) - n + 1)]
    runs, i = [], 0
    while i < len(hits):
        if not hits[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(hits) and hits[j + 1]:
            j += 1
        runs.append(tuple(tokens[i:j + n]))
        i = j + 1
    return runs


def audit_game(game: str, source: Path, data_dir: Path, n: int = MIN_RUN) -> tuple[list[Run], list[Run]]:
    """(runs outside quotations, runs inside quotations) of one game."""
    grams = source_ngrams(source, n)
    game_dir = data_dir / game
    consts = constants(game_dir)
    outside: list[Run] = []
    inside: list[Run] = []
    for file in sorted(game_dir.glob("*.yaml")):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        for where, value in strings(data):
            plain, quoted = segments(resolve_refs(value, consts))
            for piece in plain:
                outside += [Run(game, file.name, where, run) for run in shared_runs(words(piece), grams, n)]
            for piece in quoted:
                inside += [Run(game, file.name, where, run) for run in shared_runs(words(piece), grams, n)]
    return outside, inside


def audit(sources: Path, data_dir: Path, n: int = MIN_RUN) -> dict[str, tuple[list[Run], list[Run]]]:
    return {game: audit_game(game, source, data_dir, n)
            for game, source in sorted(source_map(sources).items()) if (data_dir / game).is_dir()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", type=Path, default=DEFAULT_SOURCES)
    parser.add_argument("--data", type=Path, default=ROOT / "rules_data")
    parser.add_argument("--min-run", type=int, default=MIN_RUN)
    parser.add_argument("--quoted", action="store_true", help="also list the runs inside quotations")
    args = parser.parse_args(argv)
    if not (args.sources / "README.md").is_file():
        print(f"no source documents at {args.sources}", file=sys.stderr)
        return 2
    results = audit(args.sources, args.data, args.min_run)
    total = 0
    for game, (outside, inside) in results.items():
        total += len(outside)
        longest = max((len(r.words) for r in outside), default=0)
        print(f"{game}: {len(outside)} run(s) of {args.min_run}+ words outside quotations "
              f"(longest {longest}); {len(inside)} inside quotations")
        for run in outside:
            print(f"    {run}")
        if args.quoted:
            for run in inside:
                print(f"    quoted: {run}")
    print(f"total: {total} run(s) outside quotations in {len(results)} game(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
