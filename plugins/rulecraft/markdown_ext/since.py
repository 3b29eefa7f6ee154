"""The "show changes since version …" switch's slot: on a page of a game whose rules are marked changed
in some version (``data-rc-changed``, render/change_marks.py), an empty hidden box under the title (and
under the variant switch) naming the game and its versions, oldest first. player.js sees it and loads
since.lazy.js, which fills it with a labelled choice remembered per game, so every page of the game
highlights the rules changed since the version chosen. Without script the box stays hidden and the
"Changed in" badges still say it all. Cheat sheets get none."""

from __future__ import annotations

import json
from xml.etree import ElementTree as etree

from markdown.treeprocessors import Treeprocessor

from ..diff.history import version_key
from ..render.change_marks import CHANGED_ATTR

PRIORITY = 3.9  # after the variant switch's slot (4): this one goes under it


def known_versions(game, history) -> list[str]:
    versions = {entry.version for entry in game.info.changelog}
    versions.update(t.version for t in history.tagged)
    return sorted(versions, key=version_key)


class SinceSlotTreeprocessor(Treeprocessor):
    def __init__(self, md, ext):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        game_id = self.ext.game_id()
        game = self.ext.game(game_id) if game_id else None
        if game is None or game.info is None:
            return
        if not any(el.get(CHANGED_ATTR) for el in root.iter()):
            return
        if any("rc-cheatsheet" in (el.get("class") or "").split() for el in root.iter("div")):
            return
        versions = known_versions(game, self.ext.game_history(game))
        if len(versions) < 2:
            return  # one version: nothing was changed since an earlier one
        slot = etree.Element("div", {"class": "rc-since", "hidden": "hidden", "data-rc-game": game.id,
                                     "data-rc-versions": json.dumps(versions, ensure_ascii=False)})
        first = next((i for i, el in enumerate(root) if el.tag == "h1"), None)
        if first is None:
            first = next((i for i, el in enumerate(root) if el.find("h1") is not None), -1)
        at = first + 1
        if at < len(root) and "rc-variants" in (root[at].get("class") or "").split():
            at += 1
        root.insert(at, slot)
