"""Files planted in the build cache (.cache/rulecraft/: a cloned repository's, or a CI cache a pull request
filled) hold data that is checked before use: a hostile entry is a miss, never code run, never a traceback."""

from __future__ import annotations

import json
import os
import pickle
import threading
from pathlib import Path

import pytest
from gamekit import copy_example

import rulecraft.checks.cache as check_cache
from rulecraft import snapshot
from rulecraft.checks import check_book
from rulecraft.loader import load_rulebook
from rulecraft.mkdocs_plugin import pdf
from rulecraft.mkdocs_plugin.fitting import FitResult, apply_fit
from rulecraft.mkdocs_plugin.pdf_cache import RESULT, PdfSlot
from rulecraft.models.cheatsheet import Fit


class Payload:
    """A pickle that writes ``marker`` when it is loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return Path.write_text, (self.marker, "ran")


def project(tmp_path):
    copy_example(tmp_path / "rules_data")
    (tmp_path / "docs").mkdir()
    return tmp_path / "rules_data", tmp_path / "docs", tmp_path / ".cache" / "check.json"


def expected_book(data, docs):
    book = load_rulebook(data)
    return book, check_book(book, docs, summaries=False).problems


def test_a_pickle_planted_as_the_snapshot_under_the_right_key_is_never_run(tmp_path):
    data, docs, cache_file = project(tmp_path)
    marker = tmp_path / "marker"
    check_cache.load_and_check(data, docs, cache_file)  # the check's result, and the snapshot beside it
    key = check_cache.input_key(data, docs)
    for name in {check_cache.BOOK_FILE, "book.pickle"}:  # the snapshot's name, and the pickle's of old
        (cache_file.parent / name).write_bytes(snapshot.MAGIC + key.encode() + b"\n" + pickle.dumps(Payload(marker)))
    book, result = check_cache.load_and_check(data, docs, cache_file)
    assert not marker.exists()
    fresh, problems = expected_book(data, docs)
    assert result.problems == problems and list(book.games) == list(fresh.games)
    (game,) = book.games.values()
    assert game.info == fresh.games[game.id].info and game.terms == fresh.games[game.id].terms
    assert snapshot.load(cache_file.parent / check_cache.BOOK_FILE, key) is not None  # written again, readable


def _stored_snapshot(tmp_path) -> tuple[Path, str, dict]:
    data, docs, cache_file = project(tmp_path)
    check_cache.load_and_check(data, docs, cache_file)
    path, key = cache_file.parent / check_cache.BOOK_FILE, check_cache.input_key(data, docs)
    header = snapshot.MAGIC + key.encode() + b"\n"
    assert snapshot.load(path, key) is not None
    return path, key, json.loads(path.read_bytes()[len(header):])


def _first(node, test):
    """The first JSON value under ``node`` (depth first) that passes ``test``."""
    stack = [node]
    while stack:
        value = stack.pop(0)
        if test(value):
            return value
        stack.extend(value.values() if isinstance(value, dict) else value if isinstance(value, list) else ())
    raise AssertionError("not found")


def _forge_class(book):
    game = _first(book, lambda v: isinstance(v, dict) and "o" in v and v["o"][0] == "Game")
    game["o"][0] = "subprocess.Popen"  # never imported by a name read from the file


def _forge_model(book):
    term = _first(book, lambda v: isinstance(v, dict) and "r" in v and v["r"][0] == "Term")
    term["r"][0] = "os.system"


def _hide_a_method(book):
    term = _first(book, lambda v: isinstance(v, dict) and "r" in v and v["r"][0] == "Term")
    term["r"][1]["model_copy"] = "not callable"  # a field would shadow the record's method


def _wrong_outline(book):
    root = _first(book, lambda v: isinstance(v, dict) and "o" in v and v["o"][0] == "RuleBook")
    root["o"][1]["games"] = ["not", "a", "dict"]


def _missing_field(book):
    game = _first(book, lambda v: isinstance(v, dict) and "o" in v and v["o"][0] == "Game")
    del game["o"][1]["cache"]


def _reference_ahead(book):
    root = _first(book, lambda v: isinstance(v, dict) and "o" in v and v["o"][0] == "RuleBook")
    root["o"][1]["problems"] = {"@": 10**6}


@pytest.mark.parametrize("forge", [_forge_class, _forge_model, _hide_a_method, _wrong_outline, _missing_field,
                                   _reference_ahead])
def test_a_forged_snapshot_under_the_right_key_is_a_miss(tmp_path, forge):
    path, key, book = _stored_snapshot(tmp_path)
    forge(book)
    path.write_bytes(snapshot.MAGIC + key.encode() + b"\n" + json.dumps(book).encode())
    assert snapshot.load(path, key) is None
    data, docs, cache_file = tmp_path / "rules_data", tmp_path / "docs", tmp_path / ".cache" / "check.json"
    built, result = check_cache.load_and_check(data, docs, cache_file)  # read from the YAML again
    fresh, problems = expected_book(data, docs)
    assert result.problems == problems and [g.info for g in built.games.values()] == \
        [g.info for g in fresh.games.values()]


@pytest.mark.parametrize("body", [b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe not UTF-8", b'{"t": 1}',
                                  b'{"s": [[1]]}', b'{"P": [[1, {"o": ["Pos", {}]}]]}', b'{"D": "the 13th"}',
                                  b'{"T": 5}', b'{"v": "fatal"}', b'{"p": "a\\u0000b"}'])
def test_malformed_snapshot_data_is_a_miss(tmp_path, body):
    path = tmp_path / "book.json"
    path.write_bytes(snapshot.MAGIC + b"key\n" + body)
    assert snapshot.load(path, "key") is None


# --- the check's result ------------------------------------------------------------------------------------

@pytest.mark.parametrize("problems", [
    "[" * 100_000 + "]" * 100_000,  # deeper than any parser goes
    '[["error", "x", "m", "f.yaml", "3", 1, "", ""]]',  # a line that is no number
    '[["fatal", "x", "m", "f.yaml", 3, 1, "", ""]]',  # no such severity
    '{"error": 1}',  # not a list
    '[{"severity": "error"}]',  # a problem that is no list
    '[["error", "x", "m", ["f.yaml"], 3, 1, "", ""]]',  # a file that is no string
])
def test_a_forged_check_result_is_a_miss(tmp_path, problems):
    data, docs, cache_file = project(tmp_path)
    key = check_cache.input_key(data, docs)
    cache_file.parent.mkdir(parents=True)
    cache_file.write_text(f'{{"format": {check_cache.FORMAT}, "key": "{key}", "problems": {problems}}}',
                          encoding="utf-8")
    assert check_cache.load(cache_file, key) is None
    _, result = check_cache.load_and_check(data, docs, cache_file)
    assert result.problems == expected_book(data, docs)[1]


# --- the cheat sheets' PDFs --------------------------------------------------------------------------------

SHEET = '<div class="rc-cheatsheet"><p>Turn</p><ul><li id="sheet-term-a">A</li></ul></div>'
DIGEST = "ab" * 32


def _entry(tmp_path) -> tuple[PdfSlot, Path, dict]:
    slot = PdfSlot(tmp_path / "slot")
    fit = Fit(9, 3)
    slot[DIGEST] = FitResult(fit, apply_fit(SHEET, fit), {p: (b"%PDF-1.7 " + p.encode(), 1, 0.95)
                                                           for p in ("A4", "letter")}, 0.95, 2)
    entry = tmp_path / "slot" / DIGEST
    assert slot.get(DIGEST) is not None
    return slot, entry, json.loads((entry / RESULT).read_text(encoding="utf-8"))


def test_a_pdf_entry_never_reads_a_file_outside_itself(tmp_path):
    secret = tmp_path / "private.pdf"
    secret.write_bytes(b"%PDF-1.7 someone's private file")
    slot, entry, result = _entry(tmp_path)
    result["pdfs"]["A4"][0] = "../../private.pdf"
    (entry / RESULT).write_text(json.dumps(result), encoding="utf-8")
    assert slot.get(DIGEST) is None

    slot, entry, result = _entry(tmp_path)
    (entry / result["pdfs"]["A4"][0]).unlink()
    (entry / result["pdfs"]["A4"][0]).symlink_to(secret)  # a link a cloned repository can hold
    assert slot.get(DIGEST) is None


@pytest.mark.parametrize("which", ["result", "pdf"])
def test_a_pipe_in_a_pdf_entry_is_a_miss_not_a_hang(tmp_path, which):
    slot, entry, result = _entry(tmp_path)
    pipe = entry / (RESULT if which == "result" else result["pdfs"]["A4"][0])
    pipe.unlink()
    os.mkfifo(pipe)  # a CI cache's archive can hold one
    found = []
    reader = threading.Thread(target=lambda: found.append(slot.get(DIGEST)), daemon=True)
    reader.start()
    reader.join(10)
    assert found == [None]


@pytest.mark.parametrize("forge", [
    lambda r: r.update(fit=['9pt"><script>alert(1)</script>', 3, 1.0]),  # the size is written into the page
    lambda r: r.update(fit=[9, 99, 1.0]),
    lambda r: r.update(attempts="2"),
    lambda r: r.update(dropped_names=[["a"]]),
    lambda r: r["pdfs"].pop("letter"),  # a paper without its PDF
    lambda r: r.update(fill=float("nan")),
])
def test_a_pdf_entry_with_wrong_types_is_a_miss(tmp_path, forge):
    slot, entry, result = _entry(tmp_path)
    forge(result)
    (entry / RESULT).write_text(json.dumps(result), encoding="utf-8")
    assert slot.get(DIGEST) is None and not entry.exists()  # removed: made again


def test_a_pdf_entry_whose_sheet_is_not_made_from_the_page_is_not_put_into_it(tmp_path, monkeypatch):
    """The entry's sheet replaces the page's (update_page): one that is not what its fit makes of the
    page's own sheet (a script added, a unit left out that the sheet lacks) is fitted again instead."""
    fits = []
    monkeypatch.setattr(pdf, "_run_fit", lambda fragment, documents, *a, **k: fits.append(fragment) or FitResult(
        Fit(9, 3), apply_fit(fragment, Fit(9, 3)), {p: (b"%PDF-1.7", 1, 0.95) for p in documents}, 0.95, 1))
    site = tmp_path / "site"
    page_file = site / "g" / "cheatsheet" / "index.html"
    page_file.parent.mkdir(parents=True)
    page_file.write_text(f"<title>T</title>{SHEET}", encoding="utf-8")
    sheet = pdf.sheet_input(page_file.read_text(encoding="utf-8"), page_file, site, "assets/rulecraft")
    slot = PdfSlot(tmp_path / "slot")
    slot[sheet.digest] = pdf.fit_sheet(page_file, site, "assets/rulecraft", {})
    assert pdf.fit_sheet(page_file, site, "assets/rulecraft", slot) is not None and len(fits) == 1  # a hit
    entry = tmp_path / "slot" / sheet.digest
    result = json.loads((entry / RESULT).read_text(encoding="utf-8"))
    for forged in ({"fragment": result["fragment"].replace("<p>Turn</p>", "<p>Turn</p><script>alert(1)</script>")},
                   {"dropped": ["sheet-term-missing"], "dropped_names": ["key term 'missing'"]}):
        (entry / RESULT).write_text(json.dumps({**result, **forged}), encoding="utf-8")
        made = pdf.fit_sheet(page_file, site, "assets/rulecraft", slot)
        assert "<script>" not in made.fragment and made.dropped == []
    assert len(fits) == 3  # each forged entry: fitted again
