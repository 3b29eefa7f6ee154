"""Issue 17 (round 2 of bad input), as a user meets it on the command line: exit code and message,
what is written and what is kept. Nothing prints a traceback; nothing loses data."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from pathlib import Path

import pytest
from gamekit import write_game

from rulecraft.cli.main import main

SECRET = "SECRET_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 and the rest of the secret\n"


def run(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out + out.err


# --- case 3: files that are not files -----------------------------------------------------------------


def test_symlink_out_of_the_project_is_refused_unread(tmp_path, capsys):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET, encoding="utf-8")
    folder = write_game(tmp_path / "project" / "rules_data", {"terms.yaml": None})
    (folder / "terms.yaml").symlink_to(outside / "secret.txt")
    code, out = run(capsys, "check", folder.parent)
    assert code == 1
    assert "terms.yaml: error[file-outside-project]" in out
    assert "SECRET" not in out and "ghp_" not in out


def test_dev_zero_and_a_fifo_are_refused_at_once(tmp_path, capsys):
    folder = write_game(tmp_path / "project" / "rules_data", {"terms.yaml": None})
    (folder / "terms.yaml").symlink_to("/dev/zero")  # outside the project, and a device
    code, out = run(capsys, "check", folder.parent)
    assert code == 1 and "terms.yaml: error[file-outside-project]" in out
    os.unlink(folder / "terms.yaml")
    os.mkfifo(folder / "terms.yaml")
    started = time.monotonic()
    code, out = run(capsys, "check", folder.parent)
    assert time.monotonic() - started < 120  # it used to wait forever (wall clock: a blocked open spends no CPU)
    assert code == 1 and "terms.yaml: error[not-a-file]: the file is a named pipe (FIFO)" in out


def test_device_inside_the_project_is_not_read(tmp_path):
    from rulecraft.yamlsource import read_yaml_file

    doc, problems = read_yaml_file(Path("/dev/zero"), "terms.yaml")  # size 0 by stat, endless by read
    assert [p.code for p in problems] == ["not-a-file"] and doc.data is None


def test_a_text_file_in_place_of_yaml_shows_only_a_short_excerpt(tmp_path, capsys):
    folder = write_game(tmp_path / "rules_data", {"terms.yaml": SECRET})
    code, out = run(capsys, "check", folder.parent)
    assert code == 1 and "error[schema-top-level]" in out
    assert "SECRET_TOKEN=ghp_abc…" in out and "defghij" not in out


def test_size_limit_counts_bytes_read(tmp_path):
    from rulecraft.yamlsource import read_source_bytes

    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" * 1000)
    raw, problems = read_source_bytes(path, "big.yaml", limit=100)
    assert raw is None and problems[0].code == "file-too-big"


# --- case 7: terminal escapes -----------------------------------------------------------------------


def test_control_characters_from_data_are_shown_not_acted_on(tmp_path, capsys):
    folder = write_game(tmp_path / "rules_data", {
        "game.yaml": 'id: demo\ntitle: Demo\nversion: "1.0"\nsummary: S.\n"bad\\e[1A\\e[2K\\r0 error(s)\\n": 1\n',
        "phases.yaml": 'phases:\n  - id: trade\n    name: Trade\n    rules: "See {term:x\\e[2K\\ry}."\n'})
    code, out = run(capsys, "check", folder.parent)
    assert code == 1
    assert "\x1b" not in out and "\r" not in out
    assert "unknown key 'bad\\x1b[1A\\x1b[2K\\x0d0 error(s)\\x0a'" in out
    assert "\n0 error(s)" not in out  # no fake summary line


# --- case 5: CSV ---------------------------------------------------------------------------------------

DECK = """\
decks:
  - id: events
    name: Events
    cards:
"""


def deck_game(tmp_path: Path, cards: list[tuple[str, str, str]]) -> Path:
    body = "".join(f"      - id: {i}\n        name: {json.dumps(n)}\n        text: {json.dumps(t)}\n"
                   for i, n, t in cards)
    return write_game(tmp_path / "project" / "rules_data", {"cards.yaml": DECK + body})


def test_export_neutralizes_formulas_and_quotes_line_breaks(tmp_path, capsys):
    folder = deck_game(tmp_path, [
        ("a", '=HYPERLINK("http://evil")', "=cmd|' /C calc'!A0"), ("b", "+1+1", "-2"),
        ("c", "@SUM(A1)", "x\ry"), ("d", "'=already", "\tTab")])
    target = tmp_path / "deck.csv"
    code, out = run(capsys, "cards", "export", folder, "events", "-o", target)
    assert code == 0, out
    text = target.read_bytes().decode("utf-8")  # as a spreadsheet reads it: a CR is not a newline here
    rows = list(csv.reader(io.StringIO(text, newline="")))
    cells = [cell for row in rows[1:] for cell in row[:5:4] + row[1:2]]
    for cell in cells:
        assert cell[:1] not in ("=", "+", "@", "\t", "\r") and not (cell.startswith("-") and cell != "-2"), cell
    assert rows[3][4] == "x\ry" or rows[3][4] == "'x\ry"  # the CR stays inside its quoted cell
    assert len(rows) == 5  # the CR did not split a row
    # and back: the import restores every cell exactly
    before = (folder / "cards.yaml").read_text(encoding="utf-8")
    code, _ = run(capsys, "cards", "import", folder, "events", target)
    assert code == 0
    from rulecraft.loader import load_game

    game, _ = load_game(folder)
    cards = {c.id: c for c in game.decks[0].cards}
    assert cards["a"].name == '=HYPERLINK("http://evil")' and cards["a"].text == "=cmd|' /C calc'!A0"
    assert cards["b"].text == "-2" and cards["c"].text == "x\ry" and cards["d"].name == "'=already"
    assert cards["d"].text == "\tTab"
    assert before  # the file was rewritten only after every check passed


def test_header_only_csv_never_empties_a_deck(tmp_path, capsys):
    folder = deck_game(tmp_path, [("a", "A", "x"), ("b", "B", "y")])
    before = (folder / "cards.yaml").read_bytes()
    csv_file = tmp_path / "empty.csv"
    csv_file.write_text("id,name,qty,type,text,icons\n", encoding="utf-8")
    code, out = run(capsys, "cards", "import", folder, "events", csv_file)
    assert code == 1 and "error[csv-empty]" in out and "nothing was written" in out
    assert (folder / "cards.yaml").read_bytes() == before


def test_import_that_the_loader_would_refuse_writes_nothing(tmp_path, capsys, monkeypatch):
    import rulecraft.cli.cards_csv as cards_csv

    monkeypatch.setattr(cards_csv, "MAX_FILE_BYTES", 20_000)  # 30 000 rows against 2 MB, scaled down
    folder = deck_game(tmp_path, [("a", "A", "x")])
    before = (folder / "cards.yaml").read_bytes()
    csv_file = tmp_path / "huge.csv"
    csv_file.write_text("id,name,qty\n" + "".join(f"c{i},Card {i},1\n" for i in range(600)), encoding="utf-8")
    code, out = run(capsys, "cards", "import", folder, "events", csv_file)
    assert code == 1 and "error[file-too-big]" in out and "nothing was written" in out
    assert (folder / "cards.yaml").read_bytes() == before
    assert not list(folder.glob(".cards.yaml.*"))  # no temporary file left behind


def test_export_never_writes_over_rule_data(tmp_path, capsys):
    folder = deck_game(tmp_path, [("a", "A", "x")])
    before = (folder / "cards.yaml").read_bytes()
    for target in (folder / "cards.yaml", folder / "deck.csv", tmp_path / "x.yaml"):
        code, out = run(capsys, "cards", "export", folder, "events", "-o", target)
        assert code == 2 and "that is rule data" in out
    assert (folder / "cards.yaml").read_bytes() == before and not (folder / "deck.csv").exists()


@pytest.mark.parametrize("qty", ["1_000", "١٢", "²", " 1 2"])
def test_qty_is_ascii_digits(tmp_path, capsys, qty):
    folder = deck_game(tmp_path, [("a", "A", "x")])
    csv_file = tmp_path / "deck.csv"
    csv_file.write_text(f'id,name,qty\na,A,"{qty}"\n', encoding="utf-8")
    code, out = run(capsys, "cards", "import", folder, "events", csv_file)
    assert code == 1 and "deck.csv:2: error[csv-value]: column 'qty'" in out


# --- case 8 and 11: import ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, text, line", [
    ("deep.md", "# Deep\n\n" + "\n".join("  " * i + "- item" for i in range(1000)), 53),
    ("deepline.md", "# Deep\n\n" + "- " * 5000 + "item\n", 3),
    ("deepq.md", "# Deep\n\n" + "> " * 5000 + "x\n", 3),
    ("deep.html", "<h1>Deep</h1>\n" + "<div>" * 5000 + "x" + "</div>" * 5000, 2),
    ("deepul.html", "<h1>Deep</h1>\n" + "<ul><li>" * 5000 + "x", 2),
    ("outliner.md", "title:: Deep\n" + "".join("\t" * i + "- item [[x]]\n" for i in range(1000)), 51),
    ("deep.org", "#+TITLE: Deep\n" + "\n".join("  " * i + "- item" for i in range(1000)), 52),  # pandoc: minutes
])
def test_deep_input_is_a_located_error(tmp_path, capsys, name, text, line):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    code, out = run(capsys, "import", source, "--out", tmp_path / "project", "--id", "deep")
    # a page on very long lines is located by line:column (the column is where the too-deep element starts)
    assert code == 1 and re.search(rf"{re.escape(name)}:{line}(?::\d+)?: the ", out) \
        and ("nested" in out or "nests" in out), out
    assert not (tmp_path / "project" / "rules_data" / "deep").exists()


def test_a_huge_import_prints_a_short_report(tmp_path, capsys):
    body = "".join(f"<h2>Part {i}</h2><p>Text {i}.</p><img src='p{i}.png'>\n" for i in range(3000))
    source = tmp_path / "big.html"
    source.write_text(f"<h1>Big</h1>{body}", encoding="utf-8")
    code, out = run(capsys, "import", source, "--out", tmp_path / "project", "--id", "big")
    report = (tmp_path / "project/rules_data/big/IMPORT-REPORT.md").read_text(encoding="utf-8")
    assert len(out) < 40_000 < len(report) and "more line(s) in the report file" in out


def test_icon_image_must_exist_inside_docs(tmp_path, capsys):
    folder = write_game(tmp_path / "rules_data", {"icons.yaml": """\
        icons:
          - {id: ship, label: Ship, meaning: A ship., glyph: {image: img/ship.svg}}
        """, "phases.yaml": "phases:\n  - id: trade\n    name: Trade\n    rules: Each {icon:ship}.\n"})
    docs = tmp_path / "docs"
    docs.mkdir()
    code, out = run(capsys, "check", folder.parent, "--docs", docs)
    assert code == 1 and "icons.yaml:2:" in out and "icon-image-missing" in out and "does not exist" in out
    (docs / "img").mkdir()
    (docs / "img/ship.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    code, out = run(capsys, "check", folder.parent, "--docs", docs)
    assert "icon-image-missing" not in out


# --- round 3: any file name -----------------------------------------------------------------------------


def test_import_of_a_file_name_that_is_not_utf8(tmp_path, capsys):
    source = Path(os.fsdecode(os.fsencode(str(tmp_path)) + b"/r\xe9gles.md"))
    source.write_text("# Orchard\n\n## Setup\n\n- Take a basket.\n", encoding="utf-8")
    code, out = run(capsys, "import", source, "--out", tmp_path / "project")
    assert code == 0 and "internal error" not in out, out
    assert "r\\xe9gles.md" in out  # shown, its stray byte written out
    page = (tmp_path / "project/docs/orchard/rules.md").read_text(encoding="utf-8")
    assert "Imported from `r\\xe9gles.md`" in page


@pytest.mark.parametrize("make, message", [
    (lambda p: p.mkdir(), "is a folder, not a file"),
    (lambda p: os.mkfifo(p), "is not a regular file"),
    (lambda p: None, "does not exist"),
])
def test_import_of_what_is_no_file_says_what_it_is_at_once(tmp_path, capsys, make, message):
    source = tmp_path / "rules.md"
    make(source)
    code, out = run(capsys, "import", source, "--out", tmp_path / "project")
    assert code == 2 and message in out and "internal error" not in out, out


def test_import_of_odd_names(tmp_path, capsys):
    for name in ("with space.md", "-dash.md", "x" * 250 + ".md"):
        source = tmp_path / name
        source.write_text("# Orchard\n\nText.\n", encoding="utf-8")
        code, out = run(capsys, "import", source, "--out", tmp_path / "project", "--id", f"g{len(name)}")
        assert code == 0, (name, out)
    code, out = run(capsys, "import", tmp_path / ("y" * 300 + ".md"), "--out", tmp_path / "project")
    assert code == 2 and "cannot be read (File name too long)" in out, out


# --- round 3: a failed import leaves nothing half-written ----------------------------------------------


def test_a_late_failure_of_import_leaves_no_game_and_a_retry_succeeds(tmp_path, capsys, monkeypatch):
    import rulecraft.cli.importer as importer

    source = tmp_path / "orchard.md"
    source.write_text("# Orchard\n\n## Setup\n\n- Take a basket.\n", encoding="utf-8")
    project = tmp_path / "project"
    run(capsys, "import", source, "--out", project, "--id", "first")  # a project with a nav to add to
    config = (project / "mkdocs.yml").read_bytes()

    def broken(*args, **kwargs):
        raise RuntimeError("the check broke")

    monkeypatch.setattr(importer, "game_check", broken)  # after both folders are written and the nav edited
    code, out = run(capsys, "import", source, "--out", project, "--id", "orchard")
    assert code == 70 and "internal error" in out
    assert not (project / "rules_data/orchard").exists() and not (project / "docs/orchard").exists()
    assert (project / "mkdocs.yml").read_bytes() == config
    assert not [p.name for p in (project / "rules_data").iterdir() if p.name.startswith(".")]
    monkeypatch.undo()
    code, out = run(capsys, "import", source, "--out", project, "--id", "orchard")
    assert code == 0 and (project / "rules_data/orchard/game.yaml").is_file(), out


def test_a_failure_while_writing_the_data_leaves_no_folder(tmp_path, capsys, monkeypatch):
    import rulecraft.cli.importer as importer

    source = tmp_path / "orchard.md"
    source.write_text("# Orchard\n\n## Setup\n\n- Take a basket.\n", encoding="utf-8")
    real = importer.write

    def half(folder, files, schemas=None):
        real(folder, dict(list(files.items())[:1]), schemas)  # one file written, then the disk fills
        raise OSError(28, "No space left on device", str(folder / "terms.yaml"))

    monkeypatch.setattr(importer, "write", half)
    code, out = run(capsys, "import", source, "--out", tmp_path / "project", "--id", "orchard")
    assert code == 1 and "No space left on device" in out
    assert not (tmp_path / "project/rules_data/orchard").exists()
    assert not (tmp_path / "project/rules_data").exists()  # made for the game: removed with it, no temporary left
