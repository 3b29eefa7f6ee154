"""Every key of every data file's JSON Schema is documented in the authoring guide.

"Documented" means: in the guide's section for that file kind (``### terms.yaml`` and its ``####``
subsections), or in a section about keys every file shares (the introduction of "Data files", "Rules that
apply only sometimes", "Variants", "Gaps, warnings and strict checks"), the key appears either as a YAML key in
a ```yaml example (``key:`` at the start of a line, after ``- ``, or inside a ``{flow: mapping}``) or in
backticks in the text (``key`` or ``key: value``). A key named only in another file kind's section does not
count: a reader looks up a key where its file is described.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
GUIDE = REPO / "docs" / "authoring.md"
SCHEMAS = REPO / "plugins" / "rulecraft" / "schemas"
SHARED_SECTIONS = ("Data files", "Rules that apply only sometimes", "Variants", "Gaps, warnings and strict checks")
HEADING_RE = re.compile(r"^(#{2,4}) (.+?)\s*$")
FENCE_RE = re.compile(r"^(```+|~~~+)\s*(\w*)")


def sections(text: str) -> dict[str, list[tuple[str, str]]]:
    """{heading: [(kind of text, text)]}: each heading's own text and that of the headings nested under it,
    split into yaml code ("yaml"), other code ("code") and prose ("prose")."""
    found: dict[str, list[tuple[str, str]]] = {}
    stack: list[tuple[int, str]] = []
    fence: str | None = None
    fence_kind = ""
    for line in text.splitlines():
        if fence is None:
            opened = FENCE_RE.match(line.strip())
            if opened:
                fence, fence_kind = opened.group(1), ("yaml" if opened.group(2) == "yaml" else "code")
                continue
            heading = HEADING_RE.match(line)
            if heading:
                level = len(heading.group(1))
                while stack and stack[-1][0] >= level:
                    stack.pop()
                stack.append((level, heading.group(2)))
                found.setdefault(heading.group(2), [])
                continue
            kind = "prose"
        elif line.strip().startswith(fence):
            fence = None
            continue
        else:
            kind = fence_kind
        # The introduction of a ## section is its own: its ### subsections are not part of it.
        for level, name in stack:
            if level == 2 and name == "Data files" and len(stack) > 1:
                continue
            found[name].append((kind, line))
    return found


def documented(key: str, parts: list[tuple[str, str]]) -> bool:
    as_yaml = re.compile(r"(^|^\s*-\s+|^\s*#\s*|[{,]\s*|^\s+)" + re.escape(key) + r"\s*:")
    in_text = re.compile(r"`" + re.escape(key) + r"(:[^`]*)?`")
    return any(as_yaml.search(text) if kind == "yaml" else kind == "prose" and in_text.search(text)
               for kind, text in parts)


def schema_keys(schema: dict) -> set[tuple[str, str]]:
    """(model name, key) for every property of the schema, its definitions walked from the root."""
    defs = schema.get("$defs", {})
    keys: set[tuple[str, str]] = set()
    seen: set[str] = set()

    def walk(node, owner: str) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    walk(defs[name], name)
            for key, value in node.get("properties", {}).items():
                keys.add((owner, key))
                walk(value, owner)
            for field in ("items", "additionalProperties", "anyOf", "oneOf", "allOf", "prefixItems"):
                if field in node:
                    walk(node[field], owner)
            for value in node.get("patternProperties", {}).values():  # a mapping keyed by id: constants
                walk(value, owner)
        elif isinstance(node, list):
            for item in node:
                walk(item, owner)

    walk(schema, schema.get("title", "root"))
    return keys


def kinds() -> list[str]:
    return sorted(p.name.split(".")[0] for p in SCHEMAS.glob("*.schema.json"))


def test_every_file_kind_has_a_section():
    found = sections(GUIDE.read_text(encoding="utf-8"))
    assert kinds() and all(f"{kind}.yaml" in found for kind in kinds())


@pytest.mark.parametrize("kind", kinds())
def test_every_schema_key_is_documented_in_its_section(kind):
    found = sections(GUIDE.read_text(encoding="utf-8"))
    parts = [part for name in (f"{kind}.yaml", *SHARED_SECTIONS) for part in found.get(name, [])]
    schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))
    missing = sorted(f"{owner}.{key}" for owner, key in schema_keys(schema) if not documented(key, parts))
    assert not missing, f"{kind}.yaml keys the guide's '{kind}.yaml' section never shows or names: " + \
        ", ".join(missing)


def test_the_test_can_tell_documented_from_not():
    parts = [("yaml", "  - {id: a, count: 2}"), ("yaml", "keep: {highest: 3}"), ("prose", "use `per` here"),
             ("yaml", "  # odds: true"), ("code", "unit: x"), ("prose", "the unit of a number")]
    assert [documented(k, parts) for k in ("id", "count", "keep", "highest", "per", "odds", "unit")] == \
        [True, True, True, True, True, True, False]
