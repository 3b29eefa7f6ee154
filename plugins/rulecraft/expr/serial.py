"""A parsed formula as a JSON tree, for the page's calculator (assets/formula.lazy.js): the browser works it
out with a small evaluator of these nodes over exact fractions, never ``eval``. Numbers are written as
exact fractions ("7/2"); a name is looked up in the values the calculator is given (inputs as the player
sets them, constants as the game declares them).

    {"n": "3"}                      a number          {"v": "input.tiles"}       a name
    {"o": "+", "l": .., "r": ..}    + - * /           {"neg": ..}                minus
    {"c": "<=", "l": .., "r": ..}   a comparison      {"and"|"or": [.., ..]}     {"not": ..}
    {"f": "half", "a": [.., {"w": "up"}]}             a function and its arguments ("w": a word)
"""

from __future__ import annotations

from fractions import Fraction

from .nodes import BinOp, Call, Compare, Dice, ExprError, Logic, Name, Neg, Node, Not, Num
from .scope import ROUNDING


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def to_json(node: Node) -> dict:
    if isinstance(node, Num):
        return {"n": fraction_text(node.value)}
    if isinstance(node, Name):
        return {"v": node.name}
    if isinstance(node, Neg):
        return {"neg": to_json(node.operand)}
    if isinstance(node, Not):
        return {"not": to_json(node.operand)}
    if isinstance(node, BinOp):
        return {"o": node.op, "l": to_json(node.left), "r": to_json(node.right)}
    if isinstance(node, Compare):
        return {"c": node.op, "l": to_json(node.left), "r": to_json(node.right)}
    if isinstance(node, Logic):
        return {node.op: [to_json(node.left), to_json(node.right)]}
    if isinstance(node, Call):
        args = [{"w": a.name} if node.func == "half" and i == 1 and isinstance(a, Name) and a.name in ROUNDING
                else to_json(a) for i, a in enumerate(node.args)]
        return {"f": node.func, "a": args}
    if isinstance(node, Dice):
        raise ExprError("a calculator works out numbers, not rolls", node.at, "roll dice in a dice table")
    raise ExprError("this cannot be worked out in a calculator", getattr(node, "at", 0))
