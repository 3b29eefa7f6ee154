"""dice.yaml: custom dice and dice tables with modifiers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic.json_schema import SkipJsonSchema

from ..dice.notation import parse_dice, parse_roll
from . import records
from .formulas import Expression
from .dice_profile import Chart, NaturalResult, natural_field
from .span import Span
from .base import (
    MAX_ROUND,
    NOTE_HELP,
    AcceptReason,
    Id,
    ProblemCode,
    RuleModel,
    ShortText,
    Text,
    accept_field,
    only_when_field,
    VariantChoice,
    variant_field,
)


class DieFace(RuleModel):
    id: Id
    label: ShortText
    count: int = Field(default=1, ge=1, le=100, description="How many faces of the die show this.")
    value: int | None = Field(default=None, ge=-1000, le=1000,
                              description="The number this face counts as, so the die can be summed like 2d6.")
    glyph: str | None = None


class CustomDie(RuleModel, records.CustomDie):
    id: Id
    name: ShortText
    description: Text | None = None
    faces: list[DieFace] = Field(min_length=2)
    unknown_counts: Text | None = Field(
        default=None, description="Why the number of faces showing each result is unknown. The site then shows "
        "the results without chances, and this reason; the faces take no 'count'.")
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _faces(self):
        if self.unknown_counts is not None:
            counted = [f.id for f in self.faces if "count" in f.model_fields_set]
            if counted:
                raise ValueError(f"face(s) {', '.join(counted)} give a count, but 'unknown_counts' says the counts "
                                 "are unknown; remove one or the other")
        valued = [f.value is not None for f in self.faces]
        if any(valued) and not all(valued):
            missing = [f.id for f in self.faces if f.value is None]
            raise ValueError(f"some faces have a 'value' and {', '.join(missing)} do not; give every face a "
                             "value (a numeric die) or none (a die of named results)")
        return self


MAX_MODIFIER_COUNT = 100  # coverage checks walk every count: an absurd range must not hang the checker
MAX_MODIFIER_COMBINATIONS = 10_000  # and every combination of counts across a table's modifiers
ModifierCount = Annotated[int, Field(ge=0, le=MAX_MODIFIER_COUNT)]


class Modifier(RuleModel, records.Modifier):
    """Adds ``value`` to the roll once per count, for each count in ``count``'s range; or, with ``formula``,
    the formula's value for each value of the one input it reads (models/modifier_formula.py works it out)."""

    id: Id
    label: ShortText = Field(description="e.g. 'per fatigue cube on the office'.")
    value: int | None = Field(default=None, description="Added per count; negative to subtract.")
    formula: Expression | None = Field(
        default=None, description="Instead of 'value' and 'count': what is added, worked out from one input of "
        "game.yaml: '-half(input.fatigue, down)'. The page asks for the input over its range.")
    count: tuple[ModifierCount, ModifierCount] = Field(
        default=(0, 1), description=f"Lowest and highest count: [0, 3] (at most {MAX_MODIFIER_COUNT}).")
    assumed: Text | None = Field(default=None, description="Why the highest count is an assumption (the "
                                 "rules give no limit): shown to designers as a note by the table.")
    only_when: str | None = only_when_field()
    # A formula's amount for each count from the lowest (the input's values), set when the game is loaded: never written.
    worked_out: SkipJsonSchema[list[int] | None] = Field(default=None, exclude=True)
    said: SkipJsonSchema[str | None] = Field(default=None, exclude=True)  # the formula in words
    asks: SkipJsonSchema[str | None] = Field(default=None, exclude=True)  # the input's label

    @model_validator(mode="after")
    def _ordered(self):
        written = sorted(self.model_fields_set & {"worked_out", "said", "asks"})
        if written:
            raise ValueError(f"'{written[0]}' is not a key of a modifier")
        if (self.value is None) == (self.formula is None):
            raise ValueError("a modifier needs exactly one of 'value' (added per count) or 'formula'")
        if self.formula is not None and "count" in self.model_fields_set:
            raise ValueError("a modifier with a 'formula' counts over its input's range: remove 'count'")
        low, high = self.count
        if low < 0 or high < low:
            raise ValueError(f"count must be [lowest, highest] with 0 <= lowest <= highest, found {list(self.count)}")
        if self.value == 0:
            raise ValueError("a modifier with value 0 changes nothing")
        return self


FaceSet = int | str  # one face value or a range like '1-2', '5+'


class Keep(RuleModel, records.Keep):
    """Roll several dice and add only some: 'keep: {highest: 3}' on 4d6."""

    highest: int | None = Field(default=None, ge=1, le=50)
    lowest: int | None = Field(default=None, ge=1, le=50)

    @model_validator(mode="after")
    def _one(self):
        if (self.highest is None) == (self.lowest is None):
            raise ValueError("write exactly one of 'highest: N' or 'lowest: N'")
        return self


class Reroll(RuleModel):
    """A die showing one of these values is rolled again: once, or until it shows another value."""

    on: FaceSet = Field(description="Value(s) rerolled: 1, '1-2', '2-' (2 or less).")
    once: bool = Field(default=True, description="true: reroll once and keep the second roll; false: reroll "
                       "until the die shows another value.")

    @field_validator("on")
    @classmethod
    def _notation(cls, value):
        parse_roll(value)
        return value


MAX_EXPLODE_DEPTH = 10


class Explode(RuleModel):
    """A die showing one of these values is rolled again and added; at most ``depth`` extra dice."""

    on: FaceSet | None = Field(default=None, description="Value(s) that explode; default: the highest face.")
    depth: int = Field(ge=1, le=MAX_EXPLODE_DEPTH, description="At most this many extra dice per die. The rules "
                       "may say 'no limit': the odds are exact up to this depth and the last extra die is not "
                       "rolled again (the page says so).")

    @field_validator("on")
    @classmethod
    def _notation(cls, value):
        if value is not None:
            parse_roll(value)
        return value


class DiceExpr(RuleModel, records.DiceExpr):
    """What is rolled: standard dice ('2d6') or a custom die, with keep / reroll / explode."""

    dice: str | None = Field(default=None, description="Standard dice: '1d6', '2d6', 'd66', '1d6+1'.")
    custom_die: Id | None = Field(default=None, description="Id of a custom die from 'dice'.")
    count: int | None = Field(default=None, ge=1, le=50, description="With a custom die that has numeric "
                              "faces ('value'): how many are rolled and added. Default 1.")
    keep: Keep | None = None
    reroll: Reroll | None = None
    explode: Explode | None = None

    @field_validator("dice")
    @classmethod
    def _dice_notation(cls, value):
        if value is not None:
            parse_dice(value)
        return value

    def _expr_rules(self, what: str):
        if (self.dice is None) == (self.custom_die is None):
            raise ValueError(f"{what} needs exactly one of 'dice' (like 2d6) or 'custom_die'")
        if self.count is not None and self.dice is not None:
            raise ValueError("'count' goes with 'custom_die'; with standard dice write it in 'dice' (like 2d6)")
        if self.dice is not None and parse_dice(self.dice).d66 and (self.keep or self.reroll or self.explode):
            raise ValueError("d66 is read as two digits: keep, reroll and explode do not apply")
        if self.keep is not None and self.keep.n >= self.dice_count:
            raise ValueError(f"keeping the {self.keep.side} {self.keep.n} of {self.dice_count} dice keeps every "
                             "die; roll more dice or keep fewer")

    @model_validator(mode="after")
    def _valid(self):
        self._expr_rules("a roll")
        return self


MAX_FORM_ROWS = 61  # rows of an opposed / target table: one per value of what varies


class Side(RuleModel, records.Side):
    """How the page's sentences name a side: "you win", "your total", "the Romans win"."""

    name: ShortText = Field(description="As it reads inside a sentence: 'the Monster', 'you', 'Player 1'; "
                            "capitalised where a sentence starts.")
    possessive: ShortText | None = Field(default=None, description="'your', 'the Romans''; default: a pronoun's "
                                         "own (you: your), else the name + 's.")
    plural: bool | None = Field(default=None, description="true: the name takes 'win', not 'wins' ('the Romans "
                                "win'); default: true for you, we, they.")


def _side(value: str | Side) -> Side:
    return Side(name=value) if isinstance(value, str) else value


SIDE_HELP = ("The side's name as it reads inside a sentence ('you', 'the Monster', 'Player 1'), or {name, "
             "possessive, plural} for forms the name does not tell.")


class Opposed(RuleModel):
    """Both sides roll; the higher total wins. Rows: the attacker's chance by the difference of bonuses."""

    attacker: ShortText | Side = Field(default="the attacker", description=SIDE_HELP)
    defender: ShortText | Side = Field(default="the defender", description=SIDE_HELP)
    defender_dice: DiceExpr | None = Field(default=None, description="What the defender rolls; default: the "
                                           "same as the attacker (the table's dice).")
    difference: Span = Field(description="Attacker's bonuses minus the defender's: [-4, 4].")
    ties: Literal["reroll", "defender", "attacker"] = Field(description="Equal totals: both reroll, or one side "
                                                            "wins.")
    attacker_wins: Text | None = None
    defender_wins: Text | None = None

    @model_validator(mode="after")
    def _size(self):
        # Read as sides everywhere: a plain name is a side whose forms follow from the name.
        self.attacker, self.defender = _side(self.attacker), _side(self.defender)
        if len(self.difference.values) > MAX_FORM_ROWS:
            raise ValueError(f"difference spans {len(self.difference.values)} values (at most {MAX_FORM_ROWS} rows)")
        return self


class Target(RuleModel, records.Target):
    """Roll + bonus must reach a target number. Rows: the chance by target, by bonus, or by their difference."""

    bonus: Span | None = Field(default=None, description="What is added to the roll; omit for none.")
    against: Span | None = Field(default=None, description="The target number to reach (with 'under': the "
                                 "value to roll under, such as a characteristic); [8, 8] for a fixed one.")
    from_roll: Id | None = Field(default=None, alias="from", description="Id of the table whose earlier roll is "
                                 "the target, instead of 'against': 'roll to beat the opponent's to-hit roll'.")
    under: bool = Field(default=False, description="true: succeed on a total equal to or under the value, not "
                        "reaching it; a modifier then adds to the value.")
    exceed: bool = Field(default=False, description="true: the total must be higher than the target, not equal "
                         "(with 'under': lower than the value).")
    natural: dict[int, NaturalResult] = natural_field()
    success: Text | None = None
    failure: Text | None = None

    @model_validator(mode="after")
    def _size(self):
        if (self.against is None) == (self.from_roll is None):
            raise ValueError("a target needs exactly one of 'against' (the number to reach) or 'from' (the table "
                             "whose earlier roll is the target)")
        if self.under and self.from_roll is not None:
            raise ValueError("'under' rolls under a value; to beat an earlier roll leave 'under' out")
        if len(self.rows()) > MAX_FORM_ROWS:
            raise ValueError(f"the table would have {len(self.rows())} rows (at most {MAX_FORM_ROWS}); narrow "
                             "the ranges")
        return self


MAX_POOL_DICE = 50


class Pool(RuleModel, records.Pool):
    """N dice, each succeeding on a value or more; the result is the number of successes."""

    dice: Span = Field(description="How many dice: label (one die per ...) and the range the page offers.")
    success: FaceSet = Field(description="What a die must show to succeed: '4+'.")
    shown: int | None = Field(default=None, description="Number of dice the printed table is worked out for; "
                              "default: the lowest. The page has a stepper for the others.")
    per_success: Text | None = Field(default=None, description="What each success gives.")

    @field_validator("success")
    @classmethod
    def _threshold(cls, value):
        rng = parse_roll(value)
        if rng.low is None or rng.high is not None:
            raise ValueError(f"success must be a value or more, like '4+', found {value!r}")
        return value

    @model_validator(mode="after")
    def _range(self):
        low, high = self.dice.range
        if low < 1 or high > MAX_POOL_DICE:
            raise ValueError(f"a pool rolls between 1 and {MAX_POOL_DICE} dice, found {list(self.dice.range)}")
        if self.shown is not None and not low <= self.shown <= high:
            raise ValueError(f"shown ({self.shown}) must lie in the dice range {list(self.dice.range)}")
        return self


# The pieces of a two-dimensional table; imported here, after Modifier and Span, which they build on.
from .dice_grid import MAX_GRID_ROWS, ColumnShift, EdgeRule, EDGE_HELP, GridColumns, GridRow  # noqa: E402


class DiceRow(RuleModel):
    roll: int | str | None = Field(default=None, description="3, '3-4', '5+', '2-' (2 or less), or d66 '11-16'; "
                                   "in a pool, the number of successes.")
    face: Id | None = Field(default=None, description="For a custom die: the face id.")
    # `on`, not `when` (a table's `when` is the prose "when this table is rolled") nor `if` (not a name a
    # field can have): rulebooks say it so, "fails on a double", "on any 1" (dice/conditions.py).
    on: str | None = Field(default=None, max_length=400, description="A condition on the dice instead of a "
                           "range, in the expression language: 'doubles', 'any(d == 1)', 'all(d >= 4)', "
                           "'count(d == 6) >= 2', 'd1 > d2', 'any(d == 6) and total >= 8'. Rows are then read "
                           "from the top: the first that holds applies.")
    result: Text
    id: Id | None = None

    @field_validator("roll")
    @classmethod
    def _roll_notation(cls, value):
        if value is not None:
            parse_roll(value)
        return value

    @field_validator("on", mode="before")
    @classmethod
    def _condition_text(cls, value):
        if isinstance(value, bool):
            raise ValueError("'on' is a condition on the dice, and YAML read this one as yes or no: write a "
                             "condition such as doubles or any(d == 1)")
        if isinstance(value, (int, float)):  # `on: 6`: a number is no condition (a total is `roll:`)
            raise ValueError(f"'on' is a condition on the dice, and {str(value).lower()} is not one: write "
                             f"'roll: {value}' for a total, or 'on: any(d == {value})' for a die showing it")
        return value

    @model_validator(mode="after")
    def _one_key(self):
        if sum(key is not None for key in (self.roll, self.face, self.on)) != 1:
            raise ValueError("a row needs exactly one of 'roll' (numbers), 'on' (a condition on the dice) or "
                             "'face' (custom die)")
        return self


class DiceTable(DiceExpr, records.DiceTable):
    id: Id
    title: ShortText
    per: str | None = Field(default=None, description="Roll once per ...: 'fitted ship in the sea'.")
    when: Text | None = Field(default=None, description="When this table is rolled.")
    from_round: int | None = Field(default=None, ge=2, le=MAX_ROUND, description="Rolled from this round on "
                                   "(2: not in the first round).")
    only_when: str | None = only_when_field()
    modifiers: list[Modifier] = Field(default_factory=list)
    opposed: Opposed | None = Field(default=None, description="An opposed roll: no rows, the attacker's chance "
                                    "to win by the difference of bonuses.")
    target: Target | None = Field(default=None, description="Roll + bonus must reach a target: no rows, the "
                                  "chance of success per target, bonus or difference.")
    pool: Pool | None = Field(default=None, description="A success pool: the dice are rolled as a pool; rows, "
                              "if any, are keyed by the number of successes.")
    chart: Chart | None = Field(default=None, description="A chart of the least roll each value of a "
                                "characteristic (or a difference of two) needs: no rows, the chance per value.")
    rows: list[DiceRow] = Field(default_factory=list)
    columns: GridColumns | None = Field(default=None, description="A two-dimensional table (a combat results "
                                        "table): what picks the column, and the columns' headings; the rows "
                                        "are then in 'grid'.")
    shifts: list[ColumnShift] = Field(default_factory=list, description="Column shifts: each moves the column "
                                      "left (negative) or right, once per count.")
    grid: list[GridRow] = Field(default_factory=list, max_length=MAX_GRID_ROWS,
                                description="With 'columns': one row per roll, one cell per column.")
    rolls_beyond: EdgeRule | None = Field(default=None, description="With 'columns', a modified roll under the "
                                          "first row or over the last: " + EDGE_HELP)
    legend: Id | None = Field(default=None, description="The legend (tables.yaml) whose codes the grid's cells "
                              "are.")
    any_result: Text | None = Field(default=None, description="Applies whatever is rolled.")
    headings: list[ShortText] = Field(default_factory=list, description="The two column headings shown over "
                                      "the rows instead of Roll (Face, Total) and Result: the rulebook's own "
                                      "('Roll', 'What happens').")
    notes: Text | None = None
    todo: str | None = None
    designer_note: Text | None = Field(default=None, description=NOTE_HELP)
    variant: VariantChoice | None = variant_field()
    accept: dict[ProblemCode, AcceptReason] = accept_field()

    @model_validator(mode="after")
    def _valid(self):
        self._expr_rules("a table")
        forms = [f for f in records.FORMS if getattr(self, f) is not None]
        if len(forms) > 1:
            raise ValueError(f"a table is one kind of roll: it has both '{forms[0]}' and '{forms[1]}'")
        if self.headings and len(self.headings) != 2:
            raise ValueError("'headings' names the two columns, the roll's and the result's: "
                             f"it has {len(self.headings)}")
        form = self.form
        if form in ("opposed", "target", "chart") and self.rows:
            per = {"opposed": "difference", "target": "target", "chart": "value of the chart"}[form]
            raise ValueError(f"{'an' if form == 'opposed' else 'a'} {form} table has no 'rows': its chances are "
                             f"worked out per {per}; put the outcomes in "
                             f"{'attacker_wins / defender_wins' if form == 'opposed' else 'success / failure'}")
        if form == "opposed" and self.modifiers:
            raise ValueError("an opposed table takes no 'modifiers': fold them into the range of 'difference'")
        if self.columns is not None or self.grid or self.shifts or self.rolls_beyond is not None:
            self._grid_rules(form)
        elif form == "table" and not self.rows:
            raise ValueError("a table needs 'rows' (or 'opposed', 'target', 'pool' or 'chart')")
        if form == "pool":
            if not self.rows and not self.pool.per_success:
                raise ValueError("a pool needs 'per_success' or 'rows' keyed by the number of successes")
            if self.dice_count != 1 or self.keep or self.explode or self.reroll or self.per:
                raise ValueError("a pool's dice are one die ('1d6' or a custom die) times the pool's 'dice' range;"
                                 " keep, reroll, explode and 'per' do not apply")
        combinations = 1
        for mod in [*self.modifiers, *self.shifts]:
            combinations *= mod.count[1] - mod.count[0] + 1
        if combinations > MAX_MODIFIER_COMBINATIONS:
            raise ValueError(f"its modifiers combine in {combinations:,} ways (the limit is "
                             f"{MAX_MODIFIER_COMBINATIONS:,}); narrow their count ranges")
        return self


    def _grid_rules(self, form: str) -> None:
        if self.columns is None:
            raise ValueError("'grid', 'shifts' and 'rolls_beyond' belong to a two-dimensional table: add "
                             "'columns' (what picks the column and the headings)")
        if form != "table" or self.rows or self.custom_die is not None:
            raise ValueError("a two-dimensional table has 'grid' rows keyed by the roll of standard dice, not "
                             "'rows', 'opposed', 'target', 'pool' or a custom die")
        if not self.grid:
            raise ValueError("a table with 'columns' needs 'grid': one row per roll, one cell per column")


class DiceFile(RuleModel):
    dice: list[CustomDie] = Field(default_factory=list)
    tables: list[DiceTable] = Field(default_factory=list)
