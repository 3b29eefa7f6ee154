"""Inline references inside rule text: {term:id}, {icon:id}, {const:id}, ...

One syntax for prose pages and for text fields in YAML. ``{kind:id|shown text}``
overrides the shown text; ``{plain:word}`` keeps a word from being auto-linked.
A backslash before the brace (``\\{term:x}``) keeps it literal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REF_KINDS = ("term", "icon", "const", "phase", "dice", "card", "deck", "plain")
REF_RE = re.compile(r"(?<!\\)\{(" + "|".join(REF_KINDS) + r"):([^{}|\n]+?)(?:\|([^{}\n]*))?\}")

# Words that mark unfinished text, in any case ("-- todo" is as unfinished as "TODO").
PLACEHOLDER_RE = re.compile(r"\b(TODO|TBD|FIXME|XXX)\b|\?\?\?|lorem ipsum", re.IGNORECASE)


@dataclass(frozen=True)
class Ref:
    kind: str
    target: str
    text: str | None
    start: int
    end: int


def find_refs(text: str) -> list[Ref]:
    return [Ref(m.group(1), m.group(2).strip(), m.group(3), m.start(), m.end()) for m in REF_RE.finditer(text)]


def find_placeholders(text: str) -> list[re.Match]:
    return list(PLACEHOLDER_RE.finditer(text))
