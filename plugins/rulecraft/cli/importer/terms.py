"""Glossary entries from 'Term -- definition' lists (and HTML <dl>).

A list counts when it sits under a heading about terms (glossary, terms, definitions,
cheat sheet, vocabulary, keywords), comes from a definition list, or has at least three
items all written 'Term -- definition'. Two-column tables and bold-led paragraphs under such a
heading count too, and so do sub-headings that each name one term with its definition below.
Undefined terms ('Firm Manager -- TODO') keep a placeholder and a todo.
"""

from __future__ import annotations

import re
from collections import Counter

from rulecraft.models.term_matcher import normalise

from . import entries, sections
from .enumeration import strip_lead
from .gameinfo import COMPONENTS_HEADING
from .names import question_name, sub_items, uncapped
from .outline import ListBlock, Paragraph, Quote, Section, Table
from .sections import NO_NAME
from .state import State
from .text import first_sentence, plain

TERMS_HEADING = re.compile(r"\b(glossary|terms|terminology|definitions?|vocabulary|key ?words?|cheat ?sheet|"
                           r"(?:key|important|basic|core) concepts|words used|"
                           r"words?\b[^?.]{0,20}\b(?:mean|us(?:e[ds]?|ing)|know))\b"  # 'Words I keep using'
                           r"|^\W*(?!(?:final|last|closing|parting)\b)[\w'’-]+ words\W*$", re.I)  # 'Sky words'


def _glossary(state: State, section: Section) -> bool:
    """A glossary by its heading (without its section number), or by its content (see sections.py)."""
    return bool(TERMS_HEADING.search(sections.heading_text(section.title))) or id(section) in state.glossaries


# '**Fame**: Victory points.' / '**Fame:** ...' / '**Fame** — ...': a bold lead with a separator
BOLD_TERM = re.compile(r"^\s*(\*\*|__)(?P<term>[^*_]{1,60}?):?\1\s*(?:--+|—|–|:|-)?\s*(?P<def>\S.*)$", re.S)
SPLIT_STRONG = re.compile(r"^\s*(?P<term>[^\s].{0,60}?)\s+(?:--+|—|–)\s*(?P<def>.*)$")
# under a glossary heading also 'Bine - …', 'Bine: …' and 'Bine = …' (typed in a forum post)
SPLIT_WEAK = re.compile(r"^\s*(?P<term>[^\s].{0,60}?)(?:\s+-\s+|\s*:\s+|\s+-$|\s+=\s+)\s*(?P<def>.*)$")
UNDEFINED = "Not defined in the source yet."
PLACEHOLDER = re.compile(r"^\s*(todo|tbd|fixme|xxx|\?+|-+)?\s*[.,:;-]*\s*$", re.I)


# '**Clearing.** One of the round spaces ...': a bold name closed by a full stop, read only under a glossary
# heading (elsewhere '**Note.** ...' is a lead, not a term)
BOLD_DOT_TERM = re.compile(r"^\s*(\*\*|__)(?P<term>[^*_.]{1,60})\.\1\s+(?P<def>\S.*)$", re.S)


# 'Millrace. The channel that brings water …': under a glossary heading, a short name closed by a full stop and
# a sentence (a typed or OCRed glossary, the name's bold lost)
PLAIN_DOT_TERM = re.compile(r"^\s*(?P<term>[A-Z][\w'’-]*(?: [\w'’-]+){0,3})\.\s+(?P<def>[A-Z\d].*)$", re.S)


# a term is named by a word: '✅ £15,000 — wooden meeples' (a stretch goal), '12 — …' name nothing
NAMED = re.compile(r"[^\W\d_]")


def bold_term(text: str, headed: bool = False) -> tuple[str, str] | None:
    dotted = BOLD_DOT_TERM.match(text) if headed else None
    if dotted and len(plain(dotted.group("term")).split()) <= 6:
        return plain(dotted.group("term")).strip(), plain(dotted.group("def")).strip()
    match = BOLD_TERM.match(text)
    # under a glossary heading the bold alone may part the name from its meaning ('**Puddle** A blue token …')
    run_in = headed and re.match(r"^\s*(\*\*|__)[^*_]{1,40}\1\s+[A-Z]", text)
    if not match or not (run_in or re.match(r"^\s*(?:\*\*|__)[^*_]+?(?::(?:\*\*|__)|(?:\*\*|__)\s*(?:--+|—|–|:|-))",
                                           text)):
        return None
    term = plain(match.group("term")).strip().rstrip(":")
    if not term or len(term.split()) > 6 or term.endswith((".", "!", "?")) or re.match(r"^\d", term) \
            or NO_NAME.match(term) or not NAMED.search(term):
        return None
    return term, plain(match.group("def")).strip()



def split_term(text: str, weak: bool) -> tuple[str, str] | None:
    text = strip_lead(text)  # '① Pot: …', '3.1 Point: …': the typed number is no part of the term
    bold = bold_term(text)
    if bold:
        return bold
    flat = plain(text)
    match = SPLIT_STRONG.match(flat) or (SPLIT_WEAK.match(flat) or PLAIN_DOT_TERM.match(flat) if weak else None)
    if not match:
        return None
    term = match.group("term").strip().strip("*_ ").rstrip(":")
    if not term or len(term.split()) > 6 or term.endswith((".", "!", "?")) or NO_NAME.match(term) \
            or not NAMED.search(term):
        return None
    return term, match.group("def").strip()


ABBREVIATION = re.compile(r"^(?P<term>.*\S)\s*\((?P<abbr>[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]{0,4})\)$")


def _not_a_term(state: State, text: str, line: int) -> None:
    """Text in a glossary that names no term ('All terms above apply to every player'): its block becomes
    the glossary, so the text is handed to a human whole rather than lost."""
    if text.strip():
        state.ask("terms", f"text in the glossary that defines no term, not imported: {text.strip()}", line)


def _aside(section: Section) -> bool:
    """A recap of the turn ('Quick Reference') or named rules of play ('Variants to try', 'Optional rules'):
    their 'Name: text' entries are no glossary unless the heading says it is one."""
    title = sections.heading_text(section.title)
    return bool(sections.RECAP.search(title) or sections.RULE_ASIDE.search(title))


def _phase_named(state: State, name: str) -> bool:
    """The entry names one of the turn's phases (a recap of the turn, not a term)."""
    key = normalise(plain(name))
    return any(normalise(p.get("name", "")) == key for p in state.phase_index.values())


def _with_own_text(definition: str, item) -> str:
    """A definition and what its item holds below it: its paragraphs ('A gust moves every lantern one space.')
    and its sub-items, in brackets; the glossary block stands for the whole item, so nothing else keeps them."""
    subs = sub_items(item)
    paragraphs = [c.text for c in item.children if isinstance(c, Paragraph)]
    if subs:  # 'no wind at all.' over '- Boats may not sail.': 'no wind at all (Boats may not sail).'
        stop = definition.rstrip()[-1:] if definition.rstrip()[-1:] in ".!" else ""
        definition = f"{definition.rstrip().rstrip('.!')} ({'; '.join(subs)}){stop}"
    return " ".join([definition, *paragraphs])


def _entry(state: State, term: str, definition: str, seen: dict[str, dict], line: int,
           merge: bool = True) -> dict | None:
    """The glossary entry of ``term``; None for a sentence, or for a term given before (``seen``), whose entry
    then takes this definition too (``merge``: the glossary block stands for the list, so nothing else keeps
    it)."""
    term = uncapped(term)  # 'GUILD MARK' set in capitals for typography: 'Guild mark'
    # 'Zone of Control (ZOC)', 'Victory points (VP)': the abbreviation is another wording, not the name
    abbreviation = ABBREVIATION.match(term)
    if abbreviation:
        term = abbreviation.group("term")
    key = normalise(term)
    if not key:  # a sentence among the glossary's entries ('All terms above apply to ...'): not dropped
        _not_a_term(state, definition, line)
        return None
    if key in seen:
        first = seen[key]
        if merge and definition and not PLACEHOLDER.match(definition):
            whole = first.get("definition") or ("" if first.get("short") == UNDEFINED else first.get("short", ""))
            first["definition"] = f"{whole}\n\n{definition}".strip()
            state.ask("terms", f"Term '{term}' is defined twice (also as '{first['term']}'): both definitions "
                      "are its definition now; keep the one that holds", line)
        else:
            state.ask("terms", f"Term '{term}' is listed twice (also as '{first['term']}'): the first entry is "
                      "the term's (the text stays on the rules page)", line)
        return None
    entry: dict = {"id": state.ids["term"](term, "term"), "term": term[:120]}
    seen[key] = entry
    if abbreviation:
        entry["aliases"] = [abbreviation.group("abbr")]
    if PLACEHOLDER.match(definition) or re.match(r"^\s*(todo|tbd)\b", definition, re.I):
        entry["short"] = UNDEFINED
        entry["todo"] = "The source leaves this term undefined" + (f" ('{definition}')" if definition else "") + "."
        state.ask("terms", f"Term '{term}' has no definition in the source", line)
    else:
        short = first_sentence(definition, 240)
        entry["short"] = short[:1].upper() + short[1:]
        if short.rstrip(" …") != definition.strip():
            entry["definition"] = definition
    return entry


def _paragraphs(section: Section, headed: bool):
    """(paragraph, the quote holding it or None): under a glossary heading, a quoted block of definitions
    ('> **Clearing.** One of the round spaces ...') is read like plain paragraphs."""
    for block in section.blocks:
        if isinstance(block, Paragraph):
            yield block, None
        elif headed and isinstance(block, Quote):
            yield from ((b, block) for b in block.blocks if isinstance(b, Paragraph))


def _heading_name(section: Section) -> str:
    """The term a sub-heading names: "### What's the reef?" names 'Reef', '#### 3.1 Point' names 'Point'."""
    return question_name(section.title) or strip_lead(plain(section.title).strip())


def _term_heading(section: Section) -> bool:
    """A sub-heading that names one term: a short name, its definition in paragraphs, nothing else."""
    title = _heading_name(section)
    return (bool(title) and len(title.split()) <= 6 and not title.endswith(("?", "!", ":"))
            and not re.match(r"^\d", title) and not section.children and bool(section.blocks)
            and all(isinstance(b, Paragraph) for b in section.blocks))


# 'Flying solo', 'Two-player variant' beside the term cards: a way to play, not a word of the game
PLAY_MODE = re.compile(r"\b(?:solo|variants?|co-?op(?:erative)?|(?:two|2)[- ]players?|advanced (?:game|rules))\b", re.I)


def _heading_terms(state: State, seen: dict[str, dict], lists: int) -> int:
    """'#### Forme' / 'The frame that holds ...' under 'Printer's vocabulary': one term per sub-heading."""
    for section in state.outline.sections():
        if not _glossary(state, section) or state.phase_of(section) is not None:
            continue
        fits = [child for child in section.children if _term_heading(child) and not PLAY_MODE.search(child.title)
                and not any(state.claimed(b) for b in child.blocks)]
        level, count = Counter(child.level for child in fits).most_common(1)[0] if fits else (0, 0)
        if count * 2 > len(fits):  # entries share one heading size: a larger or smaller one is the next section
            fits = [child for child in fits if child.level == level]
        if len(fits) < 2 or len(fits) * 10 < len(section.children) * 6:
            continue
        lists += 1
        before = len(state.terms)
        for child in fits:
            definition = "\n\n".join(block.text for block in child.blocks)
            name = _heading_name(child)
            entry = _entry(state, name, plain(definition).strip(), seen, child.line)
            if entry:
                state.terms.append(entry)
            for block in child.blocks:
                state.claim(block)
            state.folded.add(id(child))
        if lists == 1:
            state.inserts[id(section)].append("/// glossary\n///")
        state.note("terms", f"{len(state.terms) - before} term(s) from the sub-headings under "
                   f"'{plain(section.title)}'", section.line)
        left = [plain(child.title) for child in section.children if id(child) not in state.folded]
        if left:
            state.ask("terms", f"Under '{plain(section.title)}', these sub-headings are not read as terms (kept "
                      f"as prose): {', '.join(left)}", section.line)
    return lists


# '| Term | Meaning |', '| Keyword | Definition |': a table's header that says its rows are terms
TERM_HEADER = (re.compile(r"^(?:term|terms|word|keyword|key ?word|name|concept)$", re.I),
               re.compile(r"^(?:meaning|definition|description|what it means)$", re.I))


def _term_header(table: Table) -> bool:
    return table.header and all(p.match(plain(cell).strip()) for p, cell in zip(TERM_HEADER, table.rows[0]))


def recognise(state: State) -> None:
    for section in state.outline.sections():  # glossaries known by content, judged before any term is read
        title = sections.heading_text(section.title)
        # 'Game Components' with '2.1 The Map. The 22 × 17 inch map …': the parts of the game, described
        found = [] if TERMS_HEADING.search(title) or COMPONENTS_HEADING.search(title) \
            else sections.defined_terms(state, section)
        # '**Set.** Ada puts two traps …', '**Wait.** …': the turn's phases played out, not a glossary
        if found and sum(_phase_named(state, name) for name, _, _ in found) * 2 <= len(found):
            state.glossaries.add(id(section))
            state.note("terms", f"'{sections.heading_text(section.title)}' read as a glossary by its content "
                       "(entries pairing a name with its meaning)", section.line)
    seen: dict[str, dict] = {normalise(t["term"]): t for t in state.terms}
    lists = 0
    for section, _, block in list(state.lists()):
        # a definition list is a glossary by its form, but one outside a glossary heading may still hold the
        # game's facts or credits ('Players :: 2–4', 'Design :: Maren Oakes')
        under_glossary = section is not state.outline.root and _glossary(state, section)
        headed = under_glossary or block.hint == "definitions"
        splits = [split_term(item.text, weak=headed) for item in block.items]
        good = [s for s in splits if s]
        strong = all(SPLIT_STRONG.match(plain(item.text)) or bold_term(item.text) for item in block.items)
        in_rules = state.phase_of(section) is not None  # '**Sail**: Costs 1 Wood.' in a phase is an action
        if not good or (not headed and not (len(block.items) >= 3 and strong and not in_rules)):
            continue
        if not under_glossary and len(block.items) == 1:
            continue  # one name and its words outside a glossary heading: a profile box ('About me'), no glossary
        if not under_glossary and all(re.match(r"\W{0,2}\d", body) or len(body.split()) <= 4 and re.search(r"\d", body)
                                      for _, body in good):
            continue  # '**Players:** 1–4', 'Time :: about 40 minutes': the game's facts, amounts not meanings
        if not headed and (_aside(section) or sum(_phase_named(state, name) for name, _ in good) * 2 > len(good)):
            continue  # 'Dawn: roll for the weather, draw 3 Goods.' under 'Quick Reference': the turn retold
        if not under_glossary and sum(sections.credit(name, body) for name, body in good) * 10 >= len(good) * 6:
            continue  # 'Game design — Fenna Roos', 'Version — 1.3': credits, names and numbers not meanings
        if not headed and sum(bool(sections.INSTRUCTION.match(plain(body))) for _, body in good) * 2 > len(good):
            continue  # 'Pour — Move bronze into …', 'Ring — Deliver …': stages that tell what to do, not meanings
        if len(good) * 10 < len(block.items) * 6:  # fewer than 60 % of the items read as terms
            continue
        lists += 1
        before = len(state.terms)
        for item, split in zip(block.items, splits):
            if split:
                entry = _entry(state, split[0], _with_own_text(split[1], item), seen, item.line)
                if entry:
                    state.terms.append(entry)
            else:  # the glossary block is claimed: an item that is no term must still reach a human
                _not_a_term(state, plain(item.text), item.line)
        state.claim(block, "/// glossary\n///" if lists == 1 else "")
        state.note("terms", f"{len(state.terms) - before} term(s) from the list under '{plain(section.title)}'",
                   block.line)
    for section in state.outline.sections():  # | Term | Meaning | tables under a glossary heading, or anywhere
        glossary = _glossary(state, section)
        for block in section.blocks:
            if not isinstance(block, Table) or state.claimed(block) or len(block.rows) < 2 \
                    or len(block.rows[0]) != 2 or not (glossary or _term_header(block)):
                continue
            lists += 1
            before = len(state.terms)
            for row in block.rows[1:]:
                term = plain(row[0]).strip() if row else ""
                if term and len(term.split()) <= 6:
                    entry = _entry(state, term, plain(row[1]).strip() if len(row) > 1 else "", seen, block.line)
                    if entry:
                        state.terms.append(entry)
                else:
                    _not_a_term(state, " ".join(plain(cell).strip() for cell in row), block.line)
            state.claim(block, "/// glossary\n///" if lists == 1 else "")
            state.note("terms", f"{len(state.terms) - before} term(s) from the table under "
                       f"'{plain(section.title)}'", block.line)
    for section in state.outline.sections():  # '**Hold** — the six cargo spaces ...' as paragraphs
        headed = _glossary(state, section)
        paragraphs = [(b, quote) for b, quote in _paragraphs(section, headed) if not state.claimed(b)]
        # terms marked by bold where any is (a plain 'Name – …' among them is no term), else by a name and a dash
        plain_names = headed and not any(bold_term(b.text, headed) for b, _ in paragraphs)
        run = [(b, quote, split) for b, quote in paragraphs if (split := _paragraph_term(b.text, headed, plain_names))]
        if not (len(run) >= 3 or (headed and len(run) >= 2)) or state.phase_of(section) is not None \
                or (not headed and _aside(section)):
            continue
        lists += 1
        before = len(state.terms)
        marker = "/// glossary\n///" if lists == 1 else ""
        for n, (block, quote, split) in enumerate(run):
            entry = _entry(state, *split, seen, block.line)
            if entry:
                state.terms.append(entry)
            state.claim(block, marker if n == 0 and quote is None else "")
        for quote in dict.fromkeys(id(q) for _, q, _ in run if q is not None):  # a quote left empty goes too
            block = next(q for _, q, _ in run if id(q) == quote)
            if all(state.claimed(b) for b in block.blocks):
                state.claim(block, marker if run[0][1] is block else "")
        state.note("terms", f"{len(state.terms) - before} term(s) from name-led paragraphs under "
                   f"'{plain(section.title)}'", section.line)
    lists = _heading_terms(state, seen, lists)
    lists = _entry_terms(state, seen, lists)
    _sentence_terms(state, seen, lists)


def _paragraph_term(text: str, headed: bool, plain_names: bool) -> tuple[str, str] | None:
    """(term, meaning) of a paragraph led by a bold name ('**Hold** — …'), or, with ``plain_names`` (a glossary
    heading over paragraphs none of which is led by a bold name), by a plain name and a dash ('Vat — one of the
    three steeping spaces …': a paragraph per term)."""
    return bold_term(text, headed) or (split_term(text, weak=False) if plain_names else None)


def _entry_terms(state: State, seen: dict[str, dict], lists: int) -> int:
    """Glossary entries held by any other container under a glossary heading (toggles, list items whose
    definition is a paragraph below the name, rows of wider tables): read through the shared entry path."""
    for section in state.outline.sections():
        if not _glossary(state, section) or state.phase_of(section) is not None:
            continue
        form = entries.section_entries(state, section, "terms")
        if form is None:
            continue
        lists += 1
        before = len(state.terms)
        for entry in form.entries:
            found = _entry(state, entry.name, plain(entry.body).strip(), seen, entry.line)
            if found:
                state.terms.append(found)
        entries.take(state, form, "/// glossary\n///" if lists == 1 else "")
        state.note("terms", f"{len(state.terms) - before} term(s) from {entries.describe(form)} under "
                   f"'{plain(section.title)}'", section.line)
    return lists


# A term defined inside a running sentence: 'is called a **bare flat**', 'The **reed bed** is the ...',
# 'becomes a **chick**, a token that ...', 'a **flight**, which is ...'
_B = r"(?:\*\*|__)(?P<term>[^*_]{2,40}?)(?:\*\*|__)"
IN_SENTENCE = [
    re.compile(r"\b(?:is|are) (?:called|known as|named) (?:an? |the )?" + _B),
    re.compile(r"(?:^|[.!?]\s+)The " + _B + r" (?:is|are|means)\b"),
    re.compile(r"\b(?:an?|the) " + _B + r", (?:an?|the|which|that|who) "),
    # 'This is known as the "Emperor Trick."': quotes mark the name as bold does
    re.compile(r"\b(?:is|are) (?:called|known as|named) (?:an? |the )?[\"“‘'](?P<term>[^\"”’'*_]{2,40}?)[.,!]?[\"”’']"),
]
# 'This is known as …', 'It is called …': the sentence names what the one before it describes
BACK_REFERENCE = re.compile(r"^\W*(?:this|that|it|such an?)\b", re.I)


# Definitions written the other way round, the meaning before the name:
# 'The second number on the counter is Movement Points (MP).' (a capitalised name with its abbreviation),
# 'The player who wins the auction is the declarer.', 'The first number on a unit is its combat factor.'
# (a described thing, then 'is the/its' and a short lower-case name closing the sentence), and
# '… artillery may attack units up to two hexes away (Bombardment).' (a capitalised name set in brackets
# after what it names). Such a name is a term only when the book goes on using it (it recurs outside the
# sentence): 'The player with the most coins is the winner' in a book that never says 'winner' again is a
# remark, not vocabulary.
_NAME_WORD = r"[A-Z][\w'’-]*"
REVERSED_ABBREVIATION = re.compile(
    r"^\W*(?:[Tt]he|[Aa]n?)\s+(?P<desc>[^.;:!?()]{3,80}?)\s+(?:is|are)\s+(?:called\s+|known\s+as\s+)?"
    r"(?:the\s+|an?\s+|its\s+|it['’]s\s+|their\s+)?"
    rf"(?P<term>{_NAME_WORD}(?:\s+(?:of\s+|the\s+)?{_NAME_WORD}){{0,3}}\s*\([A-Z][A-Za-z0-9]{{1,5}}\))\W*$")
REVERSED_NAME = re.compile(
    r"^\W*the\s+(?P<desc>[^.;:!?()]{3,80}?)\s+(?:is|are)\s+(?:the|its|it['’]s|their)\s+"
    r"(?P<term>[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,2})\s*[.!]?\W*$", re.I)
BRACKETED_NAME = re.compile(
    r"\b(?P<desc>[a-z][^()]{12,160}?)\s+\((?P<term>[A-Z][a-z'’-]{2,}(?:\s+[A-Za-z][a-z'’-]+){0,2})\)"
    r"(?=\s*(?:[.;,]|$))")
# bracketed words that mark a rule, not name a thing: '(Optional)', '(see Retreats)', '(Advanced game)'
NOT_A_NAME = re.compile(r"^(?:optional|advanced|basic|variant|recommended|example|e\.?g|i\.?e|see|note|"
                        r"rounded|round(?:ed)? (?:up|down)|once|twice|always|never|only|each|every|any|all|"
                        r"one|two|three|four|five|six|first|second|third|last|both|either|none|max(?:imum)?|"
                        r"min(?:imum)?|total|per|plus|minus|or|and|not)\b", re.I)
_REVERSED_SUBJECT = 3  # 'the first number on a unit': the described thing has a qualifier, not 'the goal'


def _recurs(name: str, text: str, sentence: str, times: int, lower: bool = False) -> bool:
    """The name (or its abbreviation, or its plural) is used ``times`` times or more outside the defining
    sentence; with ``lower``, written in lower case (a word of the running text, not a side's or a result's
    proper name)."""
    abbreviation = ABBREVIATION.match(name)
    names = [abbreviation.group("term"), abbreviation.group("abbr")] if abbreviation else [name]
    for word in names:
        pattern = re.compile(rf"\b{re.escape(word.lower())}(?:s|es)?\b") if lower \
            else re.compile(rf"\b{re.escape(word)}(?:s|es)?\b", re.I)
        if len(pattern.findall(text)) - len(pattern.findall(sentence)) >= times:
            return True
    return False


def _reversed_term(sentence: str, text: str) -> str | None:
    """The name a sentence defines after its meaning (see REVERSED_NAME), or None."""
    flat = plain(sentence).strip()
    for pattern in (REVERSED_ABBREVIATION, REVERSED_NAME):
        match = pattern.match(flat)
        if match and len(match.group("desc").split()) >= _REVERSED_SUBJECT and not re.search(
                r"\b(?:not|no|never|only)\b", flat, re.I) \
                and _recurs(match.group("term"), text, flat, 1 if pattern is REVERSED_ABBREVIATION else 2):
            return match.group("term")
    match = BRACKETED_NAME.search(flat)
    # '… trench line (Besieger) or the inside of the walls (Garrison)': names set against each other label
    # sides or cases; one bracketed name closing what it names is the form read here
    if match and len(re.findall(r"\([A-Z]", flat)) == 1 and not NOT_A_NAME.match(match.group("term")) \
            and match.group("term").lower() not in match.group("desc").lower() \
            and _recurs(match.group("term"), text, flat, 1, lower=True):
        return match.group("term")
    return None


def _text_of(state: State) -> str:
    """Every heading, paragraph and list item of the rules as plain text (to see whether a name recurs)."""
    parts = []

    def walk(blocks) -> None:
        for block in blocks:
            if isinstance(block, Paragraph):
                parts.append(plain(block.text))
            elif isinstance(block, ListBlock):
                for item in block.items:
                    parts.append(plain(item.text))
                    walk(item.children)  # a list inside an item ('Terrain effects' over its bullets)
            elif isinstance(block, Quote):
                walk(block.blocks)

    for section in state.sections():
        parts.append(plain(section.title or ""))
        walk(section.blocks)
    return "\n".join(parts)


def _heading_defined(section: Section, text: str) -> str | None:
    """'## Radli' over 'A radli is a small circle …': a section with a paragraph that opens by saying what
    its title is defines the title (a term); 'Combat is resolved …' (no article, no 'is a') does not."""
    title = plain(sections.heading_text(section.title)).strip()
    if not title or len(title.split()) > 3 or not NAMED.search(title):
        return None
    # '## Marks' over 'A mark is …': the heading may name them in the plural; the term is the sentence's word
    singular = re.escape(title[:-1]) if title.lower().endswith("s") and len(title) > 3 else re.escape(title)
    pattern = rf"^\W*(?:an?|the)\s+(?P<name>{re.escape(title)}|{singular})\s+(?:is|are)\s+(?:an?|the)\s"
    match = re.match(pattern, plain(text), re.I)
    return match.group("name")[:1].upper() + match.group("name")[1:] if match else None


def _sentence_terms(state: State, seen: dict[str, dict], lists: int) -> None:
    """Terms defined in bold inside sentences, anywhere in the rules; two or more (one bold phrase after
    'the' is emphasis, not a vocabulary). The sentence is the definition; the paragraph stays prose."""
    found = []
    reversed_at: dict[str, int] = {}  # the names defined after their meaning, and where (each asked about)
    text = _text_of(state)

    def _reversed(sentence: str, line: int) -> None:
        term = _reversed_term(sentence, text)
        if term:
            found.append((term, plain(sentence).strip(), line))
            reversed_at.setdefault(term, line)

    for section in state.sections():
        paragraphs = [b for b in section.blocks if isinstance(b, Paragraph)]
        opening = next((b for b in paragraphs if _heading_defined(section, b.text)), None) \
            if section is not state.outline.root else None
        if opening is not None:
            sentence = re.split(r"(?<=[.!?])\s+(?=[A-Z*_])", opening.text)[0]
            found.append((_heading_defined(section, opening.text), plain(sentence).strip(), opening.line))
        for block in paragraphs:
            before = ""
            for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z*_])", block.text):
                for pattern in IN_SENTENCE:
                    match = pattern.search(sentence)
                    term = match and plain(match.group("term")).strip()
                    if term and len(term.split()) <= 4 and not term[:1].isdigit():
                        meaning = f"{before} {sentence}" if before and BACK_REFERENCE.match(plain(sentence)) \
                            else sentence
                        found.append((term, plain(meaning).strip(), block.line))
                        break
                else:
                    _reversed(sentence, block.line)
                before = sentence
        for block in section.blocks:  # '… two hexes away (Bombardment).' in a list of rules
            if isinstance(block, ListBlock) and block.hint != "dice":
                for item in block.items:
                    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z*_])", item.text):
                        _reversed(sentence, item.line)
    if len(found) < 2:
        return
    before = len(state.terms)
    for term, sentence, line in found:
        entry = _entry(state, term[:1].upper() + term[1:], sentence, seen, line, merge=False)
        if entry:
            entry["todo"] = "Defined in a sentence of the source: check the wording of the definition."
            state.terms.append(entry)
            if reversed_at.get(term) == line:
                state.ask("terms", f"Term '{entry['term']}' is read from a sentence that gives its meaning "
                          "before its name: check that it is a term of the game", line)
    if len(state.terms) > before:
        state.note("terms", f"{len(state.terms) - before} term(s) defined in bold inside sentences (each "
                   "sentence is the definition; the text stays on the rules page)")
        if lists == 0:
            state.ask("terms", "The glossary is built from terms defined inside sentences: check each definition")
