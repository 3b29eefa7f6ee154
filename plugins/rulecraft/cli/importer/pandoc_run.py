"""pandoc, run on a rulebook's bytes: its document tree (pandoc's JSON AST) or a clear reason why not.

pandoc is the one converter for the formats it reads (Markdown, LaTeX, Org, reStructuredText, MediaWiki,
OpenDocument, Word); the ``import`` extra installs it as the ``pypandoc-binary`` wheel. It runs as a child with ``--sandbox`` (no file
but its input is read: a LaTeX ``\\input{/etc/passwd}`` or an Org ``#+INCLUDE`` reads nothing), a deadline and a
memory cap, and its input is the bytes on standard input, never a path.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import subprocess
import sys
import tempfile
import threading
import time
from bisect import bisect_left
from collections.abc import Callable

from .outline import Remark

SECONDS = 60.0  # pandoc reads a 1 MB LaTeX file in about a second; a hostile one is cut off here
MEMORY = "1000m"  # its heap (+RTS -M): a long rulebook's tree takes tens of MB
MAX_INPUT_BYTES = 20_000_000  # as any text the importer reads
OUTPUT_PER_INPUT_BYTE = 60  # pandoc's JSON tree is ~10-30 bytes a byte of text; more is an expansion gone wild


class PandocError(Exception):
    """Why pandoc could not read the file (the caller adds the file name), and the line, when pandoc says."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(message)
        self.line = line


def _run(command: list[str], data: bytes, cap: int) -> tuple[int, bytes, str]:
    """(exit status, standard output, standard error) of pandoc on ``data``; PandocError when it runs past the
    deadline or writes more than ``cap`` bytes (a macro that doubles itself: 2 KB of LaTeX, 85 MB of tree)."""
    with tempfile.TemporaryFile() as err_file:
        try:
            proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err_file)
        except OSError as exc:
            raise PandocError(f"pandoc could not be started ({exc.strerror}); reinstall: "
                              "pip install --force-reinstall 'rulecraft[import]'") from None
        threading.Thread(target=_feed, args=(proc.stdin, data), daemon=True).start()
        chunks, size, deadline = [], 0, time.monotonic() + SECONDS
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or size > cap:
                    proc.kill()
                    proc.wait()
                    why = (f"pandoc took longer than {SECONDS:.0f} seconds to read it" if left <= 0 else
                           "reading it made far more text than it holds (a macro that expands into itself?)")
                    raise PandocError(why + "; split it, or simplify its macros, and import the rules part")
                if not selector.select(timeout=min(left, 1.0)):
                    continue
                chunk = os.read(proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        proc.stdout.close()
        returncode = proc.wait()
        err_file.seek(0)
        return returncode, b"".join(chunks), err_file.read(200_000).decode("utf-8", "replace")


def _feed(stream, data: bytes) -> None:
    try:
        stream.write(data)
        stream.close()
    except OSError:  # pandoc stopped reading (killed, or failed early)
        pass


def executable() -> str:
    """The pandoc the ``import`` extra installed; PandocError naming the install command if it is missing."""
    try:
        import pypandoc
    except ImportError:
        raise PandocError("reading this format needs pandoc: pip install 'rulecraft[import]'") from None
    try:
        return pypandoc.get_pandoc_path()
    except OSError:
        raise PandocError("reading this format needs pandoc: pip install 'rulecraft[import]'") from None


def to_ast(data: bytes, reader: str, options: tuple[str, ...] = (),
           edit: Callable[[bytes], bytes] | None = None) -> tuple[dict, list[str]]:
    """pandoc's document tree of ``data`` read as ``reader`` ('latex', 'org', 'rst', 'mediawiki', 'odt', 'docx'),
    with the reader's ``options`` ('--track-changes=all'), and its warnings ('Could not load include file …': what
    the sandbox kept out). ``edit`` rewrites pandoc's JSON before it is parsed."""
    if len(data) > MAX_INPUT_BYTES:
        raise PandocError(f"it is larger than {MAX_INPUT_BYTES // 1_000_000} MB; split it and import the rules part")
    command = [executable(), "--sandbox", "-f", reader, *options, "-t", "json", "+RTS", f"-M{MEMORY}", "-RTS"]
    returncode, out, err = _run(command, data, OUTPUT_PER_INPUT_BYTE * len(data) + 20_000_000)
    if returncode != 0:
        if "Heap exhausted" in err:
            raise PandocError("reading it took more memory than a rulebook needs; split it and import the rules part")
        located = re.search(r"Error at (?:\S+ )?\(line (\d+), column (\d+)\):\s*(.*)", err, re.S)
        if located:  # 'Error at "stdin" (line 8, column 2): unexpected end of input / expecting \end{document}'
            why = "; ".join(line.strip() for line in located.group(3).splitlines() if line.strip(" ^\t"))
            raise PandocError(f"pandoc: {why[:300]}", int(located.group(1)))
        message = " ".join(line.strip() for line in err.splitlines() if line.strip())
        raise PandocError(f"pandoc: {message[:300]}" if message else "pandoc could not read it")
    warnings = [re.sub(r"^\[WARNING\]\s*", "pandoc: ", line) for line in err.splitlines()
                if line.startswith("[WARNING]")]
    try:
        return json.loads(edit(out) if edit else out, object_pairs_hook=_node), warnings
    except ValueError:
        raise PandocError("pandoc gave no document tree for it") from None


_SPACE, _SOFT_BREAK = {"t": "Space"}, {"t": "SoftBreak"}


def _node(pairs: list[tuple[str, object]]) -> dict:
    """One object of pandoc's JSON: every word's space and soft break is one shared node (nothing edits
    them), and a word's text is interned (a rulebook repeats its words). The tree of a 40 000-paragraph page
    (20 MB of JSON) took 298 MB as plain dicts, 135 MB so, in the same 1.0 s."""
    if len(pairs) == 1:
        if pairs[0] == ("t", "Space"):
            return _SPACE
        if pairs[0] == ("t", "SoftBreak"):
            return _SOFT_BREAK
    elif len(pairs) == 2 and pairs[0] == ("t", "Str") and type(pairs[1][1]) is str:
        return {"t": "Str", "c": sys.intern(pairs[1][1])}
    return dict(pairs)


MOVED_LINES = 200  # how far up a warning's line is looked for in the source (a pre-pass moves lines by a few)
_AT_LINE = re.compile(r"\s+at (?:input )?line (\d+)(?: column \d+)?\.?$")


def warning_remarks(warnings: list[str], given: str | None = None, source: str | None = None) -> list[Remark]:
    """pandoc's warnings as remarks on the source's lines ('Duplicate note reference '1' at line 20 column 1').

    pandoc counts the lines of the text it was given, which a pre-pass may have moved (an admonition's fence adds
    one): the line is taken back to the source through the nearest given line whose text the source has too.
    Without a source (a Word file) a warning has no line."""
    found: dict[str, list[int]] = {}
    if given is not None and source is not None:
        for n, text in enumerate(source.split("\n"), start=1):
            if text.strip():
                found.setdefault(text.strip(), []).append(n)
    given_lines = given.split("\n") if given is not None else []
    remarks = []
    for warning in warnings:
        at = _AT_LINE.search(warning)
        if not at or not found:
            remarks.append(Remark("pandoc", warning, 0))
            continue
        remarks.append(Remark("pandoc", warning[:at.start()], _source_line(int(at.group(1)), given_lines, found)))
    return remarks


def _source_line(n: int, given_lines: list[str], found: dict[str, list[int]]) -> int:
    """The source line of line ``n`` of the given text: the nearest line at or above it that the source has,
    moved as far as the source moved it; 0 when none is near."""
    for k in range(min(n, len(given_lines)), max(n - MOVED_LINES, 0), -1):
        places = found.get(given_lines[k - 1].strip())
        if places:
            i = bisect_left(places, k)
            nearest = min(places[max(i - 1, 0):i + 1], key=lambda m: abs(m - k))
            return nearest + n - k
    return 0

