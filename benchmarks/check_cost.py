#!/usr/bin/env python3
"""What `rulecraft check` costs on the glossary benchmark's 200-page prose book, today against another
checkout's code: the drift checks read every page, so this is where they show.

Writes the synthetic book once (glossary_benchmark.make_project: 200 pages, 500 terms), then runs
``rulecraft.checks.check_path(rules_data, docs)`` in a fresh subprocess per run, before and after
interleaved (bytecode written by a first run of each, into the run's folder), and prints the median CPU time
of each and the median of the per-round after/before ratios (CPU, not wall: the machine is shared). Figures
only, not a test.

    git archive 777c186 plugins | tar -x -C /tmp/before
    .venv/bin/python benchmarks/check_cost.py --before /tmp/before/plugins [--runs 5] [--size 200x500]
    .venv/bin/python benchmarks/check_cost.py --before /tmp/before/plugins --game terms10k

``--game terms10k`` times check_benchmark.py's game instead (10 000 terms, 1 000 dice tables), the issue's
other corpus, the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from check_benchmark import generate as make_terms_game  # noqa: E402
from glossary_benchmark import make_project  # noqa: E402

PROBE = """
import json, resource, sys, time
from pathlib import Path
from rulecraft.checks import check_path
root = Path(sys.argv[1])
cpu = time.process_time()
result = check_path(root / "rules_data", root / "docs")
print(json.dumps({"cpu": time.process_time() - cpu, "problems": len(result.problems)}))
"""


def run(root: Path, plugins: Path) -> dict:
    # Bytecode kept in the run's folder, whatever PYTHONDONTWRITEBYTECODE says: an installed rulecraft has its
    # bytecode, and without it every run would time compiling the (larger) newer code too.
    env = {**os.environ, "PYTHONPATH": str(plugins), "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPYCACHEPREFIX": str(root / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", PROBE, str(root)], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="another checkout's plugins/ folder")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="200x500", help="PAGESxTERMS (default 200x500)")
    parser.add_argument("--game", choices=("book", "terms10k"), default="book",
                        help="the prose book (default) or check_benchmark.py's 10 000-term game")
    args = parser.parse_args()
    pages, terms = (int(x) for x in args.size.lower().split("x"))
    after_code = HERE.parent / "plugins"
    with tempfile.TemporaryDirectory(prefix="check-cost-") as tmp:
        root = Path(tmp)
        if args.game == "book":
            make_project(root, pages, terms, 0.06)
        else:
            make_terms_game(root)
        run(root, args.before), run(root, after_code)  # warm the file and bytecode caches
        before, after = [], []
        for _ in range(args.runs):
            before.append(run(root, args.before))
            after.append(run(root, after_code))
    b = statistics.median(r["cpu"] for r in before)
    a = statistics.median(r["cpu"] for r in after)
    ratio = statistics.median(y["cpu"] / x["cpu"] for x, y in zip(before, after))
    what = f"{pages} pages, {terms} terms" if args.game == "book" else "10 000-term game"
    print(f"{what}, {args.runs} runs, load average {os.getloadavg()[0]:.2f}")
    print(f"before: CPU median {b:.3f} s ({before[0]['problems']} problems)")
    print(f"after:  CPU median {a:.3f} s ({after[0]['problems']} problems)")
    print(f"after/before: median of the rounds' ratios {ratio:.3f}")


if __name__ == "__main__":
    main()
