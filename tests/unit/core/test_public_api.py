"""The package's public API: the names README and scripts use resolve, lazily, to the real objects."""

from __future__ import annotations

import pytest
from gamekit import write_game

import rulecraft
from rulecraft.book import RuleBook
from rulecraft.checks import check_book
from rulecraft.problems import Problem


def test_public_names_are_the_real_objects():
    assert rulecraft.check_book is check_book and rulecraft.RuleBook is RuleBook and rulecraft.Problem is Problem
    assert set(rulecraft.__all__) >= {"load_rulebook", "check_book", "RuleBook", "Problem"}


def test_a_script_loads_and_checks_a_game(tmp_path):
    write_game(tmp_path)
    result = rulecraft.check_book(rulecraft.load_rulebook(tmp_path))
    assert result.errors == [] and list(result.book.games) == ["demo"]


def test_unknown_names_are_attribute_errors():
    with pytest.raises(AttributeError):
        rulecraft.no_such_thing  # noqa: B018
