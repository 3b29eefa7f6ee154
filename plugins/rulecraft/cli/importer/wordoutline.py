"""A Word rulebook written as one multi-level list (1 / 1.1 / 1.1.1): the outline a playtest draft often is.

Word draws a list's numbers from its numbering definitions, so they are not in the text. :func:`_numbered`
works them out as Word shows them (word/numbering.xml: each level's start, format
and pattern such as ``%1.%2``; counters shared by the lists of one definition, restarted by an override), and
:func:`rewrite_outline` rewrites such a list in word/document.xml before pandoc reads it: its level-1 items,
short title-like lines, become headings ("4 Setup"), a level-2 item that is a title over items of its own a
sub-heading ("5.2 Load Phase"), and every other item a paragraph led by its number ("4.1 Lay out the board …"), as living rules type
their case numbers — so the number the reader saw stays in the text and sections, steps and terms read as
they do in such rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree import ElementTree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MIN_SECTIONS = 3  # level-1 items before a list counts as the document's outline
TITLE_WORDS = 6


@dataclass
class Numbered:
    text: str  # the paragraph's text, spaces folded
    label: str | None  # the number Word shows ("4.1"); None for a bullet
    level: int
    definition: str  # the abstract numbering definition: the lists that count together


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out += letters
            n -= value
    return out


def _letters(n: int) -> str:
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)  # Word: a … z, aa … zz


def _format(n: int, kind: str) -> str | None:
    return {"decimal": str(n), "decimalZero": f"{n:02d}", "lowerLetter": _letters(n),
            "upperLetter": _letters(n).upper(), "lowerRoman": _roman(n), "upperRoman": _roman(n).upper()}.get(kind)


def fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _val(node, tag: str, default: str = "") -> str:
    child = node.find(f"{W}{tag}")
    return child.get(f"{W}val", default) if child is not None else default


def _definitions(xml: bytes) -> tuple[dict[str, str], dict[str, dict[int, tuple[int, str, str]]], dict]:
    """numId -> abstract id; abstract id -> level -> (start, format, pattern); numId -> level -> start override."""
    root = ElementTree.fromstring(xml)
    levels: dict[str, dict[int, tuple[int, str, str]]] = {}
    for abstract in root.iter(f"{W}abstractNum"):
        found = levels.setdefault(abstract.get(f"{W}abstractNumId", ""), {})
        for lvl in abstract.iter(f"{W}lvl"):
            start = _val(lvl, "start", "1")
            found[int(lvl.get(f"{W}ilvl", "0"))] = (int(start) if start.isdigit() else 1,
                                                      _val(lvl, "numFmt", "decimal"), _val(lvl, "lvlText"))
    nums: dict[str, str] = {}
    overrides: dict[str, dict[int, int]] = {}
    for num in root.iter(f"{W}num"):
        key = num.get(f"{W}numId", "")
        abstract = num.find(f"{W}abstractNumId")
        nums[key] = abstract.get(f"{W}val", "") if abstract is not None else ""
        for override in num.iter(f"{W}lvlOverride"):
            start = override.find(f"{W}startOverride")
            if start is not None and start.get(f"{W}val", "").isdigit():
                overrides.setdefault(key, {})[int(override.get(f"{W}ilvl", "0"))] = int(start.get(f"{W}val"))
    return nums, levels, overrides


def _numbered(node, nums, levels, overrides, counters, restarted) -> Numbered | None:
    props = node.find(f"{W}pPr/{W}numPr")
    if props is None:
        return None
    num_id = props.find(f"{W}numId")
    ilvl = props.find(f"{W}ilvl")
    key = num_id.get(f"{W}val", "") if num_id is not None else ""
    level = int(ilvl.get(f"{W}val", "0")) if ilvl is not None and ilvl.get(f"{W}val", "").isdigit() else 0
    definition = nums.get(key)
    if not definition or key == "0":  # numId 0: numbering switched off
        return None
    defined = levels.get(definition, {})
    count = counters.setdefault(definition, {})
    if key in overrides and key not in restarted:  # a list restarted by its own start value
        restarted.add(key)
        count.clear()
    start = {n: overrides.get(key, {}).get(n, defined.get(n, (1, "", ""))[0]) for n in range(level + 1)}
    count[level] = count[level] + 1 if level in count else start[level]
    for deeper in [n for n in count if n > level]:
        del count[deeper]
    _, kind, pattern = defined.get(level, (1, "decimal", f"%{level + 1}."))

    def number(found: re.Match) -> str:
        n = int(found.group(1)) - 1
        return _format(count.get(n, start.get(n, 1)), defined.get(n, (1, "decimal", ""))[1]) or ""

    label = re.sub(r"%([1-9])", number, pattern).strip() if _format(1, kind) else None
    text = "".join(t.text or "" if t.tag == f"{W}t" else "\t" for t in node.iter() if t.tag in (f"{W}t", f"{W}tab"))
    return Numbered(fold(text), label or None, level, definition)


def _title_like(text: str) -> bool:
    return 0 < len(text.split()) <= TITLE_WORDS and len(text) <= 60 and not re.search(r"[.,;:!?]$", text)


def _counts_on(items: list[Numbered]) -> bool:
    """Every level-2 item's number goes on from its section's ('4' then '4.1', '4.2')."""
    section = ""
    for item in items:
        if item.level == 0:
            section = (item.label or "").rstrip(".")
        elif item.level == 1 and not (item.label or "").startswith(section + "."):
            return False
    return True


def outlines(numbered: list[Numbered]) -> set[str]:
    """The numbering definitions used as the document's outline: three or more level-1 items, all of them short
    title-like lines, most followed by deeper items of their own, numbered as an outline is (a level-2 item's
    number goes on from its section's: '4' then '4.1'; a nested list counting 'a.' or '1.' again under a
    short item is a list)."""
    out = set()
    for definition in {n.definition for n in numbered}:
        items = [n for n in numbered if n.definition == definition]
        tops = [k for k, n in enumerate(items) if n.level == 0]
        if len(tops) < MIN_SECTIONS or any(items[k].label is None or not _title_like(items[k].text) for k in tops):
            continue
        if not _counts_on(items):
            continue
        led = sum(1 for k in tops if k + 1 < len(items) and items[k + 1].level > 0)
        if led * 3 >= len(tops) * 2:
            out.add(definition)
    return out


def rewrite_outline(paragraphs: list, numbering: bytes | None) -> set[int]:
    """The outline list's items rewritten in place (see the module's docstring): a heading style on sections,
    the number Word shows typed at each item's start; the heading levels used. A section is a heading of level
    1, or 2 under a Title. ``paragraphs`` are :class:`docx_reader.Par`, in order."""
    from .docx_reader import HEADING_STYLE, W as NS, Run, _run_nodes

    if not numbering:
        return set()
    nums, levels, overrides = _definitions(numbering)
    counters: dict[str, dict[int, int]] = {}
    restarted: set[str] = set()
    numbered = [(par, found) for par in paragraphs
                for found in [_numbered(par.node, nums, levels, overrides, counters, restarted)] if found]
    chosen = outlines([n for _, n in numbered])
    items = [(par, n) for par, n in numbered if n.definition in chosen]
    base = 2 if any(p.style == "title" for p in paragraphs) else 1
    used: set[int] = set()
    for k, (par, item) in enumerate(items):
        following = items[k + 1][1] if k + 1 < len(items) else None
        props = par.node.find(f"{NS}pPr")
        for tag in ("numPr", "pStyle"):
            found = props.find(f"{NS}{tag}")
            if found is not None:
                props.remove(found)
        if item.label:
            lead = ElementTree.Element(f"{NS}r")
            ElementTree.SubElement(lead, f"{NS}t").text = f"{item.label} "
            lead.find(f"{NS}t").set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            par.node.insert(list(par.node).index(props) + 1, lead)
        sub = item.level == 1 and _title_like(item.text) and following is not None and following.level > 1
        par.numbered, par.style, par.style_id = False, "normal", ""
        par.runs = [Run(r) for r in _run_nodes(par.node)]
        par.text = "".join(r.text for r in par.runs)
        if item.level == 0 or sub:
            par.set_style(HEADING_STYLE.format(base + item.level))
            used.add(base + item.level)
    return used
