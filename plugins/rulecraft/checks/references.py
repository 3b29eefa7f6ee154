"""Dangling references: ids named in data or text that do not exist."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models.index import GameIndex, iter_texts
from ..models.textrefs import code_blanked, find_refs, find_unknown_kinds, unknown_kind_message
from ..problems import Location, Problem, error

KIND_NAMES = {"term": "term", "icon": "icon", "const": "constant", "phase": "phase", "dice": "dice table",
              "card": "card", "deck": "deck", "die": "custom die", "component": "component", "section": "section",
              "item": "catalog item", "resource": "resource", "variant": "variant", "table": "reference table",
              "legend": "legend", "formula": "formula"}


def _targets(index: GameIndex, kind: str) -> dict:
    return {"term": index.terms, "icon": index.icons, "const": index.constants, "phase": index.phases,
            "dice": index.tables, "card": index.cards, "deck": index.decks, "die": index.dice,
            "component": index.components, "section": index.sections, "item": index.items,
            "resource": index.resources, "variant": index.variants, "table": index.reference_tables,
            "legend": index.legends, "formula": index.formulas}[kind]


# The data file that defines each kind of target (a key of FILE_KINDS).
DEFINED_IN = {"term": "terms", "icon": "icons", "const": "game", "phase": "phases", "dice": "dice", "card": "cards",
              "deck": "cards", "die": "dice", "component": "game", "section": "game", "item": "catalog",
              "resource": "catalog", "variant": "game", "table": "tables", "legend": "tables",
              "formula": "game"}


def dangling(index: GameIndex, kind: str, target: str, location: Location, context: str) -> Problem | None:
    targets = _targets(index, kind)
    if target in targets:
        return None
    if DEFINED_IN[kind] in index.game.failed:
        return None  # that file did not load (already reported): every reference to it would look dangling
    close = difflib.get_close_matches(target, list(targets), n=1, cutoff=0.6)
    name = KIND_NAMES[kind]
    hint = f"did you mean '{close[0]}'?" if close else f"define {name} '{target}' or fix the id"
    return error(f"dangling-{kind}", f"{context} refers to unknown {name} '{target}'", location, hint,
                 index.game.id)


def _structured(index: GameIndex) -> Iterator[tuple[str, str, object, tuple, str]]:
    """(kind, target id, owner, subpath, context) of every id named in a data field."""
    game = index.game
    for node in index.numbered:
        phase = node.phase
        for field, kind in (("terms", "term"), ("dice", "dice"), ("see", "phase")):
            for i, target in enumerate(getattr(phase, field)):
                yield kind, target, phase, (field, i), f"phase '{phase.id}' ({field})"
    for section in game.info.sections if game.info else []:
        for i, target in enumerate(section.tables):
            yield "table", target, section, ("tables", i), f"section '{section.id}' (tables)"
    for term in game.terms:
        for i, target in enumerate(term.see_also):
            yield "term", target, term, ("see_also", i), f"term '{term.id}' (see_also)"
    for table in game.tables:
        if table.custom_die:
            yield "die", table.custom_die, table, ("custom_die",), f"dice table '{table.id}'"
        if table.legend:
            yield "legend", table.legend, table, ("legend",), f"dice table '{table.id}'"
        defender = table.opposed.defender_dice if table.opposed else None
        if defender is not None and defender.custom_die:
            yield "die", defender.custom_die, defender, ("custom_die",), f"dice table '{table.id}' (defender_dice)"
    for item in game.items:
        for resource in item.costs:
            yield "resource", resource, item, ("cost", resource), f"catalog item '{item.id}' (cost)"
        for target, path in item.requirement_paths():
            yield "item", target, item, path, f"catalog item '{item.id}' (requires)"
    for table in game.reference_tables:
        for i, column in enumerate(table.columns):
            if column.legend:
                yield ("legend", column.legend, table, ("columns", i, "legend"),
                       f"table '{table.id}' column '{column.id}'")
    for deck in game.decks:
        if deck.component:
            yield "component", deck.component, deck, ("component",), f"deck '{deck.id}'"
        for card in deck.cards:
            for i, target in enumerate(card.icons):
                yield "icon", target, card, ("icons", i), f"card '{card.id}'"
    if game.info:
        for component in game.info.components:
            if component.icon:
                yield "icon", component.icon, component, ("icon",), f"component '{component.id}'"
        sheet = game.info.cheatsheet
        for i, target in enumerate(sheet.terms):
            yield "term", target, sheet, ("terms", i), "cheatsheet.terms"
        for i, target in enumerate(sheet.constants):
            yield "const", target, sheet, ("constants", i), "cheatsheet.constants"


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    # Locations are looked up only for references that dangle: most do not.
    for kind, target, owner, subpath, context in _structured(index):
        if target not in _targets(index, kind):
            problem = dangling(index, kind, target, game.where(owner, *subpath), context)
            if problem:
                yield problem
    for obj, subpath, text in iter_texts(game):
        for ref in find_refs(text):
            if ref.kind == "plain" or ref.target in _targets(index, ref.kind):
                continue
            location = game.where_in_text(obj, subpath, ref.start, text[ref.start:ref.end])
            problem = dangling(index, ref.kind, ref.target, location, f"{{{ref.kind}:{ref.target}}}")
            if problem:
                yield problem
        for ref in find_unknown_kinds(text):
            location = game.where_in_text(obj, subpath, ref.start, text[ref.start:ref.end])
            yield unknown_kind(ref, location, game.id)


def unknown_kind(ref, location: Location, game_id: str = "") -> Problem:
    message, hint = unknown_kind_message(ref.kind)
    return error("unknown-ref-kind", f"{{{ref.kind}:{ref.target}}}: {message}", location, hint, game_id)


def check_prose(index: GameIndex, file: str, text: str) -> Iterator[Problem]:
    """References in a Markdown page of the game."""
    for ref in find_unknown_kinds(code_blanked(text)):
        line = text.count("\n", 0, ref.start) + 1
        column = ref.start - (text.rfind("\n", 0, ref.start) + 1) + 1
        yield unknown_kind(ref, Location(file, line, column), index.game.id)
    for ref in find_refs(text):
        if ref.kind == "plain" or ":" in ref.target:
            continue  # qualified {kind:game:id} refs are resolved (and reported) while rendering
        line = text.count("\n", 0, ref.start) + 1
        column = ref.start - (text.rfind("\n", 0, ref.start) + 1) + 1
        problem = dangling(index, ref.kind, ref.target, Location(file, line, column), f"{{{ref.kind}:{ref.target}}}")
        if problem:
            yield problem


def check_page_blocks(book, index: GameIndex | None, file: str, text: str) -> Iterator[Problem]:
    """`/// name | argument` blocks of a page: known block, existing game and item."""
    from ..models.index import build_index
    from ..models.textrefs import BLOCK_RE, GAME_BLOCKS, ITEM_BLOCKS, NOTE_KINDS, SITE_BLOCKS, split_target

    for match in BLOCK_RE.finditer(text):
        name, argument = match.group(2), (match.group(3) or "").strip()
        if name not in ITEM_BLOCKS and name not in GAME_BLOCKS and name not in SITE_BLOCKS:
            continue  # another extension's block (admonition, details, tab...)
        line = text.count("\n", 0, match.start()) + 1
        location = Location(file, line, match.start(2) - match.start() + 1)
        if name == "designer-note" and argument and argument.lower() not in NOTE_KINDS:
            yield error("block-argument", f"/// designer-note | {argument}: the argument is 'todo' or none", location,
                        "write /// designer-note for a remark, /// designer-note | todo for what the rules still lack")
        if name in SITE_BLOCKS:
            continue
        game_id, item_id = split_target(argument) if name in ITEM_BLOCKS else (argument or None, "")
        target_index = index
        if game_id:
            game = book.games.get(game_id)
            if game is None or game.info is None:
                yield error("dangling-game", f"/// {name}: unknown game '{game_id}'", location,
                            "games: " + ", ".join(sorted(book.games)))
                continue
            target_index = build_index(game)
        if target_index is None:
            yield error("block-game", f"/// {name}: this page is not inside a game's folder", location,
                        f"name the game: /// {name} | game-id" + (":item-id" if name in ITEM_BLOCKS else ""))
            continue
        if name in ITEM_BLOCKS:
            if not item_id:
                yield error("block-argument", f"/// {name} needs the id of a {ITEM_BLOCKS[name]}", location,
                            "write /// catalog-kind | Building (a kind: of catalog.yaml's items)"
                            if name == "catalog-kind" else f"write /// {name} | the-id")
                continue
            if name == "catalog-kind":
                kinds = sorted({item.kind for item in target_index.game.items if item.kind})
                if item_id.casefold() not in {kind.casefold() for kind in kinds}:
                    yield error("block-argument", f"/// catalog-kind: no catalog item is of the kind '{item_id}'",
                                location, "kinds: " + (", ".join(kinds) if kinds else "none (give items a kind:)"),
                                target_index.game.id)
                continue
            if name == "section":
                sections = {s.id for s in target_index.game.info.sections} if target_index.game.info else set()
                if item_id not in sections:
                    close = difflib.get_close_matches(item_id, sorted(sections), n=1)
                    yield error("dangling-section", f"/// section refers to unknown section '{item_id}'", location,
                                f"did you mean '{close[0]}'?" if close else "sections are defined in game.yaml",
                                target_index.game.id)
                continue
            problem = dangling(target_index, ITEM_BLOCKS[name], item_id, location, f"/// {name}")
            if problem:
                yield problem


def check_icon_images(index: GameIndex, docs_dir) -> Iterator[Problem]:
    """An image glyph names a file inside docs/ that exists (a missing one is a broken image on every
    page that shows the icon; a link out of docs/ is not published)."""
    if docs_dir is None:
        return
    docs = docs_dir.resolve()
    for icon in index.game.icons:
        image = icon.glyph.image if icon.glyph else None
        if not image:
            continue
        target = (docs / image).resolve()
        inside = target == docs or docs in target.parents
        if not inside or not target.is_file():
            why = "is outside docs/" if not inside else "does not exist"
            yield error("icon-image-missing", f"icon '{icon.id}': image '{image}' {why}",
                        index.game.where(icon.glyph, "image"), f"put the file at docs/{image} or fix the path",
                        index.game.id)
