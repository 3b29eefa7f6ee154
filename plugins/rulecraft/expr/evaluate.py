"""Working a parsed formula out: exact numbers (``Fraction``), truth values, a state's value, or, where the
formula holds dice, the exact distribution of its results (an icepool ``Die``).

Everything a name refers to comes from ``values`` (what the player or the calculator knows: inputs, states,
events, the round, the dice of a roll) and the ``Scope`` (constants, catalog attributes). A problem is an
ExprError at the offending node's offset: a name with no value, a division by zero, a word where a number
belongs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from .nodes import BinOp, Call, Compare, Dice, ExprError, Logic, Name, Neg, Node, Not, Num
from .scope import ROUNDING, Scope

Value = Fraction | bool | str | object  # object: an icepool Die, where the formula rolls dice

FUNCTIONS = {  # name: (fewest, most arguments)
    "half": (1, 2), "round_up": (1, 1), "round_down": (1, 1), "round": (1, 1), "per": (2, 2),
    "min": (2, 20), "max": (2, 20), "any": (1, 1), "all": (1, 1), "count": (1, 1),
}
DIE_FUNCTIONS = ("any", "all", "count")  # their argument is a condition on `d`, each die of the roll


def _is_die(value) -> bool:
    return hasattr(value, "outcomes") and hasattr(value, "quantities")


def _lift(func, *args):
    """``func`` over plain values, or over dice (icepool works out every combination, exactly)."""
    if any(_is_die(a) for a in args):
        import icepool  # only where a formula rolls dice

        return icepool.map(func, *args)
    return func(*args)


def _round_half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def _number(value, node: Node, what: str) -> Fraction:
    if isinstance(value, (bool, str)):
        kind = "a truth value" if isinstance(value, bool) else "a word"
        raise ExprError(f"{what} needs a number, but {_shown(value)} is {kind}", node.at,
                        "use a number here; conditions go where a condition belongs")
    return value


def _shown(value) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


class Evaluator:
    """Works formulas out in one scope with one set of known values."""

    def __init__(self, scope: Scope, values: Mapping[str, object] | None = None):
        self.scope = scope
        self.values = dict(values or {})

    def __call__(self, node: Node) -> Value:
        return self._eval(node)

    def _eval(self, node: Node) -> Value:
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Dice):
            import icepool

            return node.count @ icepool.d(node.sides)
        if isinstance(node, Name):
            return self._name(node)
        if isinstance(node, Neg):
            operand = self._eval(node.operand)
            return _lift(lambda x: -_number(x, node, "'-'"), operand)
        if isinstance(node, Not):
            operand = self._eval(node.operand)
            return _lift(lambda x: not self._truth(x, node), operand)
        if isinstance(node, Logic):
            left, right = self._eval(node.left), self._eval(node.right)
            if node.op == "and":
                return _lift(lambda a, b: self._truth(a, node.left) and self._truth(b, node.right), left, right)
            return _lift(lambda a, b: self._truth(a, node.left) or self._truth(b, node.right), left, right)
        if isinstance(node, Compare):
            return self._compare(node)
        if isinstance(node, BinOp):
            return self._binop(node)
        if isinstance(node, Call):
            return self._call(node)
        raise ExprError("this cannot be worked out", node.at)

    def _truth(self, value, node: Node) -> bool:
        if not isinstance(value, bool):
            raise ExprError(f"'and', 'or' and 'not' join conditions, but this is {_shown(value)}", node.at,
                            "write a comparison here, like round >= 12")
        return value

    def _name(self, node: Name) -> Value:
        name = node.name
        if name in self.values:
            value = self.values[name]
            return Fraction(value) if isinstance(value, int) and not isinstance(value, bool) else value
        scope_name, _, rest = name.partition(".")
        if scope_name == "const" and rest in self.scope.constants:
            return Fraction(self.scope.constants[rest])
        if scope_name == "item":
            item, _, attr = rest.partition(".")
            attrs = self.scope.items.get(item, {})
            if attr in attrs:
                return Fraction(attrs[attr])
        roll = self.values.get("roll")
        if roll is not None:
            if name in ("total", "natural"):
                return Fraction(sum(roll))
            if name == "doubles":
                return len(roll) > 1 and len(set(roll)) == 1
            if name[0] == "d" and name[1:].isdigit() and 1 <= int(name[1:]) <= len(roll):
                return Fraction(roll[int(name[1:]) - 1])
        raise ExprError(f"'{name}' has no value here", node.at, "")

    def _compare(self, node: Compare) -> Value:
        left = self._state_side(node.left, node.right)
        right = self._state_side(node.right, node.left)
        ops = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
               "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
        if node.op not in ("==", "!=") and (isinstance(left, str) or isinstance(right, str)):
            raise ExprError(f"a state is equal to a value or not: '{node.op}' does not apply", node.at,
                            "write == or !=")

        def compare(a, b):
            if isinstance(a, str) != isinstance(b, str):
                raise ExprError("a state's value is compared with a number", node.at,
                                "compare the state with one of its values, like state.time == night")
            if not isinstance(a, str):
                _number(a, node.left, f"'{node.op}'")
                _number(b, node.right, f"'{node.op}'")
            return ops[node.op](a, b)

        return _lift(compare, left, right)

    def _state_side(self, side: Node, other: Node) -> Value:
        """A bare name across a comparison from a state is one of that state's values."""
        if isinstance(side, Name) and "." not in side.name and isinstance(other, Name) \
                and other.name.startswith("state."):
            return side.name
        return self._eval(side)

    def _binop(self, node: BinOp) -> Value:
        left, right = self._eval(node.left), self._eval(node.right)
        op = node.op

        def apply(a, b):
            a = _number(a, node.left, f"'{op}'")
            b = _number(b, node.right, f"'{op}'")
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if b == 0:
                raise ExprError("this divides by zero", node.at, "check what the divisor can be")
            return Fraction(a) / b

        return _lift(apply, left, right)

    def _call(self, node: Call) -> Value:
        func, args = node.func, node.args
        if func in DIE_FUNCTIONS:
            return self._over_dice(node)
        if func == "half" and len(args) == 2:
            way = args[1]
            if not (isinstance(way, Name) and way.name in ROUNDING):
                raise ExprError("half's second part says how to round: up or down", way.at,
                                "write half(x, up) or half(x, down)")
            rounding = math.ceil if way.name == "up" else math.floor
            return _lift(lambda x: Fraction(rounding(_number(x, node, "half") / 2)), self._eval(args[0]))
        values = [self._eval(a) for a in args]
        if func == "half":
            return _lift(lambda x: _number(x, node, "half") / 2, *values)
        if func == "round_up":
            return _lift(lambda x: Fraction(math.ceil(_number(x, node, func))), *values)
        if func == "round_down":
            return _lift(lambda x: Fraction(math.floor(_number(x, node, func))), *values)
        if func == "round":
            return _lift(lambda x: Fraction(_round_half_up(_number(x, node, func))), *values)
        if func == "per":
            def per(x, n):
                n = _number(n, args[1], "per")
                if n <= 0:
                    raise ExprError("'per' counts whole groups of a positive size", args[1].at,
                                    "write per(x, 10) for every 10 of x")
                return Fraction(math.floor(_number(x, args[0], "per") / n))

            return _lift(per, *values)
        if func in ("min", "max"):
            pick = min if func == "min" else max
            return _lift(lambda *xs: pick(_number(x, a, func) for x, a in zip(xs, args)), *values)
        raise ExprError(f"'{func}' is not a function of this language", node.at, "")

    def _over_dice(self, node: Call) -> Value:
        roll = self.values.get("roll")
        if roll is None:
            raise ExprError(f"'{node.func}' reads the dice of a roll, and there is none here", node.at,
                            "use it in a dice table's row condition")
        results = []
        for die in roll:
            inner = Evaluator(self.scope, {**self.values, "d": Fraction(die)})
            results.append(inner._truth(inner(node.args[0]), node.args[0]))
        if node.func == "any":
            return any(results)
        if node.func == "all":
            return all(results)
        return Fraction(sum(results))


def evaluate(node: Node, scope: Scope, values: Mapping[str, object] | None = None) -> Value:
    return Evaluator(scope, values)(node)


MAX_ROLL_OUTCOMES = 100_000  # ordered outcomes a dice condition is read over (6^6 = 46 656)


def chances(node: Node, scope: Scope, values: Mapping[str, object] | None = None) -> dict:
    """Every result of the formula with its exact chance: one result with chance 1 when no dice are rolled;
    with dice in the formula, or with a roll in the scope that the formula reads (``doubles``, ``any(d ==
    1)``, ``d1``), the distribution over every outcome of those dice."""
    if scope.roll is not None and "roll" not in (values or {}):
        count, sides = scope.roll.count, scope.roll.sides
        if sides ** count > MAX_ROLL_OUTCOMES:
            raise ExprError(f"{count}d{sides} has {sides ** count:,} outcomes to read one by one (at most "
                            f"{MAX_ROLL_OUTCOMES:,})", node.at, "roll fewer dice")
        import itertools

        total: dict = {}
        weight = Fraction(1, sides ** count)
        for roll in itertools.product(range(1, sides + 1), repeat=count):
            for result, chance in chances(node, scope, {**(values or {}), "roll": roll}).items():
                total[result] = total.get(result, 0) + chance * weight
        return total
    result = evaluate(node, scope, values)
    if _is_die(result):
        denominator = result.denominator()
        return {outcome: Fraction(quantity, denominator) for outcome, quantity in result.items()}
    return {result: Fraction(1)}
