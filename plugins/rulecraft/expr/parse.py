"""Text -> syntax tree of the rules' expression language (see DESIGN.md, section 1).

The grammar is lark's (LALR: linear time, one token of look-ahead), so a hostile formula costs at most its
length; the tree is turned into the frozen nodes of ``nodes.py`` at once, and nothing of lark leaves this
module. Ids are kebab-case as everywhere in the rule data, so a name may hold hyphens (``const.fame-to-win``)
and subtraction is written with spaces (``a - b``), as in CSS.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from .nodes import BinOp, Call, Compare, Dice, ExprError, Logic, Name, Neg, Node, Not, Num

MAX_LENGTH = 400  # a formula is a line of a rulebook; longer text is refused before parsing, which also
# bounds the depth of the tree (a chain of 200 additions at most) for the walkers, which recurse
MAX_DEPTH = 40  # nesting of brackets and calls, checked on the characters before parsing

GRAMMAR = r"""
?start: expr
?expr: expr "or" conj       -> or_
     | conj
?conj: conj "and" neg       -> and_
     | neg
?neg: "not" neg             -> not_
    | comp
?comp: sum CMP sum          -> compare
     | sum
?sum: sum ADD prod          -> binop
    | prod
?prod: prod MUL unary       -> binop
     | unary
?unary: "-" unary           -> neg
      | atom
?atom: NUMBER               -> number
     | DICE                 -> dice
     | NAME "(" [args] ")"  -> call
     | NAME                 -> name
     | "(" expr ")"
args: expr ("," expr)*

CMP: "==" | "!=" | "<=" | ">=" | "<" | ">" | "≤" | "≥" | "≠"
ADD: "+" | "-" | "−"
MUL: "*" | "/" | "×" | "÷"
DICE.2: /[0-9]+d[0-9]+(?![a-z0-9_.-])/  # with its count (1d6): d1, d2 are the dice of a roll
NUMBER: /[0-9]+(\.[0-9]+)?/
NAME: /[a-z][a-z0-9_]*(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*/
%import common.WS
%ignore WS
"""

_SYMBOLS = {"−": "-", "×": "*", "÷": "/", "≤": "<=", "≥": ">=", "≠": "!="}


@cache
def _parser() -> Lark:
    # The transformer runs inside the LALR parser as each rule is reduced: no second, recursive walk.
    return Lark(GRAMMAR, parser="lalr", transformer=_ToNodes(), maybe_placeholders=False)


class _ToNodes(Transformer):
    def number(self, items):
        (tok,) = items
        return Num(Fraction(str(tok)), tok.start_pos)

    def dice(self, items):
        (tok,) = items
        count, _, sides = str(tok).partition("d")
        count, sides = int(count), int(sides)
        if count < 1 or sides < 2 or count > 50 or sides > 1000:
            raise ExprError(f"'{tok}' is not a roll this can work out: 1 to 50 dice of 2 to 1000 sides",
                            tok.start_pos, "write dice like 2d6")
        return Dice(count, sides, tok.start_pos)

    def name(self, items):
        (tok,) = items
        return Name(str(tok), tok.start_pos)

    def call(self, items):
        tok = items[0]
        args = tuple(items[1].children) if len(items) > 1 else ()
        return Call(str(tok), args, tok.start_pos)

    def neg(self, items):
        (operand,) = items
        return Neg(operand, operand.at)

    def not_(self, items):
        (operand,) = items
        return Not(operand, operand.at)

    def binop(self, items):
        left, op, right = items
        return BinOp(_SYMBOLS.get(str(op), str(op)), left, right, op.start_pos)

    def compare(self, items):
        left, op, right = items
        return Compare(_SYMBOLS.get(str(op), str(op)), left, right, op.start_pos)

    def or_(self, items):
        return Logic("or", items[0], items[1], items[0].at)

    def and_(self, items):
        return Logic("and", items[0], items[1], items[0].at)


def _depth_guard(text: str) -> None:
    depth = 0
    for offset, char in enumerate(text):
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise ExprError(f"brackets are nested more than {MAX_DEPTH} deep", offset,
                                "write the formula in smaller steps (a constant for a part of it)")
        elif char == ")":
            depth -= 1


@lru_cache(maxsize=4096)
def parse(text: str) -> Node:
    """The tree of ``text``; ExprError with the offset of the first token that does not fit."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"the formula is {len(text):,} characters long (at most {MAX_LENGTH:,})", 0,
                        "split it: give a part of it a constant of its own")
    if not text.strip():
        raise ExprError("the formula is empty", 0, "write a number, a name or a calculation")
    _depth_guard(text)
    try:
        return _parser().parse(text)
    except UnexpectedEOF:
        raise ExprError("the formula ends too early", len(text), "finish it: a value is missing at the end") from None
    except UnexpectedCharacters as exc:
        char = text[exc.pos_in_stream]
        hint = ("names are lower-case ids like const.fame-to-win" if char.isalpha()
                else "only numbers, names, dice like 2d6, + - * / ( ) and comparisons are allowed")
        raise ExprError(f"unexpected {char!r}", exc.pos_in_stream, hint) from None
    except UnexpectedToken as exc:
        token: Token = exc.token
        if token.type == "$END":
            raise ExprError("the formula ends too early", len(text), "a value is missing at the end") from None
        raise ExprError(f"unexpected {str(token)!r}", token.start_pos,
                        "check for a missing operator or bracket before it") from None
    except UnexpectedInput as exc:  # any other lark parse error: still located, never a traceback
        raise ExprError("the formula cannot be read", getattr(exc, "pos_in_stream", 0) or 0,
                        "check its brackets and operators") from None
    except VisitError as exc:  # a node the transformer refused (a die of 0 sides): its own located error
        if isinstance(exc.orig_exc, ExprError):
            raise exc.orig_exc from None
        raise
