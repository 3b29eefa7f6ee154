"""The nodes of a parsed expression: frozen and hashable, each with ``at``, the offset in the formula's
text where it starts, so a problem found later is located at the exact character of the YAML string."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


class ExprError(ValueError):
    """A formula that cannot be read or worked out; ``offset``: where in its text, ``hint``: what to do."""

    def __init__(self, message: str, offset: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Num:
    value: Fraction
    at: int


@dataclass(frozen=True, slots=True)
class Dice:
    count: int
    sides: int
    at: int


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    at: int


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple
    at: int


@dataclass(frozen=True, slots=True)
class Neg:
    operand: object
    at: int


@dataclass(frozen=True, slots=True)
class Not:
    operand: object
    at: int


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # + - * /
    left: object
    right: object
    at: int


@dataclass(frozen=True, slots=True)
class Compare:
    op: str  # == != < <= > >=
    left: object
    right: object
    at: int


@dataclass(frozen=True, slots=True)
class Logic:
    op: str  # and, or
    left: object
    right: object
    at: int


Node = Num | Dice | Name | Call | Neg | Not | BinOp | Compare | Logic


def children(node: Node) -> tuple:
    if isinstance(node, (BinOp, Compare, Logic)):
        return node.left, node.right
    if isinstance(node, (Neg, Not)):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node):
    """Every node of the tree, parents first (iteratively: no recursion on a long chain)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))
