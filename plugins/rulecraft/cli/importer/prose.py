"""The prose page: the whole source as clean Markdown, with blocks where data was recognised.

Headings keep their order and nesting (typed phase numbers dropped); lists the recognisers
turned into data are replaced by their block (``/// dice | id``, ``/// phase-list``...);
notes become admonitions, examples ``!!! example``; images and relative links are gone
(the report lists them).
"""

from __future__ import annotations

import json
import re

from .inert import inert
from .names import uncapped
from .outline import Code, Image, ListBlock, Note, Paragraph, Quote, Section, Table
from .state import State
from .text import plain

# The copied page's name in the navigation, beside the generated pages; readers see it, so it names what the
# page holds, not how it was made.
PROSE_TITLE = "Rules"
ADMONITION = {"note": "note", "warning": "warning", "tip": "tip", "important": "warning", "caution": "warning",
              "example": "example", "info": "info"}


def _safe_line(text: str) -> str:
    """Copied text as it goes on the page: only text (inert.py), and no heading or rule started by accident."""
    text = inert(text)
    if re.match(r"^\s*(#|={3,}|-{3,}\s*$)", text):
        return "\\" + text.lstrip()
    return text


def _indent(text: str, pad: str = "    ") -> str:
    return "\n".join(pad + line if line.strip() else "" for line in text.split("\n"))


class ProseWriter:
    def __init__(self, state: State):
        self.state = state
        self.sections = 0
        # (section title, heading line, lines of the blocks copied as text) of sections holding copied text
        self.uncaptured: list[tuple[str, int, list[int]]] = []
        self._copied: list[int] = []  # source lines of blocks written as copied text (not replaced by data)

    def blocks(self, blocks: list) -> list[str]:
        out = []
        for block in blocks:
            if id(block) in self.state.claims:
                replacement = self.state.claims[id(block)]
                if replacement:
                    out.append(replacement)
                if isinstance(block, ListBlock):  # what its data has no place for stays here, copied
                    out += self.blocks(self._held(block))
                continue
            text = self.block(block)
            if text.strip():
                out.append(text)
                if not isinstance(block, Image):
                    self._copied.append(getattr(block, "line", 0))
        return out

    def _held(self, block: ListBlock) -> list:
        """The tables, notes, quotes, code and pictures inside the items of a list read as data: a step, a phase
        or a term is text and sub-items, so these would be lost with the list ('2. Each keeper takes these
        tokens:' over a table of player counts); none that a recogniser took itself."""
        out = []
        for item in block.items:
            for child in item.children:
                if isinstance(child, ListBlock):
                    out += self._held(child)
                elif not isinstance(child, Paragraph) and id(child) not in self.state.claims:
                    out.append(child)
        return out

    def block(self, block) -> str:
        if isinstance(block, Paragraph):
            return _safe_line(block.text)
        if isinstance(block, ListBlock):
            return self.list_block(block)
        if isinstance(block, Note):
            inner = "\n\n".join(self.blocks(block.blocks))
            return f"!!! {ADMONITION.get(block.kind, 'note')}\n\n{_indent(inner)}"
        if isinstance(block, Quote):
            inner = "\n\n".join(self.blocks(block.blocks))
            first = plain(block.blocks[0].text) if block.blocks and isinstance(block.blocks[0], Paragraph) else ""
            if first.lower().startswith("example"):
                return f"!!! example\n\n{_indent(inner)}"
            return "\n".join("> " + line if line else ">" for line in inner.split("\n"))
        if isinstance(block, Image):
            return f"*(Image not included: {inert(plain(block.alt) or block.src)})*"
        if isinstance(block, Code):
            # a fence longer than any run of backticks inside, so the code cannot close it early
            fence = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", block.text)), default=0))
            lang = re.sub(r"[^\w+-]", "", block.lang)
            return f"{fence}{lang}\n{block.text}\n{fence}"
        if isinstance(block, Table):
            if not block.rows:
                return ""
            width = max(len(r) for r in block.rows)
            rows = [r + [""] * (width - len(r)) for r in block.rows]
            lines = ["| " + " | ".join(inert(c).replace("|", "\\|") for c in rows[0]) + " |",
                     "|" + "---|" * width]
            lines += ["| " + " | ".join(inert(c).replace("|", "\\|") for c in r) + " |" for r in rows[1:]]
            return "\n".join(lines)
        return ""

    def list_block(self, block: ListBlock) -> str:
        lines = []
        for n, item in enumerate(block.items, start=1):
            marker = f"{item.number if item.number is not None else n}." if block.ordered else "-"
            lines.append(f"{marker} {_safe_line(item.text)}")
            for child in item.children:
                text = self.list_block(child) if isinstance(child, ListBlock) else self.block(child)
                if not text:
                    continue
                # a paragraph, box, quote or table in the item: between blank lines, or Python-Markdown reads it
                # (and the next item's marker with it) as the lines of the item's text (a sub-list needs none)
                boxed = not isinstance(child, ListBlock)
                if boxed and lines[-1]:
                    lines.append("")
                lines.append(_indent(text))
                if boxed:
                    lines.append("")
        return "\n".join(lines).rstrip("\n")

    def section(self, section: Section, depth: int) -> list[str]:
        if id(section) in self.state.folded:  # its heading is a term's name, its text the definition
            return self.blocks(section.blocks)  # every block is claimed: nothing is written twice
        if section.line in self.state.outline.private:
            return [f"/// designer-note\n{self._private(section)}\n///"]
        self.sections += 1
        title = self.state.shown_heading.get(id(section)) or self.state.retitle.get(id(section)) or section.title \
            or "Untitled"
        # 'WHAT YOU NEED' set in capitals for type: 'What You Need' (a heading with markup stays as written)
        heading = self.state.labelled_heading.get(id(section)) or title
        shown = heading if re.search(r"[*_`\[]", heading) else uncapped(heading, title=True)
        out = [f"{'#' * min(depth + 1, 6)} {_safe_line(shown).lstrip('#').strip()}"]
        out += self.state.inserts.get(id(section), [])
        before = len(self._copied)
        out += self.blocks(section.blocks)
        if len(self._copied) > before:
            self.uncaptured.append((plain(title), section.line, self._copied[before:]))
        for child in section.children:
            out += self.section(child, depth + 1)
        return out

    def _private(self, section: Section) -> str:
        """A section the author keeps out of the rules (Org ':noexport:': playtest notes, to-do lists): kept
        whole for the designer, in a designer note, players never see it; its headings become bold lines there,
        so the page's contents never lists what the page hides."""
        self.sections += 1
        out = [f"**{_safe_line(plain(section.title) or 'Untitled').strip()}**"]
        before = len(self._copied)
        out += self.blocks(section.blocks)
        if len(self._copied) > before:
            self.uncaptured.append((plain(section.title), section.line, self._copied[before:]))
        out += [self._private(child) for child in section.children]
        return "\n\n".join(out)

    def page(self, title: str, source_name: str) -> str:
        state = self.state
        parts = [f"---\ntitle: {json.dumps(PROSE_TITLE, ensure_ascii=False)}\n---",
                 f"# {_safe_line(title)}",
                 # For the designer only: players never see how the page was made (a designer note).
                 f"/// designer-note\nImported from `{source_name}` by `rulecraft import`. TODO: restate these rules "
                 "in your own words; the data files hold what the importer recognised (phases, dice tables, terms, "
                 "cards), shown here by blocks.\n///"]
        before = len(self._copied)
        parts += self.blocks(state.outline.root.blocks)
        if len(self._copied) > before:
            self.uncaptured.append(("the text before the first heading", 1, self._copied[before:]))
        for section in state.outline.root.children:
            parts += self.section(section, 1)
        return "\n\n".join(parts).rstrip() + "\n"
