"""A cover's lines set as headings: a PDF's title page in large type ('A game of stargazers for 1 to 4
players', 'Imogen Vale', '14 April 2025') comes in as headings with nothing under them."""

from __future__ import annotations

import re

from .names import generic_title
from .outline import Paragraph, Section

TITLE_PAGE_LINES = 4  # a cover's subtitle, byline and date; more empty headings are an outline to fill
TITLE_PAGE_WORDS = 12
PART = re.compile(r"\s*(?:(?:chapter|part|book|section|appendix|step|phase)\b|[\dIVX]+[.):]\s)", re.I)


def fold_title_page(root: Section) -> None:
    """Headings at the very top with nothing under them ('A game of stargazers for 1 to 4 players', 'Imogen
    Vale', '14 April 2025': a PDF's cover set in large type) are lines under the title, not sections: a
    section each, empty, would head the rules page and its table of contents."""
    sections = [s for s in root.walk() if s is not root]
    first = next((n for n, s in enumerate(sections) if s.blocks), len(sections))
    empty = sections[:first]
    # only whole empty subtrees, only when real sections follow them, and never a part of the rulebook
    # ('Chapter 1: Basics' over sections at its own level, 'Rules', '2. Play')
    folded = [s for s in empty if all(c in empty for c in s.children)]
    if not folded or len(folded) > TITLE_PAGE_LINES or first == len(sections) \
            or any(len(s.title.split()) > TITLE_PAGE_WORDS or generic_title(s.title) or PART.match(s.title)
                   for s in folded):
        return
    for section in folded:
        root.blocks.append(Paragraph(section.title, section.line))
        if section in section.parent.children:
            section.parent.children.remove(section)


# 'Chapter One', 'Part 2', 'Book III': a heading that only numbers a part, its name on the short line under it
# ('Ringing a Peal'): a writing tool's manuscript compile (Scrivener's folders: 'Chapter One' then the folder's
# title, centred), or a novel-style rulebook
BARE_PART = re.compile(r"^\s*(?:chapter|part|book)\s+(?:\d{1,3}|[ivxlc]{1,7}|one|two|three|four|five|six|seven|"
                       r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
                       r"nineteen|twenty)\s*[.:]?\s*$", re.I)
NAME_WORDS = 12


def _name_line(block) -> bool:
    """A short line that is no sentence: a title, a subtitle or a byline."""
    if not isinstance(block, Paragraph):
        return False
    text = re.sub(r"[*_`]", "", block.text).strip()
    return 0 < len(text.split()) <= NAME_WORDS and not re.search(r"[.!?:;,]$", text) \
        and (not text[:1].islower() or text.startswith("by "))  # 'by Imogen Thwaite': a byline


def name_chapters(outline) -> None:
    """A heading that only numbers its chapter takes the name on the line under it ('Chapter Three: Ringing a
    Peal'), so the section is known by its words (the turn, the glossary). When the first such heading heads
    the document, the cover's lines above it are the title page: the first names the game, the last the
    chapter, which becomes a section of its own."""
    root = outline.root
    for section in root.walk():
        if section is not root and BARE_PART.match(section.title) and section.blocks \
                and _name_line(section.blocks[0]) and (len(section.blocks) > 1 or section.children):
            section.title = f"{section.title.strip()}: {section.blocks.pop(0).text.strip()}"
    if not (outline.title and BARE_PART.match(outline.title)):
        return
    blocks = root.blocks
    start = next((k for k, b in enumerate(blocks) if isinstance(b, Paragraph)), None)
    if start is None:
        return
    end = start
    while end < len(blocks) and _name_line(blocks[end]):
        end += 1
    if end - start < 2 or end == len(blocks):
        return  # no cover above the chapter's name, or nothing under it
    level = root.children[0].level if root.children else 1
    chapter = Section(f"{outline.title.strip()}: {blocks[end - 1].text.strip()}", level, blocks[end - 1].line,
                      blocks[end:], parent=root)
    outline.title = blocks[start].text.strip()
    root.blocks = blocks[:start] + blocks[start + 1:end - 1]
    root.children.insert(0, chapter)
