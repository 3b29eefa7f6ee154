"""Benchmark `rulecraft check` on a large synthetic game.

Generates, in a temporary folder, one game with 10 000 glossary terms and 1 000 dice
tables (1d6, 2d6 and d66, most with modifiers, every table correctly covered), phases
that list and mention the terms, and a prose page; then times the checker

* in-process: ``rulecraft.checks.check_path`` (data loading included), and
* as a subprocess: ``rulecraft check <game>`` (interpreter start and imports included),

RUNS times each (default 5) and prints median / min / max seconds and the problem count.
Target: median of the CLI <= 2 s on the project's 2-core machine.

    .venv/bin/python benchmarks/check_benchmark.py [--runs N] [--profile] [--keep DIR]

``--profile`` adds a cProfile of one in-process check (top functions by own time and
by cumulative time). ``--keep DIR`` writes the game there instead of a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TERMS = 10_000
TABLES = 1_000
PHASES = 200
SCHEMA = "# yaml-language-server: $schema=../../plugins/rulecraft/schemas/{kind}.schema.json\n"

_SYLLABLES = ["ka", "lo", "mi", "nu", "pe", "ri", "ta", "vo", "ze", "bu", "do", "fi", "gu", "ha", "jo", "ke",
              "la", "mo", "ni", "po", "ru", "se"]


def word(n: int, length: int = 3) -> str:
    """A distinct pseudo-word for each n (22**3 = 10 648 three-syllable words)."""
    parts = []
    for _ in range(length):
        n, rem = divmod(n, len(_SYLLABLES))
        parts.append(_SYLLABLES[rem])
    return "".join(parts)


def term_word(i: int) -> str:
    base = word(i).capitalize()
    # a third of the terms have two words, sharing a first word with other terms
    return f"Grand {base}" if i % 3 == 0 else base


def generate(folder: Path) -> None:
    game = folder / "rules_data" / "bench"
    game.mkdir(parents=True)
    docs = folder / "docs" / "bench"
    docs.mkdir(parents=True)

    (game / "game.yaml").write_text(SCHEMA.format(kind="game") + (
        "id: bench\n"
        "title: Benchmark Game\n"
        'version: "1.0"\n'
        "summary: A synthetic game with {const:terms} terms, used to time the checker.\n"
        "constants:\n"
        f"  terms: {TERMS}\n"
        f"  tables: {{value: {TABLES}, label: Dice tables}}\n"
        "components:\n"
        "  - id: dice\n"
        "    name: Six-sided dice\n"
        "    quantity: 4\n"
        "    description: Used for the {const:tables} tables.\n"
    ), encoding="utf-8")

    lines = [SCHEMA.format(kind="terms"), "terms:\n"]
    for i in range(TERMS):
        name = term_word(i)
        lines.append(f"  - id: t{i:05d}\n    term: {name}\n")
        if i % 4 == 0:
            lines.append(f"    aliases: [{word(i, 4)}]\n")
        if i % 2 == 0:
            lines.append(f"    plurals: [{name}s]\n")
        lines.append(f"    short: The {i}th thing; see also {term_word((i + 1) % TERMS)}.\n")
        if i % 10 == 0:
            lines.append(f"    see_also: [t{(i + 7) % TERMS:05d}]\n")
    (game / "terms.yaml").write_text("".join(lines), encoding="utf-8")

    lines = [SCHEMA.format(kind="dice"), "tables:\n"]
    for i in range(TABLES):
        kind = i % 3
        ref = f"{{term:t{(i * 10) % TERMS:05d}}}"
        mention = term_word((i * 10 + 1) % TERMS)
        lines.append(f"  - id: table-{i:04d}\n    title: Table {i}\n")
        if kind == 0:
            lines.append("    dice: 1d6\n    modifiers:\n"
                         "      - {id: boost, label: per boost, value: 1, count: [0, 2]}\n"
                         "      - {id: wound, label: Wounded, value: -1, count: [0, 1]}\n"
                         "    rows:\n"
                         f"      - {{roll: 0-, result: 'Lose a {mention}.'}}\n"
                         f"      - {{roll: 1-3, result: 'Nothing; {ref} stays.'}}\n"
                         f"      - {{roll: 4-6, result: 'Gain a {mention}.'}}\n"
                         f"      - {{roll: 7+, result: 'Gain two {ref}.'}}\n")
        elif kind == 1:
            lines.append("    dice: 2d6\n    modifiers:\n"
                         "      - {id: leader, label: Leader, value: 2, count: [0, 1]}\n"
                         "      - {id: fatigue, label: per fatigue cube, value: -1, count: [0, 3]}\n"
                         "    rows:\n"
                         f"      - {{roll: 2-, result: 'Disaster for the {mention}.'}}\n"
                         f"      - {{roll: 3-5, result: 'Loss: {ref}.'}}\n"
                         "      - {roll: 6-8, result: Nothing happens.}\n"
                         f"      - {{roll: 9-11, result: 'Gain: {ref}.'}}\n"
                         f"      - {{roll: 12+, result: 'Triumph of the {mention}.'}}\n")
        else:
            lines.append("    dice: d66\n    rows:\n")
            for tens in range(1, 7):
                lines.append(f"      - {{roll: {tens}1-{tens}6, result: 'Event {tens}: the {mention} and {ref}.'}}\n")
        lines.append(f"    when: Whenever a {mention} moves.\n")
    (game / "dice.yaml").write_text("".join(lines), encoding="utf-8")

    lines = [SCHEMA.format(kind="phases"), "phases:\n"]
    per_phase = TERMS // PHASES
    tables_per_phase = TABLES // PHASES
    for p in range(PHASES):
        ids = [f"t{t:05d}" for t in range(p * per_phase, (p + 1) * per_phase)]
        tables = [f"table-{t:04d}" for t in range(p * tables_per_phase, (p + 1) * tables_per_phase)]
        words = ", ".join(term_word(t) for t in range(p * per_phase, p * per_phase + 20))
        lines.append(f"  - id: phase-{p:03d}\n    name: Phase {p}\n"
                     f"    summary: Move the {term_word(p * per_phase)}.\n"
                     "    rules: |\n"
                     f"      Each player moves their {words}.\n"
                     f"      Then roll {{dice:{tables[0]}}} for each {{term:{ids[0]}}}; see {{phase:phase-{(p + 1) % PHASES:03d}}}.\n"
                     "    steps:\n"
                     f"      - Take {{const:terms}} cubes and one {term_word(p * per_phase + 21)}.\n"
                     f"      - text: Discard a {term_word(p * per_phase + 22)}.\n"
                     f"    terms: [{', '.join(ids)}]\n"
                     f"    dice: [{', '.join(tables)}]\n")
    (game / "phases.yaml").write_text("".join(lines), encoding="utf-8")

    prose = ["# Benchmark Game\n\n"]
    for i in range(0, TERMS, 10):
        prose.append(f"A {term_word(i)} meets {{term:t{(i + 5) % TERMS:05d}}} and some {term_word(i + 3)}.\n")
    (docs / "index.md").write_text("".join(prose), encoding="utf-8")


def _cpu() -> float:
    """CPU seconds of this process and its finished children (user + system)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _time(fn, runs: int) -> tuple[list[float], list[float], object]:
    """Wall-clock and CPU seconds of each run (CPU time is what counts on a busy shared machine)."""
    walls, cpus, last = [], [], None
    for _ in range(runs):
        last = None  # free the previous run's rule book (and its garbage) outside the timing
        gc.collect()
        started, cpu = time.perf_counter(), _cpu()
        last = fn()
        walls.append(time.perf_counter() - started)
        cpus.append(_cpu() - cpu)
    return walls, cpus, last


def _stats(name: str, walls: list[float], cpus: list[float]) -> str:
    return (f"{name:<24} wall: median {statistics.median(walls):6.3f} s  min {min(walls):6.3f} s  "
            f"max {max(walls):6.3f} s | CPU: median {statistics.median(cpus):6.3f} s  min {min(cpus):6.3f} s  "
            f"max {max(cpus):6.3f} s  ({len(walls)} runs)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one in-process check")
    parser.add_argument("--keep", help="write the game into this folder and keep it")
    args = parser.parse_args(argv)

    from rulecraft.checks import check_path

    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="rulecraft-bench-"))
    try:
        if args.keep and (folder / "rules_data").exists():
            shutil.rmtree(folder / "rules_data")
            shutil.rmtree(folder / "docs", ignore_errors=True)
        generate(folder)
        game = folder / "rules_data" / "bench"
        docs = folder / "docs"
        sizes = {p.name: p.stat().st_size for p in sorted(game.glob("*.yaml"))}
        print(f"game: {TERMS} terms, {TABLES} dice tables, {PHASES} phases; "
              + ", ".join(f"{n} {s / 1024:.0f} KiB" for n, s in sizes.items()))
        print(f"machine: {os.cpu_count()} CPU(s), load average {os.getloadavg()[0]:.2f} "
              "(wall times mean little when the load is above the CPU count; compare CPU times)")

        walls, cpus, result = _time(lambda: check_path(game, docs), args.runs)
        print(_stats("in-process check_path", walls, cpus))
        print(f"  problems: {len(result.problems)} ({len(result.errors)} errors, {len(result.warnings)} warnings)")
        for problem in result.problems[:5]:
            print("   ", problem.format().splitlines()[0])

        exe = Path(sys.executable).parent / "rulecraft"
        command = [str(exe), "check", str(game), "--docs", str(docs), "--format", "json"]
        codes = []

        def run_cli():
            proc = subprocess.run(command, capture_output=True, text=True)
            codes.append(proc.returncode)
            return proc

        walls, cpus, proc = _time(run_cli, args.runs)
        print(_stats("CLI `rulecraft check`", walls, cpus))
        target = "met" if statistics.median(walls) <= 2 else "NOT met"
        print(f"  target (median wall <= 2 s): {target}")

        try:
            data = json.loads(proc.stdout)
            print(f"  problems: {len(data['problems'])} ({data['errors']} errors, {data['warnings']} warnings); "
                  f"exit codes {sorted(set(codes))}")
        except (ValueError, KeyError):
            print(f"  could not read the CLI's JSON (exit {proc.returncode}): {proc.stderr[-500:]}")
        walls, cpus, _ = _time(lambda: subprocess.run([str(exe), "--help"], capture_output=True), 1)
        print(f"  (`rulecraft --help` alone: {walls[0]:.3f} s wall, {cpus[0]:.3f} s CPU)")

        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            check_path(game, docs)
            profiler.disable()
            for order in ("tottime", "cumulative"):
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(25)
                print(f"\n--- profile by {order} ---")
                print("\n".join(out.getvalue().splitlines()[:45]))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
