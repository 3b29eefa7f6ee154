"""Nothing is lost by `rulecraft import`: every sentence of a source reaches the data or the prose page.

A source sentence is taken twice, so neither a reader nor a recogniser can hide a loss: from the importer's
own outline (any format: every heading, paragraph, list item, table row, note, quote and code line) and, for
Markdown and plain text, from the raw file. Words are compared normalised (lower case, letters and digits
only, markup and link targets ignored); a sentence is found when its words appear in order in the output
with small gaps (the importer adds a number, a bold label, a "TODO" line) and at most a fifth of them
missing. A sentence written twice must be found twice. A catalog item's use is read as the page's line shows it
('Use: 1 Gold + 3 Ore → 1 Might, once per Harvest phase'): a sentence is found in one when every word of it but
the rule's words its arrow and plus stand for ('you may pay … to gain …') is on that line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path

import yaml

from rulecraft.cli.importer.outline import Code, Heading, ListBlock, ListItem, Note, Paragraph, Quote, Table

MIN_WORDS = 3  # shorter pieces ('Setup', 'Roll 1d6') are found anywhere: they prove nothing
GAP = 4  # output words allowed between two of a sentence's words

_WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
_TARGET = r"\((?:[^()\n]|\([^()\n]*\))*\)"  # a link's target, one level of parentheses in it (CommonMark)
_URL_RE = re.compile(r"\]" + _TARGET + r"|<https?://[^>]*>|https?://\S+|\{[:#.][^}]*\}")
# a tag opens with a name, '/' or '!' ('total < 35' is text); '<2024-03-02 Sat>' is an Org timestamp
_TAG_RE = re.compile(r"<(?=[A-Za-z/!])[^<>]*>|<\d{4}-\d\d-\d\d[^<>\n]*>")
_COMMENT_RE = re.compile(r"<!--.*?-->", re.S)
_LIQUID_RE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.S)
_IMAGE_RE = re.compile(r"!\[[^\]]*\]" + _TARGET)
_TYPED_NUMBER_RE = re.compile(r"^\s*(?:\d{1,3}(?:\.\d{1,3})*\.?\s?[a-z]?\b[.)]?|[a-z][.)])\s*", re.I)
_SPLIT_RE = re.compile(r"(?<=[.!?;:])\s+|\n")
# what a use's line writes as its arrow and plus ('pay 1 Gold and 3 Ore to gain 1 Might': '1 Gold + 3 Ore → 1 Might')
USE_WORDS = {"you", "may", "pay", "spend", "to", "gain", "get", "take", "receive", "and", "plus"}
TIMES = {1: "once", 2: "twice"}


def words(text: str) -> list[str]:
    text = _IMAGE_RE.sub(" ", text)
    text = _URL_RE.sub(" ", text)
    text = _TAG_RE.sub(" ", text)
    text = text.replace("&nbsp;", " ").replace("&amp;", "&")
    return [w.lower() for w in _WORD_RE.findall(text)]


def sentences(text: str) -> list[list[str]]:
    """The text's sentences (and lines) as word lists, the short ones left out."""
    pieces = (words(piece) for piece in _SPLIT_RE.split(text))
    return [piece for piece in pieces if len(piece) >= MIN_WORDS]


def outline_texts(outline) -> list[str]:
    """Every heading, paragraph, list item, table row, note, quote and code text of the outline, in order."""
    texts: list[str] = []

    def blocks(items):
        for block in items:
            if isinstance(block, (Paragraph, Heading)):
                texts.append(block.text)
            elif isinstance(block, ListBlock):
                for item in block.items:
                    blocks([item])
            elif isinstance(block, ListItem):
                texts.append(block.text)
                blocks(block.children)
            elif isinstance(block, (Note, Quote)):
                blocks(block.blocks)
            elif isinstance(block, Table):
                texts.extend(" ".join(row) for row in block.rows)
            elif isinstance(block, Code):
                texts.append(block.text)

    for section in outline.sections():
        if section.title:  # its typed number ('7.b', '15.') left out: the page numbers phases by their order
            texts.append(_TYPED_NUMBER_RE.sub("", section.title, count=1))
        blocks(section.blocks)
    return texts


def raw_texts(text: str) -> list[str]:
    """The raw Markdown or plain text's lines, its front matter, comments and Liquid tags left out (they
    are the site generator's, not the rulebook's)."""
    text = text.replace("\r\n", "\n")
    front = re.match(r"---\n.*?\n---\n", text, re.S)
    if front:
        text = text[front.end():]
    text = _LIQUID_RE.sub(" ", _COMMENT_RE.sub(" ", text))
    return text.split("\n")


def output_words(folder: Path, pages: Path) -> list[str]:
    """Every string of the game's YAML files and every word of its pages (the report is not output)."""
    out: list[str] = []

    def strings(value):
        if isinstance(value, str):
            out.extend(words(value))
            out.append("")  # a break: a sentence does not run from one value into the next
        elif isinstance(value, dict):
            for key, item in value.items():
                strings(str(key))
                strings(item)
        elif isinstance(value, list):
            for item in value:
                strings(item)
        elif value is not None and not isinstance(value, bool):
            out.extend(words(str(value)))

    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.name == "tables.yaml" and isinstance(data, dict):
            for table in data.get("tables") or []:  # a row reads as its cells in order, as the page shows it
                for row in table.get("rows") or []:
                    strings(" ".join(str(v) for v in row.values() if v is not None) if isinstance(row, dict) else row)
                columns = [c for c in table.get("columns") or [] if isinstance(c, dict)]
                strings(" ".join(str(c.get("title", "")) for c in columns))  # the header row, in order
                strings({k: v for k, v in table.items() if k != "rows"})
            data = {k: v for k, v in data.items() if k != "tables"}
        if path.name == "catalog.yaml" and isinstance(data, dict):
            data = _catalog_rows(data, strings, _phase_names(folder))
        strings(data)
    for path in sorted(pages.glob("*.md")):
        out.extend(words(path.read_text(encoding="utf-8")))
    return out


def _phase_names(folder: Path) -> dict[str, str]:
    """Every phase's name by its id, nested ones too (a use's limit shows the name)."""
    path = folder / "phases.yaml"
    names: dict[str, str] = {}

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                names[value["id"]] = str(value.get("name", value["id"]))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None)
    return names


def _catalog_rows(data: dict, strings, phases: dict[str, str]) -> dict:
    """Each catalog item read as the catalog page's row shows it: name, '3 Food + 1 Gold', 'Requires Chapel',
    '1 per player', effect (a key order would put each resource before its amount), then each use's line
    ('Use: 1 Gold + 3 Ore → 1 Might, once per Harvest phase', its effect after), each kind's table led by its
    heading and column heads; the rest of the file."""
    resources = {r.get("id"): r.get("name", r.get("id")) for r in data.get("resources") or [] if isinstance(r, dict)}
    names = {i.get("id"): i.get("name", i.get("id")) for i in data.get("items") or [] if isinstance(i, dict)}
    shown = ("name", "cost", "requires", "limit", "effect", "uses")

    def amounts(cost) -> str:
        return " + ".join(f"{n} {resources.get(r, r)}" for r, n in cost.items()) if isinstance(cost, dict) else ""

    kinds = set()
    for item in data.get("items") or []:
        if not isinstance(item, dict):
            continue
        if item.get("kind") not in kinds:  # a kind's table: its heading, then the column heads
            kinds.add(item.get("kind"))
            strings(f"{item.get('kind') or ''} Name Cost Requires Limit Effect")
        cost = item.get("cost") if isinstance(item.get("cost"), dict) else {}
        needs = item.get("requires") or []
        needs = needs if isinstance(needs, list) else needs.get("any_of", []) + needs.get("all_of", [])
        row = [str(item.get("name", "")), *(f"{n} {resources.get(r, r)}" for r, n in cost.items()),
               *(["Requires", *(str(names.get(n, n)) for n in needs)] if needs else []),
               f"{item['limit']} per player" if item.get("limit") else "", str(item.get("effect") or "")]
        strings(" ".join(row))
        for use in item.get("uses") or []:
            limit = use.get("limit") or {}
            times = limit.get("times", 1)
            often = f", {TIMES.get(times, f'{times} times')} per {phases.get(limit.get('per'), limit.get('per'))} phase"
            strings(" ".join(["Use:", f"{use['name']}:" if use.get("name") else "", amounts(use.get("cost")),
                              f"→ {amounts(use['gives'])}" if use.get("gives") else "", often if limit else "",
                              str(use.get("effect") or "")]))
        strings({k: v for k, v in item.items() if k not in shown})
    return {k: v for k, v in data.items() if k != "items"}


@dataclass
class Finder:
    """Where a sentence's words are found in the output, each place used once per sentence text."""

    output: list[str]
    at: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self):
        for index, word in enumerate(self.output):
            self.at.setdefault(word, []).append(index)

    def _match(self, sentence: list[str], start: int, first: int) -> int | None:
        """The end of a match of ``sentence`` whose word ``first`` is at ``start``, or None."""
        missing, allowed, pos = first, max(1, len(sentence) // 5), start
        for word in sentence[first + 1:]:
            window = self.output[pos + 1:pos + 2 + GAP]
            if word in window:
                pos += 1 + window.index(word)
            else:
                missing += 1
                if missing > allowed:
                    return None
        return pos + 1

    def count(self, sentence: list[str]) -> int:
        """How many separate places in the output hold the sentence."""
        found, end = 0, -1
        for first in range(0, max(1, len(sentence) // 5) + 1):
            if first >= len(sentence):
                break
            starts = [s for s in self.at.get(sentence[first], []) if s > end]
            found_here, end_here = 0, -1
            for start in starts:
                if start <= end_here:
                    continue
                stop = self._match(sentence, start, first)
                if stop is not None:
                    found_here += 1
                    end_here = stop - 1
            found = max(found, found_here)
        return found


def _use_lines(output: list[str]) -> list[Counter]:
    """The words of each use's line ('Use: …', one value of the output)."""
    values = (list(value) for filled, value in groupby(output, bool) if filled)  # strings() ends a value with ''
    return [Counter(value) for value in values if value[0] == "use"]


def _in_a_use(sentence: list[str], uses: list[Counter]) -> bool:
    """Whether a use's line holds every word of the sentence but USE_WORDS (the line is then used up)."""
    wanted = Counter(word for word in sentence if word not in USE_WORDS)
    line = next((line for line in uses if wanted and not wanted - line), None)
    if line is not None:
        uses.remove(line)
    return line is not None


def lost(source: list[str], output: list[str]) -> list[tuple[str, int, int]]:
    """(sentence, times in the source, times in the output) for every sentence found fewer times than written."""
    wanted = Counter(" ".join(s) for text in source for s in sentences(text))
    finder = Finder(output)
    uses = _use_lines(output)
    missing = []
    for sentence, times in wanted.items():
        found = finder.count(sentence.split(" "))
        while found < times and _in_a_use(sentence.split(" "), uses):
            found += 1
        if found < times:
            missing.append((sentence, times, found))
    return missing
