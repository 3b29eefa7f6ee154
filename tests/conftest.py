"""Fixtures shared by every test folder (helpers live in gamekit.py, sitekit.py, mdkit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamekit import copy_example, write_game
from sitekit import delve_site, euro_site, faq_site, seed_site, variants_site, wargame_site, zensical_site, zensical_variants_site  # noqa: F401 - session fixtures: the repository's own site, built once


@pytest.fixture
def game(tmp_path: Path):
    """``game({...})`` writes the minimal game with overrides and returns its folder."""

    def make(files: dict[str, str | bytes | None] | None = None, **kwargs) -> Path:
        return write_game(tmp_path, files, **kwargs)

    return make


@pytest.fixture
def example_copy(tmp_path: Path) -> Path:
    return copy_example(tmp_path)
