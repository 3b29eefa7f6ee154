"""`rulecraft new <game-id>`: a small, complete starter game that checks clean and builds.

Every data file kind is there with the schema line editors use, plus a prose page
that pulls data in with a block and inline references, so a new author sees each
piece working before replacing it with their own rules.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pydantic import TypeAdapter, ValidationError

from ..atomicfile import NewFolders
from ..models.base import ID_MAX_LENGTH, ID_RE, INVISIBLE_HINT
from ..models.game import GameFile
from .project import GITIGNORE, MINIMAL_MKDOCS, Project, add_nav_entry, find_project
from .schema import write_schemas
from .yamlwrite import dump, ensure_schemas, schema_folder, schema_line

RESERVED_IDS = frozenset({"assets", "search", "index", "site"})  # paths MkDocs or the plugin already use
PROSE_PAGE = "how-to-play.md"


class ScaffoldError(Exception):
    """A refusal the user must act on; ``usage`` says whether it is a usage mistake (exit 2)."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


def validate_game_id(game_id: str) -> None:
    if not ID_RE.match(game_id) or len(game_id) > ID_MAX_LENGTH:
        raise ScaffoldError(f"'{game_id}' is not a valid game id: use lower-case letters, digits, '-' and '_', "
                            "starting with a letter or digit (e.g. 'my-game')", usage=True)
    if game_id in RESERVED_IDS:
        raise ScaffoldError(f"'{game_id}' cannot be a game id: the site already uses that path "
                            f"(reserved: {', '.join(sorted(RESERVED_IDS))})", usage=True)


_TITLE = GameFile.model_fields["title"]
# The loader's rule for a game's title (its field's type and constraints), applied before anything is written.
_TITLE_TYPE = TypeAdapter(Annotated[(_TITLE.annotation, *_TITLE.metadata)])


def validate_title(title: str) -> None:
    # Bytes that are not UTF-8 reach Python as lone surrogates (U+DC80..U+DCFF hold the byte): say so.
    undecoded = next((c for c in title if "\udc80" <= c <= "\udcff"), None)
    if undecoded is not None:
        raise ScaffoldError(f"--title is not UTF-8 text: byte 0x{ord(undecoded) - 0xDC00:02X} in {title!r} cannot "
                            "be read; pass the title as UTF-8 (a terminal set to UTF-8 does)", usage=True)
    try:
        _TITLE_TYPE.validate_python(title)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        hint = f": {INVISIBLE_HINT}" if err["type"] == "invisible_character" else ""
        raise ScaffoldError(f"--title: {err['msg'][0].lower() + err['msg'][1:]}{hint}", usage=True) from None


def default_title(game_id: str) -> str:
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", game_id) if word) or game_id


@dataclass
class Created:
    project: Project
    game_id: str
    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def refuse_existing(project: Project, game_id: str) -> None:
    for folder in (project.rules_data / game_id, project.docs / game_id):
        if folder.exists():
            raise ScaffoldError(f"'{folder}' already exists: refusing to overwrite game '{game_id}' "
                                "(choose another id or remove the folder)")


def untouched_starter(project: Project, game_id: str) -> bool:
    """Whether the game's folders hold exactly what `rulecraft new` wrote (any day, any title, any schema
    folder): a starter nobody has edited, which an import may replace without losing anyone's work."""
    import yaml

    folder, pages = project.rules_data / game_id, project.docs / game_id
    try:
        game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        title, day = game["title"], game["changelog"][0]["date"]
        today = day if isinstance(day, datetime.date) else datetime.date.fromisoformat(str(day))
        schemas = None
        first = (folder / "game.yaml").read_text(encoding="utf-8").split("\n", 1)[0]
        if "=" in first:
            schemas = (folder / first.split("=", 1)[1]).resolve().parent
        want = starter_files(game_id, title, folder, today, schemas)
        have = {p.name for p in folder.iterdir()}
        return have == set(want) and all((folder / n).read_text(encoding="utf-8") == t for n, t in want.items()) \
            and {p.name for p in pages.iterdir()} == {PROSE_PAGE} \
            and (pages / PROSE_PAGE).read_text(encoding="utf-8") == prose_page(title)
    except (OSError, KeyError, IndexError, TypeError, ValueError, yaml.YAMLError):
        return False  # not the starter's shape: somebody's game


def starter_files(game_id: str, title: str, game_folder: Path, today: datetime.date,
                  schemas: Path | None = None) -> dict[str, str]:
    """File name -> text of the starter game's data files (``schemas``: the folder their $schema lines use)."""

    def head(kind: str, note: str) -> str:
        return f"{schema_line(game_folder, kind, schemas)}\n# {note}\n"

    return {
        "game.yaml": head("game", "What the game is, what is in the box, set-up, end, scoring, constants, "
                                  "changelog.") + f"""\
id: {game_id}
{dump({"title": title}).rstrip()}
version: "0.1.0"
players: {{min: 2, max: 4}}
play_time: {{min: 20, max: 40}}
summary: >-
  A starter game made by `rulecraft new`: players roll for {{term:gem|gems}}, trade and draw events until
  someone holds {{const:gems-to-win}}. Replace it with your own rules.
objective: Be the first player to hold {{const:gems-to-win}} gems.
components:
  - id: gem-tokens
    name: Gem tokens
    quantity: 40
    icon: gem
  - id: event-deck
    name: Event deck
    quantity: 6
  - id: die
    name: Six-sided die
    quantity: 1
setup:
  - Give each player {{const:starting-gems}} {{term:gem|gems}}.
  - Shuffle the {{deck:events}} and put it face down.
  - The youngest player goes first; play passes clockwise.
end_of_game:
  - The game ends at once when a player holds {{const:gems-to-win}} or more gems.
scoring:
  - That player wins. There are no ties, because the game ends the moment one player reaches the goal.
constants:
  starting-gems: {{value: 2, label: Gems each player starts with}}
  gems-to-win: {{value: 10, label: Gems needed to win}}
sections:
  - id: trading
    title: Trading
    text: >-
      During {{phase:trade}} the active player may offer any number of gems for one event card, or the
      other way round.
changelog:
  - version: "0.1.0"
    date: {today.isoformat()}
    summary: First draft, made with `rulecraft new`.
    changes:
      - The starter rules.
""",
        "phases.yaml": head("phases", "The turn sequence. Numbers (1, 2, 7a, 10b) are derived from order and "
                                      "nesting.") + """\
phases:
  - id: income
    name: Income
    summary: Roll the die and collect gems.
    rules: Roll the die once and apply the result from {dice:income-roll}.
    dice: [income-roll]
    changed_in: "0.1.0"
  - id: trade
    name: Trade
    summary: Swap gems and event cards with other players.
    steps:
      - The active player may make one offer to each other player.
      - text: An accepted offer is carried out at once.
        steps:
          - Gems change hands first.
          - Then the event card.
  - id: event
    name: Event
    summary: Draw an event card and resolve it.
    rules: Draw the top card of the {deck:events} and do what it says, then discard it.
    terms: [event-card]
""",
        "dice.yaml": head("dice", "Dice tables: `rulecraft check` proves every reachable roll hits exactly "
                                  "one row.") + """\
tables:
  - id: income-roll
    title: Income
    dice: 1d6
    when: Once in {phase:income}.
    rows:
      - roll: 1-2
        result: Nothing.
      - roll: 3-5
        result: Take 1 {term:gem}.
      - roll: 6
        result: Take 3 gems.
""",
        "terms.yaml": head("terms", "The glossary: the first mention of a term in the rules links to it.") + """\
terms:
  - id: gem
    term: Gem
    plurals: [gems]
    short: The game's currency and score; whoever holds enough wins.
    cheatsheet: true
  - id: event-card
    term: Event card
    plurals: [event cards]
    short: A card from the Event deck with a one-off effect for every player.
    see_also: [gem]
    changed_in: "0.1.0"
""",
        "cards.yaml": head("cards", "Decks: one row per distinct card with a qty (round-trips through "
                                    "`rulecraft cards`).") + """\
decks:
  - id: events
    name: Event deck
    component: event-deck
    description: Shuffled at set-up; one card is drawn in every {phase:event} phase.
    cards:
      - id: windfall
        name: Windfall
        qty: 4
        type: Fortune
        text: Every player takes 1 gem.
        fields: {flavour: "Rain at last."}
      - id: theft
        name: Theft
        qty: 2
        type: Misfortune
        text: The active player takes 1 gem from the player of their choice.
        icons: [gem]
        changed_in: "0.1.0"
""",
        "icons.yaml": head("icons", "Symbols printed on components and cards.") + """\
icons:
  - id: gem
    label: Gem
    meaning: A gem changes hands.
    glyph: {emoji: "💎"}
""",
    }


def prose_page(title: str) -> str:
    return f"""\
# How to play {title}

This page is plain Markdown: write the rules in your own words and pull in the data with blocks
and inline references, so numbers and names are never typed twice.

A turn has three phases. It starts with {{phase:income}}:

/// phase | income
///

The die decides your income ({{dice:income-roll}}):

/// dice | income-roll
///

Collect {{const:gems-to-win}} {{term:gem|gems}} to win. Every {{term:event-card}} comes from the
{{deck:events}}; the rarest is {{card:theft}} {{icon:gem}}.
"""


def create_game(root: Path, game_id: str, title: str | None = None,
                today: datetime.date | None = None) -> Created:
    """Write the starter game into the project at ``root`` (mkdocs.yml, docs/, rules_data/).

    Everything is checked first; the game's folders are built under temporary names beside their places
    and moved in at the end, so a failure leaves nothing behind and a retry starts afresh."""
    validate_game_id(game_id)
    root = Path(root)
    if root.exists() and not root.is_dir():
        raise ScaffoldError(f"'{root}' is not a folder", usage=True)
    title = title or default_title(game_id)
    validate_title(title)
    project = find_project(root)  # with no mkdocs.yml yet: the folders the minimal one names
    refuse_existing(project, game_id)
    created = Created(project, game_id)
    try:
        with NewFolders() as new:
            _write_game(new, created, root, game_id, title, today or datetime.date.today())
    except OSError as exc:
        raise ScaffoldError(f"cannot write game '{game_id}': {exc} (nothing was left behind)") from exc
    return created


def _write_game(new: NewFolders, created: Created, root: Path, game_id: str, title: str,
                today: datetime.date) -> None:
    project = created.project
    fresh = project.mkdocs_yml is None
    schemas = schema_folder(root)
    if not schemas.exists():  # (the package's own schemas always do)
        schema_files = [schemas / path.name for path in write_schemas(new.folder(schemas))]
    else:
        schema_files = ensure_schemas(root)[1]
    folder = project.rules_data / game_id
    building = new.folder(folder)
    data_files = []
    for name, text in starter_files(game_id, title, folder, today, schemas).items():
        (building / name).write_text(text, encoding="utf-8")
        data_files.append(folder / name)
    page = project.docs / game_id / PROSE_PAGE
    (new.folder(page.parent) / PROSE_PAGE).write_text(prose_page(title), encoding="utf-8")
    new.commit()
    if fresh:
        new.new_file(root / "mkdocs.yml", MINIMAL_MKDOCS.format(site_name="Rulebooks").encode("utf-8"))
        created.files.append(root / "mkdocs.yml")
        if not (root / ".gitignore").exists():
            new.new_file(root / ".gitignore", GITIGNORE.encode("utf-8"))
            created.files.append(root / ".gitignore")
        created.notes.append("no mkdocs.yml found: wrote a minimal one with the rulecraft plugin")
        created.project = find_project(root)
    created.files += schema_files + data_files + [page]
    if created.project.has_nav:
        note = add_game_to_nav(created.project, game_id, title,
                               extra_pages=[("How to play", f"{game_id}/{PROSE_PAGE}")])
        created.notes.append(note or "added the game to the explicit nav in mkdocs.yml")


def add_game_to_nav(project: Project, game_id: str, title: str, extra_pages: list[tuple[str, str]]) -> str | None:
    """Add a nav section for the game (generated pages in the plugin's order, prose after the turn page)."""
    from ..loader import load_game
    from ..models.links import GAME_PAGES, pages_for_game

    game, _ = load_game(project.rules_data / game_id)
    pages = [(("Overview" if page == "overview" else GAME_PAGES[page][1]), f"{game_id}/{GAME_PAGES[page][0]}")
             for page in pages_for_game(game)]
    at = 2 if len(pages) > 1 and pages[1][1].endswith("/turn.md") else 1
    pages[at:at] = extra_pages
    return add_nav_entry(project.mkdocs_yml, title, pages)
