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
