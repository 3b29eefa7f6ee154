"""What a section is -- set-up, glossary -- by its heading, its content and its place in the book.

Headings vary without end ("2. Preparing the foundry", "Before the first tide", "Garden words"), so a
heading is matched without its section number, and a section whose heading says nothing known is judged by
what it holds: steps that place, shuffle and deal before the turn is described are the set-up; entries that
pair a short name with a definition are a glossary. Entries keyed by rolls or die faces are a dice table,
never terms. Sections still unknown at the end are listed for a human with a guess (:func:`unclassified`).
"""

from __future__ import annotations

import re

from .enumeration import strip_lead
from .outline import ListBlock, Paragraph, Section
from .state import State
from .text import plain

# '2.', '3.1', 'IV.', 'B)', 'Chapter 2:', 'Part One –', '§ 4': numbering the author typed before a heading
# ('3 Players', '2-Player Variant', '2-3 Player Game', '2 player game', '2 vs 2' count the players: no numbering;
# '4 Player Turn' may be section 4)
SECTION_NUMBER = re.compile(r"^\s*(?:§\s*)?(?:(?:section|chapter|part)\s+(?:\d+|[ivx]{1,5}|one|two|three|four|"
                            r"five|six|seven|eight|nine|ten)\b|\d{1,2}(?:\.\d{1,2})+\b|"
                            r"\d{1,2}\b(?!\s*(?:[-–]|to|or|&)\s*\d{1,2}\s*[–-]?\s*players?\b|\s*players\b"
                            r"|[–-]players?\b|\s*player\s+(?:game|variant|mode|rules?|set-?up)\b"
                            r"|\s*(?:vs\.?|versus)\s*\d)|"
                            r"[ivx]{1,5}\b(?=[.)])|[a-h]\b(?=[.)]))\s*[.):·–—-]?\s*", re.I)


def heading_text(title: str) -> str:
    """A heading's words for matching: plain text without its typed section number."""
    text = plain(title).strip()
    stripped = SECTION_NUMBER.sub("", text, count=1).strip()
    return stripped or text


# A set-up step: a sentence that places, prepares or hands out ('Shuffle the deck', 'Each player takes ...')
SETUP_VERB = re.compile(
    r"^(?:then |now |next |first,? )?(?:shuffle|place|put|lay|set|deal|give|hand|take|stack|sort|separate|"
    r"unfold|spread|arrange|seat|choose|pick|select|decide|determine|randomly|return|remove|form|build|"
    r"fill|line up|stand|turn|draw|prepare|assemble|gather|distribute|make|mix|cover|open)\b|"
    r"^(?:each|every|all) (?:\w+ ){0,2}(?:takes?|gets?|receives?|places?|draws?|chooses?|puts?|picks?|"
    r"starts?|begins?|keeps?)\b|"
    r"\b(?:goes|plays|starts|begins) first\b|\bfirst player\b", re.I)
# 'Bed — the cards you ...', 'Crucible: the pot ...', '**Bloom.** A card ...': a short name, then its meaning
DEFINITION = re.compile(r"^\s*(?:\*\*|__|\*|_)?(?P<name>[A-Za-z][\w'’ -]{0,40}?)(?:\*\*|__|\*|_)?\s*"
                        r"(?:\s(?:--+|—|–)\s*|:\s+|(?<=\w)\.(?:\*\*|__|\*|_)?\s+)(?P<body>\S.*)$", re.S)
DIE_FACE = re.compile(r"^\s*[\u2680-\u2685]|^\s*\d\ufe0f?\u20e3")


def _texts(state: State, section: Section) -> list[tuple[str, int]]:
    """(plain text, line) of each unclaimed list item and paragraph directly in the section."""
    out = []
    for block in section.blocks:
        if state.claimed(block):
            continue
        if isinstance(block, ListBlock):
            out += [(plain(item.text), item.line) for item in block.items]
        elif isinstance(block, Paragraph):
            out.append((plain(block.text), block.line))
    return out


# 'Discard a card …', 'Roll the die …', 'Move your spoon …': a body that tells the player what to do is a rule,
# not the meaning of its name (weighed across a section's entries: a glossary may define one action so)
INSTRUCTION = re.compile(r"^\W*(?:then |now |next )?(?:in (?:turn|player|seating|clockwise) order,?\s+)?"
                         r"(?:discard|move|roll|draw|gain|score|pay|spend|take|place|put|deliver|load|unload|raise|"
                         r"play|choose|pick|flip|reveal|trade|buy|sell|collect|return|add|remove|refill|fill|advance|"
                         r"count|pass|swap|exchange|build|attack|rest|shuffle|deal|lay|set|give|check|resolve|"
                         r"repeat|skip|lose|win|recruit|harvest|plant|sow|hire|use|keep|flip|tap|rotate|look)\b", re.I)


def _step_like(text: str) -> bool:
    text = strip_lead(text, bare=True)
    text = re.sub(r"^\s*(?:\d{1,2}[.):]?|[a-h][.)]|step \d{1,2}[.:]?)\s+", "", text, flags=re.I)
    return bool(SETUP_VERB.search(text[:80]))


# 'v1.3 – Fragile parcels …' (a changelog), 'Q: Can a keeper …' / 'A: Yes.' (a FAQ): leads that name no term
NO_NAME = re.compile(r"^(?:v(?:ersion)?\s*\d+(?:\.\d+)*\w*|[QA])$", re.I)


def definition(text: str) -> tuple[str, str] | None:
    """(name, body) when the text pairs a short name (1-4 words, not a roll, not a step) with its meaning;
    a typed case number before the name is set apart ('3.1 Point: any intersection …')."""
    if DIE_FACE.match(text):
        return None
    from .dice import roll_line  # dice imports state only; imported here to keep this module light

    if roll_line(text):
        return None
    text = strip_lead(text)
    if re.match(r"^\s*\d", plain(text)):
        return None
    match = DEFINITION.match(text)
    if not match:
        return None
    name, body = plain(match.group("name")).strip(), plain(match.group("body")).strip()
    if not name or NO_NAME.match(name) or len(name.split()) > 4 or len(body.split()) < 2 \
            or _step_like(name + " " + body):
        return None
    return name, body


def looks_like_setup(state: State, section: Section) -> bool:
    """Three or more entries, most of them steps that prepare the game, before any turn section."""
    turn = state.turn_section
    if turn is not None and section.line >= turn.line or state.phase_of(section) is not None:
        return False
    texts = [t for t, _ in _texts(state, section) if t and not t.endswith(":")]
    if len(texts) <= 1 and section.children:  # one sub-heading per step ('### 1. Lay out the board')
        texts = [f"{name}. {body}" for name, body, _ in heading_entries(state, section)]
    steps = [t for t in texts if _step_like(t)]
    if len(steps) >= 3 and len(steps) * 10 >= len(texts) * 7:
        return True
    # a numbered list of steps between what a lead-in asks for ('You will need …') and a picture's caption: the
    # list decides by itself
    lists = [b for b in section.blocks if isinstance(b, ListBlock) and b.ordered and not state.claimed(b)]
    items = [plain(i.text) for i in max(lists, key=lambda b: len(b.items)).items] if lists else []
    return len(items) >= 3 and sum(1 for t in items if _step_like(t)) * 10 >= len(items) * 8


# 'A card that …', 'One of the twelve …', 'The points printed …', 'Crate is …': a meaning says what a thing is
DEFINING = re.compile(r"^\W*(?:an?|the|one|any|some|your|their|its|this|these|those)\b|"
                      r"^\W*[\w'’-]+(?:\s[\w'’-]+)?\s(?:is|are|means|refers to)\b", re.I)


def heading_entries(state: State, section: Section) -> list[tuple[str, str, int]]:
    """(name, text, line) of each sub-heading when every one holds only unclaimed paragraphs -- one entry per
    heading (an h3/h4 or a card title per term or stage), read like list entries -- else []."""
    from .names import question_name

    out = []
    for child in section.children:
        paragraphs = [b for b in child.blocks if isinstance(b, Paragraph)]
        if child.children or not paragraphs or len(paragraphs) < len(child.blocks) \
                or any(state.claimed(b) for b in paragraphs) or state.phase_of(child) is not None:
            return []
        name = question_name(child.title) or strip_lead(heading_text(child.title))
        out.append((plain(name).strip(), plain(" ".join(b.text for b in paragraphs)), child.line))
    return out


# '**Tray**', '__Sow:__', '*Module*': a paragraph that is only an emphasised short name labels the text below it
LABEL = re.compile(r"^\s*(\*\*|__|\*|_)(?P<name>[^*_]{1,50}?)[:.]?\1\s*[:.]?\s*$")


def _label(block) -> str | None:
    """The name a paragraph labels the text below it with ('**Tray**'), or None: at most six words."""
    match = isinstance(block, Paragraph) and LABEL.match(block.text)
    return match.group("name").strip() if match and len(match.group("name").split()) <= 6 else None


def label_entries(state: State, section: Section) -> tuple[list[tuple[str, str, int]], list]:
    """(name, text, line) per label paragraph with the paragraphs below it up to the next label, and the
    paragraphs used; ([], []) unless there are two or more and every paragraph after the first label is used
    (an introduction before it may stay)."""
    blocks = [b for b in section.blocks if not state.claimed(b)]
    # the first label is found by the same test as the others, so a long bold line before it stays introduction
    start = next((i for i, b in enumerate(blocks) if _label(b)), None)
    if start is None or any(not isinstance(b, Paragraph) for b in blocks[start:]):
        return [], []
    out: list[tuple[str, list, int]] = []
    for block in blocks[start:]:
        if name := _label(block):
            out.append((strip_lead(name), [], block.line))
        else:
            out[-1][1].append(block)
    if len(out) < 2 or any(not body for _, body, _ in out):
        return [], []
    return [(name, " ".join(b.text for b in body), line) for name, body, line in out], blocks[start:]


def _known_prose(section: Section) -> bool:
    from .gameinfo import COMPONENTS_HEADING, END_HEADING, OBJECTIVE_HEADING, SETUP_HEADING, SUMMARY_HEADING

    words = heading_text(section.title)
    return any(rx.search(words) for rx in (COMPONENTS_HEADING, END_HEADING, OBJECTIVE_HEADING, SETUP_HEADING,
                                           SUMMARY_HEADING))


# 'Quick reference', 'Summary of play', 'At a glance': a recap of rules told above ('Round: Dispatch → Haul'), its
# 'Label: value' lines no definitions
RECAP = re.compile(r"\b(?:quick reference|reference (?:card|sheet)|summary|recap|at a glance|player aid)\b", re.I)
# 'Variants to try', 'Optional rules', 'House rules': named rules of play ('**Calm day:** no gust roll'), never
# definitions, however they pair a name with its text
RULE_ASIDE = re.compile(r"\b(?:variants?|optional rules?|house rules?)\b", re.I)
# 'Example of a round' ('**Dive.** Ana places ...'): play retold, no glossary by its content
EXAMPLE = re.compile(r"\bexamples?\b", re.I)


def credit(name: str, body: str) -> bool:
    """A credit or a fact rather than a term: the value is a name, a date or a version (every word outside
    brackets capitalised or a number: 'Fenna Roos', '1.3, 2 November 2023', 'CC BY-NC-SA 4.0 (share it)'),
    under a label in ordinary words ('Game design'; 'VP — Victory Points' is an abbreviation, a term)."""
    words = re.sub(r"\([^()]*\)", " ", plain(body)).split()
    label = plain(name).strip()
    return bool(words) and len(words) <= 6 and all(w[:1].isupper() or w[:1].isdigit() for w in words) \
        and not (label.isupper() and len(label) <= 5)


def defined_terms(state: State, section: Section) -> list[tuple[str, str, int]]:
    """The entries of a section that read as 'Name — definition' lines, or one sub-heading per name with its
    meaning below ([] unless nearly all do, three or more): a glossary known by its content, whatever its
    heading."""
    if state.phase_of(section) is not None or section is state.turn_section \
            or RECAP.search(heading_text(section.title)) or RULE_ASIDE.search(heading_text(section.title)) \
            or EXAMPLE.search(heading_text(section.title)):
        return []
    texts = [(t, line) for t, line in _texts(state, section) if t]
    found = [(*pair, line) for t, line in texts if (pair := definition(t))]
    told = [body for _, body, _ in found if INSTRUCTION.match(body)]
    credits = [name for name, body, _ in found if credit(name, body)]  # 'Design — Maren Oakes': credits
    if len(found) >= 3 and len(found) * 10 >= len(texts) * 8 and len(told) * 2 < len(found) \
            and len(credits) * 10 < len(found) * 6:
        return found
    if _known_prose(section):
        return []
    if section.children and len(texts) > 1:  # more than an introduction of its own: not a list of terms
        return []
    entries = heading_entries(state, section) if section.children else label_entries(state, section)[0]
    named = [(plain(name), plain(body), line) for name, body, line in entries
             if name and len(name.split()) <= 4 and not name.endswith(("?", "!", ":")) and not name[:1].isdigit()
             and len(body.split()) >= 3 and DEFINING.match(body) and not INSTRUCTION.match(body)
             and not INSTRUCTION.match(name) and not _step_like(name)]  # '### Save water' is a tip, not a term
    if len(named) >= 3 and len(named) * 10 >= len(entries) * 8:
        return named
    return []


def hint(state: State, section: Section) -> str:
    """What an unclassified section might be, from its content."""
    texts = [t for t, _ in _texts(state, section) if t]
    from .dice import roll_line

    if sum(1 for t in texts if roll_line(t) or DIE_FACE.match(t)) >= 2:
        return "its lines start with rolls: a dice table? (dice.yaml)"
    if sum(1 for t in texts if definition(t)) >= 2:
        return "it pairs names with meanings: glossary terms? (terms.yaml)"
    if sum(1 for t in texts if _step_like(t)) >= 2:
        return "it reads as steps: set-up (game.yaml setup) or a phase's steps?"
    return "rules text, kept as prose"


def unclassified(state: State) -> None:
    """Ask a human about every section whose text became no data (kept as prose): its line and a guess.
    Sections whose heading names prose the game page shows (introduction, goal, components, end) are known."""
    from .gameinfo import COMPONENTS_HEADING, END_HEADING, OBJECTIVE_HEADING, SUMMARY_HEADING

    known = (COMPONENTS_HEADING, END_HEADING, OBJECTIVE_HEADING, SUMMARY_HEADING)
    for section in state.outline.sections():
        if any(rx.search(heading_text(section.title)) for rx in known):
            continue
        if id(section) in state.folded or state.phase_of(section) is not None or section is state.turn_section:
            continue
        if not _texts(state, section) or any(state.claimed(b) for b in section.blocks) \
                or section.children and all(id(c) in state.folded for c in section.children):
            continue  # no text of its own, or part of it (or every sub-section) was read as data: it is known
        if _credits(state, section):
            continue  # '#### Game Design:' over 'Lance Runolfsson': who made it, prose the page keeps as it is
        state.ask("sections", f"Section '{heading_text(section.title)}' was not recognised and is kept as prose; "
                  f"{hint(state, section)}", section.line)


CREDITS_HEADING = re.compile(r"\b(?:credits|acknowledge?ments?|thanks|playtest(?:ers|ing)?)\b", re.I)


# a heading naming who did what ('Game Design', 'Art', 'Illustrations'), or any label set with a colon
CREDIT_ROLE = re.compile(r"\b(?:design(?:er)?s?|art(?:work|ist)?s?|illustrations?|graphics|development|developers?|"
                         r"edit(?:ing|or)s?|layout|authors?|publishers?|translations?|producers?|proofreading)\b"
                         r"|:\s*$", re.I)


def _credits(state: State, section: Section) -> bool:
    """A section of credits: under a heading that says so, or a role over one name ('Game Design:' over
    'Lance Runolfsson'; '## Supply' over 'See Chapter 4.' is a rule)."""
    if any(CREDITS_HEADING.search(heading_text(s.title)) for s in (section, section.parent) if s is not None):
        return True
    texts = _texts(state, section)
    title = heading_text(section.title)
    return len(texts) == 1 and bool(CREDIT_ROLE.search(title)) and credit(title, texts[0][0])
