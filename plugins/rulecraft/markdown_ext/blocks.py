"""`/// name | argument` blocks that render rule data where the author wants it."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree as etree

from pymdownx.blocks.block import Block

from ..models import textrefs
from ..render import (
    cards,
    catalog,
    changes,
    cheatsheet,
    dice,
    faq,
    formulas,
    games,
    glossary,
    icons,
    overview,
    phases,
    play,
    status,
    tables,
)
from ..render.base import heading, note_box, safe, sub


class RulecraftBlock(Block):
    """Renders from the rule book; an unknown id shows an error box and is reported."""

    ARGUMENT = None  # optional for game-wide blocks
    OPTIONS = {}

    def on_create(self, parent: etree.Element) -> etree.Element:
        ext = self.config["ext"]
        self.placed_in = parent  # what stands before the block (PhaseBlock: a heading naming its phase)
        el = sub(parent, "div", cls=f"rc-block rc-block--{self.NAME}")
        try:
            self.render(el, ext, (self.argument or "").strip())
        except LookupError as exc:
            message = f"/// {self.NAME}{' | ' + self.argument if self.argument else ''}: {exc.args[0]}"
            ext.report(message)
            box = sub(el, "div", cls="admonition failure rc-error")
            sub(box, "p", "Rulecraft", "admonition-title")
            sub(box, "p", message)
        return el

    def render(self, el: etree.Element, ext, argument: str) -> None:
        raise LookupError("not a renderable block")


def _pin_game(el: etree.Element, ext, game_id: str | None) -> None:
    """A block showing another game than the page's: its references and term links use that game."""
    if not game_id or game_id == ext.game_id():
        return
    el.set("data-rc-game", game_id)
    for node in el.iter():
        if node.text:
            node.text = textrefs.qualify(node.text, game_id)
        if node.tail and node is not el:
            node.tail = textrefs.qualify(node.tail, game_id)


class GameBlock(RulecraftBlock):
    """A whole-game block; the argument, if any, names the game."""

    def render(self, el, ext, argument):
        ctx = ext.context(self.md, argument or None)
        self.render_game(el, ctx)
        _pin_game(el, ext, argument or None)


class ItemBlock(RulecraftBlock):
    """A block showing one item by id (``id`` or ``game-id:id``)."""

    ARGUMENT = True
    KIND = ""

    def render(self, el, ext, argument):
        game_id, item_id = textrefs.split_target(argument)
        ctx = ext.context(self.md, game_id)
        self.render_item(el, ctx, item_id)
        _pin_game(el, ext, game_id)


def _before(parent: etree.Element, el: etree.Element) -> list[etree.Element]:
    """What stands before the block ``el`` in ``parent``, in order."""
    return list(parent)[:next((i for i, child in enumerate(parent) if child is el), 0)]


def _level_under(parent: etree.Element, el: etree.Element) -> int:
    """One level below the last heading before the block ``el`` (2 at the top of a page)."""
    levels = [int(child.tag[1]) for child in _before(parent, el) if re.fullmatch(r"h[1-6]", child.tag)]
    return min(levels[-1] + 1, 5) if levels else 2


class GlossaryBlock(GameBlock):
    NAME = "glossary"

    def render_game(self, el, ctx):
        glossary.render_glossary(el, ctx, _level_under(self.placed_in, el))


def _game_block(name: str, fn):
    return type(f"{name.title().replace('-', '')}Block", (GameBlock,),
                {"NAME": name, "render_game": lambda self, el, ctx: fn(el, ctx)})


def _require(table: dict, item_id: str, what: str):
    if item_id not in table:
        raise LookupError(f"unknown {what} '{item_id}'")
    return table[item_id]


# A heading's words as they name a phase: no emphasis marks, no number or "Phase 2:" label before them.
_HEADING_MARKS_RE = re.compile(r"[*_`]")
_HEADING_NUMBER_RE = re.compile(r"^(?:phase|step)?\s*\d+[a-z]?\s*[.):—–-]?\s+", re.IGNORECASE)


def _naming_heading(parent: etree.Element, el: etree.Element, name: str) -> etree.Element | None:
    """The heading just before the block ``el`` (in ``parent``) when it names the phase ``name`` ("## Income",
    "## 3. Income"): the block then takes it as its own heading instead of repeating the name under it."""
    before = (_before(parent, el) or [None])[-1]
    if before is None or not re.fullmatch(r"h[1-6]", before.tag) or before.get("id") or len(before):
        return None  # not a plain heading (one with an id of its own, or markup inside, is the author's)
    words = _HEADING_NUMBER_RE.sub("", _HEADING_MARKS_RE.sub("", before.text or "").strip())
    return before if " ".join(words.split()).casefold() == " ".join(name.split()).casefold() else None


class PhaseBlock(ItemBlock):
    NAME = "phase"

    def render_item(self, el, ctx, item_id):
        node = _require(ctx.index.phases, item_id, "phase")
        phases.render_phase(el, node, ctx, level=3, named_by=_naming_heading(self.placed_in, el, node.phase.name))


class CatalogKindBlock(ItemBlock):
    """`/// catalog-kind | Building`: the items of one kind, where the rulebook's own section on them stands."""

    NAME = "catalog-kind"

    def render_item(self, el, ctx, item_id):
        kinds = {(item.kind or "").casefold() for item in ctx.game.items} - {""}
        if item_id.casefold() not in kinds:
            raise LookupError(f"unknown catalog kind '{item_id}'")
        catalog.render_catalog(el, ctx, kind=item_id)


class DiceBlock(ItemBlock):
    NAME = "dice"

    def render_item(self, el, ctx, item_id):
        table = _require(ctx.index.tables, item_id, "dice table")
        dice.render_table(el, table, ctx, level=None)


class TableBlock(ItemBlock):
    NAME = "table"

    def render_item(self, el, ctx, item_id):
        tables.render_reference_table(el, _require(ctx.index.reference_tables, item_id, "reference table"), ctx,
                                      level=None)


class FormulaBlock(ItemBlock):
    NAME = "formula"

    def render_item(self, el, ctx, item_id):
        formulas.render_formula(el, _require(ctx.index.formulas, item_id, "formula"), ctx, level=None)


class DeckBlock(ItemBlock):
    NAME = "deck"

    def render_item(self, el, ctx, item_id):
        cards.render_deck(el, _require(ctx.index.decks, item_id, "deck"), ctx, level=3)


class CardBlock(ItemBlock):
    NAME = "card"

    def render_item(self, el, ctx, item_id):
        _, card = _require(ctx.index.cards, item_id, "card")
        cards.render_card(el, card, ctx, level=4)


class SectionBlock(ItemBlock):
    NAME = "section"

    def render_item(self, el, ctx, item_id):
        sections = {s.id: s for s in ctx.game.info.sections}
        overview.render_section(el, _require(sections, item_id, "section"), ctx, level=3)


class CheatsheetVariantBlock(ItemBlock):
    """The cheat sheet of one variant or combination (``/// cheatsheet-variant | long-game``)."""

    NAME = "cheatsheet-variant"

    def render_item(self, el, ctx, item_id):
        _require(ctx.index.ways, item_id, "variant")
        cheatsheet.render_cheatsheet(el, ctx, item_id)


class GamesBlock(RulecraftBlock):
    NAME = "games"

    def render(self, el, ext, argument):
        games.render_games(el, ext.rulebook(), ext.state.src)


class TitleBlock(RulecraftBlock):
    """A page heading from a JSON string: keeps generated titles out of Markdown source."""

    NAME = "title"

    def on_markdown(self):
        return "raw"

    def render(self, el, ext, argument):
        pass  # nothing to render up front: the heading is made from the block's content in on_end

    def on_end(self, block):
        text = block.text or ""
        block.text = None
        try:
            title = json.loads(text.strip())
        except ValueError:
            title = text.strip()
        block.tag = "h1"
        block.attrib.clear()
        block.text = safe(str(title))  # inline Markdown and {refs} yes, raw HTML no
        for child in list(block):
            block.remove(child)


_HEADING_ID_RE = re.compile(r"\s*\{:?\s*#([\w-]+)[^}]*\}\s*$")  # attr_list's '{#id}' after a heading's words


class DesignerNoteBlock(Block):
    """A designer note in prose (``/// designer-note``, or ``/// designer-note | todo`` for something the
    rules still lack): its Markdown is shown as the data's notes are, hidden in the player view, never
    printed, never a term's link (render.base.designer_note)."""

    NAME = "designer-note"
    ARGUMENT = None

    def on_markdown(self) -> str:
        return "block"

    def on_create(self, parent: etree.Element) -> etree.Element:
        kind = (self.argument or "").strip().lower() or "note"
        if kind not in textrefs.NOTE_KINDS:  # the checker names the line (checks.references.check_page_blocks)
            self.config["ext"].report(f"/// designer-note | {self.argument.strip()}: the argument is 'todo' or none")
            kind = "note"
        return note_box(parent, kind)

    def on_end(self, block: etree.Element) -> None:
        """A heading inside the note is a bold line: the page's table of contents lists what players see,
        and the note is hidden from them."""
        for el in block.iter():
            if re.fullmatch(r"h[1-6]", el.tag):
                el.tag = "p"
                el.attrib.clear()
                el.set("class", "rc-note-heading")
                own = _HEADING_ID_RE.search(el.text or "")  # '### Ties {#ties}': a link to it still lands here
                if own:
                    el.set("id", own.group(1))
                    el.text = el.text[:own.start()]
                strong = etree.Element("strong")
                strong.text, el.text = el.text, None
                strong.extend(list(el))
                for child in list(el):
                    el.remove(child)
                el.append(strong)


def _status(el, ctx):
    status.render_status(el, ctx)


def _open_questions(el, ctx):
    info = ctx.game.info
    lst = sub(el, "ul", cls="rc-open-questions")
    for q in info.open_questions:
        sub(lst, "li", q.question)


GAME_RENDERERS = {
    "overview": overview.render_overview,
    "turn": phases.render_turn,
    "phase-list": phases.render_sequence,
    "dice-tables": dice.render_all,
    "components": overview.render_components,
    "setup": overview.render_setup,
    "end-of-game": overview.render_end,
    "scoring": overview.render_scoring,
    "constants": overview.render_constants,
    "icons": icons.render_legend,
    "cards": cards.render_all,
    "glossary": glossary.render_glossary,
    "changelog": changes.render_changes,
    "status": _status,
    "cheatsheet": cheatsheet.render_cheatsheet,
    "open-questions": _open_questions,
    "catalog": catalog.render_catalog,
    "reference-tables": tables.render_all,
    "formulas": formulas.render_all,
    "play": play.render_play,
    "faq": faq.render_faq_page,
}
assert set(GAME_RENDERERS) == set(textrefs.GAME_BLOCKS)

ALL_BLOCKS = [PhaseBlock, CatalogKindBlock, DiceBlock, TableBlock, FormulaBlock, DeckBlock, CardBlock, SectionBlock,
              CheatsheetVariantBlock, GamesBlock, TitleBlock, DesignerNoteBlock, GlossaryBlock] + [
    _game_block(name, fn) for name, fn in GAME_RENDERERS.items() if name != GlossaryBlock.NAME]

__all__ = ["ALL_BLOCKS", "heading"]
