"""Two versions of a game in a temporary git repository: write, commit, change, commit."""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
           "GIT_COMMITTER_EMAIL": "test@example.org", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}


def git(repo: Path, *args: str) -> str:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | GIT_ENV
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, env=env, timeout=60, check=True)
    return done.stdout


def write_files(game: Path, files: dict[str, str | None]) -> None:
    game.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        if text is None:
            (game / name).unlink(missing_ok=True)
        else:
            (game / name).write_text(textwrap.dedent(text), encoding="utf-8")


def make_repo(root: Path, first: dict[str, str], game_id: str = "demo") -> Path:
    """A repository holding rules_data/<game_id>/ with ``first`` committed (and nothing else)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    write_files(root / "rules_data" / game_id, first)
    commit(root, "first version")
    return root


def commit(repo: Path, message: str, files: dict[str, str | None] | None = None, game_id: str = "demo",
           tag: str | None = None) -> None:
    if files:
        write_files(repo / "rules_data" / game_id, files)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    if tag:
        git(repo, "tag", tag)


VERSIONS_GAME = """\
    id: demo
    title: Demo Game
    version: "{version}"
    summary: Players trade widgets.
    versions: {{tags: "v{{version}}"}}
    constants:
      hand-size: {{value: {hand}, label: Cards in hand}}
    changelog:
      - version: "0.2"
        changes: [Income is smaller; widgets are cheaper.]
      - version: "0.1"
        changes: [First draft.]
    """
VERSIONS_PHASES = """\
    phases:
      - id: income
        name: Income
        rules: Take {gold} gold and draw up to {{const:hand-size}} cards.
      - id: trade
        name: Trade
        rules: Buy one {{term:widget}}.
    """
VERSIONS_TERMS = """\
    terms:
      - id: widget
        term: Widget
        plurals: [widgets]
        short: {short}
    """


def versions_files(version: str, gold: int, hand: int, short: str) -> dict[str, str]:
    return {"rules_data/demo/game.yaml": VERSIONS_GAME.format(version=version, hand=hand),
            "rules_data/demo/phases.yaml": VERSIONS_PHASES.format(gold=gold),
            "rules_data/demo/terms.yaml": VERSIONS_TERMS.format(short=short)}


def versions_project(root: Path) -> Path:
    """A site project (tests/sitekit.py) in a git repository: a small game tagged v0.1, then changed and
    tagged v0.2 (a phase's gold and a term's price), with a hand-written note for 0.2."""
    from sitekit import make_project

    root = make_project(root, files=versions_files(
        "0.1", 3, 5, "A small wooden cube, bought in the {phase:trade} phase for 2 gold."))
    (root / "docs" / "index.md").write_text("# Test rulebooks\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    commit(root, "0.1", tag="v0.1")
    second = versions_files("0.2", 2, 5, "A small wooden cube, bought in the {phase:trade} phase for 1 gold.")
    for rel, text in second.items():
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    commit(root, "0.2", tag="v0.2")
    return root


KINDS_GAME = """\
    id: demo
    title: Demo Game
    version: "{version}"
    summary: Players build huts.
    versions: {{tags: "v{{version}}"}}
    constants:
      actions: {{value: {actions}, label: Actions per turn}}
      rounds: {{value: 8, label: Rounds}}
    sections:
      - id: trading
        title: Trading
        text: {trading}
      - id: building
        title: Building
        text: Take {{const:actions}} action(s) a turn, for {{const:rounds}} rounds. Build one hut a turn.
    """
KINDS_DICE = """\
    tables:
      - id: retirement
        title: Retirement roll
        dice: 1d6
        rows:
          - {{roll: 1-2, result: Stay in office}}
          - {{roll: "{middle}", result: Stay and gain 1 gold}}
          - {{roll: {retire}+, result: Retire}}
      - id: weather
        title: Weather
        dice: 1d6
        rows:
          - {{roll: 1-3, result: Calm}}
          - {{roll: 4-6, result: Storm}}
    """
KINDS_CATALOG = """\
    resources:
      - {{id: wood, name: Wood}}
    items:
      - {{id: hut, name: Hut, cost: {{wood: {hut}}}, effect: Hold one more card.}}
      - {{id: farm, name: Farm, cost: {{wood: 4}}, effect: Gain 1 wood a turn.}}
    """
KINDS_TABLES = """\
    tables:
      - id: terrain
        title: Terrain effects
        columns:
          - {{id: terrain, title: Terrain}}
          - {{id: move, title: Movement cost}}
        rows:
          - {{terrain: Clear, move: 1}}
          - {{terrain: Forest, move: {forest}}}
      - id: ports
        title: Ports
        columns:
          - {{id: port, title: Port}}
          - {{id: goods, title: Goods}}
        rows:
          - {{port: North, goods: Fish}}
    """


def kinds_files(version: str, actions: int, trading: str, middle: str, retire: int, hut: int,
                forest: int) -> dict[str, str]:
    game = "rules_data/demo/"
    return {game + "game.yaml": KINDS_GAME.format(version=version, actions=actions, trading=trading),
            game + "dice.yaml": KINDS_DICE.format(middle=middle, retire=retire),
            game + "catalog.yaml": KINDS_CATALOG.format(hut=hut),
            game + "tables.yaml": KINDS_TABLES.format(forest=forest)}


def kinds_versions_project(root: Path) -> Path:
    """As ``versions_project``, for the other kinds marked at the rule: between v0.1 and v0.2 a constant
    (1 → 2 actions), a section's text, a dice table's rows (5+ → 4+ retires), a catalog item's cost and a
    reference table's cell change; one of each kind stays as it was."""
    from sitekit import make_project

    root = make_project(root, files=kinds_files("0.1", 1, "Swap one card with a neighbour.", "3-4", 5, 2, 2))
    (root / "docs" / "index.md").write_text("# Test rulebooks\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    commit(root, "0.1", tag="v0.1")
    second = kinds_files("0.2", 2, "Swap up to two cards with any player.", "3", 4, 3, 3)
    for rel, text in second.items():
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    commit(root, "0.2", tag="v0.2")
    return root
