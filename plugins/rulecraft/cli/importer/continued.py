"""A topic carried over onto the next card or page under its own title again: 'Setting Up (1/2)' then
'Setting Up (2/2)', 'Tinker's Words' then 'Tinker's Words (cont.)'.

Rules printed as cards (or a page that breaks a topic) repeat the title with a mark that it goes on. Read as
they stand, the two halves are two sections, and neither is whole: the glossary loses the terms after the
break, a split step list reads as two. A heading marked as continuing the heading right before it (same level,
same words once the marks are gone) is taken out, so its text joins that section; a first part's own mark
('(1/2)') is taken off its title. Each change is listed as a remark with its line.
"""

from __future__ import annotations

import re

from .outline import Heading, Remark

# '(cont.)', '(continued)', '(cont'd)', '– continued', '(2/2)', '(part 2)', '(2 of 3)'
# (no leading '\s*': tried at every space of a long run before the mark, it made the search quadratic)
_MARK = re.compile(r"(?:\((?:cont(?:inued|['’]d|\.)?|(?:part\s+)?(?P<part>\d{1,2})(?:\s*(?:/|of)\s*\d{1,2})?)\)"
                   r"|[–—-]\s*continued)\s*$", re.I)


def _base(text: str) -> tuple[str, str | None]:
    """(the title without its mark, the part number or 'cont' when marked, None when not)."""
    found = _MARK.search(text)
    if not found or not text[:found.start()].strip():
        return text, None
    return text[:found.start()].strip(), found.group("part") or "cont"


def join_continued(stream: list, remarks: list[Remark]) -> list:
    out: list = []
    last: Heading | None = None  # the heading the text now runs under
    last_base = ""
    for block in stream:
        if not isinstance(block, Heading):
            out.append(block)
            continue
        base, part = _base(block.text.strip())
        goes_on = part is not None and part != "1" and last is not None and last.level == block.level \
            and base.casefold() == last_base.casefold()
        if goes_on:
            remarks.append(Remark("continued", f"heading '{block.text.strip()}' continues '{last.text}': read as one "
                                             f"section", block.line))
            continue
        if part == "1":
            remarks.append(Remark("continued", f"heading '{block.text.strip()}' read as '{base}' (its first part)",
                                  block.line))
            block = Heading(block.level, base, block.line)
        last, last_base = block, base
        out.append(block)
    return out
