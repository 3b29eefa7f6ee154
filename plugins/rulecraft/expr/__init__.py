"""The rules' expression language: formulas for costs, rates and thresholds, dice conditions and game-state
conditions, parsed by a grammar (lark, LALR) into frozen nodes, worked out exactly, written out in words and
checked against the game's names. See DESIGN.md (section 1) for the language.

    node = parse("half(input.tiles, up)")       # ExprError (message, offset, hint) when it cannot be read
    evaluate(node, scope, {"input.tiles": 7})  # Fraction(4)
    words(node)                                 # 'half of tiles, rounded up'
    check(text, scope, want="number", integer=True).problems
"""

from .check import Checked, check
from .evaluate import chances, evaluate
from .nodes import ExprError
from .parse import parse
from .scope import Input, Roll, Scope, State
from .words import words

__all__ = ["Checked", "ExprError", "Input", "Roll", "Scope", "State", "chances", "check", "evaluate", "parse", "words"]
