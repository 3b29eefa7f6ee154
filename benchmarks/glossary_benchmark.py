#!/usr/bin/env python3
"""Glossary linking benchmark: what automatic term links cost a real `mkdocs build`.

Generates a synthetic rulebook (N prose pages, T glossary terms with plurals and aliases,
multi-word terms sharing first words) and builds the same project three ways, each run in a
fresh subprocess:

* plain — Material + search, no Rulecraft plugin (the pages are ordinary Markdown);
* off   — with the Rulecraft plugin, ``link_terms: false``;
* on    — with the Rulecraft plugin, ``link_terms: true`` (the default);
* plain+g (``--hand-glossary``) — plain, plus the glossary as a person would write it in Markdown (a
  heading per letter and per term, its short definition, its other forms): what the glossary page Rulecraft
  adds would cost a site without Rulecraft, so on/plain+g is Rulecraft's own share.

Prints the median wall time of each, the ratios on/off (the cost of linking) and on/plain, and
the peak memory (max RSS of the build process, from ``os.wait4``). Not a test: figures only.

    .venv/bin/python benchmarks/glossary_benchmark.py                 # 200×500 and 2000×5000, 3 runs
    .venv/bin/python benchmarks/glossary_benchmark.py --size 200x500 --runs 5
    .venv/bin/python benchmarks/glossary_benchmark.py --size 200x500 --keep /tmp/bench   # keep the project
    .venv/bin/python benchmarks/glossary_benchmark.py --size 200x500 --runs 7 --hand-glossary

``--before DIR`` also builds off and on with another checkout's code first on the path (``git archive
<commit> plugins | tar -x -C /tmp/before``, then ``--before /tmp/before/plugins``), in a copy of the
project with its own cache, interleaved with the rest: before/after in the same minutes, with the median
of each round's after/before ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYLLABLES = ["ka", "lo", "mer", "vin", "dra", "sel", "tor", "bri", "nak", "ost", "ul", "fen", "gar", "qui", "zan",
             "pel", "rho", "tas", "wym", "ek", "jor", "mav", "sul", "dov", "ix", "bel", "cor", "hab", "nyl", "tre"]
FILLER = ["the", "a", "an", "and", "or", "but", "if", "when", "then", "each", "every", "player", "players", "may", "must", "cannot", "takes", "gives", "moves", "places", "turn", "round", "phase", "step", "board", "token", "tokens", "card", "cards", "die", "dice", "roll", "rolls", "result", "table", "value", "point", "points", "score", "scores", "first", "second", "third", "last", "next", "previous", "one", "two", "three", "four", "five", "six", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "over", "under", "before", "after", "during", "until", "unless", "while", "any", "all", "no", "some", "other", "another", "their", "its", "his", "her", "this", "that", "these", "those", "is", "are", "was", "be", "been", "being", "has", "have", "had", "do", "does", "done", "gain", "lose", "spend", "pay", "receive", "draw", "discard", "shuffle", "reveal", "hide", "choose", "select", "trade", "sell", "buy", "build", "remove", "return", "add", "subtract", "double", "halve", "equal", "more", "less", "most", "least", "highest", "lowest", "left", "right", "up", "down", "open", "closed", "space", "area", "region", "track", "marker", "cube", "disc", "pawn", "ship", "army", "fleet", "city", "town", "market", "money", "coin", "coins"]


def make_terms(count: int, rng: random.Random) -> list[dict]:
    """``count`` terms with unique words: single, two- and three-word names, some sharing a first word."""
    terms: list[dict] = []
    used: set[str] = set()

    def word() -> str:
        while True:
            w = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
            if w not in used and w + "s" not in used and not (w.endswith("s") and w[:-1] in used):
                used.add(w)
                return w

    while len(terms) < count:
        roll = rng.random()
        if roll < 0.45 or not terms:
            words = [word()]
        elif roll < 0.65:  # shares its first word with an earlier term: longest match must win
            base = rng.choice(terms)["term"].split()[0].lower()
            words = [base, word()]
        elif roll < 0.9:
            words = [word(), word()]
        else:
            words = [word(), "of", word()]
        name = " ".join(w.capitalize() for w in words)
        if any(t["term"].casefold() == name.casefold() for t in terms[-50:]):
            continue
        term = {"id": f"t{len(terms)}", "term": name, "plural": name + "s"}
        if rng.random() < 0.2:
            term["alias"] = word().capitalize()
        terms.append(term)
    return terms


def write_terms(path: Path, terms: list[dict], rng: random.Random) -> None:
    lines = ["terms:"]
    for t in terms:
        other = rng.choice(terms)["term"]
        lines += [f"  - id: {t['id']}", f"    term: {t['term']}", f"    plurals: [{t['plural']}]",
                  f"    short: A {rng.choice(FILLER)} {rng.choice(FILLER)} that players use with the {other}."]
        if "alias" in t:
            lines.append(f"    aliases: [{t['alias']}]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def sentence(rng: random.Random, terms: list[dict], density: float) -> str:
    out = []
    for _ in range(rng.randint(8, 18)):
        if rng.random() < density:
            t = rng.choice(terms)
            form = rng.random()
            out.append(t["plural"] if form < 0.3 else t.get("alias", t["term"]) if form < 0.4 else
                       t["term"].lower() if form < 0.6 else t["term"])
        else:
            out.append(rng.choice(FILLER))
    text = " ".join(out)
    return text[0].upper() + text[1:] + "."


def page_path(n: int) -> str:
    """Chapters of 50 pages, as a long rulebook would have."""
    return f"part-{(n - 1) // 50 + 1:02d}/page-{n:04d}.md"


def page_text(n: int, rng: random.Random, terms: list[dict], density: float) -> str:
    parts = [f"# Rules part {n}", ""]
    for s in range(4):
        parts += [f"## Section {n}.{s} on {rng.choice(terms)['term']}", ""]
        for _ in range(2):
            parts += [" ".join(sentence(rng, terms, density) for _ in range(4)), ""]
        kind = s % 4
        if kind == 0:
            parts += [f"- {sentence(rng, terms, density)}" for _ in range(4)] + [""]
        elif kind == 1:
            parts += ["```", f"roll = {rng.choice(terms)['term']}  # code is never linked", "```", ""]
        elif kind == 2:
            parts += ["| Roll | Result |", "|---|---|"]
            parts += [f"| {i} | {sentence(rng, terms, density)} |" for i in range(1, 7)] + [""]
        else:
            previous = page_path(max(1, n - 1))
            if previous.split("/")[0] == page_path(n).split("/")[0]:
                previous = previous.split("/")[1]
            else:
                previous = "../" + previous
            parts += ['!!! note "Example"', "", f"    {sentence(rng, terms, density)}", "",
                      f"See [the previous part]({previous}) and `{rng.choice(terms)['term']}`.", ""]
    return "\n".join(parts)


MKDOCS_YML = """\
site_name: Glossary benchmark
docs_dir: docs
theme:
  name: material
  features: [navigation.instant, navigation.indexes]
plugins:
  - search
{rulecraft}
markdown_extensions:
  - admonition
  - attr_list
  - tables
  - toc:
      permalink: true
  - pymdownx.superfences
"""


def make_project(root: Path, pages: int, term_count: int, density: float, seed: int = 1) -> None:
    rng = random.Random(seed)
    terms = make_terms(term_count, rng)
    game = root / "rules_data" / "bench"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: bench\ntitle: Benchmark Game\nversion: '1.0'\n"
                                    "summary: A synthetic rulebook for timing glossary links.\n", encoding="utf-8")
    write_terms(game / "terms.yaml", terms, rng)
    docs = root / "docs" / "bench"
    docs.mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# Benchmark\n\nA synthetic rulebook.\n", encoding="utf-8")
    for n in range(1, pages + 1):
        path = docs / page_path(n)
        path.parent.mkdir(exist_ok=True)
        path.write_text(page_text(n, rng, terms, density), encoding="utf-8")
    # The cheat-sheet PDF (WeasyPrint, after the build) has nothing to do with linking: left out.
    plugin = {"plain": "", "off": "  - rulecraft:\n      link_terms: false\n      cheatsheet_pdf: false",
              "on": "  - rulecraft:\n      link_terms: true\n      cheatsheet_pdf: false"}
    for variant, block in plugin.items():
        (root / f"mkdocs-{variant}.yml").write_text(MKDOCS_YML.format(rulecraft=block), encoding="utf-8")
    # plain+g: the same pages and a glossary written by hand, in a docs folder of its own (in docs/, a
    # hand-written glossary.md would replace the page Rulecraft generates)
    shutil.copytree(root / "docs", root / "docs-hand")
    (root / "docs-hand" / "bench" / "glossary.md").write_text(hand_glossary(game / "terms.yaml"), encoding="utf-8")
    (root / "mkdocs-plain+g.yml").write_text(MKDOCS_YML.format(rulecraft="").replace("docs_dir: docs", "docs_dir: docs-hand"),
                                             encoding="utf-8")


def hand_glossary(terms_yaml: Path) -> str:
    """The glossary as Markdown a person would write without Rulecraft: the terms in alphabetical order under
    a heading per letter, each a heading, its short definition and its other forms (from terms.yaml)."""
    import yaml

    terms = sorted(yaml.safe_load(terms_yaml.read_text(encoding="utf-8"))["terms"],
                   key=lambda t: (t["term"].casefold(), t["id"]))
    parts, letter = ["# Glossary", ""], None
    for term in terms:
        if term["term"][0].upper() != letter:
            letter = term["term"][0].upper()
            parts += [f"## {letter}", ""]
        parts += [f"### {term['term']}", "", term["short"], ""]
        forms = [*term.get("aliases", []), *term.get("plurals", [])]
        if forms:
            parts += [f"*Also written:* {', '.join(forms)}.", ""]
    return "\n".join(parts)


COLD = False  # --cold: no cache kept between builds (the checker runs in every build)
BYTECODE = True  # --no-bytecode-cache: every build compiles every module it imports


def run_build(root: Path, variant: str, plugins: Path | None = None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in KiB) of one `mkdocs build` in a fresh process (``plugins``:
    a folder put first on the path, holding another checkout's ``rulecraft``)."""
    site = root / f"site-{variant}"
    shutil.rmtree(site, ignore_errors=True)
    if COLD:
        shutil.rmtree(root / ".cache", ignore_errors=True)
    cmd = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(root / f"mkdocs-{variant}.yml"), "-d", str(site)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}  # same set/dict layouts every run
    if plugins is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(plugins), env.get("PYTHONPATH")]))
    # An installed package has its bytecode compiled; a PYTHONDONTWRITEBYTECODE=1 environment would make
    # every build compile every module it imports (~0.5 s of a 2 s build). Kept in the project folder.
    if BYTECODE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(root / ".pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"build {variant} failed:\n{stderr.decode(errors='replace')[-3000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def bench(pages: int, term_count: int, runs: int, density: float, keep: Path | None,
          before: Path | None = None, hand: bool = False) -> dict:
    root = Path(tempfile.mkdtemp(prefix=f"gl-bench-{pages}x{term_count}-")) if keep is None else keep
    if keep is not None:
        shutil.rmtree(keep, ignore_errors=True)
        keep.mkdir(parents=True)
    make_project(root, pages, term_count, density)
    variants = ("plain", "plain+g", "off", "on") if hand else ("plain", "off", "on")
    results: dict[str, list[tuple[float, float, int]]] = {v: [] for v in variants}
    old: dict[str, list[tuple[float, float, int]]] = {"off": [], "on": []}
    old_root = root.with_name(root.name + "-before")
    try:
        if before is not None:  # the same project, its own .cache (the snapshot's format may differ)
            shutil.rmtree(old_root, ignore_errors=True)
            shutil.copytree(root, old_root)
            run_build(old_root, "on", before)
        run_build(root, "on")  # warm the file cache and Python's bytecode cache once
        links = count_links(root / "site-on")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        for _ in range(runs):
            for variant in variants:  # interleaved, so drift hits every variant alike
                if before is not None and variant in old:
                    old[variant].append(run_build(old_root, variant, before))
                    shutil.rmtree(old_root / f"site-{variant}", ignore_errors=True)
                results[variant].append(run_build(root, variant))
                shutil.rmtree(root / f"site-{variant}", ignore_errors=True)  # 2 000 pages: gigabytes
    finally:
        if keep is None:
            shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(old_root, ignore_errors=True)
    wall = {v: statistics.median(r[0] for r in results[v]) for v in variants}
    cpu = {v: statistics.median(r[1] for r in results[v]) for v in variants}
    mem = {v: max(r[2] for r in results[v]) for v in variants}
    print(f"\n{pages} pages × {term_count} terms (density {density:.0%} of words, {runs} runs each, "
          f"{links} term links in the site)")
    for v in variants:
        runs_cpu = ", ".join(f"{r[1]:.2f}" for r in results[v])
        print(f"  {v:<7}  CPU median {cpu[v]:6.2f} s [{runs_cpu}]   wall median {wall[v]:6.2f} s   "
              f"peak RSS {mem[v] / 1024:6.1f} MiB")
    # Each round builds off and on back to back: the median of their ratios cancels slow drift
    # of a shared machine better than the ratio of the two medians.
    paired = statistics.median(on[1] / off[1] for on, off in zip(results["on"], results["off"]))
    print(f"  linking cost  on/off   = CPU {cpu['on'] / cpu['off']:.3f}× (paired rounds: {paired:.3f}×)   "
          f"wall {wall['on'] / wall['off']:.3f}×   memory {mem['on'] / mem['off']:.3f}×")
    vs_plain = {v: statistics.median(r[1] / p[1] for r, p in zip(results[v], results["plain"])) for v in ("off", "on")}
    print(f"  vs no plugin  on/plain = CPU {cpu['on'] / cpu['plain']:.3f}× (paired rounds: {vs_plain['on']:.3f}×, "
          f"off/plain {vs_plain['off']:.3f}×)   wall {wall['on'] / wall['plain']:.3f}×   "
          f"memory {mem['on'] / mem['plain']:.3f}×")
    if hand:
        vs_hand = {v: statistics.median(r[1] / p[1] for r, p in zip(results[v], results["plain+g"]))
                   for v in ("off", "on")}
        print(f"  vs the same glossary by hand  on/plain+g = CPU {cpu['on'] / cpu['plain+g']:.3f}× (paired rounds: "
              f"{vs_hand['on']:.3f}×, off/plain+g {vs_hand['off']:.3f}×)   memory {mem['on'] / mem['plain+g']:.3f}×")
    if before is not None:
        print(f"  before ({before}):")
        for v in old:
            ratio = statistics.median(new[1] / was[1] for new, was in zip(results[v], old[v]))
            print(f"    {v:<5}  CPU median {statistics.median(r[1] for r in old[v]):6.2f} s   peak RSS "
                  f"{max(r[2] for r in old[v]) / 1024:6.1f} MiB   after/before CPU, paired rounds: {ratio:.3f}×")
        old_vs = statistics.median(r[1] / p[1] for r, p in zip(old["on"], results["plain"]))
        print(f"    on/plain CPU, paired rounds: {old_vs:.3f}×   memory "
              f"{max(r[2] for r in old['on']) / mem['plain']:.3f}×")
    return {"cpu": cpu, "wall": wall, "memory": mem, "paired": paired}


def count_links(site: Path) -> int:
    total = 0
    for path in (site / "bench").rglob("index.html"):
        total += path.read_text(encoding="utf-8").count('class="rc-term')
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", action="append", help="PAGESxTERMS, repeatable (default: 200x500 and 2000x5000)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--density", type=float, default=0.06, help="share of prose words that are terms")
    parser.add_argument("--keep", type=Path, help="write the project here and keep it (one size only)")
    parser.add_argument("--cold", action="store_true", help="delete .cache/ before every build (no check reuse)")
    parser.add_argument("--no-bytecode-cache", action="store_true", help="compile every import in every build")
    parser.add_argument("--before", type=Path, help="a folder holding another checkout's rulecraft package "
                        "(its plugins/): off and on are also built with it, interleaved")
    parser.add_argument("--hand-glossary", action="store_true", help="also build plain+g: plain with the "
                        "glossary written by hand in Markdown (Rulecraft's own share: on/plain+g)")
    args = parser.parse_args()
    global COLD, BYTECODE
    COLD, BYTECODE = args.cold, not args.no_bytecode_cache
    sizes = args.size or ["200x500", "2000x5000"]
    for size in sizes:
        pages, terms = (int(x) for x in size.lower().split("x"))
        bench(pages, terms, args.runs, args.density, args.keep, args.before, args.hand_glossary)


if __name__ == "__main__":
    main()
