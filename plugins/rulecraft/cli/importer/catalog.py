"""Catalog items from what the rules price: buildings, units, upgrades, spells (catalog.yaml).

An item is a name with a cost, in any container a section holds (:mod:`entries`): '**Chapel** — Cost: 2 Food +
1 Gold. Worth 1 crown.', '**Chapel** (2 Food, 1 Gold): …', a sub-heading over 'Cost: 3 food + 3 gold + 1 ore',
or a row of a table with a Cost column ('Building | Cost | Requires | Effect'). A section counts when two of its
entries or more name a cost, and most of them do; a section's priced table and priced list are both read, an
item named in both kept once. From each item's text the sentences that only state its price, what it requires
('Requires: Chapel.', 'You must build a Chapel first.'), what it replaces ('Replaces your Chapel.'), how many
one player may have ('Max 1 per player.') or one use of it ('Once per Harvest phase, pay 1 Gold to gain 1
Ore.') become fields; every other sentence is its effect, as written. A requirement naming no one item of the
catalog stays in the effect where it stood and is listed; so does a price the amounts pattern cannot read
('Cost: 3 gold or 2 gems'), and a use whose limit counts in no phase of the import, nor in a turn, a round or
the game ('once per night').

A cost inside the turn ('**Sail**: Costs 1 Wood' under 'Your Turn', an action) is no item: it stays in the
phase's text; nor is what a move spends ('Forest: costs 2 movement points'). Rates of exchange ('convert any
resource into any other at 2:1') become the catalog's exchanges, with a limit their sentence gives ('once per
Market phase'), their sentences left where they are.
"""

from __future__ import annotations

import re

from rulecraft.models.cost_words import PERIODS

from .entries import Entry, describe, section_entries
from .names import item_whole
from .outline import ListBlock, Paragraph, Section, Table
from .sections import heading_text
from .state import State
from .text import excerpt, plain, slug

CATALOG_HEADING = re.compile(r"\b(?:buildings?|build|structures?|units?|recruit(?:s|ing)?|upgrades?|improvements?|"
                             r"market|shop|store|purchases?|buy(?:ing)?|spells?|technolog(?:y|ies)|tech|"
                             r"developments?|items?|equipment|price list)\b", re.I)
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
FREE_CELL = re.compile(r"^(?:[-–—]|free|none|nothing|0|unlimited|no limit|∞)?$", re.I)
COST_WORD = re.compile(r"^(?:costs?|price)\b", re.I)  # a price the amounts pattern cannot read ('3 gold or 2 gems')
# item names are capitalised ('Chapel', 'a Mage or a Warlock') even where the sentence's words match in any case
ITEM_NAMES = (r"(?P<names>(?-i:[A-Z])[\w'’ -]{0,40}?(?:\s*(?:,\s*(?:and\b|or\b)?|\band\b|\bor\b)\s*"
              r"(?:an?\s+|the\s+)?(?-i:[A-Z])[\w'’ -]{0,40}?)*)")
ARTICLE = r"(?:an?\s+|the\s+|your\s+)?"
REQUIRES_SENTENCES = (
    re.compile(rf"^(?:requires?|prerequisites?|needs?)\s*[:–—-]?\s*{ARTICLE}{ITEM_NAMES}$", re.I),
    re.compile(rf"^you\s+must\s+(?:first\s+)?(?:build|have|own|recruit|buy)\s+(?:an?\s+|the\s+)?{ITEM_NAMES}"
               r"(?:\s+first)?$", re.I),
)
REPLACES_SENTENCE = re.compile(rf"^(?:replaces|upgrades|upgrade of)\s*:?\s+{ARTICLE}"
                               r"(?P<names>(?-i:[A-Z])[\w'’ -]{0,40}?)$", re.I)
LIMIT_SENTENCE = re.compile(r"^(?:max(?:imum)?\.?|limit:?|at most|only)\s*[:–—-]?\s*"
                            r"(?P<n>\d{1,3}|one|two|three|four|five|six)(?:\s+per\s+player|\s+each)?$", re.I)
# 'once per Harvest phase', 'twice per round', '3 times per turn': how often a use or an exchange may be made
LIMIT_WORDS = r"(?:once|twice|[1-9]\d?\s+times)\s+(?:per|each|a)\s+[A-Za-z][\w'’-]*(?:\s+phase)?"
LIMIT = re.compile(r"^(?P<times>once|twice|[1-9]\d?\s+times)\s+(?:per|each|a)\s+(?P<per>[A-Za-z][\w'’-]*)"
                   r"(?:\s+phase)?$", re.I)
# a use of the item: 'Once per round, you may pay 1 Gold and 3 Ore to gain 1 Might', 'Activate: pay 2 Food to
# gain 1 Fame (once per turn)'
USE_SENTENCE = re.compile(rf"^(?:(?P<name>(?-i:[A-Z])[\w'’ -]{{0,30}}?)\s*:\s*)?(?:(?P<lead>{LIMIT_WORDS})\s*,?\s*)?"
                          rf"(?:you\s+may\s+)?(?:pay|spend)\s+(?P<cost>{AMOUNTS})\s+to\s+(?P<gain>.+?)"
                          rf"(?:\s*\((?P<tail>{LIMIT_WORDS})\)|\s*,\s*(?P<tail2>{LIMIT_WORDS}))?$", re.I)
GAIN_AMOUNTS = re.compile(rf"^(?:gain|get|take|receive)\s+(?P<amounts>{AMOUNTS})$", re.I)
SECOND_USE = re.compile(r"\b(?:pay|spend|or)\b|;", re.I)  # 'gain 1 Might or pay 2 Gold to …': two uses
SENTENCE_END = re.compile(r"(?<=[.;!?])\s+|\n+")
# a table's column, by its header
COST_COLUMN = re.compile(r"^(?:build\s+)?(?:costs?|price)\b", re.I)
REQUIRES_COLUMN = re.compile(r"^(?:requires?|requirements?|prerequisites?|needs)\b", re.I)
LIMIT_COLUMN = re.compile(r"^(?:limit|max(?:imum)?)\b", re.I)
KIND_COLUMN = re.compile(r"^(?:type|kind|category)$", re.I)


def _singular(word: str) -> str:
    if re.search(r"[^aeiou]ies$", word):
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


# what a move or an action spends is no resource an item is bought with ('Forest: costs 2 movement points')
NOT_RESOURCE = re.compile(r"^(?:movement|moves?|mp|actions?|ap|spaces?|hexe?s?|steps?|turns?|rounds?|times?|"
                          r"minutes?|seconds?|stamina|fatigue|command|energy|activations?|orders?)\b", re.I)


def priced_amounts(amounts: str | None) -> bool:
    """Amounts of resources, not what a move or an action spends."""
    return bool(amounts) and not any(NOT_RESOURCE.match(words) for words, _ in _amounts(amounts))


def _amounts(text: str) -> list[tuple[str, int]]:
    """[(resource words, amount)] of an amounts list ('3 food + 3 gold + 1 ore')."""
    return [(m.group("res"), int(m.group("n"))) for m in _AMOUNT_RE.finditer(text)]


def _sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text.strip()) if s.strip()]


def _bare(sentence: str) -> str:
    """A sentence as the field patterns read it: no emphasis, no closing stop."""
    return re.sub(r"[.;!?]+$", "", plain(sentence)).strip()


class Catalog:
    """The items, resources and questions of one rulebook's catalog, built section by section."""

    def __init__(self, state: State):
        self.state = state
        self.items: list[dict] = []
        self.resources: dict[str, dict] = {}  # id -> {id, name}
        self.forms_written: dict[str, int] = {}  # resource words as written -> times (the name is the usual one)
        # (item, field, names, the sentence as written, line): a requirement or replacement, resolved once every
        # item is known; the sentence stands in the item's effect (its place kept) until then
        self.pending: list[tuple[dict, str, list[str], str, int]] = []
        self.effects: dict[int, list[str]] = {}  # id(item) -> its effect's sentences, joined at the end
        self.taken: list[tuple[Section, object, list]] = []  # (section, its first block taken, its items' kinds)
        # (use, what it gains as written, its limit): what a use gives, resolved once every resource is known
        self.gains: list[tuple[dict, str, dict | None]] = []
        self.origin: dict[int, tuple[int, int, str]] = {}  # id(item) -> (line, id(its block), its text as written)

    def take(self, section: Section, blocks: list, sections: list[Section], kinds: list) -> None:
        """The items' blocks become the data (the block showing them is chosen once every kind is known)."""
        for block in blocks:
            self.state.claim(block, "")
            self.state.priced.add(id(block))
        for child in sections:
            self.state.folded.add(id(child))
        first = blocks[0]
        if self.taken and self.taken[-1][0] is section:  # its table and its list: shown once, at the first
            _, other, other_kinds = self.taken.pop()
            first, kinds = (other, other_kinds + kinds) if other.line <= first.line else (first, kinds + other_kinds)
        self.taken.append((section, first, list(dict.fromkeys(kinds))))

    def show(self) -> None:
        """Each section's items where they stood, as ``/// catalog-kind | Building`` (one block per kind it
        holds), when every kind stands in one section only; else the whole catalog in one ``/// catalog`` block
        at the first items' place, and a later section left with nothing but its heading loses the heading."""
        kinds = [kind for _, _, section_kinds in self.taken for kind in section_kinds]
        folded = [(kind or "").casefold() for kind in kinds]
        if len(kinds) > 1 and None not in kinds and len(set(folded)) == len(folded):
            for _, block, section_kinds in self.taken:
                self.state.claim(block, "\n\n".join(f"/// catalog-kind | {kind}\n///" for kind in section_kinds))
            return
        if len(set(folded)) == 1:
            for item in self.items:  # one kind: the page's heading over the list names it, no group heading
                item.pop("kind", None)
        self.state.claim(self.taken[0][1], "/// catalog\n///")
        for section, _, _ in self.taken[1:]:
            if not section.children and all(self.state.claims.get(id(b)) == "" for b in section.blocks):
                self.state.folded.add(id(section))

    def cost(self, amounts: list[tuple[str, int]]) -> dict[str, int]:
        cost: dict[str, int] = {}
        for words, amount in amounts:
            resource_id = _resource_id(words)
            self.resources.setdefault(resource_id, {"id": resource_id, "name": ""})
            written = words[:1].upper() + words[1:]
            self.forms_written[written] = self.forms_written.get(written, 0) + 1
            cost[resource_id] = cost.get(resource_id, 0) + amount
        return cost

    def item(self, name: str, kind: str | None, line: int, block, written: str) -> dict:
        item = {"id": self.state.ids["item"](name, "item"), "name": name[:120]}
        if kind:
            item["kind"] = kind
        self.items.append(item)
        self.effects[id(item)] = []
        self.origin[id(item)] = (line, id(block), written)
        return item

    def settle(self, section: Section, start: int) -> None:
        """The section's items (``self.items[start:]``) in source order, its table's and its list's; an item
        its other container names again is the first one's: the second goes, its text kept in the first's
        todo (the id given first stays), and is listed."""
        items = sorted(self.items[start:], key=lambda item: self.origin[id(item)][0])
        kept: dict[str, dict] = {}
        for item in list(items):
            first = kept.setdefault(_key(item["name"]), item)
            (line, block, written), (first_line, first_block, _) = self.origin[id(item)], self.origin[id(first)]
            if first is item or block == first_block:
                continue  # two entries of one name in one list are two items (see resolve)
            items.remove(item)
            created = [id(made) for made in self.items]
            if created.index(id(item)) < created.index(id(first)):
                first["id"], item["id"] = item["id"], first["id"]
            self.pending = [pending for pending in self.pending if pending[0] is not item]
            self.gains = [gain for gain in self.gains if not any(gain[0] is use for use in item.get("uses", []))]
            first["todo"] = " ".join(filter(None, [first.get("todo"), f"Priced again at line {line} as '{written}': "
                                                   "only the first is kept, merge what the second says."]))
            self.state.ask("catalog", f"'{item['name']}' is priced twice in "
                           f"'{plain(section.title or '') or 'the introduction'}' (lines {first_line} and {line}): "
                           "the first is kept, the second's text is in its todo", line)
        self.items[start:] = items

    def read_text(self, item: dict, text: str, line: int, lead: str = "") -> None:
        """The item's sentences: price, requirement, replacement and limit become fields, the rest its effect
        (after ``lead``, a bracket written after its name)."""
        effect = self.effects[id(item)]
        if lead:
            effect.append(lead)
        for sentence in _sentences(text):
            bare, sentence = _bare(sentence), sentence.strip()
            cost = COST_SENTENCE.match(bare)
            if cost and "cost" not in item and priced_amounts(cost.group("amounts")):
                item["cost"] = self.cost(_amounts(cost.group("amounts")))
                continue
            if COST_WORD.match(bare) and "cost" not in item:
                self.state.ask("catalog", f"'{item['name']}': its price '{excerpt(bare)}' is not amounts of "
                               "resources: kept in its effect; write its cost (or cost: variable and a cost_note)",
                               line)
            if not self._use(item, bare, sentence, line) and not self._field(item, bare, sentence, line):
                effect.append(sentence)

    def _use(self, item: dict, bare: str, sentence: str, line: int) -> bool:
        """A sentence saying one use of the item becomes one of its uses: its name ('Activate: …'), price and
        limit, and what it gains (resources, once every resource is known, else its effect). One saying two
        uses, or a limit counting in no phase of the import, stays in the effect, listed."""
        match = USE_SENTENCE.match(bare)
        if not match or not priced_amounts(match["cost"]):
            return False
        limits = [words for words in (match["lead"], match["tail"], match["tail2"]) if words]
        limit, per = _limit(self.state, limits[0]) if len(limits) == 1 else (None, "")
        problem = ("says more than one use" if SECOND_USE.search(match["gain"]) or len(limits) > 1
                   else f"is limited per {per}, which is no phase of phases.yaml nor a turn, a round or the game"
                   if per and not limit else "")
        if problem:
            self.state.ask("catalog", f"'{item['name']}': '{excerpt(sentence)}' {problem}: kept in its effect; "
                           "write it under uses: if it is one", line)
            return False
        use = {"name": match["name"]} if match["name"] else {}
        use["cost"] = self.cost(_amounts(match["cost"]))
        item.setdefault("uses", []).append(use)
        self.gains.append((use, match["gain"], limit))
        return True

    def _field(self, item: dict, bare: str, sentence: str, line: int) -> bool:
        for kind, patterns in (("requires", REQUIRES_SENTENCES), ("replaces", (REPLACES_SENTENCE,))):
            match = next((m for m in (p.match(bare) for p in patterns) if m), None)
            if match and not any(pending[0] is item and pending[1] == kind for pending in self.pending):
                self.pending.append((item, kind, _names(match.group("names")), sentence, line))
                self.effects[id(item)].append(sentence)  # its place, until resolve() knows the items
                return True
        match = LIMIT_SENTENCE.match(bare)
        if match and "limit" not in item:
            value = match.group("n").lower()
            item["limit"] = NUMBER_WORDS.get(value) or int(value)
            return True
        return False

    def resolve(self) -> None:
        """Requirements and replacements as item ids; one naming no item of the catalog (or one of two items
        of a name, or mixing 'or' with 'and') stays in the effect, listed."""
        by_name: dict[str, list[str]] = {}
        for item in self.items:
            by_name.setdefault(_key(item["name"]), []).append(item["id"])
        for item, kind, names, sentence, line in self.pending:
            ids = [found[0] if len(found := by_name.get(_key(name), [])) == 1 else None for name in names]
            either = re.search(r"\bor\b", sentence, re.I)
            mixed = either and re.search(r",|\band\b", sentence)
            if names and all(ids) and item["id"] not in ids and not mixed:
                self.effects[id(item)].remove(sentence)
                if kind == "replaces":
                    item["replaces"] = ids[0]
                else:
                    item["requires"] = {"any_of": ids} if either and len(ids) > 1 else ids
                continue
            self.state.ask("catalog", f"'{item['name']}': '{excerpt(sentence)}' names no one item of the catalog "
                           f"for {kind}: kept in its effect; write {kind}: with the item's id if it is one", line)
        for use, gain, limit in self.gains:
            amounts = GAIN_AMOUNTS.match(gain)
            gives: dict[str, int] = {}
            for words, amount in _amounts(amounts["amounts"]) if amounts else []:
                gives[_resource_id(words)] = gives.get(_resource_id(words), 0) + amount
            if gives and all(resource in self.resources for resource in gives):
                use["gives"] = gives
            else:  # 'gain 1 Might' where no price is in Might: what it does, as written
                use["effect"] = _stopped(gain[:1].upper() + gain[1:])
            if limit:
                use["limit"] = limit
        for item in self.items:
            if self.effects[id(item)]:
                item["effect"] = " ".join(self.effects[id(item)])
        for resource in self.resources.values():
            forms = {w: n for w, n in self.forms_written.items()
                     if slug(" ".join(_singular(x) for x in w.lower().split()), "") == resource["id"]}
            resource["name"] = max(forms, key=lambda w: (forms[w], -len(w)))[:120] if forms else resource["id"]


def _resource_id(words: str) -> str:
    return slug(" ".join(_singular(w) for w in words.lower().split()), "resource")


def _limit(state: State, words: str) -> tuple[dict | None, str]:
    """({times, per} of 'once per Harvest phase' or 'twice per round', None when the period is neither a phase
    of the import nor a turn, a round or the game) and the period as written."""
    match = LIMIT.match(words)
    times = match["times"].lower()
    per = match["per"]
    phase = next((phase_id for phase_id, phase in state.phase_index.items()
                  if re.sub(r"\s+phase$", "", plain(phase.get("name") or ""), flags=re.I).casefold() == per.casefold()),
                 per.lower() if per.lower() in PERIODS else None)
    return ({"times": {"once": 1, "twice": 2}.get(times) or int(times.split()[0]), "per": phase}
            if phase else None), per


def _names(text: str) -> list[str]:
    parts = re.split(r"\s*(?:,|\band\b|\bor\b)\s*", text)
    return [re.sub(r"^(?:an?|the|your)\s+", "", p.strip(), flags=re.I) for p in parts if p.strip()]


def _key(name: str) -> str:
    return " ".join(_singular(w) for w in plain(name).lower().split())


def _kind(section: Section) -> str | None:
    """'Buildings' -> 'Building': the heading of a section of items (the page groups the items by it when the
    catalog has more than one)."""
    title = re.sub(r"\s*:\s*", " – ", heading_text(section.title or "").strip())  # a ':' would name a game
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
    costed = sum(1 for _, _, amounts, _ in priced if priced_amounts(amounts))
    return (form, priced, costed) if _enough(costed, len(priced), section) else None


def priced_section(state: State, section: Section) -> bool:
    """Whether the section's entries or a table of it are things bought ('Brass Mount (3 coins): …', 'Unit |
    Cost | Effect'): no turn, whatever its place (turn_sections)."""
    return _priced_entries(state, section) is not None or any(
        _priced_table(section, b) for b in section.blocks if isinstance(b, Table) and not state.claimed(b))


def _entries_catalog(catalog: Catalog, section: Section) -> bool:
    found = _priced_entries(catalog.state, section)
    if found is None:
        return False
    form, priced, costed = found
    if not all(name for _, name, _, _ in priced):
        return False  # an entry with no name ('All buildings cost 1 less in winter.') is no item: the list is prose
    kind = _kind(section)
    for entry, name, amounts, in_name in priced:
        steps = [_stopped(item_whole(step)) for step in entry.steps]
        written = " ".join(filter(None, [plain(entry.name), f"({plain(entry.paren)})" if entry.paren else "",
                                         plain(entry.body), *steps]))
        item = catalog.item(name, kind, entry.line, form.blocks[0], written)
        if in_name:
            item["cost"] = catalog.cost(_amounts(amounts))
        # '(once per game)', '(x10)': a bracket after the name leads the item's effect, its price read after it
        catalog.read_text(item, entry.body, entry.line, lead="" if in_name or not entry.paren else f"({entry.paren})")
        catalog.effects[id(item)] += steps
    catalog.take(section, form.blocks, form.sections, [kind])
    catalog.state.note("catalog", f"'{plain(section.title or '') or 'the introduction'}': {len(priced)} item(s) "
                       f"from {describe(form)}, {costed} with a cost", form.blocks[0].line)
    return True


def _stopped(text: str) -> str:
    return text if re.search(r"[.!?;:)]$", text) else text + "."


def _column(header: list[str], pattern: re.Pattern) -> int | None:
    return next((i for i, cell in enumerate(header) if i and pattern.match(plain(cell).strip())), None)


def _priced_table(section: Section, table: Table):
    """(header, cost column, name column, rows, their parsed prices) of a table with a Cost column whose
    rows mostly name a price (see _enough) and each a name; else None."""
    if len(table.rows) < 3:
        return None
    header = table.rows[0]
    cost_at = _column(header, COST_COLUMN)
    if cost_at is None:
        return None
    rows = [row for row in table.rows[1:] if any(c.strip() for c in row)]
    # 'Cost (points)' over '15': the header names what a bare number counts (a skirmish game's warband list)
    unit = re.search(r"\(\s*(?P<unit>[A-Za-z][\w ]{0,20}?)\s*\)", plain(header[cost_at]))

    def amounts(cell: str) -> str:
        cell = plain(cell).strip()
        return f"{cell} {unit.group('unit')}" if unit and re.fullmatch(r"\d{1,4}", cell) else cell

    parsed = [re.fullmatch(AMOUNTS, amounts(row[cost_at]), re.I) if len(row) > cost_at else None for row in rows]
    parsed = [p if p and priced_amounts(p.group(0)) else None for p in parsed]
    if not _enough(sum(1 for p in parsed if p), len(rows), section):
        return None
    # the name column: the first, unless it only counts the rows ('# | Unit | Cost')
    name_at = 1 if len(header) > 2 and cost_at != 1 and re.fullmatch(r"#|no\.?|number|", plain(header[0]).strip(),
                                                                     re.I) else 0
    if any(len(row) <= name_at or not plain(row[name_at]).strip() for row in rows):
        return None  # a row with no name (a row carried on from the one above) is no item: the table stays
    return header, cost_at, name_at, rows, parsed


def _table_catalog(catalog: Catalog, section: Section, table: Table) -> bool:
    found = _priced_table(section, table)
    if found is None:
        return False
    header, cost_at, name_at, rows, parsed = found
    columns = {"requires": _column(header, REQUIRES_COLUMN), "limit": _column(header, LIMIT_COLUMN),
               "kind": _column(header, KIND_COLUMN)}
    others = [i for i in range(len(header)) if i not in (name_at, cost_at, *columns.values())]
    kinds = []
    for row, amounts in zip(rows, parsed):
        cells = [plain(c).strip() for c in row] + [""] * (len(header) - len(row))
        kind = re.sub(r"\s*:\s*", " – ", cells[columns["kind"]]) if columns["kind"] is not None else _kind(section)
        kinds.append(kind or None)
        item = catalog.item(cells[name_at], kind or None, table.line, table, " | ".join(cells))
        if amounts:
            item["cost"] = catalog.cost(_amounts(amounts.group(0)))
        elif not FREE_CELL.match(cells[cost_at]):
            item["cost"], item["cost_note"] = "variable", cells[cost_at]
            catalog.state.ask("catalog", f"'{cells[name_at]}': its cost '{cells[cost_at]}' is not amounts of "
                              "resources: kept as its cost note (cost: variable); write the amounts if they are fixed",
                              table.line)
        fields = [f"Requires {cells[columns['requires']]}" if columns["requires"] is not None
                  and not FREE_CELL.match(cells[columns["requires"]]) else "",
                  f"Max {cells[columns['limit']]}" if columns["limit"] is not None
                  and not FREE_CELL.match(cells[columns["limit"]]) else ""]
        text = [f"{f}." for f in fields if f]  # as the sentences of a list item say them
        text += [_stopped(f"**{plain(header[i])}:** {row[i].strip()}" if len(others) > 1 else row[i].strip())
                 for i in others if i < len(row) and row[i].strip()]
        catalog.read_text(item, " ".join(text), table.line)
    catalog.take(section, [table], [], kinds)
    catalog.state.note("catalog", f"'{plain(section.title or '') or 'the introduction'}': {len(rows)} item(s) "
                       "from a table with a cost column", table.line)
    return True


# 'convert any resource into any other resource at 2:1', 'trade 2 Gold for 1 Ore' (the rate, not a price)
ANY_RATE = re.compile(r"\b(?:convert|trade|exchange|swap)\s+any\s+(?:one\s+)?resources?\s+(?:into|for)\s+any\s+"
                      r"other(?:\s+resources?)?\s+at\s+(?P<give>\d{1,2})\s*:\s*(?P<get>\d{1,2})\b", re.I)
PAIR_RATE = re.compile(rf"\b(?:convert|trade|exchange|swap)\s+(?P<give>\d{{1,2}})\s+(?P<from>{RESOURCE})\s+"
                       rf"(?:for|into)\s+(?P<get>\d{{1,2}})\s+(?P<to>{RESOURCE})\b", re.I)


def _exchanges(state: State, resources: dict[str, dict]) -> list[dict]:
    """The rates the rules give for trading resources in, read from any paragraph or list item (its text stays
    where it is): any resource for any other at 2:1, or 2 Gold for 1 Ore between two resources of the catalog;
    with its limit when its sentence says one rate and how often ('Once per Market phase you may trade …')."""
    found: list[dict] = []
    for section in state.sections():
        texts = [(b.text, b.line) for b in section.blocks if isinstance(b, Paragraph)]
        texts += [(i.text, i.line) for b in section.blocks if isinstance(b, ListBlock) for i in b.all_items()]
        # by sentence, a line break inside one kept (a rate may run over two lines)
        for sentence, line in ((s, line) for text, line in texts for s in re.split(r"(?<=[.;!?])\s+", plain(text))):
            rates = [{"give": {"any": int(m["give"])}, "get": {"any": int(m["get"])}}
                     for m in ANY_RATE.finditer(sentence)]
            for match in PAIR_RATE.finditer(sentence):
                give, get = (slug(" ".join(_singular(w) for w in match[k].lower().split()), "") for k in ("from", "to"))
                if give in resources and get in resources and give != get:
                    rates.append({"give": {give: int(match["give"])}, "get": {get: int(match["get"])}})
            limits = re.findall(rf"\b{LIMIT_WORDS}\b", sentence, re.I)
            limit, per = _limit(state, limits[0]) if len(limits) == 1 and len(rates) == 1 else (None, "")
            if rates and limits and not limit:
                state.ask("catalog", f"'{excerpt(sentence)}': its rate's limit "
                          + (f"per {per} counts in no phase of phases.yaml" if per else "is not one for one rate")
                          + ": the exchange has none; write its limit: {per: a phase id, or turn, round or game} "
                          "if it has one", line)
            found += [{**rate, "limit": limit} if limit else rate for rate in rates]
    unique = []
    for rate in found:
        if rate not in unique and all(n >= 1 for side in (rate["give"], rate["get"]) for n in side.values()):
            unique.append(rate)
    return unique


def recognise(state: State) -> None:
    from .turn_sections import TURN_WORDS, title_words

    catalog = Catalog(state)
    for section in state.sections():
        if state.phase_of(section) is not None or section is state.turn_section \
                or section.title and TURN_WORDS.search(title_words(section.title)):
            continue  # a price inside the turn ('Your Turn' over its priced actions) is an action's, not an item's
        before = len(catalog.items)
        tables = [b for b in section.blocks if isinstance(b, Table) and not state.claimed(b)]
        for table in tables:
            _table_catalog(catalog, section, table)
        _entries_catalog(catalog, section)  # a priced list beside a priced table too (the table is claimed)
        catalog.settle(section, before)
    if not catalog.items:
        return
    catalog.resolve()
    catalog.show()
    state.catalog = {"resources": list(catalog.resources.values()), "items": catalog.items}
    exchanges = _exchanges(state, catalog.resources)
    if exchanges:
        state.catalog["exchanges"] = exchanges
    state.note("catalog", f"{len(catalog.items)} item(s) priced in {len(catalog.resources)} resource(s)"
               + (f", {len(exchanges)} exchange rate(s)" if exchanges else "") + ": catalog.yaml")
