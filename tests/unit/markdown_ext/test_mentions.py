"""The build's glossary mentions: read as the list of (game, term, page, section) tuples, kept compactly."""

from __future__ import annotations

import pytest

from rulecraft.markdown_ext import PageState
from rulecraft.markdown_ext.mentions import Mentions
from rulecraft.mkdocs_plugin.backlinks import group_mentions

RECORDED = [("g", "ship", "g/a.md", ""), ("g", "army", "g/a.md", "war"), ("other", "ship", "g/a.md", "war"),
            ("g", "ship", "g/a.md", "peace"), ("g", "ship", "g/b.md", "x"), ("g", "army", "g/glossary.md", "")]


def test_mentions_read_as_the_list_of_tuples():
    mentions = PageState().mentions
    mentions.extend(RECORDED[:2])
    mentions.append(RECORDED[2])
    mentions.extend(RECORDED[3:])
    assert mentions == RECORDED and list(mentions) == RECORDED and len(mentions) == len(RECORDED)
    assert [mentions[i] for i in range(-len(RECORDED), len(RECORDED))] == RECORDED * 2
    assert mentions[2:4] == RECORDED[2:4] and mentions[4:] == RECORDED[4:]
    assert ("other", "ship", "g/a.md", "war") in mentions and ("other", "ship", "g/b.md", "war") not in mentions
    with pytest.raises(IndexError):
        mentions[len(RECORDED)]
    mentions.clear()
    assert mentions == [] and not mentions


def test_a_run_of_mentions_of_one_game_on_one_page_is_stored_once():
    """What keeps a 2 000-page build's mentions small: no tuple a mention."""
    mentions = Mentions(RECORDED)
    assert mentions.runs == [("g", "g/a.md"), ("other", "g/a.md"), ("g", "g/a.md"), ("g", "g/b.md"),
                             ("g", "g/glossary.md")]
    assert mentions.starts == [0, 2, 3, 4, 5]
    assert not any(isinstance(item, tuple) for item in mentions.terms + mentions.sections)


def test_grouped_by_term_the_same_from_mentions_and_from_a_list():
    expected = {"ship": ["g/a.md", "", "g/a.md", "peace", "g/b.md", "x"], "army": ["g/a.md", "war"]}
    assert group_mentions(Mentions(RECORDED), "g", "g/glossary.md") == expected
    assert group_mentions(RECORDED, "g", "g/glossary.md") == expected
    assert group_mentions(Mentions(RECORDED), "other", "g/glossary.md") == {"ship": ["g/a.md", "war"]}
