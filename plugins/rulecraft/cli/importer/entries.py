"""One way to read the entries of a section, whatever container holds them.

Once a recogniser knows what a section is (the turn, the set-up, the glossary) by its heading, the entries
are the same thing in every rulebook -- a name (or a step number) and a body -- but authors put them in
different containers: list items, toggles (``<details>``), definition lists, table rows, paragraphs led by a
bold or numbered name, sub-headings. :func:`section_entries` reads every container form of a section into
:class:`Entry` objects and returns the form that holds the most, so the recognisers share one reading path
instead of one per form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .enumeration import split_lead, strip_lead
from .names import clean_name, split_item
from .outline import ListBlock, ListItem, Note, Paragraph, Section, Table
from .sections import heading_text, label_entries
from .state import State
from .text import plain

KINDS = ("phases", "setup", "terms")
# a first cell that is only a number or a roll ('3', '2–4', '5+'): a step number, or a dice table's row
NUMBER_CELL = re.compile(r"^\s*#?\d{1,3}\s*[.)]?\s*$")
ROLL_CELL = re.compile(r"^\s*\d{1,3}\s*(?:[-–—+]|to)\s*\d{0,3}\s*$")
# '1. Gather. ...', '§ 4.1 Spring Flood. Roll ...', '3.1 Point: any ...' once the typed number is set apart: a
# short name (up to six words), a separator, the rest
PLAIN_NAME_LEAD = re.compile(r"^(?P<name>[^.:!?*_]{1,50}?)\s*(?:[.:]|\s[—–-])\s+(?P<rest>\S.*)$", re.S)


@dataclass
class Entry:
    name: str  # '' when the container gives the entry no name (a plain set-up step)
    body: str  # inline Markdown
    line: int = 0
    number: int | None = None
    steps: list = field(default_factory=list)  # nested list items (steps inside a phase or a step)
    paren: str = ""  # what a list item's bracket after its name says ('**Forge** (2 Gold, 1 Ore): …')


@dataclass
class Form:
    kind: str  # list, table, paragraphs, headings
    entries: list[Entry]
    blocks: list  # the blocks the entries came from, in order (claimed by the caller)
    sections: list[Section] = field(default_factory=list)  # sub-sections folded into the entries
    intro: str = ""  # plain text of the paragraph right before the first block ('Choose one action:')


def _named(text: str) -> tuple[str, str, bool]:
    """(name, rest, led): led when the text starts with an emphasised name or a separated short lead."""
    item = split_item(text)
    led = item.emphasised or item.separated
    return (item.name, item.rest, led) if led else ("", text, False)


def _item_entry(item: ListItem) -> Entry:
    name, rest, led = _named(item.text)
    paragraphs = [c.text for c in item.children if isinstance(c, Paragraph)]
    steps = [sub for c in item.children if isinstance(c, ListBlock) for sub in c.items]
    body = "\n\n".join(p for p in [rest, *paragraphs] if p.strip())
    return Entry(name, body, item.line, item.number, steps, split_item(item.text).paren or "" if led else "")


def _lists(state: State, section: Section) -> Form | None:
    """The unclaimed lists of a section, read as one run (one-item lists and toggles one after another)."""
    blocks = [b for b in section.blocks if isinstance(b, ListBlock) and not state.claimed(b) and b.hint != "dice"]
    if not blocks:
        return None
    return Form("list", [_item_entry(item) for block in blocks for item in block.items], blocks)


def _first_lists(state: State, section: Section) -> Form | None:
    """The section's first run of lists one right after another: the sequence itself, when lists of another
    kind follow under their own lead paragraphs ('Sail – reminders' over its bullets)."""
    run: list[ListBlock] = []
    for block in section.blocks:
        if isinstance(block, ListBlock) and not state.claimed(block) and block.hint != "dice":
            run.append(block)
        elif run:
            break
    if not run:
        return None
    return Form("list", [_item_entry(item) for block in run for item in block.items], run)


# a die face table's first header (the dice recogniser reads it as a custom die, never as the turn's steps)
# "Face", "Die face", "Face (d6)": a header naming the die it reads is still a face header
FACE_CELL = re.compile(r"^(?:die )?(?:face|faces|side|sides|symbol|icon)(?:\s*\(\s*\w{1,6}\s*\))?$", re.I)


def _unmarked_header(table: Table) -> bool:
    """A Word or HTML table's first row of column names set as plain cells ('Step | What happens'): short,
    no figures, no sentence, over rows whose first cells are all numbered ('1. Dusk'), or whose cells in a
    later column are all sentences where the first row has a name ('Phase | What happens' over 'Fog | Roll the
    Fog die; …')."""
    first, rest = table.rows[0], table.rows[1:]
    if table.header or len(rest) < 2 \
            or not all(len(plain(c).split()) <= 3 and not re.search(r"[\d.!?:]", plain(c)) for c in first):
        return False
    return all(row and split_lead(plain(row[0]))[0] for row in rest) \
        or any(all(len(row) > k and len(plain(row[k]).split()) >= 4 for row in rest) for k in range(1, len(first)))


def _name_cell(cell: str) -> bool:
    """A cell that is a name: a few words, no sentence ('🌊 **Ebb**', 'Market')."""
    text = plain(cell).strip()
    return bool(re.search(r"[^\W\d_]", text)) and len(text.split()) <= 4 and not re.search(r"[.!?:;,]", text)


def table_entries(table: Table) -> list[Entry]:
    rows = table.rows[1:] if table.header or _unmarked_header(table) else table.rows
    out = []
    for row in rows:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        first, rest = cells[0], [c for c in cells[1:] if c]
        number = int(re.sub(r"\D", "", first)) if NUMBER_CELL.match(first) else None
        # '1. Dusk': the step's typed number is no part of its name (the order of the rows keeps it)
        name = "" if number is not None else clean_name(strip_lead(first) or first)
        if number is not None and len(rest) >= 2 and _name_cell(rest[0]):
            name, rest = clean_name(rest[0]), rest[1:]  # '# | Phase | What happens': the count, then the name
        out.append(Entry(name, " ".join(rest) if rest else ("" if name else first), table.line, number))
    return out


def _tables(state: State, section: Section) -> Form | None:
    for block in section.blocks:
        if not isinstance(block, Table) or state.claimed(block) or len(block.rows) < 2 \
                or max(len(r) for r in block.rows) < 2:
            continue
        entries = table_entries(block)
        if sum(1 for row in block.rows[1:] if row and ROLL_CELL.match(row[0])) \
                or block.header and FACE_CELL.match(plain(block.rows[0][0]).strip()):
            continue  # '2–4 | ...' rows or a '| Face | … |' header: a dice table, read by the dice recogniser
        return Form("table", entries, [block])
    return None


def paragraph_lead(text: str) -> tuple[str, str] | None:
    """(name, rest) of a paragraph led by an emphasised name with a separator ('**Sow.** Play ...',
    '*Tend* — spend ...') or by a typed enumeration and a short name ('1. Gather. Take ...', '§ 4.1 Spring Flood.
    Roll ...', '3.1 Point: any ...'), else None."""
    token, text = split_lead(text)
    match = re.match(r"^\s*(\*\*|__|\*|_)(?P<lead>[^*_]{1,60}?)\1\s*(?P<rest>.*)$", text, re.S)
    if match:
        lead, rest = match.group("lead").strip(), match.group("rest").strip()
        # '**Hold** = the 6 squares ...': an equals sign pairs a name with its meaning as a dash does
        separated = lead.endswith((".", ":")) or re.match(r"^(?:--+|—|–|:|\.|=)\s", rest)
        rest = re.sub(r"^(?:--+|—|–|:|\.|=)\s*", "", rest)
        name = clean_name(strip_lead(lead))
        if separated and rest and name and len(name.split()) <= 6:
            return name, rest
        return None
    match = PLAIN_NAME_LEAD.match(text) if token else None  # without a number, 'Note: ...' is a sentence
    if not match or len(match.group("name").split()) > 6:
        return None
    return clean_name(match.group("name")), match.group("rest").strip()


def _paragraphs(state: State, section: Section) -> Form | None:
    found = [(b, paragraph_lead(b.text)) for b in section.blocks if isinstance(b, Paragraph) and not state.claimed(b)]
    found = [(b, lead) for b, lead in found if lead]
    if not found:
        return None
    return Form("paragraphs", [Entry(name, rest, b.line) for b, (name, rest) in found], [b for b, _ in found])


def _headings(state: State, section: Section) -> Form | None:
    """Sub-headings holding only paragraphs (no lists, tables or deeper headings): one entry each. All the
    sub-headings must fit, or none is read: a part of them would leave the others' text orphaned. A note
    (a tip, a warning box) beside the paragraphs is no entry text: it stays on the page where it stood."""
    children = [c for c in section.children if not c.children and any(isinstance(b, Paragraph) for b in c.blocks)
                and all(isinstance(b, (Paragraph, Note)) and not state.claimed(b) for b in c.blocks)
                and id(c) not in state.phase_of_section]
    if not children or len(children) < len(section.children):
        return None
    # 'Part Two – The Rounds': the typed part number and the article are the heading's, not the name's
    entries = [Entry(clean_name(re.sub(r"^(?:the|an?)\s+(?=\S+\s*$)", "", heading_text(c.title), flags=re.I),
                                drop_phase=True),
                     "\n\n".join(b.text for b in c.blocks if isinstance(b, Paragraph)), c.line) for c in children]
    blocks = [b for c in children for b in c.blocks if isinstance(b, Paragraph)]
    return Form("headings", entries, blocks, children)


def _labels(state: State, section: Section) -> Form | None:
    """'**Sow**' alone in a paragraph, its rules in the paragraphs below: one entry per label, like a
    sub-heading (see sections.label_entries)."""
    found, blocks = label_entries(state, section)
    if not found:
        return None
    return Form("labels", [Entry(clean_name(name), body, line) for name, body, line in found], blocks)


READERS = (_lists, _first_lists, _tables, _paragraphs, _headings, _labels)


# the name before a dash that leads a counted step's text: one to three capitalised words, bold or not
COUNTED_NAME = re.compile(r"^\s*(?P<m>\*\*|__)?(?P<name>[A-Z][\w'’]*(?: [\w'’]+){0,2})(?(m)(?P=m))\s+[–—-]\s+"
                          r"(?P<rest>\S.*)$", re.S)


def name_counted(entry: Entry) -> None:
    """'1 | Chart – Reveal the tile …': a step known by its count names itself before a dash."""
    if entry.name and not re.fullmatch(r"\d{1,2}", entry.name):
        return
    lead = COUNTED_NAME.match(entry.body)
    if lead:
        entry.name, entry.body = clean_name(lead.group("name")), lead.group("rest")


def section_entries(state: State, section: Section, kind: str) -> Form | None:
    """The container form of ``section`` holding the most entries of ``kind`` (two or more), or None.

    Phases and terms need names on nearly every entry (a list of sentences is not a glossary); set-up
    steps need none. Dice lists and tables of rolls are left to the dice recogniser.
    """
    best = None
    for reader in READERS:
        form = reader(state, section)
        if form is None or len(form.entries) < 2:
            continue
        if kind == "phases":
            for entry in form.entries:
                name_counted(entry)
        if kind != "setup":
            named = [e for e in form.entries if e.name and len(e.name.split()) <= 6]
            if len(named) * 10 < len(form.entries) * 8:
                continue
        at = next((i for i, b in enumerate(section.blocks) if form.blocks and b is form.blocks[0]), 0)
        before = section.blocks[at - 1] if at > 0 else None
        form.intro = plain(before.text) if isinstance(before, Paragraph) else ""
        if best is None or len(form.entries) > len(best.entries):
            best = form
    return best


def take(state: State, form: Form, block_marker: str) -> None:
    """The form's blocks become the data's: the first is replaced by ``block_marker`` (the block that shows
    the data on the prose page; "" for none), the rest are removed, and its sub-headings fold into it."""
    for n, block in enumerate(form.blocks):
        state.claim(block, block_marker if n == 0 else "")
    for child in form.sections:
        state.folded.add(id(child))


def step_text(entry: Entry) -> str:
    """A set-up step from an entry: its body, led by its name when the container gave one."""
    if entry.name and entry.body:
        return f"**{entry.name}:** {entry.body}"
    return entry.body or entry.name


def describe(form: Form) -> str:
    return {"list": "list item(s)", "table": "table row(s)", "paragraphs": "name-led paragraph(s)",
            "headings": "sub-heading(s)", "labels": "labelled paragraph group(s)"}[form.kind]
