"""Property-based tests (hypothesis): bad input comes back as located problems, never as an exception.

* ``yamlsource.parse_yaml_text`` / ``read_yaml_file`` on random YAML-ish text and random bytes;
* ``loader.load_model`` for every file kind, on random data and on seed files with one value mutated;
* the whole checker (``load_rulebook`` + ``check_book``) on a seed game with one value mutated;
* ``dice_notation.parse_dice`` / ``parse_roll`` on random strings and values: a result or a
  ``NotationError``, nothing else; what they accept round-trips.

Example counts are kept moderate so the module runs in seconds in CI.
"""

from __future__ import annotations

import datetime
import os
import shutil
from pathlib import Path

import pytest
import yaml
from gamekit import REPO
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulecraft.checks import check_book
from rulecraft.dice.notation import MAX_DICE, MAX_SIDES, DiceSpec, NotationError, RollRange, parse_dice, parse_roll
from rulecraft.loader import load_model, load_rulebook
from rulecraft.models import FILE_KINDS
from rulecraft.problems import Problem
from rulecraft.yamlsource import parse_yaml_text, read_yaml_file

SEED_GAMES = ("corporate-warfare", "john-company")

# RULECRAFT_PROPERTY_SCALE=20 runs twenty times the examples: a deeper hunt than CI needs.
SCALE = max(1, int(os.environ.get("RULECRAFT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=60 * SCALE, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SLOW = settings(max_examples=40 * SCALE, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def assert_problems(problems, file: str) -> None:
    assert isinstance(problems, list)
    for problem in problems:
        assert isinstance(problem, Problem), problem
        assert problem.location.file == file
        assert problem.location.line >= 0 and problem.location.column >= 0
        problem.format()  # printable


# --- strategies ------------------------------------------------------------------------------------

YAML_TOKENS = [
    "\n", "\n", "  ", "    ", "\t", "- ", ": ", ":", "? ", "[", "]", "{", "}", ", ", "'", '"', "# ", "&a ", "*a",
    "&b ", "*b", "!!str ", "!!python/object/apply:os.system ", "!tag ", "<<: ", "|\n", ">-\n", "---\n", "...\n",
    "%YAML 1.1\n", "id", "terms", "phases", "text", "roll", "yes", "no", "1.0", "0x1F", "1e400", "2024-13-45",
    "~", "null", "\\", "\ufeff", "\x00", "\x85", "\u2028", "\r", "é", "🎲", "{term:x}", "<script>", "9" * 30,
]
yamlish_text = st.lists(st.one_of(st.sampled_from(YAML_TOKENS), st.text(max_size=4)), max_size=40).map("".join)



def _field_names() -> list[str]:
    """Every key any data file may hold: random mappings then reach the models' inner validators."""
    names = set()
    for model in FILE_KINDS.values():
        schema = model.model_json_schema()
        for definition in [schema, *schema.get("$defs", {}).values()]:
            names.update(definition.get("properties", {}))
    return sorted(names)


FIELD_NAMES = _field_names()
keys = st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=8))
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-10, max_value=10), st.floats(),
    st.text(max_size=12), st.sampled_from(["1d6", "2d6", "d66", "3-4", "5+", "2-", "x", "", "  ", "{term:nope}"]),
    st.dates(), st.datetimes(),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)), max_leaves=25)


def dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def seed_files() -> list[tuple[str, str, str]]:
    """(game, kind, text) of every data file of the seed games."""
    found = []
    for game in SEED_GAMES:
        for path in sorted((REPO / "rules_data" / game).glob("*.yaml")):
            found.append((game, path.stem, path.read_text(encoding="utf-8")))
    return found


SEED_FILES = seed_files()


def paths_in(data, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths_in(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += paths_in(value, prefix + (index,))
    return out


def set_at(data, path: tuple, value):
    if not path:
        return value
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return data


SPECIAL_TEXT = ["", " ", "x", "{term:nope}", "{phase:}", "{const:x|y}", "\\{term:x}", "{dice:a:b}", "1d6", "d66",
                "2-", "5+", "3-4", "TODO", "???", "<b>", "[a](b)", "*", "...", "é" * 3, "🎲", "a" * 300]


def similar(draw, value):
    """A value of the same shape, so the file often still loads and the checks run on odd data."""
    if isinstance(value, bool):
        return draw(st.booleans())
    if isinstance(value, int):
        return draw(st.integers(min_value=-3, max_value=40))  # small: huge modifier ranges are a known slow path
    if isinstance(value, str):
        return draw(st.one_of(st.sampled_from(SPECIAL_TEXT), st.text(max_size=20),
                              st.sampled_from(sorted(ALL_IDS))))
    if isinstance(value, list) and value:
        index = draw(st.integers(min_value=0, max_value=len(value) - 1))
        return value[:index] + value[index + 1:] if draw(st.booleans()) else value + [value[index]]  # drop or repeat
    if isinstance(value, dict) and value:
        return {k: v for k, v in value.items() if k != draw(st.sampled_from(sorted(value)))}
    return draw(values)


def _ids(data) -> set[str]:
    if isinstance(data, dict):
        found = {data["id"]} if isinstance(data.get("id"), str) else set()
        return found.union(*(_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_ids(v) for v in data)) if data else set()
    return set()


ALL_IDS = set().union(*(_ids(yaml.safe_load(text)) for _, _, text in SEED_FILES))


@st.composite
def mutated_seed(draw, kinds=None):
    """A seed data file with one value (or key) changed: (game, kind, text)."""
    game, kind, text = draw(st.sampled_from([f for f in SEED_FILES if kinds is None or f[1] in kinds]))
    data = yaml.safe_load(text)
    path = draw(st.sampled_from(paths_in(data)[1:]))
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    how = draw(st.sampled_from(["similar", "similar", "replace", "rename"]))
    if how == "rename" and isinstance(path[-1], str):  # an unknown key, or one that belongs elsewhere
        parent[draw(keys)] = parent.pop(path[-1])
    elif how == "similar":
        parent[path[-1]] = similar(draw, parent[path[-1]])
    else:
        parent[path[-1]] = draw(values)
    return game, kind, dump(data)


# --- YAML reading ----------------------------------------------------------------------------------


@FAST
@given(yamlish_text)
@example("[" * 5000 + "]" * 5000)  # deeper than Python's recursion limit
@example("a: " + "{b: " * 3000)
@example("- " * 3000 + "x")
@example("a: &x [*x]")
@example("a: !!binary aGk=")
@example("? [a]\n: 1")
@example("a: 1\na: 2")
@example("9" * 5000)
@example("a: 0x" + "f" * 4000)  # hex has no digit limit: a number too long to print
@example("a: b\x1b[31m")  # a control character (PyYAML refuses it before parsing)
@example("optional: !!bool maybe")  # PyYAML's constructor raises KeyError
@example("date: !!timestamp someday")  # ... and AttributeError
@example("---\n")
@example("&0")
def test_parse_yaml_text_returns_problems_never_raises(text):
    doc, problems = parse_yaml_text(text, "f.yaml")
    assert_problems(problems, "f.yaml")
    assert doc.data is not None or problems, "no data and no problem"
    lines = sum(text.count(brk) for brk in ("\n", "\r", "\x85", "\u2028", "\u2029")) + 2  # YAML's line breaks
    for table in (doc.values, doc.keys):
        for path in list(table):
            assert 1 <= table[path].line <= lines  # every recorded position is inside the text


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("properties")


@FAST
@given(st.one_of(st.binary(max_size=200), yamlish_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
                 yamlish_text.map(lambda t: t.encode("utf-16")), yamlish_text.map(lambda t: t.encode("latin-1", "replace"))))
@example(b"\xef\xbb\xbfa: 1")
@example(b"a: \xff\xfe")
@example(b"\x00\x01")
def test_read_yaml_file_returns_problems_never_raises(scratch, raw):
    path = scratch / "data.yaml"
    path.write_bytes(raw)
    doc, problems = read_yaml_file(path, "data.yaml")
    assert_problems(problems, "data.yaml")
    assert doc.data is not None or problems, "no data and no problem"


# --- models ----------------------------------------------------------------------------------------


def load_text(text: str, kind: str):
    doc, problems = parse_yaml_text(text, f"{kind}.yaml")
    assert_problems(problems, f"{kind}.yaml")
    if doc.data is None or problems:
        return None, problems
    obj, model_problems = load_model(doc, FILE_KINDS[kind])
    assert_problems(model_problems, f"{kind}.yaml")
    assert (obj is None) == bool(model_problems), "a model comes back exactly when there is no problem"
    for problem in model_problems:
        assert problem.is_error and problem.location.line >= 1, problem.format()
    return obj, model_problems


@MEDIUM
@given(st.sampled_from(sorted(FILE_KINDS)), values)
def test_load_model_on_random_data_returns_problems(kind, data):
    load_text(dump(data), kind)


@MEDIUM
@given(st.sampled_from(sorted(FILE_KINDS)), st.dictionaries(keys, values, max_size=6))
def test_load_model_on_random_mappings_returns_problems(kind, data):
    load_text(dump(data), kind)


@MEDIUM
@given(mutated_seed())
def test_load_model_on_mutated_seed_files_returns_problems(mutation):
    _, kind, text = mutation
    load_text(text, kind)


@pytest.mark.parametrize("game", SEED_GAMES)
def test_seed_files_load_cleanly_as_the_baseline(game):
    for seed_game, kind, text in SEED_FILES:
        if seed_game == game:
            obj, problems = load_text(text, kind)
            assert obj is not None and problems == []


@pytest.fixture(scope="module")
def game_copies(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("games")
    for game in SEED_GAMES:
        shutil.copytree(REPO / "rules_data" / game, root / game)
    return root


@SLOW
@given(mutated_seed())
def test_checker_on_a_mutated_game_returns_problems(game_copies, mutation):
    game, kind, text = mutation
    path = game_copies / game / f"{kind}.yaml"
    original = path.read_bytes()
    path.write_text(text, encoding="utf-8")
    try:
        result = check_book(load_rulebook(game_copies / game))
    finally:
        path.write_bytes(original)
    for problem in result.problems:
        assert isinstance(problem, Problem)
        problem.format()


# --- dice notation ---------------------------------------------------------------------------------

dice_text = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"\A\s?\d{0,3}\s?[dD]\s?\d{1,4}\s?([+-]\s?\d{1,3})?\s?\Z"),
    st.lists(st.sampled_from(["1", "2", "6", "0", "d", "D", "66", "+", "-", " ", "x", "٣", "²", "\n"]),
             max_size=8).map("".join),
)
roll_values = st.one_of(
    st.text(max_size=12), st.integers(), st.booleans(), st.none(), st.floats(), st.lists(st.integers(), max_size=2),
    st.from_regex(r"\A\s?-?\d{1,3}\s?(\+|-|or less|(-|–|—|to)\s?-?\d{1,3})?\s?\Z"),
    st.from_regex(r"\A(≥|>=|≤|<=)\s?-?\d{1,3}\Z"),
)


@FAST
@given(dice_text)
@example("9" * 5000 + "d6")
@example("1d" + "9" * 5000)
@example("1d6+" + "9" * 5000)
@example("d66")
@example(" D66 ")
def test_parse_dice_gives_a_spec_or_a_notation_error(text):
    try:
        spec = parse_dice(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert isinstance(spec, DiceSpec)
    assert 1 <= spec.count <= MAX_DICE and 2 <= spec.sides <= MAX_SIDES
    assert parse_dice(spec.text) == spec  # what is accepted round-trips through its canonical text


@FAST
@given(st.one_of(st.integers(), st.floats(), st.none(), st.booleans(), st.binary(max_size=4), st.lists(st.text())))
def test_parse_dice_rejects_non_text_with_a_notation_error(value):
    with pytest.raises(NotationError):
        parse_dice(value)


@FAST
@given(roll_values)
@example("9" * 5000)
@example("1-" + "9" * 5000)
@example(">=" + "9" * 5000)
@example(10 ** 5000)
def test_parse_roll_gives_a_range_or_a_notation_error(value):
    try:
        rng = parse_roll(value)
    except NotationError as exc:
        assert str(exc)
        return
    assert isinstance(rng, RollRange)
    assert rng.low is not None or rng.high is not None
    if rng.low is not None and rng.high is not None:
        assert rng.low <= rng.high
    assert rng.label


@FAST
@given(st.integers(min_value=-50, max_value=200), st.integers(min_value=0, max_value=50))
def test_parse_roll_accepts_every_written_range(low, width):
    high = low + width
    assert parse_roll(f"{low}-{high}") == RollRange(low, high)
    assert parse_roll(f"{low}+") == RollRange(low, None)
    assert parse_roll(f"{high}-") == RollRange(None, high) if high >= 0 else True
    assert parse_roll(low) == RollRange(low, low)


def test_dates_in_random_data_are_handled():
    # YAML turns 2024-01-01 into a date; text fields must report it, not crash on it.
    load_text(dump({"id": "x", "title": datetime.date(2024, 1, 1), "version": "1", "summary": "s"}), "game")
