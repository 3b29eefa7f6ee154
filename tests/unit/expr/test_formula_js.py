"""The page's calculator (assets/formula.lazy.js) works a formula out exactly as the Python evaluator does:
the same exact value for every input combination of the euro fixture's formulas, and of formulas that reach
every function, fractions and negative numbers. Node runs the script (no eval in it: a tree of nodes)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from rulecraft.expr import Input, Scope, evaluate, parse
from rulecraft.expr.serial import fraction_text, to_json
from rulecraft.loader import load_game
from rulecraft.models.formula_scope import ROUNDINGS, calculator_data, formula_value, read_inputs
from rulecraft.models.index import build_index

REPO = Path(__file__).resolve().parents[3]
SCRIPT = REPO / "plugins" / "rulecraft" / "assets" / "formula.lazy.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Reads the cases (tree, rounding, constants, values) on stdin; prints each result as "p/q" or an error.
RUNNER = """
const fs = require("fs");
globalThis.window = globalThis;
require("vm").runInThisContext(fs.readFileSync(process.argv[2], "utf8"));  // the script, as a page loads it
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map(c => {
  try { const [n, d] = rcFormula.rounded(c, c.values); return d == 1n ? `${n}` : `${n}/${d}`; }
  catch (e) { return "error: " + e.message; }
});
process.stdout.write(JSON.stringify(out));
"""


def run_js(cases: list[dict], tmp_path: Path) -> list[str]:
    runner = tmp_path / "runner.js"
    runner.write_text(RUNNER, encoding="utf-8")
    done = subprocess.run([NODE, str(runner), str(SCRIPT)], input=json.dumps(cases), capture_output=True,
                          text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_every_input_of_the_fixture_formulas(tmp_path):
    game, problems = load_game(REPO / "tests" / "data" / "euro" / "marchland")
    assert not problems
    index = build_index(game)
    inputs = {i.id: i for i in game.inputs}
    cases, expected = [], []
    for formula in game.formulas:
        read = read_inputs(formula)
        data = calculator_data(index, formula)
        for combo in itertools.product(*(range(inputs[i].range[0], inputs[i].range[1] + 1) for i in read)):
            values = dict(zip(read, combo))
            cases.append({**data, "values": {f"input.{k}": str(v) for k, v in values.items()}})
            expected.append(fraction_text(formula_value(index, formula, values)))
    assert len(cases) == 13 + 41 + 7 * 7 * 2 + 7 + 7 + 10  # every combination of every formula
    assert run_js(cases, tmp_path) == expected
    # and a few by hand: loot of 7 tiles, crowns of attack 3, defence 2, mounted; rations of 7 crew
    assert expected[7] == "4" and cases[7]["values"] == {"input.tiles": "7"}


SCOPE = Scope(constants={"third": Fraction(1, 3)},
              inputs={"x": Input("x", -7, 7), "y": Input("y", -3, 3)})
FORMULAS = [
    "input.x / 2", "half(input.x)", "half(input.x, up)", "half(input.x, down)", "round(input.x / 2)",
    "round_up(input.x / 3)", "round_down(input.x / 3)", "per(input.x, 3)", "min(input.x, input.y, 1)",
    "max(input.x, input.y) - -input.y", "input.x * const.third + input.y / 4", "(input.x - input.y) * (input.x + 1)",
]


def test_fractions_negatives_and_every_function(tmp_path):
    cases, expected = [], []  # one run of node for them all
    for text, rounding in itertools.product(FORMULAS, [None, "up", "down", "nearest"]):
        tree = to_json(parse(text))
        for x, y in itertools.product(range(-7, 8), range(-3, 4)):
            result = evaluate(parse(text), SCOPE, {"input.x": x, "input.y": y})
            if rounding:
                result = Fraction(ROUNDINGS[rounding](result))
            cases.append({"tree": tree, "round": rounding, "consts": {"const.third": "1/3"},
                          "values": {"input.x": str(x), "input.y": str(y)}})
            expected.append(f"{text} {rounding} {x} {y}: {fraction_text(result)}")
    results = run_js(cases, tmp_path)
    assert [f"{e.rpartition(':')[0]}: {r}" for e, r in zip(expected, results)] == expected
    assert "round(input.x / 2) None -7 0: -3" in expected  # halves round up: -3.5 is -3


def test_division_by_zero_is_an_error_not_a_number(tmp_path):
    tree = to_json(parse("1 / input.x"))
    out = run_js([{"tree": tree, "round": None, "consts": {}, "values": {"input.x": "0"}},
                  {"tree": tree, "round": None, "consts": {}, "values": {"input.x": "4"}}], tmp_path)
    assert out == ["error: this divides by zero", "1/4"]
