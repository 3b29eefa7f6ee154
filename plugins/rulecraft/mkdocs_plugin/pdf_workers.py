"""Child processes that fit cheat sheets, each fitting one sheet after another.

A fit runs WeasyPrint in a child process with a fixed hash seed and timestamp (``pdf._run_fit`` says
why). Importing Rulecraft and WeasyPrint costs a child ~0.75 s of CPU, as much as two renders, so a
build no longer starts one child per sheet: ``FitWorkers`` keeps at most one child per core (and a
thread each, feeding it jobs over a pipe), and a child fits one sheet after another. A sheet's PDFs do
not depend on what the child fitted before (measured on the five games: the same bytes as from a fresh
child). Children are started only when a sheet needs fitting, so a build whose sheets are all cached
never starts one (``pdf_jobs``).

The protocol is one JSON line each way: the job (page file, site folder, job file with the fragment and
the papers' documents) in, the fit (``FitResult.to_json``, PDFs beside the job file) or the error the
fit raised out. A child that dies (killed by a signal: the OOM killer, a native crash in the text stack)
is replaced and its job tried once more; an error the fit reported is not retried, nor is a child ended by
Ctrl-C. A fit has ``time_limit`` seconds (the plugin's ``pdf_timeout``, 60 by default): WeasyPrint has no
limit of its own (a picture of nested SVG ``<use>`` elements can take it minutes per render, and a fit
renders several times), so a child still fitting then is killed, the fit raises ``FitTimedOut`` and is
not tried again (the same sheet would take as long). A build that fails or is interrupted ends the
children at once (``close(abort=True)``): no fit still queued starts, so Ctrl-C does not wait for the
sheets to be fitted.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

ATTEMPTS = 2  # a job whose child was killed by a signal is tried once more, in a new child
TIME_LIMIT = 60.0  # seconds a fit may take (the plugin's pdf_timeout option)
MAX_WORKERS = 4  # each child holds an interpreter and WeasyPrint (~100 MB)


def worker_count(jobs: int | None = None) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, MAX_WORKERS, jobs if jobs else MAX_WORKERS))


def child_env() -> dict:
    return {**os.environ, "PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "0")}


def child_command() -> list[str]:
    # -X faulthandler: a crash inside the native text stack (Pango, HarfBuzz, fontconfig) prints where it
    # happened instead of dying silently.
    return [sys.executable, "-X", "faulthandler", "-m", __name__]


class WeasyPrintMissing(RuntimeError):
    """WeasyPrint cannot be imported where the sheets are fitted (not installed, or Pango is missing)."""


class FitsStopped(RuntimeError):
    """The build stopped the children (``FitWorkers.close(abort=True)``): no fit is started any more."""


class FitTimedOut(RuntimeError):
    """The fit took longer than its time limit: its child was killed, and it is not tried again."""


class ChildFailed(RuntimeError):
    """The child ended before answering; ``killed``: by a signal other than Ctrl-C's (worth one more try);
    ``timed_out``: killed here, past the time limit (not worth one)."""

    def __init__(self, message: str, killed: bool, timed_out: bool = False):
        super().__init__(message)
        self.killed = killed
        self.timed_out = timed_out


def exit_status(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


class _Child:
    """One child process and the file its stderr goes to (read only when it fails)."""

    def __init__(self):
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the child, closed in close()
        self.process = subprocess.Popen(child_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr, env=child_env(), text=True, encoding="utf-8")
        self.timed_out: float | None = None  # the time limit this child was killed for, if it was

    def ask(self, job: dict, time_limit: float | None = None) -> dict:
        """The child's answer to ``job``; past ``time_limit`` seconds the child is killed (``timed_out``)."""
        timer = threading.Timer(time_limit, self._time_out, (time_limit,)) if time_limit else None
        if timer is not None:
            timer.daemon = True
            timer.start()
        try:
            self.process.stdin.write(json.dumps(job) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        finally:
            if timer is not None:
                timer.cancel()
        if not line:
            raise self._failure()
        return json.loads(line)

    def _time_out(self, time_limit: float) -> None:
        self.timed_out = time_limit
        self.process.kill()  # its pipe closes: ask's read ends

    def _failure(self) -> ChildFailed:
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.stderr.seek(0)
        lines = [x for x in self.stderr.read().decode("utf-8", "replace").strip().splitlines() if x.strip()]
        if self.timed_out is not None:
            return ChildFailed(f"the PDF renderer took longer than {self.timed_out:g} s and was stopped",
                               killed=False, timed_out=True)
        status = f"the PDF renderer {exit_status(code)}"
        # SIGINT: Ctrl-C reached the child with the build (same process group): the user is stopping it.
        return ChildFailed(f"{lines[-1]} ({status})" if lines else status, killed=code < 0 and code != -signal.SIGINT)

    def close(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.stderr.close()


class FitWorkers:
    """Up to ``workers`` threads and as many children; ``submit`` runs a call on one of the threads
    (``pdf.submit_fit``: a fit that calls ``fit``), ``fit`` takes an idle child (starting one while there
    are fewer than ``workers``), ``spawn`` starts them all at once (their imports overlap the build),
    ``close`` ends them after the calls submitted so far. ``time_limit``: seconds each fit may take."""

    def __init__(self, workers: int | None = None, time_limit: float | None = TIME_LIMIT):
        self.size = workers or worker_count()
        self.time_limit = time_limit
        self.pool = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="rulecraft-fit")
        self.idle: list[_Child] = []
        self.count = 0  # children alive, idle or busy
        self.children: set[_Child] = set()  # the same children, for close(abort=True) to end the busy ones
        self.stopped = False  # close(abort=True) was called: no child is started, no job retried
        self.lock = threading.Lock()

    def submit(self, call) -> Future:
        return self.pool.submit(call)

    def spawn(self) -> None:
        with self.lock:
            while self.count < self.size and not self.stopped:
                child = _Child()
                self.idle.append(child)
                self.children.add(child)
                self.count += 1

    def fit(self, fragment: str, documents: dict[str, str], page_file: Path, site_dir: Path):
        """One fit in an idle child (a child that dies is replaced; see the module doc)."""
        from .fitting import FitResult

        with tempfile.TemporaryDirectory(prefix="rulecraft-pdf-") as tmp:
            job_file = Path(tmp) / "job.json"
            job_file.write_text(json.dumps({"fragment": fragment, "documents": documents}), encoding="utf-8")
            job = {"page": str(page_file), "site": str(site_dir), "job": str(job_file)}
            for attempt in range(ATTEMPTS):
                child = self._take()
                try:
                    answer = child.ask(job, self.time_limit)
                except ChildFailed as failed:
                    with self.lock:
                        self.count -= 1
                        self.children.discard(child)
                        stopped = self.stopped
                    child.close()
                    if stopped:
                        raise FitsStopped("the build was stopped") from None
                    if failed.timed_out:
                        raise FitTimedOut(str(failed)) from None
                    if not failed.killed or attempt == ATTEMPTS - 1:
                        raise RuntimeError(str(failed)) from None
                    continue
                with self.lock:
                    if child.timed_out is None:
                        self.idle.append(child)
                    else:  # it answered just as its time ran out, and was killed: it fits no more
                        self.count -= 1
                        self.children.discard(child)
                if child.timed_out is not None:
                    child.close()
                break
            if "missing" in answer:
                raise WeasyPrintMissing(answer["missing"])
            if "error" in answer:
                raise RuntimeError(answer["error"])
            return FitResult.from_json(answer["result"], Path(tmp))

    def _take(self) -> _Child:
        with self.lock:
            if self.stopped:
                raise FitsStopped("the build was stopped")
            if self.idle:
                return self.idle.pop()
            self.count += 1  # no more fits run at once than there are threads, so never past ``size``
        try:
            child = _Child()
        except BaseException:
            with self.lock:
                self.count -= 1
            raise
        with self.lock:
            self.children.add(child)
            stopped = self.stopped
        if stopped:  # close(abort=True) ran while this child started: it ends with the others
            child.process.kill()
            raise FitsStopped("the build was stopped")
        return child

    def close(self, abort: bool = False) -> None:
        """End the children once the calls submitted so far are done; with ``abort`` (the build failed or
        was interrupted) at once: calls not started are cancelled and busy children killed."""
        if abort:
            with self.lock:
                self.stopped = True
                busy = list(self.children)
            self.pool.shutdown(wait=False, cancel_futures=True)
            for child in busy:
                child.process.kill()  # its thread's read ends: the fit raises FitsStopped
        self.pool.shutdown(wait=True)
        with self.lock:
            children, self.idle, self.count = list(self.children), [], 0
            self.children = set()
        for child in children:
            child.close()


def _serve() -> None:
    """The child: fit each job read from stdin, answer on stdout; ends when stdin closes. Whether WeasyPrint
    can be used is found out here, not in the build's process, which then never imports it."""
    from .pdf import fit_in_child

    out = sys.stdout
    sys.stdout = sys.stderr  # nothing but answers goes down the pipe
    try:
        import weasyprint  # noqa: F401
        missing = None
    except Exception as exc:  # ImportError, or OSError when its system libraries (Pango) are missing
        missing = "".join(traceback.format_exception_only(exc)).strip()
    for line in sys.stdin:
        job = json.loads(line)
        job_file = Path(job["job"])
        if missing is not None:
            answer = {"missing": missing}
        else:
            try:
                answer = {"result": fit_in_child(Path(job["page"]), Path(job["site"]), job_file)}
            except Exception as exc:  # reported, not retried: the same input would fail the same way
                traceback.print_exc()
                answer = {"error": "".join(traceback.format_exception_only(exc)).strip()}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    _serve()
