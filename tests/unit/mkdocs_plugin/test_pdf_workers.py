"""The children that fit cheat sheets (pdf_workers.FitWorkers), played by small real processes that answer
the same protocol: one child fits several sheets in turn, a child killed by a signal is replaced and its
sheet tried once more, an error the fit reported is not retried, and a child without WeasyPrint says so."""

from __future__ import annotations

import sys

import pytest

import rulecraft.mkdocs_plugin.pdf as pdf
import rulecraft.mkdocs_plugin.pdf_workers as pdf_workers
from rulecraft.mkdocs_plugin.pdf_workers import FitTimedOut, FitWorkers, WeasyPrintMissing

# argv: what to do with each job, and a file each child started appends a line to
CHILD = r"""
import json, os, signal, sys, time
mode, started = sys.argv[1], sys.argv[2]
with open(started, "a") as f:
    f.write("child\n")
for line in sys.stdin:
    job = json.loads(line)
    folder = os.path.dirname(job["job"])
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "exit":
        print("Traceback ...\nMemoryError: out of memory", file=sys.stderr, flush=True)
        sys.exit(3)
    if mode == "error":
        answer = {"error": "OSError: no space left on device"}
    elif mode == "missing":
        answer = {"missing": "ImportError: no weasyprint here"}
    else:
        fragment = json.load(open(job["job"]))["fragment"]
        if "slow" in fragment:  # a sheet WeasyPrint would take minutes over (nested SVG <use>...)
            with open(started, "a") as f:
                f.write("slow job\n")
            time.sleep(120)
        with open(os.path.join(folder, "0.pdf"), "wb") as f:
            f.write(b"%PDF " + fragment.encode())
        answer = {"result": {"fit": [9, 3, 1.0], "fragment": fragment, "pdfs": {"A4": ["0.pdf", 1, 0.93],
                                                                                  "letter": ["0.pdf", 1, 0.9]},
                             "fill": 0.95, "attempts": os.getpid(), "dropped": [], "dropped_names": []}}
    print(json.dumps(answer), flush=True)
"""


@pytest.fixture
def child(monkeypatch, tmp_path):
    """Sets what the children do; returns how many have been started so far."""
    started = tmp_path / "started"
    started.write_text("", encoding="utf-8")

    def use(mode: str):
        monkeypatch.setattr(pdf_workers, "child_command", lambda: [sys.executable, "-c", CHILD, mode, str(started)])
        return lambda: started.read_text(encoding="utf-8").splitlines().count("child")

    monkeypatch.delenv("PYTHONHASHSEED", raising=False)  # not the tests' in-process rendering
    return use


def test_one_child_fits_several_sheets_in_turn(child, tmp_path):
    started = child("fit")
    workers = FitWorkers(1)
    try:
        futures = [workers.submit(lambda n=n: workers.fit(f"<div>{n}</div>", {}, tmp_path / "p.html", tmp_path))
                   for n in range(3)]
        results = [f.result(timeout=60) for f in futures]
    finally:
        workers.close()
    assert [r.pdfs["A4"][0] for r in results] == [b"%PDF <div>0</div>", b"%PDF <div>1</div>", b"%PDF <div>2</div>"]
    assert started() == 1 and len({r.attempts for r in results}) == 1  # the same child (its pid) for all


def test_a_child_killed_by_a_signal_is_replaced_and_the_sheet_tried_once_more(child, tmp_path):
    started = child("kill")
    with pytest.raises(RuntimeError, match="^the PDF renderer was killed by SIGKILL$"):
        pdf._run_fit("<div></div>", {}, tmp_path / "p.html", tmp_path)
    assert started() == 2


def test_a_child_that_exits_names_its_last_error_and_is_not_retried(child, tmp_path):
    started = child("exit")
    with pytest.raises(RuntimeError, match=r"^MemoryError: out of memory \(the PDF renderer exited with status 3\)$"):
        pdf._run_fit("<div></div>", {}, tmp_path / "p.html", tmp_path)
    assert started() == 1


def test_an_error_the_fit_reported_is_not_retried(child, tmp_path):
    started = child("error")
    with pytest.raises(RuntimeError, match="^OSError: no space left on device$"):
        pdf._run_fit("<div></div>", {}, tmp_path / "p.html", tmp_path)
    assert started() == 1


def test_a_child_without_weasyprint_says_so(child, tmp_path):
    child("missing")
    with pytest.raises(WeasyPrintMissing, match="no weasyprint here"):
        pdf._run_fit("<div></div>", {}, tmp_path / "p.html", tmp_path)


SLOW_CHILD = r"""
import json, os, signal, sys, time
mode, started = sys.argv[1], sys.argv[2]
with open(started, "a") as f:
    f.write("child\n")
for line in sys.stdin:
    if mode == "sigint":  # what Ctrl-C does to a child in the build's process group
        # A child inherits an ignored SIGINT (a suite started by nohup or as a background job): restore
        # what a terminal's Ctrl-C meets, or the signal is lost and the child sleeps on.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    time.sleep(600)  # a fit that would outlast any test: only killing the child ends it
"""


def test_a_child_ended_by_ctrl_c_is_not_tried_again(monkeypatch, tmp_path):
    started = tmp_path / "started"
    monkeypatch.setattr(pdf_workers, "child_command", lambda: [sys.executable, "-c", SLOW_CHILD, "sigint", str(started)])
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    with pytest.raises(RuntimeError, match="killed by SIGINT"):
        pdf._run_fit("<div></div>", {}, tmp_path / "p.html", tmp_path)
    assert len(started.read_text(encoding="utf-8").splitlines()) == 1


def test_abort_kills_busy_children_and_starts_no_queued_fit(monkeypatch, tmp_path):
    """A build that fails or is interrupted (Ctrl-C) must not wait for the sheets still to fit."""
    monkeypatch.setattr(pdf_workers, "child_command",
                        lambda: [sys.executable, "-c", SLOW_CHILD, "slow", str(tmp_path / "started")])
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    made = []
    monkeypatch.setattr(pdf_workers, "_Child", lambda cls=pdf_workers._Child: made.append(cls()) or made[-1])
    workers = FitWorkers(2)
    workers.spawn()
    futures = [workers.submit(lambda n=n: workers.fit(f"<div>{n}</div>", {}, tmp_path / "p.html", tmp_path))
               for n in range(6)]
    children = [child.process for child in workers.children]
    workers.close(abort=True)  # returns only once every thread is done: the busy fits ended with their child
    assert all(f.done() for f in futures)
    assert sum(f.cancelled() for f in futures) >= 4  # the queued ones never ran
    for f in futures:
        if not f.cancelled():
            assert isinstance(f.exception(timeout=0), pdf_workers.FitsStopped)
    assert len(made) == 2  # no replacement child started
    assert len(children) == 2 and all(p.poll() is not None for p in children) and not workers.children


# The limit is tiny and the slow child sleeps far longer than any test waits for it: whatever the load
# of the machine, the fit ends only because its child is killed (without the limit: after 120 s, fitted).
TINY_LIMIT = 0.3


def test_a_fit_past_its_time_limit_is_killed_and_not_tried_again(child, tmp_path):
    started = child("fit")
    with pytest.raises(FitTimedOut, match=r"^the PDF renderer took longer than 0.3 s and was stopped$"):
        pdf._run_fit("<div>slow</div>", {}, tmp_path / "p.html", tmp_path, time_limit=TINY_LIMIT)
    jobs = (tmp_path / "started").read_text(encoding="utf-8").splitlines()
    assert started() == 1 and jobs.count("slow job") == 1  # no second child, no second try


def test_a_sheet_past_the_limit_is_warned_about_and_the_others_are_written(child, tmp_path, caplog):
    """The build goes on: the slow sheet gets no PDFs and no download buttons, a warning names it."""
    import logging

    from rulecraft.mkdocs_plugin.pdf_jobs import PdfJobs

    child("fit")
    site = tmp_path / "site"
    pages = {}
    for game in ("quick", "slow"):
        pages[game] = site / game / "cheatsheet" / "index.html"
        pages[game].parent.mkdir(parents=True)
        pages[game].write_text(f'<title>T</title><div class="rc-cheatsheet"><p>{game}</p>'
                               '<span class="rc-sheet-pdf" data-rc-pdf-slot=""></span></div>', encoding="utf-8")
    names = {"quick": "Quick Game cheat sheet", "slow": "Slow Game cheat sheet"}
    log = logging.getLogger("test-pdf-time-limit")
    with caplog.at_level(logging.WARNING, logger=log.name):
        written = PdfJobs({}, log, time_limit=TINY_LIMIT).build_now(site, pages, "assets/rulecraft", names)
    assert list(written) == ["quick"] and (site / "quick" / "cheatsheet.pdf").is_file()
    assert not (site / "slow" / "cheatsheet.pdf").exists()
    assert "rc-sheet-download" not in pages["slow"].read_text(encoding="utf-8")
    assert [r.getMessage() for r in caplog.records] == [
        "rulecraft: the Slow Game cheat sheet gets no PDFs: the PDF renderer took longer than 0.3 s and was "
        "stopped — choose less in the cheatsheet: block of its game.yaml, or give it more time (pdf_timeout in "
        "mkdocs.yml)"]
    assert (tmp_path / "started").read_text(encoding="utf-8").splitlines().count("slow job") == 1


def test_a_fixed_hash_seed_does_not_take_a_limited_fit_into_this_process(child, tmp_path, monkeypatch):
    """A reproducible build's environment (hash seed and timestamp fixed) once ran the fit here, where a
    render cannot be stopped: with a time limit it runs in a child, which is killed at the limit."""
    monkeypatch.setenv("PYTHONHASHSEED", "0")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    started = child("fit")
    with pytest.raises(FitTimedOut, match=r"longer than 0.3 s"):
        pdf._run_fit("<div>slow</div>", {}, tmp_path / "p.html", tmp_path, time_limit=TINY_LIMIT)
    assert started() == 1
    assert pdf._renders_in_process(None) and not pdf._renders_in_process(60)


@pytest.mark.parametrize("value, ok", [(60, True), (0.5, True), (0, False), (-3, False), (True, False), ("60", False)])
def test_the_time_limit_option_is_a_positive_number_of_seconds(value, ok):
    from mkdocs.config.base import ValidationError

    from rulecraft.mkdocs_plugin.config import RulecraftConfig

    option = RulecraftConfig.pdf_timeout
    if ok:
        assert option.run_validation(value) == float(value)
    else:
        with pytest.raises(ValidationError):
            option.run_validation(value)
