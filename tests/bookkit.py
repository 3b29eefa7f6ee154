"""A small rulebook imported as a test writes it: the result, its data files and the report's "needs a human"."""

from __future__ import annotations

import textwrap

import yaml

from rulecraft.cli.importer import import_rulebook


def import_book(tmp_path, text: str, name: str = "book.md"):
    """(result, {data file stem: its YAML}, the report's 'Needs a human' part) of importing ``text`` (dedented)."""
    source = tmp_path / name
    source.write_text(textwrap.dedent(text), encoding="utf-8")
    result = import_rulebook(source, tmp_path / "out", game_id="book")
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in result.folder.glob("*.yaml")}
    return result, files, result.report_text.split("## Needs a human", 1)[1]
