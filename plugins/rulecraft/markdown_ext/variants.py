"""The variant switch's slot, and a variant's own numbers in its own text.

The slot: every page of a game with variants gets, under its title, an empty hidden
box naming the game and its variants. player.js sees it and loads variants.lazy.js, which fills it with a
labelled choice (remembered per game); without script the box stays hidden and the page shows the base
game with every variant's rules badged. Cheat-sheet pages get none: each sheet is one way to play.

A variant's numbers: a number that changes under variants ({const:...}, a phase's number) is written with
the base game's value and its variants' values in data-rc-vals. Inside text that belongs to variants (an
element with data-rc-variant that the base game does not show, or a cheat sheet fixed to one variant) the
number shown is that variant's, so "raised to 20" reads right in the default view too."""

from __future__ import annotations

import json
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor

from ..models.records import BASE_VARIANT
from ..models.variant_views import declared_views
from ..render.base import VARIANT_ATTR

PRIORITY = 4  # after toc (5): the slot is no heading and takes no id from it
VALUES_PRIORITY = 3  # after the inline pass (20), which writes the numbers


class VariantSlotTreeprocessor(Treeprocessor):
    def __init__(self, md, ext):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        game_id = self.ext.game_id()
        game = self.ext.game(game_id) if game_id else None  # the slot follows this game's variants only
        if game is None or game.info is None or not game.info.variants:
            return
        if any("rc-cheatsheet" in (el.get("class") or "").split() for el in root.iter("div")):
            return  # a cheat sheet shows one way to play, whatever the switch says: no switch there
        slot = etree.Element("div", {
            "class": "rc-variants", "hidden": "hidden", "data-rc-game": game.id,
            # [id, name] of each variant, [id, name, 1] of each combination of variants
            "data-rc-variants": json.dumps([[v.id, v.name, *([1] if v.combined else [])]
                                            for v in declared_views(game.info).values()], separators=(",", ":"),
                                           ensure_ascii=False)})
        first = next((i for i, el in enumerate(root) if el.tag == "h1"), None)
        if first is None:  # a generated page's title is the first block's heading
            first = next((i for i, el in enumerate(root) if el.find("h1") is not None), -1)
        root.insert(first + 1, slot)


class VariantValuesTreeprocessor(Treeprocessor):
    """Numbers inside a variant's own text take that variant's value (see the module's docstring)."""

    def run(self, root: etree.Element) -> None:
        self._visit(root, None)

    def _visit(self, el: etree.Element, views: list[str] | None) -> None:
        fixed = el.get("data-rc-fixed")
        if fixed is not None:
            views = [fixed]  # a cheat sheet: one way to play, whatever it holds
        elif el.get(VARIANT_ATTR):
            views = el.get(VARIANT_ATTR).split()
        vals = el.get("data-rc-vals")
        if vals and views and BASE_VARIANT not in views:
            shown = {json.loads(vals).get(view) for view in views}
            if len(shown) == 1 and None not in shown:  # every view it is shown in reads one value
                el.text = shown.pop()
        for child in el:
            self._visit(child, views)
