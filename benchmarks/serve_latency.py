#!/usr/bin/env python3
"""Authoring loop: from saving a file to the served page showing the change, under a real `mkdocs serve`.

Copies the project (mkdocs.yml, docs/, rules_data/, .git/ and .cache/) to a temporary folder, starts
`mkdocs serve --livereload` there on a free loopback port, waits for the first build (and its
cheat-sheet PDFs), then N times:

* yaml — appends a marker word to a phase's summary in rules_data/<game>/phases.yaml;
* md   — appends a marker paragraph to a Markdown page in docs/;

and measures from the moment the file is written until an HTTP GET of the page returns the
marker (MkDocs' server holds requests while it rebuilds, so this is when a browser that
livereload told to reload would show it). For YAML edits it also reports when the cheat-sheet
PDF (which shows the phase summaries) changed on the server. Prints each edit and the median.
Not a test: figures only.

    .venv/bin/python benchmarks/serve_latency.py                       # 5 YAML and 5 Markdown edits
    .venv/bin/python benchmarks/serve_latency.py --edits 9 --kind yaml
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read()
    except OSError:
        return None


def wait_for(predicate, timeout: float, what: str, interval: float = 0.01):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise SystemExit(f"timed out after {timeout:.0f}s waiting for {what}")


def copy_project(target: Path, with_cache: bool) -> None:
    shutil.copy2(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", target / "docs")
    shutil.copytree(ROOT / "rules_data", target / "rules_data")
    # The git folder too: a sheet without a dated changelog shows its folder's last commit date, so outside
    # the repository every such sheet would differ from the one the copied PDF cache was made from, and the
    # first served build would fit them all again in the background, delaying the first edit's PDF.
    if (ROOT / ".git").is_dir():
        shutil.copytree(ROOT / ".git", target / ".git")
    if with_cache and (ROOT / ".cache").is_dir():
        shutil.copytree(ROOT / ".cache", target / ".cache")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--kind", choices=("yaml", "md", "both"), default="both")
    parser.add_argument("--game", default="john-company")
    parser.add_argument("--page", default="authoring.md", help="Markdown page under docs/ for md edits")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between one edit's PDF and the next edit")
    parser.add_argument("--cold-cache", action="store_true", help="do not copy the project's .cache/ (PDFs)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="rc-serve-latency-"))
    project = work / "project"
    project.mkdir()
    copy_project(project, not args.cold_cache)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = work / "serve.log"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    with open(log_path, "w", encoding="utf-8") as log:
        server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload", "-a", f"127.0.0.1:{port}"],
                                  cwd=project, stdout=log, stderr=subprocess.STDOUT, env=env)
    turn_url = f"{base}/{args.game}/turn/"
    pdf_url = f"{base}/{args.game}/cheatsheet.pdf"
    md_url = f"{base}/{Path(args.page).with_suffix('').as_posix()}/"
    phases = project / "rules_data" / args.game / "phases.yaml"
    page = project / "docs" / args.page
    results: dict[str, list[float]] = {"yaml": [], "md": [], "pdf": []}
    try:
        started = time.monotonic()
        wait_for(lambda: get(turn_url), 120, "the first build")
        print(f"first build served after {time.monotonic() - started:.1f} s")
        wait_for(lambda: get(pdf_url), 120, "the first cheat-sheet PDF", 0.2)
        kinds = ["yaml", "md"] if args.kind == "both" else [args.kind]
        for n in range(args.edits):
            for kind in kinds:
                marker = f"Zqx{n}{kind}{os.getpid()}"
                if kind == "yaml":
                    before_pdf = get(pdf_url)
                    text = phases.read_text(encoding="utf-8")
                    text, count = re.subn(r"^(    summary: .*?)(?: Zqx\w+\.)?$", rf"\1 {marker}.", text, count=1, flags=re.M)
                    assert count == 1, "no phase summary to edit"
                    url, path = turn_url, phases
                else:
                    text = re.sub(r"\n\nZqx\w+\n$", "\n", page.read_text(encoding="utf-8")) + f"\n\n{marker}\n"
                    url, path = md_url, page
                path.write_text(text, encoding="utf-8")
                saved = time.monotonic()
                needle = marker.encode()
                wait_for(lambda m=needle, u=url: m in (get(u) or b""), 60, f"the {kind} edit to show")
                shown = time.monotonic() - saved
                results[kind].append(shown)
                line = f"edit {n + 1} ({kind}): shown after {shown:.2f} s"
                if kind == "yaml":
                    wait_for(lambda old=before_pdf: (get(pdf_url) or old) != old, 120, "the new PDF", 0.05)
                    results["pdf"].append(time.monotonic() - saved)
                    line += f", new cheat-sheet PDF served after {results['pdf'][-1]:.2f} s"
                print(line, flush=True)
                time.sleep(args.pause)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        if server.returncode not in (0, -15, None):
            print(log_path.read_text(encoding="utf-8")[-3000:])
        shutil.rmtree(work, ignore_errors=True)
    for kind, label in (("yaml", "YAML save -> page shows it"), ("md", "Markdown save -> page shows it"),
                        ("pdf", "YAML save -> new PDF served")):
        if results[kind]:
            print(f"{label}: median {statistics.median(results[kind]):.2f} s "
                  f"[{', '.join(f'{t:.2f}' for t in results[kind])}]")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
