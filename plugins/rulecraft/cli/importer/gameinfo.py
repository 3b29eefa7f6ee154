"""game.yaml from the rulebook: title, summary, objective, players, components, set-up, end of game,
and the changelog ('# Version 0.4.0 - Change Notes')."""

from __future__ import annotations

import re

from . import entries, sections
from .cards import CARDS_HEADING
from .enumeration import strip_lead
from .names import SMALL_WORDS, NamedItem, generic_title, item_whole, split_item
from .outline import ListBlock, ListItem, Note, Paragraph, Quote, Section
from .state import State
from .text import BACK_WORDS, first_sentence, plain

VERSION_RE = re.compile(r"\b(?:version|v\.?)\s*(\d+(?:\.\d+)+)\b|\b(\d+\.\d+(?:\.\d+)*)\s*[-–—:]?\s*(?:change|release)",
                        re.I)
CHANGELOG_HEADING = re.compile(r"\b(change ?log|change notes|changes|release notes|version history|what's new)\b", re.I)
COMPONENTS_HEADING = re.compile(r"\b(components|game contents|(?<!table of )contents|in the box|materials)\b", re.I)
# 'Preparing the river', 'Prepare your camp': a heading that is only 'prepare <something>' is the set-up
SETUP_HEADING = re.compile(r"^\W*prepar(?:e|ing) (?:the|your|for) [\w'’ ]{1,30}$|"
                           r"\b(set ?-?up|setting up|game setup|preparation|before (?:you|the game|play)\b[\w ]*|"
                           r"getting started|get(?:ting)? (?:[\w'’]+ ){0,3}?ready|preparing (?:to play|the game)|"
                           r"start(?:ing)? (?:the|a) game|(?:need|needed|how) to start|quick ?-?start)\b", re.I)
# 'Tip:', 'Top tip:', 'Quick note:' stay prose
NOTE_LEAD = re.compile(r"^(?:\w+ )?(?:tip|note|hint|example|variant|reminder|important)\b\s*[:.!—–-]"
                       # 'Solo:', 'Two players:', 'With 5 players –': a note for another player count, no step
                       r"|^(?:solo|solitaire|single[- ]player|(?:with |for )?(?:\d|one|two|three|four|five|six)"
                       r"[- ]players?(?: games?)?)\s*[:—–]", re.I)
BOLD_LINE = re.compile(r"^(\*\*|__)([^*_]{1,60})\1:?$")
END_HEADING = re.compile(r"\b(end of (?:the )?game|game end|ending the game|end game|winning|win(?:ning)? condition|"
                         r"victory|how to win)\b", re.I)
OBJECTIVE_HEADING = re.compile(r"\b(objective|object of the game|goal)\b", re.I)
SUMMARY_HEADING = re.compile(r"\b(overview|introduction|about|what is)\b", re.I)
# '2–5 players', or a field: 'Players: 2–5', 'Players: 4', a bold lead '**Players** 4, in partnerships' (one
# count, not 'Players: 3 or 4', '2, 3 or 4', '3+'; 'Players 1, 3 and 5 form a team' is a rule)
_ONE_COUNT = r"(?P<{0}low>\d{{1,2}})(?:\s*(?:-|–|to)\s*(?P<{0}high>\d{{1,2}}))?\b(?!\s*(?:,\s*\d|or\b|and\b|&|\+|[-–]))"
PLAYERS_RE = re.compile(r"\b(?P<low>\d{1,2})\s*(?:-|–|to)\s*(?P<high>\d{1,2})\s+players\b"
                        r"|^players:\s*" + _ONE_COUNT.format("field_"), re.I)
PLAYERS_LEAD = re.compile(r"^(?:\*\*|__)players:?(?:\*\*|__):?\s*" + _ONE_COUNT.format("field_"), re.I)
# 'How to Play Kettleford Rafters', 'Fallowby Scarecrows: the full rules (v1.3)': a page or post title around
# the game's name
HOW_TO_PLAY = re.compile(r"^how to play\s+(?=\S)", re.I)
RULES_TAIL = re.compile(r"\s*(?::|\s[-–—|]\s)\s*(?:the\s+)?(?:(?:full|complete|official|basic)\s+)?"
                        r"(?:rules|rulebook|rules of play|how to play)\b.*$", re.I)


def game_name(title: str) -> str:
    """The game's name in a page title that frames it; the title itself when it does not."""
    # '[WIP] Hoppickers - full rules v0.4': a forum thread's tag before the name is no part of it
    name = RULES_TAIL.sub("", HOW_TO_PLAY.sub("", re.sub(r"^\[[^\]]{1,20}\]\s*(?=\w)", "", title.strip())))
    return name if re.search(r"\w", name) else title


# Words of a file name that say what the file is, not what the game is called: 'Ninebell_Rulebook_v7_PRINT'
_FILE_WORDS = re.compile(r"(?:rules?|rulebook|book|manual|booklet|howtoplay|print|web|page|copy|readme|"
                         r"(?:final|draft)\d*|v\d+(?:\.\d+)*|\d+(?:\.\d+)+|en|eng|us|uk|a4|letter|pnp|index|"
                         r"document|untitled|download)", re.I)
_NAME_WORDS = 5  # a longer file name is a saved page's whole title ('… a cosy farming game for …'), no name


def file_title(stem: str) -> str | None:
    """The game's name in a file name ('ninebell-harbour', 'NinebellHarbour_Rulebook_v7_PRINT' -> 'Ninebell
    Harbour', '7_Wonders' -> '7 Wonders'), or None when the name says only what the file is ('rules',
    'rulebook-v2', 'README', 'how-to-play')."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", stem)
    words = [w for w in re.split(r"[\s_.-]+", spaced) if w]
    while words and _FILE_WORDS.fullmatch(words[-1]):  # what the file is comes after the name
        words.pop()
    words = [w for n, w in enumerate(words) if not _FILE_WORDS.fullmatch(w) or (n == 0 and w.isdigit())]
    if not words or len(words) > _NAME_WORDS or not all(re.fullmatch(r"[^\W_][\w'&]*", w) for w in words) \
            or all(w.isdigit() for w in words):
        return None
    name = " ".join(w if n and w.lower() in SMALL_WORDS else w[:1].upper() + w[1:] for n, w in enumerate(words))
    return None if generic_title(name) else name


def stated_version(state: State) -> None:
    """Without a changelog, the rules version the title or the text above the first section names ('Rules
    version 2.1 -- written by …', '… the full rules (v1.3)')."""
    if "changelog" in state.game:
        return
    match = _stated_version(state)
    if match:
        state.game["version"] = match.group(1)
        state.note("game", f"version {match.group(1)}, as the source names it ('{match.group(0)}')")


def _stated_version(state: State) -> re.Match | None:
    """Where the title or the text above the first section names the rules' version, else None."""
    outline = state.outline
    texts = [outline.title or ""]
    blocks = outline.root.blocks[:6]
    if not outline.title and outline.root.children:  # a title below a preface (an e-mail's greeting): its lines
        blocks = blocks + outline.root.children[0].blocks[:6]
    for block in blocks:  # a callout under the title ('> Rules draft **v0.7** …') too
        inner = block.blocks if isinstance(block, (Quote, Note)) else [block]
        texts += [plain(b.text) for b in inner if isinstance(b, Paragraph)]
    for text in texts:
        # 'Decide before v0.8', 'changes since 1.2': a version other than this one
        match = re.search(r"(?<!before )(?<!since )(?<!after )(?<!until )\b(?:version|v\.?)\s*(\d+(?:\.\d+)+)\b",
                          text, re.I)
        if match:
            return match
    return None


# '**Step 3.** Shuffle ...' / 'Step 3: Shuffle ...' / 'c) Shuffle ...': a typed step number or letter (steps
# are numbered when shown)
STEP_LEAD = re.compile(r"^(\*\*|__)?(?:step\s+\d{1,2}\s*[.:)—–-]?|\(?[a-z]\))\s*\1?\s*(?=\S)", re.I)


def _steps(block: ListBlock | Paragraph) -> list:
    if isinstance(block, Paragraph):  # 'Step 3.', '(c)', '4.2', '§ 3.1', '①': the number is derived when shown
        return [strip_lead(STEP_LEAD.sub("", block.text, count=1))]

    def step(item: ListItem):
        subs = [step(s) for c in item.children if isinstance(c, ListBlock) for s in c.items]
        # the item's own paragraphs are its text too (a toggle's answer under its question): never dropped
        text = "\n\n".join([item.text, *(c.text for c in item.children if isinstance(c, Paragraph))])
        return {"text": text, "steps": subs} if subs else text

    return [step(item) for item in block.items]


def _paragraphs(item: ListItem) -> list[str]:
    return [plain(c.text) for c in item.children if isinstance(c, Paragraph)]


def _version_key(version: str) -> tuple:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def _markdown(blocks: list) -> str:
    parts = []
    for block in blocks:
        if isinstance(block, Paragraph):
            parts.append(block.text)
        elif isinstance(block, ListBlock):
            parts.append("\n".join(("1. " if block.ordered else "- ") + item.text for item in block.items))
    return "\n\n".join(parts)


def changelog(state: State) -> None:
    entries = []
    for section in list(state.outline.sections()):
        title = plain(section.title)
        match = VERSION_RE.search(title)
        if not match or not (CHANGELOG_HEADING.search(title) or title.lower().startswith(("version", "v"))
                             or (section.parent and CHANGELOG_HEADING.search(plain(section.parent.title)))):
            continue
        version = match.group(1) or match.group(2)
        if re.search(r"\bsince\s+$", title[:match.start()], re.I):  # 'Changes since v0.3': made after it
            stated = _stated_version(state)
            if stated is None or _version_key(stated.group(1)) <= _version_key(version):
                state.ask("changelog", f"'{title}' lists changes made after version {version}, and the source "
                          "names no later version: add it to changelog in game.yaml with its number "
                          "(kept as prose)", section.line)
                continue
            version = stated.group(1)
        lists = [b for b in section.blocks if isinstance(b, ListBlock)]
        changes = [item_whole(item) for item in lists[-1].items] if lists else []
        others = [b for b in section.blocks if b is not (lists[-1] if lists else None)]
        entry = {"version": version}
        summary = _markdown(others)
        if summary:
            entry["summary"] = summary
        if changes:
            entry["changes"] = changes
        entries.append(entry)
        for i, block in enumerate(section.blocks):
            state.claim(block, "/// changelog\n///" if i == 0 and not entries[:-1] else "")
        if not section.blocks:
            state.inserts[id(section)].append("/// changelog\n///")
        state.note("changelog", f"version {version}: {len(changes)} change(s)", section.line)
    if entries:
        state.game["changelog"] = sorted(entries, key=lambda e: _version_key(e["version"]), reverse=True)
        state.game["version"] = state.game["changelog"][0]["version"]
        state.ask("changelog", "The changelog is copied as-is: restate it, and mark what each version changed "
                  "with changed_in on phases, terms and cards")


def _first_list(section: Section, state: State) -> ListBlock | None:
    return next((b for b in section.blocks if isinstance(b, ListBlock) and not state.claimed(b)), None)


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z]+", re.sub(r"^\W*\d+(?:\.\d+)*\.?\s*", "", plain(text)).lower()))


def _table_of_contents(state: State, block: ListBlock) -> bool:
    """A list under 'Contents' whose entries are most of them the document's own headings ('Overview — 2',
    '3. Setting up'): the table of contents, not what is in the box."""
    titles = {_words(s.title) for s in state.outline.sections() if s.title}
    names = [_words(re.split(r"\s+[—–]\s+|\s*\.{3,}", item.text)[0]) for item in block.items]
    return len(names) >= 2 and sum(n in titles for n in names if n) * 10 >= len(names) * 6


# A component line that is its name and, in brackets, what it looks like: '48 fleece (white cubes)'
_BRACKETED = re.compile(r"^([^()]{1,60}?)\s*\(([^()]{1,200})\)\s*[.;]?$")


# '30 planks, 24 knot tokens, 1 gust marker and 1 lantern (wood)': one line naming several counted things
_COUNTED_PART = re.compile(r"(?P<name>\d+\s+[^\W\d][^,()]{0,40}?)\s*(?:\((?P<paren>[^()]{1,60})\))?")
_COUNTED_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+(?=\d)")


def _outside_brackets(text: str) -> list[str]:
    """``text`` split at the separators of a counted list, never inside brackets ('(4 colours, wood)')."""
    parts, depth, start = [], 0, 0
    for match in re.finditer(r"[()]|" + _COUNTED_SPLIT.pattern, text):
        if match.group(0) in "()":
            depth += 1 if match.group(0) == "(" else -1
        elif depth == 0:
            parts.append(text[start:match.start()])
            start = match.end()
    return [*parts, text[start:]]


def _counted_parts(item) -> list[tuple[str, str]] | None:
    """The things a component line counts, each its own component with what it looks like ('48 ore cubes
    (black) and 20 waste cubes (grey)'; a bracket after the last alone is said of all: '4 mats and 12 porters
    (4 colours)'); None unless the line is only two or more counted things."""
    if item.children:
        return None
    parts = [_COUNTED_PART.fullmatch(p.strip()) for p in _outside_brackets(plain(item.text).strip().rstrip(".;"))]
    if len(parts) < 2 or not all(parts):
        return None
    words = [p.group("name").split()[1:] for p in parts]
    if all(len(w) == 1 for w in words[:-1]) and len(words[-1]) > 1:
        return None  # '8 red, 8 blue and 8 yellow meeples': the colours of one thing
    parens = [(p.group("paren") or "").strip() for p in parts]
    if not any(parens[:-1]):
        parens = [parens[-1]] * len(parts)
    return [(p.group("name").strip(), paren) for p, paren in zip(parts, parens, strict=True)]


def components(state: State) -> None:
    for section in state.outline.sections():
        if not COMPONENTS_HEADING.search(plain(section.title)):
            continue
        block = _first_list(section, state)
        if not block or _table_of_contents(state, block):
            continue
        out = []
        for item in block.items:
            if (counted := _counted_parts(item)) is not None:
                for n, (name, paren) in enumerate(counted):
                    entry = {"id": state.ids["component"](name, "component"), "name": name}
                    if paren:
                        entry["description"] = f"({paren})"
                    if n == 0:  # the line as written, so the split (and a bracket given to all) can be checked
                        entry["todo"] = f"Split from one line of the rulebook: \"{plain(item.text).strip()}\""
                    out.append(entry)
                continue
            named = split_item(item.text)
            bracketed = _BRACKETED.match(plain(item.text))
            if bracketed and not named.emphasised and (named.name.endswith("…") or not named.rest):
                # '36 yarn (wooden spools in red, blue and yellow)': the thing, then what it looks like
                named = NamedItem(bracketed.group(1).strip(), "", bracketed.group(2).strip(), False, False)
            entry = {"id": state.ids["component"](named.name, "component"), "name": named.name or "Component"}
            description = " ".join(p for p in (named.paren and f"({named.paren})", named.rest) if p)
            subs = [item_whole(s) for c in item.children if isinstance(c, ListBlock) for s in c.items]
            if subs:
                description = (description + " " + "; ".join(subs)).strip()
            if own := _paragraphs(item):  # '- One harbour board.' over 'The board is printed on both sides.'
                description = (description.rstrip(".") + ". " if description else "") + " ".join(own)
            if description:
                entry["description"] = description
            out.append(entry)
        state.game["components"] = out
        state.claim(block, "/// components\n///")
        state.note("game", f"{len(out)} component(s) from '{plain(section.title)}' (quantities not read)", block.line)
        state.ask("game", "Components: add each quantity (a deck's quantity is checked against its cards)")
        return


def _group_label(block) -> str | None:
    """A bold line ('**Each player**') or a short lead-in ('For each player:') between set-up lists."""
    if not isinstance(block, Paragraph):
        return None
    text = block.text.strip()
    match = BOLD_LINE.match(text)
    if match:
        return plain(match.group(2)).rstrip(":")
    if text.endswith(":") and len(plain(text).split()) <= 8:
        return plain(text).rstrip(":")
    return None


# '... prepare the game as follows.', '... do the following.': a lead-in ending with a full stop, no step
LEAD_IN = re.compile(r"\b(?:as follows|the following|these steps|in this order|like this)\s*[.:]$", re.I)


# "That's it — you're ready.", 'Now you are ready to play!', 'Have fun!': a remark closing the set-up, no step
CLOSING = re.compile(r"^\W*(?:(?:and|so|now|ok|okay),?\s+)*(?:that'?s (?:it|all)|that is (?:it|all)|"
                     r"you(?:'re|’re| are) (?:now )?(?:ready|all set|set to go)|ready to (?:play|start|begin)|"
                     r"let'?s (?:play|begin|go)|have fun|enjoy|good luck)\b", re.I)


def _entry_setup(state: State, section) -> bool:
    """Set-up steps held by another container (a '# | Do this' table, name-led paragraphs, sub-headings):
    read through the shared entry path."""
    form = entries.section_entries(state, section, "setup")
    if form is None:
        return False
    state.game["setup"] = [entries.step_text(e) for e in form.entries]
    entries.take(state, form, "/// setup\n///")
    state.note("game", f"set-up: {len(form.entries)} step(s) from {entries.describe(form)} under "
               f"'{plain(section.title)}'", section.line)
    return True


def setup(state: State) -> None:
    """Every list of the set-up section, in order; bold sub-headings between them are kept.

    When the source numbers on across the sub-headings (1-3, **Each player**, 4-6) the steps stay one
    flat list, so the derived numbers match the source's, and each sub-heading leads its first step;
    when each part starts again at 1 the parts become steps with sub-steps.
    """
    listless: list = []
    named = [s for s in state.outline.sections() if SETUP_HEADING.search(sections.heading_text(s.title))]
    # 'Quick start' (a README's install commands) before 'Setting up': the one holding numbered steps goes first
    named.sort(key=lambda s: not any(isinstance(b, ListBlock) and b.ordered for b in s.blocks))
    for section in named:
        if _read_setup(state, section, listless):
            _continued_setup(state, section)
            return
    # no heading says 'set-up', or none holds steps: a section of placing and dealing steps before the turn is it
    # (a heading's vocabulary is one signal, not a gate)
    for section in state.outline.sections():
        if all(section is not s for s in listless) and sections.looks_like_setup(state, section) \
                and _read_setup(state, section, listless):
            state.note("game", f"'{sections.heading_text(section.title)}' read as the set-up by its content "
                       "(steps that prepare the game, before the turn)", section.line)
            _continued_setup(state, section)
            return
    if not listless and _labelled_setup(state):
        return
    for section in listless:
        state.ask("game", f"Set-up section '{plain(section.title)}' has no list of steps: it is kept as prose; "
                  "write setup in game.yaml", section.line)


# '**Deal** Standard procedure, dealing out 12 cards …' among '**Players** 4', '**Cards** …', '**Objective** …':
# a paragraph led by a bold label (a run-in heading), the label alone set apart by its weight
RUN_IN_LABEL = re.compile(r"^\s*(\*\*|__)(?P<label>[^*_]{1,30}?)[:.]?\1[:.]?\s+(?P<rest>\S.*)$", re.S)
DEAL_LABEL = re.compile(r"^(?:the )?(?:deal(?:ing)?(?: the cards)?|shuffle and deal)$", re.I)
DECK_LABEL = re.compile(r"^(?:the )?(?:cards|deck|pack|card deck|the cards)$", re.I)
# 'which can be constructed out of a 78-card deck by removing the bottom 6 cards from each suit', 'Take out the
# jokers', 'Remove the 2s and 3s': a sentence that makes the deck out of another one
DECK_BUILDING = re.compile(r"\b(?:remov(?:e|es|ed|ing)|strip(?:s|ped|ping)?|tak(?:e|es|ing) out|taken out|"
                           r"construct(?:s|ed|ing)?|buil[dt](?:s|ing)?|made (?:up |out )?(?:of|from))\b", re.I)


def _labelled_setup(state: State) -> bool:
    """No section is the set-up, but a field of labelled paragraphs before the turn ('**Players** 4',
    '**Cards** …', '**Deal** …', a card game's preliminaries) has a label that is a set-up act: that paragraph
    is the set-up, and the sentence of the deck's label that builds the deck ('… by removing the bottom 6 cards
    from each plain suit') comes first. That sentence is copied (its paragraph also says what the cards are and
    stays on the page), and the report says so."""
    # before the turn: its section's, or its first phase heading's, when the stages are headings of the book
    starts = [s.line for s in [state.turn_section, *state.heading_phases[:1]] if s is not None and s.line]
    for section in state.sections():
        if starts and section.line >= max(starts) or state.phase_of(section) is not None:
            continue
        labelled = [(b, m) for b in section.blocks if isinstance(b, Paragraph) and not state.claimed(b)
                    and (m := RUN_IN_LABEL.match(b.text))]
        acts = [(b, m) for b, m in labelled if DEAL_LABEL.match(plain(m.group("label")).strip())
                or SETUP_HEADING.fullmatch(plain(m.group("label")).strip())]
        if len(labelled) < 3 or not acts:
            continue
        steps: list = []
        for block, match in labelled:
            if block is acts[0][0]:
                break
            if not DECK_LABEL.match(plain(match.group("label")).strip()):
                continue
            sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z*_])", match.group("rest").strip())
            building = [t for t in sentences if DECK_BUILDING.search(plain(t)) and re.search(r"\bcards?\b", t, re.I)]
            if building:
                label = plain(match.group("label")).strip()
                steps.append(f"**{label}:** {' '.join(building)}")
                state.ask("game", f"Set-up: the first step is copied from the '{label}' paragraph (how the deck is "
                          "made), which stays on the page as the source has it: check it", block.line)
        for n, (block, match) in enumerate(acts):
            steps.append(f"**{plain(match.group('label')).strip()}:** {match.group('rest').strip()}")
            state.claim(block, "/// setup\n///" if n == 0 else "")
        state.game["setup"] = steps
        state.note("game", f"set-up: {len(steps)} step(s) from the labelled paragraphs under "
                   f"'{plain(section.title)}' ('{plain(acts[0][1].group('label')).strip()}')", acts[0][0].line)
        return True
    return False


# 'Set-up (2 of 2)', 'Setting up (continued)', 'Setup, cont.': a slide or page that goes on with the one before
CONTINUED = re.compile(r"\s*(?:\((?:\d+\s*(?:of|/)\s*\d+|cont(?:inued|['’]d|\.)?)\)"
                       r"|[-–—:,]?\s*cont(?:inued|['’]d|\.))\s*$", re.I)


def _continued_setup(state: State, section: Section) -> None:
    """Steps that go on under a later heading of the same name marked as its continuation ('Set-up (1 of 2)'
    then 'Set-up (2 of 2)', a teaching deck's two slides), numbered on from the last step: more set-up."""
    base = CONTINUED.sub("", sections.heading_text(section.title)).strip().lower()
    steps = state.game.get("setup") or []
    later = list(state.outline.sections())
    for other in later[later.index(section) + 1:] if section in later else []:
        title = sections.heading_text(other.title)
        if not CONTINUED.search(title) or CONTINUED.sub("", title).strip().lower() != base:
            continue
        lists = [b for b in other.blocks if isinstance(b, ListBlock) and b.ordered and not state.claimed(b)]
        if not lists or lists[0].items[0].number != len(steps) + 1 or any(isinstance(s, dict) for s in steps):
            return
        steps += _steps(lists[0])
        state.claim(lists[0])
        state.note("game", f"set-up: {len(lists[0].items)} more step(s) under '{title}', numbered on from "
                   f"'{sections.heading_text(section.title)}'", other.line)


# '1 Shuffle …', '2 Place …': paragraphs numbered in a run (the number set apart by styling, no dot)
BARE_NUMBER = re.compile(r"^\s*(\d{1,2})(?:[.)]\s*|\s+)(?=\S)")  # "1.Unfold": Word drops the space


PLACEHOLDER = re.compile(r"\[[^\]]*\]")  # '[ diagram: the board set up ]': where a picture goes
SIDEBAR_LEAD = re.compile(r"^(\*\*|__)[^*_]{1,40}\?\1")  # '**Two growers?** With two players, …'


def _after_steps(text: str) -> bool:
    """A paragraph after the steps that is none: a closing remark ("That's it!"), an aside set in brackets, a
    figure's caption saying so ('A three-player game, ready to begin.', 'The board ready for three players.')
    or its labels, or a sidebar led by a bold question (a variant for fewer players)."""
    words = plain(text).split()
    # a drawing's own label ('upper basin': a few words, lower case, no sentence) or placeholder ('[ diagram ]')
    label = (len(words) <= 3 and text.strip()[:1].islower() and not re.search(r"[.!?:;]$", text.strip())) \
        or bool(PLACEHOLDER.fullmatch(text.strip()))
    aside = bool(re.fullmatch(r"\([^()]+\)", plain(text)))  # '(With 2 players, deal 3 hides.)': set apart
    return bool(CLOSING.search(plain(text)) or SIDEBAR_LEAD.match(text.strip()) or label or aside
                or (len(words) <= 8 and re.search(r"\bready (?:to (?:play|start|begin)|for \w+ players?)\b",
                                                  plain(text), re.I)))


# 'You will need the board, …': what to get out before the steps, no step of them
NEEDS = re.compile(r"^\W*(?:you(?:'ll|’ll| will)?|each player will|players will) need\b", re.I)


def _no_step(text: str) -> bool:
    """A paragraph beside the steps that is none: what the players need, or one set wholly in italics (a
    picture's caption, an aside)."""
    stripped = text.strip()
    return bool(NEEDS.match(plain(stripped))) or bool(re.fullmatch(r"(\*|_)(?!\1)[^*_]+\1", stripped))


def _numbered_run(blocks: list) -> bool:
    numbers = [int(m.group(1)) if (m := BARE_NUMBER.match(b.text)) else None for b in blocks]
    return len(numbers) >= 2 and None not in numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def _numbered(block) -> list[int] | None:
    numbers = [item.number for item in block.items] if isinstance(block, ListBlock) and block.ordered else []
    return numbers if numbers and None not in numbers else None


def _without_interruptions(parts: list) -> list:
    """The steps' parts without what stands between two pieces of one numbered list ('1.', '2.', then a
    printed page's sidebar or a picture, then '3.' … '6.'): the list's numbers go on, so what interrupts it is
    no step (it stays prose)."""
    numbered = [n for n, (_, block, _) in enumerate(parts) if _numbered(block)]
    if len(numbered) < 2:
        return parts
    numbers = [k for n in numbered for k in _numbered(parts[n][1])]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return parts
    return [part for n, part in enumerate(parts) if n in numbered or not numbered[0] < n < numbered[-1]]


def _read_setup(state: State, section: Section, listless: list) -> bool:
    """Read ``section`` as the set-up; False when it holds no steps (then it is remembered in ``listless``)."""
    parts: list[tuple[str | None, ListBlock | Paragraph, list]] = []  # (label, list or step, label paragraphs)
    pending: tuple[str, object] | None = None
    for n, block in enumerate(section.blocks):
        if state.claimed(block):
            continue
        nxt = section.blocks[n + 1] if n + 1 < len(section.blocks) else None
        if isinstance(block, ListBlock):
            label, used = (pending[0], [pending[1]]) if pending else (None, [])
            parts.append((label, block, used))
            pending = None
        elif _group_label(block):
            pending = (_group_label(block), block)
        elif isinstance(block, Paragraph) and not NOTE_LEAD.match(plain(block.text)) and not _no_step(block.text) \
                and not (plain(block.text).endswith(":") and nxt is not None) \
                and not (LEAD_IN.search(plain(block.text)) and isinstance(nxt, ListBlock)):  # '... as follows:'
            parts.append((None, block, []))  # a step written as a sentence before or after the list
            pending = None
        else:
            pending = None
    parts = _without_interruptions(parts)
    lists_in = [n for n, (_, block, _) in enumerate(parts) if isinstance(block, ListBlock)]
    if len(lists_in) == 1 and parts[lists_in[0]][2] and not BOLD_LINE.match(parts[lists_in[0]][2][0].text.strip()):
        # 'Do this once, before the first market day:' before the only list: a lead-in, not a part's label
        parts[lists_in[0]] = (None, parts[lists_in[0]][1], [])
    while parts and isinstance(parts[-1][1], Paragraph) and lists_in and _after_steps(parts[-1][1].text):
        parts.pop()  # "That's it — you're ready.": a closing remark after the steps, kept as prose
    if lists_in and len(parts) >= 2 and all(isinstance(block, Paragraph) for _, block, _ in parts[-2:]) \
            and PLACEHOLDER.fullmatch(parts[-2][1].text.strip()):
        del parts[-2:]  # '[ diagram: the board set up ]' and the caption under it, after the list: a figure
        while parts and isinstance(parts[-1][1], Paragraph) and _after_steps(parts[-1][1].text):
            parts.pop()
    if not any(isinstance(block, ListBlock) for _, block, _ in parts) and len(parts) < 2:
        if _entry_setup(state, section):
            return True
        listless.append(section)
        return False
    numbers = [item.number for _, block, _ in parts if isinstance(block, ListBlock) for item in block.items]
    continuous = bool(numbers) and None not in numbers and \
        numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    steps: list = []
    paragraphs = [block for _, block, _ in parts if isinstance(block, Paragraph)]
    if _numbered_run(paragraphs):
        for block in paragraphs:
            block.text = BARE_NUMBER.sub("", block.text, count=1)
    if continuous or not any(label for label, _, _ in parts):
        for label, block, _ in parts:
            block_steps = _steps(block)
            if label and block_steps:
                first = block_steps[0]
                if isinstance(first, dict):
                    first["text"] = f"**{label}:** {first['text']}"
                else:
                    block_steps[0] = f"**{label}:** {first}"
            steps += block_steps
    else:
        for label, block, _ in parts:
            steps += [{"text": f"**{label}**", "steps": _steps(block)}] if label else _steps(block)
    state.game["setup"] = steps
    for n, (_, block, used) in enumerate(parts):
        for paragraph in used:
            state.claim(paragraph)
        state.claim(block, "/// setup\n///" if n == 0 else "")
    count = sum(len(block.items) if isinstance(block, ListBlock) else 1 for _, block, _ in parts)
    lists = sum(1 for _, block, _ in parts if isinstance(block, ListBlock))
    state.note("game", f"set-up: {count} step(s) from {lists} list(s) and {len(parts) - lists} paragraph(s) "
               f"under '{plain(section.title)}'", section.line)
    for block in section.blocks:  # sentences around the lists may be steps too: never drop them silently
        if isinstance(block, Paragraph) and not state.claimed(block):
            state.ask("game", f"Set-up: '{first_sentence(plain(block.text), 80)}' is not in the set-up list "
                      "(kept as prose): add it to setup in game.yaml if it is a step", block.line)
    return True


def end_of_game(state: State) -> None:
    """The end of the game ('Victory points' and 'Game end scoring' are scoring, never the end): see
    :func:`_ending`."""
    def named(title: str) -> bool:
        return bool(END_HEADING.search(VICTORY_POINTS.sub("", title))) and not SCORING_HEADING.search(title)

    _ending(state, named, "end_of_game", "end-of-game", "end of game", other=SCORING_HEADING)


def scoring(state: State) -> None:
    """How the game is scored ('## Scoring', '## Final scoring', '## Victory points'): see :func:`_ending`."""
    # a 'Scoring' phase of the turn (a card game's last step of a hand) keeps its text: its rules are read later
    _ending(state, SCORING_HEADING.search, "scoring", "scoring", "scoring", phases_too=False)


VICTORY_POINTS = re.compile(r"\bvictory\s+points?\b", re.I)
SCORING_HEADING = re.compile(r"\b(?:scoring|victory\s+points?|counting (?:the )?(?:points|score))\b", re.I)


def _aside(section: Section, other: re.Pattern | None) -> bool:
    """An example ('Scoring example'), or a section under a variant, the cards, the glossary or ``other`` (for
    the end, the scoring: 'At the end of the game, each player also scores …' under 'Final scoring'): not the
    game's. A 'Final scoring' under 'End of the game' is the scoring."""
    from .terms import TERMS_HEADING  # terms reads gameinfo's headings: imported here, not at the top

    if sections.EXAMPLE.search(plain(section.title)):
        return True
    parent = section.parent
    while parent is not None and parent.parent is not None:  # the root's title is the game's name
        title = plain(parent.title)
        if any(rx.search(title) for rx in (sections.RULE_ASIDE, CARDS_HEADING, TERMS_HEADING, other) if rx):
            return True
        parent = parent.parent
    return False


def _ending(state: State, named, key: str, block: str, what: str, phases_too: bool = True,
            other: re.Pattern | None = None) -> None:
    """``key`` of game.yaml from the first section ``named`` (not a phase's unless ``phases_too``, no aside, the
    highest heading first) with text of its own (a lead-in ending ':' takes the sub-headings below it); failing
    that, from one with no text of its own over sub-headings ('## Victory Conditions' over '#### The game ends
    at once when one of these applies.' and its list), each sub-heading folded in."""
    found = [s for s in state.outline.sections()
             if named(plain(s.title)) and (phases_too or state.phase_of(s) is None) and not _aside(s, other)]
    # the book's own chapter ('## 2. Scoring') and what stands under it; a deeper namesake elsewhere ('### Scoring
    # a throw' in an appendix) is some other part's
    top = min((s.level for s in found), default=0)
    found = sorted((s for s in found if s.level == top or _under(s, found)), key=lambda s: s.level)
    for section in found:
        own = _end_blocks(state, section)
        if len(own) == 1 and isinstance(own[0], Paragraph) and plain(own[0].text).endswith(":") \
                and _leaf_parts(state, section):
            _take_end(state, section, [("", section)] + _parts(section), key, block, what)
            return
        if own:
            _take_end(state, section, [("", section)], key, block, what)
            return
    for section in found:
        if _leaf_parts(state, section):
            _take_end(state, section, _parts(section), key, block, what)
            return


def _under(section: Section, others: list) -> bool:
    parent = section.parent
    while parent is not None:
        if any(parent is other for other in others):
            return True
        parent = parent.parent
    return False


def _parts(section: Section) -> list:
    return [(plain(sections.heading_text(c.title)).strip(), c) for c in section.children]


def _take_end(state: State, section, parts: list, key: str, block_name: str, what: str) -> None:
    """``parts`` ((its heading's words or '', section)) as the steps of ``key``, claimed for its block."""
    steps: list = []
    for lead, part in parts:
        # a paragraph keeps its typed number ('**7.1** When the Winter marker …'): the rules may cite it
        own = [step for block in _end_blocks(state, part)
               for step in ([block.text] if isinstance(block, Paragraph) else _steps(block))]
        if lead and len(lead.split()) >= SENTENCE_WORDS:  # a sentence set as a heading leads its steps
            own = [{"text": lead, "steps": own} if own else lead]
        elif lead and own and isinstance(own[0], str):  # a label names its first step
            own[0] = f"**{lead.rstrip(':')}:** {own[0]}"
        elif lead:
            own.insert(0, f"**{lead}**")
        steps += own
    first = None
    for _, part in parts:
        for block in _end_blocks(state, part):
            state.claim(block, "" if first else f"/// {block_name}\n///")
            first = first or block
        if part is not section:
            state.folded.add(id(part))
    state.game[key] = steps
    state.note("game", f"{what}: {len(steps)} step(s) from '{plain(section.title)}'"
               + (" and its sub-headings" if any(part is not section for _, part in parts) else ""), section.line)


SENTENCE_WORDS = 8  # a heading this long says a rule ('The game ends at once when one of these applies')


def _end_blocks(state: State, section) -> list:
    """The paragraphs and lists of a section no other recogniser took."""
    return [b for b in section.blocks if isinstance(b, (Paragraph, ListBlock)) and not state.claimed(b)]


def _leaf_parts(state: State, section) -> bool:
    """Every sub-heading of ``section`` holds only paragraphs and lists that nothing took, and no heading of
    its own: text that can be read as the section's."""
    return bool(section.children) and all(
        not child.children and child.blocks and len(_end_blocks(state, child)) == len(child.blocks)
        and id(child) not in state.folded and state.phase_of(child) is None for child in section.children)


def _player_counts(match: re.Match) -> tuple[int, int]:
    """(fewest, most) players of a PLAYERS_RE match."""
    found = match.groupdict()
    low = found.get("low") or found["field_low"]
    return int(low), int(found.get("high") or found["field_high"] or low)


FACT_FIELD = re.compile(r"[A-Z][\w ]{0,24}:\s+[^!?:]{0,40}[^.!?:]")


def facts(state: State) -> None:
    outline = state.outline
    texts = [b.text for s in state.sections() for b in s.blocks if isinstance(b, Paragraph)]
    for section in outline.sections():
        if OBJECTIVE_HEADING.search(plain(section.title)):
            paragraphs = [b.text for b in section.blocks if isinstance(b, Paragraph)]
            if paragraphs:
                state.game["objective"] = "\n\n".join(paragraphs)
                break
    summary = None
    # a paragraph of fewer than three words (a badge, an image link, 'RULEBOOK') says nothing about the game
    # and a field of facts ('Players: 2–5', 'Playing time: 30–45 minutes') is no summary either
    # nor is a link back to the site ('[‹ Back to the game](../index.md)': its words stay on the page)
    preface = [b.text for b in outline.root.blocks if isinstance(b, Paragraph)
               and len(re.findall(r"\w+", plain(b.text))) >= 3 and not FACT_FIELD.fullmatch(plain(b.text))
               and not BACK_WORDS.match(plain(b.text))]
    if preface:
        summary = preface[0]
    else:
        for section in outline.sections():
            if SUMMARY_HEADING.search(plain(section.title)) or OBJECTIVE_HEADING.search(plain(section.title)):
                paragraphs = [b.text for b in section.blocks if isinstance(b, Paragraph)]
                if paragraphs:
                    summary = paragraphs[0]
                    break
    if summary:
        state.game["summary"] = first_sentence(plain(summary), 400)  # a cut must not leave a '*' open
    else:
        # Players read the summary on the home page: no words to the designer there, and no rule taken for
        # one ('Roll one die on the fight table.' would also be a roll no table backs): the game's name.
        state.game["summary"] = f"The rules of {state.game['title']}."
        state.ask("game", "No introduction found: write the summary in game.yaml")
    for text in texts:
        match = PLAYERS_RE.search(plain(text)) or PLAYERS_LEAD.search(text.strip())
        low, high = _player_counts(match) if match else (0, 0)
        if match and int(low) <= int(high):
            state.game["players"] = {"min": int(low), "max": int(high)}
            state.note("game", f"players: {low}–{high}")
            break
