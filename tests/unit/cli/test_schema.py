"""JSON Schemas: generated from the models, committed, and named by every data file's first line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gamekit import RULES_DATA

from rulecraft.cli.main import main
from rulecraft.cli.schema import SCHEMA_DIR, check_schemas, schema_text, write_schemas
from rulecraft.models import FILE_KINDS

HEADER = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def test_committed_schemas_are_up_to_date():
    assert check_schemas() == [], "run 'rulecraft schema' and commit plugins/rulecraft/schemas"


def test_schema_check_command(capsys):
    assert main(["schema", "--check"]) == 0, capsys.readouterr().err


def test_every_kind_has_a_committed_valid_schema():
    for kind in FILE_KINDS:
        path = SCHEMA_DIR / f"{kind}.schema.json"
        assert path.is_file(), path
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["title"] == f"Rulecraft {kind}.yaml"
        assert schema["$schema"].endswith("2020-12/schema")
        assert schema.get("additionalProperties") is False  # unknown keys are errors in editors too


def test_schema_write_and_stale_detection(tmp_path: Path, capsys):
    written = write_schemas(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{k}.schema.json" for k in FILE_KINDS)
    assert check_schemas(tmp_path) == []
    (tmp_path / "dice.schema.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "icons.schema.json").unlink()
    assert sorted(check_schemas(tmp_path)) == ["dice.schema.json", "icons.schema.json"]
    assert main(["schema", "--check", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "dice.schema.json is out of date" in err and "icons.schema.json is out of date" in err
    assert main(["schema", "--out", str(tmp_path)]) == 0
    assert check_schemas(tmp_path) == []
    assert (tmp_path / "game.schema.json").read_text(encoding="utf-8") == schema_text("game")


def _data_files() -> list[Path]:
    return sorted(p for p in RULES_DATA.glob("*/*.yaml"))


@pytest.mark.parametrize("path", _data_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_data_file_names_its_schema(path: Path):
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    match = HEADER.match(first)
    assert match, f"{path}: first line must be '# yaml-language-server: $schema=<relative path>'"
    target = (path.parent / match.group(1)).resolve()
    assert target.is_file(), f"{path}: schema {match.group(1)} does not exist"
    assert target.parent == SCHEMA_DIR.resolve()
    kind = "terms" if path.parent.name == "_shared" else path.stem
    assert target.name == f"{kind}.schema.json", f"{path}: points at {target.name}"


def test_there_is_data_to_check():
    assert any(p.name == "game.yaml" for p in _data_files())
