"""Dice tables from die-roll lists.

Recognised rows: ``1/2 → text``, ``3-4: text``, ``5+ = text``, and emoji keycaps as in
``1️⃣ / 2️⃣ &nbsp;&nbsp; text`` or ``1️⃣ with 3x storms &nbsp; text`` (a labelled face:
several rows may share a number, so such a list becomes a custom die with named faces).
A row that is not a roll ('For any result, ...') becomes ``any_result`` or a note.
Single thresholds in prose ('Production: On a 4-6, gain a product') become one table each.

Coverage is completed, never guessed: totals no row names get a row "Not stated in the
source." and the table a todo. A table gets a todo whenever its coverage is not proven
(a guessed die, filled gaps, modifiers mentioned near it, a custom die's face counts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulecraft.dice.notation import NotationError, parse_dice

from .names import capitalise
from .outline import ListBlock, ListItem
from .state import State, context_before
from .text import plain, slug

KEYCAP = "[0-9]\ufe0f?\u20e3"
NUM = rf"(?:{KEYCAP}|\d{{1,3}})"
JOIN = r"\s*(?:/|,|\bor\b|\band\b|-|–|—|\bto\b)\s*"
ROLL_RE = re.compile(rf"^(?P<roll>{NUM}(?:{JOIN}{NUM})*)(?P<plus>\s*\+)?(?P<rest>.*)$", re.S)
SEP_RE = re.compile(r"^\s*(?:→|->|=>|:|=|\)|–|—|-(?=\s)|\.(?=\s))\s*(?P<text>.*)$", re.S)
DICE_WORDS = re.compile(r"\b(roll|rolls|rolled|rolling|dice|die|d6|d\d+)\b", re.I)
ANY_RESULT = re.compile(r"^(?:for |on )?(?:any|every|each|whatever)\b[^.]{0,20}\b(?:result|roll)", re.I)
MODIFIER_HINT = re.compile(r"(?<![\w£$€])[+−-]\s?\d+\b(?![\w%])|\bmodif", re.I)
PER_RE = re.compile(r"\broll (?:1|one|a|1d6|a d6)? ?(?:dice|die|d6)?\s*(?:for|per) (?:each|every)?\s*(?P<per>[^.;:]+)",
                    re.I)
GENERIC_TITLES = {"rolling", "rolls", "roll", "dice", "dice results", "results", "the roll", "die roll", "dice roll",
                  "result"}
NOT_STATED = "Not stated in the source."
THRESHOLD_RE = re.compile(r"^(?P<label>[A-Z][\w &'/-]{0,40}):\s*On an? (?P<roll>\d+\s*(?:-|–|to)\s*\d+|\d+\s*\+?)"
                          r"(?:\s*or (?:more|higher|better))?\s*,\s*(?P<result>.+)$")


@dataclass
class Row:
    values: list[int]
    open_high: bool
    label: str | None
    result: str
    keycap: bool
    line: int


def _values(roll: str) -> list[int]:
    tokens = re.split(r"(/|,|\bor\b|\band\b|-|–|—|\bto\b)", roll)
    out: list[int] = []
    pending_range = False
    for token in tokens:
        token = token.strip()
        if not token:
            continue
        if token in ("-", "–", "—", "to"):
            pending_range = True
            continue
        if token in ("/", ",", "or", "and"):
            continue
        value = int(re.sub(r"\D", "", token))
        if pending_range and out:
            out.extend(range(out[-1] + 1, value + 1))
        else:
            out.append(value)
        pending_range = False
    return out


def parse_row(item: ListItem) -> Row | None:
    text = item.text.replace("\u00a0", "\u00a0").strip(" \u00a0")
    match = ROLL_RE.match(text)
    if not match:
        return None
    roll, rest = match.group("roll"), match.group("rest")
    keycap = "\u20e3" in roll
    rest = re.sub(r"[ \t]*\u00a0[\u00a0 \t]*", "\t", rest)
    sep = SEP_RE.match(rest)
    label = None
    if sep and not rest.startswith("\t"):
        result = sep.group("text")
    elif "\t" in rest:
        label, _, result = rest.partition("\t")
        label = plain(label).strip() or None
    elif keycap and rest[:1].isspace():
        result = rest
    else:
        return None
    result = re.sub(r"\s+", " ", result.replace("\t", " ")).strip()
    if not result:
        return None
    try:
        values = _values(roll)
    except ValueError:
        return None
    if not values or len(values) > 100:
        return None
    return Row(values, bool(match.group("plus")), label, result, keycap, item.line)


def _runs(values: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _roll_text(low: int, high: int | None) -> str | int:
    if high is None:
        return f"{low}+"
    return low if low == high else f"{low}-{high}"


def _title(section, state: State) -> str:
    title = plain(re.sub(r"^\s*\d+(?:\.\w+)*\.?\s*", "", section.title)) if section.title else ""
    node = section
    while title.lower().strip(": ") in GENERIC_TITLES and node.parent is not None:
        node = node.parent
        title = plain(re.sub(r"^\s*\d+(?:\.\w+)*\.?\s*", "", node.title))
    if id(section) in state.retitle:
        title = state.retitle[id(section)]
    return (title or "Dice table")[:120]


def _die(context: str, values: list[int]) -> tuple[str, bool]:
    """(dice notation, guessed?)"""
    for match in re.finditer(r"\b(\d*d\d+|d66)\b", context, re.I):
        try:
            spec = parse_dice(match.group(1))
        except NotationError:
            continue
        totals = spec.totals()
        if min(values) >= totals[0] and max(values) <= totals[-1]:
            return spec.text, False
    if max(values) <= 6:
        return "1d6", False
    if min(values) >= 2 and max(values) <= 12:
        return "2d6", True
    return f"1d{max(values)}", True


def _link_phase(state: State, table: dict, phase_id: str | None) -> None:
    if phase_id and phase_id in state.phase_index:
        table["when"] = f"{{phase:{phase_id}}}"
        state.phase_index[phase_id].setdefault("dice", []).append(table["id"])


def _numeric_table(rows: list[Row], table: dict, context: str, reasons: list[str]) -> None:
    values = [v for row in rows for v in row.values]
    dice, guessed = _die(context, values)
    if guessed:
        reasons.append(f"the die is a guess ({dice}): the source does not name it")
    totals = parse_dice(dice).totals()
    low, high = totals[0], totals[-1]
    out: list[tuple[int, dict]] = []
    covered: set[int] = set()
    for row in rows:
        runs = _runs(row.values)
        for i, (a, b) in enumerate(runs):
            open_end = row.open_high and i == len(runs) - 1
            out.append((a, {"roll": _roll_text(a, None if open_end or b >= high and row.open_high else b),
                            "result": row.result}))
            covered.update(range(a, (high if open_end else b) + 1))
    gaps = [v for v in totals if v not in covered]
    for a, b in _runs(gaps):
        out.append((a, {"roll": _roll_text(a, b), "result": NOT_STATED}))
    if gaps:
        reasons.append("no row for " + ", ".join(str(_roll_text(a, b)) for a, b in _runs(gaps)) +
                       f" (filled with \"{NOT_STATED}\")")
    if max(values) > high or min(values) < low:
        raise ValueError("rolls outside the die")
    table["dice"] = dice
    table["rows"] = [row for _, row in sorted(out, key=lambda pair: pair[0])]


def _custom_table(rows: list[Row], table: dict, state: State, reasons: list[str]) -> dict:
    face_ids = set()
    faces, out = [], []
    for row in rows:
        number = " or ".join(str(v) for v in row.values)
        label = f"{number} {row.label}" if row.label else number
        base = slug(label, "face")
        face_id, n = base, 2
        while face_id in face_ids:
            face_id, n = f"{base}-{n}", n + 1
        face_ids.add(face_id)
        faces.append({"id": face_id, "label": label[:120]})
        out.append({"face": face_id, "result": row.result})
    die = {"id": state.ids["die"](f"{table['id']}-die"), "name": f"{table['title']} die"[:120],
           "description": "A die with named faces, read from the source's list of results.", "faces": faces}
    table["custom_die"] = die["id"]
    table["rows"] = out
    reasons.append("the results read as faces of a special die: check how many faces show each (count)")
    return die


def _table_from_list(state: State, section, index: int, block: ListBlock) -> bool:
    parsed = [(item, parse_row(item)) for item in block.items]
    rows = [row for _, row in parsed if row]
    if len(rows) < 2 or len(rows) * 2 < len(block.items):
        return False
    context = context_before(section, index) + " " + plain(section.title)
    keycap = any(row.keycap for row in rows)
    if not (block.hint == "dice" or keycap or DICE_WORDS.search(context)):
        return False
    title = _title(section, state)
    table: dict = {"id": state.ids["table"](title, "table"), "title": title}
    per = PER_RE.search(context)
    if per:
        table["per"] = re.split(r",? and (?:check|look|then)\b|, then\b", plain(per.group("per")))[0].strip(" ,")[:200]
    reasons: list[str] = []
    all_values = [v for row in rows for v in row.values]
    labelled = any(row.label for row in rows)
    overlapping = len(all_values) != len(set(all_values))
    die = None
    if labelled or overlapping:
        if len(rows) >= 2:
            die = _custom_table(rows, table, state, reasons)
    else:
        try:
            _numeric_table(rows, table, context, reasons)
        except ValueError:
            die = _custom_table(rows, table, state, reasons)
    extra = [plain(item.text) for item, row in parsed if row is None and plain(item.text)]
    any_result = [e for e in extra if ANY_RESULT.match(e)]
    notes = [e for e in extra if not ANY_RESULT.match(e)]
    if any_result:
        table["any_result"] = " ".join(any_result)
    if notes:
        table["notes"] = " ".join(notes)
    mods = MODIFIER_HINT.search(context)
    if mods and table.get("dice"):
        reasons.append(f"the source mentions modifiers near this table ('{_around(context, mods)}'): "
                       "add them under modifiers with their range")
    if reasons:
        table["todo"] = capitalise("; ".join(reasons)) + "."
    _link_phase(state, table, state.phase_of(section))
    if die:
        state.dice.append(die)
    state.tables.append(table)
    state.claim(block, f"/// dice | {table['id']}\n///")
    kind = f"custom die with {len(table['rows'])} faces" if die else f"{table['dice']}, {len(table['rows'])} rows"
    state.note("dice", f"dice table '{title}' ({kind})" + ("" if reasons else ", coverage proven"), block.line)
    if reasons:
        state.ask("dice", f"Dice table '{title}': " + "; ".join(reasons), block.line)
    return True


def _around(text: str, match: re.Match) -> str:
    """The sentence holding the match."""
    start = max(text.rfind(". ", 0, match.start()) + 2, 0)
    end = text.find(". ", match.end())
    return text[start:end + 1 if end >= 0 else len(text)].strip()[:160]


def _threshold_tables(state: State) -> None:
    """'Production: On a 4-6, gain a product token.' anywhere in lists, claimed or not."""

    def items(block: ListBlock):
        for item in block.items:
            yield item
            for child in item.children:
                if isinstance(child, ListBlock):
                    yield from items(child)

    for section, index, block in state.lists(unclaimed=False):
        for item in items(block):
            match = THRESHOLD_RE.match(plain(item.text))
            if not match:
                continue
            title = match.group("label").strip()
            table: dict = {"id": state.ids["table"](title, "table"), "title": title[:120]}
            roll = match.group("roll").replace(" ", "")
            values = _values(roll.rstrip("+"))
            row = Row(values, roll.endswith("+") or len(values) == 1 and "or" in item.text, None,
                      capitalise(match.group("result").strip()), False, item.line)
            reasons: list[str] = []
            try:
                _numeric_table([row], table, context_before(section, index), reasons)
            except ValueError:
                continue
            table["todo"] = capitalise("; ".join(reasons) or "check the table") + "."
            _link_phase(state, table, state.phase_of_item.get(id(item)) or state.phase_of(section))
            state.tables.append(table)
            state.note("dice", f"dice table '{title}' from a single threshold ('On a {roll}')", item.line)
            state.ask("dice", f"Dice table '{title}': the source states only '{roll}'; " + "; ".join(reasons),
                      item.line)


def recognise(state: State) -> None:
    for section, index, block in list(state.lists()):
        _table_from_list(state, section, index, block)
    _threshold_tables(state)
