"""PDF and Word files are read in a child process that a wall clock and a memory cap can stop: some files
make pdfminer loop or inflate inside one call, where no check between calls runs."""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import sys
import time

import pytest

from rulecraft.cli.importer import docx_reader, isolated, pdf_reader
from rulecraft.cli.main import main

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the memory cap reads /proc")

# A page whose contents object names itself: pdfminer follows it forever, inside one call.
LOOPING_PDF = b"""%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >> endobj
5 0 obj 5 0 R endobj
trailer << /Root 1 0 R >>
%%EOF
"""


def forever() -> None:
    while True:
        time.sleep(1)


def swallow(size: int) -> int:
    return len(bytearray(size))


def refuse(message: str) -> None:
    raise pdf_reader.PdfError(message)


def crash() -> None:
    os.kill(os.getpid(), signal.SIGSEGV)  # what a reader's C code does on a bad pointer


def where() -> int:
    return os.getpid()


def cpu_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_CPU)[0]


class TwoPart(Exception):
    def __init__(self, what: str, why: str) -> None:
        super().__init__(f"{what}: {why}")


def two_part() -> None:
    raise TwoPart("page 3", "a broken font")


def test_the_child_returns_its_result_and_raises_its_errors():
    assert isolated.call(swallow, 1000, seconds=60, memory=500_000_000) == 1000
    assert isolated.call(where, seconds=60, memory=500_000_000) != os.getpid()
    with pytest.raises(pdf_reader.PdfError, match="it is encrypted"):
        isolated.call(refuse, "it is encrypted", seconds=60, memory=500_000_000)


def test_a_child_that_never_returns_is_stopped():
    with pytest.raises(isolated.Overrun, match="takes more than 1 s"):
        isolated.call(forever, seconds=1, memory=500_000_000)


def test_a_child_that_outgrows_its_memory_is_stopped():
    with pytest.raises(isolated.Overrun, match="more memory than a rulebook"):
        isolated.call(swallow, 2_000_000_000, seconds=60, memory=200_000_000)


def test_a_child_that_crashes_is_not_reported_as_out_of_memory():
    with pytest.raises(isolated.Overrun, match=r"crashed on it \(SIGSEGV") as raised:
        isolated.call(crash, seconds=60, memory=500_000_000)
    assert "memory" not in str(raised.value)


def test_a_looping_pdf_ends_in_one_line(tmp_path, monkeypatch, capsys):
    source = tmp_path / "loop.pdf"
    source.write_bytes(LOOPING_PDF)
    monkeypatch.setattr(pdf_reader, "MAX_SECONDS", -13.0)  # the hard stop comes 15 s after pdfminer's own: 2 s
    assert main(["import", str(source), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"rulecraft import: cannot read '{source}': reading it takes more than 2 s (a damaged file, or one "
                   "made to loop)")
    assert not (tmp_path / "out").exists()


def test_the_child_stops_itself_when_its_parent_is_gone():
    """A child left looping by a killed parent (a closed terminal, `kill`) ends on its own CPU limit, set past
    the parent's wall clock."""
    limit = isolated.call(cpu_limit, seconds=30, memory=500_000_000)
    assert 30 < limit <= 60
    assert cpu_limit() == resource.RLIM_INFINITY or cpu_limit() != limit  # the parent's own is untouched


def test_an_exception_that_cannot_be_rebuilt_in_the_parent_keeps_its_words():
    with pytest.raises(RuntimeError, match=r"^TwoPart: page 3: a broken font$"):
        isolated.call(two_part, seconds=60, memory=500_000_000)


def test_a_pool_worker_reads_in_its_own_process():
    """A multiprocessing pool's worker is a daemon, which may start no process: it reads the file itself
    (before: 'daemonic processes are not allowed to have children', an internal error)."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        worker, read_in = pool.apply(_pid_and_call)
    assert worker == read_in


def _pid_and_call() -> tuple[int, int]:
    return os.getpid(), isolated.call(where, seconds=60, memory=500_000_000)


def test_a_word_file_that_runs_the_child_out_of_memory_says_so(tmp_path, monkeypatch):
    """Before: the Word reader's catch-all made it 'the Word file's content cannot be read; save it again'."""
    import formatkit

    raw = formatkit.to_docx("<html><body><h1>Rules</h1><p>Roll.</p></body></html>", tmp_path / "a.docx").read_bytes()

    def expand(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(docx_reader, "_blocks", expand)  # as reading the XML does past the cap (the child is forked)
    with pytest.raises(isolated.Overrun, match="more memory than a rulebook"):
        isolated.call(docx_reader.prepare, raw, seconds=60, memory=500_000_000)
