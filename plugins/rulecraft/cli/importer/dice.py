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

from .entries import FACE_CELL as FACE_HEADER
from .names import capitalise
from .outline import ListBlock, ListItem, Paragraph, Table
from .sections import heading_text
from .state import State, context_before
from .text import plain, slug

KEYCAP = "[0-9]\ufe0f?\u20e3"
NUM = rf"(?:{KEYCAP}|\d{{1,3}})"
JOIN = r"\s*(?:/|,|\bor\b|\band\b|-|–|—|\bto\b)\s*"
ROLL_RE = re.compile(rf"^(?P<roll>{NUM}(?:{JOIN}{NUM})*)(?P<plus>\s*\+)?(?P<rest>.*)$", re.S)
# separators after a roll; '2–4 ........ Cracked.' (dot leaders, as in a printed table) too
SEP_RE = re.compile(r"^\s*(?:\.{3,}|…+|→|->|=>|:|=|\)|–|—|-(?=\s)|\.(?=\s))\s*(?P<text>.*)$", re.S)
DICE_WORDS = re.compile(r"\b(roll|rolls|rolled|rolling|dice|die|\d*d\d+)\b", re.I)  # '2d6' names a roll too
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


BOLD_LEAD = re.compile(r"^(\*\*|__)(?P<inner>[^*_]+?)\1(?P<after>.*)$", re.S)
ROLL_IN_BOLD = re.compile(rf"^(?P<roll>{NUM}(?:{JOIN}{NUM})*\s*\+?)\s*(?:[:.)=→]|–|—|-(?=\s))?\s*(?P<label>.*)$", re.S)
SIDED = {"two": 2, "three": 3, "four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}
SIDED_RE = re.compile(r"\b(two|three|four|six|eight|ten|twelve|twenty|\d{1,2})[- ]sided\s+(?:die|dice)\b", re.I)


def unbold_roll(text: str) -> tuple[str, bool]:
    """'**1: Calm**. Nothing happens' -> ('1: **Calm**. Nothing happens', True); other text unchanged."""
    match = BOLD_LEAD.match(text)
    inner = ROLL_IN_BOLD.match(match.group("inner").strip()) if match else None
    if not inner or not re.search(r"\d", inner.group("roll")):
        return text, False
    roll, label, after = inner.group("roll").strip(), inner.group("label").strip(), match.group("after")
    if label:
        return f"{roll}: **{label.rstrip(':').strip()}**{after}", True
    after = after.strip()
    return (f"{roll}{after}" if SEP_RE.match(after) else f"{roll}: {after}"), True


# '⚀–⚁: ...': die faces (U+2680-2685) are the numbers 1-6; faces side by side ('⚁⚂') are alternatives
DIE_FACES = {0x2680 + n: str(n + 1) for n in range(6)}
FACE_PAIR = re.compile(r"(?<=[\u2680-\u2685])\s*(?=[\u2680-\u2685])")
# '1 *Frost* — each gardener ...': an emphasised name between the roll and a separator is the row's label
EMPH_LABEL = re.compile(r"^\s+(\*\*|__|\*|_)(?P<label>[^*_]{1,40}?)\1\s*(?:[:.]|\s[—–-])\s+(?P<text>\S.*)$", re.S)


# '1–2 Glut: every buyer pays …' (a roll, a space, a short capitalised name and its colon: a printed list of
# results, the name set in bold in the PDF it was copied from)
NAMED_RESULT = re.compile(r"^[ \t]+[A-Z][\w'’-]*(?: [\w'’-]+){0,3}:\s+\S", re.S)


def parse_row(item: ListItem) -> Row | None:
    raw = item.text.strip(" \u00a0")
    faces = bool(re.match(r"^[\u2680-\u2685]", raw))  # a die face drawn: as sure a roll as a keycap
    text = unbold_roll(FACE_PAIR.sub("/", raw).translate(DIE_FACES))[0]
    match = ROLL_RE.match(text)
    if not match:
        return None
    roll, rest = match.group("roll"), match.group("rest")
    keycap = "\u20e3" in roll or faces
    emph = EMPH_LABEL.match(rest) if not SEP_RE.match(rest) else None
    rest = re.sub(r"[ \t]*\u00a0[\u00a0 \t]*", "\t", rest)
    sep = SEP_RE.match(rest)
    label = None
    if sep and not rest.startswith("\t"):
        result = sep.group("text")
    elif emph:
        label, result = plain(emph.group("label")).strip() or None, emph.group("text")
    elif "\t" in rest:
        label, _, result = rest.partition("\t")
        label = plain(label).strip() or None
    elif (keycap and rest[:1].isspace()) or NAMED_RESULT.match(rest):  # a named result ('Glut: …') is no face
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


def roll_line(text: str) -> bool:
    """A line that starts with a roll and its result ('1-2 → Restless night.', '⚀–⚁: The Gloom stirs.')."""
    return parse_row(ListItem(text)) is not None


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
    title = heading_text(section.title) if section.title else ""
    node = section
    while title.lower().strip(": ") in GENERIC_TITLES and node.parent is not None:
        node = node.parent
        title = heading_text(node.title)
    if id(section) in state.retitle:
        title = state.retitle[id(section)]
    return (title or "Dice table")[:120]


def _sided(text: str) -> str:
    """'a three-sided die' -> 'a 1d3'."""
    return SIDED_RE.sub(lambda m: f"1d{SIDED.get(m.group(1).lower()) or m.group(1)}", text)


# 'roll two dice', '(2 dice, added)': so many ordinary dice, six-sided unless the text says otherwise
COUNTED_DICE = re.compile(r"\b(two|three|four|[2-4]) (?:ordinary |six-sided )?dice\b", re.I)
COUNTS = {"two": 2, "three": 3, "four": 4}


def _die(context: str, values: list[int], document: str = "") -> tuple[str, bool]:
    """(dice notation, guessed?): named near the list, else a die the document names that fits exactly."""
    context = COUNTED_DICE.sub(lambda m: f"{COUNTS.get(m.group(1).lower(), m.group(1))}d6", _sided(context))
    fitting = []  # nearest to the list first: 'roll a six-sided die ... The winner rolls 1D3:' means 1d3
    for match in reversed(list(re.finditer(r"\b(\d*d\d+|d66)\b", context, re.I))):
        try:
            spec = parse_dice(match.group(1))
        except NotationError:
            continue
        totals = spec.totals()
        if min(values) >= totals[0] and max(values) <= totals[-1]:
            fitting.append((not (min(values) == totals[0] and max(values) == totals[-1]), spec.text))
    if fitting:
        return min(fitting, key=lambda pair: pair[0])[1], False
    if min(values) == 1 and max(values) == 6:
        return "1d6", False
    for match in re.finditer(r"\b(\d*d\d+|d66)\b", _sided(document), re.I):
        try:
            spec = parse_dice(match.group(1))
        except NotationError:
            continue
        totals = spec.totals()
        if min(values) == totals[0] and max(values) == totals[-1]:
            return spec.text, True
    if max(values) <= 6:
        return "1d6", False
    if min(values) >= 2 and max(values) <= 12:
        return "2d6", True
    return f"1d{max(values)}", True


def _link_phase(state: State, table: dict, phase_id: str | None) -> None:
    if phase_id and phase_id in state.phase_index:
        table["when"] = f"{{phase:{phase_id}}}"
        state.phase_index[phase_id].setdefault("dice", []).append(table["id"])


def _numeric_table(rows: list[Row], table: dict, context: str, reasons: list[str], document: str = "") -> None:
    values = [v for row in rows for v in row.values]
    dice, guessed = _die(context, values, document)
    if guessed:
        reasons.append(f"the die is a guess ({dice}): the source does not name it next to the table")
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
    name = table["title"] if re.search(r"\bdie$", table["title"], re.I) else f"{table['title']} die"  # 'Herd die'
    die = {"id": state.ids["die"](f"{table['id']}-die"), "name": name[:120],
           "description": "A die with named faces, read from the source's list of results.", "faces": faces}
    table["custom_die"] = die["id"]
    table["rows"] = out
    reasons.append("the results read as faces of a special die: check how many faces show each (count)")
    return die


def _bold_rolls(block: ListBlock) -> bool:
    """Every item starts with a bold roll ('**2–4**: Attacker routed'): a table even without 'roll' near it."""
    return len(block.items) >= 3 and all(unbold_roll(item.text)[1] for item in block.items)


def _numbered_results(section, index: int, block: ListBlock) -> list[ListItem] | None:
    """'Roll one die:' then '1. The unit surrenders.' ...: the list's own numbers are the rolls."""
    intro = section.blocks[index - 1] if index > 0 else None
    if not (block.ordered and isinstance(intro, Paragraph) and plain(intro.text).endswith(":")
            and DICE_WORDS.search(plain(intro.text))):
        return None
    numbers = [item.number for item in block.items]
    if None in numbers or len(numbers) < 3 or numbers != list(range(numbers[0], numbers[0] + len(numbers))) \
            or numbers[0] not in (1, 2) or any(parse_row(item) for item in block.items):
        return None
    return [ListItem(f"{item.number}: {item.text}", item.line) for item in block.items]


def is_roll_list(section, index: int, block: ListBlock) -> bool:
    """A list of roll results, never a turn sequence: its numbers follow a roll lead-in ('roll the
    eight-sided die:' then '1. ...' to '8. ...'), or most items start with a roll ('2–4: ...', '**5-6** ...')."""
    if not block.items:
        return False
    if _numbered_results(section, index, block) or _bold_rolls(block):
        return True
    return len(block.items) >= 2 and sum(1 for item in block.items if parse_row(item)) * 2 > len(block.items)


# '**Tide die (custom d6)**' alone, or '**Weather table** – roll 2d6 in step 1:' leading into the table
LEAD_TITLE_RE = re.compile(r"^\*\*(?P<title>[^*\n]{2,60}?)\*\*\s*(?:(?:[-–—:]\s*\S.*)?:)?\s*$")


# 'Combat Results Table (CRT) (No Attack at less than 1-4 is allowed)': a rule set in brackets after a table's
# name is no part of the name; '(CRT)', '(2d6)', '(optional)' are (an abbreviation, the dice, a mark)
TITLE_RULE = re.compile(r"^(?P<name>.*?\S)\s*\((?P<rule>[^()]{6,300})\)\W*$")
RULE_WORDS = re.compile(r"\b(?:is|are|be|may|must|can|cannot|can't|not|no|never|only|allowed|roll|rolls|rolled|use|"
                        r"used|when|if|unless|applies|apply|see|counts?|add|subtract)\b", re.I)


def title_rule(title: str) -> tuple[str, str | None]:
    """(the table's name, the rule its title carried in brackets, or None): the rule goes to the table's notes,
    so nothing of the title is lost while the name stays a name."""
    match = TITLE_RULE.match(title)
    if not match or len(match.group("rule").split()) < 3 or not RULE_WORDS.search(match.group("rule")):
        return title, None
    rule = capitalise(match.group("rule").strip())
    return match.group("name").strip(" :–-"), rule if re.search(r"[.!?]$", rule) else rule + "."


def with_note(data: dict, rule: str | None) -> None:
    """The title's rule leads the table's notes."""
    if rule:
        data["notes"] = f"{rule} {data['notes']}" if data.get("notes") else rule


def _lead_title(section, index: int) -> str | None:
    """'**Weather table** – roll 2d6 in step 1:' right above a table names it (a section may hold several)."""
    block = section.blocks[index - 1] if index > 0 else None
    match = LEAD_TITLE_RE.match(block.text.strip()) if isinstance(block, Paragraph) else None
    return plain(match.group("title")).strip(" :–-") or None if match else None


def _table_rows(table: Table) -> list[ListItem] | None:
    """A Markdown/HTML table whose first column holds rolls: one row item per body row. A roll against odds
    (charts.py) is never one: its columns would run together into one string per roll."""
    from .charts import odds_table

    if len(table.rows) < 3 or len(table.rows[0]) < 2 or odds_table(table):
        return None
    items = [ListItem(f"{cells[0]}: " + "; ".join(c for c in cells[1:] if c.strip()), table.line)
             for cells in table.rows if cells]
    if table.header or not parse_row(items[0]):  # a table with no header cells may start with its first roll
        items = items[1:]
    return items if all(parse_row(item) for item in items) else None


def _headings(table: Table) -> list[str]:
    """The header row of a table read as rows ('Roll | What happens') as the dice table's two column headings
    (the result columns joined as their cells are), so the rulebook's own words head the table; or []."""
    if not table.header and parse_row(ListItem(f"{table.rows[0][0]}: " + "; ".join(table.rows[0][1:]), 0)):
        return []  # a table with no header cells starting with its first roll (as _table_rows reads it)
    first = [plain(c).strip() for c in table.rows[0]]
    rest = "; ".join(c for c in first[1:] if c)
    return [first[0][:120], rest[:120]] if first[0] and rest else []


def _document_text(state: State) -> str:
    if state.document_text is None:
        parts = []
        for sec in state.sections():
            parts.append(plain(sec.title))
            parts += [plain(b.text) for b in sec.blocks if isinstance(b, Paragraph)]
            parts += [plain(i.text) for b in sec.blocks if isinstance(b, ListBlock) for i in b.items]
        state.document_text = " ".join(parts)
    return state.document_text


def _unplaced_shifts(state: State, section) -> list[str]:
    """The column shifts the rules state near a table read with its columns joined (grid_mods.py): a
    one-dimensional table has no column to shift, so they are a todo naming their lines, never dropped."""
    from . import grid_mods

    found, unread = grid_mods.read(grid_mods.near(section))
    lines = [f.line for f in found if f.kind == "shift"] + [line for sentence, line in unread
                                                           if grid_mods.SHIFT_MENTION.search(sentence)]
    if not lines:
        return []
    return [f"the rules at {grid_mods.lines_text(lines, state.outline)} state column shifts for these columns, "
            "which a table of joined columns cannot hold: write it with 'columns' and 'grid' (a 'pick' axis when "
            "its headings are no whole-number odds), then add them under 'shifts'"]


def _table_from_list(state: State, section, index: int, block, items: list[ListItem] | None = None,
                     headings: list[str] | None = None) -> bool:
    numbered = None if items is not None else _numbered_results(section, index, block)
    items = items if items is not None else numbered or block.items
    parsed = [(item, parse_row(item)) for item in items]
    rows = [row for _, row in parsed if row]
    if len(rows) < 2 or len(rows) * 2 < len(items):
        return False
    context = context_before(section, index) + " " + plain(section.title)
    if isinstance(block, Table):
        context += " " + " ".join(block.rows[0])
    keycap = any(row.keycap for row in rows)
    structural = isinstance(block, ListBlock) and _bold_rolls(block)
    if not (getattr(block, "hint", "") == "dice" or keycap or DICE_WORDS.search(context) or structural):
        if isinstance(block, Table) and len(block.rows[0]) > 2:
            return False  # a chart of numbered rows ('Turn | Crown | Fen'): a reference table (charts.py asks)
        what = "table" if isinstance(block, Table) else "list"
        state.ask("dice", f"The {what} of {len(rows)} numbered results under '{plain(section.title)}' reads like a "
                  "dice table, but nothing near it names a roll: kept as prose (make it a table in dice.yaml if it "
                  "is one)", block.line)
        if isinstance(block, Table):
            state.held.add(id(block))  # a result per number, rolled or not: as the source has it
        return False
    title, rule = title_rule(_lead_title(section, index) or _title(section, state))
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
            _numeric_table(rows, table, context, reasons, _document_text(state))
        except ValueError:
            die = _custom_table(rows, table, state, reasons)
    extra = [plain(item.text) for item, row in parsed if row is None and plain(item.text)]
    any_result = [e for e in extra if ANY_RESULT.match(e)]
    notes = [e for e in extra if not ANY_RESULT.match(e)]
    if any_result:
        table["any_result"] = " ".join(any_result)
    if notes:
        table["notes"] = " ".join(notes)
    with_note(table, rule)
    if headings:
        table["headings"] = headings
    if isinstance(block, Table) and len(block.rows[0]) > 2 and (block.header or not parse_row(
            ListItem(f"{block.rows[0][0]}: " + "; ".join(block.rows[0][1:]), block.line))):
        # 'Die | 1-1 | 2-1 | …': each row's results are joined in column order; the columns' names are kept here,
        # or the odds (or whatever the columns are) would be lost
        columns = ", ".join(f"'{plain(c).strip()}'" for c in block.rows[0][1:])
        reasons.append(f"each row joins the results of the source's columns {columns}, in that order: "
                       "restate the rows")
        reasons += _unplaced_shifts(state, section)
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
    start = text.rfind(". ", 0, match.start())
    start = start + 2 if start >= 0 else 0
    end = text.find(". ", match.end())
    return text[start:end + 1 if end >= 0 else len(text)].strip()[:160]


def _threshold_tables(state: State) -> None:
    """'Production: On a 4-6, gain a product token.' anywhere in lists, claimed or not."""

    for section, index, block in state.lists(unclaimed=False):
        for item in block.all_items():
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


_ROLLV = r"\d{1,2}(?:\s*(?:–|—|-|to)\s*\d{1,2})?(?:\s*(?:,|or|and)\s*\d{1,2}(?:\s*(?:–|—|-|to)\s*\d{1,2})?)*\+?"
# 'on a 1–4 it rallies', 'On a 2, 3, 4 or 5 the merchant ...'; '...: 1–2 means a poor harvest, 3–4 means ...'
# 'On 2–6 nothing, on 7–10 take 1 wax': without the article, a range only ('on 3 spaces' counts no roll)
_RANGE = r"\d{1,2}\s*(?:–|—|-|to)\s*\d{1,2}"
# a dash set close before a figure joins a range ('1–2 Still'): it never parts a roll from its result
INLINE_ROLL = re.compile(rf"\b(?:on|with|if (?:you|they|it) rolls?)\s+"
                         rf"(?:an?\s+(?P<a>{_ROLLV})|(?P<c>{_RANGE}))(?![\d%/:])\s*(?:,|:|→|=)?\s*"
                         rf"|(?:(?<=[:;,]\s)|(?<=\band\s)|(?<=\bor\s))(?P<b>{_ROLLV})\s*(?:means\b|gives\b|:|=|→|[–—](?!\d))\s*",
                         re.I)


def inline_rows(text: str, line: int) -> list[Row] | None:
    """Two or more roll results written in a sentence after a roll ('rolls a die: 1–2 means ..., 3–4 means
    ...'), as rows; None when the text holds no such run."""
    matches = list(INLINE_ROLL.finditer(text))
    if len(matches) < 2 or not DICE_WORDS.search(text[:matches[0].start()]):
        return None
    rows: list[Row] = []
    for n, match in enumerate(matches):
        end = matches[n + 1].start() if n + 1 < len(matches) else len(text)
        result = text[match.end():end]
        if n + 1 == len(matches):  # the last result ends with its sentence
            stop = re.search(r"[.!?](?=\s+[A-Z]|\s*$)", result)
            result = result[:stop.end()] if stop else result
        result = re.sub(r"(?:[,;]\s*|\s+)(?:and|or|but)?\s*$", "", result.strip()).strip(" ,;")
        roll = match.group("a") or match.group("b") or match.group("c")
        try:
            values = _values(roll.rstrip("+ "))
        except ValueError:
            return None
        if not result or not values:
            return None
        rows.append(Row(values, roll.strip().endswith("+"), None, capitalise(result), False, line))
    values = [v for row in rows for v in row.values]
    return rows if len(values) == len(set(values)) else None


def _inline_tables(state: State) -> None:
    """Roll results written inline in a paragraph or list item: one table each, the text stays prose."""
    for section in list(state.sections()):
        texts = []
        for block in section.blocks:
            if isinstance(block, Paragraph):
                texts.append(block)
            elif isinstance(block, ListBlock) and not state.claims.get(id(block), "").startswith("/// dice"):
                texts += [item for item in block.all_items() if not THRESHOLD_RE.match(plain(item.text))]
        for block in texts:
            text = plain(block.text)
            rows = inline_rows(text, block.line)
            if not rows:
                continue
            phase_id = state.phase_of_item.get(id(block)) or state.phase_of(section)
            lead = re.match(r"^\s*\*\*(?P<name>[^*]{1,60}?)[.:]?\*\*\s*(?:[–—:-]|\s)", block.text)
            title = plain(lead.group("name")) if lead else state.phase_index[phase_id]["name"] \
                if phase_id in state.phase_index else _title(section, state)  # '**Firework check** – …' names it
            table: dict = {"id": state.ids["table"](title, "table"), "title": title[:120]}
            reasons = ["the results are written in a sentence: check each row against the source"]
            try:
                _numeric_table(rows, table, text, reasons, _document_text(state))
            except ValueError:
                state.ask("dice", f"Roll results written in a sentence under '{plain(section.title)}' do not fit "
                          "one die: kept as prose", block.line)
                continue
            table["todo"] = capitalise("; ".join(reasons)) + "."
            _link_phase(state, table, phase_id)
            state.tables.append(table)
            state.note("dice", f"dice table '{title}' ({table['dice']}, {len(rows)} results written in a sentence)",
                       block.line)
            state.ask("dice", f"Dice table '{title}': read from a sentence; " + "; ".join(reasons), block.line)


# A die's faces by name: '| Face | Symbol | Effect |' rows, or 'Spark (two faces) – add one ember …' entries
# after a lead that speaks of faces ('Its six faces are:'); the result is the column its header names
RESULT_HEADER = re.compile(r"^(?:effect|effects|result|results|what happens|outcome|event|meaning)$", re.I)
# 'Its six faces are:', 'The compass die has eight faces.', 'a wooden die with custom faces'
FACES_LEAD = re.compile(r"\b(?:faces?|sides?) (?:are|is|show|shows)\b|"
                        r"\b(?:its|the|has|with) (?:\w+ )?(?:faces|sides)\b", re.I)
# 'N, E, S, W (four faces): true bearing', 'High tide (2 faces) - Move …': a spaced hyphen separates as a dash does
NAMED_FACE = re.compile(r"^(?P<name>[A-Z][\w'’ ,-]{0,30}?)\s*(?P<count>\([^()]{1,20}\))?\s*(?:--|—|–|:|\s-)\s+"
                        r"(?P<result>\S.*)$", re.S)
FACE_COUNT = re.compile(r"^\(\s*(?:\d+|one|two|three|four|five|six|seven|eight)\s+(?:faces?|sides?)\s*\)$", re.I)


# a column of face counts between a face and its result ('2', '1 face', 'three sides'): no part of the name
FACE_COUNT_CELL = re.compile(r"^(?:\d+|one|two|three|four|five|six|seven|eight)(?:\s+(?:faces?|sides?))?$", re.I)
COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")


def _face_count(count: str | None) -> int:
    """'(2 faces)' -> 2, '(three sides)' -> 3; 0 when the entry does not count its faces."""
    match = FACE_COUNT.match(count or "")
    if not match:
        return 0
    word = re.search(r"\d+|[a-z]+", count.lower()).group(0)
    return int(word) if word.isdigit() else COUNT_WORDS.index(word) + 1


def _face_paragraphs(section) -> None:
    """Three or more paragraphs in a row, each a named face and its result ('**Shower** – Put one puddle …',
    a leaflet's frames one per face), under a heading naming a die: one list, as the faces are."""
    if not DICE_WORDS.search(plain(section.title)):
        return
    blocks, run = section.blocks, []
    for k in range(len(blocks) + 1):
        if k < len(blocks) and isinstance(blocks[k], Paragraph) and NAMED_FACE.match(plain(blocks[k].text).strip()):
            run.append(k)
            continue
        if len(run) >= 3:
            items = [ListItem(blocks[i].text, blocks[i].line) for i in run]
            faces = ListBlock(False, items, blocks[run[0]].line, hint="lines")
            if face_rows(section, run[0], faces):  # else the paragraphs stay as they are
                blocks[run[0]:run[-1] + 1] = [faces]
            return
        run = []


def face_rows(section, index: int, block) -> list[tuple[str, str, int]] | None:
    """(face label, result, how many faces show it: 0 when not said) for each row of a die's face table or
    list, or None."""
    return _face_rows(section, index, block)[0]


def _face_rows(section, index: int, block) -> tuple[list[tuple[str, str, int]] | None, list[str]]:
    """face_rows, and the face table's two column headings: its face, name and count columns' ('Face Name'),
    and its result columns' ('Effect'); [] for a list."""
    if isinstance(block, Table) and block.header and len(block.rows) >= 3 and len(block.rows[0]) >= 2:
        header = [plain(c).strip() for c in block.rows[0]]
        # the face column first, or after a column of drawn symbols left without a header ('| | Face | …')
        face = next((k for k, h in enumerate(header[:2]) if FACE_HEADER.match(h) and not any(header[:k])), None)
        if face is None:
            return None, []
        if not re.search(r"face", header[face], re.I) \
                and not DICE_WORDS.search(context_before(section, index) + " " + plain(section.title)):
            return None, []  # 'Side | Depot', 'Symbol | Meaning' with no die in sight: a chart or a key, no die's faces
        result = next((k for k, h in enumerate(header) if k > face and RESULT_HEADER.match(h)), len(header) - 1)
        if result <= face:
            return None, []
        def worded(k: int) -> bool:
            return any(re.search(r"[^\W\d_]", plain(r[k])) for r in block.rows[1:] if len(r) > k)
        # the face's label: its column and each worded column before the result ('🌊 (one face)' | 'Flood'), so a
        # face's name is never lost; a column of drawn symbols after a named face ('Leaf' | '🌿') adds nothing
        counts = [k for k in range(face + 1, result) if all(FACE_COUNT_CELL.match(plain(r[k]).strip())
                                                            for r in block.rows[1:] if len(r) > k)]
        named = [k for k in range(face, result) if k == face or worded(k) and k not in counts]
        if not worded(face):
            named = list(range(face, result))  # drawn symbols ('☀'), then their names ('Scorcher'): both
        named = list(range(face)) + named  # a headerless column of symbols before the face column ('| | Face |')
        rows = [(" ".join(plain(r[k]).strip() for k in named if plain(r[k]).strip()), plain(r[result]).strip(),
                 _face_count(f"({plain(r[counts[0]]).split()[0]} faces)") if counts else 0)
                for r in block.rows[1:] if len(r) > result]
        if not all(label and not roll_line(label) for label, _, _ in rows):
            return None, []
        headings = [" ".join(h for h in header[:result] if h), header[result]]
        return rows, [h[:120] for h in headings] if all(headings) else []
    if isinstance(block, ListBlock) and len(block.items) >= 3:
        if not DICE_WORDS.search(context_before(section, index) + " " + plain(section.title)):
            return None, []
        matches = [NAMED_FACE.match(plain(item.text).strip()) for item in block.items]
        if not all(matches):
            return None, []
        counts = [_face_count(m.group("count")) for m in matches]
        # each entry counts its faces, or those that do and one face each for the rest make a die ('Sunshine (2
        # faces)', 'Cloud (2 faces)', 'Shower', 'Downpour': six)
        counted = all(counts) or (any(counts) and sum(n or 1 for n in counts) in (4, 6, 8, 10, 12, 20))
        if not (counted or FACES_LEAD.search(context_before(section, index, 1))):
            return None, []  # each entry counting its faces ('(2 faces)') says so as plainly as a lead would
        return [(f"{m.group('name').strip()} {m.group('count') or ''}".strip(), m.group("result").strip(), n)
                for m, n in zip(matches, counts)], []
    return None, []


def _face_table(state: State, section, index: int, block) -> bool:
    rows, headings = _face_rows(section, index, block)
    if not rows:
        return False
    title = _lead_title(section, index) or _title(section, state)
    table: dict = {"id": state.ids["table"](title, "table"), "title": title}
    labelled = [Row([n + 1], False, label, capitalise(result), False, block.line)
                for n, (label, result, _) in enumerate(rows)]
    reasons: list[str] = []
    die = _custom_table(labelled, table, state, reasons)
    for face, (label, _, count) in zip(die["faces"], rows):
        face["label"] = label[:120]  # the face's own name, not a number the source never gave it
        counted = re.search(r"\([^()]{1,20}\)", label)
        count = count or (_face_count(counted.group(0)) if counted else 0)
        if count > 1:  # 'Spark (two faces)', a Count column's '2': two faces of the die show it
            face["count"] = count
    table["todo"] = capitalise("; ".join(reasons)) + "."
    if headings:
        table["headings"] = headings
    _link_phase(state, table, state.phase_of(section))
    state.dice.append(die)
    state.tables.append(table)
    state.claim(block, f"/// dice | {table['id']}\n///")
    state.note("dice", f"dice table '{title}' (custom die with {len(rows)} named faces)", block.line)
    state.ask("dice", f"Dice table '{title}': " + "; ".join(reasons), block.line)
    return True


def recognise(state: State) -> None:
    for section in list(state.sections()):  # named faces first: their lists would read as terms
        _face_paragraphs(section)
        for index, block in enumerate(section.blocks):
            if isinstance(block, (Table, ListBlock)) and not state.claimed(block) and id(block) not in state.held:
                _face_table(state, section, index, block)
    for section, index, block in list(state.lists()):
        _table_from_list(state, section, index, block)
    for section in list(state.sections()):
        for index, block in enumerate(section.blocks):
            if isinstance(block, Table) and not state.claimed(block) and id(block) not in state.held:
                items = _table_rows(block)
                if items:
                    _table_from_list(state, section, index, block, items, _headings(block))
    _threshold_tables(state)
    _inline_tables(state)
