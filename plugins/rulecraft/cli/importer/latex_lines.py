"""A LaTeX source's lines cut so each ``\\begin{…}``, ``\\end{…}`` and ``\\item`` starts a line of its own.

The LaTeX reader converts line by line and looks for an environment's start, end and items at the start of a
line; a one-line list (``\\begin{itemize}\\item a\\item b\\end{itemize}``) or a float's last words before its
``\\end{table}`` would otherwise be read as one line and lost. Each piece keeps its source line's number, and
the text after an ``\\end{…}`` starts a piece too (it belongs to what follows the environment). Cuts are made
only outside braces (a macro's body stays whole) and never inside a code environment, whose text is literal;
the text after a code environment's ``\\begin`` (and its options) is a piece of its own, so it is kept as code.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

MARK = re.compile(r"\\(?:(?P<kind>begin|end)\s*\{(?P<env>[^{}]*)\}|item(?![A-Za-z@]))")
CODE = {"verbatim", "verbatim*", "lstlisting", "minted", "Verbatim"}


def _cuts(text: str, code: str | None) -> tuple[list[int], str | None]:
    """Where text is cut (indices of the pieces' starts after the first) and the code environment open after
    it (None when none is)."""
    cuts: list[int] = []
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            match = MARK.match(text, i)
            if match and (depth == 0 or code):
                kind, env = match.group("kind"), (match.group("env") or "").strip()
                if code is None or (kind == "end" and env == code):
                    cuts.append(i)
                    if kind == "end":
                        cuts.append(match.end())
                        code = None
                    elif kind == "begin" and env in CODE:
                        code = env
                        cuts.append(_after_options(text, match.end()))
                i = match.end()
                continue
            i += 2
            continue
        if not code:
            depth = max(0, depth + (ch == "{") - (ch == "}"))
        i += 1
    return cuts, code


def _after_options(text: str, i: int) -> int:
    """The index after a code environment's options ('[language=Python]', minted's '{python}')."""
    match = re.match(r"\s*(?:\[[^\]]*\])?\s*(?:\{[^{}]*\})?", text[i:])
    return i + match.end()


def split(lines: list[Line]) -> list[Line]:
    """The lines, each cut before a '\\begin{…}', '\\end{…}' or '\\item' that does not start it and after an
    '\\end{…}'; pieces of spaces only are left out (they are the spaces between commands)."""
    out: list[Line] = []
    code: str | None = None
    for ln, text in lines:
        cuts, code_after = _cuts(text, code)
        if not cuts:
            out.append((ln, text))
            code = code_after
            continue
        bounds = [0] + cuts + [len(text)]
        pieces = [text[a:b] for a, b in zip(bounds, bounds[1:])]
        kept = [p for p in pieces if p.strip()] or [""]
        out += [(ln, p.rstrip()) for p in kept]
        code = code_after
    return out
