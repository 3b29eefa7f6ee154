"""A two-dimensional dice table's rules in words, shared by its page (render/dice_grid.py), the cheat sheet
and the sheet's size estimate: what picks the column, each column shift, the rules past the edges, and the
columns' headings as printed ('+2', '−1 or less')."""

from __future__ import annotations

import re

from .grid import ROUNDING_WORDS, Ratio, parse_heading
from .grid_odds import grid_ranges
from .modifiers import signed


def columns_word(n: int) -> str:
    return "one column" if abs(n) == 1 else f"{abs(n)} columns"


def shift_text(shift) -> str:
    """'one column left in a storm', '2 columns right per ambush'."""
    return f"{columns_word(shift.value)} {'left' if shift.value < 0 else 'right'} {shift.label}"


def count_text(mod) -> str:
    """' (up to 3)', ' (1–2)': whether a limit is an assumption is a designer note, not player text."""
    low, high = mod.count
    if (low, high) == (0, 1):
        return ""
    return f" (up to {high})" if low == 0 else f" ({low}–{high})"


def axis_words(table) -> str:
    """What picks the column: 'the odds, attack strength to defence strength, rounded in the defender's
    favour'."""
    columns = table.columns
    if columns.ratio:
        r = columns.ratio
        return f"the odds, {r.over.label} to {r.under.label}, {ROUNDING_WORDS[r.rounding]}"
    if columns.difference:
        d = columns.difference
        return f"{d.over.label} minus {d.under.label}"
    return columns.pick.label


def edge_words(table) -> list[str]:
    """The rules past the edges, one sentence each."""
    values = table.columns.values
    said = []
    beyond = table.columns.beyond
    if beyond == "clamp" or beyond is not None and beyond.low is None and beyond.high is None:
        said.append(f"Past either edge, use the edge's column ({values[0]} or {values[-1]}).")
    elif beyond is not None:
        left = f"Left of the {values[0]} column"
        right = f"right of the {values[-1]} column"
        low = f"the {values[0]} column" if beyond.low is None else beyond.low
        high = f"the {values[-1]} column" if beyond.high is None else beyond.high
        said.append(f"{left}: {low}; {right}: {high}.")
    rule = table.rolls_beyond
    if rule is not None:
        ranges = grid_ranges(table)
        lows = [r.low for r in ranges if r.low is not None]
        highs = [r.high for r in ranges if r.high is not None]
        parts = []
        if lows and None not in [r.low for r in ranges]:
            low = f"counts as {min(lows)}" if rule == "clamp" or rule.low is None else f"gives {rule.low}"
            parts.append(f"a modified roll under {min(lows)} {low}")
        if highs and None not in [r.high for r in ranges]:
            high = f"counts as {max(highs)}" if rule == "clamp" or rule.high is None else f"gives {rule.high}"
            parts.append(f"over {max(highs)} {high}")
        if parts:
            text = "; ".join(parts)
            said.append(text[0].upper() + text[1:] + ".")
    return said


def signed_or_zero(n: int) -> str:
    return signed(n) if n else "0"


def heading_text(table, value, short: bool = False) -> str:
    """A column's heading as printed; ``short`` (the cheat sheet's narrow grid): open ends as '≤−2', '≥+4'."""
    head = parse_heading(table.columns.axis, value)
    if isinstance(head, Ratio):
        return head.label
    if table.columns.axis == "difference":
        if head.low is None:
            return f"≤{signed_or_zero(head.high)}" if short else f"{signed_or_zero(head.high)} or less"
        if head.high is None:
            return f"≥{signed_or_zero(head.low)}" if short else f"{signed_or_zero(head.low)} or more"
        low, high = signed_or_zero(head.low), signed_or_zero(head.high)
        return low if head.low == head.high else f"{low} to {high}"
    if short:  # a picked column's open end, as the differences' ('6-1 or more': '≥6-1')
        text = re.sub(r"^(.*\S)\s+or\s+(?:more|higher|better)$", r"≥\1", str(value), flags=re.I)
        return re.sub(r"^(.*\S)\s+or\s+(?:less|lower|worse)$", r"≤\1", text, flags=re.I)
    return str(value)


def sheet_lines(table) -> list[str]:
    """The lines a cheat sheet prints over the grid: the column's axis, the shifts, the edges."""
    axis = axis_words(table)
    lines = ["Column: " + axis[0].upper() + axis[1:] + "."]
    if table.shifts:
        lines.append("Shifts: " + "; ".join(shift_text(s) + count_text(s) for s in table.shifts) + ".")
    return lines + edge_words(table)


def grid_sheet_lines(table, legend, lines, length, bold: float) -> float:
    """The printed grid's height in body lines (models/cheatsheet.py's estimate): its lines of words, a
    header row and a row per roll (codes never wrap), the legend in one run. ``lines(n)``: the lines n
    characters take in a column; ``length(text)``: a rule text's printed length."""
    height = sum(lines(len(text)) for text in sheet_lines(table))
    rows = len(table.columns.values) if sheet_turned(table) else len(table.grid)
    height += (1 + rows) * 1.16  # a line and the cell padding per printed row
    if legend is not None:
        run = len(legend.title) * bold + sum(len(c.code) * bold + 3 + length(c.meaning) for c in legend.codes)
        height += lines(run)
    return height


SHEET_COLUMNS = 8  # columns of codes a column of the sheet holds apart at its smallest print size (measured)


def sheet_turned(table) -> bool:
    """The cheat sheet prints a grid of more columns than that, and than rows, turned: columns down the side."""
    return len(table.columns.values) > max(SHEET_COLUMNS, len(table.grid))
