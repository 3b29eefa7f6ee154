"""The Status page's file:line:column locations are shown as written, whatever other extensions run."""

from __future__ import annotations

import mdkit
from gamekit import write_game

PHASES = "phases:\n" + "#\n" * 96 + """\
  - id: trade
    name: Trade
    todo: The source leaves trading open.
"""


def test_a_location_at_line_100_is_not_read_as_an_emoji(tmp_path):
    """`:100:` is the emoji shortcode of 💯: with pymdownx.emoji (the site runs it) a TODO on line 100
    showed a picture fetched from another site instead of its line number."""
    write_game(tmp_path, {"phases.yaml": PHASES})
    soup, _ = mdkit.render(tmp_path, "/// status\n///\n", game="demo", page="demo/status.md",
                           extensions=[*mdkit.SITE_EXTENSIONS, "pymdownx.emoji"])
    codes = [c.get_text() for c in soup.select(".rc-todo-list code")]
    assert any(c.endswith("phases.yaml:100:5") for c in codes), codes
    assert not soup.select(".rc-todo-list img")
