"""Catalog items from what the rules price: buildings, units, upgrades, spells (catalog.yaml).

An item is a name with a cost, in any container a section holds (:mod:`entries`): '**Chapel** — Cost: 2 Food +
1 Gold. Worth 1 crown.', '**Chapel** (2 Food, 1 Gold): …', a sub-heading over 'Cost: 3 food + 3 gold + 1 ore',
or a row of a table with a Cost column ('Building | Cost | Requires | Effect'). A section counts when two of its
entries or more name a cost, and most of them do. From each item's text the sentences that only state its
price, what it requires ('Requires: Chapel.', 'You must build a Chapel first.'), what it replaces ('Replaces
your Chapel.') or how many one player may have ('Max 1 per player.') become fields; every other sentence is
its effect, as written. A requirement naming no item of the catalog stays in the effect and is listed.

A cost inside the turn ('**Sail**: Costs 1 Wood', an action) is no item: it stays in the phase's text.
"""

from __future__ import annotations

import re

from .entries import Entry, describe, section_entries
from .outline import Section, Table
from .sections import heading_text
from .state import State
from .text import plain, slug

CATALOG_HEADING = re.compile(r"\b(?:buildings?|build|structures?|units?|recruit(?:s|ing)?|upgrades?|improvements?|"
                             r"market|shop|store|purchases?|buy(?:ing)?|spells?|technolog(?:y|ies)|tech|"
                             r"developments?|items?|equipment|costs?|price list)\b", re.I)
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# '3 Food', '1 victory point': an amount and a resource of one word, or two when the second is a unit
RESOURCE = r"[A-Za-z][\w'’-]*(?:\s+(?:points?|tokens?|cubes?|coins?|cards?|markers?|crystals?))?"
_AMOUNT_RE = re.compile(rf"(?P<n>\d{{1,4}})\s+(?P<res>{RESOURCE})")
JOIN = r"\s*(?:,|\+|&|\band\b|\bplus\b)\s*(?:\band\b\s*)?"
AMOUNTS = rf"\d{{1,4}}\s+{RESOURCE}(?:{JOIN}\d{{1,4}}\s+{RESOURCE})*"
# a sentence that is only the price: 'Cost: 3 food + 3 gold + 1 ore', 'Costs 2 Wood, 2 Gold', 'Price – 4 coins'
COST_SENTENCE = re.compile(rf"^(?:it\s+|the\s+)?(?:build(?:ing)?\s+)?(?:costs?|price)(?:\s+is)?\s*[:–—-]?\s*"
                           rf"(?P<amounts>{AMOUNTS})$", re.I)
# a name with its price in brackets: 'Chapel (2 Food, 1 Gold)'
NAME_COST = re.compile(rf"^(?P<name>.+?)\s*\((?:costs?:?\s*)?(?P<amounts>{AMOUNTS})\)$", re.I)
FREE_CELL = re.compile(r"^(?:[-–—]|free|none|nothing|0)?$", re.I)
ITEM_NAMES = r"(?P<names>[A-Z][\w'’ -]{0,40}?(?:\s*(?:,|\band\b|\bor\b)\s*(?:an?\s+|the\s+)?[A-Z][\w'’ -]{0,40}?)*)"
ARTICLE = r"(?:an?\s+|the\s+|your\s+)?"
REQUIRES_SENTENCES = (
    re.compile(rf"^(?:requires?|prerequisites?|needs?)\s*[:–—-]?\s*{ARTICLE}{ITEM_NAMES}$", re.I),
    re.compile(rf"^you\s+must\s+(?:first\s+)?(?:build|have|own|recruit|buy)\s+(?:an?\s+|the\s+)?{ITEM_NAMES}"
               r"(?:\s+first)?$", re.I),
)
REPLACES_SENTENCE = re.compile(rf"^(?:replaces|upgrades|upgrade of)\s+{ARTICLE}"
                               r"(?P<name>[A-Z][\w'’ -]{0,40}?)(?:\s*\(.*\))?$", re.I)
LIMIT_SENTENCE = re.compile(r"^(?:max(?:imum)?\.?|limit:?|at most|only)\s*[:–—-]?\s*(?P<n>\d{1,3}|one|two|three|four|"
                            r"five|six)(?:\s+per\s+player|\s+each)?$", re.I)
SENTENCE_END = re.compile(r"(?<=[.;!?])\s+|\n+")
# a table's column, by its header
COST_COLUMN = re.compile(r"^(?:build\s+)?(?:costs?|price)\b", re.I)
REQUIRES_COLUMN = re.compile(r"^(?:requires?|requirements?|prerequisites?|needs)\b", re.I)
LIMIT_COLUMN = re.compile(r"^(?:limit|max(?:imum)?)\b", re.I)
KIND_COLUMN = re.compile(r"^(?:type|kind|category)$", re.I)


def _singular(word: str) -> str:
    if re.search(r"[^aeiou]ies$", word):
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


# what a move or an action spends is no resource an item is bought with ('Forest: costs 2 movement points')
NOT_RESOURCE = re.compile(r"^(?:movement|moves?|mp|actions?|ap|spaces?|hexe?s?|steps?|turns?|rounds?|times?|"
                          r"minutes?|seconds?)\b", re.I)


def _priced(amounts: str | None) -> bool:
    return bool(amounts) and not any(NOT_RESOURCE.match(words) for words, _ in _amounts(amounts))


def _amounts(text: str) -> list[tuple[str, int]]:
    """[(resource words, amount)] of an amounts list ('3 food + 3 gold + 1 ore')."""
    return [(m.group("res"), int(m.group("n"))) for m in _AMOUNT_RE.finditer(text)]


def _sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text.strip()) if s.strip()]


def _bare(sentence: str) -> str:
    """A sentence as the field patterns read it: no emphasis, no closing stop, no leading bullet."""
    return re.sub(r"[.;!?]+$", "", plain(sentence)).strip()


class Catalog:
    """The items, resources and questions of one rulebook's catalog, built section by section."""

    def __init__(self, state: State):
        self.state = state
        self.items: list[dict] = []
        self.resources: dict[str, dict] = {}  # id -> {id, name}
        self.forms_written: dict[str, int] = {}  # resource words as written -> times (the name is the usual one)
        self.pending: list[tuple[dict, str, list[str], int]] = []  # (item, field, names, line): resolved at the end
        self.taken: list[tuple[Section, object, str | None]] = []  # (section, its first block taken, its kind)

    def take(self, section: Section, blocks: list, sections: list[Section], kind: str | None) -> None:
        """The items' blocks become the data (the block showing them is chosen once every kind is known)."""
        for block in blocks:
            self.state.claim(block, "")
            self.state.priced.add(id(block))
        for child in sections:
            self.state.folded.add(id(child))
        self.taken.append((section, blocks[0], kind))

    def show(self) -> None:
        """Each section's items where they stood, as ``/// catalog-kind | Building``, when the items come in
        kinds; else the whole catalog in one ``/// catalog`` block at the first items' place, and a later
        section left with nothing but its heading loses the heading too."""
        kinds = [kind for _, _, kind in self.taken]
        if len(set(kinds)) > 1 and None not in kinds:
            for _, block, kind in self.taken:
                self.state.claim(block, f"/// catalog-kind | {kind}\n///")
            return
        if len(set(kinds)) == 1:
            for item in self.items:  # one kind: the page's heading over the list names it, no group heading
                item.pop("kind", None)
        self.state.claim(self.taken[0][1], "/// catalog\n///")
        for section, _, _ in self.taken[1:]:
            if not section.children and all(self.state.claims.get(id(b)) == "" for b in section.blocks):
                self.state.folded.add(id(section))

    def cost(self, amounts: list[tuple[str, int]]) -> dict[str, int]:
        cost: dict[str, int] = {}
        for words, amount in amounts:
            resource_id = slug(" ".join(_singular(w) for w in words.lower().split()), "resource")
            self.resources.setdefault(resource_id, {"id": resource_id, "name": ""})
            written = words[:1].upper() + words[1:]
            self.forms_written[written] = self.forms_written.get(written, 0) + 1
            cost[resource_id] = cost.get(resource_id, 0) + amount
        return cost

    def item(self, name: str, kind: str | None, line: int) -> dict:
        item = {"id": self.state.ids["item"](name, "item"), "name": name[:120]}
        if kind:
            item["kind"] = kind
        self.items.append(item)
        return item

    def read_text(self, item: dict, text: str, line: int) -> None:
        """The item's sentences: price, requirement, replacement and limit become fields, the rest its effect."""
        effect = []
        for sentence in _sentences(text):
            bare = _bare(sentence)
            cost = COST_SENTENCE.match(bare)
            if cost and "cost" not in item and _priced(cost.group("amounts")):
                item["cost"] = self.cost(_amounts(cost.group("amounts")))
                continue
            if self._field(item, bare, line):
                continue
            effect.append(sentence.strip())
        if effect:
            item["effect"] = " ".join(effect)

    def _field(self, item: dict, bare: str, line: int) -> bool:
        for pattern in REQUIRES_SENTENCES:
            match = pattern.match(bare)
            if match and "requires" not in item:
                self.pending.append((item, "requires", _names(match.group("names")), line))
                item["requires"] = bare  # a placeholder until every item is known (resolve)
                return True
        match = REPLACES_SENTENCE.match(bare)
        if match and "replaces" not in item:
            self.pending.append((item, "replaces", [match.group("name")], line))
            item["replaces"] = bare
            return True
        match = LIMIT_SENTENCE.match(bare)
        if match and "limit" not in item:
            value = match.group("n").lower()
            item["limit"] = NUMBER_WORDS.get(value) or int(value)
            return True
        return False

    def resolve(self) -> None:
        """Requirements and replacements as item ids; one naming no item goes back into the effect, listed."""
        by_name = {_key(item["name"]): item["id"] for item in self.items}
        for item, kind, names, line in self.pending:
            sentence = item.pop(kind)
            ids = [by_name.get(_key(name)) for name in names]
            if names and all(ids) and item["id"] not in ids:
                if kind == "replaces":
                    item["replaces"] = ids[0]
                elif " or " in sentence.lower() and len(ids) > 1:
                    item["requires"] = {"any_of": ids}
                else:
                    item["requires"] = ids
                continue
            item["effect"] = f"{sentence}. {item['effect']}" if item.get("effect") else f"{sentence}."
            self.state.ask("catalog", f"'{item['name']}': '{sentence}' names no item of the catalog: kept in its "
                           "effect; write requires: or replaces: with the item's id if it is one", line)
        for resource in self.resources.values():
            forms = {w: n for w, n in self.forms_written.items()
                     if slug(" ".join(_singular(x) for x in w.lower().split()), "") == resource["id"]}
            resource["name"] = max(forms, key=lambda w: (forms[w], -len(w)))[:120] if forms else resource["id"]


def _names(text: str) -> list[str]:
    parts = re.split(r"\s*(?:,|\band\b|\bor\b)\s*", text)
    return [re.sub(r"^(?:an?|the|your)\s+", "", p.strip(), flags=re.I) for p in parts if p.strip()]


def _key(name: str) -> str:
    return " ".join(_singular(w) for w in plain(name).lower().split())


def _kind(section: Section) -> str | None:
    """'Buildings' -> 'Building': the heading of a section of items (the page groups the items by it when the
    catalog has more than one)."""
    title = heading_text(section.title or "").strip()
    return (_singular(title) if len(title.split()) <= 3 else title)[:60] or None


def _enough(costed: int, entries: int, section: Section) -> bool:
    """Two priced entries or more, and most of them: half under a heading that names things bought
    ('Buildings', 'Spells'), four in five under any other."""
    share = 5 if CATALOG_HEADING.search(plain(section.title or "")) else 8
    return costed >= 2 and costed * 10 >= entries * share


def _entry_cost(entry: Entry) -> tuple[str, str | None, bool]:
    """(name, amounts text, whether they were in the name's brackets) of an entry: its price taken from its
    name's brackets ('Forge (2 Gold, 1 Ore)') or from a sentence of its own ('Cost: 2 Gold.')."""
    bracket = NAME_COST.match(plain(entry.name)) or NAME_COST.match(f"{plain(entry.name)} ({plain(entry.paren)})")
    if bracket:
        return bracket.group("name").strip(), bracket.group("amounts"), True
    for sentence in _sentences(entry.body):
        cost = COST_SENTENCE.match(_bare(sentence))
        if cost:
            return entry.name, cost.group("amounts"), False
    return entry.name, None, False


def _priced_entries(state: State, section: Section):
    """The section's entries with their prices, when enough of them have one (see _enough); else None."""
    form = section_entries(state, section, "catalog")
    if form is None or form.kind == "table":
        return None
    priced = [(entry, *_entry_cost(entry)) for entry in form.entries]
    costed = sum(1 for _, _, amounts, _ in priced if _priced(amounts))
    return (form, priced, costed) if _enough(costed, len(priced), section) else None


def priced_section(state: State, section: Section) -> bool:
    """Whether the section's entries are things bought ('Brass Mount (3 coins): …'): no turn, whatever its
    place (turn_sections)."""
    return _priced_entries(state, section) is not None


def _entries_catalog(catalog: Catalog, section: Section) -> bool:
    found = _priced_entries(catalog.state, section)
    if found is None:
        return False
    form, priced, costed = found
    kind = _kind(section)
    for entry, name, amounts, in_name in priced:
        item = catalog.item(name, kind, entry.line)
        body = entry.body
        if in_name:
            item["cost"] = catalog.cost(_amounts(amounts))
        elif entry.paren:
            body = f"({entry.paren}) {body}"  # '(once per game)': the bracket after the name stays its text
        catalog.read_text(item, body, entry.line)
        if entry.steps:
            extra = " ".join(step.text for step in entry.steps)
            item["effect"] = f"{item['effect']} {extra}" if item.get("effect") else extra
    catalog.take(section, form.blocks, form.sections, kind)
    catalog.state.note("catalog", f"'{plain(section.title or '') or 'the introduction'}': {len(priced)} item(s) "
                       f"from {describe(form)}, {costed} with a cost", form.blocks[0].line)
    return True


def _stopped(text: str) -> str:
    return text if re.search(r"[.!?;:)]$", text) else text + "."


def _column(header: list[str], pattern: re.Pattern) -> int | None:
    return next((i for i, cell in enumerate(header) if i and pattern.match(plain(cell).strip())), None)


def _table_catalog(catalog: Catalog, section: Section, table: Table) -> bool:
    if len(table.rows) < 3:
        return False
    header = table.rows[0]
    cost_at = _column(header, COST_COLUMN)
    if cost_at is None:
        return False
    rows = [row for row in table.rows[1:] if any(c.strip() for c in row)]
    parsed = [re.fullmatch(AMOUNTS, plain(row[cost_at]).strip(), re.I) if len(row) > cost_at else None for row in rows]
    parsed = [p if p and _priced(p.group(0)) else None for p in parsed]
    if not _enough(sum(1 for p in parsed if p), len(rows), section):
        return False
    columns = {"requires": _column(header, REQUIRES_COLUMN), "limit": _column(header, LIMIT_COLUMN),
               "kind": _column(header, KIND_COLUMN)}
    others = [i for i in range(1, len(header)) if i != cost_at and i not in columns.values()]
    for row, amounts in zip(rows, parsed):
        cells = [plain(c).strip() for c in row] + [""] * (len(header) - len(row))
        kind = cells[columns["kind"]] if columns["kind"] is not None else _kind(section)
        item = catalog.item(cells[0], kind or None, table.line)
        if amounts:
            item["cost"] = catalog.cost(_amounts(amounts.group(0)))
        elif not FREE_CELL.match(cells[cost_at]):
            item["cost"], item["cost_note"] = "variable", cells[cost_at]
            catalog.state.ask("catalog", f"'{cells[0]}': its cost '{cells[cost_at]}' is not amounts of resources: "
                              "kept as its cost note (cost: variable); write the amounts if they are fixed",
                              table.line)
        fields = [f"Requires {cells[columns['requires']]}" if columns["requires"] is not None
                  and not FREE_CELL.match(cells[columns["requires"]]) else "",
                  f"Max {cells[columns['limit']]}" if columns["limit"] is not None
                  and not FREE_CELL.match(cells[columns["limit"]]) else ""]
        text = [f"{f}." for f in fields if f]  # as the sentences of a list item say them
        text += [_stopped(f"**{plain(header[i])}:** {row[i].strip()}" if len(others) > 1 else row[i].strip())
                 for i in others if i < len(row) and row[i].strip()]
        catalog.read_text(item, " ".join(text), table.line)
    catalog.take(section, [table], [], _kind(section) if columns["kind"] is None else None)  # typed: by its kinds
    catalog.state.note("catalog", f"'{plain(section.title or '') or 'the introduction'}': {len(rows)} item(s) "
                       "from a table with a cost column", table.line)
    return True


def recognise(state: State) -> None:
    catalog = Catalog(state)
    for section in state.sections():
        if state.phase_of(section) is not None or section is state.turn_section:
            continue  # a price inside the turn is an action's, not an item's
        before = len(catalog.items)
        tables = [b for b in section.blocks if isinstance(b, Table) and not state.claimed(b)]
        for table in tables:
            _table_catalog(catalog, section, table)
        if len(catalog.items) == before:
            _entries_catalog(catalog, section)
    if not catalog.items:
        return
    catalog.resolve()
    catalog.show()
    state.catalog = {"resources": list(catalog.resources.values()), "items": catalog.items}
    state.note("catalog", f"{len(catalog.items)} item(s) priced in {len(catalog.resources)} resource(s): "
               "catalog.yaml")
