"""A cold `mkdocs build` of the repository's site (cheat-sheet PDFs included): wall and CPU time, interleaved
with the same build of another checkout's code (prints figures; not a test).

Each variant builds its own copy of the project (mkdocs.yml, docs/, rules_data/), so their caches never
meet: the check's key and the PDF cache's folder name follow the code, and either variant would clear
the other's. A cold run deletes the copy's `.cache/rulecraft` (the check's result, the book's snapshot,
the fitted PDFs) first; with --warm one cold build fills it and every run keeps it; --forget NAME deletes
`.cache/rulecraft/NAME` before each warm run (what a build without that part of the cache costs). CPU is
the build's process and every child it started (user + system). The load average is printed with each
run: the machine is shared, so compare runs made in the same minutes.

Usage::

    git archive <commit> plugins | tar -x -C /tmp/before
    PYTHONPYCACHEPREFIX=/tmp/pyc python benchmarks/cold_build.py --runs 3 --before /tmp/before/plugins
    PYTHONPYCACHEPREFIX=/tmp/pyc python benchmarks/cold_build.py --runs 7 --warm --before /tmp/before/plugins
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def copy_project(folder: Path) -> Path:
    folder.mkdir(parents=True)
    shutil.copy2(REPO / "mkdocs.yml", folder / "mkdocs.yml")
    for name in ("docs", "rules_data"):
        shutil.copytree(REPO / name, folder / name, symlinks=True)
    return folder


def build(plugins: Path, project: Path, site: Path, cold: bool, forget: str | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one `mkdocs build` of ``project`` with ``plugins`` first on the path."""
    cache = project / ".cache" / "rulecraft"
    if cold:
        shutil.rmtree(cache, ignore_errors=True)
    elif forget:
        shutil.rmtree(cache / forget, ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(plugins), "NO_MKDOCS_2_WARNING": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)], cwd=project, env=env,
                   check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout's plugins/ folder, built in turn")
    parser.add_argument("--warm", action="store_true", help="keep .cache/rulecraft (after one cold build)")
    parser.add_argument("--forget", help="warm runs: delete this folder of .cache/rulecraft before each build")
    args = parser.parse_args()
    variants = {"after": REPO / "plugins"}
    if args.before:
        variants = {"before": args.before.resolve(), **variants}
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
    with tempfile.TemporaryDirectory(prefix="rulecraft-cold-") as tmp:
        projects = {name: copy_project(Path(tmp) / name) for name in variants}
        if args.warm:
            for name, plugins in variants.items():
                build(plugins, projects[name], Path(tmp) / "site", cold=True)
        for run in range(args.runs):
            for name, plugins in variants.items():
                wall, cpu = build(plugins, projects[name], Path(tmp) / "site", cold=not args.warm, forget=args.forget)
                figures[name].append((wall, cpu))
                load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
                print(f"run {run + 1} {name:6} wall {wall:6.2f} s  CPU {cpu:6.2f} s  load {load}", flush=True)
    for name, runs in figures.items():
        print(f"{name:6} median wall {statistics.median(w for w, _ in runs):.2f} s, "
              f"CPU {statistics.median(c for _, c in runs):.2f} s ({len(runs)} runs, "
              f"{'warm' if args.warm else 'cold'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
