"""A formula written out for players: the page, the cheat sheet and search show ``words(...)``, never the
formula's source. Arithmetic keeps its signs (× and − as printed rulebooks set them); functions and
names read as words ("half of the resource tiles you own, rounded up", "5 for every 10 magic points")."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from .nodes import BinOp, Call, Compare, Dice, Logic, Name, Neg, Node, Not, Num
from .scope import Scope

# Binding strength: a child binding less tightly than its parent is bracketed.
_LEVEL = {"or": 1, "and": 2, "not": 3, "compare": 4, "+": 5, "-": 5, "*": 6, "/": 6, "neg": 7}
_SIGNS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
_HOW_MANY = {"==": "exactly {}", ">=": "at least {}", "<=": "at most {}"}
_COMPARE = {"==": "is", "!=": "is not", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}


def number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "−" if value < 0 else ""
    fraction = f"{part}/{value.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def words(node: Node, scope: Scope | None = None, label: Callable[[str], str] | None = None) -> str:
    """``node`` in words; names read as ``label`` says, by default as the scope declares them."""
    return _Writer(label or (scope or Scope()).label).write(node, 0)


class _Writer:
    def __init__(self, label: Callable[[str], str]):
        self.label = label

    def write(self, node: Node, outer: int) -> str:
        text, level = self._text(node)
        return f"({text})" if level < outer else text

    def _text(self, node: Node) -> tuple[str, int]:
        if isinstance(node, Num):
            return number(node.value), 9
        if isinstance(node, Dice):
            return f"{node.count}d{node.sides}", 9
        if isinstance(node, Name):
            return self._name(node.name), 9
        if isinstance(node, Neg):
            return "−" + self.write(node.operand, _LEVEL["neg"]), _LEVEL["neg"]
        if isinstance(node, Not):
            # "not" before a clause ("the bridge was blown") reads wrong without brackets around it
            if isinstance(node.operand, Name) and node.operand.name == "doubles":
                return "not a double", _LEVEL["not"]
            inner, level = self._text(node.operand)
            return ("not " + inner if level >= 9 and " " not in inner else f"not ({inner})"), _LEVEL["not"]
        if isinstance(node, Logic):
            level = _LEVEL[node.op]
            if node.op == "and" and isinstance(node.right, Not):  # "A and not B": "A, unless B"
                return f"{self.write(node.left, level)}, unless {self.write(node.right.operand, level + 1)}", level
            return f"{self.write(node.left, level)} {node.op} {self.write(node.right, level + 1)}", level
        if isinstance(node, Compare):
            level = _LEVEL["compare"]
            if isinstance(node.left, Call) and node.left.func == "count" and isinstance(node.right, Num) \
                    and node.op in _HOW_MANY:
                how_many = _HOW_MANY[node.op].format(number(node.right.value))
                return f"{how_many} dice {self._die_condition(node.left.args[0], plural=True)}", level
            rolled = self._rolled(node)
            if rolled:
                return rolled, level
            right = node.right.name if isinstance(node.right, Name) and "." not in node.right.name \
                and isinstance(node.left, Name) and node.left.name.startswith("state.") else \
                self.write(node.right, level + 1)
            return f"{self.write(node.left, level + 1)} {_COMPARE[node.op]} {right}", level
        if isinstance(node, BinOp):
            return self._binop(node)
        return self._call(node)

    def _name(self, name: str) -> str:
        if name == "doubles":
            return "a double"
        if name in ("total", "natural"):
            return "the total rolled" if name == "total" else "the unmodified roll"
        if name == "d":
            return "the die"
        if name[0] == "d" and name[1:].isdigit():
            return f"die {name[1:]}"
        return self.label(name)

    def _binop(self, node: BinOp) -> tuple[str, int]:
        level = _LEVEL[node.op]
        # "5 for every 10 magic points": a number times per(x, n) reads as a rate
        if node.op == "*" and isinstance(node.left, Num) and isinstance(node.right, Call) \
                and node.right.func == "per":
            x, n = node.right.args
            return f"{number(node.left.value)} for every {self.write(n, 9)} {self.write(x, 9)}", 4
        left = self.write(node.left, level)
        right = self.write(node.right, level + 1)  # a - (b - c): the right side of an equal level is bracketed
        return f"{left} {_SIGNS[node.op]} {right}", level

    def _call(self, node: Call) -> tuple[str, int]:
        args = node.args
        if node.func == "half":
            text = f"half of {self.write(args[0], 4)}"
            if len(args) == 2 and isinstance(args[1], Name):
                text += f", rounded {args[1].name}"
            return text, 4
        if node.func in ("round_up", "round_down", "round"):
            how = {"round_up": "rounded up", "round_down": "rounded down", "round": "rounded"}[node.func]
            return f"{self.write(args[0], 4)}, {how}", 4
        if node.func == "per":
            return f"1 for every {self.write(args[1], 9)} {self.write(args[0], 9)}", 4
        if node.func in ("min", "max"):
            joined = ", ".join(self.write(a, 0) for a in args[:-1]) + " or " + self.write(args[-1], 0)
            return f"the {'lower' if node.func == 'min' else 'higher'} of {joined}", 4
        if node.func in ("any", "all"):
            return f"{'any die' if node.func == 'any' else 'every die'} {self._die_condition(args[0])}", 4
        if node.func == "count":
            return f"the number of dice that {self._die_condition(args[0], plural=True)}", 4
        return f"{node.func}({', '.join(self.write(a, 0) for a in args)})", 9

    def _rolled(self, node: Compare) -> str | None:
        """'a total of 8 or more', 'die 1 shows 6': a roll's total or one die compared with a number."""
        if _is_die_name(node.left) and _is_die_name(node.right):  # d1 > d2: the dice against each other
            first, second = f"die {node.left.name[1:]}", f"die {node.right.name[1:]}"
            if node.op in ("==", "!="):
                return f"{first} and {second} {'show the same' if node.op == '==' else 'differ'}"
            return f"{first} {_shows(node.op, second)}"
        if not (isinstance(node.left, Name) and isinstance(node.right, Num)):
            return None
        name, value = node.left.name, number(node.right.value)
        if name in ("total", "natural"):
            what = "a total of" if name == "total" else "an unmodified roll of"
            return f"{what} {_OF[node.op].format(value)}"
        if _is_die_name(node.left):
            return f"die {name[1:]} {_shows(node.op, value)}"
        return None

    def _die_condition(self, node: Node, plural: bool = False) -> str:
        """'shows 1', 'shows 4 or more' for a comparison of ``d``; otherwise the condition as written."""
        if isinstance(node, Compare) and isinstance(node.left, Name) and node.left.name == "d" \
                and isinstance(node.right, Num):
            return _shows(node.op, number(node.right.value), plural)
        return "where " + self.write(node, 0)


def _is_die_name(node: Node) -> bool:
    return isinstance(node, Name) and node.name[0] == "d" and node.name[1:].isdigit()


# 'a total of 8 or more': how a compared number reads after "of"
_OF = {"==": "{}", "!=": "other than {}", ">=": "{} or more", "<=": "{} or less", ">": "more than {}",
       "<": "less than {}"}


def _shows(op: str, value: str, plural: bool = False) -> str:
    """'shows 1', 'shows 4 or more', 'do not show 6': what a die shows, compared with a number."""
    verb = "show" if plural else "shows"
    phrase = {"==": f"{verb} {value}", "!=": f"{'do' if plural else 'does'} not show {value}",
              ">=": f"{verb} {value} or more", "<=": f"{verb} {value} or less",
              ">": f"{verb} more than {value}", "<": f"{verb} less than {value}"}
    return phrase[op]
