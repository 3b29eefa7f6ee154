"""Lines that are each an entry: 'Field: A square …', 'Pan — one of the basins …', '2–3 – Plain week: …'.

An author who sets entries a line each, with no list marks, means a list: every reader (a Markdown paragraph's
lines, a plain text's, a PDF's) reads such a paragraph as one entry a line, and paragraphs that each open with
a roll and its result as one list of results.
"""

from __future__ import annotations

import re

from .dice import roll_line
from .outline import Code, ListBlock, ListItem, Paragraph, Table

# 'Pan — one of the basins ...' on a line of its own: a short name, a dash, its meaning
DASH_LINE_RE = re.compile(r"^ {0,3}(?:\*\*|__|\*|_)?[A-Za-z][\w'’ /-]{0,40}?(?:\*\*|__|\*|_)?"
                          r"(?:\s*\([^()]{1,30}\))?\s+(?:--|—|–|-)\s+\S")  # 'Spark (two faces) – add …'; 'Pond - all …'
LABEL_LINE_RE = re.compile(r"^ {0,3}(?:\*\*|__)?[A-Z][\w'’ /-]{0,40}?(?:\*\*|__)?\s*:(?:\*\*|__)?\s+\S")


def result_line(text: str) -> bool:
    """A roll and its result, but not an enumerated paragraph ('**1. Gather.** Take ...', '2) Upkeep: ...')."""
    return roll_line(text) and not re.match(r"^\W{0,2}\d{1,3}[.)](?!\.)", text)


def line_entries(lines: list[str]) -> bool:
    """Whether a paragraph's lines (two or more) are each an entry: all rolls, all 'Name: …' or all 'Name — …'."""
    return len(lines) >= 2 and (all(result_line(t.strip()) for t in lines) or all(LABEL_LINE_RE.match(t) for t in lines)
                                or all(DASH_LINE_RE.match(t) for t in lines))


def roll_paragraphs(blocks: list) -> list:
    """Two or more paragraphs in a row that each start with a roll and its result ('2–4 ........ Cracked. The
    casting is ...' hard-wrapped over lines, as a PDF converts) are one list of results, a paragraph an item."""
    out: list = []
    run: list[Paragraph] = []

    def flush() -> None:
        if len(run) >= 2:
            out.append(ListBlock(False, [ListItem(p.text, p.line) for p in run], run[0].line, hint="lines"))
        else:
            out.extend(run)
        run.clear()

    for block in blocks:
        if isinstance(block, Paragraph) and result_line(block.text):
            run.append(block)
            continue
        flush()
        out.append(block)
    flush()
    return out


def typed_table(code: Code) -> list | None:
    """A table typed as an indented block (Markdown written the old way: the block a code block would be, its
    columns apart by two spaces or more) as [its caption in bold, the table], or None. Dash rules are dropped;
    a rule under the first row makes it the header; a first line of one cell over the rows is the caption.
    Every row has the same two or more cells, three rows at least."""
    texts = [t.strip() for t in code.text.split("\n") if t.strip()]
    rule = [bool(re.fullmatch(r"[-=+\s]{3,}", t) and re.search(r"[-=]", t)) for t in texts]
    cells = [re.split(r"\s{2,}|\t+", t) for t, r in zip(texts, rule) if not r]
    caption = ""
    if len(cells) >= 3 and len(cells[0]) == 1 and len(cells[1]) >= 2:
        caption = cells.pop(0)[0]
        first = texts.index(caption)
        texts, rule = texts[first + 1:], rule[first + 1:]
    if len(cells) < 3 or len(cells[0]) < 2 or len({len(c) for c in cells}) != 1:
        return None
    if not (caption or any(rule) or all(re.match(r"\d", c[0]) for c in cells)):
        return None  # aligned code ('make all  # build'): a table has a caption, rules or rolls down its side
    while rule and rule[0]:
        texts, rule = texts[1:], rule[1:]
    header = len(rule) > 1 and rule[1]
    return ([Paragraph(f"**{caption}**", code.line)] if caption else []) + [Table(cells, code.line, header=header)]
