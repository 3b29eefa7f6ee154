"""Checking a formula against its game's scope: every problem located at its character in the text.

Names are resolved first (unknown ones get a did-you-mean), then the formula is worked out for every
combination of what it reads (inputs over their ranges, states over their values, events true and
false, the dice of the roll over their faces), so a division by zero, a word where a number belongs or a
fraction where a whole number is needed is found with the values that cause it. The combinations are
capped (``MAX_COMBINATIONS``): past that, each input is tried at its ends only, and the check says so.
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from .evaluate import DIE_FUNCTIONS, FUNCTIONS, Evaluator, _is_die
from .nodes import Call, Compare, ExprError, Name, Node, walk
from .parse import parse
from .scope import ROLL_NAMES, ROUNDING, Scope
from .words import number

MAX_COMBINATIONS = 20_000


@dataclass(frozen=True)
class Checked:
    """A formula that was read: its tree (None if it could not be parsed) and its problems, first first."""

    node: Node | None
    problems: tuple[ExprError, ...]


def check(text: str, scope: Scope, want: str = "number", integer: bool = False) -> Checked:
    """``want``: "number" or "condition"; ``integer``: the result must be a whole number (a cost, a count)."""
    try:
        node = parse(text)
    except ExprError as exc:
        return Checked(None, (exc,))
    problems = list(_names(node, scope))
    if problems:
        return Checked(node, tuple(problems))
    problem = _worked_out(node, scope, want, integer)
    return Checked(node, (problem,) if problem else ())


def _names(node: Node, scope: Scope) -> Iterator[ExprError]:
    known = set(scope.known_names())
    state_values = {n.right for n in walk(node) if isinstance(n, Compare) and _is_state(n.left)} | \
        {n.left for n in walk(node) if isinstance(n, Compare) and _is_state(n.right)}
    rounding_args = {n.args[1] for n in walk(node) if isinstance(n, Call) and n.func == "half" and len(n.args) == 2}
    in_die_function = {inner for n in walk(node) if isinstance(n, Call) and n.func in DIE_FUNCTIONS
                       for inner in walk(n)}
    for n in walk(node):
        if isinstance(n, Call):
            if n.func not in FUNCTIONS:
                yield ExprError(f"'{n.func}' is not a function", n.at, _suggest(n.func, FUNCTIONS,
                                "the functions are " + ", ".join(FUNCTIONS)))
                continue
            fewest, most = FUNCTIONS[n.func]
            if not fewest <= len(n.args) <= most:
                count = str(fewest) if fewest == most else f"{fewest} to {most}"
                yield ExprError(f"'{n.func}' takes {count} value{'s' if most > 1 else ''}, found {len(n.args)}",
                                n.at, "")
            if n.func in DIE_FUNCTIONS and scope.roll is None:
                yield ExprError(f"'{n.func}' reads the dice of a roll, and there is none here", n.at,
                                "use it in a dice table's row condition")
        if not isinstance(n, Name):
            continue
        if n in rounding_args:
            if n.name not in ROUNDING:
                yield ExprError(f"half's second part says how to round: up or down, not '{n.name}'", n.at,
                                "write half(x, up) or half(x, down)")
            continue
        if n in state_values and "." not in n.name:
            state = _state_of(node, n, scope)
            if state is not None and n.name not in state.values:
                yield ExprError(f"'{n.name}' is not a value of {state.label}", n.at,
                                _suggest(n.name, state.values, "its values are " + ", ".join(state.values)))
            continue
        if n.name == "d" and n in in_die_function:
            continue
        if n.name in known:
            continue
        if n.name in ROLL_NAMES or (n.name[0] == "d" and n.name[1:].isdigit()):
            hint = "only a dice table's row conditions read the dice"
            if n.name[1:].isdigit():
                hint += f"; to roll a die here write it with its count: 1{n.name}"
            yield ExprError(f"'{n.name}' reads the dice of a roll, and there is none here", n.at, hint)
            continue
        yield ExprError(f"unknown name '{n.name}'", n.at, _suggest(n.name, known, _prefix_hint(n.name)))


def _is_state(node: Node) -> bool:
    return isinstance(node, Name) and node.name.startswith("state.")


def _state_of(root: Node, value: Name, scope: Scope):
    for n in walk(root):
        if isinstance(n, Compare) and value in (n.left, n.right):
            other = n.left if n.right is value else n.right
            if _is_state(other):
                return scope.states.get(other.name.partition(".")[2])
    return None


def _suggest(name: str, known, otherwise: str) -> str:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else otherwise


def _prefix_hint(name: str) -> str:
    if "-" in name and "." not in name:
        return "write spaces around '-' to subtract (a - b): a name may hold hyphens"
    return ("names start with what they are: const.<id> (a constant), input.<id> (a number the player "
            "gives), item.<id>.<attribute>, state.<id>, event.<id>, or round")


def _combinations(node: Node, scope: Scope) -> tuple[list[dict], bool]:
    """Every combination of the values the formula reads; ``complete`` False when capped to the ends."""
    read = {n.name for n in walk(node) if isinstance(n, Name)}
    axes: list[tuple[str, list]] = []
    for name, spec in scope.inputs.items():
        if f"input.{name}" in read:
            axes.append((f"input.{name}", [Fraction(v) for v in spec.values]))
    for name, state in scope.states.items():
        if f"state.{name}" in read:
            axes.append((f"state.{name}", list(state.values)))
    for name in scope.events:
        if f"event.{name}" in read:
            axes.append((f"event.{name}", [False, True]))
    if "round" in read:
        axes.append(("round", [Fraction(r) for r in range(1, 21)]))
    if scope.roll is not None:
        faces = range(1, scope.roll.sides + 1)
        axes.append(("roll", list(itertools.product(faces, repeat=scope.roll.count))))
    size = 1
    for _, values in axes:
        size *= len(values)
    complete = size <= MAX_COMBINATIONS
    if not complete:
        axes = [(name, values if len(values) <= 2 else [values[0], values[-1]]) for name, values in axes]
    names = [name for name, _ in axes]
    combos = [dict(zip(names, combo)) for combo in itertools.product(*(values for _, values in axes))]
    return combos[:MAX_COMBINATIONS], complete


def _worked_out(node: Node, scope: Scope, want: str, integer: bool) -> ExprError | None:
    combos, _ = _combinations(node, scope)
    for values in combos:
        try:
            result = Evaluator(scope, values)(node)
        except ExprError as exc:
            return ExprError(exc.message + _when(values, scope), exc.offset, exc.hint)
        if _is_die(result):
            outcomes = list(result.outcomes())
            kinds = {type(o) for o in outcomes}
            result = outcomes[0] if outcomes else Fraction(0)
            if want == "number" and bool in kinds:
                return ExprError("this is a condition, and a number is needed here", 0, "")
        if want == "condition" and not isinstance(result, bool):
            return ExprError("this is a number, and a condition is needed here", 0,
                             "compare it: like round >= 12")
        if want == "number" and isinstance(result, (bool, str)):
            return ExprError("this is a condition, and a number is needed here", 0,
                             "remove the comparison, or use it where a condition belongs")
        if integer and isinstance(result, Fraction) and result.denominator != 1:
            return ExprError(f"this is {number(result)}{_when(values, scope)}, and a whole number is needed", 0,
                             "say how to round: round_up(...), round_down(...) or half(x, up)")
    return None


def _when(values: dict, scope: Scope) -> str:
    shown = []
    for key, value in values.items():
        name = scope.label(key)
        if key == "roll":
            shown.append("the dice show " + ", ".join(map(str, value)))
        elif isinstance(value, bool):  # an event: whether it happened
            shown.append(f"{name} ({'yes' if value else 'no'})")
        elif isinstance(value, Fraction):
            shown.append(f"{name} is {number(value)}")
        else:
            shown.append(f"{name} is {value}")
    return " when " + " and ".join(shown) if shown else ""
