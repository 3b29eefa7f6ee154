"""Cards from card lists: '**Name (Rank)**: effect' or '**Name** (Type): effect'.

A list counts when it sits under a heading about cards or decks, or when most items carry a
type in parentheses. Each list becomes a deck; quantities are not in such lists, so no card
gets a qty (none is made up) and the deck gets a todo.
"""

from __future__ import annotations

import re

from .state import State
from .text import plain

CARDS_HEADING = re.compile(r"\b(cards?|decks?)\b", re.I)
CARD_RE = re.compile(r"^\s*\*\*(?P<name>[^*]+?)\*\*\s*(?:\((?P<type2>[^()]{1,40})\))?\s*:\s*(?P<text>.+)$", re.S)
RESULT_CODE = re.compile(r"^[A-Z][A-Z0-9#*+]{0,3}$")  # 'AE', 'DR', 'K#': a table's result code
INNER_TYPE = re.compile(r"^(?P<name>.+?)\s*\((?P<type>[^()]{1,40})\)\s*:?$")


def parse_card(text: str) -> dict | None:
    match = CARD_RE.match(text)
    if not match:
        return None
    name = plain(match.group("name")).strip().rstrip(":")
    card_type = match.group("type2")
    inner = INNER_TYPE.match(name)
    if inner:
        name, card_type = inner.group("name").strip(), inner.group("type")
    if not name or len(name) > 80:
        return None
    card = {"name": name}  # no qty: the source gives no count, and none is made up
    if card_type:
        card["type"] = card_type.strip()
    card["text"] = match.group("text").strip()
    return card


def recognise(state: State) -> None:
    for section, _, block in list(state.lists()):
        parsed = [(item, parse_card(item.text)) for item in block.items]
        cards = [(item, card) for item, card in parsed if card]
        if len(cards) < 2 or len(cards) * 10 < len(block.items) * 8:
            continue
        typed = sum(1 for _, card in cards if "type" in card)
        if not (CARDS_HEADING.search(plain(section.title)) or typed * 2 > len(cards)):
            continue
        if not CARDS_HEADING.search(plain(section.title)) and all(RESULT_CODE.match(c["name"]) for _, c in cards):
            continue  # '**AE** (Attacker Eliminated): …': a results key's codes (charts.py), no cards
        title = plain(section.title) or "Cards"
        deck = {"id": state.ids["deck"](title, "deck"), "name": title[:120], "cards": [],
                "todo": "The source lists each card once and gives no quantities: no card has a qty; "
                        "add each card's qty if another source gives it (and link the deck to its component)."}
        for _item, card in cards:
            deck["cards"].append({"id": state.ids["card"](card["name"], "card"), **card})
        state.decks.append(deck)
        state.claim(block, f"/// deck | {deck['id']}\n///")
        state.note("cards", f"deck '{title}': {len(cards)} card(s)" + (f", typed ({typed})" if typed else ""),
                   block.line)
        state.ask("cards", f"Deck '{title}': quantities are not in the source (no qty written)", block.line)
