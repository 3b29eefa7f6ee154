"""What every page loads from Rulecraft stays small; code only some pages need is in a lazy script.

A fast twin of the site gate (tests/site/test_quality_gates.py), which measures the same assets as a built
site links them: this one reads the sources as they are served, so a change that breaks the budget fails
in seconds rather than after a site build.
"""

from __future__ import annotations

import re

from rulecraft.pages.assets import ASSETS, gzipped_size, styles_and_scripts

BUDGET = 16_000  # bytes gzipped, every stylesheet and script every page links


def test_what_every_page_links_stays_within_16_kb_gzipped():
    sizes = {p.name: gzipped_size(p) for p in styles_and_scripts()}
    assert sum(sizes.values()) <= BUDGET, sizes


def test_the_dice_tables_script_and_the_glossary_filter_load_only_where_needed():
    eager = {p.name for p in styles_and_scripts()}
    assert "dice.lazy.js" not in eager and "gfilter.lazy.js" not in eager
    player = (ASSETS / "player.js").read_text(encoding="utf-8")
    # player.js loads each by the class of the element that needs it, and runs it again on later pages
    assert re.search(r'lazy\("dice", "rcDice"\)', player) and re.search(r'lazy\("gfilter", "rcGfilter"\)', player)
    assert "window.rcDice = init" in (ASSETS / "dice.lazy.js").read_text(encoding="utf-8")
    assert "window.rcGfilter" in (ASSETS / "gfilter.lazy.js").read_text(encoding="utf-8")
    # the filter's code left player.js (it would count on every page otherwise)
    assert "rc-gfilter" not in player.replace('"gfilter"', "").replace("(.rc-gfilter)", "")
