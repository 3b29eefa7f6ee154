"""Costs and repeated thresholds in the rules' text.

* 'Costs 2 Wood, 2 Gold' in a list item or paragraph that is no catalog item (:mod:`catalog`), such as an
  action in the turn: the cost stays in the copied text (a phase's steps, the prose page) and each one is
  listed under "needs a human" with its line;
* a threshold written the same way more than once ('17+ Fame', '10 or more Gold') becomes a constant
  in game.yaml, and the data's copies of it read ``{const:id}``, so the number is typed once; not when each
  is in a different one of parallel sections ('Mission 1', 'Mission 2'), where each is that one's own figure
  (as the checker's drift-repeated-number judges it).
"""

from __future__ import annotations

import re
from collections import defaultdict

from rulecraft.checks.drift.parallel import parallel_sections

from .catalog import AMOUNTS, priced_amounts
from .names import split_item
from .outline import ListBlock, Paragraph, Section
from .state import State
from .text import plain

# a price in running text, in the catalog's grammar of amounts ('Costs 2 Wood, 2 Gold', 'costs 1 food')
COST_RE = re.compile(rf"\b(?:costs?):?\s+(?P<amounts>{AMOUNTS})", re.I)
THRESHOLD_RE = re.compile(r"(?<![\w.])(?P<value>\d{1,4})(?P<form>\+|\s+or\s+more)\s+(?P<word>[A-Z][a-z][\w-]*)")


def _texts(state: State, priced: bool = True):
    """(plain text, line, name of the thing it describes, section) for every paragraph and list item (but
    those read into catalog items, unless ``priced``)."""

    for section in state.sections():
        for block in section.blocks:
            if not priced and id(block) in state.priced:
                continue
            if isinstance(block, Paragraph):
                yield block.text, block.line, plain(section.title) or "the introduction", section
            elif isinstance(block, ListBlock):
                for item in block.all_items():
                    yield item.text, item.line, split_item(item.text).name, section


def costs(state: State) -> None:
    found = 0
    for text, line, name, _ in _texts(state, priced=False):
        for match in COST_RE.finditer(plain(text)):
            if not priced_amounts(match.group("amounts")):
                continue  # 'Entering a mountain hex costs 3 movement points': what a move spends, no price
            found += 1
            state.ask("costs", f"'{name}' costs {match.group('amounts')}: kept as text in the rules (only what "
                      "is built, recruited or bought has a cost in catalog.yaml; move it there if it is one)", line)
    if found:
        state.note("costs", f"{found} cost(s) outside the catalog, kept as text (listed under 'needs a human')")


def _replace(data, pattern: re.Pattern, repl: str):
    if isinstance(data, str):
        return pattern.sub(repl, data)
    if isinstance(data, list):
        return [_replace(item, pattern, repl) for item in data]
    if isinstance(data, dict):
        return {key: _replace(value, pattern, repl) if key not in ("id", "roll", "face") else value
                for key, value in data.items()}
    return data


def _parallel_of(state: State):
    """The innermost parallel section holding a section (``id``; None outside all of them)."""
    found = {id(s) for s in parallel_sections(state.outline.root.children, lambda s: s.children,
                                              lambda s: plain(s.title))}

    def of(section: Section | None) -> int | None:
        while section is not None and id(section) not in found:
            section = section.parent
        return None if section is None else id(section)
    return of


def constants(state: State) -> None:
    seen: dict[tuple[int, str, str], list[tuple[int, int | None]]] = defaultdict(list)
    parallel_of = _parallel_of(state)
    for text, line, _, section in _texts(state):
        for match in THRESHOLD_RE.finditer(plain(text)):
            form = "+" if match.group("form") == "+" else " or more"
            seen[(int(match.group("value")), form, match.group("word"))].append((line, parallel_of(section)))
    table: dict[str, dict] = {}
    for (value, form, word), places in seen.items():
        lines = [line for line, _ in places]
        parallel = [where for _, where in places if where is not None]
        if len(lines) < 2 or (len(parallel) == len(places) and len(set(parallel)) == len(parallel)):
            continue  # once, or once in each of parallel sections: each mission's own figure
        const_id = state.ids["constant"](f"{word} threshold" if form == "+" else f"{word} {value}", "number")
        table[const_id] = {"value": value, "label": f"{word} threshold ({value}{form} {word})"[:120]}
        pattern = re.compile(rf"(?<![\w.]){value}(?=(?:\+|\s+or\s+more)\s+{re.escape(word)}\b)")
        repl = f"{{const:{const_id}}}"
        state.game = _replace(state.game, pattern, repl)
        state.phases[:] = _replace(state.phases, pattern, repl)
        state.tables[:] = _replace(state.tables, pattern, repl)
        state.catalog = _replace(state.catalog, pattern, repl)
        state.terms[:] = _replace(state.terms, pattern, repl)
        where = ", ".join(str(n) for n in sorted(set(lines)) if n)
        state.note("constants", f"'{value}{form} {word}' is written {len(lines)} times (lines {where}): now the "
                   f"constant {const_id}")
    if table:
        state.game["constants"] = table
