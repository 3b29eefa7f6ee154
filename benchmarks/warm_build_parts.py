"""Where a warm `mkdocs build` of a project spends what the build cache used to save: one build in this
process, printing its CPU time, the CPU Jinja spends compiling templates and the CPU of reading the book's
snapshot (prints figures; not a test). Run it in a copy of the project, once to fill the cache, then
alternately with another checkout's code on the path, in the same minutes::

    git archive <commit> plugins | tar -x -C /tmp/before
    for i in 1 2 3 4 5 6 7; do
      (cd /tmp/proj-before && PYTHONPATH=/tmp/before/plugins python .../benchmarks/warm_build_parts.py)
      (cd /tmp/proj-after && PYTHONPATH=.../plugins python .../benchmarks/warm_build_parts.py)
    done
"""

from __future__ import annotations

import sys
import tempfile
import time

import jinja2
from mkdocs.commands.build import build
from mkdocs.config import load_config

import rulecraft.snapshot


def timed(owner, name: str, spent: list[float]) -> None:
    """Add the CPU time of every call of ``owner.name`` to ``spent[0]``."""
    real = getattr(owner, name)

    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - start

    setattr(owner, name, wrapper)


def main() -> int:
    compiling, snapshot = [0.0], [0.0]
    timed(jinja2.Environment, "compile", compiling)
    timed(rulecraft.snapshot, "load", snapshot)
    with tempfile.TemporaryDirectory(prefix="rulecraft-warm-") as site:
        start = time.process_time()
        build(load_config("mkdocs.yml", site_dir=site))
        total = time.process_time() - start
    print(f"build {total:.3f} s CPU; Jinja compiling {compiling[0]:.3f} s; snapshot read {snapshot[0]:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
