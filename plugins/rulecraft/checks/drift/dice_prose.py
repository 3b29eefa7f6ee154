"""Dice in prose the data does not back: "roll 2D6 and add your might" with no dice table the text links to.

A roll written in prose is a rule the checker cannot see (its odds, its coverage, its modifiers): the fix is
to link the table that holds it (``{dice:id}``), or to add one. A mention is backed when, nearby, the text
links a dice table: in the same paragraph of a page, or a page that shows a table (``/// dice | id``); in the
data, in any text of the same object (a phase's summary is backed by its rules), an object listing tables
(``dice: [...]``), or a dice table's own text. Open questions are left alone: they ask about the rules.
A mention beside a link is compared with the linked tables: "roll 2d6 on {dice:accident}" when the table
rolls 1d6 is a warning too (and a table's own text with the table's dice).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ...models.index import GameIndex
from ...problems import Problem, warning
from .dice_words import DiceMention, find_dice
from .scope import Owners, paragraph_span, paragraph_starts, refs_blanked
from .texts import Text

CODE = "drift-dice"
_DICE_LINK_RE = re.compile(r"(?<!\\)\{dice:([^{}|\n]+)(?:\|[^{}\n]*)?\}")
_DICE_BLOCK_RE = re.compile(r"^///[ \t]*dice[ \t]*\|", re.MULTILINE)
# Objects whose text is the dice table's own, or that ask about the rules rather than state them.
_TABLE_KINDS = frozenset({"DiceTable", "CustomDie"})  # a row, modifier or chart belongs to its table
_QUIET_KINDS = frozenset({"OpenQuestion"})


def check(index: GameIndex, texts: Iterable[Text]) -> Iterator[Problem]:
    game = index.game
    rolls = {t.id: _normal(t.dice) for t in index.tables.values() if t.dice}  # what each table rolls
    by_notation: dict[str, list[str]] = {}
    for table_id, notation in rolls.items():
        by_notation.setdefault(notation, []).append(table_id)
    texts = list(texts)
    codes = {c.code for legend in index.legends.values() for c in legend.codes}  # "D6" may be a result code
    found = [(text, mentions) for text in texts
             if (mentions := [d for d in find_dice(refs_blanked(text.text)) if d.text not in codes])]
    if not found:
        return
    owners = Owners(index)
    backed_scopes = _backed_scopes(texts, owners)
    for text, mentions in found:
        own: list[str] = []  # a dice table's own text is about that table
        backed = False
        if text.owner is not None:
            scope = owners.scope_of(text.owner)
            kind = type(scope).__name__
            if kind in _QUIET_KINDS:
                continue
            own = [scope.id] if kind == "DiceTable" else []
            backed = kind in _TABLE_KINDS or id(scope) in backed_scopes
        else:
            backed = _DICE_BLOCK_RE.search(text.text) is not None  # the page shows a dice table
        starts = paragraph_starts(text.text) if text.owner is None else [0]
        for mention in mentions:
            start, end = paragraph_span(starts, text.text, mention.start)
            linked = own + [m.group(1).strip() for m in _DICE_LINK_RE.finditer(text.text, start, end)]
            if linked:
                problem = _disagreeing(mention, linked, rolls)
                if problem:
                    yield warning(CODE, problem, text.at(mention.start, mention.text),
                                  "make the words and the table say the same dice", game.id, owners.subject(text))
                continue
            if backed:
                continue
            yield warning(CODE, f"'{mention.text}' in prose, but no dice table is linked here",
                          text.at(mention.start, mention.text), _hint(mention, by_notation, index), game.id,
                          owners.subject(text))


def _normal(dice: str) -> str:
    """A table's dice as a mention's ``notation`` reads: '1d6+1' -> '1d6', 'd6' -> '1d6', 'D66' -> 'd66'."""
    base = re.split(r"[+-]", dice.strip().lower(), maxsplit=1)[0]
    return "1" + base if base.startswith("d") and base != "d66" else base


def _count(notation: str) -> int:
    """How many dice a table's notation rolls (d66: two)."""
    return 2 if notation == "d66" else int(notation.split("d")[0] or 1)


def _disagreeing(mention: DiceMention, linked: list[str], rolls: dict[str, str]) -> str:
    """Why the mention's dice are none of the linked tables' ('' when they agree, or cannot be compared)."""
    known = [t for t in linked if t in rolls]
    if mention.notation:
        agree = any(rolls[t] == mention.notation for t in known)
    elif mention.count is not None:  # "two dice": compare the count only
        agree = any(_count(rolls[t]) == mention.count for t in known)
    else:
        return ""
    if not known or agree:
        return ""
    said = ", ".join(f"{{dice:{t}}} rolls {rolls[t]}" for t in known[:3])
    return f"'{mention.text}' here, but {said}"


def _backed_scopes(texts: list[Text], owners: Owners) -> set[int]:
    """The objects (by id) of which some text links a dice table, or which list tables (``dice: [...]``)."""
    backed: set[int] = set()
    for text in texts:
        if text.owner is None:
            continue
        scope = owners.scope_of(text.owner)
        if id(scope) in backed:
            continue
        listed = getattr(scope, "dice", None)
        if (isinstance(listed, list) and listed) or _DICE_LINK_RE.search(text.text):
            backed.add(id(scope))
    return backed


def _hint(mention: DiceMention, by_notation: dict[str, list[str]], index: GameIndex) -> str:
    notation = mention.notation
    same = by_notation.get(notation, []) if notation else []
    if not same and notation == "1d6":
        same = by_notation.get("d6", [])
    if same:
        links = ", ".join(f"{{dice:{t}}}" for t in same[:4])
        return f"link the table it means ({links}), so its odds and modifiers are checked"
    if index.tables and not notation:
        links = ", ".join(f"{{dice:{t}}}" for t in list(index.tables)[:6]) + (", ..." if len(index.tables) > 6 else "")
        return f"link the table it means ({links}), or add a dice table for this roll to dice.yaml"
    what = f"a {notation} table" if notation else "a dice table"
    return f"add {what} for this roll to dice.yaml and link it with {{dice:id}}"
