"""A word diff of two rule texts: runs of kept, removed and added words (whitespace kept with the words)."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .result import Word

_TOKEN_RE = re.compile(r"\s+|[\w'’-]+|[^\w\s]")
CONTEXT_WORDS = 6  # kept words shown either side of a change; the rest of a long text reads "…"


def tokens(text: str) -> list[str]:
    return _TOKEN_RE.findall(text)


def word_diff(before: str, after: str) -> list[Word]:
    a, b = tokens(before), tokens(after)
    runs: list[Word] = []

    def add(op: str, parts: list[str]) -> None:
        text = "".join(parts)
        if not text:
            return
        if runs and runs[-1].op == op:
            runs[-1] = Word(op, runs[-1].text + text)
        else:
            runs.append(Word(op, text))

    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            add("=", a[i1:i2])
        else:
            add("-", a[i1:i2])
            add("+", b[j1:j2])
    return runs


def trimmed(runs: list[Word], context: int = CONTEXT_WORDS) -> list[Word]:
    """The runs with long kept stretches cut to ``context`` words either side of a change ("…" for the rest)."""
    out: list[Word] = []
    for i, run in enumerate(runs):
        if run.op != "=":
            out.append(run)
            continue
        parts = tokens(run.text)
        words = [k for k, p in enumerate(parts) if not p.isspace()]
        if len(words) <= 2 * context:
            out.append(run)
            continue
        head = "".join(parts[:words[context - 1] + 1]) if i > 0 else ""
        tail = "".join(parts[words[-context]:]) if i < len(runs) - 1 else ""
        out.append(Word("=", (head + " … " if head else "… ") + tail if tail else head + " …"))
    return out
