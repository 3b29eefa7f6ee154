"""The `rulecraft` command: exit codes, output formats, no tracebacks, a broken copy of the example."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from gamekit import RULES_DATA, assert_at, check, line_col, write_game

import rulecraft
from rulecraft.cli.main import main

RULECRAFT = Path(sys.executable).parent / "rulecraft"
# The console script runs the package this test process imported (a git worktree's, not the venv's install).
PACKAGE_ROOT = str(Path(rulecraft.__file__).resolve().parents[1])


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")} | {"PYTHONPATH": PACKAGE_ROOT}
    return subprocess.run([str(RULECRAFT), *args], capture_output=True, text=True, timeout=60, cwd=cwd, env=env)


# --- exit codes -------------------------------------------------------------------------------------------


def test_example_game_copy_passes(example_copy, capsys):
    assert main(["check", str(example_copy)]) == 0
    out = capsys.readouterr().out
    assert "0 error(s)" in out and "in 1 game(s)" in out
    assert "corporate-warfare: phases with rules" in out


def test_errors_exit_1(game, capsys):
    folder = game({"phases.yaml": "phases:\n  - id: trade\n    name: Trade\n    rules: Trade a {term:gizmo}.\n"})
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "error[dangling-term]" in out and "1 error(s)" in out


def test_warnings_pass_but_fail_under_strict(game, capsys):
    folder = game({"phases.yaml": "phases:\n  - id: trade\n    name: Trade\n    rules: Trade a Widget.\n"
                                  "  - id: score\n    name: Score\n"})
    assert main(["check", str(folder)]) == 0
    assert main(["check", "--strict", str(folder)]) == 1
    assert "warning[phase-without-rules]" in capsys.readouterr().out


def test_example_copy_lists_its_open_questions_as_gaps(example_copy, capsys):
    assert main(["check", str(example_copy)]) == 0
    out = capsys.readouterr().out
    assert "gap[open-question]" in out and "15 recorded gap(s)" in out


def test_clean_game_passes_strict(game):
    assert main(["check", "--strict", str(game())]) == 0


def test_quiet_drops_the_summary(game, capsys):
    main(["check", "--quiet", str(game())])
    assert capsys.readouterr().out == ""


def test_missing_path_exits_2(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope")]) == 2
    captured = capsys.readouterr()
    assert "is not a folder" in captured.err and "nope" in captured.err


def test_a_file_instead_of_a_folder_exits_2(game, capsys):
    folder = game()
    assert main(["check", str(folder / "game.yaml")]) == 2
    assert "is not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [[], ["chekc"], ["check", "--format", "xml", "."], ["check", "--nope"],
                                  ["check", "a", "b"]])
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_rule_book_with_several_games(tmp_path, capsys):
    write_game(tmp_path, game_id="alpha")
    write_game(tmp_path, game_id="beta")
    assert main(["check", str(tmp_path)]) == 0
    assert "in 2 game(s)" in capsys.readouterr().out


# --- formats ------------------------------------------------------------------------------------------------


def test_json_format_parses_and_counts(game, capsys):
    folder = game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Trade a {term:gizmo} or a {icon:zap}.
            todo: ties
        """})
    assert main(["check", "--format", "json", str(folder)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["errors"], data["warnings"], data["gaps"]) == (2, 0, 1)
    assert len(data["problems"]) == 3
    first = data["problems"][0]
    assert set(first) == {"severity", "code", "message", "hint", "game", "file", "line", "column", "subject"}
    by_code = {p["code"]: p for p in data["problems"]}
    text = (folder / "phases.yaml").read_text()
    assert (by_code["dangling-icon"]["line"], by_code["dangling-icon"]["column"]) == line_col(text, "{icon:zap}")
    assert by_code["dangling-icon"]["severity"] == "error" and by_code["dangling-icon"]["game"] == "demo"
    assert by_code["todo"]["severity"] == "gap" and by_code["todo"]["subject"] == "phase:trade"
    assert data["summaries"][0]["game"] == "demo" and data["summaries"][0]["todos"] == 1


def test_json_format_of_a_clean_game(game, capsys):
    assert main(["check", "--format", "json", str(game())]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["errors"], data["warnings"], data["gaps"], data["problems"], data["accepted"]) == (0, 0, 0, [], [])


GITHUB_LINE = re.compile(r"^::(error|warning) file=[^,:]+,line=\d+(,col=\d+)?,title=rulecraft [a-z0-9-]+::.+$")


def test_github_format_lines(game, capsys, monkeypatch, tmp_path):
    game({"phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: "Trade a {term:gizmo}, 100% sure: yes."
          - id: score
            name: Score
        """})
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "github", "demo"]) == 1
    lines = capsys.readouterr().out.splitlines()
    problems = [line for line in lines if not line.startswith("::notice")]
    assert problems and all(GITHUB_LINE.match(line) for line in problems), lines
    text = (tmp_path / "demo" / "phases.yaml").read_text()
    line, col = line_col(text, "{term:gizmo}")
    assert (f"::error file=demo/phases.yaml,line={line},col={col},title=rulecraft dangling-term::"
            "{term:gizmo} refers to unknown term 'gizmo' (hint: define term 'gizmo' or fix the id)") in problems
    assert any(p.startswith("::warning file=demo/phases.yaml,line=5,col=9,title=rulecraft phase-without-rules::")
               for p in problems)
    assert [line for line in lines if line.startswith("::notice")] == [
        "::notice title=rulecraft demo::demo: phases with rules 1/2, TODOs 0, open questions 0, terms 1, "
        "dice tables 0, cards 0, icons 0, accepted warnings 0"]


def test_github_format_escapes_newlines_and_percent(game, capsys):
    folder = game({"game.yaml": """\
        id: demo
        title: Demo Game
        version: "1.0"
        summary: Players trade widgets.
        open_questions:
          - id: ties
            question: |
              100% of ties?
              Nobody knows.
        """})
    main(["check", "--format", "github", str(folder)])
    out = capsys.readouterr().out
    (question,) = [line for line in out.splitlines() if "open-question" in line]
    assert "100%25 of ties?%0ANobody knows." in question


# --- no tracebacks for bad input ------------------------------------------------------------------------------

BAD_INPUTS = {
    "syntax": {"game.yaml": "id: demo\ntitle: [unclosed\n"},
    "binary": {"terms.yaml": b"\x89PNG\r\n\x1a\n\x00\x00\x00"},
    "bom": {"terms.yaml": b"\xef\xbb\xbfterms: []\n"},
    "latin1": {"terms.yaml": "terms:\n  - id: caf\xe9\n".encode("latin-1")},
    "top-level-scalar": {"phases.yaml": "just text\n"},
    "python-tag": {"phases.yaml": "phases: !!python/object/apply:os.system [ls]\n"},
    "bool-tag": {"phases.yaml": "phases:\n  - id: a\n    name: A\n    optional: !!bool maybe\n"},
    "timestamp-tag": {"game.yaml": "id: demo\ntitle: T\nversion: '1'\nsummary: S\nx: !!timestamp someday\n"},
    "alias-bomb": {"terms.yaml": 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f"{n}: &{n} [" + ", ".join([f"*{p}"] * 10) + "]\n" for p, n in zip("abcdefg", "bcdefgh"))},
    "deep-list": {"terms.yaml": "terms: " + "[" * 200 + "]" * 200 + "\n"},
    "huge-number": {"game.yaml": "id: demo\ntitle: T\nversion: '1'\nsummary: S\nplayers: {min: 1e999, max: 99999999999999999999999}\n"},
    "dice-as-list": {"dice.yaml": "tables:\n  - id: t\n    title: T\n    dice: [1, 6]\n    rows: [{roll: 1, result: x}]\n"},
    "rows-as-text": {"dice.yaml": "tables:\n  - id: t\n    title: T\n    dice: 1d6\n    rows: none\n"},
    "empty-lists": {"phases.yaml": "phases: []\n", "terms.yaml": "terms:\n"},
    "unknown-everything": {"game.yaml": "foo: 1\n", "phases.yaml": "bar: 2\n", "cards.yaml": "decks: [{}]\n"},
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_bad_input_is_reported_not_raised(game, name, capsys):
    folder = game(BAD_INPUTS[name])
    code = main(["check", str(folder)])
    captured = capsys.readouterr()
    assert code == 1, captured.out
    assert "Traceback" not in captured.out + captured.err
    assert re.search(r"error\[[a-z0-9-]+\]", captured.out)


def test_subprocess_run_on_the_example_copy(example_copy):
    proc = run_cli("check", str(example_copy))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 error(s)" in proc.stdout and proc.stderr == ""


def test_subprocess_output_is_complete_through_a_pipe():
    # The console script ends with os._exit (no interpreter teardown): every byte written must still
    # arrive. The seed report is ~60 KB of JSON, more than a pipe buffer holds.
    proc = run_cli("check", "--format", "json", str(RULES_DATA))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert len(report["problems"]) >= 100 and len(proc.stdout) > 65_536
    assert {game["game"] for game in report["summaries"]} >= {"john-company", "corporate-warfare"}


def test_subprocess_says_so_when_its_output_cannot_be_written():
    # /dev/full: every write fails with "no space left". The report is lost, so the exit code must not be 0.
    with open("/dev/full", "w") as full:
        proc = subprocess.run([str(RULECRAFT), "check", str(RULES_DATA)], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    assert proc.returncode == 120, proc.stderr
    assert "No space left on device" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stderr.count("rulecraft:") == 1, proc.stderr


def test_subprocess_bad_inputs_have_no_traceback(game, tmp_path):
    folder = game(BAD_INPUTS["binary"])
    results = [
        (run_cli("check", str(folder)), 1),
        (run_cli("check", str(tmp_path / "missing")), 2),
        (run_cli("check", "--format", "yaml", str(folder)), 2),
        (run_cli(), 2),
    ]
    for proc, expected in results:
        assert proc.returncode == expected, proc.args
        assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


def _limit_child():  # runs in the child: a runaway check fails fast instead of eating the machine
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))
    resource.setrlimit(resource.RLIMIT_CPU, (3, 4))  # CPU seconds, not wall time: the machine may be busy


ABSURD_MODIFIERS = {
    # one modifier with a huge count range
    "huge-count": ["{id: m, label: M, value: 1, count: [0, 100000000]}"],
    # each count allowed, but the combinations multiply: 101**4 offsets (3 such modifiers: 5.6 s, 0.5 GB)
    "many-modifiers": [f"{{id: m{i}, label: M{i}, value: {1000 ** i}, count: [0, 100]}}" for i in range(4)],
}


@pytest.mark.parametrize("case", list(ABSURD_MODIFIERS))
def test_absurd_modifiers_are_refused_quickly(game, case):
    # BUG (models.dice.Modifier / dice_math.reachable_offsets + numeric_coverage): the coverage check
    # enumerates every combination of modifier counts. A count of [0, 100000000] (before
    # MAX_MODIFIER_COUNT) or four modifiers of [0, 100] with values 1, 1000, 10**6, 10**9 (still now:
    # 101**4 = 10**8 offsets) run for many minutes and tens of GB. Expected: a located error, promptly.
    lines = ["tables:", "  - id: t", "    title: T", "    dice: 1d6", "    modifiers:"]
    lines += [f"      - {m}" for m in ABSURD_MODIFIERS[case]]
    lines += ["    rows: [{roll: 1+, result: x}]"]
    folder = game({"dice.yaml": "\n".join(lines) + "\n"})
    proc = subprocess.run([str(RULECRAFT), "check", str(folder)], capture_output=True, text=True, timeout=120,
                          preexec_fn=_limit_child)
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: over 3 s of CPU or 3 GB of memory"
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    assert f"{folder / 'dice.yaml'}:" in proc.stdout


def test_subprocess_schema_check():
    proc = run_cli("schema", "--check")
    assert proc.returncode == 0, proc.stderr


# --- a deliberately broken copy of the example game -----------------------------------------------------------

# (file, text to replace, replacement, expected code, needle to locate, occurrence of needle, column checked)
BREAKAGES = {
    "dangling-term": ("phases.yaml", "terms: [upkeep, storage, hand-limit]", "terms: [upkeep, storag, hand-limit]",
                      "dangling-term", "storag,", 0, True),
    "duplicate-id": ("terms.yaml", "  - id: sabotage", "  - id: bluff", "duplicate-id",
                     "bluff\n    term: Sabotage", 0, True),
    "term-clash": ("terms.yaml", "    term: Sabotage\n", "    term: Sabotage\n    aliases: [Bluffing]\n",
                   "term-clash", "Bluffing", 0, True),
    "dice-gap": ("dice.yaml", "      - roll: 1+\n", "      - roll: 3+\n", "dice-gap", "- roll: 3+", 0, True),
    "card-quantity": ("cards.yaml", "qty: 2", "qty: 3", "card-quantity", "- id: espionage", 0, True),
    "unknown-key": ("game.yaml", "subtitle:", "subtitel:", "schema-extra-forbidden", "subtitel", 0, True),
    "duplicate-key": ("game.yaml", "title: Corporate Warfare\n", "title: Corporate Warfare\ntitle: Corporate Wars\n",
                      "duplicate-key", "title: Corporate Wars", 0, True),
    "dangling-inline": ("dice.yaml", "{term:innovation-boost}", "{term:innovation-bost}", "dangling-term",
                        "{term:innovation-bost}", 0, True),
}


# Edits a breakage needs first: the example's deck has no printed size (its rules give none), so the card
# count is checked against one written in for the test.
BEFORE = {"card-quantity": ("game.yaml", "    name: Special Action deck\n", "    name: Special Action deck\n    quantity: 1\n")}


@pytest.mark.parametrize("kind", list(BREAKAGES))
def test_broken_example_copy(example_copy, kind, capsys):
    if kind in BEFORE:
        first, was, now = BEFORE[kind]
        source = (example_copy / first).read_text(encoding="utf-8")
        assert was in source, f"the example game changed: {was!r} not found in {first}"
        (example_copy / first).write_text(source.replace(was, now, 1), encoding="utf-8")
    name, old, new, code, needle, nth, exact_column = BREAKAGES[kind]
    path = example_copy / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the example game changed: {old!r} not found in {name}"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    result = check(example_copy)
    found = [p for p in result.errors if p.code == code]
    assert found, "\n".join(p.format() for p in result.problems)
    line, column = line_col(text, needle, nth)
    assert_at(found[0], path, line, column if exact_column else None)
    assert main(["check", str(example_copy)]) == 1
    assert f"error[{code}]" in capsys.readouterr().out
