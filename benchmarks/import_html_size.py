"""Time and memory of reading one long web page with `rulecraft import`'s HTML reader (prints figures; not a test).

Writes pages of N paragraphs under numbered sections (40 000 paragraphs is about 2 MB), reads each in a fresh
child process, and prints the wall time, the reader's peak memory and pandoc's (the child's children).

Usage::

    python benchmarks/import_html_size.py [--paragraphs 10000 40000 140000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORDS = ["the", "player", "draws", "a", "card", "and", "moves", "one", "space", "forward", "then", "rolls", "two",
         "dice", "to", "attack"]
READ = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[2])
from pathlib import Path
from rulecraft.cli.importer import _read_source
path = Path(sys.argv[1])
start = time.perf_counter()
outline = _read_source(path.read_bytes(), path, "auto")
seconds = time.perf_counter() - start
print(json.dumps([seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024]))
"""


def page(paragraphs: int) -> str:
    rng = random.Random(paragraphs)
    parts = ["<html><head><title>Long Rules</title></head><body><h1>Long Rules</h1>"]
    for n in range(paragraphs):
        if n % 100 == 0:
            parts.append(f"<h2>Section {n // 100 + 1}</h2>")
        parts.append("<p>" + " ".join(rng.choice(WORDS) for _ in range(8)) + f", as rule {n} says.</p>")
    return "\n".join(parts + ["</body></html>"])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paragraphs", type=int, nargs="+", default=[10_000, 40_000, 140_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print("paragraphs  size MB  median s  reader MB  pandoc MB")
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.paragraphs:
            path = Path(tmp) / f"long-{count}.html"
            path.write_text(page(count), encoding="utf-8")
            runs = []
            for _ in range(args.repeat):
                done = subprocess.run([sys.executable, "-c", READ, str(path), str(REPO / "plugins")],
                                      capture_output=True, text=True)
                if done.returncode != 0:
                    print(f"{count:>10}  failed: {done.stderr.strip().splitlines()[-1]}")
                    break
                runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            else:
                print(f"{count:>10}  {path.stat().st_size / 1e6:7.1f}  {statistics.median(r[0] for r in runs):8.1f}"
                      f"  {max(r[1] for r in runs):9}  {max(r[2] for r in runs):9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
