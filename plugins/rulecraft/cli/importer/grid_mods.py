"""Column shifts and die-roll modifiers stated near a combat results table ('Defender in woods: shift one column
left', 'Any attack … receives 2 favorable column shifts', '+1 to the die roll if the attacker is rested'), read
into the two-dimensional table's ``shifts`` and ``modifiers`` (models/dice_grid.py).

Only what a sentence says in so many words is read: an amount (a number or 'one'…'three'), a direction (left or
right; 'favourable' / 'in the attacker's favour' is right, 'unfavourable' / 'in the defender's favour' left: the
columns run from the defender's best odds to the attacker's) and what it applies to. A sentence that names a
shift or a die-roll modifier but not all of these — 'per', 'each' (a count the rules do not bound), a shift with
no direction, a halved or doubled strength — is a located question, never a guess. The sentences stay on the
prose page: the table's rule is copied, not moved, and the table's todo says which lines it was read from.

'Near' is the table's section and the chapter holding it (the section's parent with its other sub-sections):
'4.0 Combat' with '4.1 Combat Results Table' and '4.3 Terrain effects'. A shift keyed by a code of another
table's legend ('L1 – shift one column left') is asked about, not tied to that table's rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .outline import ListBlock, Note, Paragraph, Quote, Section
from .text import plain, slug

NUMBER = {"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "1": 1, "2": 2, "3": 3, "4": 4}
N = r"(?P<n>an?|one|single|two|three|four|[1-4])"
FAVOUR = r"(?P<fav>un-?favou?rable|adverse|favou?rable)"
SIDE = r"(?:in (?:the )?(?P<side>attacker|defender)'?s'? favou?r|to the (?P<dir2>left|right))"
SHIFT_FORMS = [
    # 'shift one column left', 'shifted two columns to the right', 'shift the odds one column left'
    re.compile(rf"\bshift(?:s|ed)?\s+(?:the\s+(?:odds|attack|combat)\s+)?{N}\s+columns?\s+(?:to\s+the\s+)?"
               r"(?P<dir>left|right)\b", re.I),
    # '1 favorable column shift', '2 favorable column shifts', 'a 1 column favorable odds shift',
    # 'one-column shift to the left', 'a two column shift in the defender's favour'
    re.compile(rf"\b{N}[-\s]+(?:{FAVOUR}\s+)?column\s+(?:{FAVOUR.replace('fav>', 'fav1>')}\s+)?(?:odds\s+)?"
               rf"shifts?\b(?:\s+{SIDE})?", re.I),
    re.compile(rf"\b{N}\s+{FAVOUR}\s+(?:odds\s+)?(?:column\s+)?shifts?\b", re.I),
    # '-1 column', '+2 columns', '−1 column shift'
    re.compile(r"(?<![\w-])(?P<sign>[+−–-])\s?(?P<n>[1-4])\s+columns?\b(?:\s+shifts?)?", re.I),
]
SIGN = r"(?P<sign>[+−–-])\s?(?P<n>[1-4])"
MODIFIER_FORMS = [
    re.compile(rf"(?<![\w-]){SIGN}\s+(?:to|on)\s+the\s+(?:(?:combat|attack)\s+)?(?:die|dice)\s+roll\b", re.I),
    re.compile(rf"(?<![\w-]){SIGN}\s+(?:DRM|die[-\s]roll\s+modifier)\b", re.I),
    re.compile(rf"\b(?P<verb>add|subtract)\s+{N}\s+(?:to|from)\s+the\s+(?:(?:combat|attack)\s+)?(?:die|dice)\s+roll\b",
               re.I),
]
# a statement of either kind, read or not: the sentences a question is asked about
MENTION = re.compile(r"\bcolumns?\s+shifts?\b|\bshift(?:s|ed)?\b[^.;]{0,30}\bcolumns?\b|\bcolumns?\s+(?:to\s+the\s+)?"
                     r"(?:left|right)\b|\bDRM\b|\bdie[-\s]roll\s+modifier|(?<![\w-])[+−–-]\s?\d\s+(?:to|on)\s+the\s+"
                     r"(?:\w+\s+)?(?:die|dice)\s+roll", re.I)
SHIFT_MENTION = re.compile(r"\bcolumns?\b[^.;]{0,20}\bshifts?\b|\bshift(?:s|ed)?\b[^.;]{0,30}\bcolumns?\b", re.I)
UNBOUNDED = re.compile(r"\b(?:per|each|every|for\s+each|for\s+every)\b", re.I)
CONDITION = re.compile(r"\b(?:if|when|whenever|while|unless|against|for)\b", re.I)
SUBJECT_VERB = re.compile(r"\s+(?:is\s+given|receives?|gets?|enjoys?|gains?|earns?|suffers?|takes?|incurs?|has|have|is|are)\s*$", re.I)
LEADING = re.compile(r"^(?:and|but|then|also|the\s+attack|it|this)\b[\s,]*", re.I)
MAX_LABEL = 200
FILLER = {"if", "when", "while", "for", "the", "a", "an", "any", "is", "are", "in", "of", "that"}


@dataclass
class Statement:
    kind: str  # "shift" or "modifier"
    value: int
    label: str
    line: int
    text: str
    favour: bool = False  # its direction read from 'favourable' alone (whose favour is not said)


def _sentences(block) -> list[tuple[str, int]]:
    """(sentence, line) of a prose block: a paragraph's sentences, each list item, a note's or quote's blocks."""
    if isinstance(block, Paragraph):
        text = plain(block.text)
        return [(s, block.line) for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(+−–-])", text) if s.strip()]
    if isinstance(block, ListBlock):
        return [(plain(item.text), item.line or block.line) for item in block.all_items() if plain(item.text)]
    if isinstance(block, (Note, Quote)):
        return [pair for inner in block.blocks for pair in _sentences(inner)]
    return []


def _top(section: Section) -> bool:
    """The outline's root, or the one section under it (the document's title heading): the whole book."""
    return section.parent is None or section.parent.parent is None and len(section.parent.children) == 1


def near(section: Section) -> list[tuple[str, int]]:
    """The sentences of the table's section and of the chapter holding it, in document order."""
    chapter = section.parent if section.parent is not None and not _top(section.parent) else section
    return [pair for part in chapter.walk() for block in part.blocks for pair in _sentences(block)]


def _value(match: re.Match) -> int | None:
    groups = match.groupdict()
    n = NUMBER.get((groups.get("n") or "").lower())
    if n is None:
        return None
    if groups.get("sign"):
        return n if groups["sign"] == "+" else -n
    if groups.get("verb"):
        return n if groups["verb"].lower() == "add" else -n
    way = (groups.get("dir") or groups.get("dir2") or "").lower()
    fav = (groups.get("fav") or groups.get("fav1") or "").lower()
    side = (groups.get("side") or "").lower()
    if way:
        return n if way == "right" else -n
    if side:
        return n if side == "attacker" else -n
    if fav:
        return -n if fav.startswith(("un", "adverse")) else n
    return None


def _label(sentence: str, match: re.Match) -> str | None:
    """What the statement applies to, as a modifier's label reads after its amount: 'if the defender is in
    woods', 'for any attack against a clear hex that …'; None when nothing is left to name it."""
    before, after = sentence[:match.start()], sentence[match.end():]
    after = after.strip(" .;:,")
    before = re.sub(r"\s*(?:\b(?:a|an|the)\s*)$", "", before.strip(" .;:,—–-"), flags=re.I)
    for _ in range(2):  # 'is receives' as typed: both verbs go
        before = SUBJECT_VERB.sub("", before).strip(" .;:,—–-")
    before = re.sub(r"\s+(?:shifts?|moves?)\s+(?:the\s+(?:odds|attack|combat)\s+)?$", "", before, flags=re.I)
    before, after = _lower(before), _lower(after)
    lead = CONDITION.match(after)
    if lead and not before:
        text = after
    elif before and after and CONDITION.match(after):
        text = f"{before} {after}" if CONDITION.match(before) else f"{after} ({before})"
    elif before:
        text = before if CONDITION.match(before) else ("for " if re.match(r"(?:any|an?|every|all)\b", before, re.I)
                                                       else "if ") + before
    elif after:
        text = after if CONDITION.match(after) else None
    else:
        text = None
    if not text:
        return None
    text = LEADING.sub("", text).strip()
    return text if text and len(text) <= MAX_LABEL else None


def _lower(text: str) -> str:
    """A sentence's first letter in lower case, as a label reads after its amount; a name or an acronym kept."""
    return text[0].lower() + text[1:] if text and not re.match(r"[A-Z]{2}|I\b", text) else text


def _amounts(sentence: str) -> int:
    """How many amounts the sentence states: its matches' spans, those of two forms on one phrase counted once."""
    spans = sorted((m.start(), m.end()) for rx in SHIFT_FORMS + MODIFIER_FORMS for m in rx.finditer(sentence))
    count, end = 0, -1
    for start, stop in spans:
        if start >= end:
            count += 1
        end = max(end, stop)
    return count


def read(sentences: list[tuple[str, int]]) -> tuple[list[Statement], list[tuple[str, int]]]:
    """(the statements read, the sentences that state a shift or a modifier but could not be read)."""
    found: list[Statement] = []
    unread: list[tuple[str, int]] = []
    for sentence, line in sentences:
        matches = [("shift", m) for rx in SHIFT_FORMS for m in [rx.search(sentence)] if m][:1] or \
                  [("modifier", m) for rx in MODIFIER_FORMS for m in [rx.search(sentence)] if m][:1]
        if not matches:
            if MENTION.search(sentence):
                unread.append((sentence, line))
            continue
        kind, match = matches[0]
        value = _value(match)
        label = _label(sentence, match)
        several = _amounts(sentence) > 1
        if value is None or label is None or several or UNBOUNDED.search(label):
            unread.append((sentence, line))  # no direction, nothing named, two amounts or an unbounded count
            continue
        groups = match.groupdict()
        favour = bool(groups.get("fav") or groups.get("fav1")) and not (groups.get("side") or groups.get("dir2"))
        found.append(Statement(kind, value, label, line, sentence, favour))
    return found, unread


def entries(found: list[Statement]) -> tuple[list[dict], list[dict]]:
    """(shifts, modifiers) as dice.yaml writes them, ids from their labels, unique within the table."""
    ids: set[str] = set()
    shifts, modifiers = [], []
    for statement in found:
        words = [w for w in slug(statement.label, statement.kind).split("-") if w not in FILLER]
        base = "-".join(words[:3]) or statement.kind
        mod_id, n = base, 2
        while mod_id in ids:
            mod_id, n = f"{base}-{n}", n + 1
        ids.add(mod_id)
        entry = {"id": mod_id, "label": statement.label, "value": statement.value}
        (shifts if statement.kind == "shift" else modifiers).append(entry)
    return shifts, modifiers


def lines_text(lines: list[int], outline) -> str:
    shown = sorted({n for n in lines if n})
    return outline.at_lines(shown) if shown else "the text near it"
