"""JSON Schema per data file kind, generated from the models (the single source)."""

from __future__ import annotations

import json
from pathlib import Path

from ..models import FILE_KINDS

SCHEMA_DIR = Path(__file__).parents[1] / "schemas"


def schema_text(kind: str) -> str:
    schema = FILE_KINDS[kind].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Rulecraft {kind}.yaml"
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def schema_files(out: Path | None = None) -> dict[Path, str]:
    folder = out or SCHEMA_DIR
    return {folder / f"{kind}.schema.json": schema_text(kind) for kind in FILE_KINDS}


def write_schemas(out: Path | None = None) -> list[Path]:
    written = []
    for path, text in schema_files(out).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def check_schemas(out: Path | None = None) -> list[str]:
    return [path.name for path, text in schema_files(out).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]
