"""Tables read whole, every cell kept: a combat results table (rolls down one side, odds ratios or differences
across) becomes a two-dimensional dice table; another table with a header row a reference table (tables.yaml);
the key printed next to either ('AE = attacker eliminated; DR = defender retreats', a list of codes and their
meanings, a Code | Meaning table) the table's legend, never a die's faces, cards or glossary terms.

What the source does not say is written as a todo, never guessed silently: the die when it is not named, the
calculator's strength ranges, how odds are rounded and what odds past the columns give. What cannot be read
for sure (rows of uneven length, no header row, no column naming each row once) stays a table on the prose
page, with a located question in the report.
"""

from __future__ import annotations

import re

from rulecraft.dice.grid import check_headings, parse_heading
from rulecraft.dice.notation import parse_dice, parse_roll
from rulecraft.models.records import cell_tokens
from rulecraft.models.tables import CODE_PATTERN

from . import grid_mods
from .names import capitalise
from .outline import ListBlock, Paragraph, Table
from .state import State, context_before
from .text import plain, slug

MINUS = "[-–−]"
# a roll cell: '3', '2-4', '1–2', '6+', '12 or more', '2 or less', '≤2'
ROLL_CELL = re.compile(rf"^(?:(?P<le>≤\s*)?(?P<a>\d{{1,2}})(?:\s*{MINUS}\s*(?P<b>\d{{1,2}})|\s*\+|"
                       r"\s+or\s+(?P<more>more|higher|over)|\s+or\s+(?:less|fewer|lower|under))?)$", re.I)
# odds across: '1-2', '3:1', '1–1'; an open end '≤1-3', '1-3 or less', '7-1+', '≥7-1', '7-1 or more'
RATIO_CELL = re.compile(rf"^(?P<low>≤\s*)?(?P<high>≥\s*)?(?P<o>\d{{1,2}})\s*(?:{MINUS}|:)\s*(?P<u>\d{{1,2}})"
                        r"(?:\s*(?P<plus>\+|or more|or higher|or better)|\s*(?P<minus>-|or less|or lower|or worse))?$",
                        re.I)
# differences across: '-2', '0', '+3', '−1', '-3 or less', '≤ -3', '+4 or more', '4+', '1 to 2'
DIFF_CELL = re.compile(rf"^(?P<low>≤\s*)?(?P<high>≥\s*)?(?P<n>[+−–-]?\s*\d{{1,2}})"
                       rf"(?:\s*(?P<plus>\+|or more|or higher)|\s*(?P<minus>or less|or lower)|"
                       rf"\s*(?:to|{MINUS})\s*(?P<m>[+−–-]?\d{{1,2}}))?$", re.I)
ROUNDING = (("defender", re.compile(r"in (?:the )?favou?r of the defender|in the defender'?s'? favou?r|"
                                    r"favou?ring the defender", re.I)),
            ("down", re.compile(r"\bround(?:ed|ing)? (?:all fractions )?down\b|\bdrop(?:ping)? (?:any )?fractions", re.I)),
            ("nearest", re.compile(r"\bround(?:ed|ing)? (?:off |)to the nearest\b", re.I)))
# what names a key: 'Key', 'Legend', 'Results', 'Combat key', 'Explanation of results'
KEY_LEAD = re.compile(r"^\s*(?P<title>(?:[\w'’ ]{0,30}\b)?(?:key|legend|results?|codes|abbreviations)|"
                      r"explanation of (?:the )?results)\s*[.:—–-]\s*", re.I)
CODE = r"[A-Z0-9][A-Za-z0-9#*'+]{0,7}"
CODE_RE = re.compile(CODE_PATTERN)
# one code and its meaning: 'AE = attacker eliminated', '**DR** – defender retreats', 'EX (Exchange): ...'
KEY_ENTRY = re.compile(rf"^\s*(?:\*\*|__)?(?P<code>{CODE})(?:\*\*|__)?\s*(?:(?:=|:|–|—|\s-\s|\bmeans\b)\s*|"
                       r"(?=\())(?P<meaning>\S.*)$", re.S)
# where one entry of a key written as a sentence starts: the text's start, or after ';' / ',' / '.'
KEY_SPLIT = re.compile(rf"(?:^|(?<=[;,.])\s+|\n)(?=(?:\*\*|__)?{CODE}(?:\*\*|__)?\s*(?:=|:|–|—|\s-\s|\bmeans\b))")
RATIO_SPAN = [1, 40]  # what the calculator offers when the source gives no strengths: said in the todo
DIFF_SPAN = [0, 20]
NONE_CELL = "—"
CODED_CELL = re.compile(rf"(?:[—–-]|{CODE})(?:\s*/\s*{CODE}|\s+{CODE})*")  # 'L2 / NR', 'DD', '—'


def _roll(text: str) -> int | str | None:
    """A roll cell in the grid's notation (3, '2-4', '6+', '2-' for 2 or less), or None."""
    match = ROLL_CELL.match(plain(text).strip())
    if not match:
        return None
    a, b = int(match.group("a")), match.group("b")
    word = plain(text).lower()
    if b is not None:
        return f"{a}-{int(b)}" if int(b) > a else None
    if match.group("le") or re.search(r"or (?:less|fewer|lower|under)", word):
        return f"{a}-"
    if "+" in word or match.group("more"):
        return f"{a}+"
    return a


def _axis(heads: list[str]) -> tuple[str, list, bool, bool] | None:
    """(axis, column values, low side stated, high side stated) of column headings that are odds ratios or
    differences, as the grid model reads them; None when they are neither."""
    texts = [plain(h).strip().replace("−", "-") for h in heads]
    if len(texts) < 2:
        return None
    ratios = [RATIO_CELL.match(t) for t in texts]
    if all(ratios):
        values = [f"{int(m.group('o'))}-{int(m.group('u'))}" for m in ratios]
        low = bool(ratios[0].group("low") or ratios[0].group("minus"))
        high = bool(ratios[-1].group("high") or ratios[-1].group("plus"))
        opens = [bool(m.group("low") or m.group("minus") or m.group("high") or m.group("plus")) for m in ratios]
        if any(opens[1:-1]) or (opens[0] and not low) or (opens[-1] and not high):
            return None
        return _valid("ratio", values, low, high)
    diffs = [DIFF_CELL.match(t) for t in texts]
    if not all(diffs) or not any(re.match(r"[+-]", t) for t in texts):  # a sign says so: '1 2 3' are no differences
        return None
    values: list = []
    for k, m in enumerate(diffs):
        n = int(m.group("n").replace(" ", "").replace("–", "-"))
        if m.group("m"):
            values.append(f"{n} to {int(m.group('m').replace('–', '-'))}")
        elif m.group("low") or m.group("minus"):
            values.append(f"{n}-")
        elif m.group("high") or m.group("plus"):
            values.append(f"{n}+")
        else:
            values.append(f"+{n}" if n > 0 else n)
    low = isinstance(values[0], str) and values[0].endswith("-") and not values[0].startswith("+")
    high = isinstance(values[-1], str) and values[-1].endswith("+") and len(values[-1]) > 1 and values[-1][0] != "+"
    return _valid("difference", values, low, high)


def _valid(axis: str, values: list, low: bool, high: bool):
    try:
        for i, value in enumerate(values):
            parse_heading(axis, value, i)
        check_headings(axis, values)
    except ValueError:
        return None
    if len({str(v) for v in values}) != len(values):
        return None
    return axis, values, low, high


# odds the ratio axis cannot hold but a player reads as odds: '1.5-1', a column of two ('1-4 1-3'), '6-1 or more'
ODDS_LIKE = re.compile(rf"^(?:[≤≥]\s*)?\d{{1,2}}(?:\.\d)?\s*(?:{MINUS}|:)\s*\d{{1,2}}(?:\.\d)?"
                       rf"(?:\s+(?:\d{{1,2}}\s*(?:{MINUS}|:)\s*\d{{1,2}}|or (?:more|less|higher|lower|better|worse))|\+)?$",
                       re.I)
DIE_HEAD = re.compile(r"^(?:die|dice|roll|die roll|\d?d6|\d?d10)$", re.I)


def _picked(heads: list[str]) -> bool:
    """Column headings that are odds as printed, though not the whole-number ratios the calculator works out:
    the column is then picked directly (a 'pick' axis), every heading kept as printed."""
    texts = [plain(h).strip() for h in heads]
    return len(texts) >= 3 and all(ODDS_LIKE.match(t) for t in texts) and len(set(texts)) == len(texts)


def _grid_shape(table: Table) -> tuple[list[str], list[str], list[list[str]]] | None:
    """(column headings, roll cells, cells by row) of a combat results table, read across or transposed (the
    rolls along the top, the odds down the side); None when neither axis is a roll. A table with no header row
    (HTML's bare <td> cells) is read so when its first cell names the die ('Die') over a row of odds."""
    if len(table.rows) < 3 or len(table.rows[0]) < 3:
        return None
    head = table.rows[0]
    if not table.header and not (DIE_HEAD.match(plain(head[0]).strip()) and _picked(head[1:])):
        return None
    body = [r for r in table.rows[1:] if r]  # a spacer row (HTML's empty <tr>) holds no cell
    if len(body) < 2:
        return None
    if all(_roll(r[0]) is not None for r in body) and (_axis(head[1:]) or _picked(head[1:])):
        return head[1:], [r[0] for r in body], [r[1:] for r in body]
    if all(_roll(h) is not None for h in head[1:]) and _axis([r[0] for r in body]):
        return [r[0] for r in body], head[1:], [[r[k + 1] if k + 1 < len(r) else "" for r in body]
                                                  for k in range(len(head) - 1)]
    return None


def odds_table(table: Table) -> bool:
    """A table whose axes are a roll and odds (or differences): never a list of one-column results."""
    return _grid_shape(table) is not None


def _document_text(state: State) -> str:
    from .dice import _document_text as text

    return text(state)


def grids(state: State) -> None:
    """Combat results tables (and their keys), before anything else reads their cells or their keys."""
    for section in list(state.sections()):
        for index, block in enumerate(section.blocks):
            if isinstance(block, Table) and not state.claimed(block) and id(block) not in state.held:
                _grid(state, section, index, block)


def _grid(state: State, section, index: int, table: Table) -> None:
    from .dice import _die, _lead_title, _link_phase, _title, title_rule, with_note

    shape = _grid_shape(table)
    if shape is None:
        return
    heads, rolls, cells = shape
    axis, values, low, high = _axis(heads) or ("pick", [plain(h).strip() for h in heads], False, False)
    title, rule = title_rule(_lead_title(section, index) or _title(section, state))
    widths = {len(r) for r in table.rows if r}
    if len(widths) != 1 or len(rolls) != len(cells):
        return _hold(state, table, f"The table '{title}' reads as a two-dimensional dice table (a roll against "
                     f"{axis}s), but its rows have different numbers of cells ({', '.join(map(str, sorted(widths)))}):"
                     " kept as a table in the prose; write it in dice.yaml with 'columns' and 'grid'")
    grid_rolls = [_roll(r) for r in rolls]
    ranges = [parse_roll(r) for r in grid_rolls]
    lows = [r.low if r.low is not None else r.high for r in ranges]
    highs = [r.high if r.high is not None else r.low for r in ranges]
    context = context_before(section, index) + " " + plain(section.title) + " " + plain(table.rows[0][0])
    dice, guessed = _die(context, lows + highs, _document_text(state))
    totals = parse_dice(dice).totals()
    covered = [t for t in totals for r in ranges if r.contains(t)]
    if sorted(covered) != list(totals) or min(lows) < totals[0] or max(highs) > totals[-1]:
        return _hold(state, table, f"The table '{title}' reads as a two-dimensional dice table, but its rolls "
                     f"({', '.join(map(str, grid_rolls))}) do not cover each total of {dice} once (modified rolls?):"
                     " kept as a table in the prose; write it in dice.yaml with 'columns', 'grid' and its modifiers")
    reasons = []
    if guessed:
        reasons.append(f"the die is a guess ({dice}): the source does not name it next to the table")
    document = _document_text(state)
    span = RATIO_SPAN if axis == "ratio" else DIFF_SPAN
    labels = ("attack strength", "defence strength") if axis == "ratio" else ("attack value", "defence value")
    if axis == "pick":
        columns: dict = {"pick": {"label": "Odds"}}
        reasons.append(f"its column headings ({', '.join(values)}) are odds the calculator cannot work out from "
                       "two strengths (a fraction, two odds in one column), so the player picks the column "
                       "('pick'): make it a 'ratio' if the rules allow")
    else:
        columns = {axis: {"over": {"label": labels[0], "range": list(span)},
                          "under": {"label": labels[1], "range": list(span)}}}
        reasons.append(f"the strengths the calculator offers ({span[0]} to {span[1]} each side) are not in the "
                       "source: set the ranges under 'columns' to the game's")
    if axis == "ratio":
        found = [way for way, rx in ROUNDING if rx.search(document)]
        columns["ratio"]["rounding"] = found[0] if len(found) == 1 else "defender"
        if len(found) != 1:
            reasons.append("how odds are rounded is not read from the source (in the defender's favour is "
                           "assumed): check 'rounding'")
    columns["values"] = values
    columns["beyond"] = "clamp"
    shifts, modifiers = _stated_mods(state, section, title, reasons)
    low = low or _edge_stated(document, str(values[0]), "low")
    high = high or _edge_stated(document, str(values[-1]), "high")
    if axis == "pick":  # only a shift goes past a picked column's edge
        if shifts:
            reasons.append("what a shift past the first or last column gives is not read from the source (the "
                           "edge column is assumed): check 'beyond'")
    elif not (low and high):
        edge = "first or last" if not (low or high) else "first" if not low else "last"
        reasons.append(f"what {axis}s past the {edge} column give is not read from the source (the edge column is "
                       "assumed): check 'beyond'")
    grid, empty = [], 0
    for roll, row in zip(grid_rolls, cells):
        shown = [plain(c).strip() or NONE_CELL for c in row]
        empty += sum(1 for c in row if not plain(c).strip())
        grid.append({"roll": roll, "cells": shown})
    if empty:
        reasons.append(f"{empty} empty cell(s) of the source are written '{NONE_CELL}'")
    printed = [plain(h).strip() for h in heads]
    if [w for h in printed for w in re.findall(r"[^\W_]+", h)] != \
            [w for v in values for w in re.findall(r"[^\W_]+", str(v))]:  # '+3 or more' written '3+'
        notes = "Columns: " + ", ".join(printed) + "."
    else:
        notes = None
    data: dict = {"id": state.ids["table"](title, "table"), "title": title, "dice": dice}
    cells_all = [c for r in grid for c in r["cells"]]
    legend = _legend_for(state, _key_near(state, section, index, cells_all, title, data["id"]), cells_all, reasons)
    if legend:
        data["legend"] = legend
    data["columns"] = columns
    if shifts:
        data["shifts"] = shifts
    if modifiers:
        data["modifiers"] = modifiers
        data["rolls_beyond"] = "clamp"
    data["grid"] = grid
    if notes:
        data["notes"] = notes
    with_note(data, rule)
    data["todo"] = capitalise("; ".join(reasons)) + "."
    _link_phase(state, data, state.phase_of(section))
    state.tables.append(data)
    state.claim(table, f"/// dice | {data['id']}\n///")
    state.note("dice", f"two-dimensional dice table '{title}' ({dice} by {len(values)} {axis} columns, "
               f"{len(grid)} rows" + (f", legend '{legend}'" if legend else "") + ")", table.line)
    state.ask("dice", f"Dice table '{title}': " + "; ".join(reasons), table.line)


def _stated_mods(state: State, section, title: str, reasons: list[str]) -> tuple[list[dict], list[dict]]:
    """The column shifts and die-roll modifiers the rules state near the table (grid_mods.py), with a todo
    naming the lines they were read from, and a located question for those that could not be read."""
    found, unread = grid_mods.read(grid_mods.near(section))
    shifts, modifiers = grid_mods.entries(found)
    outline = state.outline
    if found:
        kinds = " and ".join(k for k, have in (("column shifts", shifts), ("die-roll modifiers", modifiers)) if have)
        reasons.append(f"its {kinds} were read from the rules at {grid_mods.lines_text([f.line for f in found], outline)}:"
                       " check each label, and whether they may all apply at once")
    favour = [f.line for f in found if f.favour]
    if favour:
        reasons.append(f"a 'favourable' shift ({grid_mods.lines_text(favour, outline)}) is read as in the attacker's "
                       "favour, to the right (the columns run from the defender's best odds to the attacker's): "
                       "check its sign")
    if modifiers:
        reasons.append("what a modified roll under the first row or over the last gives is not read from the source "
                       "(the end row is assumed): check 'rolls_beyond'")
    for sentence, line in unread:
        short = sentence if len(sentence) <= 160 else sentence[:157] + "…"
        reasons.append(f"'{short}' ({grid_mods.lines_text([line], outline)}) states a column shift or a die-roll "
                       "modifier the import could not read for sure: add it under 'shifts' or 'modifiers'")
        state.ask("dice", f"Dice table '{title}': '{short}' states a column shift or a die-roll modifier the import "
                  "could not read for sure (its amount, direction or what it applies to): add it under 'shifts' or "
                  "'modifiers'", line)
    return shifts, modifiers


EDGE_WORDS = {"high": r"more|greater|higher|above|over|better|exceed(?:s|ing)?",
              "low": r"less|lower|below|under|worse|poorer"}


def _edge_stated(document: str, heading: str, side: str) -> bool:
    """The rules say that odds past an edge column count as that column: 'odds of more than 9-1 are resolved on
    the 9-1 column', 'less than 1-2 ... as 1-2'."""
    ratio = re.fullmatch(r"(\d+)-(\d+)", heading)
    head = rf"{ratio.group(1)}\s*[-–:]\s*{ratio.group(2)}" if ratio else re.escape(heading.rstrip("+-"))
    pattern = rf"\b(?:{EDGE_WORDS[side]})\s+(?:than\s+)?(?:odds of\s+)?{head}\b[^.;]{{0,80}}?(?<![\d-]){head}(?![\d])"
    return re.search(pattern, document, re.I) is not None


def _hold(state: State, table: Table, question: str) -> None:
    """An uncertain table stays as it is on the prose page: no other recogniser reads it in pieces."""
    state.held.add(id(table))
    state.ask("tables", question, table.line)


# --- legends -------------------------------------------------------------------------------------------------

def key_codes(block) -> tuple[str | None, list[tuple[str, str]]] | None:
    """(the key's own title, [(code, meaning)]) of a key: a paragraph of 'CODE = meaning' entries, a list of
    them, or a table of codes and meanings; None when the block is none."""
    title = None
    if isinstance(block, Paragraph):
        text = plain(block.text).strip()
        lead = KEY_LEAD.match(text)
        if lead:
            title, text = lead.group("title").strip(), text[lead.end():]
        parts = [p for p in KEY_SPLIT.split(text) if p.strip()]
        entries = [KEY_ENTRY.match(p.strip().rstrip(";,")) for p in parts]
    elif isinstance(block, ListBlock) and not any(i.children for i in block.items):
        entries = [KEY_ENTRY.match(i.text.strip()) for i in block.items]
    elif isinstance(block, Table) and len(block.rows) >= 3 and len({len(r) for r in block.rows}) == 1 \
            and len(block.rows[0]) == 2:
        rows = block.rows[1:] if block.header else block.rows
        pairs = [(plain(r[0]).strip(), plain(r[1]).strip()) for r in rows]
        if not all(CODE_RE.match(c) and re.fullmatch(CODE, c) and m for c, m in pairs):
            return None
        if block.header:
            title = " / ".join(plain(c).strip() for c in block.rows[0] if plain(c).strip()) or None
        return title, pairs
    else:
        return None
    if len(entries) < 2 or not all(entries):
        return None
    pairs = []
    for m in entries:
        meaning = m.group("meaning").strip()
        named = re.match(r"^\((?P<name>[^()]{1,60})\)\s*(?:[:=–—-]\s*)?(?P<rest>.*)$", meaning, re.S)
        if named:
            meaning = named.group("name") + (f": {named.group('rest').strip()}" if named.group("rest").strip() else "")
        pairs.append((plain(m.group("code")), meaning))
    if any(not CODE_RE.match(c) for c, _ in pairs) or len({c for c, _ in pairs}) != len(pairs):
        return None
    return title, pairs


def _key_near(state: State, section, index: int, cells: list[str], title: str, table_id: str) -> dict | None:
    """The legend of the key right after the table (or right before it) some of whose codes the cells use:
    written to tables.yaml, its block claimed (the legend is printed under the table); None when there is none."""
    tokens = {t for c in cells for t in cell_tokens(plain(str(c)))}
    if not tokens:
        return None
    for k in (index + 1, index + 2, index - 1):
        if not 0 <= k < len(section.blocks) or k == index:
            continue
        block = section.blocks[k]
        if state.claimed(block) or id(block) in state.held or isinstance(block, Table) and odds_table(block):
            continue
        found = key_codes(block)
        if not found:
            continue  # a sentence between the table and its key ('Odds above 6-1 count as 6-1.')
        key_title, pairs = found
        legend = {"id": "legend", "title": (key_title or f"{title} key")[:120],
                  "codes": [{"code": c, "meaning": m} for c, m in pairs]}
        if not any(_declared(legend)(t) for t in tokens):
            continue
        legend["id"] = state.ids["legend"](table_id, "legend")  # a placeholder till then: a rejected key takes no id
        state.legends.append(legend)
        state.claim(block, "")
        state.note("tables", f"legend '{legend['title']}' ({len(pairs)} codes) for '{title}'", block.line)
        return legend
    return None


def _legend_for(state: State, legend: dict | None, cells: list[str], reasons: list[str]) -> str | None:
    """The legend's id when it declares every code of the cells; else None and a todo naming the codes."""
    if legend is None:
        return None
    declared = _declared(legend)
    tokens = {t for c in cells for t in cell_tokens(plain(str(c)))}
    missing = sorted(t for t in tokens if not declared(t))
    if missing and all(re.fullmatch(r"\d+", t) for t in missing):
        return None  # numbers beside a code ('1', '2', 'P' for prohibited): the key explains the code, the column
    if missing:
        reasons.append(f"its cells use {', '.join(missing[:8])}, which the key next to it does not declare: add "
                       f"them to legend '{legend['id']}' and link it with 'legend'")
        return None
    return legend["id"]


def _declared(legend: dict):
    from rulecraft.models.tables import Legend

    model = Legend.model_validate(legend)
    return lambda token: model.entry_for(token) is not None


# --- reference tables ----------------------------------------------------------------------------------------

def reference_tables(state: State, min_columns: int = 3) -> None:
    """Every table left with a header row and ``min_columns`` columns or more: a reference table each. Run twice:
    for wide tables before the glossary reads rows as terms, for two-column ones after it."""
    from .gameinfo import COMPONENTS_HEADING
    from .sections import heading_text
    from .terms import TERM_HEADER, TERMS_HEADING

    for section in list(state.sections()):
        if COMPONENTS_HEADING.search(plain(section.title)) or TERMS_HEADING.search(heading_text(section.title)):
            continue  # the box's contents (gameinfo) or the glossary's terms (terms.py): theirs to read
        for index, block in enumerate(section.blocks):
            if isinstance(block, Table) and not state.claimed(block) and id(block) not in state.held \
                    and block.rows and len(block.rows[0]) >= min_columns \
                    and not any(TERM_HEADER[1].match(plain(c).strip(" ≡")) for c in block.rows[0][1:2]):
                _reference(state, section, index, block)  # '| Term | Meaning | …': a glossary's, wherever it is


def _reference(state: State, section, index: int, table: Table) -> None:
    from .dice import _lead_title, _title

    rows = table.rows
    if len(rows) < 2 or odds_table(table):
        return
    body = rows[1:]
    title = _lead_title(section, index) or _title(section, state)
    if not table.header:
        return _hold(state, table, f"The table under '{plain(section.title)}' has no header row: kept as a table "
                     "in the prose; write it in tables.yaml with the columns it has")
    widths = sorted({len(r) for r in rows})
    if len(widths) != 1:
        return _hold(state, table, f"The table '{title}' has rows of different lengths ({', '.join(map(str, widths))}"
                     " cells): kept as a table in the prose; write it in tables.yaml, each cell in its column")
    heads = [plain(c).strip() for c in rows[0]]
    ids: list[str] = []
    for k, head in enumerate(heads):
        base = "-".join(slug(head, f"column-{k + 1}").split("-")[:3])  # short: a cell's key stays near its words
        column_id, n = base, 2
        while column_id in ids:
            column_id, n = f"{base}-{n}", n + 1
        ids.append(column_id)
    # the first column naming each row once, among the columns of names a chart opens with (a schedule's Turn
    # numbers as the first): 'Forest' twice for its two seasons leaves a cost or an effect column no name
    names = next((k for k in range(1, len(heads)) if sum(isinstance(_cell(r[k]), int) for r in body) * 2 > len(body)),
                 len(heads))
    key = next((k for k in range(names) if all(plain(r[k]).strip() for r in body)
                and len({plain(r[k]).strip() for r in body}) == len(body)), None)
    if key is None:
        return _hold(state, table, f"The table '{title}' has no column naming each row once (a name repeats or is "
                     "missing): kept as a table in the prose; write it in tables.yaml with a column of row names")
    reasons = []
    columns = []
    for k, head in enumerate(heads):
        column = {"id": ids[k], "title": head or f"Column {k + 1}"}
        columns.append(column)
        if not head:
            reasons.append(f"column {k + 1} has no heading in the source: name it")
    data: dict = {"id": state.ids["table"](title, "table"), "title": title, "columns": columns}
    if key:
        data["key"] = ids[key]
    data["rows"] = [{ids[k]: _cell(c) for k, c in enumerate(r) if plain(c).strip()} for r in body]
    coded = {k: cells for k in range(len(columns)) if k != key
             for cells in [[plain(r[k]).strip() for r in body if plain(r[k]).strip()]]
             if cells and all(CODED_CELL.fullmatch(c) for c in cells) and any(re.search(r"[A-Za-z]", c) for c in cells)}
    legend = _key_near(state, section, index, [c for cells in coded.values() for c in cells], title, data["id"])
    for k, cells in coded.items():
        if legend is not None and any(_declared(legend)(t) for c in cells for t in cell_tokens(c)):
            linked = _legend_for(state, legend, cells, reasons)
            if linked:
                columns[k]["legend"] = linked
    if legend is not None:
        reasons += _coded_shifts(state, legend, columns, data["rows"], ids[key] if key is not None else None)
    if reasons:
        data["todo"] = capitalise("; ".join(reasons)) + "."
        state.ask("tables", f"Reference table '{title}': " + "; ".join(reasons), table.line)
    state.ref_tables.append(data)
    state.claim(table, f"/// table | {data['id']}\n///")
    state.note("tables", f"reference table '{title}' ({len(columns)} columns, {len(body)} rows)", table.line)
    # dice.py left it (nothing near it names a roll): numbered rows are a roll's, unless the column counts turns
    if all(_roll(r[0]) is not None for r in body) and not COUNTED.search(heads[0]):
        state.ask("dice", f"The table of {len(body)} numbered results under '{plain(section.title)}' reads like a "
                  "dice table, but nothing near it names a roll: kept as a reference table (make it a table in "
                  "dice.yaml if it is one)", table.line)


def _coded_shifts(state: State, legend: dict, columns: list[dict], rows: list[dict], key: str | None) -> list[str]:
    """A code of the table's legend that is a column shift or a die-roll modifier of a combat results table
    ('L1 – shift one column left on the Combat Results Table', the code in a terrain chart's Combat column): a
    todo naming the rows that have it. Which row's condition makes the shift (the defender's hex? the attacker's?)
    is the rules' to say, so it is not written under the table's 'shifts' here."""
    grids = [t for t in state.tables if "columns" in t]
    if not grids or key is None:
        return []
    found = []
    for entry in legend["codes"]:
        statements, _ = grid_mods.read([(entry["meaning"], 0)])
        mention = grid_mods.SHIFT_MENTION.search(entry["meaning"]) or grid_mods.MENTION.search(entry["meaning"])
        if not (statements or mention):
            continue
        coded = [c["id"] for c in columns if c.get("legend") == legend["id"]]
        having = [str(r.get(key)) for r in rows
                  if any(entry["code"] in cell_tokens(plain(str(r.get(c, "")))) for c in coded)]
        if having:
            found.append(f"'{entry['code']}' ({', '.join(having[:6])})")
    if not found:
        return []
    names = " or ".join(f"'{t['title']}'" for t in grids[:2])
    return [f"the codes {', '.join(found)} of legend '{legend['id']}' are column shifts or die-roll modifiers of "
            f"{names}: add one under its 'shifts' or 'modifiers' per row that has them, saying what it applies to"]


COUNTED = re.compile(r"\b(?:turns?|rounds?|years?|months?|days?|players?|age|level|step|stage|era)\b", re.I)


def _cell(text: str) -> str | int:
    """A cell as written: a whole number as a number (a cost sorts and sums), anything else as its text."""
    shown = plain(text).strip()
    return int(shown) if re.fullmatch(r"\d{1,6}", shown) and shown == text.strip() else text.strip()

