"""Tests against a number (target tables, charts by a characteristic): natural results the dice can show, a
chart that gives exactly one roll for every value of its axis, an earlier roll that exists and can be added up,
and a test that decides something."""

from __future__ import annotations

from collections.abc import Iterator

from ..dice.forms import MAX_OPPOSED_PAIRS, opposed_pairs
from ..dice.odds import by_face, has_odds, reachable_offsets
from ..dice.shape import BudgetError, Shape, ShapeError, shape_of
from ..dice.target_odds import natural_distribution, row_chances
from ..models import DiceTable
from ..models.index import GameIndex
from ..problems import Problem, error


def _form_key(table: DiceTable) -> str:
    return "chart" if table.chart is not None else "target"


def _natural(index: GameIndex, table: DiceTable, shape: Shape) -> Iterator[Problem]:
    game = index.game
    form = table.chart if table.chart is not None else table.target
    shown = sorted(natural_distribution(shape))
    for face in form.natural:
        if face not in shown:
            yield error("dice-natural", f"table '{table.id}': a natural {face} cannot be rolled on "
                        f"{table.dice or table.custom_die} (the dice show {shown[0]} to {shown[-1]})",
                        game.where(table, _form_key(table), "natural", str(face), key=True),
                        "name a result the dice show as rolled, before any bonus or modifier", game.id)


def _chart(index: GameIndex, table: DiceTable) -> Iterator[Problem]:
    game, chart = index.game, table.chart
    low, high = chart.axis_range
    seen: dict[int, int] = {}
    for i, entry in enumerate(chart.needs):
        first, last = entry.span
        if first < low or last > high:
            yield error("dice-chart-outside", f"table '{table.id}': entry {i + 1} is for {chart.axis_label} "
                        f"{_run(first, last)}, outside the chart's {_run(low, high)}",
                        game.where(entry, "at"), "fix the value or widen the characteristic's range", game.id)
        for value in range(max(first, low), min(last, high) + 1):
            if value in seen:
                yield error("dice-chart-overlap", f"table '{table.id}': {chart.axis_label} {value} has two "
                            f"entries ({seen[value] + 1} and {i + 1})", game.where(entry, "at"),
                            "each value of the chart needs exactly one roll", game.id)
                break
            seen[value] = i
    missing = [v for v in chart.values if v not in seen]
    if missing:
        runs = _runs(missing)
        yield error("dice-chart-gap", f"table '{table.id}': the chart gives no roll for {chart.axis_label} "
                    f"{', '.join(_run(a, b) for a, b in runs)}", game.where(table, "chart", "needs", key=True),
                    "add an entry for each value (write '—' where no roll succeeds), or narrow the range", game.id)
    if chart.difference is not None and chart.difference.over.input is not None \
            and chart.difference.over.input == chart.difference.under.input:
        yield error("dice-chart-axis", f"table '{table.id}': the difference takes '{chart.difference.over.input}' "
                    "from itself", game.where(table, "chart", "difference", "under", "input"),
                    "name two different characteristics", game.id)


def _run(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


def _runs(values: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _earlier(index: GameIndex, table: DiceTable, shape: Shape) -> tuple[Shape | None, list[Problem]]:
    game, wanted = index.game, table.target.from_roll
    where = game.where(table, "target", "from")
    earlier = next((t for t in game.tables if t.id == wanted), None)
    if earlier is None:
        known = ", ".join(t.id for t in game.tables if t.id != table.id)
        return None, [error("dice-from-unknown", f"table '{table.id}': 'from: {wanted}' names no dice table",
                            where, f"name a table of this game: {known}" if known else "add the earlier table",
                            game.id)]
    if earlier.id == table.id:
        return None, [error("dice-from-itself", f"table '{table.id}': its target is its own roll", where,
                            "name the table of the earlier roll", game.id)]
    die = index.dice.get(earlier.custom_die) if earlier.custom_die else None
    if by_face(earlier, die) or earlier.form == "pool":
        return None, [error("dice-from-kind", f"table '{table.id}': the earlier roll '{wanted}' "
                            + ("rolls named faces" if earlier.form != "pool" else "counts successes")
                            + ", not a total to beat", where, "name a table whose dice are added up", game.id)]
    if not has_odds(earlier, die):
        return None, [error("dice-from-kind", f"table '{table.id}': the earlier roll '{wanted}' has no known "
                            "chances (its die's face counts are unknown), so the chance of beating it cannot be "
                            "worked out", where, "name a table whose chances are known", game.id)]
    try:
        other = shape_of(earlier, index.dice)
    except (BudgetError, ShapeError):
        return None, []  # reported on the earlier table itself
    pairs = opposed_pairs(shape, other)
    if pairs > MAX_OPPOSED_PAIRS:
        return None, [error("dice-budget", f"table '{table.id}': its roll and the earlier one pair up in "
                            f"{pairs:,} ways (at most {MAX_OPPOSED_PAIRS:,} are worked out exactly)", where,
                            "use fewer dice on one side", game.id)]
    return other, []


def _decides(index: GameIndex, table: DiceTable, shape: Shape, earlier: Shape | None) -> Iterator[Problem]:
    """Every row certain, or every row impossible, under every modifier: the roll decides nothing."""
    seen: set = set()
    for offset in reachable_offsets(table.modifiers):
        seen.update(row_chances(table, shape, offset, earlier))
    if seen <= {0} or seen <= {1}:
        game = index.game
        always = "succeeds" if seen == {1} else "fails"
        yield error("dice-test-decides-nothing", f"table '{table.id}': the roll always {always}, whatever the "
                    "value and the modifiers", game.where(table, _form_key(table), key=True),
                    "check the range of the value and the dice rolled", game.id)


def check(index: GameIndex) -> Iterator[Problem]:
    for table in index.game.tables:
        if table.form not in ("target", "chart"):
            continue
        if table.chart is not None:
            yield from _chart(index, table)
        die = index.dice.get(table.custom_die) if table.custom_die else None
        if table.custom_die and (die is None or by_face(table, die)):
            continue  # reported by dice_coverage / references
        try:
            shape = shape_of(table, index.dice)
        except (BudgetError, ShapeError):
            continue  # reported by dice_coverage
        yield from _natural(index, table, shape)
        earlier = None
        if table.target is not None and table.target.from_roll is not None:
            earlier, problems = _earlier(index, table, shape)
            yield from problems
            if earlier is None:  # no earlier roll to work out against (reported here or on that table)
                continue
        yield from _decides(index, table, shape, earlier)
