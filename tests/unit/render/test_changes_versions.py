"""The Changes page's versions: the changelog's, in its order, with each tagged version it lacks put where
its number falls, newest first or oldest first as the changelog is written."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from rulecraft.diff.history import GameHistory, Tagged
from rulecraft.render.changes import version_order


def ctx(written: list[str], tagged: list[str]):
    info = NS(changelog=[NS(version=v) for v in written])
    history = GameHistory([Tagged(v, "v" + v, "c" + v) for v in tagged])
    return NS(game=NS(info=info), history=history)


@pytest.mark.parametrize("written, tagged, shown", [
    (["0.3", "0.1"], ["0.1", "0.2", "0.3", "0.10"], ["0.10", "0.3", "0.2", "0.1"]),
    (["0.1", "0.3"], ["0.2", "0.4"], ["0.1", "0.2", "0.3", "0.4"]),
    ([], ["0.1", "0.2"], ["0.2", "0.1"]),
    (["1.0", "0.9"], [], ["1.0", "0.9"]),
])
def test_tagged_versions_join_the_changelog_in_order(written, tagged, shown):
    assert version_order(ctx(written, tagged)) == shown


def test_without_history_the_changelog_alone():
    assert version_order(NS(game=NS(info=NS(changelog=[NS(version="2")])), history=None)) == ["2"]
