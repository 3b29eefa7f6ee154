"""Set-up steps numbered on across groups (``numbering: continue`` on a group of steps): the source's
1–9 in one group and 10 in the next stay 1–9 and 10, not 2a; without the key, nested steps are
numbered under their step, as before; the key on a step without steps is a located error."""

from __future__ import annotations

from gamekit import MINIMAL_GAME, check, dedent, where
from mdkit import render

GROUPS = dedent(MINIMAL_GAME["game.yaml"]) + """\
setup:
  - text: The dungeon
    numbering: continue
    steps: [Lay out the entrance tile., Shuffle the room tiles., Place the boss.]
  - text: The heroes
    numbering: continue
    steps: [Each player takes a hero., Each hero takes 3 torches.]
  - Read the quest aloud.
"""


def numbers(ol) -> list[tuple[str, str]]:
    """(number shown, text) of each item an ``ol`` numbers itself (a group's title takes none)."""
    start, out = int(ol.get("start", 1)), []
    for li in ol.find_all("li", recursive=False):
        if "rc-step-group" in li.get("class", []):
            continue
        start = int(li.get("value", start))
        out.append((str(start), li.contents[0].strip()))
        start += 1
    return out


def test_groups_numbered_on_read_as_the_source(game):
    folder = game({"game.yaml": GROUPS})
    assert not check(folder).problems
    page = render(folder.parent, "/// overview\n///\n", game="demo")[0]
    top = page.find(id="setup").find_next_sibling("ol")
    groups = top.select(":scope > li.rc-step-group")
    assert [g.contents[0].strip() for g in groups] == ["The dungeon", "The heroes"]
    shown = [n for g in groups for n in numbers(g.select_one(":scope > ol.rc-steps--continued"))] + numbers(top)
    assert shown == [("1", "Lay out the entrance tile."), ("2", "Shuffle the room tiles."), ("3", "Place the boss."),
                     ("4", "Each player takes a hero."), ("5", "Each hero takes 3 torches."),
                     ("6", "Read the quest aloud.")]


def test_without_the_key_nested_steps_stay_under_their_step(game):
    folder = game({"game.yaml": GROUPS.replace("    numbering: continue\n", "")})
    page = render(folder.parent, "/// overview\n///\n", game="demo")[0]
    assert not page.select(".rc-step-group, .rc-steps--continued, li[value], ol[start]")


def test_the_key_on_a_step_without_steps_is_located(game):
    folder = game({"game.yaml": dedent(MINIMAL_GAME["game.yaml"]) + "setup:\n  - text: Alone\n    numbering: continue\n"})
    problem = check(folder).errors[0]
    assert "belongs on a group of steps" in problem.message
    assert problem.location.line == where(folder, "game.yaml", "- text: Alone")[0]
