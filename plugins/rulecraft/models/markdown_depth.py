"""How deeply a rule text nests its Markdown, measured in one linear pass, before Python-Markdown sees it.

Python-Markdown recurses once per nested emphasis, list or quote and rescans the rest of a paragraph
for every '[' it cannot close: 6 000 nested ``*`` end the build with a RecursionError, 500 nested
lists take 8 s and then do the same, 5 000 '[' take 4 s for one field. No rules text nests that
deeply, so the checker refuses a text past ``INLINE_LIMIT`` (emphasis or brackets) or ``BLOCK_LIMIT``
(lists, quotes, admonitions) with the offset where it went too deep.

The measure is deliberately simple and errs on the deep side (each ``*`` or ``_`` of a run counts
as a level; code spans are not skipped), so no parser's corner case can slip under it:

* emphasis: a run of ``*``/``_`` that can open (followed by a non-space) and not close adds its
  length; one that can close subtracts it; an intraword ``*`` closes when something is open, else
  opens (an intraword ``_`` is no emphasis for Python-Markdown);
* brackets: every '[' opens, every ']' closes (link texts, images and reference definitions alike);
* both start again at a blank line (Python-Markdown parses inline text one paragraph at a time);
* blocks: per line, its indentation in steps of four plus the markers it opens (``>``, ``-``,
  ``1.``, ``!!!``...), for lines that open at least one; a thematic break (``* * *``) opens none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

INLINE_LIMIT = 20  # nested emphasis, or nested brackets
BLOCK_LIMIT = 10  # nested lists, quotes and admonitions

_INLINE_RE = re.compile(r"\\.|\[|\]|\*+|_+|\n[ \t]*\n", re.DOTALL)
# A line opening blocks: its indentation, then one or more markers. Every alternative starts on a
# different character and nothing follows the group, so the match never backtracks.
_BLOCK_LINE_RE = re.compile(r"^([ \t]*)((?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$)|>[ \t]*|(?:!!!|\?\?\?\+?)[ \t]+)+)",
                            re.MULTILINE)
_MARKER_RE = re.compile(r">|!!!|\?\?\?|(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$)")
_BREAK_RE = re.compile(r"[ ]{0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class TooDeep:
    what: str  # "emphasis", "brackets" or "lists and quotes"
    depth: int  # how deep the text had gone at ``offset`` (at least limit + 1)
    limit: int
    offset: int  # where it went past the limit


def too_deep(text: str) -> TooDeep | None:
    """The first place where ``text`` nests deeper than the limits, or None."""
    if not any(c in text for c in "*_[>-+!?0123456789"):
        return None
    return _inline(text) or _blocks(text)


def _inline(text: str) -> TooDeep | None:
    if "*" not in text and "_" not in text and "[" not in text:
        return None
    emphasis = brackets = 0
    for token in _INLINE_RE.finditer(text):
        kind = token.group(0)[0]
        if kind == "[":
            brackets += 1
            if brackets > INLINE_LIMIT:
                return TooDeep("brackets", brackets, INLINE_LIMIT, token.start())
        elif kind == "]":
            brackets = max(0, brackets - 1)
        elif kind in "*_":
            start, end = token.span()
            opens = end < len(text) and not text[end].isspace()
            closes = start > 0 and not text[start - 1].isspace()
            if opens and closes:
                if kind == "_":
                    continue
                opens = emphasis == 0
            if opens:
                emphasis += end - start
                if emphasis > INLINE_LIMIT:
                    return TooDeep("emphasis", emphasis, INLINE_LIMIT, start)
            elif closes:
                emphasis = max(0, emphasis - (end - start))
        elif kind == "\n":
            emphasis = brackets = 0
        # "\\": an escaped character opens and closes nothing
    return None


def _blocks(text: str) -> TooDeep | None:
    for line in _BLOCK_LINE_RE.finditer(text):
        if _BREAK_RE.match(text, line.start()):
            continue
        indent = len(line.group(1).expandtabs(4)) // 4
        depth = indent + len(_MARKER_RE.findall(line.group(2)))
        if depth > BLOCK_LIMIT:
            return TooDeep("lists and quotes", depth, BLOCK_LIMIT, line.start(2))
    return None
