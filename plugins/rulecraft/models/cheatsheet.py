"""The cheat sheet as a concept: what it shows (from game.yaml ``cheatsheet:``) and whether it fits.

* ``sheet_content(index)`` picks the phases, dice tables, catalog items, terms, icons, end/scoring
  steps and numbers the sheet shows. The renderer (``render/cheatsheet.py``) draws exactly this, and the
  checker (``checks/cheatsheet.py``) measures exactly this.
* ``estimate(content, index, size)`` predicts how full the printed page is: every unit (one phase,
  one dice table, one term...) becomes a height in lines, from its text length against the column
  width, and the units are packed in order into the columns of the smallest page both A4 and US
  Letter give (A4's width, Letter's height). A unit never splits, as in print (cheatsheet.css): a rules
  section is its title and text, then one unit a step.
* ``print_size`` picks the largest type size whose sheet stays comfortably under one page; sparse
  sheets print bigger. ``pdf_start`` picks where the PDF step's search for a full page starts.

The page constants mirror cheatsheet.css; they were tuned against the PDFs Chromium and WeasyPrint
print for the five games and an overfull fixture (tests/test_cheatsheet_print.py checks both).
"""

from __future__ import annotations

import datetime
import functools
import math
import os
import re
import stat
import subprocess
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..dice.forms import form_summary
from ..dice.modifiers import modifier_words
from ..dice.conditions import CONDITION_ORDER, has_conditions, row_words
from ..dice.grid_words import grid_sheet_lines
from ..dice.odds import row_ranges
from ..dice.number_result import number_totals, spread_parts, total_chances
from ..dice.sheet_odds import form_odds, has_form_odds, sheet_percent
from .cost_words import amount_parts, requirement_text, sheet_facts
from .sheet_dice import alike_heading, alike_line, alike_row_text, alike_rows, sheet_dice_units
from .sheet_priority import DROP_ORDER
from .index import GameIndex
from .numbering import TURN_START_NAME, NumberedPhase
from .records import ACTS, shown_number
from .textrefs import find_refs, plain_words

if TYPE_CHECKING:
    from . import Card, CatalogItem, Constant, DiceTable, Icon, ReferenceTable, Section, Step, Term

AUTO_TERMS = 12  # terms picked by mentions when the data chooses none


@dataclass
class SheetContent:
    """What one game's cheat sheet shows, block by block, in order."""

    blocks: list[str]
    phases: list[NumberedPhase] = field(default_factory=list)
    turn_start: str | None = None  # the start of each turn, one line (its summary, else its rules)
    tables: list[DiceTable] = field(default_factory=list)
    reference_tables: list[ReferenceTable] = field(default_factory=list)
    items: list[CatalogItem] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    icons: list[Icon] = field(default_factory=list)
    end: list[Step] = field(default_factory=list)
    scoring: list[Step] = field(default_factory=list)
    constants: list[tuple[str, Constant]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    odds: bool = False
    summaries: bool = True
    columns: int = 3
    variant: str | None = None  # the variant the sheet is for (None: the base game)


def most_mentioned_terms(index: GameIndex) -> list[Term]:
    """Terms by how often the rules mention them (a term's own entry does not count); ties keep glossary order."""
    counts = index.term_mentions()
    order = {t.id: i for i, t in enumerate(index.game.terms)}
    return sorted((t for t in index.game.terms if counts[t.id]), key=lambda t: (-counts[t.id], order[t.id]))


def key_terms(index: GameIndex) -> list[Term]:
    """The terms listed in ``cheatsheet.terms``; else those marked ``cheatsheet: true``; else the most
    mentioned ones (at most ``AUTO_TERMS``). ``max_terms`` caps any of these."""
    sheet = index.game.info.cheatsheet
    limit = sheet.max_terms
    chosen = [index.terms[t] for t in dict.fromkeys(sheet.terms) if t in index.terms]
    if not sheet.terms:
        chosen = [t for t in index.game.terms if t.cheatsheet]
    if not chosen and not sheet.terms:
        chosen = most_mentioned_terms(index)
        limit = AUTO_TERMS if limit is None else limit
    return chosen if limit is None else chosen[:limit]


def _pick(wanted: list[str], table: dict, everything: list) -> list:
    if not wanted:
        return list(everything)
    return [table[i] for i in dict.fromkeys(wanted) if i in table]


def sheet_content(index: GameIndex, variant: str | None = None) -> SheetContent:
    """What the sheet shows for one way to play: the base game (``variant`` None) or a variant; rules of
    other variants are left out."""
    info = index.game.info
    sheet = info.cheatsheet
    content = SheetContent(blocks=[], odds=sheet.odds, summaries=sheet.summaries, columns=sheet.columns,
                           variant=variant)
    for name in dict.fromkeys(sheet.include):
        if name == "turn":
            content.phases = index.turn_for(variant)  # a variant's own turn is numbered from 1
            content.turn_start = turn_start_line(index.game.turn_start)
            present = bool(content.phases)
        elif name == "dice":
            content.tables = [t for t in _pick(sheet.dice, index.tables, index.game.tables)
                              if index.plays_in(t, variant)]
            present = bool(content.tables)
        elif name == "tables":
            content.reference_tables = [t for t in _pick(sheet.tables, index.reference_tables,
                                                         index.game.reference_tables)
                                        if index.plays_in(t, variant)]
            present = bool(content.reference_tables)
        elif name == "catalog":
            content.items = [i for i in _pick(sheet.catalog, index.items, index.game.items)
                             if index.plays_in(i, variant)]
            present = bool(content.items)
        elif name == "cards":
            content.cards = [c for c in sheet_cards(index, sheet.cards) if index.plays_in(c, variant)]
            present = bool(content.cards)
        elif name == "terms":
            content.terms = key_terms(index)
            present = bool(content.terms)
        elif name == "icons":
            content.icons = _pick(sheet.icons, index.icons, index.game.icons)
            present = bool(content.icons)
        elif name == "end":
            content.end, content.scoring = [_steps_in(index, steps, variant)
                                            for steps in (info.end_of_game, info.scoring)]
            present = bool(content.end or content.scoring)
        elif name == "constants":
            ids = [c for c in dict.fromkeys(sheet.constants or list(info.constants)) if c in info.constants]
            content.constants = [(c, info.constants[c]) for c in ids]
            present = bool(content.constants)
        else:  # sections: chosen once every other block is, as they may be the ones the sheet names
            present = True
        if present:
            content.blocks.append(name)
    if "sections" in content.blocks:
        wanted = sheet.sections or named_sections(content)
        content.sections = [s for s in _pick(wanted, index.sections, []) if index.plays_in(s, variant)]
        if not content.sections:
            content.blocks.remove("sections")
    return content


def sheet_cards(index: GameIndex, wanted: list[str]) -> list[Card]:
    """The cards named, in order; a deck's id stands for all its cards (unknown ids: checks/cheatsheet.py)."""
    cards: dict[str, Card] = {}
    for target in wanted:
        if target in index.cards:
            cards.setdefault(target, index.cards[target][1])
        elif target in index.decks:
            for card in index.decks[target].cards:
                cards.setdefault(card.id, card)
    return list(cards.values())


def drop_order(config) -> list[str]:
    """The blocks whose entries the PDF step leaves out when the sheet overflows, first to last: the game's
    ``drop_order``, then the rest of the default one (``sheet_priority.DROP_ORDER``)."""
    return list(dict.fromkeys([*config.drop_order, *DROP_ORDER]))


def sheet_texts(content: SheetContent) -> list[str]:
    """Every text of the sheet's blocks (sections aside) that may hold a reference."""
    texts = [node.phase.summary for node in content.phases if content.summaries and node.phase.summary]
    for table in content.tables:
        texts += [row.result for row in table.rows] + [table.any_result or ""]
    for table in content.reference_tables:
        texts += [cell for row in table.rows for cell in row.values() if isinstance(cell, str)]
    for item in content.items:
        texts += [item.effect or "", item.cost_note or ""]
    texts += [card.text or "" for card in content.cards]
    texts += [term.short for term in content.terms] + [icon.meaning for icon in content.icons]
    texts += [t for step in content.end + content.scoring for t in _step_texts(step)]
    return texts


def _step_texts(step) -> list[str]:
    return [step.text, *(t for sub in step.steps for t in _step_texts(sub))]


def named_sections(content: SheetContent) -> list[str]:
    """The sections the sheet's own text names ({section:id}), in the order first named."""
    return list(dict.fromkeys(ref.target for text in sheet_texts(content) for ref in find_refs(text)
                              if ref.kind == "section" and ":" not in ref.target))  # not another game's


def turn_start_line(start) -> str | None:
    """The start of the turn as the sheet says it: its summary, else its rules, else its steps in a row."""
    if start is None:
        return None
    if start.summary:
        return start.summary
    if start.rules and start.rules.strip():
        return " ".join(start.rules.split())
    return " ".join(step.text.strip() for step in start.steps) or None


def _steps_in(index: GameIndex, steps: list, variant: str | None) -> list:
    """The steps played in ``variant``, nested steps too (a step with other-variant sub-steps is copied
    without them, so the renderer and the estimate share one selection)."""
    kept = []
    for step in steps:
        if not index.plays_in(step, variant):
            continue
        nested = _steps_in(index, step.steps, variant) if step.steps else step.steps
        same = len(nested) == len(step.steps) and all(a is b for a, b in zip(nested, step.steps))
        kept.append(step if same else step.model_copy(update={"steps": nested}))
    return kept


@dataclass(frozen=True)
class Fit:
    """How the printed sheet is set: type size (pt), columns and a spacing factor (1 = the CSS's own
    spacing). ``style``/``classes`` carry it into the page; the PDF step re-reads it from there."""

    size_pt: float
    columns: int
    spacing: float = 1.0

    @property
    def style(self) -> str:
        return f"--rc-fs: {self.size_pt:g}pt; --rc-space: {self.spacing:g}"

    @property
    def classes(self) -> str:
        return f"rc-columns-{self.columns}"


def data_date(game) -> datetime.date | None:
    """When the rules data last changed: the newest dated changelog entry, else the date of the last
    commit touching the game's folder (the same on every checkout of that commit), else the build's
    SOURCE_DATE_EPOCH (the reproducible-builds convention), else None: never the day of the build, which
    would make two builds of the same files differ."""
    dates = [entry.date for entry in (game.info.changelog if game.info else []) if entry.date]
    if dates:
        return max(dates)
    state = head_state(game.folder)
    if state and not _HEAD_RE.fullmatch(state.split("\0", 1)[0]):
        return _epoch_date()  # a repository whose HEAD git cannot read either: starting git would only wait or fail
    return _commit_date(str(game.folder), state) or _epoch_date()


def _epoch_date() -> datetime.date | None:
    """SOURCE_DATE_EPOCH as a date (UTC); None when unset, not a number, or 0 (the value the PDF step gives
    its children when the build sets none: not a date anyone chose)."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit() or int(value) == 0:
        return None
    try:
        return datetime.datetime.fromtimestamp(int(value), datetime.timezone.utc).date()
    except (OverflowError, OSError, ValueError):
        return None


def head_state(folder) -> str:
    """Text that changes whenever a commit is made, checked out or reset in the git repository holding
    ``folder`` (HEAD, the commit its branch points at, the packed refs), read from the git folder without
    starting git; "" outside a repository. ``_commit_date`` is kept per state, so `mkdocs serve` shows
    the new date after a commit, and the serve render cache re-renders a game's pages (render_cache)."""
    dirs = _git_dirs(Path(folder))
    if dirs is None:
        return ""
    git_dir, common_dir = dirs
    head = _read(git_dir / "HEAD")
    parts = [head]
    ref = head[4:].strip() if head.startswith("ref:") else ""
    if _REF_RE.fullmatch(ref):  # a branch: its own file (a loose ref), else it is in packed-refs
        parts.append(_read(git_dir / ref) or _read(common_dir / ref))
    for name in ("packed-refs", "reftable/tables.list"):
        try:
            stat = (common_dir / name).stat()
            parts.append(f"{stat.st_mtime_ns}:{stat.st_size}")
        except OSError:
            parts.append("")
    return "\0".join(parts)


def _git_dirs(folder: Path) -> tuple[Path, Path] | None:
    """(git folder, common git folder) of the repository holding ``folder``; a worktree's ``.git`` is a
    file naming its git folder, whose ``commondir`` names the repository's."""
    try:
        folder = folder.resolve()
    except OSError:
        return None
    for parent in (folder, *folder.parents):
        dot = parent / ".git"
        if dot.is_dir():
            git_dir = dot
        elif dot.is_file():
            text = _read(dot)
            if not text.startswith("gitdir:"):
                continue
            git_dir = parent / text[len("gitdir:"):].strip()
        else:
            continue
        common = _read(git_dir / "commondir")
        return git_dir, (git_dir / common) if common else git_dir
    return None


# A ref HEAD may name: inside the git folder ("refs/heads/main"), never "/etc/…" or "../…".
_REF_RE = re.compile(r"refs/(?:[^/\0\\.][^/\0\\]*/)*[^/\0\\.][^/\0\\]*")
# What a readable HEAD holds: a branch (a reftable repository's is "refs/heads/.invalid"), or a detached
# commit (SHA-1 or SHA-256).
_HEAD_RE = re.compile(r"ref: *refs/\S+|[0-9a-f]{40}|[0-9a-f]{64}")
_GIT_FILE_LIMIT = 4096  # HEAD, a ref, .git, commondir: one line each


def _read(path: Path) -> str:
    """A small git file's text, "" for anything else: the repository may be anyone's (an unpacked
    archive, a folder above the project), so a FIFO (which would block), a device such as /dev/zero
    (endless) or a huge file is not read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        data = os.read(fd, _GIT_FILE_LIMIT + 1)
    except OSError:
        return ""
    finally:
        os.close(fd)
    if len(data) > _GIT_FILE_LIMIT:
        return ""
    return data.decode("utf-8", "replace").strip()


@functools.lru_cache(maxsize=64)
def _commit_date(folder: str, _state: str = "") -> datetime.date | None:
    """The last commit's date, kept per folder and repository state (``head_state``)."""
    try:
        run = subprocess.run(["git", "log", "-1", "--format=%cs", "--", "."], cwd=folder, capture_output=True,
                             text=True, timeout=10)
        return datetime.date.fromisoformat(run.stdout.strip()) if run.returncode == 0 else None
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def constant_text(const: Constant, shown: str | None = None) -> str:
    """A constant's value with its unit ("1 credit", never "1 credits"); ``shown``: its value in one way to play
    (``GameIndex.constant_in``)."""
    return const.unit_text(const.shown if shown is None else shown)


# --- will it fit? ----------------------------------------------------------------------------------------

PT_PER_MM = 72 / 25.4
PAGE_WIDTH_MM = 210.0  # A4 is the narrower page...
PAGE_HEIGHT_MM = 279.4  # ...and US Letter the shorter one: a sheet that fits this fits both
MARGIN_MM = 10.0  # @page margin
HEADER_MM = 9.6  # title line, rule and gap (measured)
COLUMN_GAP_MM = 4.5
LINE_HEIGHT = 1.22  # times the font size
CHAR_EM = 0.47  # average advance of a character of rule text, in em (Liberation Sans / Arial)
BOLD_EM = 0.52
SIZES_PT = (9.0, 8.0, 7.0)  # print type sizes, largest first; the last is the smallest allowed
MAX_PT = 14.0  # the PDF step sets a short sheet's type up to this size, to fill its page
FILL_AIM = 0.96  # the share of Letter's printable height the PDF step aims to fill
MAX_COLUMNS = 4  # the PDF step sets a sheet in up to this many columns and ...
MIN_SPACING = 0.5  # ... this tight (--rc-space) before it leaves anything out
COMFORT = 0.72  # a bigger size is used only while the estimated fill stays under this
# Word wrapping leaves the end of each line partly empty: about the part of a word that did not fit.
WRAP_CHARS = 5.0
# Measured against the page WeasyPrint lays out on US Letter (benchmarks/cheatsheet_estimate.py, the five
# games at 7-9 pt, 3 and 4 columns, normal and tight spacing): estimate - measured is +0.002 on average,
# between -0.03 and +0.04. A sheet is "likely to overflow" only beyond that error.
TOLERANCE = 0.04


@dataclass
class FitEstimate:
    size_pt: float
    columns: int
    lines_per_column: float
    used: float  # lines, including what packing leaves empty at the foot of full columns
    blocks: dict[str, float]  # lines per block (content only)

    @property
    def fill(self) -> float:
        """Estimated share of US Letter's printable height used: above 1 means a second page."""
        return self.used / (self.columns * self.lines_per_column)

    @property
    def overflows(self) -> bool:
        """Over one page by more than the estimate's measured error."""
        return self.fill > 1.0 + TOLERANCE


def _plain(text: str | None, index: GameIndex) -> str:
    return plain_words(text, index.name_of)


class _Measure:
    """Heights in body lines for a column ``chars`` characters wide."""

    def __init__(self, chars: float):
        self.chars = chars

    def lines(self, length: float, indent: float = 0.0) -> int:
        width = max(self.chars - indent, 8.0)
        return max(1, math.ceil(length / max(width - WRAP_CHARS, 4.0)))


def _units(content: SheetContent, index: GameIndex, m: _Measure, spacing: float = 1.0) -> list[tuple[str, float, bool]]:
    """(block, height in lines, starts a block) for every unbreakable unit, in print order. ``spacing``
    scales the gaps between units and blocks, as the print CSS's ``--rc-space`` does."""
    units: list[tuple[str, float, bool]] = []
    heading = 1.55  # h2: bigger type, rule and gap under it
    sub_heading = 1.1 + 0.4 * spacing  # h3 with the space above it
    gap = 0.75 * spacing  # after each block
    unit_gap = 0.2 * spacing  # after each phase, term, number
    bold = BOLD_EM / CHAR_EM

    def add(block: str, height: float, first: bool = False) -> None:
        units.append((block, height, first))

    for name in content.blocks:
        if name == "turn":
            if content.turn_start:  # before phase 1: its name and its line
                add(name, m.lines(len(TURN_START_NAME) * bold + 2 + len(_plain(content.turn_start, index)), 4.4)
                    + unit_gap + heading, True)
            for i, node in enumerate(content.phases):
                phase = node.phase
                length = len(node.phase.name) * bold + (9 if phase.optional else 0) \
                    + (16 if phase.skip_first_round or phase.from_round else 0) \
                    + (len(ACTS[phase.acts]) + 2 if phase.acts else 0)
                if content.summaries and phase.summary:
                    length += 2 + len(_plain(phase.summary, index))
                indent = 4.4 * (1 + min(node.level, 2))
                first = i == 0 and not content.turn_start
                add(name, m.lines(length, indent) + unit_gap + (heading if first else 0), first)
        elif name == "dice":
            for i, tables in enumerate(sheet_dice_units(content.tables)):
                table = tables[0]
                if number_totals(table, index.dice.get(table.custom_die) if table.custom_die else None):
                    height = (sub_heading if i else 1.2) + m.lines(len(_dice_unit_title(tables)) * bold) - 1 \
                        + m.lines(len(_plain(_dice_unit_line(tables, index), index))) \
                        + sum(_alike_lines(tables, index, m, bold)) \
                        + m.lines(len(_plain(table.rows[0].result, index))) \
                        + m.lines((len(spread_label(table)) + 1) * bold + len(" · ".join(number_spread(table, index))))
                    if table.any_result:
                        height += m.lines(len("Any roll: ") + len(_plain(table.any_result, index)))
                    add(name, height + (heading if i == 0 else 0), i == 0)
                    continue
                if len(tables) > 1:  # alike tables: a heading, the shared line, a row each, then as one table
                    rows = _alike_lines(tables, index, m, bold)
                    height = (sub_heading if i else 1.2) + m.lines(len(_dice_unit_title(tables)) * bold) - 1 \
                        + m.lines(len(_plain(_dice_unit_line(tables, index), index))) + rows[0]
                    add(name, height + (heading if i == 0 else 0), i == 0)
                    for row in rows[1:]:  # the box breaks between its rows (cheatsheet.css)
                        add(name, row)
                    after = _row_lines(content, table, index, m, bold) if table.rows or table.any_result else 0.0
                    if content.odds and has_form_odds(table):
                        after += form_odds_lines(table, index, m.chars, bold)
                    if after:
                        add(name, after)
                    continue
                if table.columns is not None:  # one compact grid (dice/grid_words.py: its lines)
                    height = (sub_heading if i else 1.2) + m.lines(len(_meta_text(table, index))) \
                        + grid_sheet_lines(table, index.legends.get(table.legend) if table.legend else None,
                                           m.lines, lambda t: len(_plain(t, index)), bold)
                    add(name, height + (heading if i == 0 else 0), i == 0)
                    continue
                meta = len(table.title) * bold
                height = (sub_heading if i else 1.2) + m.lines(len(_meta_text(table, index)))
                height += _row_lines(content, table, index, m, bold)
                if content.odds and has_form_odds(table):
                    height += form_odds_lines(table, index, m.chars, bold)
                height += m.lines(meta) - 1
                add(name, height + (heading if i == 0 else 0), i == 0)
        elif name == "tables":
            for i, table in enumerate(content.reference_tables):
                add(name, _reference_table_lines(table, index, m, bold) + (sub_heading if i else 1.2)
                    + (heading if i == 0 else 0), i == 0)
        elif name == "catalog":
            kind = None
            for i, item in enumerate(content.items):
                # A kind's heading travels with its first item (render/cheatsheet.py).
                titled = item.kind is not None and (i == 0 or item.kind != kind)
                kind = item.kind
                # The cost line is short: when it fits the column it is one line, whatever wrapping
                # would waste (measured: counted like a term, it came out a line too many).
                length = len(catalog_line(item, index)) + _cost_icons(item, index) * 3 + len(item.name) * (bold - 1)
                height = (1 if length <= m.chars else m.lines(length)) + unit_gap
                if item.effect:
                    height += m.lines(len(_plain(item.effect, index)), 1.6)  # indented .8em
                if titled:
                    height += sub_heading if i else 1.2
                add(name, height + (heading if i == 0 else 0), i == 0)
        elif name == "cards":  # "Name (type): effect", a run of text like a term
            for i, card in enumerate(content.cards):
                length = len(card.name) * bold + (len(card.type) + 3 if card.type else 0) + 2 \
                    + len(_plain(card.text, index))
                add(name, m.lines(length) + unit_gap + (heading if i == 0 else 0), i == 0)
        elif name == "terms":
            for i, term in enumerate(content.terms):
                length = len(term.term) * bold + 2 + len(_plain(term.short, index))
                add(name, m.lines(length) + unit_gap + (heading if i == 0 else 0), i == 0)
        elif name == "icons":
            for i, icon in enumerate(content.icons):
                glyph = icon.glyph
                glyph_len = len(glyph.text) * bold + 1.5 if glyph.text else 2.5
                length = glyph_len + len(icon.label) * bold + 2 + len(_plain(icon.meaning, index))
                add(name, m.lines(length) + 0.1 + unit_gap + (heading if i == 0 else 0), i == 0)
        elif name == "end":
            first = True
            for steps in (content.end, content.scoring):
                for j, step in enumerate(steps):
                    height = m.lines(len(_plain(step.text, index)), 2.5) + 0.75 * unit_gap
                    if j == 0:
                        height += 1.2 if first else sub_heading
                    add(name, height + (heading if first else 0), first)
                    first = False
        elif name == "constants":
            for i, (_, const) in enumerate(content.constants):
                label = len(_plain(const.label, index)) or 10
                value = len(constant_text(const)) * bold + 1
                add(name, m.lines(label, value) + unit_gap + (heading if i == 0 else 0), i == 0)
        else:  # sections: a title and its text, then each step (a section breaks between its steps)
            for i, section in enumerate(content.sections):
                height = (sub_heading if i else 1.2) + unit_gap
                if section.text:
                    height += m.lines(len(_plain(section.text, index)))
                add(name, height + (heading if i == 0 else 0), i == 0)
                for step in section.steps:  # a step keeps its own steps with it (one list item)
                    add(name, _step_lines(step, index, m, 2.5) + 0.75 * unit_gap)
        units.append((name, gap, False))
    return units


def _step_lines(step, index: GameIndex, m: _Measure, indent: float) -> float:
    """A step's lines and its nested steps', each nesting indented as much again."""
    return m.lines(len(_plain(step.text, index)), indent) + sum(
        _step_lines(sub, index, m, indent + 2.5) + 0.1 for sub in step.steps)


def _row_lines(content: SheetContent, table: DiceTable, index: GameIndex, m: _Measure, bold: float) -> float:
    """A table's rows (and its 'Any' row) as the sheet sets them: the roll, the result, its chance."""
    ranges = row_ranges(table)  # None for face rows
    die = index.dice.get(table.custom_die) if table.custom_die else None
    faces = {f.id: f.label for f in die.faces} if die else {}
    labels = [r.label if r else row_words(row.on) if row.on is not None else faces.get(row.face, row.face or "")
              for row, r in zip(table.rows, ranges)]
    heads = list(table.headings)  # the table's own header row (render/cheatsheet.py), else none
    roll = min(max([len(x) for x in labels + heads[:1]] + [3]) * bold + 1, m.chars * 0.4)
    odds = 5 if content.odds else 0
    height = m.lines(len(heads[1]) * bold, roll + odds) + 0.16 if heads else 0.0
    for row in table.rows:
        height += m.lines(len(_plain(row.result, index)), roll + odds) + 0.16  # cell padding
    if table.any_result:
        height += m.lines(len(_plain(table.any_result, index)), roll + odds) + 0.16
    return height


def _dice_unit_title(tables: list[DiceTable]) -> str:
    return alike_heading(tables) if len(tables) > 1 else tables[0].title


def _dice_unit_line(tables: list[DiceTable], index: GameIndex) -> str:
    return alike_line(tables, index) if len(tables) > 1 else dice_line(tables[0], index)


def _alike_lines(tables: list[DiceTable], index: GameIndex, m: _Measure, bold: float) -> list[float]:
    """The heights of the rows of alike tables (render/cheatsheet.py _alike_rows), each a run of its title in
    bold and what differs; one height for the titles in one run when nothing else differs."""
    if len(tables) < 2:
        return [0.0]
    rows = alike_rows(tables)
    if not any(alike_row_text(row) for row in rows):
        return [m.lines(sum(len(row.table.title) * bold + 3 for row in rows))]
    return [m.lines(len(row.table.title) * bold + 1 + len(_plain(alike_row_text(row), index))) + 0.16
            for row in rows]  # cell padding


def spread_label(table: DiceTable) -> str:
    """The spread's label on the sheet: before modifiers, as the sheet's other chances are."""
    total = table.headings[0] if table.headings else "Total"  # the book's name for it, as its page has
    return f"{total} before modifiers:" if table.modifiers else f"{total}:"


def number_spread(table: DiceTable, index: GameIndex) -> list[str]:
    """The spread of a table whose result is the total, in parts: ['1–6 (17% each)'] (dice/number_result.py)."""
    die = index.dice.get(table.custom_die) if table.custom_die else None
    return spread_parts(total_chances(table, die), sheet_percent)


def _cell_text(value) -> str:
    return "" if value is None else shown_number(value) if isinstance(value, (int, float)) else value


def legend_line(legend, index: GameIndex) -> str:
    """A legend as the sheet prints it, in one run: 'AE attacker eliminated · DR defender retreats'."""
    shown = (legend.shown(entry) for entry in legend.codes)
    return " · ".join(f"{code} {_plain(meaning, index)}" for code, meaning in shown)


def sheet_columns(table: ReferenceTable) -> list:
    """The columns the cheat sheet prints (the row's name always)."""
    return [c for c in table.columns if c.sheet or c.id == table.key_column]


def sheet_legends(table: ReferenceTable, index: GameIndex) -> list:
    """The legends the printed columns use, in column order, each once."""
    ids = dict.fromkeys(c.legend for c in sheet_columns(table) if c.legend)
    return [index.legends[i] for i in ids if i in index.legends]


def _reference_table_lines(table: ReferenceTable, index: GameIndex, m: _Measure, bold: float) -> float:
    """A compact grid: a header row, then each row as tall as its longest cell in an equal share of the
    column's width (the printed grid sizes its columns by content: a fair average); the legend in one run
    under it."""
    columns = sheet_columns(table)
    cells = _Measure(m.chars / max(len(columns), 1))

    def row_lines(texts: list[str], weight: float = 1.0) -> float:
        return max(cells.lines(len(_plain(t, index)) * weight) for t in texts) + 0.16  # cell padding

    height = row_lines([c.title for c in columns], bold)
    for row in table.rows:
        height += row_lines([_cell_text(row.get(c.id)) or "—" for c in columns])
    for legend in sheet_legends(table, index):
        height += m.lines(len(legend.title) * bold + 1 + len(legend_line(legend, index)))
    return height


def form_odds_lines(table: DiceTable, index: GameIndex, chars: float, bold: float) -> float:
    """Lines of a roll form's odds grid (render/cheatsheet.py _form_odds): its header and one line a row,
    more where a cell wraps in its share of the column."""
    titles, rows = form_odds(table, index)
    if not rows:
        return 0.0
    share = chars / len(titles)
    cell = lambda text, weight=1.0: max(1, math.ceil(len(text) * weight / share))  # noqa: E731
    height = max(cell(t, bold) for t in titles) + 0.16
    for cells in rows:
        height += max(cell(c) for c in cells) + 0.16  # cell padding
    return height


def modifiers_line(table: DiceTable) -> str:
    """'+1 Chairman; +1 per Fatigue Cube (0–3)'."""
    parts = []
    for mod in table.modifiers:
        low, high = mod.count
        counts = "" if (low, high) == (0, 1) or mod.formula else f" ({low}–{high})"  # assumed limit: a note
        parts.append(modifier_words(mod) + counts)
    return "; ".join(parts)


def dice_line(table: DiceTable, index: GameIndex) -> str:
    """What to roll, in one line: '1d6 per ship; +1 Chairman; +1 per Fatigue Cube (0–3)'."""
    die = index.dice.get(table.custom_die) if table.custom_die else None
    line = (die.name if die else table.custom_die or table.dice or "") + (f" per {table.per}" if table.per else "")
    if table.form != "table":
        line += "; " + form_summary(table, {t.id: t.title for t in index.game.tables})
    if table.modifiers:
        line += "; " + modifiers_line(table)
    if has_conditions(table):
        line += "; " + CONDITION_ORDER
    return line


def cost_parts(item: CatalogItem, index: GameIndex) -> list[tuple[int, str, Icon | None]]:
    """(amount, resource name, its icon or None) of an item's cost, in the order written."""
    parts = []
    for resource_id, amount in item.costs.items():
        resource = index.resources.get(resource_id)
        icon = index.icons.get(resource.icon) if resource and resource.icon else None
        parts.append((*amount_parts(index, amount, resource.name if resource else resource_id), icon))
    return parts


def cost_words(item: CatalogItem, index: GameIndex) -> str:
    """'3 Food, 3 Gold', 'variable (1 mana per target)' or '' for an item without a cost."""
    cost = "variable" if item.variable_cost else ", ".join(f"{n} {name}" for n, name, _ in cost_parts(item, index))
    if item.cost_note:
        cost += (" " if cost else "") + f"({_plain(item.cost_note, index)})"
    return cost


def catalog_line(item: CatalogItem, index: GameIndex) -> str:
    """An item's line as the sheet prints it, in words: 'Chapel — 3 Food, 3 Gold, 1 Ore · needs Monastery ·
    max 3' (resource icons, shown before their names, are not in it; the effect is a line of its own). An
    item without a cost shows none: 'Blessing · max 1'."""
    cost = cost_words(item, index)
    line = f"{item.name} — {cost}" if cost else item.name
    if item.required:
        line += " · needs " + requirement_text(index, item)
    if item.limit:
        line += f" · max\u00a0{item.limit}"
    line += "".join(f" · {fact}" for fact in sheet_facts(index, item))
    return line


def _cost_icons(item: CatalogItem, index: GameIndex) -> int:
    return sum(1 for *_, icon in cost_parts(item, index) if icon is not None)


def _meta_text(table: DiceTable, index: GameIndex) -> str:
    return _plain(dice_line(table, index), index)


def estimate(content: SheetContent, index: GameIndex, size_pt: float | None = None,
             spacing: float = 1.0) -> FitEstimate:
    size_pt = size_pt or SIZES_PT[-1]
    cols = content.columns
    width_mm = (PAGE_WIDTH_MM - 2 * MARGIN_MM - (cols - 1) * COLUMN_GAP_MM) / cols
    chars = width_mm * PT_PER_MM / (size_pt * CHAR_EM)
    line_mm = size_pt * LINE_HEIGHT / PT_PER_MM
    per_column = (PAGE_HEIGHT_MM - 2 * MARGIN_MM - HEADER_MM - _errata_mm(index, size_pt, line_mm)) / line_mm
    m = _Measure(chars)
    column, used, blocks = 0, 0.0, Counter()
    for block, height, _ in _units(content, index, m, spacing):
        blocks[block] += height
        if used + height > per_column and used > 0 and height <= per_column:
            column, used = column + 1, 0.0  # the unit moves whole to the next column
        used += height
    total = column * per_column + used
    return FitEstimate(size_pt, cols, per_column, total, dict(blocks))


def _errata_mm(index: GameIndex, size_pt: float, line_mm: float) -> float:
    """The header's line naming the errata (render/sheet_errata.py), across the page: every erratum of the
    game counted, as if each marked a rule the sheet shows (more than it may be: the estimate errs small)."""
    errata = [e for e in index.game.faq_entries if e.kind == "erratum"]
    if not errata:
        return 0.0
    text = "Errata: " + "; ".join(f"†{i} {_plain(e.question, index)} ({e.issued})" for i, e in enumerate(errata, 1))
    text += " — the corrected rules are on the Errata and FAQ page."
    chars = (PAGE_WIDTH_MM - 2 * MARGIN_MM) * PT_PER_MM / (size_pt * CHAR_EM)
    return math.ceil(len(text) / chars) * line_mm


def tightest(content: SheetContent, index: GameIndex) -> FitEstimate:
    """The estimate of the PDF step's last resort before it leaves anything out: the smallest type, in
    the game's columns or more (up to ``MAX_COLUMNS``), with the tightest spacing; the emptiest of these."""
    tries = (estimate(replace(content, columns=cols), index, SIZES_PT[-1], MIN_SPACING)
             for cols in range(content.columns, max(content.columns, MAX_COLUMNS) + 1))
    return min(tries, key=lambda fit: fit.fill)


def pdf_start(content: SheetContent, index: GameIndex) -> Fit:
    """Where the PDF step's search starts (its first render): the largest type size, to 0.05 pt, whose
    estimated fill stays under ``FILL_AIM``. In the game's columns, or the fewest more that hold the
    smallest size where the estimate puts it over the page (not merely over the aim: the search never
    goes back to fewer columns, and a sheet estimated a little under a page fits in its own at the
    smallest size). Tighter spacing is left to the search, which tries it only once a render has
    overflowed. The estimate reads high above 9 pt (longer lines wrap with less waste than it counts),
    so this errs small: the first render fits on one page and tells the search how full the page is.
    Before, the search started from ``print_size`` (at most 9 pt), a render or two short of where the
    five games end (9.5-13.3 pt)."""
    smallest = SIZES_PT[-1]
    for columns in range(content.columns, max(content.columns, MAX_COLUMNS) + 1):
        sheet = replace(content, columns=columns)
        if estimate(sheet, index, smallest).fill <= 1.0:
            break
    else:
        return Fit(smallest, columns)
    low, high = round(smallest * 20), round(MAX_PT * 20)  # in 0.05 pt
    while low < high:  # the largest size under the aim (the fill grows with the size, in steps)
        middle = (low + high + 1) // 2
        if estimate(sheet, index, middle / 20).fill <= FILL_AIM:
            low = middle
        else:
            high = middle - 1
    return Fit(low / 20, columns)


def print_size(content: SheetContent, index: GameIndex) -> float:
    """The largest type size (pt) whose sheet stays comfortably inside one page; else the smallest."""
    for size in SIZES_PT[:-1]:
        if estimate(content, index, size).fill <= COMFORT:
            return size
    return SIZES_PT[-1]
