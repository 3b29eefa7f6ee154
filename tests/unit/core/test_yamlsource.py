"""yamlsource: safe YAML reading with positions; every bad input is a located problem."""

from __future__ import annotations

import gc
import time
from pathlib import Path

import pytest
from gamekit import dedent, line_col, only

from rulecraft import yamlsource
from rulecraft.problems import Location
from rulecraft.yamlsource import MAX_FILE_BYTES, MAX_VALUES, parse_yaml_text, read_yaml_file


def parse(text: str):
    return parse_yaml_text(dedent(text), "f.yaml")


def loc(problem) -> str:
    return str(problem.location)


# --- syntax --------------------------------------------------------------------------------------------


def test_syntax_error_has_line_and_column():
    doc, problems = parse("""\
        id: demo
        title: Demo: the game
        """)
    problem = only(problems, "yaml-syntax")
    assert problem.is_error
    assert "mapping values are not allowed here" in problem.message
    assert loc(problem) == "f.yaml:2:12"
    assert "quotes" in problem.hint
    assert doc.data is None


def test_unclosed_flow_sequence_names_where_it_started():
    _, problems = parse("""\
        a: 1
        b: [1, 2
        c: 3
        """)
    problem = only(problems, "yaml-syntax")
    assert loc(problem) == "f.yaml:3:2"
    assert "flow sequence at line 2" in problem.message


def test_unclosed_quote_names_the_opening_line():
    _, problems = parse('a: "abc\nb: 2\n')
    problem = only(problems, "yaml-syntax")
    assert "quoted scalar at line 1" in problem.message
    assert problem.location.line == 3


def test_tab_indentation_hint_mentions_tabs():
    _, problems = parse_yaml_text("phases:\n\t- id: a\n", "f.yaml")
    problem = only(problems, "yaml-syntax")
    assert loc(problem) == "f.yaml:2:1"
    assert "'\\t'" in problem.message
    assert "tab" in problem.hint and "spaces" in problem.hint


# --- duplicate keys ------------------------------------------------------------------------------------


def test_duplicate_key_at_second_key_naming_first_line():
    doc, problems = parse("""\
        id: demo
        title: First
        version: "1"
        title: Second
        """)
    problem = only(problems, "duplicate-key")
    assert problem.is_error
    assert loc(problem) == "f.yaml:4:1"
    assert "'title'" in problem.message
    assert "first defined at line 2" in problem.message
    assert doc.data["title"] == "First"  # the later value is refused, not silently kept


def test_duplicate_key_nested_in_a_list_item():
    _, problems = parse("""\
        terms:
          - id: a
            term: A
            short: x
            term: B
        """)
    problem = only(problems, "duplicate-key")
    assert loc(problem) == "f.yaml:5:5"
    assert "first defined at line 3" in problem.message


def test_duplicate_keys_compare_raw_text():
    # `no` and `"no"` are the same key as written; YAML 1.1 would read the first as False.
    _, problems = parse("""\
        no: 1
        "no": 2
        """)
    assert only(problems, "duplicate-key").location == Location("f.yaml", 2, 1)


# --- empty, encoding, binary, size ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n   \n", "# only a comment\n   # and another\n"],
                         ids=["empty", "blank-lines", "comments-only"])
def test_empty_or_comment_only_file(text):
    doc, problems = parse_yaml_text(text, "f.yaml")
    problem = only(problems, "empty-file")
    assert problem.is_error
    assert "empty" in problem.message
    assert loc(problem) == "f.yaml:1:1"
    assert doc.data is None


def test_empty_file_on_disk(tmp_path: Path):
    path = tmp_path / "terms.yaml"
    path.write_bytes(b"")
    _, problems = read_yaml_file(path, "terms.yaml")
    assert only(problems, "empty-file").location == Location("terms.yaml", 1, 1)


def test_utf8_bom_is_refused(tmp_path: Path):
    path = tmp_path / "game.yaml"
    path.write_bytes(b"\xef\xbb\xbfid: demo\n")
    doc, problems = read_yaml_file(path, "game.yaml")
    problem = only(problems, "encoding")
    assert "BOM" in problem.message
    assert "without BOM" in problem.hint
    assert loc(problem) == "game.yaml:1:1"
    assert doc.data is None


def test_utf16_is_refused(tmp_path: Path):
    path = tmp_path / "game.yaml"
    path.write_bytes("id: demo\n".encode("utf-16"))
    _, problems = read_yaml_file(path, "game.yaml")
    assert "UTF-16" in only(problems, "encoding").message


def test_invalid_utf8_reports_line_and_column_of_the_bad_byte(tmp_path: Path):
    path = tmp_path / "terms.yaml"
    path.write_bytes(b"terms:\n  - id: cafe\n    term: Caf\xe9\n")
    _, problems = read_yaml_file(path, "terms.yaml")
    problem = only(problems, "encoding")
    assert "not valid UTF-8" in problem.message and "0xe9" in problem.message
    assert loc(problem) == "terms.yaml:3:14"


def test_binary_file_with_nul_reports_line(tmp_path: Path):
    path = tmp_path / "icons.yaml"
    path.write_bytes(b"icons:\n  - id: a\n\x00\x01\x02PNG")
    _, problems = read_yaml_file(path, "icons.yaml")
    problem = only(problems, "binary-file")
    assert "NUL" in problem.message and "binary" in problem.message
    assert loc(problem) == "icons.yaml:3:1"


def test_file_over_the_size_limit(tmp_path: Path):
    path = tmp_path / "terms.yaml"
    path.write_bytes(b"# " + b"x" * (MAX_FILE_BYTES - 2) + b"\n")  # one byte over
    assert path.stat().st_size == MAX_FILE_BYTES + 1
    doc, problems = read_yaml_file(path, "terms.yaml")
    problem = only(problems, "file-too-big")
    assert f"{MAX_FILE_BYTES:,}" in problem.message and f"{MAX_FILE_BYTES + 1:,}" in problem.message
    assert problem.location == Location("terms.yaml")  # the whole file
    assert str(problem.location) == "terms.yaml"
    assert doc.data is None


def test_file_at_the_size_limit_is_read(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(yamlsource, "MAX_FILE_BYTES", 1000)  # parsing 2 MB of YAML would only be slow
    path = tmp_path / "terms.yaml"
    path.write_bytes(b"a: 1\n# " + b"x" * (1000 - 8) + b"\n")
    assert path.stat().st_size == 1000
    doc, problems = read_yaml_file(path, "terms.yaml")
    assert problems == []
    assert doc.data == {"a": 1}


def test_missing_file_is_a_problem_not_an_exception(tmp_path: Path):
    _, problems = read_yaml_file(tmp_path / "nope.yaml", "nope.yaml")
    assert only(problems, "unreadable").location.file == "nope.yaml"


# --- aliases and tags ------------------------------------------------------------------------------------


def _alias_bomb(levels: int = 9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    previous = "a"
    for name in "bcdefghijklmnop"[:levels - 1]:
        text += f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
        previous = name
    return text


def test_billion_laughs_is_refused_fast():
    # Garbage an earlier test in this process left is collected first: the parse's 250 000 values would
    # otherwise start the collector's full pass over it and count its time (an import fixture's 10 million
    # objects: ~10 s). The parse's own garbage still counts.
    gc.collect()
    started = time.thread_time()  # this thread's CPU: no load or leftover thread counts
    doc, problems = parse_yaml_text(_alias_bomb(), "bomb.yaml")
    elapsed = time.thread_time() - started
    problem = only(problems, "yaml-too-big")
    assert f"{MAX_VALUES:,}" in problem.message and "alias" in problem.message
    assert loc(problem) == "bomb.yaml:1:1"
    assert doc.data is None
    assert elapsed < 3, f"alias bomb took {elapsed:.2f}s of CPU"


def test_small_aliases_are_fine():
    doc, problems = parse("""\
        base: &base [1, 2]
        copy: *base
        """)
    assert problems == []
    assert doc.data == {"base": [1, 2], "copy": [1, 2]}


def test_recursive_alias_in_a_sequence():
    _, problems = parse_yaml_text("a: &x [1, *x]\n", "f.yaml")
    problem = only(problems, "yaml-alias")
    assert "contains itself" in problem.message
    assert problem.location.line == 1


def test_recursive_alias_in_a_mapping():
    _, problems = parse("""\
        top: &loop
          name: x
          again: *loop
        """)
    problem = only(problems, "yaml-alias")
    assert problem.location.file == "f.yaml" and problem.location.line in (1, 2)


def test_python_object_tag_is_refused_and_never_constructed():
    doc, problems = parse("""\
        id: demo
        evil: !!python/object/apply:os.system ["echo hacked"]
        """)
    problem = only(problems, "yaml-tag")
    assert "python/object/apply:os.system" in problem.message
    assert loc(problem) == "f.yaml:2:7"
    assert doc.data["evil"] is None


@pytest.mark.parametrize("text,column", [("x: !!python/name:os.system ''\n", 4), ("x: !custom value\n", 4),
                                         ("x: !!set {a, b}\n", 4), ("x: !!omap [a: 1]\n", 4)])
def test_other_unsupported_tags(text, column):
    _, problems = parse_yaml_text(text, "f.yaml")
    assert only(problems, "yaml-tag").location == Location("f.yaml", 1, column)


def test_explicit_str_tag_is_allowed():
    doc, problems = parse_yaml_text("version: !!str 1.10\n", "f.yaml")
    assert problems == [] and doc.data == {"version": "1.10"}


def test_bad_int_tag_value_is_a_located_problem():
    _, problems = parse_yaml_text("a: 1\nqty: !!int lots\n", "f.yaml")
    problem = only(problems, "yaml-value")
    assert "'lots'" in problem.message
    assert loc(problem) == "f.yaml:2:6"
    assert "quotes" in problem.hint


@pytest.mark.parametrize("text", ["optional: !!bool maybe\n", "date: !!timestamp someday\n"],
                         ids=["bool", "timestamp"])
def test_bad_tagged_scalar_never_raises(text):
    # BUG (yamlsource._Converter._scalar): PyYAML's bool constructor raises KeyError and its
    # timestamp constructor AttributeError for these; only YAMLError/ValueError/OverflowError are caught.
    doc, problems = parse_yaml_text(text, "f.yaml")
    problem = only(problems, "yaml-value")
    assert problem.location == Location("f.yaml", 1, text.index("!!") + 1)


def test_impossible_date_is_a_located_problem():
    _, problems = parse_yaml_text("date: 2024-13-45\n", "f.yaml")
    problem = only(problems, "yaml-value")
    assert loc(problem) == "f.yaml:1:7"
    assert "month" in problem.message


def test_merge_keys_and_complex_keys_are_refused():
    _, problems = parse("""\
        base: {a: 1}
        item:
          <<: {a: 1}
          ? [x, y]
          : 2
        """)
    assert only(problems, "yaml-merge").location == Location("f.yaml", 3, 3)
    key = only(problems, "yaml-key")
    assert key.location == Location("f.yaml", 4, 5) and "list" in key.message


# --- documents -------------------------------------------------------------------------------------------


def test_multiple_documents_are_refused_at_the_second():
    _, problems = parse("""\
        id: demo
        ---
        id: other
        """)
    problem = only(problems, "yaml-syntax")
    assert loc(problem) == "f.yaml:2:1"
    assert "another document" in problem.message
    assert "single document" in problem.message


def test_multiple_documents_hint_says_one_document_per_file():
    # BUG (yamlsource._yaml_error): the hint looks for "expected a single document" in
    # exc.problem, but PyYAML puts that text in exc.context ("but found another document"
    # is the problem), so the generic indentation hint is shown instead.
    _, problems = parse("id: demo\n---\nid: other\n")
    assert "one document" in only(problems, "yaml-syntax").hint


def test_leading_document_marker_is_fine():
    doc, problems = parse("---\nid: demo\n")
    assert problems == [] and doc.data == {"id": "demo"}


# --- positions ---------------------------------------------------------------------------------------------


NESTED = """\
phases:
  - id: market
    name: Market
    steps:
      - text: Roll.
      - Sell.
    terms: [demand, price]
"""


def test_positions_of_nested_values_and_keys():
    doc, problems = parse_yaml_text(NESTED, "phases.yaml")
    assert problems == []
    assert (doc.values[()].line, doc.values[()].column) == (1, 1)
    assert (doc.values[("phases", 0)].line, doc.values[("phases", 0)].column) == (2, 5)
    assert (doc.values[("phases", 0, "id")].line, doc.values[("phases", 0, "id")].column) == (2, 9)
    assert (doc.keys[("phases", 0, "name")].line, doc.keys[("phases", 0, "name")].column) == (3, 5)
    assert doc.where(("phases", 0, "steps", 0, "text")) == Location("phases.yaml", 5, 15)
    assert doc.where(("phases", 0, "steps", 0, "text"), key=True) == Location("phases.yaml", 5, 9)
    assert doc.where(("phases", 0, "steps", 1)) == Location("phases.yaml", *line_col(NESTED, "Sell."))
    assert doc.where(("phases", 0, "terms", 1)) == Location("phases.yaml", *line_col(NESTED, "price"))


def test_where_falls_back_to_the_nearest_parent():
    doc, _ = parse_yaml_text(NESTED, "phases.yaml")
    assert doc.where(("phases", 0, "rules")) == Location("phases.yaml", 2, 5)  # a key that is not there
    assert doc.where(("nothing", 3)) == Location("phases.yaml", 1, 1)


def test_scalar_styles_are_recorded():
    doc, _ = parse("""\
        a: plain
        b: "double"
        c: 'single'
        d: |
          block
        e: >
          folded
        """)
    styles = {key: doc.values[(key,)].style for key in "abcde"}
    assert styles == {"a": None, "b": '"', "c": "'", "d": "|", "e": ">"}


def test_plain_number_keeps_its_raw_text():
    doc, problems = parse("""\
        version: 1.10
        quoted: "1.10"
        """)
    assert problems == []
    assert doc.data["version"] == 1.1
    assert doc.raw(("version",)) == "1.10"
    assert doc.raw(("quoted",)) is None  # raw text is kept for plain scalars only
    assert doc.data["quoted"] == "1.10"


def test_keys_stay_as_written():
    doc, problems = parse("""\
        no: a
        1.10: b
        null: c
        """)
    assert problems == []
    assert list(doc.data) == ["no", "1.10", "null"]


def test_where_in_text_single_line_and_block():
    text = dedent("""\
        a: see {term:x} here
        b: "quoted {term:y}"
        c: |
          line one
          line two {term:z}
        """)
    doc, _ = parse_yaml_text(text, "f.yaml")
    assert doc.where_in_text(("a",), doc.data["a"].index("{")) == Location("f.yaml", *line_col(text, "{term:x}"))
    assert doc.where_in_text(("b",), doc.data["b"].index("{")) == Location("f.yaml", *line_col(text, "{term:y}"))
    assert doc.where_in_text(("c",), doc.data["c"].index("{")).line == line_col(text, "{term:z}")[0]


def test_deep_nesting_is_refused(monkeypatch):
    monkeypatch.setattr(yamlsource, "MAX_DEPTH", 5)
    _, problems = parse_yaml_text("a: [[[[[[[1]]]]]]]\n", "f.yaml")
    assert "yaml-depth" in [p.code for p in problems]
