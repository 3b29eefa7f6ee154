"""Run a document library on a file in a child process that a wall clock and a memory limit can stop.

pdfminer and a Word file's XML parser read files from anywhere. Some damaged or hostile files make them loop
inside one call (a PDF content stream that names itself) or inflate a small file into gigabytes (a compressed stream of
blanks): no check between calls can stop that. A child process can be killed, and its address space capped,
without touching the importer's own process; what it returns is plain data (text lines, a rewritten Word file).
"""

from __future__ import annotations

import faulthandler
import math
import multiprocessing
import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import Any

TOO_BIG = "reading it needs more memory than a rulebook does (a damaged file, or one made to expand)"
CRASHED = "the reader crashed on it ({signal}: a damaged file, or one the reader cannot handle)"
# Signals of a crash in C code. A child over its memory cap dies of MemoryError, SIGKILL (the kernel's
# out-of-memory killer) or SIGABRT (a C library's failed allocation), so those keep the memory message.
_CRASHES = frozenset(getattr(signal, name) for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE")
                     if hasattr(signal, name))


class Overrun(Exception):
    """The child was stopped: too slow, or out of its memory. The message says which, in the user's words."""


def call(func: Callable[..., Any], *args: Any, seconds: float, memory: int) -> Any:
    """``func(*args)`` in a child process; its exceptions are raised here. Overrun after ``seconds`` of wall
    time, or when it needs more than ``memory`` bytes above what the child starts with."""
    if multiprocessing.current_process().daemon:  # a multiprocessing pool's worker may start no process:
        return func(*args)  # read here, with the readers' own time checks only
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(send, func, args, seconds, memory), daemon=True)
    child.start()
    send.close()  # the child holds the only write end: its death is an end of file here
    try:
        if not receive.poll(seconds):
            raise Overrun(f"reading it takes more than {seconds:.0f} s (a damaged file, or one made to loop)")
        try:
            ok, value = receive.recv()
        except (EOFError, OSError):
            child.join(5)  # it has closed its end: it is exiting, its exit code says how
            raise Overrun(_death(child.exitcode)) from None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()
    if ok:
        return value
    raise value


def _death(exitcode: int | None) -> str:
    """Why a child ended without an answer, from its exit code (minus the signal that ended it)."""
    if exitcode is not None and exitcode < 0 and -exitcode in _CRASHES:
        return CRASHED.format(signal=signal.Signals(-exitcode).name)
    return TOO_BIG


def _run(send, func, args, seconds: float, memory: int) -> None:
    _silence_stderr()  # an interpreter dying of its memory cap prints a page of frames: the parent says it in one line
    try:
        _cap_cpu(seconds)
        _cap_memory(memory)
        result = (True, func(*args))
    except MemoryError:
        result = (False, Overrun(TOO_BIG))
    except BaseException as exc:  # raised again in the parent: its own message, or an internal error there
        result = (False, exc if _unpickles(exc) else RuntimeError(f"{type(exc).__name__}: {exc}"))
    try:
        send.send(result)
    except Exception:  # it cannot be pickled: its words still reach the parent (as an internal error there)
        what = result[1] if not result[0] else TypeError("the child's result cannot be sent")
        send.send((False, RuntimeError(f"{type(what).__name__}: {what}")))
    finally:
        send.close()


def _unpickles(exc: BaseException) -> bool:
    """An exception whose class takes other arguments than its message pickles, then fails in the parent's
    recv() (a TypeError there, not the child's words)."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return False
    return True


def _cap_cpu(seconds: float) -> None:
    """The child's own stop, past the parent's wall clock: a child whose parent was killed (a closed terminal,
    `kill`) would otherwise loop on a damaged file for ever (POSIX; nothing elsewhere)."""
    _lower_limit("RLIMIT_CPU", max(math.ceil(seconds), 0) + 10)  # CPU time never outruns wall time


def _silence_stderr() -> None:
    # Enabled by PYTHONFAULTHANDLER or a test runner, it writes a crash's frames to its own copy of stderr.
    faulthandler.disable()
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
    except OSError:
        pass  # no /dev/null: the library's noise shows, the import still works


def _cap_memory(memory: int) -> None:
    """Cap the address space at what the child has now plus ``memory`` (where /proc tells the size)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return  # no way to know the starting size: a fixed cap could refuse a normal file
    _lower_limit("RLIMIT_AS", now + memory)


def _lower_limit(name: str, limit: int) -> None:
    """Set a resource limit to ``limit`` unless it is lower already (POSIX; nothing elsewhere)."""
    try:
        import resource
    except ImportError:
        return
    kind = getattr(resource, name)
    soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft == resource.RLIM_INFINITY or limit < soft:
        resource.setrlimit(kind, (limit, hard))
