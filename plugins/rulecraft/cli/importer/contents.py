"""A printed table of contents: kept for the designer, hidden from players.

A PDF or Word rulebook prints its contents ('Overview ........ 2'), which a reader brings in as a list of
'Overview — 2' lines (or a table, or one paragraph per entry); a Markdown or web page lists its sections
under a 'Contents' heading. On the web the site's own navigation does that
job, but the source's text must not be lost: the entries go on the prose page inside a ``/// designer-note``
block, with the heading above them when it holds nothing else.
"""

from __future__ import annotations

import re

from .inert import inert
from .outline import ListBlock, Paragraph, Section, Table
from .state import State
from .text import plain

# 'Overview — 2', 'Setting Up ..... 3', '4.1 Winding Phase . . . . 3', 'Credits 4', 'Glossary⇥page 7'
ENTRY = re.compile(r"(?P<name>.*?[^\W\d].*?)(?:\s*(?:[—–]|-{1,2}|(?:\.\s?){2,}|…+|·+)\s*|\s+)(?P<page>\d{1,3})")
CONTENTS_HEADING = re.compile(r"(?:table of )?contents|in this (?:book|booklet|rulebook)", re.I)
MIN_ENTRIES = 3
ENTRY_MAX_CHARS = 160  # an entry is a line; a longer paragraph is text (and matching it would take long)
HEADING_SHARE = 0.6  # of the entries name a heading of the document itself


def _key(text: str) -> str:
    """A heading or entry name without its section number, case or punctuation."""
    text = re.sub(r"^\s*(?:\d+(?:\.\d+)*|[ivx]+\.|[a-z]\.)\s+", "", plain(text).lower())
    return " ".join(re.sub(r"[^\w ]+", " ", text).split())


def _entries(block) -> list[str] | None:
    """The lines of a block that could be contents entries, or None for a block of another kind."""
    if isinstance(block, ListBlock) and not any(item.children for item in block.items):
        return [plain(item.text) for item in block.items]
    if _name_tree(block):  # a Markdown page's contents, nested as its headings are: every entry, in order
        return [plain(item.text) for item in block.all_items()]
    if isinstance(block, Table):
        return [" ".join(cell for cell in row if cell.strip()) for row in block.rows]
    if isinstance(block, Paragraph):
        return _run_together(plain(block.text)) or [plain(block.text)]
    return None


# '1 Overview ........ 3 2 Components ....... 3 3 Setting Up ..... 4': a printed contents page whose lines a
# reader joined into one paragraph; only dotted leaders part entries so (a sentence's numbers never do)
DOTTED = re.compile(r"\s*(?P<entry>(?:\d+(?:\.\d+)*\.?\s+)?[^.]{0,80}?[^\W\d][^.]{0,80}?\s*(?:\.\s?){3,}\s*\d{1,3})"
                    r"(?=\s|$)")


def _run_together(text: str) -> list[str] | None:
    if not re.search(r"(?:\.\s?){3}", text):
        return None
    entries, at = [], 0
    while at < len(text.rstrip()) and (match := DOTTED.match(text, at)):
        entries.append(match.group("entry"))
        at = match.end()
    return entries if len(entries) >= MIN_ENTRIES and at >= len(text.rstrip()) else None


def _section_list(block) -> bool:
    """A numbered list of names, none of them counted: a page's list of its sections ('1. Setting up'), not
    the box's contents under a 'Contents' heading ('- 60 Cards')."""
    return isinstance(block, ListBlock) and block.ordered and \
        not any(re.match(r"\s*\d+\s*(?:x\s*|×\s*)?[^\W\d]", plain(item.text)) for item in block.items)


def _name_tree(block) -> bool:
    """A nested list of names only (a Markdown page's contents, its links to its own headings read as their
    words): every entry a few words, nothing under an entry but more entries."""
    return isinstance(block, ListBlock) and any(item.children for item in block.items) and all(
        len(plain(item.text).split()) <= 16 and all(isinstance(c, ListBlock) for c in item.children)
        for item in block.all_items())


def _entry_names(lines: list[str], titled: bool = False) -> list[str] | None:
    """The headings the lines name; under a 'Contents' heading (``titled``) an entry needs no page number (a
    Markdown or web page's contents list its sections only: '1. Before the first tide')."""
    names = []
    for line in lines:
        match = ENTRY.fullmatch(line.strip()) if len(line) <= ENTRY_MAX_CHARS else None
        if match:
            names.append(match.group("name"))
        elif titled and line.strip():
            names.append(line.strip())
        else:
            return None
    return names


def recognise(state: State) -> None:
    headings = {_key(s.title) for s in state.outline.sections()}
    for section in state.sections():
        _in_section(state, section, headings)


def _in_section(state: State, section: Section, headings: set[str]) -> None:
    blocks = section.blocks
    titled = CONTENTS_HEADING.fullmatch(plain(section.title or "").strip(" :")) is not None
    i = 0
    while i < len(blocks):
        # a run of blocks whose every line is 'name page': one list, a table, or a paragraph per entry
        j, names = i, []
        while j < len(blocks) and (lines := _entries(blocks[j])) and (found := _entry_names(
                lines, titled and (_section_list(blocks[j]) or _name_tree(blocks[j])))) is not None \
                and not state.claimed(blocks[j]):
            names += found
            j += 1
            if not isinstance(blocks[j - 1], Paragraph):
                break
        own = sum(1 for name in names if _key(name) in headings and _key(name) != _key(section.title))
        if len(names) >= MIN_ENTRIES and own >= HEADING_SHARE * len(names):
            _keep_as_note(state, section, blocks[i:j], len(names))
            i = j
        else:
            i = max(i + 1, j if j > i + 1 else i + 1)


def _keep_as_note(state: State, section: Section, run: list, count: int) -> None:
    whole = len(run) == len(section.blocks) and not section.children and section.parent is not None \
        and CONTENTS_HEADING.fullmatch(plain(section.title).strip(" :"))
    lines = []
    for block in run:
        lines += [f"- {inert(line)}" for line in _entries(block)]
    title = f"**{inert(plain(section.title).strip())}** (the source's printed contents)" if whole else \
        "The source's printed contents:"
    note = f"/// designer-note\n{title}\n\n" + "\n".join(lines) + "\n///"
    state.claim(run[0], note)
    for block in run[1:]:
        state.claim(block, "")
    if whole:  # the heading holds nothing players need: it goes into the note with its entries
        state.folded.add(id(section))
    state.note("prose", f"printed table of contents ({count} entries) kept in a designer note, hidden from "
               "players", getattr(run[0], "line", 0))
