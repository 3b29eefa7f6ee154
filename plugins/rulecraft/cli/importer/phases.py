"""Phases: the ordered list(s) under a turn/phases heading become the turn sequence.

* an item's lead ('*Hiring* -- ...', '**Allocation Phase**') is the phase name, the rest its rules;
* nested items named like phases become sub-phases; one starting with 'or' an alternative (7a/7b);
* other nested items become steps;
* 'skipped in the first round' and 'optional' are kept as flags;
* hand-typed numbers are dropped (numbers are derived), and later headings that name a phase
  ('## 7.a. *Directory of Trade*') get a ``/// phase`` block and lose their typed number.

Everything copied gets ``todo: restate in your own words``.
"""

from __future__ import annotations

import re

from . import dice, entries, turn_sections
from .enumeration import split_lead
from .names import capitalise, clean_name, split_item, uncapped
from .outline import ListBlock, ListItem, Paragraph, Table
from .plaintext import sequence_names
from .sections import heading_text
from .state import State
from .text import first_sentence, plain, undecorated, words

# 'Each day', 'A season in the valley': a game whose turn is a unit of time names it so
TURN_HEADING = re.compile(r"\b(turns?|phases?|rounds?|sequence of play|order of play|rules of play|turn structure|"
                          r"(?:each|every|a|one) (?:day|night|week|month|season|year|cycle|shift))\b", re.I)
SKIP_FIRST = re.compile(r"skip(?:ped|s)?\b[^.]*\b(?:first|1st|opening) (?:round|turn)|"
                        r"not (?:played |used )?(?:in|on|during) the first (?:round|turn)", re.I)
OPTIONAL = re.compile(r"\boptional\b", re.I)
TODO_COPIED = "Copied from the source as-is: restate in your own words."
NUMBER_PREFIX = re.compile(r"^\s*\d+(?:\s*[.)]\s*[a-z]?\b)?(?:\s*[.)])?\s*", re.I)
# '4.1  Market': a section's case number (a numbered heading under section 4), not part of the name
CASE_NUMBER = re.compile(r"^\s*\d{1,2}(?:\.\d{1,2})+\.?\s+")


def _named_child(item: ListItem, parent_emphasised: bool) -> bool:
    named = split_item(item.text)
    return named.emphasised and (named.separated or parent_emphasised) and bool(named.rest or named.paren)


def _step(item: ListItem, state: State, phase_id: str):
    state.phase_of_item[id(item)] = phase_id
    steps = []
    for child in item.children:
        if isinstance(child, ListBlock):
            steps.extend(_step(sub, state, phase_id) for sub in child.items)
        elif isinstance(child, Paragraph):
            steps.append(child.text)
    return {"text": item.text, "steps": steps} if steps else item.text


def _phase(item: ListItem, state: State, parent_emphasised: bool = True) -> dict:
    named = split_item(item.text, drop_phase=True)
    name, rest = named.name, named.rest
    own = rest
    if named.paren:
        if re.search(r"skip|optional|note|only|if|when|unless|expansion", named.paren, re.I):
            rest = f"{capitalise(named.paren.rstrip('.'))}. {rest}".strip()
        else:
            name = clean_name(f"{name} ({named.paren})")
    if name.lower().startswith("or "):
        name = capitalise(name[3:].strip())
    phase: dict = {"id": state.ids["phase"](name, "phase"), "name": name or "Unnamed phase"}
    state.phase_of_item[id(item)] = phase["id"]
    if rest:
        phase["summary"] = capitalise(first_sentence(plain(own or rest), 140))
        # 'Weather - first player rolls …': the words after the name start the phase's rules, as a sentence
        phase["rules"] = rest[:1].upper() + rest[1:] if named.separated and rest[:1].islower() else rest
    full = plain(item.text)
    if OPTIONAL.search(full):
        phase["optional"] = True
        where = plain(rest) if OPTIONAL.search(plain(rest)) else plain(named.paren or full)
        sentence = next((s for s in re.split(r"(?<=[.!?])\s+", where) if OPTIONAL.search(s)), where)
        phase["condition"] = capitalise(sentence.strip())[:300]
    if SKIP_FIRST.search(full):
        phase["skip_first_round"] = True
    steps, subphases, alternatives, paragraphs = [], [], [], []
    for child in item.children:
        if isinstance(child, Paragraph):
            paragraphs.append(child.text)
            continue
        if not isinstance(child, ListBlock):
            continue
        for sub in child.items:
            if _named_child(sub, named.emphasised):
                target = alternatives if plain(sub.text).lower().startswith("or ") else subphases
                target.append(_phase(sub, state, named.emphasised))
            else:
                steps.append(_step(sub, state, phase["id"]))
    if paragraphs:
        phase["rules"] = "\n\n".join([phase.get("rules", ""), *paragraphs]).strip()
    run_in = _run_in_phases(phase.get("rules", ""))
    if run_in:
        before, parts = run_in
        for sub_name, body in parts:
            sub = {"id": state.ids["phase"](sub_name, "phase"), "name": sub_name, "rules": body,
                   "todo": TODO_COPIED}
            state.phase_index[sub["id"]] = sub
            subphases.append(sub)
        if before:
            phase["rules"] = before
        else:
            phase.pop("rules")
        state.note("phases", f"'{name}': {len(parts)} sub-phases from the leads inside its text", item.line)
    if steps:
        phase["steps"] = steps
        if "summary" not in phase:
            first = steps[0] if isinstance(steps[0], str) else steps[0]["text"]
            phase["summary"] = first_sentence(plain(first), 140)
    if subphases:
        phase["subphases"] = subphases
    phase["todo"] = TODO_COPIED if (rest or steps or paragraphs) else \
        "Only the name is in the source's list: write this phase's rules."
    state.phase_index[phase["id"]] = phase
    if alternatives:
        group_name = " or ".join([name] + [alt["name"] for alt in alternatives])
        group = {"id": state.ids["phase"](group_name, "phase"), "name": clean_name(group_name),
                 "summary": f"Exactly one of these is played: {group_name}.",
                 "alternatives": [phase, *alternatives]}
        state.phase_index[group["id"]] = group
        state.note("phases", f"'{group_name}': alternatives (exactly one is played)", item.line)
        return group
    return phase


# 'A] Attack planning Phase: …', 'b) Supply step: …': a lettered or numbered phase led inside running text
RUN_IN = re.compile(r"(?:^|(?<=\s))(?P<mark>[A-Za-z]|\d{1,2})[\].)]\s+"
                    r"(?P<name>[A-Z][\w'’-]*(?:\s[\w'’-]+){0,4}?\s(?:phase|step|segment|stage))\s*:\s+", re.I)


def _run_in_phases(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """(text before, [(name, rules)]) when a phase's text leads two or more sub-phases in turn with marks that
    count on ('A] Attack planning Phase: … B] Combat Resolution Phase: …'), else None."""
    leads = list(RUN_IN.finditer(text))
    if len(leads) < 2:
        return None
    marks = [m.group("mark").lower() for m in leads]
    if all(m.isdigit() for m in marks):
        counted = [int(m) for m in marks]
    elif all(m.isalpha() for m in marks):
        counted = [ord(m) - ord("a") + 1 for m in marks]
    else:
        return None
    if counted != list(range(counted[0], counted[0] + len(counted))):
        return None  # 'a] … c] …' or '2) … 1) …': not one sequence counted on
    parts = [(clean_name(m.group("name"), drop_phase=True),
              text[m.end():leads[i + 1].start() if i + 1 < len(leads) else len(text)].strip())
             for i, m in enumerate(leads)]
    if any(not body for _, body in parts):
        return None
    return text[:leads[0].start()].strip(), parts


# 'Phase 2', 'Stage One', 'Step III'; 'First phase', '2nd stage': the counters rulebooks put before a name
NUMBER_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
ORDINALS = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
PHASE_HEADING = re.compile(rf"^(?:(?:phase|step|stage)\s*"
                           rf"(?:\d+[a-z]?|{NUMBER_WORDS}\b|{ORDINALS}\b|[ivx]+\b|(?<=\s)[a-z]\b)"
                           r"\s*[:.)–—·•|-]?\s*(?P<named>.*)"
                           rf"|{ORDINALS}\s+(?:phase|step|stage)\s*[:.)–—·•|-]\s*(?P<ordinal>.+)"
                           r"|(?:(?:\d+(?:\.\d+)*\.?|(?-i:[A-H]|[IVX]{1,4})[.)])\s+)?(?P<suffixed>.+?)\s+phase)$", re.I)


def heading_phase_name(title: str) -> str | None:
    """The phase a heading names: 'Phase 2: Roll phase', '3.1 Command phase', 'Phase 1 – Tide', 'Phase 1 · Muster'
    (a middle dot or bar is a typographer's separator like a dash)."""
    match = PHASE_HEADING.match(undecorated(plain(title).strip()).strip().rstrip(".:"))
    if not match:
        return None
    group = next(g for g in ("named", "ordinal", "suffixed") if match.group(g) is not None)
    # the suffixed form keeps its 'phase' for clean_name, which drops it with a leading article ('The tide phase')
    # 'MUSTER PHASE': the name set in capitals is uncapped before the word 'phase' is put back in lower case
    name = clean_name(uncapped(match.group(group)) + (" phase" if group == "suffixed" else ""), drop_phase=True)
    name = re.sub(r"\s+phase$", "", name, flags=re.I)
    return capitalise(name) if name and len(name.split()) <= 6 else None


def _numbered_name(title: str) -> str | None:
    """'2.1 Auction', '3. Market', 'B) Harvest', 'IV. Upkeep', 'First: Hero' under a turn heading: the name."""
    # letters and Roman numerals upper case only ('I. Weather', not a sentence starting 'I ...')
    match = re.match(r"^\s*(?:(?:\d+(?:\.\d+)*|[A-H])(?:[.)]|\s*·)?|(?:[IVX]{1,4}|(?i:" + ORDINALS + r"))\s*[.):–—-])"
                     r"\s+(?P<name>\S.{0,60})$", undecorated(plain(title).strip()))  # '🌙 1. Graze'
    return capitalise(clean_name(match.group("name"), drop_phase=True)) if match else None


# 'A. Movement Phase. The phasing player ...', '2) Upkeep: ...': an enumerated lead typed without bold
PLAIN_LEAD = re.compile(r"^(?P<lead>(?:[A-H]|\d{1,2}|[IVX]{1,4})[.)]\s+[^.:!?*_]{1,50}?)\s*(?:[.:]|\s[—–-])\s+"
                        r"(?P<rest>\S.*)$", re.S)
PLAIN_NAME = re.compile(r"^(?P<lead>[^.:!?*_]{1,50}?)\s*(?:[.:]|\s[—–-])\s+(?P<rest>\S.*)$", re.S)


def _lead_name(lead: str, token: str) -> str | None:
    """The phase a paragraph's lead names: by a phase word ('Step 1 — Wind', 'Wind Phase'), or, after a typed
    number ('5.2', '§ 4.1', 'B)'), a short name ('Spring Flood'; a sentence of seven words is no name)."""
    name = heading_phase_name(lead) or _numbered_name(lead)
    if name or not token:
        return name
    name = capitalise(clean_name(lead, drop_phase=True))
    return name if name and len(name.split()) <= 6 else None


def _paragraph_lead(text: str) -> tuple[str, str] | None:
    """(phase name, rest) of a paragraph led by '**Step 1 — Wind.**', a plain 'A. Movement Phase.', or any typed
    number and a name ('5.2 Wind Phase. …', '§ 4.1 Spring Flood. …')."""
    token, body = split_lead(text)
    match = re.match(r"^(\*\*|__)(?P<lead>[^*_]{1,60})\1\s*(?P<rest>.*)$", body, re.S)
    if match:  # '**Step 1 — Wind.**', and '**1. Gather.**' like its plain twin '1. Gather. ...'
        lead = match.group("lead")
        inner, named = split_lead(lead)
        name = heading_phase_name(lead) or _numbered_name(lead) or _lead_name(named, token or inner)
    else:
        match = PLAIN_LEAD.match(text)
        name = match and (heading_phase_name(match.group("lead")) or _numbered_name(match.group("lead")))
        if not name and token:
            match = PLAIN_NAME.match(body)
            name = match and _lead_name(match.group("lead"), token)
    rest = re.sub(r"^(?:--+|—|–|:|\.|-)\s+", "", match.group("rest").strip()) if name else ""
    return (name, rest) if name else None


def _label_bodies(state: State, section, found: list) -> list:
    """'**Phase 1 - Set Sail**' alone in its paragraph: its rules are the paragraphs below it, up to the next
    phase's label (the last label takes as many as the others did, at most: what follows may close the
    section). Those paragraphs are claimed; a label with its rules on its own line is left as it is."""
    if any(rest for _, _, rest in found):
        return found
    at = {id(block): k for k, block in enumerate(section.blocks)}
    out, most = [], 0
    for n, (block, name, _) in enumerate(found):
        end = at[id(found[n + 1][0])] if n + 1 < len(found) else len(section.blocks)
        body = []
        for later in section.blocks[at[id(block)] + 1:end]:
            if not isinstance(later, Paragraph) or state.claimed(later) \
                    or (n + 1 == len(found) and len(body) >= max(most, 1)):
                break
            body.append(later)
        most = max(most, len(body))
        for later in body:
            state.claim(later, "")
        out.append((block, name, "\n\n".join(b.text for b in body)))
    return out


def _paragraph_phases(state: State, is_turn) -> bool:
    """'**Step 1 — Wind.** The active captain rolls ...' or 'A. Movement Phase. ...' paragraphs under a turn
    heading (two or more)."""
    for section in state.outline.sections():
        if not is_turn(state, section):
            continue
        found = []
        for block in section.blocks:
            lead = _paragraph_lead(block.text) if isinstance(block, Paragraph) and not state.claimed(block) \
                else None
            if lead:
                name, rest = lead
                found.append((block, name, rest))
        if len(found) < 2:
            continue
        found = _label_bodies(state, section, found)
        state.turn_section = section
        for n, (block, name, rest) in enumerate(found):
            phase = {"id": state.ids["phase"](name, "phase"), "name": name[:120]}
            if rest:
                phase["summary"] = first_sentence(plain(rest), 140)
                phase["rules"] = rest
            phase["todo"] = TODO_COPIED if rest else "Only the name is in the source: write this phase's rules."
            state.phases.append(phase)
            state.phase_index[phase["id"]] = phase
            state.phase_of_item[id(block)] = phase["id"]  # a roll in its text belongs to this phase
            state.claim(block, "/// turn\n///" if n == 0 else "")
        state.note("phases", f"{len(found)} phases from the paragraphs led by a phase name under "
                   f"'{plain(section.title)}'", section.line)
        return True
    return False


COUNT_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
STATED_COUNT = re.compile(rf"\b(?P<n>\d{{1,2}}|{'|'.join(COUNT_WORDS)})\s+(?:\w+\s+)?(?:phases|steps|stages|parts)\b",
                          re.I)


def _counted(section) -> int:
    """The number of phases a turn section's own text states ('A turn has five phases.'), or 0."""
    for block in section.blocks:
        match = STATED_COUNT.search(plain(block.text)) if isinstance(block, Paragraph) else None
        if match:
            n = match.group("n").lower()
            return int(n) if n.isdigit() else COUNT_WORDS.index(n) + 2
    return 0


def _counted_group(state: State, is_turn):
    """(turn section, [(section, name)]) when a turn section's text states how many phases there are ('A turn
    has five phases.') and it has exactly that many sub-headings, however plain ('=== Consult the Sky ==='),
    or None. A last resort, after every other form of the turn."""
    for section in state.outline.sections():
        if section is state.outline.root or not is_turn(state, section):
            continue
        if _counted(section) == len(section.children) >= 2:
            return section, [(child, capitalise(clean_name(heading_text(child.title), drop_phase=True)))
                             for child in section.children]
    return None


# 'Watch 1: Stir', 'Beat 2 – Scheme': the designer's own word for a phase, a count, the name
COUNTER_HEADING = re.compile(r"^(?P<word>[A-Z][a-z]{2,15})\s+(?P<n>\d{1,2})\s*[:.–—·-]\s*(?P<name>\S.{0,60})$")
# words that count a document's parts or its asides, never the stages of a turn
NOT_COUNTER = {"chapter", "section", "part", "appendix", "example", "figure", "table", "scenario", "mission",
               "variant", "lesson", "page", "rule", "note", "level", "book", "volume", "game"}


def _counter_names(children: list) -> dict[int, str]:
    """{id(section): name} when two or more sub-headings of a turn count with one word of their own from 1
    ('Watch 1: Stir', 'Watch 2: Forage', ...), the name after the count; else {}."""
    found = {}
    for child in children:
        match = COUNTER_HEADING.match(undecorated(plain(child.title).strip()))
        if match:
            found[id(child)] = match
    words = {m.group("word").lower() for m in found.values()}
    numbers = [int(m.group("n")) for m in found.values()]
    if len(found) < 2 or len(words) != 1 or words & NOT_COUNTER or numbers != list(range(1, len(numbers) + 1)):
        return {}
    return {k: capitalise(clean_name(m.group("name"), drop_phase=True)) for k, m in found.items()}


# 'On your turn, go through these phases in order:': the turn's text leading into the headings under it (looked
# for in its last sentence only: searched over a whole long paragraph it was quadratic)
PHASES_LEAD = re.compile(r"\b(?:phases?|steps?|stages?)\b", re.I)


def _led_names(parent) -> dict[int, str]:
    """{id(section): name} of every sub-heading of a turn section whose own text ends leading into them ('go
    through these phases in order:'), when each names one thing (a few words, an icon before them aside)."""
    last = plain(parent.blocks[-1].text) if parent.blocks and isinstance(parent.blocks[-1], Paragraph) else ""
    sentence = re.split(r"[.!?]", last)[-1][-300:]
    if not last.endswith(":") or not PHASES_LEAD.search(sentence) or len(parent.children) < 2:
        return {}
    names = {id(child): capitalise(clean_name(child.title, drop_phase=True)) for child in parent.children}
    return names if all(name and len(name.split()) <= 4 for name in names.values()) else {}


def _heading_group(state: State, is_turn):
    """(parent, [(section, name)]) of phases written as one heading each under a common parent
    ('### Phase 1: Gather phase', '### 1. Hero phase', '### Watch 1: Stir' under 'Round structure'), or None."""
    best = None
    for parent in state.sections():
        turn = parent is not state.outline.root and bool(is_turn(state, parent))
        counted = (_counter_names(parent.children) or _led_names(parent)) if turn else {}
        named = [(child, heading_phase_name(child.title) or (turn and _numbered_name(child.title))
                  or counted.get(id(child))) for child in parent.children]
        phases = [(child, name) for child, name in named if name]
        if len(phases) < 2 or not (turn or len(phases) >= 3):
            continue
        score = (len(phases) + (10 if turn else 0), -parent.line)
        if best is None or score > best[0]:
            best = (score, parent, phases)
    return _phases_inside_steps(best[1:]) if best else None


STEP_TITLE = re.compile(r"^\W*step\s+\d", re.I)
PHASE_TITLE = re.compile(r"^\W*phase\s+\d", re.I)


def _phases_inside_steps(group: tuple) -> tuple:
    """'Step 1: Choose the mission' … 'Step 5: Start the game', the last over 'Phase 1: Determine initiative' …
    'Phase 3: Resolve morale': the steps lead up to play (the set-up), the phases inside one of them are the turn."""
    parent, phases = group
    if not all(STEP_TITLE.match(plain(child.title)) for child, _ in phases):
        return group
    for child, _ in phases:
        inner = [(c, heading_phase_name(c.title)) for c in child.children if PHASE_TITLE.match(plain(c.title))]
        if len(inner) >= 2 and all(name for _, name in inner):
            return child, inner
    return group


EMPHASISED = re.compile(r"(\*\*|__|\*|_)(?P<name>[^*_]{1,40}?)\1")
# 'in this order: Wind, Travel and Trade' or, three names or more, without the 'and': 'Dive, Forage, Rest.'
NAME_LIST = re.compile(r"(?:[:—–]|\bare\b)\s*(?P<names>[A-Z][\w'’ -]{0,30}(?:,\s*[A-Z][\w'’ -]{0,30})*,?\s+"
                       r"(?:and|then)\s+[A-Z][\w'’ -]{0,30}?|[A-Z][\w'’ -]{0,30}(?:,\s*[A-Z][\w'’ -]{0,30}){2,})"
                       r"(?=[.;:—–]|$)")


def _names_in(text: str) -> list[str]:
    """Phase names a paragraph lists: its emphasised words ('**Dawn**, **Forage** ...'), or else a plain
    list after a colon or dash ('three steps: Wind, Travel and Trade'), or a line of names alone ('Fell – Stack
    – Tend')."""
    names = [m.group("name") for m in EMPHASISED.finditer(text)] or sequence_names(plain(text))
    if len(names) < 2:
        match = NAME_LIST.search(plain(text))
        names = re.split(r",\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+", match.group("names")) if match else []
    return [n.strip() for n in names if n.strip()]


def _rejoined(names: list[str], titles: set[str]) -> list[str]:
    """'Morning Post, Fill and Empty, Towpath and Tolls' split at every 'and': two neighbours a heading names
    as one ('Fill and Empty') are one name again."""
    out: list[str] = []
    for name in names:
        if out and " ".join(_norm(f"{out[-1]} and {name}")) in titles:
            out[-1] = f"{out[-1]} and {name}"
        else:
            out.append(name)
    return out


def _overview_group(state: State, is_turn):
    """(turn section, [(section, name)]) when a paragraph under a turn heading names the phases and headings
    with those names follow, under it or at its own level right after it ('## Turn Overview' naming Dawn,
    Forage, ..., then '## Dawn', '## Forage'), or None."""
    for section in state.outline.sections():
        if not is_turn(state, section):
            continue
        names = [n for b in section.blocks if isinstance(b, Paragraph) for n in _names_in(b.text)]
        siblings = section.parent.children if section.parent else []
        at = next(i for i, s in enumerate(siblings) if s is section)
        names = _rejoined(names, {" ".join(_norm(c.title)) for c in [*section.children, *siblings[at + 1:]]})
        wanted = {" ".join(_norm(n)): n for n in names}
        if len(wanted) < 2:
            continue
        found = [(child, _numbered_name(child.title) or capitalise(clean_name(child.title, drop_phase=True)))
                 for child in [*section.children, *siblings[at + 1:]] if " ".join(_norm(child.title)) in wanted]
        if len(found) >= 2 and len(found) * 10 >= len(wanted) * 6:
            return section, found
    return None


# 'Morning: Raise the Stalls', 'Noon: The Crowd Arrives': a short label (a time of day, a place), a colon, the name
LABELLED = re.compile(r"^(?P<label>[A-Z][\w'’-]*(?: [\w'’-]+)?):\s+(?P<name>[A-Z0-9].{0,60})$")


def _labelled_names(names: list[str]) -> dict[str, tuple[str, str]]:
    """{heading name: (label, name)} when every phase heading of a group is 'Label: Name' with its own label:
    the name is what the phase is called, the label (when it happens) stays in the heading; else {}."""
    matches = [LABELLED.match(name) for name in names]
    if not all(matches) or len({m.group("label").lower() for m in matches}) < len(matches):
        return {}
    return {name: (m.group("label"), m.group("name").strip()) for name, m in zip(names, matches, strict=True)}


def _heading_phases(state: State, group) -> bool:
    if group is None:
        return False
    parent, found = group
    state.turn_section = parent
    labelled = _labelled_names([name for _, name in found])
    for section, name in found:
        shown = name
        if labelled:
            label, name = labelled[name]
            state.note("phases", f"'{name}': its label '{label}' is kept in the heading only", section.line)
        phase = {"id": state.ids["phase"](name, "phase"), "name": name[:120]}
        state.phases.append(phase)
        state.phase_index[phase["id"]] = phase
        state.phase_of_section[id(section)] = phase["id"]
        state.inserts[id(section)].append(f"/// phase | {phase['id']}\n///")
        state.retitle[id(section)] = shown[:120]
        own = _heading_title(section.title, shown)
        if own != shown[:120]:  # 'Step 3 — Gather or build': the typed label stays in the heading readers see
            state.labelled_heading[id(section)] = own
        state.heading_phases.append(section)
    table = _step_table(state, parent, [state.phases[-len(found) + n] for n in range(len(found))])
    if table is None:
        state.inserts[id(parent)].append("/// phase-list\n///")
    else:  # the table the headings expand: the phase list stands in its place, its rows are the summaries
        state.claim(table, "/// phase-list\n///")
        state.note("phases", f"the table at {state.outline.at(table.line)} lists the phases: its rows are "
                   "their summaries", table.line)
    state.note("phases", f"{len(found)} phases from the headings under '{plain(parent.title) or 'the title'}'",
               parent.line)
    return True


def _step_table(state: State, parent, phases: list[dict]):
    """The unclaimed table of the turn section whose rows name exactly these phases, in order ('# | Phase |
    What happens' over '1 | Ebb | …'), each row's text kept for its phase; else None."""
    for block in parent.blocks:
        if not isinstance(block, Table) or state.claimed(block):
            continue
        rows = entries.table_entries(block)
        for entry in rows:
            entries.name_counted(entry)
        if len(rows) == len(phases) and all(_norm(e.name) == _norm(p["name"]) and e.body
                                            for e, p in zip(rows, phases, strict=True)):
            for entry, phase in zip(rows, phases, strict=True):
                state.row_text[phase["id"]] = entry.body
            return block
    return None


def _descendants(section) -> list:
    out = []
    for child in section.children:
        out += [child, *_descendants(child)]
    return out


def _sub_heading_rules(state: State, section, phase: dict) -> list[str]:
    """'## Scoring' with no text of its own over '### Positive contracts' and '### Negative contracts': the
    phase's rules are its sub-headings' paragraphs, each part led by its heading in bold (the headings fold
    into the phase, whose block shows them). Only when every sub-heading holds paragraphs alone, none read
    as anything else: a table or list under one is data of its own, and the sub-headings then stay prose."""
    parts = _descendants(section)
    if not parts or any(id(part) in state.phase_of_section or id(part) in state.folded for part in parts) \
            or not all(part.blocks and all(isinstance(b, Paragraph) and not state.claimed(b) for b in part.blocks)
                       or not part.blocks and part.children for part in parts):
        return []
    paragraphs = []
    for part in parts:
        paragraphs.append(f"**{plain(heading_text(part.title)).strip()}**")
        paragraphs += [block.text for block in part.blocks]
        for block in part.blocks:
            state.claim(block)
        state.folded.add(id(part))
    first = next(block.text for part in parts for block in part.blocks)  # the first rule, not a heading
    phase["summary"] = first_sentence(plain(first), 140)
    names = ", ".join(f"'{plain(heading_text(part.title)).strip()}'" for part in parts)
    state.note("phases", f"'{phase['name']}': rules read from its sub-headings {names} (it has no text of its own)",
               section.line)
    state.ask("phases", f"Phase '{phase['name']}' has no text of its own: its rules are read from the sub-headings "
              f"under it ({names}), each led by its heading in bold: check them", section.line)
    return paragraphs


def fill_heading_phases(state: State) -> None:
    """Rules and steps of heading phases: what the other recognisers left in each phase's own section.

    Runs after the dice, card and term recognisers, so a dice list inside a phase stays a dice table.
    Sub-sections ('Sea battles' under 'Action phase') stay prose: they get no phase block of their own.
    """
    for section in state.heading_phases:
        phase = state.phase_index[state.phase_of_section[id(section)]]
        paragraphs, steps = [], []
        for i, block in enumerate(section.blocks):
            if state.claimed(block):
                continue
            following = state.claims.get(id(section.blocks[i + 1]), "") if i + 1 < len(section.blocks) else ""
            table = re.match(r"/// dice \| (\S+)", following)
            if isinstance(block, Paragraph) and table and plain(block.text).endswith(":"):
                paragraphs.append(f"{block.text.rstrip().rstrip(':')} ({{dice:{table.group(1)}}}).")
            elif isinstance(block, Paragraph):
                paragraphs.append(block.text)
            elif isinstance(block, ListBlock):
                steps.extend(_step(item, state, phase["id"]) for item in block.items)
            else:
                continue
            state.claim(block)
        if not paragraphs and not steps:
            paragraphs = _sub_heading_rules(state, section, phase)
        row = state.row_text.get(phase["id"])
        if row and paragraphs:  # a step table's row over the phase's own heading: the row sums the rules up
            if len(plain(row)) <= 160:
                phase["summary"] = plain(row)
            else:  # too long for a summary: it leads the rules, nothing of it is dropped
                paragraphs.insert(0, row)
            phase.pop("rules", None)
        if paragraphs:
            phase["rules"] = "\n\n".join(paragraphs)
            phase.setdefault("summary", first_sentence(plain(paragraphs[0]), 140))
        if steps:
            phase["steps"] = steps
            phase.setdefault("summary", first_sentence(plain(steps[0] if isinstance(steps[0], str)
                                                             else steps[0]["text"]), 140))
        full = plain(" ".join(paragraphs))
        if SKIP_FIRST.search(full):
            phase["skip_first_round"] = True
        if paragraphs or steps:
            phase["todo"] = TODO_COPIED
        else:
            phase["todo"] = "The source's section for this phase has no rules of its own: write them."
            state.ask("phases", f"Phase '{phase['name']}' has no rules in its section", section.line)
        order = ["id", "name", "summary", "rules", "steps", "skip_first_round", "dice", "todo"]
        rest = {k: v for k, v in phase.items() if k not in order}
        ordered = {k: phase[k] for k in order if k in phase}
        phase.clear()
        phase.update(ordered | rest)


def _within(section, ancestors: list) -> bool:
    while section is not None:
        if any(section is a for a in ancestors):
            return True
        section = section.parent
    return False


# an intro offering a choice ('choose one action:', 'you may ...') lists options, not a sequence
CHOICE_INTRO = re.compile(r"\b(choose|chooses|choice|one of|any of|either|may|options?|instead)\b", re.I)


def _name_led(item: ListItem) -> bool:
    """'**Scout:** move up to 2 tiles', '*Forage* — take ...': an emphasised name, a separator, then rules."""
    named = split_item(item.text)
    inner_separator = re.match(r"^\s*(\*{1,2}|_{1,2})[^*_]+?[:.]\1", item.text)
    return named.emphasised and bool(named.rest) and (named.separated or bool(inner_separator))


def _sequence_bullets(section, i: int, block: ListBlock) -> bool:
    """An unordered list is a turn sequence when every item (two or more) is led by an emphasised name and
    what introduces it does not offer a choice; a plain bulleted list under a turn heading stays prose."""
    if len(block.items) < 2 or not all(_name_led(item) for item in block.items):
        return False
    before = section.blocks[i - 1] if i > 0 else None
    intro = plain(before.text) if isinstance(before, Paragraph) else ""
    return not CHOICE_INTRO.search(intro)


# 'Round overview:', 'Each round:', 'Sequence of play:': a line of its own naming the turn itself ('Turn order:'
# and 'Order of play:' are not: they as often say who goes first)
TURN_LEAD = re.compile(r"^(?:(?:the\s+)?(?:turn|round|phase)s?\s+(?:overview|sequence|structure|summary|"
                       r"at a glance)|(?:each|every|a|your)\s+(?:turn|round)|sequence of play)\s*:$", re.I)


def _turn_lead(block) -> bool:
    """A line of its own naming the turn and leading into a list: 'Round overview:', 'Each turn:' (a post's
    sections come under a few bold titles, so the turn's list may stand under another one, such as Setup)."""
    return isinstance(block, Paragraph) and bool(TURN_LEAD.match(plain(block.text)))


def _list_candidates(state: State, phase_sections: list, ordered: bool, is_turn) -> list:
    candidates = []
    for section in state.outline.sections():
        if _within(section, phase_sections):
            continue
        turn = is_turn(state, section)
        lists = [b for i, b in enumerate(section.blocks) if isinstance(b, ListBlock) and not state.claimed(b)
                 and (turn or (i and _turn_lead(section.blocks[i - 1])))
                 and (b.ordered if ordered else not b.ordered and _sequence_bullets(section, i, b))
                 and not dice.is_roll_list(section, i, b)]
        if lists:
            candidates.append((sum(len(b.items) for b in lists), -section.line, section, lists))
    return candidates


def _entry_phases(state: State, phase_sections: list, is_turn) -> bool:
    """The turn's entries in any other container under a turn heading (toggles, table rows, sub-headings
    without phase words, name-led paragraphs): read through the shared entry path."""
    best = None
    for section in state.outline.sections():
        if not is_turn(state, section) or _within(section, phase_sections) \
                or state.phase_of(section) is not None:
            continue
        form = entries.section_entries(state, section, "phases")
        lead_in = len(re.findall(r"[.!?](?:\s|$)", form.intro)) <= 1 if form else False  # not a rule's text
        if form and lead_in and CHOICE_INTRO.search(form.intro):  # 'Choose one action:' lists options
            continue
        if form and (best is None or len(form.entries) > len(best[1].entries)):
            best = (section, form)
    if best is None:
        return False
    section, form = best
    state.turn_section = section
    first = len(state.phases)
    for entry in form.entries:
        name = capitalise(clean_name(entry.name, drop_phase=True))
        if not name:  # an unnamed row or paragraph among named ones: it belongs to the phase before it
            _fold_unnamed(state, entry)
            continue
        phase: dict = {"id": state.ids["phase"](name, "phase"), "name": name}
        if entry.body:
            phase["summary"] = first_sentence(plain(entry.body), 140)
            phase["rules"] = entry.body
        if entry.steps:
            phase["steps"] = [_step(item, state, phase["id"]) for item in entry.steps]
        if SKIP_FIRST.search(plain(entry.body)):
            phase["skip_first_round"] = True
        phase["todo"] = TODO_COPIED if entry.body or entry.steps else \
            "Only the name is in the source: write this phase's rules."
        state.phases.append(phase)
        state.phase_index[phase["id"]] = phase
        if form.kind == "table" and entry.body and not entry.steps:
            state.row_text[phase["id"]] = entry.body
    entries.take(state, form, "/// phase-list\n///")
    state.note("phases", f"{len(state.phases) - first} phases from {len(form.entries)} {entries.describe(form)} under "
               f"'{plain(section.title)}'", section.line)
    if form.kind == "table":  # 'Step | What happens', then a heading per step with its rules
        _match_headings(state)
    return True


def _fold_unnamed(state: State, entry) -> None:
    """An entry of the turn with no name: its text joins the previous phase's rules (or, before any
    phase, stays nowhere but the report), and a human is asked either way; nothing is dropped."""
    text = "\n\n".join(t for t in (entry.body, *(plain(getattr(i, "text", str(i))) for i in entry.steps)) if t)
    if state.phases and text:
        previous = state.phases[-1]
        previous["rules"] = f"{previous['rules']}\n\n{text}" if previous.get("rules") else text
        state.ask("phases", f"text without a phase name was added to phase '{previous['name']}': "
                  f"check where it belongs: {first_sentence(plain(text), 80)}", entry.line)
    elif text:
        state.ask("phases", f"text without a phase name before the first phase, not imported: "
                  f"{plain(text)}", entry.line)


def recognise(state: State) -> None:
    """The turn sequence, from the section a heading names as the turn; failing that, from a heading that
    names it in other words ('The Flow of Play', 'What happens on a market day?'); failing that, from the
    section whose place and content make it the turn (:func:`turn_sections.by_content`)."""
    for is_turn in (named_turn, turn_sections.worded_turn, turn_sections.placed_turn):
        if _recognise(state, is_turn):
            if is_turn is not named_turn and state.turn_section is not None:
                how = "its wording" if is_turn is turn_sections.worded_turn else "its place and content"
                state.note("phases", f"'{plain(state.turn_section.title)}' was taken as "
                           f"the turn by {how}: check the phases", state.turn_section.line)
            return
    group = turn_sections.staged_sections(state)
    if _heading_phases(state, group):
        state.ask("phases", f"No heading names the turn: the {len(group[1])} sections from "
                  f"'{plain(group[1][0][0].title)}' to '{plain(group[1][-1][0].title)}' were read as the stages of "
                  "play, in order: check them", group[1][0][0].line)
        return
    state.ask("phases", "No turn sequence found (an ordered list under a heading such as 'Turn structure' or "
              "'Phases of a round'): write phases.yaml by hand.")


# 'Round end', 'End of the turn', 'Scoring rounds': what happens after the turn, never its sequence
AFTER_TURN = re.compile(r"\b(?:end|ending|scoring)\b", re.I)


def named_turn(state: State, section) -> bool:
    title = plain(section.title)
    return bool(TURN_HEADING.search(title)) and not AFTER_TURN.search(title)


# '<li><h3>On the first turn of the game you will be instructed to deploy units.</h3><p>…</p></li>': a bold lead
# that is a whole sentence (six words or more, closed by a full stop) names no phase
SENTENCE_LEAD = re.compile(r"^\s*(\*\*|__)(?P<lead>[^*_]+?[.!])\1\s*$")


def _leading_remarks(items: list) -> list:
    """The items opening the sequence that are remarks on it, not phases: each led by a whole sentence in bold
    (a heading-led list item's heading) with paragraphs below it and nothing else (a bold sentence alone is a
    step); at least two phases must follow."""
    out = []
    for item in items:
        match = SENTENCE_LEAD.match(item.text)
        if not match or len(plain(match.group("lead")).split()) < 6 or not item.children \
                or not all(isinstance(child, Paragraph) for child in item.children):
            break
        out.append(item)
    return out if len(items) - len(out) >= 2 else []


def _remark_text(item) -> str:
    """A remark item as the paragraphs it is on the page: its sentence, then its own paragraphs."""
    lead = SENTENCE_LEAD.match(item.text).group("lead").strip()
    return "\n\n".join([lead, *(child.text for child in item.children)])


def _recognise(state: State, is_turn) -> bool:
    group = _heading_group(state, is_turn) or _overview_group(state, is_turn)
    # a list inside one of the phase headings is that phase's steps (or a table), not the turn sequence
    phase_sections = [section for section, _ in group[1]] if group else []
    candidates = _list_candidates(state, phase_sections, True, is_turn)
    if not candidates and ((group and _heading_phases(state, group)) or _paragraph_phases(state, is_turn)):
        return True
    if not candidates:  # last: a bulleted sequence of named steps ('- **Scout:** move ...')
        candidates = _list_candidates(state, phase_sections, False, is_turn)
    if not candidates and _entry_phases(state, phase_sections, is_turn):
        return True
    if not candidates:
        return _heading_phases(state, _counted_group(state, is_turn))
    _, _, section, lists = max(candidates, key=lambda c: (c[0], c[1]))
    state.turn_section = section
    items = [item for block in lists for item in block.items]
    remarks = _leading_remarks(items)
    items = items[len(remarks):]
    numbers = [item.number for item in items]
    for i, block in enumerate(lists):
        state.claim(block, "\n\n".join([*(_remark_text(item) for item in remarks), "/// phase-list\n///"])
                    if i == 0 else "")
    for item in remarks:
        state.ask("phases", f"'{first_sentence(plain(item.text), 80)}' opens the turn sequence but is a sentence, "
                  "not a phase's name: it is kept as prose above the phase list", item.line)
    # a lead-in ('Next are the phases for running the John Company:') stays on the page: it groups the phases,
    # and the phase data does not hold it; one before a later list now stands after the whole phase list
    for block in lists[1:]:
        at = next(i for i, b in enumerate(section.blocks) if b is block)
        before = section.blocks[at - 1] if at else None
        if isinstance(before, Paragraph) and not state.claimed(before) and plain(before.text).endswith(":"):
            state.ask("phases", f"'{first_sentence(plain(before.text), 80)}' introduced a part of the turn "
                      "sequence; the phase list shows the whole turn above it: move or restate it", before.line)
    state.phases = [_phase(item, state) for item in items]
    kind = "ordered" if lists[0].ordered else "bulleted"
    state.note("phases", f"{len(items)} phases from {len(lists)} {kind} list(s) under '{plain(section.title)}'",
               section.line)
    if len(lists) > 1:
        state.note("phases", f"the source numbers its phases by hand across {len(lists)} separate lists "
                   f"({numbers[0]}–{numbers[-1]}); numbers are now derived from order and nesting", section.line)
    for phase in state.phase_index.values():
        if phase.get("skip_first_round"):
            state.note("phases", f"'{phase['name']}' is skipped in the first round", 0)
        if phase.get("optional"):
            state.ask("phases", f"Phase '{phase['name']}' looks optional; check its condition: "
                      f"\"{phase['condition']}\"")
    _match_headings(state)
    return True


def _norm(text: str) -> list[str]:
    text = NUMBER_PREFIX.sub("", CASE_NUMBER.sub("", plain(text)))
    out = [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words(text)]
    if len(out) > 1 and out[-1] == "phase":
        out = out[:-1]
    return out


def _contains(hay: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(hay[i:i + n] == needle for i in range(len(hay) - n + 1))


def _heading_title(title: str, name: str) -> str:
    """The heading shown over a phase's section: the phase's name, or the source's own heading (its typed
    number left out) when that says more ('*Directory of Trade* is on board (the default)'): its words are
    rules too, never dropped."""
    own = NUMBER_PREFIX.sub("", CASE_NUMBER.sub("", title), count=1).strip()
    return own[:120] if own and _norm(own) != _norm(name) else name


def _match_headings(state: State) -> None:
    """Headings that name a phase get that phase's block; return the matches for the report."""
    leaves = {pid: p for pid, p in state.phase_index.items() if not p.get("alternatives")}
    names = {pid: _norm(p["name"]) for pid, p in leaves.items()}
    taken: set[str] = set()
    matched = 0
    sections = [s for s in state.outline.sections() if s is not state.turn_section]
    # numbered headings ('## 7.a. *Directory of Trade*') and exact names first, then looser containment
    for strict in (True, False):
        for section in sections:
            if id(section) in state.phase_of_section:
                continue
            heading = _norm(section.title)
            numbered = bool(re.match(r"^\s*\d", plain(section.title)))
            best = None
            for pid, name in names.items():
                if pid in taken or not name:
                    continue
                fits = heading == name or (_contains(heading, name) and numbered) if strict else \
                    (_contains(heading, name) and len(name) * 2 > len(heading))
                if fits and (best is None or len(name) > len(names[best])):
                    best = pid
            if best:
                taken.add(best)
                matched += 1
                state.phase_of_section[id(section)] = best
                state.inserts[id(section)].append(f"/// phase | {best}\n///")
                state.retitle[id(section)] = leaves[best]["name"]
                state.shown_heading[id(section)] = _heading_title(section.title, leaves[best]["name"])
                if not any(leaves[best].get(k) for k in ("rules", "steps", "subphases")) or best in state.row_text:
                    # the list gave only the name ('1. Forage') or a table row: the phase's own section holds its
                    # rules
                    state.heading_phases.append(section)
    for section in sections:
        heading = _norm(section.title)
        if id(section) in state.phase_of_section:
            continue
        if heading and plain(section.title).lower().rstrip(". ").endswith("phase") and len(heading) <= 3:
            listed = ", ".join(p["name"] for p in state.phases)
            state.ask("phases", f"Heading '{plain(section.title)}' looks like a phase but matches none in the "
                      f"turn sequence ({listed}): the source may use two names for one phase", section.line)
    if matched:
        state.note("phases", f"{matched} later heading(s) matched to phases; each now shows the phase's data "
                   "above the copied text")
        for pid, phase in leaves.items():
            if pid not in taken and not phase.get("steps") and len(phase.get("rules", "")) < 160:
                state.ask("phases", f"Phase '{phase['name']}' has no section of its own in the source: its rules "
                          "are only the one line of the list")
