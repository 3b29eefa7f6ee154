"""The variant switch's slot: every page of a game with variants gets, under its title, an empty hidden
box naming the game and its variants. player.js sees it and loads variants.lazy.js, which fills it with a
labelled choice (remembered per game); without script the box stays hidden and the page shows the base
game with every variant's rules badged. Cheat-sheet pages get none: each sheet is one way to play."""

from __future__ import annotations

import json
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor

PRIORITY = 4  # after toc (5): the slot is no heading and takes no id from it


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
            "data-rc-variants": json.dumps([[v.id, v.name] for v in game.info.variants], separators=(",", ":"),
                                           ensure_ascii=False)})
        first = next((i for i, el in enumerate(root) if el.tag == "h1"), None)
        if first is None:  # a generated page's title is the first block's heading
            first = next((i for i, el in enumerate(root) if el.find("h1") is not None), -1)
        root.insert(first + 1, slot)
