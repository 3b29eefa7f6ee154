"""The package's layers, enforced: each folder imports only from the layers below it.

    problems, yamlsource, schema_errors, loader, book, models/, dice/, expr/   core: data in, models out
    diff/                                                              two versions compared (reads models)
    checks/                                                            the checker (reads models)
    render/                                                            pure functions of the model
    markdown_ext/                                                      the Python-Markdown extension
    pages/                                                             engine-neutral generated pages
    mkdocs_plugin/                                                     the ONLY importer of mkdocs/material
    cli/                                                               the command line (may use all of the above)

Every import statement is read from the source (function-level ones too), so a lazy import cannot hide.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "plugins" / "rulecraft"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports (``from .x import y`` resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)  # `from . import checks`
    return found


MODULES = {module_name(p): imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def offenders(where, forbidden) -> list[str]:
    return sorted(f"{mod} imports {imp}" for mod, found in MODULES.items() if where(mod)
                  for imp in found if forbidden(imp))


def test_the_package_was_read():
    assert {"rulecraft.loader", "rulecraft.checks.dice_coverage", "rulecraft.mkdocs_plugin.plugin",
            "rulecraft.render.dice", "rulecraft.pages"} <= set(MODULES)


def test_only_the_mkdocs_plugin_imports_mkdocs_or_material():
    assert offenders(lambda m: layer(m) != "mkdocs_plugin",
                     lambda i: i.split(".")[0] in ("mkdocs", "material")) == []


def test_render_never_imports_checks():
    assert offenders(lambda m: layer(m) == "render", lambda i: i.startswith("rulecraft.checks")) == []


@pytest.mark.parametrize("lower, higher", [
    ("core", ("checks", "render", "markdown_ext", "pages", "mkdocs_plugin", "cli", "diff")),
    ("diff", ("checks", "render", "markdown_ext", "pages", "mkdocs_plugin", "cli")),
    ("checks", ("render", "markdown_ext", "pages", "mkdocs_plugin", "cli")),
    ("render", ("markdown_ext", "pages", "mkdocs_plugin", "cli")),
    ("markdown_ext", ("pages", "mkdocs_plugin", "cli")),
    ("pages", ("mkdocs_plugin", "cli")),
])
def test_no_layer_imports_one_above_it(lower, higher):
    core = {"", "problems", "yamlsource", "schema_errors", "loader", "book", "collector", "models", "dice", "expr"}

    def in_layer(mod: str) -> bool:
        return layer(mod) in core if lower == "core" else layer(mod) == lower

    assert offenders(in_layer, lambda i: i.startswith("rulecraft.") and layer(i) in higher) == []
