"""The search index names each game page's game and boosts entries, whichever search plugin writes it and
wherever Rulecraft stands among the plugins (Material's entries are tuned before it writes them, MkDocs' own
index file after it is written)."""

from __future__ import annotations

import json

import pytest
from sitekit import MKDOCS_YML, build, make_project


@pytest.mark.parametrize("theme, order", [
    ("material", ("search", "rulecraft")),
    ("material", ("rulecraft", "search")),  # Rulecraft's handlers run first: the index is not written yet
    ("mkdocs", ("search", "rulecraft")),  # MkDocs' own search plugin: the written file is tuned
])
def test_game_pages_name_their_game_and_entries_are_boosted(tmp_path, theme, order):
    project = make_project(tmp_path, ("john-company",))
    yml = MKDOCS_YML.replace("  - search\n  - rulecraft:\n      rules_data: rules_data\n", "".join(
        "  - search\n" if name == "search" else "  - rulecraft:\n      rules_data: rules_data\n      "
        "cheatsheet_pdf: false\n" for name in order))
    if theme == "mkdocs":
        yml = yml.replace("name: material", "name: mkdocs").replace(
            "  features: [navigation.instant, navigation.indexes, content.action.edit]\n", "")
    (project / "mkdocs.yml").write_text(yml.replace("{plugin_extra}\n", ""), encoding="utf-8")
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    raw = (project / "site" / "search" / "search_index.json").read_text(encoding="utf-8")
    docs = json.loads(raw)["docs"]
    # Material writes JSON with non-ASCII escaped, the file fallback does not: which one tuned the index
    assert ('"Glossary \\u2014 John Company"' in raw) == (theme == "material")
    titles = {doc["title"] for doc in docs}
    assert {"Glossary — John Company", "Turn sequence — John Company"} <= titles
    boosted = [doc for doc in docs if doc["location"].startswith("john-company/glossary/#") and doc.get("boost")]
    assert boosted and all(doc["boost"] == 4.0 for doc in boosted)
