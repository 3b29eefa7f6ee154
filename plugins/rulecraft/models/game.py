"""game.yaml: what the game is, what is in the box, set-up, end and scoring."""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from . import records
from .base import (
    NOTE_HELP,
    AcceptReason,
    ExampleItem,
    Id,
    Name,
    ProblemCode,
    RuleModel,
    ShortText,
    StepItem,
    Text,
    accept_field,
    condition_field,
    condition_given,
    from_round_field,
    only_when_field,
    optional_field,
    VariantChoice,
    variant_field,
)
from .formulas import Formula, Input
from .rulings import RuleAt, Ruling
from .variant_views import PARTS


class Range(RuleModel):
    min: int = Field(ge=0)
    max: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self):
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self


def _open_range(value: Any) -> Any:
    """``"2+"`` is ``{min: 2}``: the source states a minimum and no maximum."""
    if isinstance(value, str):
        match = re.fullmatch(r"\s*([0-9]{1,4})\s*\+\s*", value)
        if match is None:
            raise ValueError(f"{value!r} is not a player count: write {{min: 2, max: 4}}, {{min: 2}} or \"2+\"")
        return {"min": int(match.group(1))}
    return value


class PlayerCount(RuleModel):
    """How many play: a range, or a minimum alone when the source states no maximum (shown "2+ players")."""

    min: int = Field(ge=0)
    max: int | None = Field(default=None, ge=0, description="Leave out when the source states no maximum.")

    @model_validator(mode="after")
    def _ordered(self):
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self


class Component(RuleModel):
    id: Id
    name: ShortText
    quantity: int | None = Field(default=None, ge=0, description="How many are in the box (omit if unknown).")
    icon: Id | None = None
    description: Text | None = None
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    variant: VariantChoice | None = variant_field()
    accept: dict[ProblemCode, AcceptReason] = accept_field()


def _number_to_constant(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return {"value": value}
    return value


class Constant(RuleModel, records.Constant):
    """A number the rules use in several places, written once."""

    value: int | float = Field(description="The value in the base game.")
    label: ShortText | None = None
    unit: Name | None = None
    variants: dict[Id, int | float] = Field(default_factory=dict, description="The value in a variant, by "
                                            "variant id: {long-game: 20}. Variants not listed keep `value`.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class Variant(RuleModel):
    """A way to play the game that changes some rules: a longer game, an optional module, a solo mode."""

    id: Id
    name: ShortText
    summary: Text | None = Field(default=None, description="What changes, in a sentence or two.")
    replaces: list[Literal[PARTS]] = Field(
        default_factory=list, description="Parts of the game this variant has its own version of: there, the "
        "rules marked `variant: base` are not played in it (other variants keep them). `turn`: its own turn "
        "sequence, numbered from 1.")
    combines_with: list[Id] = Field(default_factory=list, description="Variants it can be played together with: "
                                    "each pair is a way to play of its own, with a view and a cheat sheet (list it "
                                    "under `combinations:` too to name it or give it its own numbers).")
    accept: dict[ProblemCode, AcceptReason] = accept_field()


class Combination(RuleModel):
    """Variants played together: what each adds is played, and each replaces what it replaces."""

    variants: list[Id] = Field(min_length=2, description="The variants played together: [dragons, sieges].")
    id: Id | None = Field(default=None, description="How rules name it (`variant:`) and its cheat sheet's page; "
                          "default: the variants' ids joined by 'and' (dragons-and-sieges).")
    name: ShortText | None = Field(default=None, description="Its name; default: the variants' names joined by "
                                   "'and' (Dragons and Sieges).")
    summary: Text | None = None
    constants: dict[Id, int | float] = Field(default_factory=dict, description="Its own value of constants, by "
                                             "id: needed where its variants set one constant differently.")
    parts_from: dict[Literal[PARTS], Id] = Field(
        default_factory=dict, description="For a part of the game two of its variants replace (`replaces:`), "
        "the variant whose version it plays: {turn: sieges}.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _distinct(self):
        if len(set(self.variants)) != len(self.variants):
            raise ValueError("a combination lists each variant once")
        return self


class State(RuleModel):
    """A state the game is in, which some rules depend on: the time of day, the weather, a season."""

    id: Id
    name: ShortText = Field(description="How the state reads in words: 'the time of day'.")
    values: list[Id] = Field(min_length=2, description="The values it takes, as ids: [day, night].")
    initial: Id | None = Field(default=None, description="Its value when the game starts (one of 'values').")

    @model_validator(mode="after")
    def _values(self):
        if len(set(self.values)) != len(self.values):
            raise ValueError("a state lists each value once")
        if self.initial is not None and self.initial not in self.values:
            raise ValueError(f"initial value '{self.initial}' is not one of its values: {', '.join(self.values)}")
        return self


class GameEvent(RuleModel):
    """Something that happens in play that a rule waits for: 'an army was annihilated last turn'."""

    id: Id
    name: ShortText = Field(description="What happened, as a clause: 'an army was annihilated last turn'.")


class ChangelogEntry(RuleModel):
    version: str
    date: datetime.date | None = None
    summary: Text | None = None
    changes: list[Text] = Field(default_factory=list)


class VersionsConfig(RuleModel):
    """Where the game's versions come from besides its changelog: git tags named by a rule."""

    tags: Annotated[str, StringConstraints(pattern=r"^[^{}]*\{version\}[^{}]*$", max_length=80)] = Field(
        description="How a tag of this game reads, with {version} where its number goes: \"v{version}\", "
                    "\"straits-v{version}\". The Changes page shows what changed between each tagged version "
                    "and the one before it, and marks the changed rules.")


class OpenQuestion(RuleModel):
    """A gap or contradiction in the source rules, kept visible instead of guessed."""

    id: Id
    question: Text
    detail: Text | None = None
    source: str | None = Field(default=None, description="Where in the source rules this comes from.")
    at: list[RuleAt] = Field(default_factory=list, description="The rules where the question arises, as "
                             "kind:id (phase:london-season, dice:retirement, section:trading) or end (the end "
                             "of the game): each shows the question and its rulings.")
    rulings: list[Ruling] = Field(default_factory=list, description="Candidate rulings a group may pick between "
                                  "(two or more), each with what it changes: a constant, a dice table or a text.")

    @model_validator(mode="after")
    def _rulings(self):
        if self.rulings:
            if len(self.rulings) < 2:
                raise ValueError("a question lists two or more rulings to pick between, or none")
            ids = [r.id for r in self.rulings]
            if len(set(ids)) != len(ids):
                raise ValueError("each ruling of a question has its own id")
            if not self.at:
                raise ValueError("a question with rulings names where it arises: at: [dice:<id>, phase:<id>, ...]")
        return self


class Section(RuleModel, records.Section):
    """A titled block of prose rules that is not a phase (trading, negotiation, ...)."""

    id: Id
    title: ShortText
    text: Text | None = None
    steps: list[StepItem] = Field(default_factory=list)
    tables: list[Id] = Field(default_factory=list, description="Reference tables (tables.yaml) shown in the "
                             "section, under its steps, in this order: a chart the section's rules read.")
    examples: list[ExampleItem] = Field(default_factory=list)
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    optional: bool = optional_field()
    condition: str | None = condition_field()
    from_round: int | None = from_round_field()
    only_when: str | None = only_when_field()
    variant: VariantChoice | None = variant_field()
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _conditions(self):
        return condition_given(self)


SheetBlock = Literal["turn", "dice", "tables", "catalog", "cards", "terms", "icons", "end", "constants", "sections"]
# Blocks whose units the PDF step may leave out when a sheet overflows its page (models/sheet_priority.py: the
# default order; never the turn sequence, the end of the game or the key numbers).
DroppableBlock = Literal["terms", "icons", "catalog", "tables", "sections", "dice", "cards"]


class CheatsheetConfig(RuleModel):
    """What the one-page player aid shows, in order. It must print on one page (A4 and Letter):
    the checker warns (cheatsheet-overflow) when the chosen content is likely not to fit."""

    include: list[SheetBlock] = Field(
        default_factory=lambda: ["end", "turn", "dice", "tables", "catalog", "cards", "terms", "icons",
                                 "constants", "sections"],
        description="Blocks to show, in this order: end (end of game and scoring: first, where a player looks "
                    "for it), turn, dice, tables (reference tables of tables.yaml), catalog (items of catalog.yaml "
                    "with cost, requirements, limit and effect), cards (the cards listed under cards:, each with "
                    "its effect), terms, icons, constants, sections (of game.yaml).")
    terms: list[Id] = Field(default_factory=list, description="Terms to show, in order; default: those marked "
                            "cheatsheet: true in terms.yaml, or else the most mentioned terms.")
    max_terms: int | None = Field(default=None, ge=0, description="At most this many terms (default: every listed "
                                  "or marked one; 12 when picked by mentions).")
    constants: list[Id] = Field(default_factory=list, description="Numbers to show, in order; default: all.")
    dice: list[Id] = Field(default_factory=list, description="Dice tables to show, in order; default: all.")
    tables: list[Id] = Field(default_factory=list, description="Reference tables to show, in order; default: "
                             "all.")
    catalog: list[Id] = Field(default_factory=list, description="Catalog items to show, in order; default: all.")
    icons: list[Id] = Field(default_factory=list, description="Icons to show, in order; default: all.")
    cards: list[Id] = Field(default_factory=list, description="Cards of cards.yaml to show with their effect, in "
                            "order; a deck's id stands for all its cards; default: none (a deck may be long).")
    drop_order: list[DroppableBlock] = Field(
        default_factory=list, description="When the chosen content overflows the page, the blocks whose entries "
        "are left out first, in order (each from its end); blocks not named follow in the default order "
        "(terms, icons, catalog, tables, sections, dice, cards). The turn sequence, the end of the game and the "
        "key numbers are never left out.")
    sections: list[Id] = Field(default_factory=list, description="Sections of game.yaml to show, in order; "
                               "default: those the sheet's own text names ({section:id}).")
    odds: bool = Field(default=False, description="Show each dice-table row's chance.")
    summaries: bool = Field(default=True, description="Show each phase's one-line summary in the turn sequence.")
    columns: int = Field(default=3, ge=1, le=4, description="Columns of the printed page.")
    variants: list[Id] = Field(default_factory=list, description="One more sheet (page and PDFs) per variant "
                               "listed, with its numbers and without other variants' rules.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()


# What a warning is about, as `kind:id` (term:gem, phase:trade, const:gems-to-win) or a bare kind for the
# game's one such thing (cheatsheet); a changelog version may hold dots (changelog:1.2).
Subject = Annotated[str, StringConstraints(pattern=r"^[a-z]+(:[a-z0-9][a-z0-9_.-]*)?$", max_length=120)]


class AcceptEntry(RuleModel):
    """One accepted warning, named by its code and what it is about (ids are stable; lines are not)."""

    code: ProblemCode = Field(description="The warning's code, as the checker prints it: unused-term.")
    at: Subject = Field(description="What the warning is about, as kind:id: term:gem, icon:gem, const:gems-to-win, "
                        "phase:trade, group:production, dice:storm, card:theft, deck:events, section:trading, "
                        "component:die, item:hut, resource:wood, variant:long-game, changelog:0.2.0; or cheatsheet.")
    reason: AcceptReason = Field(description="Why the warning is accepted; shown on the Status page.")


GapLevel = Literal["notice", "warning", "error"]


class CheckSettings(RuleModel):
    """How `rulecraft check` and the site build treat this game's findings."""

    gaps: GapLevel = Field(default="notice", description="What a recorded gap (a todo, an open question) counts "
                           "as: notice (listed and counted, never a failure), warning (fails --strict, as any "
                           "warning), error (fails every check and build).")
    accept: list[AcceptEntry] = Field(default_factory=list, description="Warnings accepted, each with its reason: "
                                      "they no longer count and are listed on the Status page.")


class GameFile(RuleModel):
    id: Id
    title: ShortText
    subtitle: Name | None = None
    version: str | None = Field(default=None, description="Rules version, in quotes: \"1.0\"; leave it out when "
                                                          "the source states none.")
    players: Annotated[PlayerCount, BeforeValidator(_open_range)] | None = Field(
        default=None, description="{min: 2, max: 4}; {min: 2} or \"2+\" when the source states no maximum.")
    play_time: Range | None = Field(default=None, description="Minutes.")
    summary: Text = Field(description="One or two sentences: what the game is about.")
    objective: Text | None = None
    components: list[Component] = Field(default_factory=list)
    setup: list[StepItem] = Field(default_factory=list)
    end_of_game: list[StepItem] = Field(default_factory=list, description="What ends the game.")
    scoring: list[StepItem] = Field(default_factory=list)
    constants: dict[Id, Annotated[Constant, BeforeValidator(_number_to_constant)]] = Field(default_factory=dict)
    variants: list[Variant] = Field(default_factory=list, description="Ways to play that change some rules; "
                                    "items name theirs with `variant:`, constants give per-variant values.")
    combinations: list[Combination] = Field(default_factory=list, description="Variants played together, "
                                            "each with a view and a cheat sheet (and `combines_with:` on a variant).")
    states: list[State] = Field(default_factory=list, description="States of the game rules depend on "
                                "(`only_when: state.<id> == <value>`).")
    events: list[GameEvent] = Field(default_factory=list, description="Events rules wait for "
                                    "(`only_when: event.<id>`).")
    inputs: list[Input] = Field(default_factory=list, description="Numbers a calculator asks players for "
                                "(`input.<id>` in formulas and costs), each with its range.")
    formulas: list[Formula] = Field(default_factory=list, description="Numbers the rules work out, as formulas "
                                    "shown in words with a calculator (`{formula:id}`, `/// formula | id`).")
    sections: list[Section] = Field(default_factory=list)
    changelog: list[ChangelogEntry] = Field(default_factory=list)
    versions: VersionsConfig | None = Field(default=None, description="Versions read from git tags: "
                                            "{tags: \"v{version}\"}.")
    open_questions: list[OpenQuestion] = Field(default_factory=list)
    cheatsheet: CheatsheetConfig = Field(default_factory=CheatsheetConfig)
    glossaries: list[Id] = Field(default_factory=list, description="Shared glossaries (rules_data/_shared/<id>.yaml).")
    check: CheckSettings = Field(default_factory=CheckSettings)
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
