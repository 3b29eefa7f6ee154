"""Decks as CSV, the card designers' convention (Squib, nanDECK): one row per card with a ``qty``.

Columns: ``id,name,qty,type,text,icons``, then every other field of the card model that a card of the
deck uses (``todo``, ``designer_note``, ``changed_in``, ``variant``...), then one column per extra
``fields`` key. The columns come from the model's fields, so a field added to ``Card`` is exported
too. A field whose name is taken by a model field is written as ``fields.<name>``. An empty cell means
"not set"; ``icons`` and ``variant`` hold ids separated by spaces (``variant``: ``not: x y`` for every way to
play but those).

``export_deck`` and ``import_deck`` round-trip a deck without loss. Import rewrites only
the deck's ``cards:`` list inside cards.yaml: the schema line, comments, and other decks
stay exactly as they were. Bad CSV is reported as located problems (file:line).
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import tempfile
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import ValidationError

from ..loader import load_model
from ..models import Card, CardsFile
from ..models.base import ID_RE, Id, RuleModel
from ..problems import Location, Problem, RulecraftError, display_path, error
from ..yamlsource import MAX_FILE_BYTES, parse_yaml_text, read_source_bytes, read_yaml_file
from .yamlwrite import SCHEMA_PREFIX, compact, dump, schema_line

EXTRA_FIELDS = "fields"  # the model's dict of free columns: one CSV column per key
BASE_COLUMNS = ["id", "name", "qty", "type", "text", "icons"]  # the convention's columns, always written
FIELD_PREFIX = "fields."


# --- columns from the model -----------------------------------------------------------------------------

# How a model field is held in one cell: TEXT as it is, NUMBER in ASCII digits, IDS separated by spaces,
# ONE_OR_MORE_IDS the same (one id is read back as a single id, several as a list); VARIANTS as
# ONE_OR_MORE_IDS, or "not: dragons solo" for every way to play but those ({not: [dragons, solo]}).
TEXT, NUMBER, IDS, ONE_OR_MORE_IDS, VARIANTS = "text", "number", "ids", "one-or-more-ids", "variants"
NOT_PREFIX = "not:"  # ':' is in no id, so a variant called 'not' still reads as itself


def _shape(annotation: Any) -> str:
    if annotation == Id:
        return "id"
    while typing.get_origin(annotation) is Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is list and typing.get_args(annotation) == (Id,):
        return "id-list"
    if typing.get_origin(annotation) is dict and typing.get_args(annotation)[0] == typing.Literal["not"]:
        return "not"
    return {str: "str", int: "int"}.get(annotation, repr(annotation))


def cell_kind(annotation: Any) -> str:
    """The cell form of a field of this type; TypeError for a type no cell form is defined for."""
    union = typing.get_origin(annotation) in (typing.Union, types.UnionType)
    shapes = {_shape(a) for a in (typing.get_args(annotation) if union else (annotation,)) if a is not type(None)}
    kinds = {frozenset({"str"}): TEXT, frozenset({"id"}): TEXT, frozenset({"int"}): NUMBER,
             frozenset({"id-list"}): IDS, frozenset({"id", "id-list"}): ONE_OR_MORE_IDS,
             frozenset({"id", "id-list", "not"}): VARIANTS}
    try:
        return kinds[frozenset(shapes)]
    except KeyError:
        raise TypeError(f"a card field of type {annotation!r} has no CSV form: add one in cards_csv") from None


# Every card field but the extra ones, in model order (BASE_COLUMNS first): checked when the module loads,
# so a field added to Card with a type the CSV cannot hold fails at once instead of being dropped.
MODEL_COLUMNS: dict[str, str] = {
    name: cell_kind(Card.model_fields[name].annotation)
    for name in BASE_COLUMNS + [n for n in Card.model_fields if n not in BASE_COLUMNS and n != EXTRA_FIELDS]}
RESERVED = frozenset(Card.model_fields) | frozenset(MODEL_COLUMNS)


# --- export ---------------------------------------------------------------------------------------------


def field_column(name: str) -> str:
    return FIELD_PREFIX + name if name in RESERVED or name.startswith(FIELD_PREFIX) or not name.strip() else name


def _is_set(value: Any) -> bool:
    return value is not None and value != [] and value != ""


def deck_columns(cards: list[Card]) -> tuple[list[str], list[str]]:
    """(header, extra field names in column order)."""
    header = list(BASE_COLUMNS) + [name for name in MODEL_COLUMNS if name not in BASE_COLUMNS
                                   and any(_is_set(getattr(card, name)) for card in cards)]
    names: list[str] = []
    for card in cards:
        names.extend(name for name in getattr(card, EXTRA_FIELDS) if name not in names)
    return header + [field_column(n) for n in names], names


def to_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(value)
    if isinstance(value, dict):  # variant: {not: ...}
        return f"{NOT_PREFIX} {to_cell(value['not'])}"
    return str(value)


# A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), =cmd|...):
# such a cell is written with a leading apostrophe, which spreadsheets show as text and import drops.
_FORMULA_RE = re.compile(r"^'*[=+\-@\t\r]")
_NUMBER_RE = re.compile(r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$")
_NEEDS_QUOTES_RE = re.compile(r'[",\r\n]|^\s|\s$')


def neutralize(cell: str) -> str:
    """A cell that a spreadsheet would read as a formula gets a leading "'" (plain numbers stay)."""
    return "'" + cell if _FORMULA_RE.match(cell) and not _NUMBER_RE.match(cell) else cell


def restore(cell: str) -> str:
    """The inverse of ``neutralize`` on import."""
    return cell[1:] if cell.startswith("'") and _FORMULA_RE.match(cell) else cell


def _csv_cell(cell: str) -> str:
    cell = neutralize(cell)
    # quoted whenever it holds a comma, quote, CR or LF (csv.writer leaves a lone CR unquoted)
    return '"' + cell.replace('"', '""') + '"' if _NEEDS_QUOTES_RE.search(cell) else cell


def cards_to_csv(cards: list[Card]) -> str:
    header, names = deck_columns(cards)
    rows = [header]
    for card in cards:
        row = [to_cell(getattr(card, column)) for column in header[:len(header) - len(names)]]
        row += [getattr(card, EXTRA_FIELDS).get(name, "") for name in names]
        rows.append(row)
    return "".join(",".join(_csv_cell(cell) for cell in row) + "\n" for row in rows)


def _load_cards_file(game_dir: Path) -> tuple[CardsFile | None, str, list[Problem]]:
    path = game_dir / "cards.yaml"
    shown = display_path(path)
    if not path.is_file():
        return None, shown, []
    doc, problems = read_yaml_file(path, shown, Path(game_dir).resolve().parent.parent)
    if doc.data is None or any(p.is_error for p in problems):
        return None, shown, problems or [error("cards-file", "cannot read cards.yaml", Location(shown))]
    obj, problems = load_model(doc, CardsFile)
    return obj, shown, problems


def export_deck(game_dir: Path, deck_id: str) -> str:
    cards_file, shown, problems = _load_cards_file(Path(game_dir))
    if problems:
        raise RulecraftError(problems)
    if cards_file is None:
        raise RulecraftError([error("cards-file", f"{shown} does not exist", Location(shown),
                                    "decks live in cards.yaml in the game's folder")])
    for deck in cards_file.decks:
        if deck.id == deck_id:
            return cards_to_csv(deck.cards)
    known = ", ".join(d.id for d in cards_file.decks)
    raise RulecraftError([error("unknown-deck", f"no deck '{deck_id}' in {shown}", Location(shown),
                                f"decks: {known}")])


# --- reading CSV ----------------------------------------------------------------------------------------


def split_ids(cell: str) -> list[str]:
    return [part for part in cell.replace(",", " ").replace(";", " ").split() if part]


def from_cell(kind: str, column: str, cell: str, where: Location) -> tuple[Any, Problem | None]:
    """A non-empty cell as the value of its field, or the problem with it."""
    if kind == NUMBER:
        value = cell.strip()
        if re.fullmatch(r"-?[0-9]{1,9}", value):  # ASCII digits: int() would also take "1_000" and "١٢"
            return int(value), None
        return None, error("csv-value", f"column '{column}': {value!r} is not a whole number", where,
                           "write how many copies: 1, 2, 3 ..." if column == "qty" else "write a whole number")
    if kind == VARIANTS and cell.strip().startswith(NOT_PREFIX):
        value, problem = from_cell(ONE_OR_MORE_IDS, column, cell.strip()[len(NOT_PREFIX):], where)
        if problem is None and not value:
            problem = error("csv-value", f"column '{column}': '{NOT_PREFIX}' names no variant", where,
                            "write the variants it is not played with: 'not: dragons'")
        return (None if problem else {"not": value}), problem
    if kind in (IDS, ONE_OR_MORE_IDS, VARIANTS):
        ids = split_ids(cell)
        bad = [part for part in ids if not ID_RE.match(part)]
        if bad:
            return None, error("csv-value", f"column '{column}': {bad[0]!r} is not an id", where,
                               "write ids (lower-case letters, digits, '-' and '_') separated by spaces: 'coin ship'")
        return (ids[0] if kind in (ONE_OR_MORE_IDS, VARIANTS) and len(ids) == 1 else ids), None
    return cell, None


def parse_cards_csv(text: str, file: str) -> tuple[list[Card], list[Problem]]:
    """Cards from CSV text; problems are located at the CSV line where each record starts."""
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, list[str]]] = []
    last = 0
    try:
        for row in reader:
            records.append((last + 1, row))
            last = reader.line_num
    except csv.Error as exc:
        return [], [error("csv-syntax", f"invalid CSV: {exc}", Location(file, reader.line_num or 1),
                          "a cell that holds commas, quotes or line breaks must be in double quotes, "
                          "with quotes inside doubled (\"\")")]
    if not records or not any(cell.strip() for cell in records[0][1]):
        return [], [error("csv-header", "the CSV has no header row", Location(file, 1),
                          "the first row names the columns: " + ",".join(BASE_COLUMNS))]
    header_line, header = records[0]
    columns: list[str] = [cell.strip() for cell in header]
    seen: dict[str, int] = {}
    for i, name in enumerate(columns):
        if name and name in seen:
            problems.append(error("csv-header", f"column '{name}' appears twice (columns {seen[name] + 1} and {i + 1})",
                                  Location(file, header_line), "give every column its own name"))
        seen.setdefault(name, i)
    for required in ("id", "name"):
        if required not in seen:
            problems.append(error("csv-header", f"the CSV has no '{required}' column", Location(file, header_line),
                                  "the first row names the columns: " + ",".join(BASE_COLUMNS)))
    if problems:
        return [], problems

    cards: list[Card] = []
    first_line: dict[str, int] = {}
    for line, row in records[1:]:
        if not any(cell.strip() for cell in row):
            continue  # blank line or a spreadsheet's empty row
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns):]):
            problems.append(error("csv-row", f"row has {len(row)} cells but the header has {len(columns)} columns",
                                  Location(file, line), "quote cells that contain commas"))
            continue
        cells = {name: (restore(row[i]) if i < len(row) else "") for i, name in enumerate(columns)}
        unnamed = [i + 1 for i, name in enumerate(columns) if not name and i < len(row) and row[i].strip()]
        if unnamed:
            problems.append(error("csv-header", f"cell in column {unnamed[0]} has no column name",
                                  Location(file, line), "name the column in the header row"))
            continue
        row_problems: list[Problem] = []
        card_id = cells["id"].strip()
        if not card_id:
            row_problems.append(error("csv-value", "column 'id' is empty", Location(file, line),
                                      "every card needs an id: lower-case letters, digits, '-' and '_'"))
        elif not ID_RE.match(card_id):
            row_problems.append(error("csv-value", f"column 'id': {card_id!r} is not a valid id", Location(file, line),
                                      "ids use lower-case letters, digits, '-' and '_': 'market-research'"))
        elif card_id in first_line:
            row_problems.append(error("csv-value", f"card id '{card_id}' appears twice (first on line "
                                      f"{first_line[card_id]})", Location(file, line),
                                      "one row per distinct card; use qty for copies"))
        data: dict[str, Any] = {"id": card_id, "name": cells["name"]}
        for name, kind in MODEL_COLUMNS.items():
            cell = cells.get(name, "")
            if name in data or not (cell if kind == TEXT else cell.strip()):  # text keeps its spaces
                continue
            value, problem = from_cell(kind, name, cells[name], Location(file, line))
            if problem:
                row_problems.append(problem)
            else:
                data[name] = value
        extra = {}
        for name in columns:
            if name in RESERVED or not name or not cells[name]:
                continue
            extra[name[len(FIELD_PREFIX):] if name.startswith(FIELD_PREFIX) else name] = cells[name]
        if extra:
            data[EXTRA_FIELDS] = extra
        if row_problems:
            problems.extend(row_problems)
            continue
        try:
            card = Card.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                column = str(err["loc"][0]) if err["loc"] else "?"
                problems.append(error("csv-value", f"column '{column}': {err['msg'][0].lower() + err['msg'][1:]}",
                                      Location(file, line)))
            continue
        first_line[card_id] = line
        cards.append(card)
    return cards, problems


# --- writing cards.yaml ---------------------------------------------------------------------------------


def card_data(card: Card) -> dict:
    """A card as it is written in cards.yaml: every field set, in model order; a stated qty always shown
    (no count in the source: no qty)."""
    data = compact(card.model_dump())
    if card.qty is not None:
        data["qty"] = card.qty
    return {key: data[key] for key in Card.model_fields if key in data}


def _indent(text: str, width: int) -> str:
    pad = " " * width
    return "".join(pad + line if line.strip() else line for line in text.splitlines(keepends=True))


def _last_content_end(node: yaml.Node, text: str) -> int:
    """Index just after the last character that belongs to ``node`` (trailing blank lines excluded)."""
    while True:
        if isinstance(node, yaml.MappingNode) and node.value and not node.flow_style:
            node = node.value[-1][1]
        elif isinstance(node, yaml.SequenceNode) and node.value and not node.flow_style:
            node = node.value[-1]
        else:
            break
    end = node.end_mark.index
    while end > 0 and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    nl = text.find("\n", index)
    return len(text) if nl < 0 else nl + 1


def _mapping_get(node: yaml.Node, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return v
    return None


def _surgical(text: str, deck_id: str, cards: list[dict], new_deck: dict | None) -> str | None:
    """Replace one deck's cards (or append a deck) in the text; None when the layout is not simple block style."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    decks = _mapping_get(root, "decks")
    if not isinstance(decks, yaml.SequenceNode) or decks.flow_style or not decks.value:
        return None
    if new_deck is not None:
        last = decks.value[-1]
        at = _line_end(text, _last_content_end(last, text))
        first = decks.value[0].start_mark.index  # at the first key; the item's '-' is before it on the line
        column = text.rfind("-", _line_start(text, first), first) - _line_start(text, first)
        if column < 0:
            return None
        block = _indent(dump([new_deck]), column)
        prefix = text[:at] if text[:at].endswith("\n") else text[:at] + "\n"
        return prefix + block + text[at:]
    for deck in decks.value:
        id_node = _mapping_get(deck, "id")
        if isinstance(id_node, yaml.ScalarNode) and id_node.value == deck_id:
            seq = _mapping_get(deck, "cards")
            if not isinstance(seq, yaml.SequenceNode) or seq.flow_style or not seq.value or not cards:
                return None
            start = _line_start(text, seq.start_mark.index)
            if text[start:seq.start_mark.index].strip():
                return None  # the list starts on the key's line: not the usual layout
            end = _line_end(text, _last_content_end(seq, text))
            return text[:start] + _indent(dump(cards), seq.start_mark.column) + text[end:]
    return None


def _plain(text: str, file: str) -> Any:
    doc, problems = parse_yaml_text(text, file)
    return None if problems else doc.data


def _header_comments(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if line.startswith("#"):
            lines.append(line)
        elif line.strip():
            break
    return lines


@dataclass
class ImportSummary:
    file: Path
    deck_id: str
    cards: int
    copies: int
    created_deck: bool = False
    created_file: bool = False
    notes: list[str] = field(default_factory=list)


def import_deck(game_dir: Path, deck_id: str, csv_path: Path, deck_name: str | None = None) -> ImportSummary:
    """Replace deck ``deck_id``'s cards in ``game_dir``/cards.yaml with the CSV's rows."""
    game_dir = Path(game_dir)
    csv_shown = display_path(Path(csv_path))
    raw, read_problems = read_source_bytes(Path(csv_path), csv_shown, limit=MAX_FILE_BYTES)
    if raw is None:
        raise RulecraftError(read_problems)
    try:
        text = raw.decode("utf-8-sig")  # spreadsheets often write a byte-order mark
    except UnicodeDecodeError as exc:
        raise RulecraftError([error("encoding", f"file is not valid UTF-8: byte 0x{raw[exc.start]:02x} cannot be "
                                    "decoded", Location(csv_shown, raw.count(b"\n", 0, exc.start) + 1),
                                    "save the CSV as UTF-8")]) from None
    cards, problems = parse_cards_csv(text, csv_shown)
    if problems:
        raise RulecraftError(problems)
    if not cards:
        raise RulecraftError([error("csv-empty", f"the CSV has no card rows: importing it would empty deck "
                                    f"'{deck_id}'", Location(csv_shown, 2),
                                    "add one row per card under the header (nothing was written)")])
    if not ID_RE.match(deck_id):
        raise RulecraftError([error("csv-value", f"{deck_id!r} is not a valid deck id", Location(csv_shown),
                                    "ids use lower-case letters, digits, '-' and '_'")])
    path = game_dir / "cards.yaml"
    shown = display_path(path)
    summary = ImportSummary(path, deck_id, len(cards), sum(c.qty or 0 for c in cards))
    if not path.exists():
        cards_data = [card_data(card) for card in cards]
        deck = {"id": deck_id, "name": deck_name or deck_id.replace("-", " ").capitalize(), "cards": cards_data}
        new_text = schema_line(game_dir, "cards") + "\n" + dump({"decks": [deck]})
        summary.created_file = summary.created_deck = True
        _verify(new_text, shown, None, deck_id, cards)
        write_atomically(path, new_text)
        return summary
    old_text = path.read_text(encoding="utf-8")
    cards_file, _, load_problems = _load_cards_file(game_dir)
    if load_problems or cards_file is None:
        raise RulecraftError(load_problems or [error("cards-file", "cannot read cards.yaml", Location(shown))])
    old_data = _plain(old_text, shown)
    old_deck = next((d for d in cards_file.decks if d.id == deck_id), None)
    exists = old_deck is not None
    if old_deck is not None:
        cards, kept = keep_uncovered(cards, old_deck.cards, csv_header(text))
        summary.notes.extend(kept)
    cards_data = [card_data(card) for card in cards]
    new_deck = None
    if not exists:
        new_deck = {"id": deck_id, "name": deck_name or deck_id.replace("-", " ").capitalize(), "cards": cards_data}
        summary.created_deck = True
    new_text = _surgical(old_text, deck_id, cards_data, new_deck)
    if new_text is None or not _verify(new_text, shown, old_data, deck_id, cards, strict=False):
        data = dict(old_data)
        decks = [dict(d) for d in data["decks"]]
        if new_deck is not None:
            decks.append(new_deck)
        else:
            for d in decks:
                if d.get("id") == deck_id:
                    d["cards"] = cards_data
        data["decks"] = decks
        header = _header_comments(old_text) or [schema_line(game_dir, "cards")]
        if not any(line.startswith(SCHEMA_PREFIX) for line in header):
            header.insert(0, schema_line(game_dir, "cards"))
        new_text = "\n".join(header) + "\n" + dump(data)
        summary.notes.append("cards.yaml was rewritten in full (its layout was not plain block style): "
                             "comments after the first lines were not kept")
        _verify(new_text, shown, old_data, deck_id, cards)
    write_atomically(path, new_text)
    return summary


def csv_header(text: str) -> list[str]:
    return [cell.strip() for cell in next(csv.reader(io.StringIO(text, newline="")), [])]


def keep_uncovered(cards: list[Card], old_cards: list[Card], columns: list[str]) -> tuple[list[Card], list[str]]:
    """The cards with what the CSV has no column for taken from the deck's card of the same id (a CSV
    written by hand, or by an older export, must not erase a designer note it never showed), and a note
    per field kept."""
    old = {card.id: card for card in old_cards}
    present = set(columns)
    kept: dict[str, int] = {}
    result = []
    for card in cards:
        before = old.get(card.id)
        if before is None:
            result.append(card)
            continue
        update = {name: getattr(before, name) for name in MODEL_COLUMNS
                  if name not in present and _is_set(getattr(before, name))}
        extra = {key: value for key, value in getattr(before, EXTRA_FIELDS).items()
                 if field_column(key) not in present and FIELD_PREFIX + key not in present}
        for name in list(update) + [field_column(key) for key in extra]:
            kept[name] = kept.get(name, 0) + 1
        if extra:
            update[EXTRA_FIELDS] = {**getattr(card, EXTRA_FIELDS), **extra}
        result.append(Card.model_validate({**card.model_dump(), **update}) if update else card)
    notes = [f"kept '{name}' of {count} card(s) as it was: the CSV has no '{name}' column"
             for name, count in kept.items()]
    return result, notes


def write_atomically(path: Path, text: str) -> None:
    """The whole new file or the old one, never half of it: write a temporary file beside it, then
    rename it over the old one (a crash, a full disk or Ctrl-C leaves the deck as it was)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _verify(new_text: str, shown: str, old_data: Any, deck_id: str, cards: list[Card], strict: bool = True) -> bool:
    """The new file loads, holds exactly the imported cards, and leaves every other deck as it was."""
    size = len(new_text.encode("utf-8"))
    if size > MAX_FILE_BYTES:  # the loader would refuse the file: the game would no longer load
        raise RulecraftError([error("file-too-big", f"with these cards {shown} would be {size:,} bytes; the "
                                    f"limit is {MAX_FILE_BYTES:,} (nothing was written)", Location(shown),
                                    "split the deck, or the game, into smaller ones")])
    doc, problems = parse_yaml_text(new_text, shown)
    if any(p.code == "yaml-too-big" for p in problems):
        raise RulecraftError([error("yaml-too-big", f"with these cards {shown} would hold more values than the "
                                    "loader reads (nothing was written)", Location(shown),
                                    "split the deck, or the game, into smaller ones")])
    obj = None
    if not problems:
        obj, problems = load_model(doc, CardsFile)
    ok = obj is not None and not problems
    if ok:
        target = [d for d in obj.decks if d.id == deck_id]
        ok = len(target) == 1 and [_dump(c) for c in target[0].cards] == [_dump(c) for c in cards]
    if ok and old_data is not None:
        before = [d for d in old_data.get("decks", []) if isinstance(d, dict) and d.get("id") != deck_id]
        after = [d for d in doc.data.get("decks", []) if isinstance(d, dict) and d.get("id") != deck_id]
        ok = before == after and {k: v for k, v in old_data.items() if k != "decks"} == \
            {k: v for k, v in doc.data.items() if k != "decks"}
    if not ok and strict:
        raise RulecraftError(problems or [error("cards-write", "internal error: the rewritten cards.yaml does not "
                                                "hold the imported deck", Location(shown))])
    return ok


def _dump(model: RuleModel) -> dict:
    return model.model_dump()
