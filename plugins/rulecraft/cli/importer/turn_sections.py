"""Which section is the turn, when no heading names it in the usual words ('Turn structure', 'Phases').

Two fallbacks, tried in order by ``phases.recognise`` after the usual headings found nothing:

* :func:`worded_turn` -- a heading that speaks of play, a round, a turn, a day or the flow of the game in
  other words, once its typed number and a question's wording are set aside ('The Flow of Play',
  'What happens on a market day?', '4. HOW A ROUND WORKS'); headings known as something else (set-up,
  glossary, components, goal, end) never count;
* :func:`placed_turn` -- a section with no telling heading whose place and content make it the turn: after
  the set-up, before the end of the game, holding three or more named stages whose rules are instructions
  ('**Sow** -- Place one seedling ...', a sub-heading per stage with its rules below).

Last, :func:`staged_sections`: no section is the turn, but the book's own sections between its set-up and
its scoring are the stages of play, in order (a card game's 'Preliminaries', 'Bidding', 'Exchange', 'Play',
'Scoring').
"""

from __future__ import annotations

import re

from . import catalog, dice, entries, sections
from .gameinfo import (
    CHANGELOG_HEADING,
    COMPONENTS_HEADING,
    END_HEADING,
    OBJECTIVE_HEADING,
    SETUP_HEADING,
    SUMMARY_HEADING,
)
from .gameinfo import SCORING_HEADING as GAME_SCORING  # this module's SCORING_HEADING is a stage of a hand
from .outline import Paragraph, Section, Table
from .state import State
from .terms import TERMS_HEADING
from .text import plain

# 'What happens on a market day?', 'How does a round go?': the words of a question, without its asking
QUESTION_LEAD = re.compile(r"^\s*(?:(?:so|ok|okay|now|hang on|right|well),?\s+)?"
                           r"(?:what|how|when|who|where|which|why)\b(?:'s|’s)?\s*"
                           r"(?:(?:is|are|was|does|do|did|can|should|happens?|goes)\s+)?", re.I)
TURN_WORDS = re.compile(r"\b(?:turns?|rounds?|(?:game)?play(?:ing)?|flow|sequence|cycles?|days?|nights?|weeks?|"
                        r"months?|seasons?|years?|shifts?)\b|\bhappens?\b|\bhow\b.{0,40}\b(?:works?|goes|runs?)\b",
                        re.I)
# a stage's rules are instructions: 'Place one seedling ...', 'Each warden moves ...', 'Everyone draws ...';
# a definition starts with an article or a noun phrase ('The face-down pile ...', 'A card that ...')
NOT_INSTRUCTION = re.compile(r"^\W*(?:the|a|an|this|that|these|those|it|its|your|their|our|his|her|one|any|some|"
                             r"no|none|when|whenever|whoever|if|as|in(?! (?:turn|player|seating|clockwise) order)|"
                             r"on|at|of|for|with|by|three|two|four|five|"
                             r"six|\d+)\b", re.I)


def title_words(title: str) -> str:
    """A heading's words: without its typed section number, and a question without its asking words
    ('What happens on a market day?' -> 'happens on a market day')."""
    text = sections.heading_text(title)
    if text.rstrip().endswith("?"):
        text = QUESTION_LEAD.sub("", text, count=1).rstrip(" ?")
    return text


def _known_otherwise(section: Section) -> bool:
    """A heading that names another part of a rulebook (set-up, glossary, components, goal, end, scoring,
    changes)."""
    words = title_words(section.title)
    if any(rx.search(words) for rx in (CHANGELOG_HEADING, COMPONENTS_HEADING, END_HEADING, OBJECTIVE_HEADING,
                                       SETUP_HEADING, SUMMARY_HEADING, TERMS_HEADING, GAME_SCORING)):
        return True
    # under the end of the game, its scoring, the changes or a glossary, 'The battle ends at the end of any turn
    # …' is that part's text (an overview, a set-up or 'Core concepts' may hold the turn's own outline: those do
    # not count)
    parent = section.parent
    while parent is not None and parent.parent is not None:  # the root's title is the game's name
        if any(rx.search(title_words(parent.title))
               for rx in (CHANGELOG_HEADING, END_HEADING, GAME_SCORING, GLOSSARY_ONLY)):
            return True
        parent = parent.parent
    return False


# a heading that is the glossary and nothing else ('Glossary', 'Key terms'; not 'Rules and Definitions')
GLOSSARY_ONLY = re.compile(r"^\W*(?:(?:key\s+)?terms|glossary|terminology|definitions?|vocabulary)\W*$", re.I)


# 'Every round has four parts. Do them in order:', 'Each turn consists of these steps:': a lead-in that says
# the section's entries are the turn, whatever its heading calls it ('Sailing a leg')
TURN_LEAD = re.compile(r"\b(?:each|every|a)\s+(?:turn|round)\b.{0,80}\b(?:parts?|steps?|phases?|stages?)\b|"
                       r"\b(?:turn|round)s?\b.{0,80}\bin (?:this |the following |that )?order\b", re.I | re.S)


def worded_turn(state: State, section: Section) -> bool:
    if section is state.outline.root or _known_otherwise(section) or not plain(section.title).strip():
        return False
    if TURN_WORDS.search(title_words(section.title)):
        return True  # 'Your Turn' over '**Build**: Cost: 2 Wood.': the turn's actions, priced
    # a list of things bought ('Brass Mount (3 coins): …') is no turn by a lead-in or a count alone
    return (_turn_lead(state, section) or _counted_parts(state, section)) and not catalog.priced_section(state, section)


# 'Each tide is played in four phases.': the section's own count of the parts its entries are
COUNTED_PARTS = re.compile(r"\b(?P<n>\d|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?"
                           r"(?:phases|stages|steps|parts)\b", re.I)
_COUNTS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _counted_parts(state: State, section: Section) -> bool:
    """A lead paragraph that counts the section's phases ('Each tide is played in four phases.') over exactly
    that many sub-headings or table rows: whatever the game calls its turn (a tide, a watch), that is it."""
    lead = next((b for b in section.blocks if not state.claimed(b)), None)
    match = COUNTED_PARTS.search(plain(lead.text)) if isinstance(lead, Paragraph) else None
    if not match:
        return False
    n = match.group("n").lower()
    count = int(n) if n.isdigit() else _COUNTS.index(n) + 2
    rows = [len(b.rows) - (1 if b.header else 0) for b in section.blocks if isinstance(b, Table)]
    return count >= 2 and (len(section.children) == count or count in rows)


def _turn_lead(state: State, section: Section) -> bool:
    lead = next((b for b in section.blocks if not state.claimed(b)), None)
    text = plain(lead.text).strip() if isinstance(lead, Paragraph) else ""
    return text.endswith(":") and bool(TURN_LEAD.search(text))


def _setup_and_end(state: State) -> tuple[int, int]:
    """Lines of the set-up section (0 if none is known) and of the end-of-game section (no end: the book's).
    Asked once per section while the turn is looked for, so kept until a block, a section or the turn is
    claimed: a walk over every section each time made a 3 000-heading import take minutes."""
    made_from = (len(state.claims), len(state.phase_of_section), id(state.turn_section))
    kept = state.memo.get("setup_and_end")
    if kept is not None and kept[0] == made_from:
        return kept[1]
    state.memo["setup_and_end"] = (made_from, found := _find_setup_and_end(state))
    return found


def _find_setup_and_end(state: State) -> tuple[int, int]:
    setup, end = 0, 10 ** 9
    for section in state.outline.sections():
        words = title_words(section.title)
        if not setup and (SETUP_HEADING.search(words) or sections.looks_like_setup(state, section)):
            setup = section.line
        if END_HEADING.search(words) and section.line > setup:
            end = min(end, section.line)
    return setup, end


def stages(state: State, section: Section) -> bool:
    """Three or more named entries, nearly all with rules that read as instructions."""
    if sections.hint(state, section).startswith("its lines start with rolls"):
        return False  # '⚀ *Frost* — each gardener discards ...': a dice table's rows, left to the dice recogniser
    if any(dice.face_rows(section, i, block) for i, block in enumerate(section.blocks)):
        return False  # 'Its six faces are:' then 'Spark – …': a die's faces, left to the dice recogniser
    form = entries.section_entries(state, section, "phases")
    if form is None or len(form.entries) < 3 or entries_are_terms(state, section):
        return False
    named = [e for e in form.entries if e.name and len(e.name.split()) <= 4 and plain(e.body).strip()]
    instructions = [e for e in named if not NOT_INSTRUCTION.match(plain(e.body))]
    return len(named) == len(form.entries) and len(instructions) * 10 >= len(form.entries) * 8


def entries_are_terms(state: State, section: Section) -> bool:
    return bool(sections.defined_terms(state, section))


def placed_turn(state: State, section: Section) -> bool:
    if section is state.outline.root or _known_otherwise(section) or catalog.priced_section(state, section):
        return False  # a list of things bought ('Brass Mount (3 coins): …') is no turn, wherever it stands
    setup, end = _setup_and_end(state)
    return setup < section.line < end and stages(state, section)


# 'Preliminaries' (players, cards and the deal, as card games are written up): what comes before the play;
# only a start for the stages here, not a set-up list (its labelled paragraphs mix players, goal and deal)
PRELIMINARIES = re.compile(r"^\W*(?:preliminaries|the deal|dealing)\W*$", re.I)
# 'Scoring', 'Score', 'Counting the cards': the stage that closes a hand or a round
SCORING_HEADING = re.compile(r"^\W*(?:scoring|score|the score|keeping score|counting(?: the)? "
                             r"(?:score|scores|points|cards|tricks))\W*$", re.I)
STAGES_MIN, STAGES_MAX = 3, 10  # fewer is no sequence; more is a book's chapters, not the stages of a hand


def staged_sections(state: State):
    """(parent, [(section, name)]) when sibling sections run from the set-up to a scoring section with three
    to ten short-titled sections of rules between them and no other known part among them (components,
    goal, glossary, end): those and the scoring are the stages of play, in the book's order; else None."""
    from .names import capitalise, clean_name

    for parent in state.sections():
        kids = parent.children
        start = next((i for i, s in enumerate(kids) if SETUP_HEADING.search(title_words(s.title))
                      or PRELIMINARIES.search(title_words(s.title))), None)
        if start is None:
            continue
        end = next((i for i in range(start + 1, len(kids)) if SCORING_HEADING.search(title_words(kids[i].title))),
                   None)
        if end is None:
            continue
        run = kids[start + 1:end]
        if not STAGES_MIN <= len(run) <= STAGES_MAX:
            continue
        if any(_known_otherwise(s) or len(title_words(s.title).split()) > 4 or not s.blocks
               or any(state.claimed(b) for b in s.blocks) or state.phase_of(s) is not None for s in run):
            continue
        return parent, [(s, capitalise(clean_name(s.title, drop_phase=True))) for s in [*run, kids[end]]]
    return None
